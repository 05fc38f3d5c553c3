"""`rankwork.adapters` loads none of the tools it serves: LightGBM, XGBoost, torch and
sentence-transformers are heavy, and a user of one has no reason to install the others.
Checked in a fresh interpreter, where nothing else has imported them."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

SRC = Path(__file__).resolve().parents[2] / "metrics" / "src"
TOOLS = ("lightgbm", "xgboost", "torch", "sentence_transformers")


def test_importing_the_adapters_imports_no_tool():
    code = (
        "import sys, rankwork.adapters, rankwork.adapters.lightgbm_metric, "
        "rankwork.adapters.xgboost_metric, rankwork.adapters.sentence_transformers_metrics\n"
        f"print(sorted(m for m in {TOOLS!r} if m in sys.modules))"
    )
    env = {**os.environ, "PYTHONPATH": str(SRC)}
    out = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
    )
    assert out.stdout.strip() == "[]"
