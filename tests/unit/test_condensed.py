"""Condensed lists (`rankwork.core.condensed` and the batch path), worked by hand.

The list: d1 ?, d2 1, d3 ?, d4 0, d5 2 (? unjudged), one judged document not retrieved of
grade 1; relevant = grade >= 1, so R = 3. Condensed: d2 1, d4 0, d5 2 at ranks 1, 2, 3.
"""

from __future__ import annotations

from math import log2

import pandas as pd
import pytest

from rankwork.collection.batch import evaluate
from rankwork.core.condensed import condense
from rankwork.core.conventions import TEXTBOOK
from rankwork.core.measures import MeasureNameError, parse
from rankwork.core.ranking import Ranking, order

LINEAR = TEXTBOOK.with_(gain="linear")


def listed() -> Ranking:
    return Ranking.build([None, 1, None, 0, 2], unretrieved=[1], scale_max=2)


def test_condense_removes_the_unjudged_and_renumbers() -> None:
    short = condense(order(listed(), LINEAR))
    assert short.doc_ids == ("d2", "d4", "d5")
    assert short.grades.tolist() == [1, 0, 2]
    assert short.tie_group.tolist() == [0, 1, 2]


def test_ap_prime_by_hand() -> None:
    # AP: relevant at ranks 2 and 5: (1/2 + 2/5) / 3.  AP′: at 1 and 3: (1/1 + 2/3) / 3
    assert parse("AP")(listed(), LINEAR).value == pytest.approx((1 / 2 + 2 / 5) / 3)
    result = parse("AP(judged_only=True)")(listed(), LINEAR)
    assert result.value == pytest.approx((1 + 2 / 3) / 3)
    assert result.name == "AP′"
    assert "d1, d3" in result.note


def test_ndcg_and_p_prime_by_hand() -> None:
    # nDCG′@3, linear gain: DCG 1 + 0 + 2/log2(4); ideal from the pool 2, 1, 1, 0
    ideal = 2 + 1 / log2(3) + 1 / log2(4)
    value = parse("nDCG(judged_only=True)@3")(listed(), LINEAR).value
    assert value == pytest.approx((1 + 2 / 2) / ideal)
    assert parse("P(judged_only=True)@2")(listed(), LINEAR).value == pytest.approx(1 / 2)
    assert parse("P@2")(listed(), LINEAR).value == pytest.approx(1 / 2)  # d1 ?, d2 1
    assert parse("P(judged_only=True)@3")(listed(), LINEAR).value == pytest.approx(2 / 3)
    assert parse("P@3")(listed(), LINEAR).value == pytest.approx(1 / 3)


def test_names_round_trip_and_bad_values_are_explained() -> None:
    assert str(parse("nDCG(judged_only=True)@10")) == "nDCG(judged_only=True)@10"
    assert parse("AP(judged_only=False)")(listed(), LINEAR).value == pytest.approx(0.3)
    with pytest.raises(MeasureNameError, match="judged_only must be True or False"):
        parse("AP(judged_only=1)")
    with pytest.raises(MeasureNameError, match="no parameter 'judged_only'"):
        parse("ERR(judged_only=True)@10")


def test_batch_condenses_each_query_with_tie_groups() -> None:
    """Query a: the list above (scores descending, no ties). Query b: d1 ? and d2 1 tied at
    1.0, then d3 2; with ties averaged, the full list spreads d2's gain over ranks 1-2, the
    condensed list has d2 alone at rank 1."""
    qrels = pd.DataFrame(
        [
            ("a", "d2", 1),
            ("a", "d4", 0),
            ("a", "d5", 2),
            ("a", "x", 1),
            ("b", "d2", 1),
            ("b", "d3", 2),
        ],  # fmt: skip
        columns=["qid", "docno", "rel"],
    ).astype({"rel": float})
    run = pd.DataFrame(
        [("a", f"d{i}", 10.0 - i) for i in range(1, 6)]
        + [("b", "d1", 1.0), ("b", "d2", 1.0), ("b", "d3", 0.5)],
        columns=["qid", "docno", "score"],
    )
    convention = LINEAR.with_(ties="average")
    names = ["AP(judged_only=True)", "nDCG(judged_only=True)@3", "nDCG@3"]
    got = evaluate(qrels, run, names, convention).per_query
    assert got.loc["a", "AP(judged_only=True)"] == pytest.approx((1 + 2 / 3) / 3)
    ideal_a = 2 + 1 / log2(3) + 1 / log2(4)
    assert got.loc["a", "nDCG(judged_only=True)@3"] == pytest.approx((1 + 2 / 2) / ideal_a)
    ideal_b = 2 + 1 / log2(3)
    assert got.loc["b", "nDCG(judged_only=True)@3"] == pytest.approx((1 + 2 / log2(3)) / ideal_b)
    full = (1 / 2) * (1 + 1 / log2(3)) + 2 / log2(4)  # d2's gain 1 averaged over ranks 1, 2
    assert got.loc["b", "nDCG@3"] == pytest.approx(full / ideal_b)
