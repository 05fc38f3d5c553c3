"""Hand-worked and published examples for the binary measures (`rankwork.core.measures.families`).

Expected values are arithmetic written out here or the 4-decimal outputs of the real tools in
shared/research/library-conventions.md (fixtures T1, L1, N1, N2, D7, D12).
"""

from __future__ import annotations

import pytest

from rankwork.core import conventions as C
from rankwork.core.measures.families.ap import average_precision
from rankwork.core.measures.families.bpref import bpref
from rankwork.core.measures.families.counts import counts
from rankwork.core.measures.families.f import f_beta
from rankwork.core.measures.families.judged import judged_at
from rankwork.core.measures.families.precision import precision
from rankwork.core.measures.families.recall import recall
from rankwork.core.measures.families.rprec import r_precision
from rankwork.core.measures.families.rr import reciprocal_rank
from rankwork.core.measures.families.setap import set_ap
from rankwork.core.measures.families.success import success
from rankwork.core.ranking import Ranking

TREC = C.TREC_EVAL_NDCG_CUT  # trec_eval conventions: docno-desc ties, negatives unjudged


def ranked(grades, unretrieved=(), **kw) -> Ranking:
    return Ranking.build(grades, unretrieved=unretrieved, **kw)


# A list used throughout: rel at ranks 1, 3, 4, 7 (t = 1), one unjudged (rank 6),
# two relevant documents not retrieved: R = 6.
LIST = [2, 0, 1, 3, 0, None, 1, 0]
POOL = [2, 1]


def test_precision_at_k():
    r = ranked(LIST, POOL)
    assert precision(r, TREC, 1).value == 1 / 1
    assert precision(r, TREC, 3).value == pytest.approx(2 / 3, abs=1e-15)
    assert precision(r, TREC, 5).value == pytest.approx(3 / 5, abs=1e-15)
    # no cutoff: trec_eval set_P, relevant retrieved / retrieved = 4/8
    assert precision(r, TREC).value == pytest.approx(4 / 8, abs=1e-15)
    # P(rel=2)@5: only grades >= 2 count (ranks 1 and 4)
    assert precision(r, TREC.with_(rel_threshold=2.0), 5).value == pytest.approx(2 / 5, abs=1e-15)


def test_precision_on_a_list_shorter_than_k():
    # Research note D7: 4 retrieved, 2 relevant among them; P@5 = 2/5 = 0.4000 in trec_eval,
    # pytrec_eval, ir_measures, ranx and cwl (missing ranks count as non-relevant).
    r = ranked([1, 0, 1, 0])
    result = precision(r, TREC, 5)
    assert result.value == pytest.approx(2 / 5, abs=1e-15)
    assert round(result.value, 4) == 0.4000
    assert result.table["contribution"].tolist() == [1 / 5, 0, 1 / 5, 0]
    assert precision(ranked([]), TREC, 5).value == 0.0
    assert precision(ranked([]), TREC).value == 0.0


def test_recall_at_k():
    r = ranked(LIST, POOL)
    assert recall(r, TREC, 3).value == pytest.approx(2 / 6, abs=1e-15)
    assert recall(r, TREC, 10).value == pytest.approx(4 / 6, abs=1e-15)
    assert recall(r, TREC).details["R"] == 6


def test_f1_and_f_beta():
    r = ranked(LIST, POOL)
    p5, r5 = 3 / 5, 3 / 6
    assert f_beta(r, TREC, 5).value == pytest.approx(2 * p5 * r5 / (p5 + r5), abs=1e-15)
    beta = 2.0
    assert f_beta(r, TREC, 5, beta=beta).value == pytest.approx(
        (1 + beta**2) * p5 * r5 / (beta**2 * p5 + r5), abs=1e-15
    )
    # no cutoff: trec_eval set_F with P = 4/8, R = 4/6
    p, rr = 4 / 8, 4 / 6
    assert f_beta(r, TREC).value == pytest.approx(2 * p * rr / (p + rr), abs=1e-15)
    assert f_beta(ranked([0, 0], [0]), TREC, 2).value == 0.0
    with pytest.raises(ValueError, match=r"beta must be a positive number; got -1"):
        f_beta(r, TREC, 5, beta=-1)
    with pytest.raises(ValueError, match=r"beta must be a positive number; got 0"):
        f_beta(r, TREC, 5, beta=0)  # F_0 would be precision, not an F measure


# LIST under TREC: R = 6 (ranks 1, 3, 4, 7 and the two unretrieved), N = 3 judged non-relevant
# (ranks 2, 5, 8), the first relevant document at rank 1, rank 6 unjudged.
@pytest.mark.parametrize(
    ("measure", "k", "kwargs", "name", "details", "cutoff"),
    [
        (precision, 5, {}, "P@5", {"R": 6, "depth": 5}, 5),
        (recall, 3, {}, "R@3", {"R": 6}, 3),
        (f_beta, 5, {}, "F1@5", {"R": 6, "beta": 1.0}, 5),
        (f_beta, 5, {"beta": 2.0}, "F(beta=2)@5", {"R": 6, "beta": 2.0}, 5),
        (average_precision, None, {}, "AP", {"R": 6}, 8),
        (reciprocal_rank, 2, {}, "RR@2", {"first_relevant": 1.0}, 2),
        (r_precision, None, {}, "Rprec", {"R": 6}, 6),  # read to depth R
        (success, 1, {}, "Success@1", {"R": 6}, 1),
        (bpref, None, {}, "Bpref", {"R": 6, "N": 3}, 8),
        (judged_at, 4, {}, "Judged@4", {"depth": 4}, 4),
    ],
)
def test_each_result_names_itself_and_shows_its_working(measure, k, kwargs, name, details, cutoff):
    result = measure(ranked(LIST, POOL), TREC, k, **kwargs)
    assert (result.name, result.details) == (name, details)
    table = result.table
    assert table["judged"].tolist() == [True] * 5 + [False] + [True] * 2
    assert table["relevant"].tolist() == [True, False, True, True, False, False, True, False]
    assert table["in_cutoff"].tolist() == [rank <= cutoff for rank in range(1, 9)]
    assert table["in_cutoff"].dtype == bool  # a mask, also without a cutoff (AP, bpref)


def test_average_precision():
    r = ranked(LIST, POOL)
    # relevant at ranks 1, 3, 4, 7: P@1 = 1, P@3 = 2/3, P@4 = 3/4, P@7 = 4/7; divided by R = 6
    assert average_precision(r, TREC).value == pytest.approx(
        (1 + 2 / 3 + 3 / 4 + 4 / 7) / 6, abs=1e-15
    )
    # AP@4 (trec_eval map_cut.4): same denominator R
    assert average_precision(r, TREC, 4).value == pytest.approx((1 + 2 / 3 + 3 / 4) / 6, abs=1e-15)
    contributions = average_precision(r, TREC).table["contribution"].tolist()
    assert contributions == pytest.approx([1 / 6, 0, 2 / 18, 3 / 24, 0, 0, 4 / 42, 0], abs=1e-15)


def test_l1_average_precision_and_threshold():
    # Fixture L1: qrels {a:1, b:2, c:0}, run a > c > b: AP = (1/1 + 2/3)/2 = 0.8333;
    # with rel >= 2 (trec_eval -l2, ir_measures AP(rel=2)) only b counts: (1/3)/1 = 0.3333.
    r = ranked([1, 0, 2], doc_ids=["a", "c", "b"])
    assert average_precision(r, TREC).value == pytest.approx((1 + 2 / 3) / 2, abs=1e-15)
    assert round(average_precision(r, TREC).value, 4) == 0.8333
    at2 = average_precision(r, TREC.with_(rel_threshold=2.0))
    assert at2.value == pytest.approx(1 / 3, abs=1e-15)
    assert round(at2.value, 4) == 0.3333


def test_d12_average_precision_divides_by_all_relevant():
    # {x:1, y:0, z:1}, run x > y > v: one of two relevant retrieved -> AP = (1/1)/2 = 0.5000
    # (trec_eval, pytrec_eval, ranx, ir_measures; cwl would give 1.0).
    r = ranked([1, 0, None], [1], doc_ids=["x", "y", "v"])  # z (grade 1) not retrieved
    assert average_precision(r, TREC).value == 0.5


def test_reciprocal_rank():
    r = ranked([0, None, 0, 1, 2])
    assert reciprocal_rank(r, TREC).value == pytest.approx(1 / 4, abs=1e-15)
    assert reciprocal_rank(r, TREC, 3).value == 0.0  # RR@3: nothing relevant in top 3
    assert reciprocal_rank(r, TREC.with_(rel_threshold=2.0)).value == pytest.approx(
        1 / 5, abs=1e-15
    )
    assert reciprocal_rank(ranked([0, 0], [1]), TREC).value == 0.0  # none retrieved


def test_r_precision():
    r = ranked(LIST, POOL)  # R = 6: relevant in the top 6 are ranks 1, 3, 4 -> 3/6
    assert r_precision(r, TREC).value == pytest.approx(3 / 6, abs=1e-15)
    # list shorter than R: trec_eval counts relevant in the top min(n, R), divides by R
    short = ranked([1, 1], [1, 1, 1])
    assert r_precision(short, TREC).value == pytest.approx(2 / 5, abs=1e-15)


def test_success_at_k():
    r = ranked([0, 0, 1])
    assert success(r, TREC, 2).value == 0.0
    assert success(r, TREC, 3).value == 1.0
    assert success(ranked([1, 1, 1]), TREC, 3).value == 1.0  # one credit, not three


def test_judged_at_k():
    r = ranked([1, None, 0, None, None])
    assert judged_at(r, TREC, 2).value == pytest.approx(1 / 2, abs=1e-15)
    assert judged_at(r, TREC, 5).value == pytest.approx(2 / 5, abs=1e-15)
    # a list shorter than k divides by its length (ir_measures): 2 judged of 5 retrieved
    assert judged_at(r, TREC, 10).value == pytest.approx(2 / 5, abs=1e-15)
    assert judged_at(ranked([]), TREC, 10).value == 0.0
    # its working: depth min(k, n) = 2, rank 1 judged within k, ranks 3.. outside it
    at2 = judged_at(r, TREC, 2)
    assert (at2.name, at2.details) == ("Judged@2", {"depth": 2})
    assert at2.table["in_cutoff"].tolist() == [True, True, False, False, False]
    assert at2.table["contribution"].tolist() == [1 / 2, 0, 0, 0, 0]


def test_counts():
    assert counts(ranked(LIST, POOL), TREC) == {
        "num_ret": 8,
        "num_rel": 6,
        "num_rel_ret": 4,
    }
    assert counts(ranked(LIST, POOL), TREC, 3)["num_rel_ret"] == 2


# --- T1 ties ---------------------------------------------------------------------------------


def test_t1_tie_break_rr_and_p1():
    # Fixture T1: qrels {d1:1, d2:0, d3:0}, run [(d1,1.0),(d2,1.0),(d3,0.5)].
    r = ranked([1, 0, 0], doc_ids=["d1", "d2", "d3"], scores=[1.0, 1.0, 0.5])
    # trec_eval / pytrec_eval: docno descending puts d2 first -> RR 0.5, P@1 0
    assert reciprocal_rank(r, TREC).value == 0.5
    assert precision(r, TREC, 1).value == 0.0
    # ranx: input order -> RR 1, P@1 1
    assert reciprocal_rank(r, C.RANX).value == 1.0
    assert precision(r, C.RANX, 1).value == 1.0
    # ranx with the run listed d2 first: RR 0.5
    swapped = ranked([0, 1, 0], doc_ids=["d2", "d1", "d3"], scores=[1.0, 1.0, 0.5])
    assert reciprocal_rank(swapped, C.RANX).value == 0.5


def test_d9_sorts_above_d10():
    # {d10:1, d9:0}, both scored 2.0: strcmp puts "d9" first -> RR 0.5 in trec_eval.
    r = ranked([1, 0], doc_ids=["d10", "d9"], scores=[2.0, 2.0])
    assert reciprocal_rank(r, TREC).value == 0.5


# --- negative grades and bpref (fixtures N1, N2) ---------------------------------------------


def n1() -> Ranking:
    # N1: qrels {n:-1, a:1, b:2, c:0}, run n > a > c > b
    return ranked([-1, 1, 0, 2], doc_ids=["n", "a", "c", "b"], scores=[4, 3, 2, 1])


def test_bpref_n1_negative_as_unjudged():
    # trec_eval: n is "in the pool but unjudged", skipped. R = 2, N = 1 (c).
    # a: no judged non-relevant above -> 1; b: c above -> 1 - min(1,2)/min(1,2) = 0.
    result = bpref(n1(), TREC)
    assert result.value == pytest.approx((1 + 0) / 2, abs=1e-15)
    assert round(result.value, 4) == 0.5000
    assert result.details == {"R": 2, "N": 1}
    assert result.name == "Bpref"  # no cutoff, whatever k is given
    assert bpref(n1(), TREC, 1).name == "Bpref"


def test_bpref_n1_negative_as_judged_non_relevant():
    # ranx counts n as judged non-relevant ('clip' to 0): N = 2 (n, c).
    # a: n above -> 1 - min(1,2)/min(2,2) = 1/2; b: n, c above -> 1 - 2/2 = 0.
    result = bpref(n1(), TREC.with_(negative="clip"))
    assert result.value == pytest.approx((1 / 2 + 0) / 2, abs=1e-15)
    assert round(result.value, 4) == 0.2500


def test_bpref_n2_no_judged_non_relevant():
    # N2: qrels {p:1, q:1}, run zz > p > q (zz unjudged): no judged non-relevant at all, every
    # relevant document scores 1 -> bpref 1.0 (trec_eval; ranx gives NaN, ranx#66).
    r = ranked([None, 1, 1], doc_ids=["zz", "p", "q"])
    assert bpref(r, TREC).value == 1.0


def test_bpref_counts_at_most_r_non_relevant():
    # R = 1, N = 3: relevant doc under 3 non-relevant -> 1 - min(3,1)/min(3,1) = 0;
    # unretrieved relevant documents still count in R.
    assert bpref(ranked([0, 0, 0, 1]), TREC).value == 0.0
    # R = 2 (one unretrieved), N = 1: doc at rank 2 -> 1 - 1/1 = 0; (0 + 0)/2
    assert bpref(ranked([0, 1], [1]), TREC).value == 0.0
    # R = 3, N = 2: rank 1 relevant -> 1; rank 3 (one nonrel above) -> 1 - 1/2; /3
    assert bpref(ranked([1, 0, 1, 0], [1]), TREC).value == pytest.approx((1 + 1 / 2) / 3, abs=1e-15)


def test_n1_measures_without_judged_only():
    # trec_eval without -J on N1: map 0.5, RR 0.5 (n counts as a non-relevant rank).
    assert average_precision(n1(), TREC).value == pytest.approx((1 / 2 + 2 / 4) / 2, abs=1e-15)
    assert reciprocal_rank(n1(), TREC).value == 0.5


def test_n1_judged_at_2_depends_on_the_negative_policy():
    # trec_eval 10 unj.2 = 0.5 (n is unjudged): Judged@2 = 1/2; ir_measures' Judged@2 counts n
    # as judged ("in the qrels") = 1.0, which is the 'clip' policy here.
    assert judged_at(n1(), TREC, 2).value == 0.5
    assert judged_at(n1(), TREC.with_(negative="clip"), 2).value == 1.0


def test_negative_grade_rejected_by_default_names_the_grade():
    with pytest.raises(ValueError, match=r"negative grade -1"):
        precision(n1(), C.TEXTBOOK, 2)


# --- queries with nothing relevant -----------------------------------------------------------


@pytest.mark.parametrize(
    "measure",
    [
        precision,
        recall,
        f_beta,
        average_precision,
        reciprocal_rank,
        r_precision,
        success,
        bpref,
    ],
)
def test_nothing_relevant_scores_zero(measure):
    r = ranked([0, None, 0], [0])
    result = measure(r, TREC, 3)
    assert result.value == 0.0
    assert result.table["contribution"].sum() == 0.0


@pytest.mark.parametrize("measure", [precision, recall, average_precision, success])
def test_cutoff_below_1_is_named(measure):
    with pytest.raises(ValueError, match=r"cutoff k must be a whole number of at least 1; got -2"):
        measure(ranked([1, 0]), TREC, -2)


def test_set_ap_is_set_precision_times_set_recall_whatever_the_order():
    # retrieved grades 3, 0, unjudged, 1 (n = 4); judged but not retrieved: 2. Relevant (>= 1):
    # 3 and 1 retrieved (h = 2), R = 3 with the unretrieved 2: SetP = 2/4, SetR = 2/3
    r = ranked([3, 0, None, 1], [2])
    result = set_ap(r, TREC)
    assert result.value == pytest.approx((2 / 4) * (2 / 3), abs=1e-15)
    assert result.table["contribution"].sum() == pytest.approx(result.value, abs=1e-15)
    assert set_ap(ranked([1, None, 0, 3], [2]), TREC).value == pytest.approx(1 / 3)
    assert set_ap(ranked([0, 0], [1]), TREC).value == 0.0  # nothing relevant retrieved
    assert set_ap(ranked([], [1]), TREC).value == 0.0  # empty list
    assert set_ap(r, TREC.with_(rel_threshold=2.0)).value == pytest.approx(
        (1 / 4) * (1 / 2)  # relevant >= 2: the 3 retrieved, R = 2 (3 and the unretrieved 2)
    )
