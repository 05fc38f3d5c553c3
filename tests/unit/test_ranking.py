"""The input model of one query (`rankwork.core.ranking`): validation messages, tie policies,
float32 scores and the negative-grade policies. Tie fixtures T1, F1 and 'd9' vs 'd10' are from
shared/research/library-conventions.md (D1, D2)."""

from __future__ import annotations

import math

import numpy as np
import pytest

from rankwork.core import conventions as C
from rankwork.core.ranking import MAX_DOCS, Ranking, RankingError, check_cutoff, order


def ids(ordered) -> list[str]:
    return list(ordered.doc_ids)


# --- building and validating -----------------------------------------------------------------


def test_build_defaults():
    r = Ranking.build([2, None, "", float("nan"), 0.5])
    assert r.doc_ids == ("d1", "d2", "d3", "d4", "d5")
    assert np.isnan(r.grades[1:4]).all()
    assert r.grades[0] == 2 and r.grades[4] == 0.5
    assert r.scores is None and r.unretrieved.size == 0
    assert r.scale_max == 2.0  # the largest grade present
    assert Ranking.build([0, 0]).scale_max == 1.0  # never below 1
    assert Ranking.build([1], unretrieved=[3]).scale_max == 3.0
    assert len(r) == 5


def test_build_is_read_only():
    r = Ranking.build([1, 2], scores=[0.5, 0.2], unretrieved=[1])
    for arr in (r.grades, r.scores, r.unretrieved):
        with pytest.raises(ValueError):
            arr[0] = 9


@pytest.mark.parametrize(
    ("grades", "message"),
    [
        (["abc"], r"Grade at rank 1: 'abc' is not a number"),
        ([1, "x2"], r"Grade at rank 2: 'x2' is not a number"),
        ([1, float("inf")], r"Grade at rank 2: inf is infinite"),
        (["-inf"], r"Grade at rank 1: '-inf' is infinite"),
        ([True], r"Grade at rank 1: True is not a grade"),
        ([[1, 2]], r"Grade at rank 1: \[1, 2\] is not a number"),
    ],
)
def test_bad_grades_are_named(grades, message):
    with pytest.raises(RankingError, match=message):
        Ranking.build(grades)


def test_ranking_error_is_a_value_error():
    assert issubclass(RankingError, ValueError)


def test_bad_unretrieved_grades():
    with pytest.raises(RankingError, match=r"Unretrieved grade 2: 'high' is not a number"):
        Ranking.build([1], unretrieved=[1, "high"])
    with pytest.raises(RankingError, match=r"not retrieved needs a grade"):
        Ranking.build([1], unretrieved=[None])


def test_duplicate_doc_ids_are_named_with_their_ranks():
    with pytest.raises(RankingError, match=r"Doc id 'd2' appears twice \(ranks 2 and 4\)"):
        Ranking.build([1, 0, 1, 0], doc_ids=["d1", "d2", "d3", "d2"])
    # ids are stripped before comparing
    with pytest.raises(RankingError, match=r"Doc id 'a' appears twice"):
        Ranking.build([1, 0], doc_ids=["a", " a "])


def test_doc_id_and_score_shape_errors():
    with pytest.raises(RankingError, match=r"3 doc ids for 2 grades"):
        Ranking.build([1, 0], doc_ids=["a", "b", "c"])
    with pytest.raises(RankingError, match=r"doc id at rank 2 is empty"):
        Ranking.build([1, 0], doc_ids=["a", "  "])
    with pytest.raises(RankingError, match=r"1 scores for 2 grades"):
        Ranking.build([1, 0], scores=[0.5])
    with pytest.raises(RankingError, match=r"Score at rank 2: 'high' is not a number"):
        Ranking.build([1, 0], scores=[0.5, "high"])
    with pytest.raises(RankingError, match=r"Score at rank 1: nan is not a finite number"):
        Ranking.build([1, 0], scores=[float("nan"), 0.5])
    with pytest.raises(RankingError, match=r"Score at rank 2: inf is not a finite number"):
        Ranking.build([1, 0], scores=[0.5, math.inf])


def test_scale_max_errors_name_the_values():
    with pytest.raises(RankingError, match=r"Grade 4 is above the scale's maximum 3"):
        Ranking.build([1, 4], scale_max=3)
    with pytest.raises(RankingError, match=r"Grade 5 is above the scale's maximum 3"):
        Ranking.build([1], unretrieved=[5], scale_max=3)
    with pytest.raises(RankingError, match=r"scale's maximum must be a positive number; got 0"):
        Ranking.build([0], scale_max=0)


def test_too_many_documents():
    with pytest.raises(RankingError, match=rf"{MAX_DOCS + 1} documents; at most {MAX_DOCS}"):
        Ranking.build([0] * (MAX_DOCS + 1))


@pytest.mark.parametrize("k", [0, -1, 2.5, True, math.nan])
def test_cutoff_must_be_a_whole_number_of_at_least_1(k):
    with pytest.raises(
        ValueError, match=rf"cutoff k must be a whole number of at least 1; got {k}"
    ):
        check_cutoff(k)


def test_cutoff_accepts_whole_numbers():
    assert check_cutoff(None) is None
    assert check_cutoff(5) == 5
    assert check_cutoff(5.0) == 5 and isinstance(check_cutoff(5.0), int)
    assert check_cutoff(np.int64(3)) == 3


# --- order: no scores, tie policies ----------------------------------------------------------


def test_without_scores_the_input_order_is_the_ranking():
    r = Ranking.build([0, 1, 2], doc_ids=["z", "a", "m"])
    for preset in C.PRESETS.values():
        o = order(r, preset)
        assert ids(o) == ["z", "a", "m"]
        assert o.tie_group.tolist() == [0, 1, 2]


def t1() -> Ranking:
    # Fixture T1: qrels {d1:1, d2:0, d3:0}, run [(d1,1.0),(d2,1.0),(d3,0.5)]
    return Ranking.build([1, 0, 0], doc_ids=["d1", "d2", "d3"], scores=[1.0, 1.0, 0.5])


def test_t1_docno_desc_puts_d2_first():
    o = order(t1(), C.TREC_EVAL_NDCG_CUT)
    assert ids(o) == ["d2", "d1", "d3"]
    assert o.grades.tolist() == [0, 1, 0]
    assert o.scores.tolist() == [1.0, 1.0, 0.5]
    assert o.tie_group.tolist() == [0, 0, 1]


def test_t1_input_reverse_and_average():
    assert ids(order(t1(), C.RANX)) == ["d1", "d2", "d3"]  # input order
    assert ids(order(t1(), C.SKLEARN.with_(ties="reverse_input"))) == ["d2", "d1", "d3"]
    averaged = order(t1(), C.SKLEARN)  # input order, tie groups marked for DCG
    assert ids(averaged) == ["d1", "d2", "d3"]
    assert averaged.tie_group.tolist() == [0, 0, 1]


def test_reverse_input_is_not_docno_order():
    r = Ranking.build([1, 0, 0], doc_ids=["b", "c", "a"], scores=[1, 1, 1])
    assert ids(order(r, C.TEXTBOOK.with_(ties="reverse_input"))) == ["a", "c", "b"]
    assert ids(order(r, C.TEXTBOOK)) == ["c", "b", "a"]  # docno descending


def test_d9_sorts_above_d10_in_byte_order():
    # strcmp compares bytes: '9' (0x39) > '1' (0x31), so "d9" > "d10".
    r = Ranking.build([1, 0], doc_ids=["d10", "d9"], scores=[2.0, 2.0])
    assert ids(order(r, C.TREC_EVAL_NDCG_CUT)) == ["d9", "d10"]
    # upper case sorts below lower case in bytes ('D' 0x44 < 'd' 0x64)
    r = Ranking.build([1, 0], doc_ids=["D1", "d1"], scores=[1.0, 1.0])
    assert ids(order(r, C.TREC_EVAL_NDCG_CUT)) == ["d1", "D1"]
    # non-ASCII ids compare by their UTF-8 bytes: 'é' (0xC3 0xA9) > 'z' (0x7A)
    r = Ranking.build([1, 0], doc_ids=["z", "é"], scores=[1.0, 1.0])
    assert ids(order(r, C.TREC_EVAL_NDCG_CUT)) == ["é", "z"]


def test_scores_sort_descending_before_ties():
    r = Ranking.build([0, 1, 2, 3], doc_ids=["a", "b", "c", "d"], scores=[0.1, 0.9, 0.5, 0.9])
    assert ids(order(r, C.TREC_EVAL_NDCG_CUT)) == ["d", "b", "c", "a"]
    assert ids(order(r, C.RANX)) == ["b", "d", "c", "a"]
    assert order(r, C.RANX).tie_group.tolist() == [0, 0, 1, 2]


def test_f1_float32_hidden_tie():
    # Fixture F1: qrels {a:1, b:0}, run [(a,0.1000000002),(b,0.1000000001)]: a really is higher.
    r = Ranking.build([1, 0], doc_ids=["a", "b"], scores=[0.1000000002, 0.1000000001])
    assert np.float32(0.1000000002) == np.float32(0.1000000001)  # the hidden tie
    # float64 (trec_eval 10, ranx): a first
    assert ids(order(r, C.TREC_EVAL_NDCG_CUT)) == ["a", "b"]
    # float32 (trec_eval 9.0.8, pytrec_eval, ir_measures): tie, docno desc puts b first
    o = order(r, C.IR_MEASURES)
    assert ids(o) == ["b", "a"]
    assert o.tie_group.tolist() == [0, 0]


# --- negative grades -------------------------------------------------------------------------


def test_negative_grade_policies():
    r = Ranking.build([-1, 2, -2], unretrieved=[1, -3])
    with pytest.raises(RankingError, match=r"The ranked list has the negative grade -1"):
        order(r, C.TEXTBOOK)  # 'reject'
    clipped = order(r, C.GDEVAL)  # 'clip'
    assert clipped.grades.tolist() == [0, 2, 0]
    assert clipped.unretrieved.tolist() == [1, 0]
    unjudged = order(r, C.TREC_EVAL_NDCG_CUT)  # 'unjudged' (trec_eval)
    assert np.isnan(unjudged.grades[[0, 2]]).all() and unjudged.grades[1] == 2
    assert unjudged.unretrieved.tolist() == [1]  # dropped from the judged pool
    assert unjudged.judged_pool.tolist() == [2, 1]
    kept = order(r, C.TEXTBOOK.with_(negative="keep"))  # scikit-learn dcg_score: as they are
    assert kept.grades.tolist() == [-1, 2, -2]
    assert kept.unretrieved.tolist() == [1, -3]


def test_negative_unretrieved_grade_rejected_names_it():
    with pytest.raises(RankingError, match=r"unretrieved documents has the negative grade -0.5"):
        order(Ranking.build([1], unretrieved=[-0.5]), C.TEXTBOOK)


def test_negative_policy_does_not_change_the_input():
    r = Ranking.build([-1, 1])
    order(r, C.GDEVAL)
    assert r.grades.tolist() == [-1, 1]


# --- ints beyond any double (issue 33.5) -----------------------------------------------------

HUGE = 10**400  # float(HUGE) raises OverflowError: a double stops near 1.8e308


@pytest.mark.parametrize(
    ("kwargs", "where"),
    [
        ({"grades": [HUGE]}, "Grade at rank 1"),
        ({"grades": [1, -HUGE]}, "Grade at rank 2"),
        ({"grades": [1], "unretrieved": [2, HUGE]}, "Unretrieved grade 2"),
        ({"grades": [1, 2], "scores": [0.5, HUGE]}, "Score at rank 2"),
        ({"grades": [1], "scale_max": HUGE}, "The grade scale's maximum"),
    ],
)
def test_an_int_beyond_a_double_is_a_ranking_error_naming_it(kwargs, where):
    with pytest.raises(RankingError) as caught:
        Ranking.build(**kwargs)
    said = str(caught.value)
    # the value named by its first digits and its length: 10**400 has 401 digits
    assert said.startswith(
        f"{where}: 100000000000... (401 digits) is too large"
    ) or said.startswith(f"{where}: -10000000000... (401 digits) is too large")
    assert "1.8e308" in said


@pytest.mark.parametrize(
    "changes",
    [
        {"log_base": HUGE},
        {"rbp_p": HUGE},
        {"err_gmax": HUGE},
        {"rbp_gmax": HUGE},
        {"rel_threshold": HUGE},
        {"gain": "custom", "gain_map": ((0, 0), (1, HUGE))},
    ],
)
def test_a_convention_number_beyond_a_double_is_a_value_error(changes):
    with pytest.raises(ValueError, match=r"100000000000\.\.\. \(401 digits\) is too large"):
        C.TEXTBOOK.with_(**changes)
