"""The test tiers of tests/conftest.py hold: ``-m fast`` selects no page test, a fast test that
runs AppTest fails and says to mark it ``app``, and one that asks for a browser is refused.

Each case runs a child pytest on a throwaway tree: a copy of tests/conftest.py beside folders
unit/ and app/ (in the app tier: the child runs AppTest)."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

TESTS = Path(__file__).resolve().parents[1]
PAGE = """
from streamlit.testing.v1 import AppTest

def test_page():
    assert not AppTest.from_string("import streamlit as st\\nst.write(1)").run().exception
"""


def child_pytest(tree: Path, files: dict[str, str], *args: str) -> subprocess.CompletedProcess:
    shutil.copy(TESTS / "conftest.py", tree / "conftest.py")
    for name, text in files.items():
        (tree / name).parent.mkdir(exist_ok=True)
        (tree / name).write_text(text)
    command = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *args, str(tree)]
    return subprocess.run(command, cwd=tree, capture_output=True, text=True, timeout=300)


def test_the_fast_tier_selects_no_page_test_and_refuses_apptest(tmp_path: Path) -> None:
    files = {
        "unit/test_sum.py": "def test_sum():\n    assert 1 + 1 == 2\n",
        "unit/test_page_in_unit.py": PAGE,
        "app/test_page.py": PAGE,
    }
    done = child_pytest(tmp_path, files, "-m", "fast")
    out = done.stdout + done.stderr
    assert "1 failed, 1 passed, 1 deselected" in out, out
    assert "unit/test_page_in_unit.py::test_page runs AppTest: mark it app" in out, out


def test_the_page_test_passes_in_the_app_tier(tmp_path: Path) -> None:
    done = child_pytest(tmp_path, {"app/test_page.py": PAGE}, "-m", "app")
    assert done.returncode == 0, done.stdout + done.stderr


def test_a_fast_test_that_asks_for_a_browser_is_refused(tmp_path: Path) -> None:
    files = {"unit/test_browser.py": "def test_browser(page):\n    pass\n"}
    done = child_pytest(tmp_path, files, "--collect-only")
    out = done.stdout + done.stderr
    assert done.returncode == 4, out  # pytest's usage error
    assert "test_browser[chromium] is in the fast tier but uses [" in out, out
    assert "'page'" in out, out
