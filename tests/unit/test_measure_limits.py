"""Issue 11: extreme parameters, grades and cutoffs end as a finite value or a ValueError with a
message, in the single-list core and in the batch evaluation alike (items 2, 3, 4 and 7).

Expected numbers are worked by hand in each test (or are gdeval's formula, computed exactly
with Python integers).
"""

from __future__ import annotations

import math
import tracemalloc

import numpy as np
import pandas as pd
import pytest

from rankwork.collection.batch import BatchError, evaluate
from rankwork.core import conventions as C
from rankwork.core.measures import MeasureNameError, parse
from rankwork.core.measures.families.dcg import ndcg as ndcg_measure
from rankwork.core.measures.families.err import stop_probability
from rankwork.core.measures.families.precision import precision
from rankwork.core.ranking import MAX_DOCS, Ranking

TREC = C.TREC_EVAL_NDCG_CUT
BIG = 1.7976931348623157e308  # the largest double


def collection(grades: dict[str, dict[str, float]], ranked: dict[str, list[str]]):
    """qrels and run DataFrames: grades[qid][docno]; ranked[qid] best first."""
    qrels = pd.DataFrame(
        [(q, d, float(g)) for q, docs in grades.items() for d, g in docs.items()],
        columns=["qid", "docno", "rel"],
    )
    run = pd.DataFrame(
        [(q, d, float(len(docs) - i)) for q, docs in ranked.items() for i, d in enumerate(docs)],
        columns=["qid", "docno", "score"],
    )
    return qrels, run


# ------------------------------------------------------------------ item 2: ERR's top grade


def test_err_with_a_top_grade_of_1024_in_the_textbook_preset():
    # Ranking.build([1024]): the scale's top is 1024, R_1 = (2^1024 - 1) / 2^1024 = 1 - 2^-1024,
    # which is 1.0 in a double (the spacing of doubles below 1 is 2^-53): ERR@10 = R_1 / 1.
    assert parse("ERR@10")(Ranking.build([1024]), C.TEXTBOOK).value == 1.0


def test_err_max_rel_1024_on_small_grades():
    # Grades 1, 2, gmax 1024: R_1 = 1 / 2^1024, R_2 = 3 / 2^1024 (subnormal, exact);
    # ERR = R_1 + (1 - R_1) R_2 / 2 = 2^-1024 + 1.5 * 2^-1024 = 2.5 * 2^-1024 (1 - R_1 is 1.0).
    expected = math.ldexp(2.5, -1024)
    single = parse("ERR(max_rel=1024)@10")(Ranking.build([1, 2]), TREC).value
    qrels, run = collection({"q": {"a": 1, "b": 2}}, {"q": ["a", "b"]})
    batch = evaluate(qrels, run, ["ERR(max_rel=1024)@10"]).per_query.iloc[0, 0]
    assert single == expected and batch == expected


@pytest.mark.parametrize("gmax", [1, 2, 3, 4, 5, 10, 30, 53])
def test_err_stop_probability_is_gdevals_formula_to_the_last_bit(gmax):
    # gdeval.pl: (2**$rel - 1) / (2**$max_grade), here with exact Python integers.
    grades = np.arange(gmax + 1, dtype=float)
    expected = [(2**g - 1) / 2**gmax for g in range(gmax + 1)]
    assert stop_probability(grades, float(gmax)).tolist() == expected


def test_exponential_gain_beyond_a_double_is_an_error_naming_the_grade():
    # 2^1024 - 1 is beyond the largest double; nDCG would be inf / inf = NaN.
    with pytest.raises(ValueError, match=r"grade 1024 is beyond the largest double"):
        parse("nDCG@10")(Ranking.build([1024]), C.TEXTBOOK)
    qrels, run = collection({"q": {"a": 1, "b": 1024}}, {"q": ["a", "b"]})
    with pytest.raises(BatchError, match=r"grade 1024 is beyond the largest double") as caught:
        evaluate(qrels, run, ["nDCG(dcg='exp-log2')@10"])
    assert caught.value.qrels_row == 1  # the line of grade 1024


# ---------------------------------------------------------------------- item 3: huge cutoffs


def traced_peak(function) -> tuple[object, int]:
    """function()'s result and the peak of the memory traced while it ran (numpy's arrays
    included: numpy reports its allocations to tracemalloc)."""
    tracemalloc.start()
    try:
        result = function()
        return result, tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


HUGE = ["1e9", "9223372036854775808", "1e300"]


@pytest.mark.parametrize("cutoff", HUGE)
def test_a_cutoff_past_every_list_costs_nothing_in_the_batch(cutoff):
    # q: a (grade 1) at rank 1, b (grade 2) at rank 2; linear gain.
    # nDCG = (1 + 2/log2 3) / (2 + 1/log2 3); R = 2/2; NumRet = 2; P = 2/k.
    qrels, run = collection({"q": {"a": 1, "b": 2}}, {"q": ["a", "b"]})
    names = [f"{family}@{cutoff}" for family in ("nDCG", "R", "NumRet", "P", "Judged", "AP")]
    result, peak = traced_peak(lambda: evaluate(qrels, run, names))
    values = result.per_query.iloc[0].tolist()
    ndcg = (1 + 2 / math.log2(3)) / (2 + 1 / math.log2(3))
    assert values[:3] == [pytest.approx(ndcg, rel=1e-15), 1.0, 2.0]
    assert values[3] == pytest.approx(2 / float(cutoff), rel=1e-15)
    assert values[4:] == [1.0, pytest.approx((1 / 1 + 2 / 2) / 2, rel=1e-15)]
    assert peak < 20 * 2**20  # bytes; nDCG@1e9 used to ask for 7.45 GiB


@pytest.mark.parametrize("cutoff", HUGE)
def test_a_cutoff_past_the_list_costs_nothing_in_the_single_list_core(cutoff):
    ranking = Ranking.build([1, 2])
    ndcg = (1 + 2 / math.log2(3)) / (2 + 1 / math.log2(3))
    result, peak = traced_peak(lambda: parse(f"nDCG@{cutoff}")(ranking, TREC))
    assert result.value == pytest.approx(ndcg, rel=1e-15)
    assert parse(f"NumRet@{cutoff}")(ranking, TREC).value == 2.0
    assert peak < 20 * 2**20


def test_ideal_none_refuses_a_cutoff_it_would_have_to_allocate():
    # SDCG's ideal is k documents of the top grade: k = 10^9 would be 10^9 discounts.
    scaled = C.TEXTBOOK.with_(ideal="none")
    with pytest.raises(ValueError, match=r"ideal ranking 'none'.*k = 1000000000 is more than"):
        parse("nDCG@1000000000")(Ranking.build([1, 2]), scaled)
    qrels, run = collection({"q": {"a": 1, "b": 2}}, {"q": ["a", "b"]})
    with pytest.raises(ValueError, match=r"ideal ranking 'none'"):
        evaluate(qrels, run, ["nDCG@1000000000"], scaled)


def test_ideal_none_with_a_modest_cutoff_still_counts_k_ideal_documents():
    # Top grade 2 (exponential gain 3) at ranks 1..3: IDCG@3 = 3 (1 + 1/log2 3 + 1/2);
    # DCG@3 = (2^1 - 1) + (2^2 - 1)/log2 3 = 1 + 3/log2 3.
    scaled = C.TEXTBOOK.with_(ideal="none")
    value = parse("nDCG@3")(Ranking.build([1, 2]), scaled).value
    assert value == pytest.approx((1 + 3 / math.log2(3)) / (3 * (1 + 1 / math.log2(3) + 0.5)))


def test_ideal_none_takes_a_cutoff_up_to_max_docs_and_refuses_the_next():
    # The limit is max(longest list, MAX_DOCS) ranks, itself included: one document of grade 1
    # (linear gain, the top grade) at k = MAX_DOCS is 1 / sum_{i=1}^{MAX_DOCS} 1/log2(i+1).
    scaled = C.TEXTBOOK.with_(gain="linear", ideal="none")
    idcg = math.fsum(1 / math.log2(i + 1) for i in range(1, MAX_DOCS + 1))
    value = ndcg_measure(Ranking.build([1]), scaled, MAX_DOCS).value
    assert value == pytest.approx(1 / idcg, rel=1e-12)
    with pytest.raises(ValueError, match=rf"k = {MAX_DOCS + 1} is more than the {MAX_DOCS}"):
        ndcg_measure(Ranking.build([1]), scaled, MAX_DOCS + 1)


def test_a_cutoff_beyond_any_double_is_refused():
    with pytest.raises(MeasureNameError, match=r"cutoff in 'P@1e400' is too large"):
        parse("P@1e400")

    with pytest.raises(ValueError, match=r"cutoff k is too large"):
        precision(Ranking.build([1]), TREC, 10**400)


# --------------------------------------------------------------------- item 4: F and dcg=


@pytest.mark.parametrize("beta", ["1e154", "1e200", "1e300"])
def test_f_beta_tends_to_recall_as_beta_grows(beta):
    # R = 2 relevant (one retrieved at rank 1, one not): R@k = 1/2. F_beta = (1 + b^2) h /
    # (b^2 R + k) -> h / R = 1/2 as b grows (b = 1e154: b^2 R overflowed, F was 0).
    ranking = Ranking.build([1, 0, 0, 0, 0], unretrieved=[1])
    assert parse(f"F(beta={beta})@5")(ranking, TREC).value == 0.5
    qrels, run = collection({"q": {"a": 1, "z": 1}}, {"q": ["a", "b", "c"]})
    assert evaluate(qrels, run, [f"F(beta={beta})@10"]).per_query.iloc[0, 0] == 0.5


def test_f_beta_tends_to_precision_as_beta_shrinks():
    # b -> 0: F -> h / k = 1/5.
    ranking = Ranking.build([1, 0, 0, 0, 0], unretrieved=[1])
    assert parse("F(beta=1e-200)@5")(ranking, TREC).value == 0.2


@pytest.mark.parametrize(
    "name, message",
    [
        ("DCG(dcg={0:0})", r"dcg must be 'log2' or 'exp-log2'"),
        ("F(beta=1e400)@5", r"the number 1e400 is too large for a double"),
        ("P(rel=1e400)@5", r"the number 1e400 is too large for a double"),
        ("nDCG(gains={0:1e999})@5", r"the number 1e999 is too large"),
        ("nDCG(gains={})@10", r"gains must be a map such as .*with at least one grade"),
    ],
)
def test_parameters_a_measure_cannot_use_are_refused_by_the_parser(name, message):
    with pytest.raises(MeasureNameError, match=message):
        parse(name)


# -------------------------------------------------------- item 7: grades at the double's top


def test_a_sum_beyond_a_double_is_an_error_not_nan():
    # Two documents of grade BIG: DCG = BIG + BIG/log2(3) = inf, nDCG = inf/inf.
    with pytest.raises(ValueError, match=r"DCG@10 or IDCG@10 cannot be computed"):
        parse("nDCG@10")(Ranking.build([BIG, BIG]), TREC)


def test_the_batch_names_the_query_and_blames_its_largest_grade():
    qrels, run = collection({"1": {"a": 1}, "2": {"a": BIG, "b": BIG}}, {"1": ["a"], "2": ["a"]})
    with pytest.raises(BatchError, match=r"nDCG@10: the value for query 2 cannot") as caught:
        evaluate(qrels, run, ["nDCG@10"])
    assert caught.value.qrels_row == 1 and not caught.value.measure_error


def test_a_gain_map_too_large_is_blamed_on_the_measure():
    qrels, run = collection({"q": {"a": 1, "b": 1}}, {"q": ["a", "b"]})
    with pytest.raises(BatchError, match=r"gain map's gains are too large") as caught:
        evaluate(qrels, run, [f"DCG(gains={{0:0,1:{BIG!r}}})@10"])
    assert caught.value.measure_error


def test_a_mean_of_finite_values_never_overflows():
    # Each query's DCG@10 is 1e308 (one document of grade 1e308 at rank 1, discount 1):
    # the mean is 1e308, though the sum 2e308 is beyond a double.
    qrels, run = collection({"1": {"a": 1e308}, "2": {"a": 1e308}}, {"1": ["a"], "2": ["a"]})
    result = evaluate(qrels, run, ["DCG@10"])
    assert result.per_query["DCG@10"].tolist() == [1e308, 1e308]
    assert result.means["DCG@10"] == 1e308
