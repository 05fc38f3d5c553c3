"""The cards' ranges over the unjudged documents on the lists of issue 25, worked by hand.

Each list is scored by the Playground's report (`rankwork.explore.report.evaluate`); `?` is an
unjudged document, which may get any grade of the scale, and a graded `?` joins the judged
pool (the ideal ranking and R). Each expected number is computed in the comments."""

from __future__ import annotations

from math import log2

import pytest

from rankwork.core.conventions import TEXTBOOK, TREC_EVAL_NDCG_CUT
from rankwork.core.ranking import Ranking
from rankwork.explore.report import evaluate


def spread(grades, scale_max, convention, k, family, more=()):
    report = evaluate(Ranking.build(grades, scale_max=scale_max), convention, k, more=more)
    return report.bounds[family]


def test_bpm_reader_can_lose_gain_when_a_grade_rises() -> None:
    # [0, 0, ?, 3, 4] on 0..4, BPM(T=1)@10: gains g/4; the reader reads while the gain so far
    # is below T = 1 and stops at the rank where it reaches 1; BPM = gain read / ranks read.
    # ? = 0: gains 0, 0, 0, 3/4, 1: the sum reaches 1 at rank 5: (3/4 + 1) / 5 = 0.35
    # ? = 1: 0, 0, 1/4, 3/4 (sum 1 at rank 4): 1 / 4 = 0.25 (the least)
    # ? = 2: 0, 0, 1/2, 3/4 (sum 5/4 at rank 4): 5/4 / 4 = 0.3125
    # ? = 3: 0, 0, 3/4, 3/4 (sum 3/2 at rank 4): 3/2 / 4 = 0.375 (the greatest)
    # ? = 4: 0, 0, 1 (sum 1 at rank 3): 1 / 3 = 0.3333
    b = spread([0, 0, None, 3, 4], 4, TEXTBOOK, 10, "BPM", more=("BPM",))
    assert (b.lower, b.upper) == (pytest.approx(0.35), pytest.approx(1 / 3))
    assert (b.low, b.high) == (pytest.approx(0.25), pytest.approx(0.375))


def test_bpm_mixed_grades_go_below_both_fills() -> None:
    # [1, ?, ?, 2] on 0..2, BPM(T=1)@10: gains g/2
    # ? = (0, 0): 1/2, 0, 0, 1 (sum 3/2 at rank 4): 3/2 / 4 = 0.375
    # ? = (0, 1): 1/2, 0, 1/2 (sum 1 at rank 3): 1 / 3 = 0.3333 (the least)
    # ? = (1, x): 1/2, 1/2 (sum 1 at rank 2): 1 / 2; ? = (2, x): 1/2, 1: 3/2 / 2 = 0.75
    # ? = (0, 2): 1/2, 0, 1: 3/2 / 3 = 0.5
    b = spread([1, None, None, 2], 2, TEXTBOOK, 10, "BPM", more=("BPM",))
    assert (b.lower, b.upper) == (pytest.approx(0.375), pytest.approx(0.75))
    assert (b.low, b.high) == (pytest.approx(1 / 3), pytest.approx(0.75))


def test_ndcg_reaches_one_between_the_fills() -> None:
    # [?, 1, 1, ?, ?, 1] on 0..3, trec_eval ndcg_cut, nDCG@5: linear gain, 1/log2(i+1), the
    # ideal ranking from the judged pool (the graded ? included) cut at 5.
    # Every ? = 1: the list's grades are all 1, so it is its own ideal ranking: nDCG@5 = 1.
    b = spread([None, 1, 1, None, None, 1], 3, TREC_EVAL_NDCG_CUT, 5, "nDCG")
    d = [1 / log2(i + 1) for i in range(1, 6)]
    # ? = 0: DCG = d2 + d3; ideal 1, 1, 1: d1 + d2 + d3
    assert b.lower == pytest.approx((d[1] + d[2]) / (d[0] + d[1] + d[2]))  # 0.5307
    # ? = 3: DCG = 3 d1 + d2 + d3 + 3 d4 + 3 d5; ideal 3, 3, 3, 1, 1
    top = (3 * d[0] + d[1] + d[2] + 3 * d[3] + 3 * d[4]) / (3 * (d[0] + d[1] + d[2]) + d[3] + d[4])
    assert b.upper == pytest.approx(top)  # 0.9131
    assert b.high == pytest.approx(1.0)
    assert b.exact


def test_r_precision_moves_though_both_fills_agree() -> None:
    # [0, 1, ?, 0, ?, 2] on 0..2, Textbook (relevant: grade >= 1), R-Precision = hits in the
    # top R / R, R the relevant documents of the pool.
    # ? = (0, 0): R = 2, top 2 = [0, 1]: 1/2; ? = (2, 2): R = 4, top 4 = [0, 1, 2, 0]: 2/4
    # ? = (1, 0): R = 3, top 3 = [0, 1, 1]: 2/3 (the greatest)
    # ? = (0, 2): R = 3, top 3 = [0, 1, 0]: 1/3 (the least)
    b = spread([0, 1, None, 0, None, 2], 2, TEXTBOOK, 5, "Rprec")
    assert (b.lower, b.upper) == (0.5, 0.5)
    assert (b.low, b.high) == (pytest.approx(1 / 3), pytest.approx(2 / 3))


def test_ap_mixed_assignment_goes_below_both_fills() -> None:
    # [1, 0, ?, ?] on 0..1, Textbook, AP (no cutoff): ? = (0, 0): R = 1: 1/1 = 1;
    # ? = (1, 1): R = 3: (1 + 2/3 + 3/4) / 3 = 0.8056; ? = (0, 1): R = 2: (1 + 2/4) / 2 = 0.75
    b = spread([1, 0, None, None], 1, TEXTBOOK, 10, "AP")
    assert (b.lower, b.upper) == (1.0, pytest.approx((1 + 2 / 3 + 3 / 4) / 3))
    assert (b.low, b.high) == (pytest.approx(0.75), 1.0)
