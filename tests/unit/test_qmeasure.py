"""Sakai's Q-measure (`rankwork.core.measures.families.q`, its spec `Q` and its batch kernel).

Neither trec_eval nor ir_measures has Q, so the numbers here are worked out by hand from
Sakai's definition (NTCIR-4 2004; IP&M 43(2) 2007), written out below:

    Q = (1/R) sum_r rel_r (C(r) + β cg(r)) / (r + β cg*(r))

with C(r) the relevant documents in the top r, cg(r) the list's cumulative gain, cg*(r) the
ideal ranking's (staying at its total beyond its length), R the relevant judged documents.
Then the identity Q(β = 0) = AP on random lists, and the batch kernel equal to the single-list
core on random collections.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given

from rankwork.collection.batch import BatchError, evaluate, query_ranking
from rankwork.core import conventions as C
from rankwork.core.measures import MeasureNameError, parse
from rankwork.core.measures.families.q import q_measure
from rankwork.core.ranking import Ranking
from tests.unit.test_batch import VARIANTS, frames, random_collection
from tests.unit.test_properties import DETERMINISTIC, cases

# Example 1, linear gain (trec_eval's preset), relevant = grade >= 1.
# List grades 2, 0, 1, 3, 0; two relevant documents not retrieved (grades 3 and 1).
# Relevant ranks 1, 3, 4; R = 5 (2, 1, 3 retrieved; 3, 1 not).
# Gains (linear, relevant only): 2, 0, 1, 3, 0  ->  cg = 2, 2, 3, 6, 6; C = 1, 1, 2, 3, 3.
# Ideal: the relevant pool 3, 3, 2, 1, 1 by gain  ->  cg* = 3, 6, 8, 9, 10.
EXAMPLE_1 = Ranking.build([2, 0, 1, 3, 0], unretrieved=[3, 1], scale_max=3)


def test_example_1_by_hand_beta_1_and_2_with_unretrieved_relevant_documents() -> None:
    trec = C.TREC_EVAL_NDCG_CUT
    # β = 1: r1 (1+2)/(1+3) = 3/4, r3 (2+3)/(3+8) = 5/11, r4 (3+6)/(4+9) = 9/13
    q1 = parse("Q")(EXAMPLE_1, trec)
    assert q1.value == pytest.approx((3 / 4 + 5 / 11 + 9 / 13) / 5, abs=1e-15)
    # β = 2: r1 (1+4)/(1+6) = 5/7, r3 (2+6)/(3+16) = 8/19, r4 (3+12)/(4+18) = 15/22
    q2 = parse("Q(beta=2)")(EXAMPLE_1, trec)
    assert q2.value == pytest.approx((5 / 7 + 8 / 19 + 15 / 22) / 5, abs=1e-15)
    # the working, column by column
    table = q1.table
    assert table["hits"].tolist() == [1, 1, 2, 3, 3]
    assert table["cg"].tolist() == [2, 2, 3, 6, 6]
    assert table["ideal_cg"].tolist() == [3, 6, 8, 9, 10]
    assert table["relevant"].tolist() == [True, False, True, True, False]
    assert table["contribution"].tolist() == pytest.approx(
        [3 / 4 / 5, 0, 5 / 11 / 5, 9 / 13 / 5, 0], abs=1e-15
    )
    assert q1.details["R"] == 5
    # @3 sums ranks 1 and 3 only, R still 5
    q_at_3 = parse("Q@3")(EXAMPLE_1, trec)
    assert q_at_3.value == pytest.approx((3 / 4 + 5 / 11) / 5, abs=1e-15)
    # β = 0 is AP: P@1 = 1, P@3 = 2/3, P@4 = 3/4 over R = 5
    assert parse("Q(beta=0)")(EXAMPLE_1, trec).value == pytest.approx(
        (1 + 2 / 3 + 3 / 4) / 5, abs=1e-15
    )


def test_example_2_by_hand_exponential_gain_unjudged_and_a_short_ideal() -> None:
    # Textbook: gain 2^g - 1 (grade 2 -> 3, grade 1 -> 1). List: unjudged, 2, 1, 0; one
    # grade-2 document not retrieved. Relevant ranks 2, 3; R = 3.
    # cg = 0, 3, 4, 4; C = 0, 1, 2, 2; ideal gains 3, 3, 1 -> cg* = 3, 6, 7, then 7 beyond.
    ranking = Ranking.build([None, 2, 1, 0], unretrieved=[2], scale_max=2)
    q1 = parse("Q")(ranking, C.TEXTBOOK)
    # β = 1: r2 (1+3)/(2+6) = 1/2, r3 (2+4)/(3+7) = 3/5
    assert q1.value == pytest.approx((1 / 2 + 3 / 5) / 3, abs=1e-15)
    assert q1.table["ideal_cg"].tolist() == [3, 6, 7, 7]
    assert q1.table["cg"].tolist() == [0, 3, 4, 4]
    # β = 2: r2 (1+6)/(2+12) = 1/2, r3 (2+8)/(3+14) = 10/17
    q2 = parse("Q(beta=2)")(ranking, C.TEXTBOOK)
    assert q2.value == pytest.approx((1 / 2 + 10 / 17) / 3, abs=1e-15)
    # rel=2: only the grade-2 documents are relevant (R = 2) and only they gain: cg* = 3, 6;
    # r2 (1+3)/(2+6) = 1/2
    assert parse("Q(rel=2)")(ranking, C.TEXTBOOK).value == pytest.approx(1 / 4, abs=1e-15)
    # condensed (the unjudged rank 1 removed): 2, 1, 0 at ranks 1, 2, 3;
    # r1 (1+3)/(1+3) = 1, r2 (2+4)/(2+6) = 3/4
    condensed = parse("Q(judged_only=True)")(ranking, C.TEXTBOOK)
    assert condensed.value == pytest.approx((1 + 3 / 4) / 3, abs=1e-15)
    assert condensed.name == "Q′"


def test_a_huge_beta_tends_to_the_gain_ratio_and_stays_finite() -> None:
    # As β grows, BR(r) -> cg(r)/cg*(r): example 1 gives 2/3, 3/8, 6/9 (the hits no longer
    # count); β = 1e308 overflows β cg*, which the ratio divides out.
    value = q_measure(EXAMPLE_1, C.TREC_EVAL_NDCG_CUT, beta=1e308).value
    assert value == pytest.approx((2 / 3 + 3 / 8 + 6 / 9) / 5, abs=1e-15)


def test_nothing_relevant_scores_0_and_bad_input_is_refused_with_a_reason() -> None:
    assert parse("Q")(Ranking.build([0, None, 0]), C.TEXTBOOK).value == 0.0
    with pytest.raises(ValueError, match="beta must be a number of at least 0"):
        q_measure(EXAMPLE_1, C.TEXTBOOK, beta=-1.0)
    with pytest.raises(ValueError, match="beta must be a number of at least 0"):
        q_measure(EXAMPLE_1, C.TEXTBOOK, beta=float("nan"))
    with pytest.raises(MeasureNameError, match="at least 0"):
        parse("Q(beta=-1)")
    negative = C.TEXTBOOK.with_(
        gain="custom", gain_map=((0.0, 0.0), (1.0, -1.0), (2.0, 2.0), (3.0, 3.0))
    )
    with pytest.raises(ValueError, match="gives grade 1 a negative gain"):
        parse("Q")(EXAMPLE_1, negative)
    huge = C.TEXTBOOK.with_(
        gain="custom", gain_map=((0.0, 0.0), (1.0, 1e308), (2.0, 1e308), (3.0, 1e308))
    )
    with pytest.raises(ValueError, match="cannot be computed in double precision"):
        parse("Q")(EXAMPLE_1, huge)


@DETERMINISTIC
@given(cases())
def test_beta_0_is_ap_on_random_lists(case) -> None:
    ranking, convention, k = case
    q = q_measure(ranking, convention, k, beta=0.0)
    ap = parse("AP" if k is None else f"AP@{k}")(ranking, convention)
    assert q.value == pytest.approx(ap.value, abs=1e-12)
    assert q.table["contribution"].sum() == pytest.approx(q.value, abs=1e-12)
    assert 0.0 <= q_measure(ranking, convention, k, beta=1.0).value <= 1.0 + 1e-12


NAMES = ("Q", "Q(beta=2)@10", "Q(beta=0)@5", "Q(rel=2)", "Q(beta=0.5,judged_only=True)@3",
         "Q(beta=1e300)")  # fmt: skip


@pytest.mark.parametrize("shuffle", [False, True], ids=["run-order", "shuffled"])
@pytest.mark.parametrize("name", list(VARIANTS))
def test_batch_equals_single_list_core(name: str, shuffle: bool) -> None:
    convention = VARIANTS[name]
    grades = (-1, 0, 1, 2) if convention.negative != "reject" else (0, 1, 2)
    for seed in (1, 2, 3):
        qrels, run = random_collection(seed, grades, shuffle)
        qids = sorted(set(qrels["qid"]))
        rankings = {qid: query_ranking(qrels, run, qid) for qid in qids}
        got = evaluate(qrels, run, list(NAMES), convention).per_query
        for measure in NAMES:
            for qid in qids:
                expected = parse(measure)(rankings[qid], convention).value
                assert got.loc[qid, measure] == pytest.approx(expected, abs=1e-12, rel=0), (
                    measure,
                    qid,
                )
        assert np.isfinite(got.to_numpy()).all()


def test_batch_refuses_an_overflowing_gain_map() -> None:
    qrels, run = frames([("q", "a", 1), ("q", "b", 2)], [("q", "a", 2.0), ("q", "b", 1.0)])
    with pytest.raises(BatchError, match="double precision"):
        evaluate(qrels, run, ["Q(gains={0:0,1:1e308,2:1e308})"], C.TEXTBOOK)
