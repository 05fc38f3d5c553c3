"""rankwork.arrays: hand-worked examples, short rows, empty rows, and the errors it raises.

Every expected number below is worked out by hand in the comment beside it. Notation: the
labels are listed in rank order (after sorting by score), log2(3) = 1.5849625, so the
discount of rank 2 is 1/log2(3) = 0.6309298 and of rank 3 is 1/2.
"""

from __future__ import annotations

import math

import numpy as np
import pytest

from rankwork import arrays
from rankwork.core.measures.families.ap import average_precision
from rankwork.core.measures.families.dcg import dcg, ndcg
from rankwork.core.measures.families.err import err
from rankwork.core.measures.families.precision import precision
from rankwork.core.measures.families.rbp import rbp
from rankwork.core.measures.families.recall import recall
from rankwork.core.measures.families.rr import reciprocal_rank

D2 = 1 / math.log2(3)  # the discount of rank 2
ALL = [
    arrays.dcg,
    arrays.ndcg,
    arrays.precision,
    arrays.recall,
    arrays.average_precision,
    arrays.reciprocal_rank,
    arrays.err,
    arrays.rbp,
]


def test_one_row_every_measure_by_hand():
    # scores 0.1, 0.9, 0.5 rank the labels 0, 1, 2 (column 1, then 2, then 0)
    labels, scores = [[2, 0, 1]], [[0.1, 0.9, 0.5]]
    assert arrays.dcg(labels, scores)[0] == pytest.approx(D2 + 3 / 2)  # gains 0, 1, 3
    assert arrays.dcg(labels, scores, gain="linear")[0] == pytest.approx(D2 + 1)
    ideal = 3 + D2  # gains 3, 1, 0
    assert arrays.ndcg(labels, scores)[0] == pytest.approx((D2 + 1.5) / ideal)
    assert arrays.ndcg(labels, scores, k=1)[0] == 0.0  # the top document has label 0
    assert arrays.ndcg(labels, scores, k=2)[0] == pytest.approx(D2 / ideal)
    assert arrays.precision(labels, scores, k=1)[0] == 0.0
    assert arrays.precision(labels, scores, k=3)[0] == pytest.approx(2 / 3)
    assert arrays.precision(labels, scores, k=2, threshold=2)[0] == 0.0
    assert arrays.precision(labels, scores, k=3, threshold=2)[0] == pytest.approx(1 / 3)
    assert arrays.recall(labels, scores, k=2)[0] == 0.5  # 1 of R = 2
    assert arrays.average_precision(labels, scores)[0] == pytest.approx((1 / 2 + 2 / 3) / 2)
    assert arrays.average_precision(labels, scores, k=2)[0] == pytest.approx((1 / 2) / 2)
    assert arrays.reciprocal_rank(labels, scores)[0] == 0.5
    assert arrays.reciprocal_rank(labels, scores, k=1)[0] == 0.0
    assert arrays.reciprocal_rank(labels, scores, threshold=2)[0] == pytest.approx(1 / 3)
    # ERR, gmax 2: R = 0, 1/4, 3/4; 0 + (1/2)(1/4) + (1/3)(3/4)(3/4)
    assert arrays.err(labels, scores)[0] == pytest.approx(0.125 + 0.1875)
    assert arrays.err(labels, scores, k=2)[0] == pytest.approx(0.125)
    # RBP p = 0.8: (1 - p)(r_1 + p r_2 + p^2 r_3)
    assert arrays.rbp(labels, scores)[0] == pytest.approx(0.2 * (0.8 * 0.5 + 0.64 * 1.0))
    assert arrays.rbp(labels, scores, gmax=4)[0] == pytest.approx(0.2 * (0.8 / 4 + 0.64 / 2))
    assert arrays.rbp(labels, scores, gain="binary")[0] == pytest.approx(0.2 * (0.8 + 0.64))
    assert arrays.rbp(labels, scores, gain="raw")[0] == pytest.approx(0.2 * (0.8 + 0.64 * 2))


def test_ties_averaged_by_hand():
    # Labels 2, 0 tied at the top, then 1. DCG (exponential): each tied rank gets the mean gain
    # (3 + 0)/2, so 1.5 (1 + D2) + 1/2. P@1: one relevant of the two tied: 1/2.
    labels, scores = [[2, 0, 1]], [[0.7, 0.7, 0.2]]
    assert arrays.dcg(labels, scores)[0] == pytest.approx(1.5 * (1 + D2) + 0.5)
    assert arrays.dcg(labels, scores, k=1)[0] == pytest.approx(1.5)  # a tie straddling k
    assert arrays.precision(labels, scores, k=1)[0] == pytest.approx(0.5)
    # AP: the orders (2, 0, 1) and (0, 2, 1) give (1 + 2/3)/2 and (1/2 + 2/3)/2
    assert arrays.average_precision(labels, scores)[0] == pytest.approx((5 / 3 + 7 / 6) / 4)
    # RR: 1 or 1/2
    assert arrays.reciprocal_rank(labels, scores)[0] == pytest.approx(0.75)
    # ties="input": the lower column first, so the order 2, 0, 1
    assert arrays.dcg(labels, scores, ties="input")[0] == pytest.approx(3 + 0.5)
    assert arrays.reciprocal_rank(labels, scores, ties="input")[0] == 1.0
    assert arrays.err(labels, scores)[0] == pytest.approx(0.75 + (1 / 3) * 0.25 * 0.25)


def test_rr_averaged_over_a_tie_of_two_relevant_in_four():
    # The first relevant of 2 among 4 tied documents is at offset 1, 2, 3 with probability
    # C(3,1)/C(4,2) = 1/2, C(2,1)/6 = 1/3, C(1,1)/6 = 1/6: RR = 1/2 + 1/6 + 1/18 = 13/18.
    rr = arrays.reciprocal_rank([[1, 0, 1, 0]], [[5, 5, 5, 5]])
    assert rr[0] == pytest.approx(13 / 18)


def short_row(padding: str):
    """The row [2, 0, 1] with scores [0.1, 0.9, 0.5], padded to 5 columns in the middle and at
    the end, padding given by a mask or as a label value; padded scores are large, NaN or
    anything: they must not be ranked."""
    labels = [[2, 7, 0, 1, 7], [0, 0, 0, 0, 0]]
    scores = [[0.1, np.nan, 0.9, 0.5, 99.0], [1, 2, 3, 4, 5]]
    real = [[True, False, True, True, False], [True, True, True, True, True]]
    if padding == "mask":
        return labels, scores, {"mask": real}
    value = {"pad": -1.0, "pad_nan": np.nan}[padding]
    return np.where(real, labels, value), scores, {"pad": value}


@pytest.mark.parametrize("padding", ["mask", "pad", "pad_nan"])
def test_padded_positions_are_not_ranked(padding):
    labels, scores, options = short_row(padding)
    assert arrays.ndcg(labels, scores, **options)[0] == pytest.approx((D2 + 1.5) / (3 + D2))
    assert arrays.ndcg(labels, scores, k=1, **options)[0] == 0.0
    assert arrays.precision(labels, scores, **options)[0] == pytest.approx(2 / 3)  # h(n)/n
    assert arrays.precision(labels, scores, k=5, **options)[0] == pytest.approx(2 / 5)
    assert arrays.average_precision(labels, scores, **options)[0] == pytest.approx(7 / 12)
    assert arrays.reciprocal_rank(labels, scores, **options)[0] == 0.5
    assert arrays.err(labels, scores, **options)[0] == pytest.approx(0.3125)
    assert arrays.rbp(labels, scores, p=0.5, **options)[0] == pytest.approx(0.25)
    # the second row has nothing relevant: 0 everywhere, or 1 where asked
    for measure in ALL:
        assert measure(labels, scores, **options)[1] == 0.0
    assert arrays.ndcg(labels, scores, empty_value=1, **options)[1] == 1.0
    assert arrays.recall(labels, scores, empty_value=1, **options)[1] == 1.0
    assert arrays.average_precision(labels, scores, empty_value=1, **options)[1] == 1.0


def test_mask_and_pad_together():
    # column 0 is masked out, column 2 holds the pad value: only columns 1 and 3 remain
    labels, scores = [[3, 1, -1, 0]], [[9, 2, 8, 1]]
    mask = [[False, True, True, True]]
    assert arrays.precision(labels, scores, mask=mask, pad=-1)[0] == 0.5
    assert arrays.ndcg(labels, scores, mask=mask, pad=-1)[0] == 1.0


def test_a_row_with_no_real_document_and_k_beyond_the_row():
    labels, scores = [[1, 2], [1, 0]], [[0.5, 0.4], [0.3, 0.2]]
    mask = [[False, False], [True, True]]
    for measure in ALL:
        values = measure(labels, scores, mask=mask)
        assert values[0] == 0.0 and np.isfinite(values).all(), measure.__name__
    assert arrays.ndcg(labels, scores, mask=mask, empty_value=1.0)[0] == 1.0
    # k beyond the row: missing ranks add nothing, P@k still divides by k
    assert arrays.ndcg(labels, scores, k=10, mask=mask)[1] == 1.0
    assert arrays.precision(labels, scores, k=10, mask=mask)[1] == 0.1


def test_infinite_scores_rank_first_and_last():
    labels, scores = [[0, 1, 2]], [[np.inf, -np.inf, 0.0]]  # ranks: 0, 2, 1
    assert arrays.reciprocal_rank(labels, scores)[0] == 0.5
    assert arrays.dcg(labels, scores, gain="linear")[0] == pytest.approx(2 * D2 + 0.5)


def test_a_padded_position_does_not_tie_with_a_score_of_minus_infinity():
    # the real documents rank label 0 (score 0) then label 1 (score -inf): RR = 1/2 under
    # both tie policies (the padded position, whatever its score, takes no rank)
    labels, scores, mask = [[1, 9, 0]], [[-np.inf, 5.0, 0.0]], [[True, False, True]]
    assert arrays.reciprocal_rank(labels, scores, mask=mask)[0] == 0.5
    assert arrays.reciprocal_rank(labels, scores, mask=mask, ties="input")[0] == 0.5
    assert arrays.dcg(labels, scores, mask=mask)[0] == pytest.approx(D2)


def test_output_is_one_float64_per_row():
    rng = np.random.default_rng(0)
    labels = rng.integers(0, 3, size=(7, 4))  # ints are fine
    scores = rng.random((7, 4)).astype(np.float32)
    for measure in ALL:
        values = measure(labels, scores)
        assert values.dtype == np.float64 and values.shape == (7,), measure.__name__
    assert arrays.ndcg(np.zeros((0, 3)), np.zeros((0, 3))).shape == (0,)
    assert arrays.ndcg(np.zeros((2, 0)), np.zeros((2, 0))).tolist() == [0.0, 0.0]


def test_boolean_labels_are_grades_0_and_1_and_object_arrays_of_numbers_are_numbers():
    # Labels True, False ranked False first (scores 0, 1): gains 0, 1 at ranks 1, 2, so
    # DCG = 1/log2(3), IDCG = 1 and nDCG = 1/log2(3); P@1 = 0, RR = 1/2.
    labels, scores = [[True, False]], [[0, 1]]
    assert arrays.ndcg(labels, scores)[0] == pytest.approx(D2, abs=1e-15)
    assert arrays.precision(labels, scores, k=1)[0] == 0.0
    assert arrays.reciprocal_rank(labels, scores)[0] == 0.5
    numbers = np.array([[1, 0]], dtype=object), np.array([[0.0, 1.0]], dtype=object)
    assert arrays.ndcg(*numbers)[0] == pytest.approx(D2, abs=1e-15)


# --- no NaN or inf: a row whose sums overflow is refused, without a numpy warning -------------

OVERFLOW = "cannot be computed in double precision: its sums overflow"
G = 2.0**1023 - 1  # the exponential gain of 1023: 8.99e307, half the largest double


@pytest.mark.filterwarnings("error")  # no RuntimeWarning may escape
def test_a_row_whose_sums_overflow_is_refused_naming_the_measure_and_row():
    # Row 1: four labels 1023 (gain G each); DCG@3 = G (1 + 0.6309 + 0.5) = 2.13 G = 1.9e308,
    # beyond the largest double (1.797e308). Row 0 is fine.
    labels = [[1, 0, 0, 0], [1023] * 4]
    scores = [[4, 3, 2, 1]] * 2
    for measure in (arrays.dcg, arrays.ndcg):
        with pytest.raises(ValueError, match=rf"^DCG@3\[1\] {OVERFLOW}"):
            measure(labels, scores, k=3)
    # Linear gain: labels 1e308 at ranks 1 and 2 give DCG = 1e308 (1 + 0.6309) = 1.6e308 and
    # 1e308 more at rank 3 goes beyond; nDCG would be inf / inf = NaN.
    with pytest.raises(ValueError, match=rf"^DCG\[0\] {OVERFLOW}"):
        arrays.ndcg([[1e308] * 3], [[3, 2, 1]], gain="linear")
    # Only the ideal overflows: three labels 1023 ranked 18th to 20th of 20 give
    # DCG = G (1/log2(19) + 1/log2(20) + 1/log2(21)) = 0.69 G, finite; IDCG = 2.13 G is not,
    # so nDCG would silently be 0.
    row = [0.0] * 17 + [1023.0] * 3
    with pytest.raises(ValueError, match=rf"^IDCG\[0\] {OVERFLOW}"):
        arrays.ndcg([row], [list(range(20, 0, -1))])
    # RBP with the raw grade: two tied labels 1e308 sum to 2e308 before their mean is taken.
    with pytest.raises(ValueError, match=rf"^RBP\[0\] {OVERFLOW}"):
        arrays.rbp([[1e308, 1e308, 0]], [[1, 1, 0]], gain="raw")


@pytest.mark.filterwarnings("error")
def test_large_sums_within_a_double_are_computed():
    # Linear gain, labels 1e308 and 0 ranked 1e308 first: DCG = 1e308, IDCG = 1e308, nDCG 1.
    assert arrays.dcg([[1e308, 0]], [[2, 1]], gain="linear")[0] == 1e308
    assert arrays.ndcg([[1e308, 0]], [[2, 1]], gain="linear")[0] == 1.0
    # RBP raw, distinct scores: (1 - 0.5)(1e308 + 0.5 * 1e308) = 0.75e308, within a double.
    assert arrays.rbp([[1e308, 1e308]], [[2, 1]], gain="raw", p=0.5)[0] == pytest.approx(0.75e308)


# --- errors ------------------------------------------------------------------------------------


@pytest.mark.parametrize("measure", ALL, ids=lambda m: m.__name__)
def test_every_measure_checks_its_input(measure):
    good = [[1, 0], [0, 2]]
    with pytest.raises(
        ValueError, match=r"scores must have the shape of labels, \(2, 2\); got \(2, 3\)"
    ):
        measure(good, [[1, 2, 3], [4, 5, 6]])
    with pytest.raises(ValueError, match="labels must be a 2-D array of real numbers"):
        measure([1, 0], [0.5, 0.4])
    with pytest.raises(ValueError, match="scores must be a 2-D array of real numbers"):
        measure(good, [["a", "b"], ["c", "d"]])
    not_real = {
        "text": [["1", "0"], ["0", "2"]],
        "complex": [[1 + 0j, 0], [0, 2]],
        "object holding text": np.array([[1, "0"], [0, 2]], dtype=object),
        "None": [[1, None], [0, 2]],
    }
    for labels in not_real.values():
        with pytest.raises(ValueError, match="labels must be a 2-D array of real numbers"):
            measure(labels, good)
        with pytest.raises(ValueError, match="scores must be a 2-D array of real numbers"):
            measure(good, labels)
    with pytest.raises(ValueError, match="scores must be a 2-D array of real numbers"):
        measure(good, [[True, False], [False, True]])  # booleans as labels only
    for pad in ("x", True, [0]):
        with pytest.raises(ValueError, match="pad must be a real number or NaN"):
            measure(good, good, pad=pad)
    with pytest.raises(ValueError, match=r"scores\[1, 0\] is nan; a score must be a number"):
        measure(good, [[1, 2], [np.nan, 3]])
    with pytest.raises(ValueError, match=r"labels\[0, 1\] is -1.0; a label must be a finite"):
        measure([[1, -1], [0, 2]], good)
    with pytest.raises(ValueError, match=r"labels\[1, 1\] is nan.*mask or pad"):
        measure([[1, 0], [0, np.nan]], good)
    with pytest.raises(ValueError, match=r"labels\[0, 0\] is inf"):
        measure([[np.inf, 0], [0, 1]], good)
    with pytest.raises(
        ValueError, match=r"mask must have the shape of labels, \(2, 2\); got \(2,\)"
    ):
        measure(good, good, mask=[True, False])
    with pytest.raises(ValueError, match="mask must hold booleans .* got dtype int64"):
        measure(good, good, mask=np.ones((2, 2), dtype=np.int64))
    ties = "ERR takes only ties='input'" if measure is arrays.err else "ties must be one of"
    with pytest.raises(ValueError, match=ties):
        measure(good, good, ties="random")


@pytest.mark.parametrize("k", [0, -1, 2.5, True, "3"])
@pytest.mark.parametrize(
    "measure", [m for m in ALL if m is not arrays.rbp], ids=lambda m: m.__name__
)
def test_k_must_be_a_whole_number_of_at_least_1(measure, k):
    with pytest.raises(ValueError, match="The cutoff k must be a whole number of at least 1"):
        measure([[1, 0]], [[0.5, 0.4]], k=k)


def test_convention_arguments_are_checked():
    one = ([[2, 0]], [[0.5, 0.4]])
    with pytest.raises(ValueError, match="gain must be one of exponential, linear; got 'custom'"):
        arrays.ndcg(*one, gain="custom")
    with pytest.raises(ValueError, match="empty_value must be 0 or 1"):
        arrays.ndcg(*one, empty_value=0.5)
    with pytest.raises(ValueError, match="relevance threshold must be a positive grade"):
        arrays.precision(*one, threshold=0)
    with pytest.raises(ValueError, match="ERR takes only ties='input'"):
        arrays.err(*one, ties="average")
    with pytest.raises(ValueError, match="ERR's top grade gmax = 1 is below the grade 2"):
        arrays.err(*one, gmax=1)
    with pytest.raises(ValueError, match="RBP's persistence p must be a number strictly between"):
        arrays.rbp(*one, p=1.0)
    with pytest.raises(ValueError, match="RBP's top grade 1 is below the grade 2"):
        arrays.rbp(*one, gmax=1)
    with pytest.raises(ValueError, match="gain must be one of graded, binary, raw"):
        arrays.rbp(*one, gain="linear")
    with pytest.raises(ValueError, match="exponential gain 2\\^g - 1 of grade 2000"):
        arrays.ndcg([[2000, 0]], [[0.5, 0.4]])


# --- the same conventions as the single-list core ---------------------------------------------


def test_defaults_agree_with_the_single_list_core():
    # Not a reference (the values are checked against scikit-learn, trec_eval, ir_measures and
    # ranx in tests/crosscheck/test_arrays_vs_tools.py): a check that each default here is the
    # core's (Convention()) with the row as the pool, row by row, ties included.
    from rankwork.core.conventions import Convention
    from rankwork.core.ranking import Ranking

    rng = np.random.default_rng(3)
    labels = rng.choice(4, size=(30, 9), p=[0.5, 0.25, 0.15, 0.1]).astype(float)
    scores = rng.integers(0, 4, size=labels.shape) / 3.0
    mask = rng.random(labels.shape) < 0.8
    scale = max(1.0, labels[mask].max())
    for ties in ("input", "average"):
        convention = Convention(ideal="retrieved", ties=ties)
        single = {
            "nDCG@5": (ndcg, 5, arrays.ndcg),
            "DCG": (dcg, None, arrays.dcg),
        }
        if ties == "input":  # the core averages ties in DCG only
            single |= {
                "P@4": (precision, 4, arrays.precision),
                "R@4": (recall, 4, arrays.recall),
                "AP": (average_precision, None, arrays.average_precision),
                "RR@3": (reciprocal_rank, 3, arrays.reciprocal_rank),
                "ERR@6": (err, 6, arrays.err),
                "RBP": (rbp, None, arrays.rbp),
            }
        for name, (core, k, batched) in single.items():
            cutoff = {} if batched is arrays.rbp else {"k": k}
            ours = batched(labels, scores, mask=mask, ties=ties, **cutoff)
            for q in range(len(labels)):
                real = mask[q]
                # the row's real documents in column order: the core's input order
                ranking = Ranking.build(labels[q][real], scores=scores[q][real], scale_max=scale)
                expected = core(ranking, convention, k).value
                assert ours[q] == pytest.approx(expected, abs=1e-12), (name, ties, q)


def test_evaluate_takes_gdevals_top_grade_4_for_err_and_the_largest_grade_for_rbp():
    # The module docstring's sentence on gmax. One query, labels 1, 0, 2 ranked 0, 2, 1 by
    # score. ERR with top grade 4: R = 0, 3/16, 1/16, so ERR = (1/2)(3/16) + (1/3)(13/16)(1/16)
    # = 72/768 + 13/768 = 85/768. Graded RBP with gmax 2 (the largest grade), p = 0.8:
    # r = 0, 1, 1/2, so RBP = 0.2 (0.8 + 0.64 / 2) = 0.224.
    import rankwork

    labels, scores = [[1, 0, 2]], [[0.1, 0.9, 0.5]]
    qrels = {"q": {"a": 1, "b": 0, "c": 2}}
    run = {"q": {"a": 0.1, "b": 0.9, "c": 0.5}}
    with pytest.warns(UserWarning, match="ERR's top grade is 4"):
        means = rankwork.evaluate(qrels, run, ["ERR@10", "RBP"])
    assert means["ERR@10"] == pytest.approx(85 / 768, abs=1e-15)
    assert arrays.err(labels, scores, k=10, gmax=4)[0] == pytest.approx(85 / 768, abs=1e-15)
    assert arrays.err(labels, scores, k=10)[0] != pytest.approx(85 / 768)  # gmax 2 by default
    assert means["RBP"] == pytest.approx(0.224, abs=1e-15)
    assert arrays.rbp(labels, scores)[0] == pytest.approx(0.224, abs=1e-15)
