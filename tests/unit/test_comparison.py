"""rankwork.stats.comparison: batch.compare's pairs turned to face challenger - baseline (with
Holm-adjusted p-values), per-query differences with wins / ties / losses, the verdict in words
as a statistician would say it, and the warning on intervals over few queries."""

from __future__ import annotations

import math

import pandas as pd
import pytest

from rankwork.collection.batch import BatchResult, compare
from rankwork.stats.comparison import (
    Pair,
    family_text,
    holm_note,
    interval_warning,
    oriented,
    outcome_counts,
    p_text,
    pairs_table,
    per_query_differences,
    verdict,
)


def result(values: dict[str, float]) -> BatchResult:
    per_query = pd.DataFrame({"m": values}).rename_axis("qid")
    return BatchResult(per_query, per_query.mean(), [], [], [])


A = {"1": 0.2, "2": 0.5, "3": 0.1, "4": 0.4, "5": 0.3}
B = {"1": 0.6, "2": 0.5, "3": 0.4, "4": 0.2, "5": 0.9}


def test_the_table_of_every_pair_is_challenger_minus_baseline() -> None:
    # b - a per query: 0.4, 0, 0.3, -0.2, 0.6; mean 1.1 / 5 = 0.22. The run listed first (a)
    # is the baseline, so the table says +0.22, as the compare card does for A = a, B = b.
    _, pairs, _ = compare({"a": result(A), "b": result(B)}, resamples=2000)
    table = pairs_table(pairs)
    row = table.iloc[0]
    assert (row["baseline"], row["challenger"]) == ("a", "b")
    assert row["challenger_minus_baseline"] == pytest.approx(0.22, abs=1e-12)
    assert row["ci_low"] <= 0.22 <= row["ci_high"]
    # every difference is between -0.2 and 0.6, so is every bootstrap mean
    assert -0.2 <= row["ci_low"] and row["ci_high"] <= 0.6
    assert "mean_diff" not in table.columns  # no column without its direction
    # one comparison: the Holm-adjusted p-values are the p-values
    assert row["p_randomisation_holm"] == row["p_randomisation"]
    assert row["p_t_holm"] == row["p_t"]
    assert holm_note(table) is None


def test_oriented_either_way_round() -> None:
    _, pairs, _ = compare({"a": result(A), "b": result(B)}, resamples=2000)
    table = pairs_table(pairs)
    b_minus_a = oriented(table, "m", baseline="a", challenger="b")
    a_minus_b = oriented(table, "m", baseline="b", challenger="a")
    assert b_minus_a.diff == pytest.approx(0.22, abs=1e-12)
    assert a_minus_b.diff == pytest.approx(-0.22, abs=1e-12)
    assert (a_minus_b.ci_low, a_minus_b.ci_high) == (-b_minus_a.ci_high, -b_minus_a.ci_low)
    assert b_minus_a.p_randomisation == a_minus_b.p_randomisation == pairs["p_randomisation"][0]
    assert b_minus_a.family == 1
    with pytest.raises(KeyError):
        oriented(table, "m", "a", "c")


def test_three_runs_two_measures_are_one_family_of_six() -> None:
    c = {q: v / 2 for q, v in B.items()}
    frame = {n: pd.DataFrame({"m": v, "n": v}).rename_axis("qid") for n, v in
             (("a", A), ("b", B), ("c", c))}  # fmt: skip
    results = {n: BatchResult(f, f.mean(), [], [], []) for n, f in frame.items()}
    _, pairs, _ = compare(results, resamples=500)
    table = pairs_table(pairs)
    assert family_text(table) == "the 6 comparisons made: 3 pairs of runs × 2 measures"
    assert oriented(table, "n", "c", "a").family == 6
    note = holm_note(table)
    assert (
        note is not None and "Holm's method (Holm 1979) adjusts the p-values over these 6" in note
    )
    # six independent tests at 5%: 1 - 0.95^6 = 1 - 0.7351 = 0.2649 that at least one is < 0.05
    assert "(26% if they were independent: 1 − 0.95^6)" in note
    assert (table["p_randomisation_holm"] >= table["p_randomisation"]).all()


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


def pair(diff, low, high, p, adjusted=None, family=1) -> Pair:
    adjusted = p if adjusted is None else adjusted
    return Pair("nDCG@10", "A", "B", diff, low, high, p, p, 30, 0.95, adjusted, adjusted, family)


OVERSTATED = ("beats", "real", "chance", "unlikely", "could well", "needed to tell")


def test_verdict_says_what_a_p_value_is_and_gives_the_effect_in_the_measures_units() -> None:
    text = verdict(pair(0.031, 0.004, 0.058, 0.02))
    assert text == (
        "B has the higher mean nDCG@10: B − A = +0.031 in nDCG@10's own units, 95% bootstrap "
        "interval [+0.004, +0.058] over 30 queries. Paired randomisation test: p = 0.02, the "
        "probability of a mean difference at least this large, either way, if the two runs "
        "were equally good. Evidence of a difference at the 5% level: p is below 0.05 and the "
        "interval excludes 0. Whether 0.031 nDCG@10 matters is a question about the task, not "
        "one the test answers."
    )
    assert not any(word in text for word in OVERSTATED)


def test_verdict_when_the_baseline_is_higher() -> None:
    text = verdict(pair(-0.05, -0.09, -0.01, 0.01))
    assert text.startswith("A has the higher mean nDCG@10: B − A = -0.050")
    assert "interval [-0.090, -0.010]" in text and "Evidence of a difference" in text


def test_no_evidence_is_not_evidence_of_no_difference() -> None:
    text = verdict(pair(0.01, -0.02, 0.04, 0.41))
    assert "No evidence of a difference at the 5% level: p is not below 0.05 and the " in text
    assert (
        "That does not show the runs are equally good: differences from -0.020 to +0.040 "
        "remain plausible with 30 queries." in text
    )
    assert not any(word in text for word in OVERSTATED)


def test_verdict_borderline_either_way() -> None:
    assert "Borderline: p is below 0.05, but the interval includes 0." in verdict(
        pair(0.02, -0.001, 0.04, 0.04)
    )
    assert "Borderline: the interval excludes 0, but p is not below 0.05." in verdict(
        pair(0.02, 0.001, 0.04, 0.06)
    )


def test_verdict_rests_on_the_holm_adjusted_p_when_several_comparisons_were_made() -> None:
    text = verdict(pair(0.05, 0.01, 0.09, 0.01, adjusted=0.12, family=12))
    assert "p = 0.01, the probability" in text
    assert "Holm-adjusted for the 12 comparisons made: p = 0.12." in text
    assert text.endswith(
        "Borderline: the interval excludes 0, but the adjusted p is not below 0.05 (the "
        "interval is not adjusted for the other comparisons)."
    )
    assert "Evidence of a difference" in verdict(pair(0.05, 0.01, 0.09, 0.001, 0.012, 12))


def test_verdict_draw() -> None:
    text = verdict(pair(0.0, 0.0, 0.0, 1.0))
    assert text.startswith("B and A have the same mean nDCG@10: B − A = 0 in")
    assert "No evidence of a difference" in text and "plausible" not in text
    assert not math.isnan(pair(0.0, 0.0, 0.0, 1.0).p_t)


def test_interval_warning_from_29_queries_down() -> None:
    scipy_stats = pytest.importorskip("scipy.stats")
    assert interval_warning(30) is None
    # coverage of a 95% percentile interval of 10 normal values: P(|T_9| <= 1.96 sqrt(0.9))
    z = scipy_stats.norm.ppf(0.975)
    cover = 1 - 2 * scipy_stats.t.sf(z * math.sqrt(9 / 10), 9)
    text = interval_warning(10)
    assert text is not None and f"only about {cover:.1%} of the time with 10 queries" in text
    assert "90.4%" in text  # the same, read off a t table: P(|T_9| <= 1.859) = 0.904
    assert "Hesterberg 2015" in text and "fewer than 30" in text
    assert interval_warning(1) is None  # one query: no interval to warn about
    group = interval_warning(8, in_group=True)
    assert group is not None and group.startswith("Only 8 queries in a group: with fewer than")


def test_the_effect_size_by_hand() -> None:
    # differences b - a: 0.1, 0.2, 0.3: mean 0.2, sd sqrt(((0.1)^2 + 0 + (0.1)^2) / 2) = 0.1,
    # so d_z = 2 (and 2 in the other direction's sign when the runs are swapped)
    a = BatchResult(pd.DataFrame({"AP": [0.5, 0.7, 0.9]}, index=["1", "2", "3"]), None, [], [], [])
    b = BatchResult(pd.DataFrame({"AP": [0.6, 0.9, 1.2]}, index=["1", "2", "3"]), None, [], [], [])
    _, pairs, _ = compare({"a": a, "b": b})
    assert pairs_table(pairs)["effect_size"].tolist() == pytest.approx([2.0])
    _, swapped, _ = compare({"b": b, "a": a})
    assert pairs_table(swapped)["effect_size"].tolist() == pytest.approx([-2.0])
