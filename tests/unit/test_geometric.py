"""rankwork.stats.geometric and the command line's --gmean, on numbers worked by hand (the
floor 1e-5 and the formula are checked against trec_eval's code through pytrec_eval in
tests/crosscheck/test_geometric_pytrec_eval.py)."""

from __future__ import annotations

import math
from pathlib import Path

import pandas as pd
import pytest

from rankwork.cli import main
from rankwork.stats.geometric import geometric_mean, geometric_means, winners


def test_geometric_mean_by_hand() -> None:
    # (0.5 * 0.125 * 1.0) ** (1/3) = (1/16) ** (1/3)
    assert geometric_mean([0.5, 0.125, 1.0]) == pytest.approx(16 ** (-1 / 3), abs=1e-15)
    assert geometric_mean([0.25, 0.25]) == pytest.approx(0.25, abs=1e-15)


def test_a_zero_counts_as_the_floor_not_as_zero() -> None:
    # sqrt(1.0 * 0.00001): the zero would make the plain geometric mean 0
    assert geometric_mean([1.0, 0.0]) == pytest.approx(math.sqrt(1e-5), rel=1e-12)
    # a value below the floor is raised to it too
    assert geometric_mean([1.0, 1e-9]) == pytest.approx(math.sqrt(1e-5), rel=1e-12)


@pytest.mark.parametrize(
    ("values", "message"),
    [([], "at least one"), ([0.5, float("nan")], "finite"), ([float("inf")], "finite")],
)
def test_what_has_no_geometric_mean_is_refused(values, message) -> None:
    with pytest.raises(ValueError, match=message):
        geometric_mean(values)


# Run x: AP 1.0 on q1, 0.0 on q2 -> mean 0.5, geometric sqrt(1e-5) = 0.00316
# Run y: AP 0.25 on both         -> mean 0.25, geometric 0.25
PER_QUERY = {
    "x": pd.DataFrame({"AP": [1.0, 0.0]}, index=["q1", "q2"]),
    "y": pd.DataFrame({"AP": [0.25, 0.25]}, index=["q1", "q2"]),
}


def test_the_geometric_mean_changes_the_winner_by_hand() -> None:
    found = winners(PER_QUERY, "AP")
    assert (found.arithmetic, found.geometric, found.changes) == ("x", "y", True)
    table = geometric_means(PER_QUERY)
    assert table.loc["x", "AP"] == pytest.approx(math.sqrt(1e-5), rel=1e-12)
    assert table.loc["y", "AP"] == pytest.approx(0.25, abs=1e-15)
    same = winners({"x": PER_QUERY["x"], "z": pd.DataFrame({"AP": [0.1, 0.1]})}, "AP")
    assert (same.arithmetic, same.geometric, same.changes) == ("x", "z", True)
    kept = winners({"y": PER_QUERY["y"], "w": pd.DataFrame({"AP": [0.2, 0.2]})}, "AP")
    assert not kept.changes and kept.arithmetic == "y"


def test_winners_needs_two_runs() -> None:
    with pytest.raises(ValueError, match="two runs or more"):
        winners({"x": PER_QUERY["x"]}, "AP")


# ------------------------------------------------------------------------- --gmean, by hand
# q1: d1 relevant, retrieved first -> AP 1. q2: d2 relevant, not retrieved -> AP 0.
# q3: d3 relevant at rank 2 -> AP 1/2. GMAP = (1 * 0.00001 * 0.5) ** (1/3).
QRELS = "q1 0 d1 1\nq2 0 d2 1\nq3 0 d3 1\n"
RUN = "q1 Q0 d1 1 3 r\nq2 Q0 x 1 3 r\nq3 Q0 x 1 3 r\nq3 Q0 d3 2 2 r\n"


@pytest.fixture
def collection(tmp_path: Path) -> tuple[str, str]:
    (tmp_path / "qrels").write_text(QRELS)
    (tmp_path / "run").write_text(RUN)
    return str(tmp_path / "qrels"), str(tmp_path / "run")


def test_gmean_prints_gmap_after_the_means(collection, capsys) -> None:
    assert main([*collection, "-m", "AP", "-m", "P@1", "--gmean"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line.split("\t")[:2] for line in lines] == [
        ["AP", "all"], ["P@1", "all"], ["gm_AP", "all"], ["gm_P@1", "all"]
    ]  # fmt: skip
    values = {line.split("\t")[0]: float(line.split("\t")[2]) for line in lines}
    assert values["AP"] == pytest.approx(0.5, abs=1e-15)
    assert values["gm_AP"] == pytest.approx((0.5 * 1e-5) ** (1 / 3), rel=1e-12)
    # P@1: 1, 0, 0 -> (1 * 1e-5 * 1e-5) ** (1/3)
    assert values["gm_P@1"] == pytest.approx(1e-10 ** (1 / 3), rel=1e-12)


def test_gmean_with_q_prints_no_per_query_gm_lines(collection, capsys) -> None:
    assert main([*collection, "-m", "AP", "-q", "--gmean"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line.split("\t")[:2] for line in lines] == [
        ["AP", "q1"], ["AP", "q2"], ["AP", "q3"], ["AP", "all"], ["gm_AP", "all"]
    ]  # fmt: skip


def test_gmean_with_compare_is_refused(collection, capsys) -> None:
    assert main([collection[0], collection[1], collection[1], "--compare", "--gmean"]) == 2
    assert "leave out --compare" in capsys.readouterr().err
