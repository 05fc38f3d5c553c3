"""metrics.comparison: batch.compare's pairs turned to face challenger - baseline, per-query
differences with wins / ties / losses, and the verdict in words."""

from __future__ import annotations

import math

import pandas as pd
import pytest

from metrics.batch import BatchResult, compare
from metrics.comparison import (
    Pair,
    oriented,
    outcome_counts,
    p_text,
    per_query_differences,
    verdict,
)


def result(values: dict[str, float]) -> BatchResult:
    per_query = pd.DataFrame({"m": values}).rename_axis("qid")
    return BatchResult(per_query, per_query.mean(), [], [], [])


A = {"1": 0.2, "2": 0.5, "3": 0.1, "4": 0.4, "5": 0.3}
B = {"1": 0.6, "2": 0.5, "3": 0.4, "4": 0.2, "5": 0.9}


def test_oriented_either_way_round() -> None:
    _, pairs, _ = compare({"a": result(A), "b": result(B)}, resamples=2000)
    row = pairs.iloc[0]  # a - b as the table holds it
    b_minus_a = oriented(pairs, "m", baseline="a", challenger="b")
    a_minus_b = oriented(pairs, "m", baseline="b", challenger="a")
    assert b_minus_a.diff == pytest.approx(-row["mean_diff"])
    assert (b_minus_a.ci_low, b_minus_a.ci_high) == pytest.approx((-row["ci_high"], -row["ci_low"]))
    assert a_minus_b.diff == pytest.approx(row["mean_diff"])
    assert b_minus_a.p_randomisation == a_minus_b.p_randomisation == row["p_randomisation"]
    with pytest.raises(KeyError):
        oriented(pairs, "m", "a", "c")


def test_per_query_differences_sorted_with_outcomes() -> None:
    diffs = per_query_differences(pd.Series(A), pd.Series(B))
    assert list(diffs.index) == ["5", "1", "3", "2", "4"]
    assert list(diffs["outcome"]) == ["win", "win", "win", "tie", "loss"]
    assert diffs.loc["4", "difference"] == pytest.approx(-0.2)
    assert outcome_counts(diffs) == (3, 1, 1)


def test_only_queries_both_runs_have_are_paired() -> None:
    diffs = per_query_differences(pd.Series(A), pd.Series({"1": 0.0, "9": 1.0}))
    assert list(diffs.index) == ["1"]


@pytest.mark.parametrize(
    ("p", "text"),
    [(0.0001, "p < 0.001"), (0.0073, "p = 0.0073"), (0.02, "p = 0.02"), (0.412, "p = 0.41"),
     (float("nan"), "p undefined")],
)  # fmt: skip
def test_p_text(p: float, text: str) -> None:
    assert p_text(p) == text


def pair(diff, low, high, p) -> Pair:
    return Pair("nDCG@10", "A", "B", diff, low, high, p, p, 30)


def test_verdict_significant() -> None:
    text = verdict(pair(0.031, 0.004, 0.058, 0.02))
    assert text.startswith("B beats A on nDCG@10 by 0.031, 95% CI [0.004, 0.058], p = 0.02 — ")
    assert "with 30 queries, a difference this size is unlikely to be chance" in text


def test_verdict_names_the_better_run_first_when_the_baseline_wins() -> None:
    text = verdict(pair(-0.05, -0.09, -0.01, 0.01))
    assert text.startswith("A beats B on nDCG@10 by 0.050, 95% CI [0.010, 0.090]")


def test_verdict_not_significant_and_borderline() -> None:
    assert "could well be chance" in verdict(pair(0.01, -0.02, 0.04, 0.41))
    assert "borderline" in verdict(pair(0.02, -0.001, 0.04, 0.04))
    assert "borderline" in verdict(pair(0.02, 0.001, 0.04, 0.06))


def test_verdict_draw() -> None:
    assert "same mean nDCG@10" in verdict(pair(0.0, 0.0, 0.0, 1.0))
    assert not math.isnan(pair(0.0, 0.0, 0.0, 1.0).p_t)
