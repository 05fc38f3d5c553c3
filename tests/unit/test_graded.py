"""Hand-worked and published examples for DCG, IDCG, nDCG, ERR and RBP
(`rankwork.core.measures.families`: dcg, err, rbp).

Every expected value is either arithmetic written out here, or a number published elsewhere
(Wikipedia's DCG article, ranx's test suite, Järvelin & Kekäläinen 2002, and the 4-decimal
outputs of the real tools in shared/research/library-conventions.md, cited by fixture name).
"""

from __future__ import annotations

from math import log, log2

import numpy as np
import pytest

from rankwork.core import conventions as C
from rankwork.core.measures.families.dcg import dcg as dcg_measure
from rankwork.core.measures.families.dcg import idcg as idcg_measure
from rankwork.core.measures.families.dcg import ndcg
from rankwork.core.measures.families.err import err
from rankwork.core.measures.families.rbp import rbp
from rankwork.core.ranking import Ranking

LINEAR = C.TEXTBOOK.with_(gain="linear")  # 1/log2(i+1), ideal from all judged documents, cut at k


def g1(scale_max: float | None = None) -> Ranking:
    """Fixture G1 of the research note: qrels {a:3, b:2, c:1, d:1, e:0},
    run [(c,3.0), (a,2.0), (u,1.5), (e,1.0)]: b and d never retrieved, u unjudged."""
    return Ranking.build(
        [1, 3, None, 0],
        doc_ids=["c", "a", "u", "e"],
        scores=[3.0, 2.0, 1.5, 1.0],
        unretrieved=[2, 1],
        scale_max=scale_max,
    )


# --- DCG / IDCG / nDCG -----------------------------------------------------------------------


def test_wikipedia_dcg_example_linear_gain():
    # Wikipedia, "Discounted cumulative gain": grades 3,2,3,0,1,2 retrieved; two more judged
    # documents (grades 3 and 2) were not retrieved. Linear gain, 1/log2(i+1).
    ranking = Ranking.build([3, 2, 3, 0, 1, 2], unretrieved=[3, 2])
    result = ndcg(ranking, LINEAR, 6)
    dcg = 3 + 2 / log2(3) + 3 / log2(4) + 0 / log2(5) + 1 / log2(6) + 2 / log2(7)
    # ideal: the 8 judged grades sorted, 3,3,3,2,2,2,1,0, cut at 6
    idcg = 3 + 3 / log2(3) + 3 / log2(4) + 2 / log2(5) + 2 / log2(6) + 2 / log2(7)
    assert result.details["DCG"] == pytest.approx(dcg, abs=1e-12)
    assert result.details["IDCG"] == pytest.approx(idcg, abs=1e-12)
    assert result.value == pytest.approx(dcg / idcg, abs=1e-12)
    # the article's published 3-decimal values
    assert round(result.details["DCG"], 3) == 6.861
    assert round(result.details["IDCG"], 3) == 8.740
    assert round(result.value, 3) == 0.785
    # the breakdown is the article's table: per-rank terms and running sums
    table = result.table
    assert table["dcg_contribution"].iloc[:6].tolist() == pytest.approx(
        [3, 2 / log2(3), 3 / 2, 0, 1 / log2(6), 2 / log2(7)], abs=1e-12
    )
    assert table["ideal_grade"].iloc[:6].tolist() == [3, 3, 3, 2, 2, 2]
    assert table["cum_dcg"].iloc[5] == pytest.approx(dcg, abs=1e-12)
    assert table["contribution"].sum() == pytest.approx(result.value, abs=1e-12)


def test_dcg_and_idcg_results_agree_with_ndcg_details():
    ranking = Ranking.build([3, 2, 3, 0, 1, 2], unretrieved=[3, 2])
    dcg = dcg_measure(ranking, LINEAR, 6)
    idcg = idcg_measure(ranking, LINEAR, 6)
    assert dcg.name == "DCG@6" and idcg.name == "IDCG@6"
    assert dcg.value == pytest.approx(
        3 + 2 / log2(3) + 3 / 2 + 1 / log2(6) + 2 / log2(7), abs=1e-12
    )
    assert idcg.value == pytest.approx(
        3 + 3 / log2(3) + 3 / 2 + 2 / log2(5) + 2 / log2(6) + 2 / log2(7), abs=1e-12
    )
    assert dcg.table["contribution"].sum() == pytest.approx(dcg.value, abs=1e-12)
    assert dcg.details == idcg.details == ndcg(ranking, LINEAR, 6).details
    assert idcg.table["contribution"].sum() == pytest.approx(idcg.value, abs=1e-12)


def test_unretrieved_judged_document_lowers_ndcg():
    # grades [1,2,0,2,1]; judged pool {2,2,2,1,1}: the third 2 was not retrieved.
    ranking = Ranking.build([1, 2, 0, 2, 1], unretrieved=[2])
    dcg = 1 + 2 / log2(3) + 0 / log2(4) + 2 / log2(5) + 1 / log2(6)
    idcg = 2 + 2 / log2(3) + 2 / log2(4) + 1 / log2(5) + 1 / log2(6)
    result = ndcg(ranking, LINEAR, 5)
    assert result.value == pytest.approx(dcg / idcg, abs=1e-12)
    assert round(result.value, 4) == 0.6910


def test_exponential_gain_dcg():
    # 2^g - 1: grade 3 gains 7, grade 2 gains 3.
    result = dcg_measure(Ranking.build([3, 2, 3]), C.TEXTBOOK, 3)
    assert result.value == pytest.approx(7 + 3 / log2(3) + 7 / 2, abs=1e-12)
    assert round(result.value, 3) == 12.393


def test_linear_and_exponential_gain_coincide_on_binary_grades():
    # 2^1 - 1 = 1: on grades 0/1 the gain choice cannot show.
    ranking = Ranking.build([1, 0, 1, 1, 0], unretrieved=[1])
    dcg = 1 + 1 / log2(4) + 1 / log2(5)
    idcg = 1 + 1 / log2(3) + 1 / log2(4) + 1 / log2(5)  # four relevant documents in the pool
    for conv in (LINEAR, C.TEXTBOOK):
        assert ndcg(ranking, conv, 5).value == pytest.approx(dcg / idcg, abs=1e-12)


def test_custom_gain_map():
    # gains {0:0, 1:1, 2:3, 3:7} are 2^g - 1 written out, so nDCG equals the exponential one.
    ranking = Ranking.build([3, 0, 2, 1], unretrieved=[3])
    custom = C.TEXTBOOK.with_(gain="custom", gain_map=((0, 0), (1, 1), (2, 3), (3, 7)))
    dcg = 7 + 0 + 3 / 2 + 1 / log2(5)
    idcg = 7 + 7 / log2(3) + 3 / 2 + 1 / log2(5)
    assert ndcg(ranking, custom, 4).value == pytest.approx(dcg / idcg, abs=1e-12)
    assert ndcg(ranking, C.TEXTBOOK, 4).value == pytest.approx(dcg / idcg, abs=1e-12)


def test_gain_map_missing_a_grade_names_it():
    custom = C.TEXTBOOK.with_(gain="custom", gain_map=((0, 0), (1, 1), (3, 7)))
    with pytest.raises(ValueError, match=r"no gain for grade 2; it lists grades 0, 1, 3"):
        ndcg(Ranking.build([3, 2, 1]), custom, 3)
    # a grade only in the unretrieved pool is looked up too (it enters IDCG)
    with pytest.raises(ValueError, match=r"grade 2"):
        ndcg(Ranking.build([3, 1], unretrieved=[2]), custom, 3)


# --- fixture G1 under every preset (research note, D3) ---------------------------------------

# Grades of G1 in score order: c=1, a=3, u=unjudged, e=0. Unretrieved: b=2, d=1.
G1_LINEAR_DCG = 1 + 3 / log2(3)
G1_LINEAR_IDCG = 3 + 2 / log2(3) + 1 / log2(4) + 1 / log2(5)  # ideal 3,2,1,1 from the qrels
G1_EXP_DCG = 1 + 7 / log2(3)
G1_EXP_IDCG = 7 + 3 / log2(3) + 1 / log2(4) + 1 / log2(5)


@pytest.mark.parametrize(
    ("preset", "expected", "published"),
    [
        # trec_eval ndcg_cut.5 / ndcg, pytrec_eval, ir_measures nDCG@5, ranx ndcg@5
        ("trec_eval ndcg_cut", G1_LINEAR_DCG / G1_LINEAR_IDCG, 0.5571),
        ("trec_eval ndcg", G1_LINEAR_DCG / G1_LINEAR_IDCG, 0.5571),
        ("ir_measures", G1_LINEAR_DCG / G1_LINEAR_IDCG, 0.5571),
        ("ranx ndcg", G1_LINEAR_DCG / G1_LINEAR_IDCG, 0.5571),
        # ranx ndcg_burges@5, gdeval (natural log: the base cancels), trec_eval with 2^g-1 gains
        ("ranx ndcg_burges", G1_EXP_DCG / G1_EXP_IDCG, 0.5514),
        ("gdeval", G1_EXP_DCG / G1_EXP_IDCG, 0.5514),
        ("Textbook", G1_EXP_DCG / G1_EXP_IDCG, 0.5514),
        # sklearn ndcg_score(k=5) on the 4 retrieved items: ideal 3,1,0,0 from the list
        ("scikit-learn", G1_LINEAR_DCG / (3 + 1 / log2(3)), 0.7967),
        # LightGBM / XGBoost ndcg@5: exponential gain, ideal from the list
        ("LightGBM / XGBoost", G1_EXP_DCG / (7 + 1 / log2(3)), 0.7098),
    ],
)
def test_g1_presets(preset, expected, published):
    result = ndcg(g1(), C.preset(preset), 5)
    assert result.value == pytest.approx(expected, abs=1e-12)
    assert round(result.value, 4) == published


def test_g1_trec_eval_components():
    # trec_eval 10 prints dcg = 2.8928 and ideal_dcg = 5.1925 for G1 (research note, D3).
    result = ndcg(g1(), C.TREC_EVAL_NDCG, None)
    assert round(result.details["DCG"], 4) == 2.8928
    assert round(result.details["IDCG"], 4) == 5.1925


def test_g1_scaled_dcg_has_no_ideal_ranking():
    # cwl NDCG-5 = ir_measures SDCG(max_rel=3)@5: DCG of the gains g/3 over the sum of the
    # first 5 discounts, i.e. with linear gain the ideal is 5 documents of grade 3.
    sdcg = C.TEXTBOOK.with_(gain="linear", ideal="none")
    result = ndcg(g1(scale_max=3), sdcg, 5)
    ideal = 3 * (1 + 1 / log2(3) + 1 / log2(4) + 1 / log2(5) + 1 / log2(6))
    assert result.value == pytest.approx(G1_LINEAR_DCG / ideal, abs=1e-12)
    assert round(result.value, 4) == 0.3270
    assert result.table["ideal_grade"].tolist() == [3, 3, 3, 3, 3]


def test_scaled_dcg_with_a_gain_map_takes_the_maps_largest_gain():
    # ideal 'none' is k documents of the largest gain a document can have; with the map
    # {0:0, 1:5, 2:3} that is 5 (grade 1), not the gain 3 of the scale's top grade 2.
    # List [1, 2], k = 2, 1/log2(i+1): DCG@2 = 5 + 3/log2 3, IDCG@2 = 5 (1 + 1/log2 3).
    custom = C.TEXTBOOK.with_(gain="custom", gain_map=((0, 0), (1, 5), (2, 3)), ideal="none")
    result = ndcg(Ranking.build([1, 2], scale_max=2), custom, 2)
    assert result.details["IDCG"] == pytest.approx(5 * (1 + 1 / log2(3)), abs=1e-12)
    assert result.value == pytest.approx((5 + 3 / log2(3)) / (5 * (1 + 1 / log2(3))), abs=1e-12)


def test_g1_jarvelin_kekalainen_rank_b_discount():
    # JK 2002 with b = 2: ranks 1 and 2 are undiscounted, then 1/log2(i).
    dcg = 1 + 3
    idcg = 3 + 2 + 1 / log2(3) + 1 / log2(4)
    assert ndcg(g1(), C.JK2002, 5).value == pytest.approx(dcg / idcg, abs=1e-12)


def test_jk2002_paper_example():
    # Järvelin & Kekäläinen, TOIS 20(4) 2002, section 2.2: G' = <3,2,3,0,0,1,2,2,3,0>,
    # CG' = <3,5,8,8,8,9,11,13,16,16>, DCG' (b=2) = <3,5,6.89,6.89,6.89,7.28,7.99,8.66,9.61,9.61>.
    grades = [3, 2, 3, 0, 0, 1, 2, 2, 3, 0]
    ranking = Ranking.build(grades)
    table = dcg_measure(ranking, C.JK2002, 10).table
    assert table["discount"].tolist() == pytest.approx(
        [
            1,
            1,
            1 / log2(3),
            1 / 2,
            1 / log2(5),
            1 / log2(6),
            1 / log2(7),
            1 / 3,
            1 / log2(9),
            1 / log2(10),
        ],
        abs=1e-12,
    )
    assert np.round(table["cum_dcg"].to_numpy(), 2).tolist() == [
        3,
        5,
        6.89,
        6.89,
        6.89,
        7.28,
        7.99,
        8.66,
        9.61,
        9.61,
    ]
    flat = C.JK2002.with_(discount="flat")  # cumulated gain CG'
    assert dcg_measure(ranking, flat, 10).table["cum_dcg"].tolist() == [
        3,
        5,
        8,
        8,
        8,
        9,
        11,
        13,
        16,
        16,
    ]


def test_log_base_changes_dcg_but_not_ndcg():
    # sklearn dcg_score(log_base=10) on [3,2,1] = 15.8186 vs 4.7619 with base 2 (research, D3).
    ranking = Ranking.build([3, 2, 1])
    base2 = C.SKLEARN
    base10 = C.SKLEARN.with_(log_base=10.0)
    assert dcg_measure(ranking, base2).value == pytest.approx(3 + 2 / log2(3) + 1 / 2, abs=1e-12)
    assert dcg_measure(ranking, base10).value == pytest.approx(
        3 / np.log10(2) + 2 / np.log10(3) + 1 / np.log10(4), abs=1e-12
    )
    assert round(dcg_measure(ranking, base2).value, 4) == 4.7619
    assert round(dcg_measure(ranking, base10).value, 4) == 15.8186
    shuffled = Ranking.build([1, 3, 0, 2], unretrieved=[2])
    assert ndcg(shuffled, base10, 3).value == pytest.approx(
        ndcg(shuffled, base2, 3).value, abs=1e-12
    )


def test_ideal_cut_at_k_or_not():
    # trec_eval ndcg_cut.2 cuts the ideal at 2; ideal_cut=False (@2 here) keeps the whole ideal.
    ranking = Ranking.build([0, 1], unretrieved=[2, 2])
    dcg = 1 / log2(3)
    assert ndcg(ranking, C.TREC_EVAL_NDCG_CUT, 2).value == pytest.approx(
        dcg / (2 + 2 / log2(3)), abs=1e-12
    )
    uncut = C.TREC_EVAL_NDCG_CUT.with_(ideal_cut=False)
    assert ndcg(ranking, uncut, 2).value == pytest.approx(
        dcg / (2 + 2 / log2(3) + 1 / log2(4)), abs=1e-12
    )


def test_trec_eval_ndcg_ignores_k():
    # trec_eval's ndcg takes no cutoff (m_ndcg.c): asked with k = 2 on grades 0, 1, 2 (a 3 never
    # retrieved) it still reads the whole list and the whole ideal ranking 3, 2, 1.
    ranking = Ranking.build([0, 1, 2], unretrieved=[3])
    dcg = 1 / log2(3) + 2 / log2(4)
    idcg = 3 + 2 / log2(3) + 1 / log2(4)
    result = ndcg(ranking, C.TREC_EVAL_NDCG, 2)
    assert result.value == pytest.approx(dcg / idcg, abs=1e-12)
    assert (result.details["DCG"], result.details["IDCG"]) == pytest.approx((dcg, idcg))
    assert result.name == "nDCG"  # no @2: k does not apply
    assert "k does not apply" in result.note
    assert dcg_measure(ranking, C.TREC_EVAL_NDCG, 2).value == pytest.approx(dcg, abs=1e-12)


def test_k_beyond_the_list():
    # 2 retrieved documents, k = 4: the missing ranks gain nothing, IDCG@4 still reads 3 ideal.
    ranking = Ranking.build([1, 2], unretrieved=[1])
    result = ndcg(ranking, LINEAR, 4)
    assert result.value == pytest.approx(
        (1 + 2 / log2(3)) / (2 + 1 / log2(3) + 1 / log2(4)), abs=1e-12
    )
    assert len(result.table) == 3  # rows run to the longer of list and ideal
    assert result.details["nDCG"] == result.value
    assert result.table["in_cutoff"].tolist() == [True, True, True]  # rank 3 is within k = 4
    # gains of the list's ranks, then of the ideal ranking's 3 (1 rank past the list)
    assert result.table["gain"].tolist() == pytest.approx([1, 2, np.nan], nan_ok=True)
    assert result.table["ideal_gain"].tolist() == [2, 1, 1]
    cut = ndcg(ranking, LINEAR, 1).table
    assert cut["in_cutoff"].tolist() == [True, False]  # one rank within k = 1
    assert cut["dcg_contribution"].tolist() == [1.0, 0.0]


def test_documents_without_gain_are_not_in_the_ideal_ranking():
    # grade-0 documents (retrieved or not) gain nothing, so the ideal ranking of [1, 0] with
    # two more grade-0 documents judged is the one document of grade 1 (as trec_eval builds
    # it): the table runs to the list's 2 ranks, not to the 4 judged documents.
    result = ndcg(Ranking.build([1, 0], unretrieved=[0, 0]), LINEAR)
    assert len(result.table) == 2
    assert result.table["ideal_grade"].tolist() == pytest.approx([1, np.nan], nan_ok=True)


def test_l1_ndcg_ignores_relevance_threshold():
    # Fixture L1: qrels {a:1, b:2, c:0}, run a > c > b. trec_eval nDCG = 0.7602 with or
    # without -l2 (the threshold is for binary measures only).
    ranking = Ranking.build([1, 0, 2], doc_ids=["a", "c", "b"])
    expected = (1 + 2 / log2(4)) / (2 + 1 / log2(3))
    for threshold in (1.0, 2.0):
        conv = C.TREC_EVAL_NDCG.with_(rel_threshold=threshold)
        assert ndcg(ranking, conv).value == pytest.approx(expected, abs=1e-12)
    assert round(expected, 4) == 0.7602


# --- ties in DCG -----------------------------------------------------------------------------


def test_t1_sklearn_tie_averaged_ndcg():
    # Fixture T1: qrels {d1:1, d2:0, d3:0}, run [(d1,1.0),(d2,1.0),(d3,0.5)].
    # sklearn averages the tied gains (1+0)/2 over ranks 1 and 2.
    ranking = Ranking.build([1, 0, 0], doc_ids=["d1", "d2", "d3"], scores=[1.0, 1.0, 0.5])
    whole = ndcg(ranking, C.SKLEARN)
    assert whole.value == pytest.approx(0.5 * 1 + 0.5 / log2(3), abs=1e-12)
    assert round(whole.value, 4) == 0.8155
    at1 = ndcg(ranking, C.SKLEARN, 1)
    assert at1.value == pytest.approx(0.5, abs=1e-12)  # half the tie group's gain is at rank 1
    # ignore_ties=True: reverse input order inside ties, d2 first
    reverse = C.SKLEARN.with_(ties="reverse_input")
    assert round(ndcg(ranking, reverse).value, 4) == 0.6309
    assert ndcg(ranking, reverse, 1).value == 0.0
    # trec_eval (docno desc puts d2 first) and ranx (input order, d1 first)
    assert ndcg(ranking, C.TREC_EVAL_NDCG).value == pytest.approx(1 / log2(3), abs=1e-12)
    assert ndcg(ranking, C.TREC_EVAL_NDCG_CUT, 1).value == 0.0
    assert ndcg(ranking, C.RANX).value == 1.0
    assert ndcg(ranking, C.RANX, 1).value == 1.0


# --- queries with nothing relevant -----------------------------------------------------------


def test_empty_query_value_zero_or_one():
    ranking = Ranking.build([0, 0, None], unretrieved=[0])
    zero = ndcg(ranking, C.TREC_EVAL_NDCG_CUT, 3)
    one = ndcg(ranking, C.LIGHTGBM, 3)
    assert zero.value == 0.0 and one.value == 1.0
    assert "IDCG is 0" in zero.note and "nDCG is 0" in zero.note
    assert "nDCG is 1" in one.note and C.LIGHTGBM.name in one.note
    assert one.details["IDCG"] == 0.0
    # nothing to divide by: every rank's share of nDCG is 0, in both conventions
    for result in (zero, one):
        assert result.table["contribution"].tolist() == [0.0, 0.0, 0.0]
    assert ndcg(Ranking.build([]), C.TEXTBOOK, 5).value == 0.0


def test_lightgbm_four_groups():
    # Research note D4: four groups, LightGBM ndcg@1 = 0.5357 = XGBoost ndcg@1, and XGBoost
    # ndcg@1- (empty groups score 0) = 0.2857. Groups: tie [1,0,0] scores [1,1,.5]; all zero;
    # [1,3,2] scores [3,2,1]; tie [0,1,0] (scores tied at the top: input order puts 0 first).
    groups = [
        Ranking.build([1, 0, 0], scores=[1, 1, 0.5]),
        Ranking.build([0, 0, 0], scores=[3, 2, 1]),
        Ranking.build([1, 3, 2], scores=[3, 2, 1]),
        Ranking.build([0, 1, 0], scores=[1, 1, 1]),
    ]
    with_one = [ndcg(g, C.LIGHTGBM, 1).value for g in groups]
    assert with_one == pytest.approx([1, 1, 1 / 7, 0], abs=1e-12)  # group 3: gain 1 of 2^3-1
    assert round(float(np.mean(with_one)), 4) == 0.5357
    minus = C.LIGHTGBM.with_(empty_value=0.0)
    assert round(float(np.mean([ndcg(g, minus, 1).value for g in groups])), 4) == 0.2857


# --- ERR (research note, D10) ----------------------------------------------------------------


def test_err_binary_fixture_fixed_and_scale_max():
    # qrels {x:1, y:0, z:1}, run x, y, v: one relevant document at rank 1.
    ranking = Ranking.build([1, 0, None], doc_ids=["x", "y", "v"], unretrieved=[1])
    # gdeval / ir_measures ERR@5 (gmax 4): R_1 = (2^1-1)/2^4 = 1/16
    assert err(ranking, C.GDEVAL, 5).value == pytest.approx(1 / 16, abs=1e-15)
    # Chapelle with gmax = the scale's maximum (1): R_1 = 1/2
    assert err(ranking, C.TEXTBOOK, 5).value == pytest.approx(0.5, abs=1e-15)


def test_err_g1_fixture():
    # G1 grades in run order 1, 3, unjudged, 0.
    # gmax 4: R = 1/16, 7/16 -> ERR = 1/16 + (1 - 1/16) * 7/16 / 2
    r1, r2 = 1 / 16, 7 / 16
    result = err(g1(), C.IR_MEASURES, 5)
    assert result.value == pytest.approx(r1 + (1 - r1) * r2 / 2, abs=1e-15)
    assert round(result.value, 4) == 0.2676
    # gmax 3 (scale maximum): R = 1/8, 7/8
    r1, r2 = 1 / 8, 7 / 8
    textbook = err(g1(), C.TEXTBOOK, 5)
    assert textbook.value == pytest.approx(r1 + (1 - r1) * r2 / 2, abs=1e-15)
    assert round(textbook.value, 4) == 0.5078
    assert textbook.table["p_reach"].tolist() == pytest.approx(
        [1, 1 - r1, (1 - r1) * (1 - r2), (1 - r1) * (1 - r2)], abs=1e-15
    )
    assert textbook.details["p_satisfied"] == pytest.approx(1 - (1 - r1) * (1 - r2), abs=1e-15)
    # the top grade used (the formula on the page prints it) and the name with its cutoff
    assert result.details["gmax"] == 4.0 and textbook.details["gmax"] == 3.0
    assert (result.name, err(g1(), C.TEXTBOOK).name) == ("ERR@5", "ERR")


def test_err_default_top_grade_is_the_scales_not_the_lists():
    # issue 25's fixture: qrels {a: 1, b: 0, c: 3}, run a, b. The grade scale's top is 3 (c is
    # judged but not retrieved); the list's largest grade is only 1.
    ranking = Ranking.build([1, 0], doc_ids=["a", "b"], unretrieved=[3])
    # Textbook, gmax = the scale's maximum 3: R_a = (2^1 - 1)/2^3 = 1/8, R_b = (2^0 - 1)/2^3 = 0,
    # ERR@10 = R_a/1 + (1 - R_a) R_b/2 = 1/8 = 0.125. (gmax from the list, 1: R_a = 1/2, 0.5.)
    result = err(ranking, C.TEXTBOOK, 10)
    assert result.value == pytest.approx(0.125, abs=1e-15)
    assert result.details["gmax"] == 3.0
    # on the Playground's 0-4 scale the same list reads R_a = 1/2^4: ERR@10 = 1/16 = 0.0625
    on_four = Ranking.build([1, 0], doc_ids=["a", "b"], unretrieved=[3], scale_max=4)
    assert err(on_four, C.TEXTBOOK, 10).value == pytest.approx(1 / 16, abs=1e-15)


def test_err_cutoff():
    ranking = Ranking.build([0, 2, 4])
    r = [0, 3 / 16, 15 / 16]
    full = r[1] / 2 + (1 - r[1]) * r[2] / 3
    assert err(ranking, C.GDEVAL).value == pytest.approx(full, abs=1e-15)
    assert err(ranking, C.GDEVAL, 2).value == pytest.approx(r[1] / 2, abs=1e-15)
    assert err(ranking, C.GDEVAL, 1).value == 0.0


def test_err_gmax_below_the_largest_grade_names_both():
    with pytest.raises(ValueError, match=r"gmax = 3 is below the grade 4"):
        err(Ranking.build([4, 1]), C.TEXTBOOK.with_(err_gmax=3.0))


# --- RBP (research note, D11; ranx's tests) --------------------------------------------------


@pytest.mark.parametrize(("p", "published"), [(0.5, 0.7661), (0.8, 0.4526), (0.95, 0.1881)])
def test_rbp_binary_ranx_published(p, published):
    # ranx's test suite: relevant documents at ranks 1, 2, 6, 11, 17 of 20.
    relevant = (1, 2, 6, 11, 17)
    ranking = Ranking.build([1 if i in relevant else 0 for i in range(1, 21)])
    conv = C.TEXTBOOK.with_(rbp_p=p, rbp_gain="binary")
    result = rbp(ranking, conv)
    assert result.value == pytest.approx((1 - p) * sum(p ** (i - 1) for i in relevant), abs=1e-12)
    assert round(result.value, 4) == published
    # no unjudged document: the residual is the tail p^20 beyond the list
    assert result.details["residual"] == pytest.approx(p**20, abs=1e-15)


def test_rbp_g1_gain_mappings():
    # G1 with p = 0.8, grades in run order 1, 3, unjudged, 0; weights 0.2 * 0.8^(i-1).
    ranking = g1()
    binary1 = rbp(ranking, C.IR_MEASURES)  # RBP(p=0.8,rel=1): 0.2*(1 + 0.8)
    assert binary1.value == pytest.approx(0.2 * (1 + 0.8), abs=1e-12)
    assert round(binary1.value, 4) == 0.3600
    binary2 = rbp(ranking, C.IR_MEASURES.with_(rel_threshold=2.0))  # 0.2*0.8
    assert round(binary2.value, 4) == 0.1600
    raw = rbp(ranking, C.RANX)  # ranx rbp.8: 0.2*(1 + 3*0.8)
    assert raw.value == pytest.approx(0.2 * (1 + 3 * 0.8), abs=1e-12)
    assert round(raw.value, 4) == 0.6800
    scaled = rbp(ranking, C.TEXTBOOK)  # g/3: 0.2*(1/3 + 0.8)
    assert scaled.value == pytest.approx(0.2 * (1 / 3 + 0.8), abs=1e-12)
    assert round(scaled.value, 4) == 0.2267
    # residual (trec_eval rbp_resid.p=0.8 = cwl ResEU): unjudged u at rank 3 + the tail 0.8^4
    for result in (binary1, scaled):
        assert result.details["residual"] == pytest.approx(0.2 * 0.8**2 + 0.8**4, abs=1e-12)
        assert round(result.details["residual"], 4) == 0.5376
        assert result.details["upper"] == pytest.approx(
            result.value + result.details["residual"], abs=1e-15
        )
    # the largest gain a rank can have: 1 for binary and g/gmax, the top grade 3 for raw
    # grades, whose residual is that many times the weight left: 3 (0.2 * 0.8^2 + 0.8^4)
    assert [r.details["top_gain"] for r in (binary1, scaled, raw)] == [1.0, 1.0, 3.0]
    assert raw.details["residual"] == pytest.approx(3 * (0.2 * 0.8**2 + 0.8**4), abs=1e-12)


def test_rbp_residual_includes_the_tail_like_cwl():
    # One judged relevant document at rank 1, p = 0.5: cwl's residual is 0.5 (tail to depth),
    # trec_eval's rbp_resid 0 (it drops the tail). RankLab follows cwl (research note, D11).
    result = rbp(Ranking.build([1]), C.TEXTBOOK.with_(rbp_p=0.5))
    assert result.value == 0.5
    assert result.details["residual"] == 0.5
    assert result.details["tail"] == 0.5


def test_rbp_graded_top_grade_below_the_data_names_it():
    with pytest.raises(ValueError, match=r"top grade 2 is below the grade 3"):
        rbp(Ranking.build([3, 1]), C.TEXTBOOK.with_(rbp_gmax=2.0))


def test_rbp_contributions_are_weight_times_gain():
    ranking = Ranking.build([2, None, 0, 1], scale_max=2)
    p = 0.8
    result = rbp(ranking, C.TEXTBOOK)
    weights = [(1 - p) * p**i for i in range(4)]
    assert result.table["weight"].tolist() == pytest.approx(weights, abs=1e-15)
    assert result.table["contribution"].tolist() == pytest.approx(
        [weights[0] * 1, 0, 0, weights[3] * 0.5], abs=1e-15
    )
    assert result.details["residual"] == pytest.approx(weights[1] + p**4, abs=1e-15)


def test_natural_log_discount_values():
    # gdeval divides by ln(i+1); as a 'log' discount with base e that is 1/log_e(i+1).
    table = dcg_measure(Ranking.build([1, 1, 1]), C.GDEVAL).table
    assert table["discount"].tolist() == pytest.approx(
        [1 / log(2), 1 / log(3), 1 / log(4)], abs=1e-15
    )


@pytest.mark.parametrize("measure", [ndcg, dcg_measure, idcg_measure, err])
def test_cutoff_below_1_is_named(measure):
    with pytest.raises(ValueError, match=r"cutoff k must be a whole number of at least 1; got 0"):
        measure(Ranking.build([1, 0]), C.TEXTBOOK, 0)
