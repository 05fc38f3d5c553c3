"""Gains by grade and the one-great-against-many-good trade-off (`rankwork.explore.tradeoffs`)."""

from __future__ import annotations

from math import log2

import pandas as pd
import pytest

from rankwork.explore import tradeoffs as T

SQUARES = ((0, 0), (1, 1), (2, 4), (3, 9), (4, 16))


def test_gain_table():
    table = T.gain_table(4, T.gain_conventions(SQUARES))
    assert table["grade"].tolist() == [0, 1, 2, 3, 4]
    assert table["linear"].tolist() == [0, 1, 2, 3, 4]
    assert table["exponential"].tolist() == [0, 1, 3, 7, 15]
    assert table["custom"].tolist() == [0, 1, 4, 9, 16]


def test_without_a_custom_map_there_are_two_gains():
    assert list(T.gain_conventions(None)) == ["linear", "exponential"]


def test_a_custom_map_missing_a_grade_is_named():
    with pytest.raises(ValueError, match="no gain for grade 4"):
        T.gain_table(4, T.gain_conventions(SQUARES[:4]))


def _row(table, gain, discount):
    return table[(table["gain"] == gain) & (table["discount"] == discount)].iloc[0]


def test_one_grade_two_against_grade_ones_under_log2():
    curves = T.tradeoff_curves(2, 1, T.gain_conventions(SQUARES), T.tradeoff_discounts())
    two = T.tradeoff_table(curves, 2)
    exp, lin = _row(two, "exponential", "1/log2(i+1)"), _row(two, "linear", "1/log2(i+1)")
    # exponential: gain(2) = 3 against 1 + 1/log2(3) = 1.631; linear: 2 against 1.631
    assert exp["one"] == 3 and lin["one"] == 2
    assert exp["many"] == pytest.approx(1 + 1 / log2(3)) and round(exp["many"], 3) == 1.631
    assert exp["winner"] == "one" and lin["winner"] == "one"
    assert exp["ratio one/many"] == pytest.approx(3 / (1 + 1 / log2(3)))
    # three grade-1 documents: 1 + 0.631 + 0.5 = 2.131 beat 2 (linear) but not 3 (exponential)
    three = T.tradeoff_table(curves, 3)
    assert round(_row(three, "linear", "1/log2(i+1)")["many"], 3) == 2.131
    assert _row(three, "linear", "1/log2(i+1)")["winner"] == "many"
    assert _row(three, "exponential", "1/log2(i+1)")["winner"] == "one"
    # needed: linear 3; exponential 6 (five give 2.949 < 3, six 3.305)
    assert _row(two, "linear", "1/log2(i+1)")["needed"] == 3
    assert _row(two, "exponential", "1/log2(i+1)")["needed"] == 6
    assert _row(two, "exponential", "1/log2(i+1)")["many when needed"] == pytest.approx(
        1 + 1 / log2(3) + 1 / 2 + 1 / log2(5) + 1 / log2(6) + 1 / log2(7)
    )


def test_other_discounts_and_a_never_winning_geometric_sum():
    curves = T.tradeoff_curves(2, 1, T.gain_conventions(SQUARES), T.tradeoff_discounts(p=0.5))
    table = T.tradeoff_table(curves, 2)
    # rank-b (JK, b = 2): 1 + 1 = 2 ties the linear grade-2 document
    assert _row(table, "linear", "rank-b (JK), b = 2")["winner"] == "tie"
    # no discount: 2 grade-1 documents weigh 2
    assert _row(table, "exponential", "flat (no discount)")["many"] == 2
    # p = 0.5: n grade-1 documents never reach 2 (sum 0.5^(i-1) < 2), so never beat 3
    assert _row(table, "exponential", "p^(i-1), p = 0.5")["needed"] is pd.NA
    # 1/i: 1 + 1/2 = 1.5
    assert _row(table, "custom", "1/i")["many"] == 1.5


def test_n_outside_the_curves_is_an_error():
    curves = T.tradeoff_curves(2, 1, T.gain_conventions(SQUARES), T.tradeoff_discounts(), 5)
    with pytest.raises(ValueError, match="between 1 and 5"):
        T.tradeoff_table(curves, 6)
