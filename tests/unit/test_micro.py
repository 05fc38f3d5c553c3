"""Micro vs macro P and R (rankwork.collection.micro, the command line's --micro), worked by hand.

Two queries. q1 has 1 relevant document (a1); the run retrieves only a1. q2 has 9 relevant
documents (b1..b9); the run retrieves b1, n1, n2, n3.

    R@2:  q1 1/1, q2 1/9  -> macro (1 + 1/9) / 2 = 5/9;   micro (1 + 1) / (1 + 9) = 1/5
    P:    q1 1/1, q2 1/4  -> macro (1 + 1/4) / 2 = 5/8;   micro (1 + 1) / (1 + 4) = 2/5
    P@2:  q1 1/2, q2 1/2  -> macro 1/2;  micro (1 + 1) / (2 + 2) = 1/2 (trec_eval divides by k)

q2, with nine relevant documents, pulls micro-averaged recall down to its own 1/9 nearly alone.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from rankwork.cli import main
from rankwork.collection.micro import count_measures
from rankwork.core.measures import parse

QRELS = "q1 0 a1 1\n" + "".join(f"q2 0 b{i} 1\n" for i in range(1, 10))
RUN = "q1 Q0 a1 1 9 r\n" + "".join(
    f"q2 Q0 {doc} {rank} {9 - rank} r\n" for rank, doc in enumerate(["b1", "n1", "n2", "n3"], 1)
)


@pytest.fixture
def collection(tmp_path: Path) -> list[str]:
    (tmp_path / "qrels").write_text(QRELS)
    (tmp_path / "run").write_text(RUN)
    return [str(tmp_path / "qrels"), str(tmp_path / "run")]


def values(output: str) -> dict[tuple[str, str], float]:
    rows = [line.split("\t") for line in output.splitlines()]
    return {(m, q): float(v) for m, q, v in rows}


def test_micro_and_macro_by_hand(collection, capsys) -> None:
    assert main([*collection, "-m", "R@2", "-m", "P", "-m", "P@2", "--micro"]) == 0
    found = values(capsys.readouterr().out)
    assert found["R@2", "all"] == pytest.approx(5 / 9, abs=1e-15)
    assert found["R@2", "micro"] == pytest.approx(1 / 5, abs=1e-15)
    assert found["P", "all"] == pytest.approx(5 / 8, abs=1e-15)
    assert found["P", "micro"] == pytest.approx(2 / 5, abs=1e-15)
    assert found["P@2", "all"] == found["P@2", "micro"] == pytest.approx(0.5, abs=1e-15)
    assert len(found) == 6  # no count measure leaks into the output


def test_micro_with_q_keeps_the_per_query_lines(collection, capsys) -> None:
    assert main([*collection, "-m", "R@2", "-q", "--micro"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line.split("\t")[1] for line in lines] == ["q1", "q2", "all", "micro"]


@pytest.mark.parametrize("measure", ["AP", "nDCG@10", "F1@5", "RR"])
def test_micro_refuses_a_measure_that_is_no_ratio_of_counts(collection, capsys, measure) -> None:
    assert main([*collection, "-m", "R@2", "-m", measure, "--micro"]) == 2
    err = capsys.readouterr().err
    assert "defined for P and R only" in err and measure in err


def test_micro_with_compare_is_refused(collection, capsys) -> None:
    assert (
        main([collection[0], collection[1], collection[1], "-m", "P", "--micro", "--compare"]) == 2
    )
    assert "--micro prints one run's means; leave out --compare" in capsys.readouterr().err


def test_the_counts_keep_the_threshold_and_cutoff() -> None:
    assert count_measures(parse("R(rel=2)@10")) == ("NumRelRet(rel=2)@10", "NumRel(rel=2)")
    assert count_measures(parse("P(rel=2)@5")) == ("NumRelRet(rel=2)@5", 5)
    assert count_measures(parse("P")) == ("NumRelRet", "NumRet")
