"""What the command line's --missing policies mean, checked against trec_eval's own code
(pytrec_eval bundles trec_eval 9.0.8's measures): the sample's weak run has no result for query
315, which is in the qrels.

Plain trec_eval 9 averages over the queries the run has (pytrec_eval returns only those);
`trec_eval -c` counts the missing query as 0 over every qrels query. trec_eval 10 without -c
stops instead (shared/research/library-conventions.md, fixture M1, run on trec_eval 10)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
import pytrec_eval

ROOT = Path(__file__).resolve().parents[2]
QRELS, RUN = ROOT / "data/sample/qrels.txt", ROOT / "data/sample/run_weak.txt"


def _all_line(*options: str) -> tuple[float, str]:
    done = subprocess.run(
        [sys.executable, "-m", "rankwork", str(QRELS), str(RUN), "-m", "P@10", *options],
        capture_output=True, text=True, cwd=ROOT, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    (line,) = [x for x in done.stdout.splitlines() if x.split("\t")[1] == "all"]
    return float(line.split("\t")[2]), done.stderr


@pytest.fixture(scope="module")
def trec_eval_p10() -> tuple[dict[str, float], int]:
    with QRELS.open() as q, RUN.open() as r:
        qrels, run = pytrec_eval.parse_qrel(q), pytrec_eval.parse_run(r)
    per_query = pytrec_eval.RelevanceEvaluator(qrels, {"P.10"}).evaluate(run)
    assert "315" in qrels and "315" not in per_query  # the query the run misses
    return {q: v["P_10"] for q, v in per_query.items()}, len(qrels)


def test_skip_is_plain_trec_eval_9s_mean(trec_eval_p10) -> None:
    values, _ = trec_eval_p10
    mean, stderr = _all_line("--missing", "skip")
    assert mean == pytest.approx(sum(values.values()) / len(values), abs=1e-12)
    assert "315" in stderr


def test_the_default_zero_is_trec_eval_c(trec_eval_p10) -> None:
    values, n_qrels = trec_eval_p10
    mean, stderr = _all_line()
    assert mean == pytest.approx(sum(values.values()) / n_qrels, abs=1e-12)  # 315 counts 0
    assert "315" in stderr
    assert mean != pytest.approx(_all_line("--missing", "skip")[0])  # they do differ here


def test_help_says_the_default_all_line_is_not_plain_trec_evals() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "rankwork", "--help"],
        capture_output=True, text=True, cwd=ROOT, check=False,
    )  # fmt: skip
    text = " ".join(done.stdout.split())
    assert "the default 'all' line is NOT plain trec_eval's" in text
    assert "--missing skip for trec_eval 9's mean" in text
