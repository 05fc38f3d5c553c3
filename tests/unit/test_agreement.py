"""rankwork.stats.agreement: kappa worked by hand, the confusion table, matching two qrels, and the
tables of what changes with the other assessor's labels."""

from __future__ import annotations

import math

import numpy as np
import pandas as pd
import pytest

from rankwork.stats.agreement import (
    agreement,
    cohen_kappa,
    comparisons_change,
    confusion_matrix,
    kappa_from_confusion,
    means_change,
    order_agreement,
    paired_judgments,
    run_order,
    strength,
)


def test_kappa_by_hand_two_labels() -> None:
    # 10 items: A says 1,1,1,1,1,0,0,0,0,0; B agrees except on two items.
    a = [1, 1, 1, 1, 1, 0, 0, 0, 0, 0]
    b = [1, 1, 1, 1, 0, 0, 0, 0, 0, 1]
    # observed 0.8; A: 5/5, B: 5/5 -> chance 0.5; kappa = (0.8 - 0.5) / (1 - 0.5) = 0.6
    assert cohen_kappa(a, b) == pytest.approx(0.6)


def test_weighted_kappa_by_hand() -> None:
    # rows A, columns B, labels 0, 1, 2
    table = np.array([[2, 1, 0], [0, 2, 1], [1, 0, 2]])
    n = table.sum()
    expected = np.outer(table.sum(1), table.sum(0)) / n  # every row and column sums to 3
    i, j = np.indices(table.shape)
    linear = 1 - (abs(i - j) * table).sum() / (abs(i - j) * expected).sum()
    assert kappa_from_confusion(table, "linear") == pytest.approx(linear)
    assert linear == pytest.approx(1 - 4 / 8)  # sum |i-j| O = 1+1+2 = 4; sum |i-j| E = 8


def test_perfect_and_undefined_kappa() -> None:
    assert cohen_kappa([0, 1, 2, 2], [0, 1, 2, 2], weights="quadratic") == pytest.approx(1.0)
    assert math.isnan(cohen_kappa([1, 1, 1], [1, 1, 1]))  # chance agrees perfectly


def test_confusion_rows_are_a_columns_are_b() -> None:
    table = confusion_matrix([0, 0, 2], [1, 0, 2], labels=(0, 1, 2))
    assert table.tolist() == [[1, 1, 0], [0, 0, 0], [0, 0, 1]]


def test_bad_input_is_named() -> None:
    with pytest.raises(ValueError, match="same items"):
        cohen_kappa([0, 1], [0])
    with pytest.raises(ValueError, match="weights"):
        cohen_kappa([0, 1], [0, 1], weights="cubic")
    with pytest.raises(ValueError, match="not among the labels"):
        confusion_matrix([0, 3], [0, 1], labels=(0, 1))


@pytest.mark.parametrize(
    ("kappa", "word"),
    [(-0.1, "poor"), (0.0, "slight"), (0.2, "slight"), (0.3, "fair"), (0.5, "moderate"),
     (0.7, "substantial"), (0.9, "almost perfect"), (float("nan"), "undefined")],
)  # fmt: skip
def test_landis_koch_words(kappa: float, word: str) -> None:
    assert strength(kappa) == word


def qrels(rows) -> pd.DataFrame:
    return pd.DataFrame(rows, columns=["qid", "docno", "rel"])


def test_paired_judgments_and_agreement() -> None:
    a = qrels([("1", "d1", 2.0), ("1", "d2", 0.0), ("1", "d3", 1.0), ("2", "d1", 3.0)])
    b = qrels([("1", "d2", 1.0), ("1", "d1", 2.0), ("1", "d9", 1.0), ("3", "d1", 0.0)])
    judged = paired_judgments(a, b)
    assert judged.both[["docno", "a", "b"]].values.tolist() == [["d1", 2.0, 2.0], ["d2", 0.0, 1.0]]
    assert (judged.only_a, judged.only_b) == (2, 2)
    assert (judged.queries_only_a, judged.queries_only_b) == (["2"], ["3"])
    found = agreement(judged.both, threshold=1.0)
    assert found.n == 2 and found.observed == 0.5
    assert found.table().loc["2", "2"] == 1 and found.table().loc["0", "1"] == 1
    # binary at grade >= 1: A says (1, 0), B says (1, 1)
    assert found.binary_kappa == pytest.approx(cohen_kappa([1, 0], [1, 1]))
    with pytest.raises(ValueError, match="no judged document in common"):
        agreement(judged.both.iloc[0:0])


def test_what_changes_with_the_other_labels() -> None:
    runs_a = pd.DataFrame({"measure": ["m"] * 2, "run": ["x", "y"], "mean": [0.5, 0.4]})
    runs_b = pd.DataFrame({"measure": ["m"] * 2, "run": ["x", "y"], "mean": [0.3, 0.45]})
    change = means_change(runs_a, runs_b)
    assert change["change"].round(12).tolist() == [-0.2, 0.05]
    assert run_order(runs_a, "m") == ["x", "y"] and run_order(runs_b, "m") == ["y", "x"]
    pairs = {
        "measure": ["m"], "run_a": ["x"], "run_b": ["y"], "mean_diff": [0.1], "ci_low": [0.05],
        "ci_high": [0.15], "p_randomisation": [0.01], "p_t": [0.02], "queries": [9],
        "effect_size": [1.0],
    }  # fmt: skip
    after = {**pairs, "mean_diff": [-0.05], "p_randomisation": [0.3]}
    row = comparisons_change(pd.DataFrame(pairs), pd.DataFrame(after)).iloc[0]
    assert bool(row["sign_flips"]) and bool(row["significance_changes"])
    # batch.compare's x - y = 0.1 is y - x = -0.1, challenger (y) minus baseline (x), as the
    # compare tab says it
    assert (row["baseline"], row["challenger"]) == ("x", "y")
    assert (row["challenger_minus_baseline_a"], row["challenger_minus_baseline_b"]) == (-0.1, 0.05)


def _runs(means: dict[str, dict[str, float]]) -> pd.DataFrame:
    """A `batch.compare` runs table (measure, run, mean) from {measure: {run: mean}}."""
    rows = [(m, r, v) for m, by_run in means.items() for r, v in by_run.items()]
    return pd.DataFrame(rows, columns=["measure", "run", "mean"])


def test_order_agreement_of_two_measures_by_hand() -> None:
    # RR orders a > b > c > d, P@5 orders b > c > d > a.
    runs = _runs(
        {
            "RR": {"a": 1.0, "b": 0.5, "c": 1 / 3, "d": 0.25},
            "P@5": {"a": 0.2, "b": 0.8, "c": 0.6, "d": 0.4},
        }
    )
    found = order_agreement(runs, "RR", runs, "P@5")
    assert (found.reference, found.other) == (["a", "b", "c", "d"], ["b", "c", "d", "a"])
    # pairs ab, ac, ad discordant; bc, bd, cd concordant: tau = (3 - 3) / 6 = 0
    assert found.tau == pytest.approx(0.0, abs=1e-15)
    # judged b, c, d, a against a, b, c, d: C(2) = 1, C(3) = 2, C(4) = 0
    #   2/3 * (1/1 + 2/2 + 0/3) - 1 = 1/3
    assert found.tau_ap == pytest.approx(1 / 3, abs=1e-15)
    # P@5 as the reference: judged a, b, c, d against b, c, d, a:
    #   C(2) = 0, C(3) = 1 (b above c), C(4) = 2 (b, c above d): 2/3 * (0 + 1/2 + 2/3) - 1
    reverse = order_agreement(runs, "P@5", runs, "RR")
    assert reverse.tau_ap == pytest.approx(-2 / 9, abs=1e-15)


def test_order_agreement_refuses_an_undefined_tau() -> None:
    runs = _runs({"m": {"a": 0.5, "b": 0.5, "c": 0.5}, "n": {"a": 0.1, "b": 0.2, "c": 0.3}})
    with pytest.raises(ValueError, match="undefined"):
        order_agreement(runs, "m", runs, "n")
