"""The sample collection (data/sample): the generator writes the committed bytes, and the
collection has what data/README.md promises (30 queries graded 0..3, three runs of clearly
different quality, ties in one run, a query missing from another, small files)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from rankwork.collection import trec
from rankwork.collection.batch import evaluate

DATA = Path(__file__).resolve().parents[2] / "data"
SAMPLE = DATA / "sample"


def _generator():
    spec = importlib.util.spec_from_file_location("make_sample", DATA / "make_sample.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_generator_writes_the_committed_files_byte_for_byte(tmp_path: Path) -> None:
    written = _generator().write(tmp_path)
    assert {p.name for p in written} == {p.name for p in SAMPLE.iterdir()}
    for path in written:
        assert path.read_bytes() == (SAMPLE / path.name).read_bytes(), path.name


def test_files_are_small() -> None:
    assert all(p.stat().st_size < 50_000 for p in SAMPLE.iterdir())


def test_thirty_queries_graded_zero_to_three_two_with_nothing_relevant() -> None:
    qrels = trec.read_qrels(SAMPLE / "qrels.txt")
    assert qrels["qid"].nunique() == 30
    assert set(qrels["rel"]) == {0.0, 1.0, 2.0, 3.0}
    best = qrels.groupby("qid")["rel"].max()
    assert sorted(best[best == 0].index) == ["307", "322"]


@pytest.fixture(scope="module")
def runs() -> dict:
    return {
        name: trec.read_run(SAMPLE / f"run_{name}.txt") for name in ("weak", "medium", "strong")
    }


def test_runs_of_clearly_different_quality(runs) -> None:
    qrels = trec.read_qrels(SAMPLE / "qrels.txt")
    means = {n: evaluate(qrels, r, ["nDCG@10", "AP"]).means for n, r in runs.items()}
    for measure in ("nDCG@10", "AP"):
        assert means["weak"][measure] + 0.1 < means["medium"][measure]
        assert means["medium"][measure] + 0.2 < means["strong"][measure]


def test_medium_has_ties_and_weak_misses_query_315(runs) -> None:
    tied = runs["medium"].duplicated(["qid", "score"], keep=False)
    assert tied.sum() > 500
    assert "315" not in set(runs["weak"]["qid"])
    assert {r["qid"].nunique() for n, r in runs.items() if n != "weak"} == {30}


def test_groups_and_second_assessor_cover_every_query() -> None:
    qrels = trec.read_qrels(SAMPLE / "qrels.txt")
    second = trec.read_qrels(SAMPLE / "qrels_assessor2.txt")
    assert (second[["qid", "docno"]] == qrels[["qid", "docno"]]).all().all()
    assert 0.7 < (second["rel"] == qrels["rel"]).mean() < 0.95
    lines = (SAMPLE / "groups.csv").read_text().splitlines()
    assert lines[0] == "qid,group" and len(lines) == 31
