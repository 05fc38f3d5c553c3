"""The two fills of `rankwork.core.bounds` and the ranges they give, worked by hand.

The list: grades [1, ?, 0, ?] (? unjudged), one judged document not retrieved of grade 2, scale
0..2, the Textbook convention (gain 2^g - 1, discount 1/log2(i + 1), ideal ranking from every
judged document cut at k, ERR's top grade the scale maximum 2, relevant = grade >= 1), k = 3.
"""

from __future__ import annotations

from math import log2

import numpy as np
import pytest

from rankwork.collection.assignments import batch_evaluator
from rankwork.core.bounds import Bounds, bounds, fill, unjudged_count
from rankwork.core.conventions import TEXTBOOK
from rankwork.core.measures import SPECS
from rankwork.core.ranking import Ranking, order
from rankwork.explore.report import MORE, OWN_UNJUDGED, evaluate


def small() -> Ranking:
    return Ranking.build([1, None, 0, None], unretrieved=[2], scale_max=2)


# ? = 0: list grades 1, 0, 0 in the top 3; pool 2, 1, 0, 0, 0
LOW_DCG = 1.0
LOW_IDCG = 3 + 1 / log2(3)  # ideal 2, 1 (gains 3, 1)
# ? = 2: list grades 1, 2, 0 (top 3), 2 at rank 4; pool 2, 2, 2, 1, 0
HIGH_DCG = 1 + 3 / log2(3)
HIGH_IDCG = 3 + 3 / log2(3) + 3 / log2(4)


def test_ndcg_fills_the_list_and_the_ideal() -> None:
    b = bounds("nDCG", small(), TEXTBOOK, 3)
    assert b.lower == pytest.approx(LOW_DCG / LOW_IDCG)  # 0.2754
    assert b.upper == pytest.approx(HIGH_DCG / HIGH_IDCG)  # 0.5409
    assert b.unjudged == 2
    assert not b.falls and b.exact
    # the range: nDCG@3 over ? in {0, 1, 2}^2 (tests/unit/test_bounds_brute.py checks it by
    # brute force); here it contains both fills
    assert b.low <= b.lower and b.upper <= b.high


def test_precision_counts_the_filled_documents_relevant() -> None:
    b = bounds("P", small(), TEXTBOOK, 3)
    assert (b.lower, b.upper) == (pytest.approx(1 / 3), pytest.approx(2 / 3))


def test_ap_is_not_monotone_in_the_fill() -> None:
    # ? = 0: R = 2 (d1 and the unretrieved 2), relevant at rank 1 only: AP = 1/2
    # ? = 2: R = 4, relevant at ranks 1, 2, 4: (1/1 + 2/2 + 3/4) / 4
    b = bounds("AP", small(), TEXTBOOK, None)
    assert b.lower == pytest.approx(1 / 2)
    assert b.upper == pytest.approx((1 + 1 + 3 / 4) / 4)
    # [1, 0, ?] alone: 1 with ? = 0, (1/1 + 2/3)/2 with ? relevant: the top fill is lower
    fell = bounds("AP", Ranking.build([1, 0, None]), TEXTBOOK, None)
    assert (fell.lower, fell.upper) == (1.0, pytest.approx(5 / 6))
    assert fell.falls and (fell.low, fell.high) == (fell.upper, fell.lower)  # ? has 2 grades


def test_ndcg_upper_fill_can_be_lower() -> None:
    # [1, ?, 0], scale 0..2, k = 3: ? = 0: DCG = IDCG = 1; ? = 2: (1 + 3/log2 3) / (3 + 1/log2 3)
    b = bounds("nDCG", Ranking.build([1, None, 0], scale_max=2), TEXTBOOK, 3)
    assert b.lower == 1.0
    assert b.upper == pytest.approx((1 + 3 / log2(3)) / (3 + 1 / log2(3)))  # 0.7967
    assert b.falls


def test_err_with_the_top_grade() -> None:
    # R_i = (2^g - 1)/2^2: grade 1 -> 1/4, grade 2 -> 3/4, grade 0 -> 0
    b = bounds("ERR", small(), TEXTBOOK, 3)
    assert b.lower == pytest.approx(1 / 4)
    assert b.upper == pytest.approx(1 / 4 + (1 / 2) * (3 / 4) * (3 / 4))


def test_nothing_unjudged_gives_one_value() -> None:
    ranking = Ranking.build([2, 0, 1], unretrieved=[1], scale_max=2)
    for family in ("nDCG", "P", "AP", "ERR", "R", "RR"):
        b = bounds(family, ranking, TEXTBOOK, 3)
        assert b.lower == b.upper and b.unjudged == 0 and not b.falls


def test_a_known_value_is_used_only_when_nothing_is_unjudged() -> None:
    """`known` spares the measure's second run on a fully judged list, and is ignored when
    something is unjudged (a wrong `known` shows which way was taken)."""
    judged = Ranking.build([2, 0, 1], unretrieved=[1], scale_max=2)
    # by hand: DCG = 3 + 1/log2(4) = 3.5; ideal 2, 1, 1: 3 + 1/log2(3) + 1/log2(4)
    assert bounds("nDCG", judged, TEXTBOOK, 3).lower == pytest.approx(3.5 / (3.5 + 1 / log2(3)))
    assert bounds("nDCG", judged, TEXTBOOK, 3, known=0.25) == Bounds(0.25, 0.25, 0, 0.25, 0.25)
    b = bounds("nDCG", small(), TEXTBOOK, 3, known=0.25)
    assert b.lower == pytest.approx(LOW_DCG / LOW_IDCG)
    assert b.upper == pytest.approx(HIGH_DCG / HIGH_IDCG)


def test_evaluate_gives_a_judged_list_its_values_as_bounds() -> None:
    """The Playground's report hands each card's value to `bounds`: on a fully judged list
    each card's bounds are its value, as the two fills compute them."""
    judged = Ranking.build([2, 0, 1, 0, 2], unretrieved=[1], scale_max=2)
    report = evaluate(judged, TEXTBOOK, 3, more=MORE)
    checked = [f for f in report.bounds if f not in OWN_UNJUDGED]
    assert len(checked) >= 10
    for family in checked:
        spread = report.bounds[family]
        cut = None if SPECS[family].cutoff == "none" else 3
        filled = bounds(family, judged, TEXTBOOK, cut)
        assert (spread.lower, spread.upper) == (filled.lower, filled.upper), family
        assert spread.lower == report.value(family) and spread.unjudged == 0


def test_lower_fill_is_the_usual_value_and_fill_judges_the_documents() -> None:
    ordered = order(small(), TEXTBOOK)
    filled = fill(ordered, 2)
    assert filled.grades.tolist() == [1, 2, 0, 2] and unjudged_count(filled) == 0
    assert unjudged_count(ordered, 3) == 1 and unjudged_count(ordered) == 2
    for family in ("nDCG", "P", "AP", "ERR"):
        usual = SPECS[family].single(ordered, TEXTBOOK, 3).value
        assert bounds(family, ordered, TEXTBOOK, 3).lower == pytest.approx(usual)


def test_a_gain_map_without_the_top_grade_is_a_message() -> None:
    mapped = TEXTBOOK.with_(gain="custom", gain_map=((0.0, 0.0), (1.0, 1.0)))
    with pytest.raises(ValueError, match="2"):
        bounds("nDCG", small(), mapped, 3)


def test_every_card_range_holds_its_value() -> None:
    """On the Playground every card with a range shows it under its value: the value must be
    one end of it (the grade-0 fill), for the headline and the added measures alike."""
    rng = np.random.default_rng(3)
    for _ in range(40):
        n = int(rng.integers(1, 12))
        grades = [None if rng.random() < 0.3 else int(g) for g in rng.integers(0, 4, size=n)]
        ranking = Ranking.build(grades, unretrieved=list(rng.integers(0, 4, size=2)), scale_max=3)
        report = evaluate(ranking, TEXTBOOK, 5, more=MORE, many=batch_evaluator)
        assert set(report.bounds) == set(report.cards) - set(OWN_UNJUDGED)
        for family, spread in report.bounds.items():
            assert spread.lower == pytest.approx(report.value(family), abs=1e-12), family
            assert spread.low <= report.value(family) <= spread.high + 1e-12, family


def test_the_readme_states_the_budget_the_code_uses() -> None:
    from pathlib import Path

    from rankwork.core.bounds import BUDGET

    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text()
    assert f"up to\n{BUDGET:,} of them" in readme or f"up to {BUDGET:,} of them" in readme


def test_a_gain_map_that_falls_makes_dcg_enumerated() -> None:
    # gains {0: 0, 1: 3, 2: 1}: DCG@2 of [?, 0] on 0..2 is gain(?) * 1/log2(2) = gain(?):
    # ? = 0: 0, ? = 1: 3 (the greatest), ? = 2: 1 (the top fill, below the greatest)
    mapped = TEXTBOOK.with_(gain="custom", gain_map=((0.0, 0.0), (1.0, 3.0), (2.0, 1.0)))
    b = bounds("DCG", Ranking.build([None, 0], scale_max=2), mapped, 2)
    assert (b.lower, b.upper) == (0.0, 1.0)
    assert (b.low, b.high) == (0.0, 3.0) and b.exact
