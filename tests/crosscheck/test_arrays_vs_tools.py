"""rankwork.arrays against the reference tools, on seeded random arrays.

- scikit-learn 1.9 (ndcg_score, dcg_score): graded labels, tied scores (ties="average" is its
  default) and distinct ones (ties="input" against ignore_ties=True), several k, linear gain
  (scikit-learn's gain is the label itself) and exponential gain (given to scikit-learn as the
  labels 2^g - 1), short rows marked by a mask or a pad value (scikit-learn is called on the
  row's real documents alone), rows with nothing relevant (scikit-learn: "all_irrelevant"
  rows score 0 in _ndcg_sample_scores, sklearn/metrics/_ranking.py; ours: empty_value, 0).
- pytrec_eval (trec_eval 9's C code): P@k, R@k, AP, AP@k, RR; ir_measures: RR@k (its msmarco
  provider), binary RBP (cwl_eval), ERR@k (gdeval.pl, top grade 4); ranx: RBP with the raw
  grade as gain. Each row becomes one query: its real documents are the qrels (the row is
  the pool) and the run, with distinct scores (whole numbers, exact in float32) so that every
  tool ranks the same way.
- ties="average" of the binary measures and RBP: the mean, computed here by brute force, of
  the tool's value over every order of the tied documents (each order given to the tool as
  distinct scores).
"""

from __future__ import annotations

import itertools
import shutil
import warnings

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rankwork import arrays

sklearn_metrics = pytest.importorskip("sklearn.metrics")
pytrec_eval = pytest.importorskip("pytrec_eval")
ir_measures = pytest.importorskip("ir_measures")

TOL = 1e-12


def random_arrays(seed: int, rows: int = 80, cols: int = 12, ties: bool = True):
    """labels (grades 0..4, mostly 0, every 7th row all 0), scores (multiples of 1/4 when
    `ties`, else a permutation of 0..cols-1 per row) and a mask leaving 2..cols real documents
    (every 5th row full)."""
    rng = np.random.default_rng(seed)
    labels = rng.choice(5, size=(rows, cols), p=[0.55, 0.2, 0.12, 0.08, 0.05]).astype(float)
    labels[::7] = 0.0
    if ties:
        scores = rng.integers(0, 4, size=(rows, cols)) / 4.0
    else:
        scores = np.argsort(rng.random((rows, cols)), axis=1).astype(float)
    mask = rng.random((rows, cols)) < rng.uniform(0.2, 1.0, size=(rows, 1))
    mask[np.arange(rows), rng.integers(cols, size=rows)] = True  # at least two real documents
    mask[np.arange(rows), (rng.integers(1, cols, size=rows) + mask.argmax(axis=1)) % cols] = True
    mask[::5] = True
    return labels, scores, mask


def sklearn_rows(function, labels, scores, mask, **options) -> np.ndarray:
    """scikit-learn's value of each row, called on the row's real documents alone."""
    return np.array(
        [
            function(labels[q][mask[q]][None], scores[q][mask[q]][None], **options)
            for q in range(len(labels))
        ]
    )


@pytest.mark.parametrize("seed", [1, 2, 3])
@pytest.mark.parametrize("k", [None, 1, 3, 5, 12, 20])
def test_ndcg_and_dcg_equal_scikit_learn_with_ties_averaged(seed, k):
    labels, scores, mask = random_arrays(seed)
    ours = arrays.ndcg(labels, scores, k=k, gain="linear", mask=mask)
    theirs = sklearn_rows(sklearn_metrics.ndcg_score, labels, scores, mask, k=k)
    assert np.abs(ours - theirs).max() <= TOL
    ours_dcg = arrays.dcg(labels, scores, k=k, gain="linear", mask=mask)
    theirs_dcg = sklearn_rows(sklearn_metrics.dcg_score, labels, scores, mask, k=k)
    assert np.abs(ours_dcg - theirs_dcg).max() <= 1e-12 * max(1.0, theirs_dcg.max())
    # the same rows padded with a label value instead of a mask
    padded = np.where(mask, labels, -1.0)
    assert np.array_equal(arrays.ndcg(padded, scores, k=k, gain="linear", pad=-1), ours)
    # rows with nothing relevant are in the data, and both give them 0
    empty = labels.sum(axis=1) * mask.any(axis=1) == 0
    assert empty.any() and (ours[empty] == 0).all() and (theirs[empty] == 0).all()


@pytest.mark.parametrize("k", [None, 2, 5])
def test_exponential_gain_is_scikit_learn_on_labels_2_to_the_g_minus_1(k):
    labels, scores, mask = random_arrays(4)
    ours = arrays.ndcg(labels, scores, k=k, mask=mask)  # gain="exponential" by default
    theirs = sklearn_rows(sklearn_metrics.ndcg_score, 2.0**labels - 1, scores, mask, k=k)
    assert np.abs(ours - theirs).max() <= TOL
    ours_dcg = arrays.dcg(labels, scores, k=k, mask=mask)
    theirs_dcg = sklearn_rows(sklearn_metrics.dcg_score, 2.0**labels - 1, scores, mask, k=k)
    assert np.abs(ours_dcg - theirs_dcg).max() <= 1e-12 * theirs_dcg.max()


@pytest.mark.parametrize("k", [None, 1, 4, 10])
def test_ties_input_on_distinct_scores_is_scikit_learns_ignore_ties(k):
    labels, scores, mask = random_arrays(5, ties=False)
    ours = arrays.ndcg(labels, scores, k=k, gain="linear", ties="input", mask=mask)
    theirs = sklearn_rows(sklearn_metrics.ndcg_score, labels, scores, mask, k=k, ignore_ties=True)
    assert np.abs(ours - theirs).max() <= TOL
    # whole arrays at once too (every document real)
    whole = sklearn_metrics._ranking._ndcg_sample_scores(labels, scores, k=k, ignore_ties=True)
    assert (
        np.abs(arrays.ndcg(labels, scores, k=k, gain="linear", ties="input") - whole).max() <= TOL
    )


@st.composite
def small_arrays(draw):
    """1-5 rows of 2-7 documents: grades 0..3, scores from three values (many ties), a mask
    keeping at least two documents per row, and a cutoff."""
    rows, cols = draw(st.integers(1, 5)), draw(st.integers(2, 7))
    cells = st.lists(st.integers(0, 3), min_size=rows * cols, max_size=rows * cols)
    labels = np.array(draw(cells), dtype=float).reshape(rows, cols)
    scores = np.array(draw(cells), dtype=float).reshape(rows, cols) % 3 / 2
    flags = st.lists(st.booleans(), min_size=rows * cols, max_size=rows * cols)
    mask = np.array(draw(flags)).reshape(rows, cols)
    mask[:, :2] = True
    return labels, scores, mask, draw(st.one_of(st.none(), st.integers(1, 8)))


@settings(max_examples=150, derandomize=True, deadline=None)
@given(small_arrays())
def test_ndcg_equals_scikit_learn_on_any_small_array(case):
    labels, scores, mask, k = case
    ours = arrays.ndcg(labels, scores, k=k, gain="linear", mask=mask)
    theirs = sklearn_rows(sklearn_metrics.ndcg_score, labels, scores, mask, k=k)
    assert np.abs(ours - theirs).max() <= TOL


# --- the binary measures, ERR and RBP against trec_eval, ir_measures and ranx -----------------


def as_dicts(labels, scores, mask, names=None):
    """One query per row ("<row>"): its real documents as qrels and as the run, document j
    named names[j] ("d<j>" by default)."""
    names = names or [f"d{j}" for j in range(labels.shape[1])]
    qrels, run = {}, {}
    for q in range(len(labels)):
        docs = np.flatnonzero(mask[q])
        qrels[f"{q}"] = {names[j]: int(labels[q, j]) for j in docs}
        run[f"{q}"] = {names[j]: float(scores[q, j]) for j in docs}
    return qrels, run


def trec_eval_rows(labels, scores, mask, measure: str, threshold: int, names=None) -> np.ndarray:
    """pytrec_eval's value of each row; `measure` as trec_eval names it: "P.5", "map"."""
    qrels, run = as_dicts(labels, scores, mask, names)
    evaluator = pytrec_eval.RelevanceEvaluator(qrels, {measure}, relevance_level=threshold)
    values = evaluator.evaluate(run)
    key = measure.replace(".", "_")
    return np.array([values[f"{q}"][key] for q in range(len(labels))])


def ir_measures_rows(labels, scores, mask, measure, names=None) -> np.ndarray:
    """ir_measures' value of each row (0 for a row it leaves out)."""
    qrels, run = as_dicts(labels, scores, mask, names)
    values = {m.query_id: m.value for m in ir_measures.iter_calc([measure], qrels, run)}
    return np.array([values.get(f"{q}", 0.0) for q in range(len(labels))])


def binary_measures(threshold: int):
    """trec_eval's name -> ours (a function of labels, scores and options)."""
    return {
        "P.1": lambda *a, **o: arrays.precision(*a, k=1, **o),
        "P.5": lambda *a, **o: arrays.precision(*a, k=5, **o),
        "P.20": lambda *a, **o: arrays.precision(*a, k=20, **o),
        "recall.5": lambda *a, **o: arrays.recall(*a, k=5, **o),
        "recall.20": lambda *a, **o: arrays.recall(*a, k=20, **o),
        "map": arrays.average_precision,
        "map_cut.5": lambda *a, **o: arrays.average_precision(*a, k=5, **o),
        "recip_rank": arrays.reciprocal_rank,
    }


@pytest.mark.parametrize("threshold", [1, 2])
def test_binary_measures_equal_trec_eval(threshold):
    labels, scores, mask = random_arrays(6, ties=False)
    for measure, ours in binary_measures(threshold).items():
        mine = ours(labels, scores, threshold=threshold, ties="input", mask=mask)
        theirs = trec_eval_rows(labels, scores, mask, measure, threshold)
        assert np.abs(mine - theirs).max() <= TOL, measure


@pytest.mark.parametrize("k", [1, 3, 10])
def test_rr_at_k_equals_ir_measures(k):
    labels, scores, mask = random_arrays(7, ties=False)
    ours = arrays.reciprocal_rank(labels, scores, k=k, ties="input", mask=mask)
    assert np.abs(ours - ir_measures_rows(labels, scores, mask, ir_measures.RR @ k)).max() <= TOL


@pytest.mark.parametrize("p", [0.5, 0.8, 0.95])
def test_binary_rbp_equals_cwl_eval_through_ir_measures(p):
    labels, scores, mask = random_arrays(8, ties=False)
    ours = arrays.rbp(labels, scores, p=p, gain="binary", ties="input", mask=mask)
    theirs = ir_measures_rows(labels, scores, mask, ir_measures.RBP(p=p, rel=1))
    assert np.abs(ours - theirs).max() <= TOL


def test_raw_rbp_equals_ranx(ranx):
    labels, scores, mask = random_arrays(9, ties=False)
    qrels, run = as_dicts(labels, scores, mask)
    keep = [q for q in qrels if any(qrels[q].values())]  # ranx wants a relevant document
    ranx_run = ranx.Run({q: run[q] for q in keep})
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # numba's warnings inside ranx
        ranx.evaluate(ranx.Qrels({q: qrels[q] for q in keep}), ranx_run, ["rbp.8"],
                      return_mean=False, save_results_in_run=True)  # fmt: skip
    rows = [int(q) for q in keep]
    theirs = np.array([float(ranx_run.scores["rbp.8"][q]) for q in keep])
    ours = arrays.rbp(labels, scores, gain="raw", ties="input", mask=mask)[rows]
    assert len(rows) > 40 and np.abs(ours - theirs).max() <= TOL


@pytest.mark.skipif(shutil.which("perl") is None, reason="gdeval.pl needs perl")
@pytest.mark.parametrize("k", [1, 5, 20])
def test_err_equals_gdeval_through_ir_measures(k):
    # gdeval fixes the top grade at 4 and prints 5 decimals: agreement to that rounding.
    labels, scores, mask = random_arrays(10, ties=False)
    ours = arrays.err(labels, scores, k=k, gmax=4, mask=mask)
    theirs = ir_measures_rows(labels, scores, mask, ir_measures.ERR @ k)
    assert np.abs(ours - theirs).max() <= 5e-6 + 1e-12
    assert (theirs > 0).sum() >= 20  # rows where the tool found something


def test_err_hand_worked():
    # Labels in rank order 3, 0, 1, 2 (scores 4, 3, 2, 1), gmax 3: R_i = (2^g - 1)/8 gives
    # 7/8, 0, 1/8, 3/8. ERR@3 = 1 * 7/8 + (1/2)(1/8) * 0 + (1/3)(1/8)(1)(1/8) = 0.875 +
    # 1/192; ERR@4 adds (1/4)(1/8)(7/8)(3/8) = 21/2048.
    labels, scores = [[3, 0, 1, 2]], [[4, 3, 2, 1]]
    assert arrays.err(labels, scores, k=3)[0] == pytest.approx(0.875 + 1 / 192, abs=1e-15)
    assert arrays.err(labels, scores)[0] == pytest.approx(0.875 + 1 / 192 + 21 / 2048, abs=1e-15)


# --- ties="input": column order, against the tools' docno order ---------------------------------


def test_ties_input_keeps_column_order_as_trec_eval_and_gdeval_keep_docno_descending():
    # trec_eval (m_*.c via form_res_rels: ties by docno descending, strcmp) and gdeval.pl
    # (runOrder: docno descending) rank tied documents by docno, descending. Naming column j
    # "d<40 - j>" (two digits) makes that order the column order, so ties="input" must give
    # their values on long ties (scores in {0, 1/4, 1/2, 3/4}: ~10 documents per tie, beyond
    # the 16 documents under which numpy's default sort happens to be stable).
    labels, scores, mask = random_arrays(30, rows=60, cols=40)
    names = [f"d{40 - j:02d}" for j in range(40)]
    ours = {
        "P.5": arrays.precision(labels, scores, k=5, ties="input", mask=mask),
        "P.20": arrays.precision(labels, scores, k=20, ties="input", mask=mask),
        "map": arrays.average_precision(labels, scores, ties="input", mask=mask),
        "recip_rank": arrays.reciprocal_rank(labels, scores, ties="input", mask=mask),
        "ndcg": arrays.ndcg(labels, scores, gain="linear", ties="input", mask=mask),
        "ndcg_cut.10": arrays.ndcg(labels, scores, k=10, gain="linear", ties="input", mask=mask),
    }
    for measure, mine in ours.items():
        theirs = trec_eval_rows(labels, scores, mask, measure, 1, names)
        assert np.abs(mine - theirs).max() <= TOL, measure
    if shutil.which("perl") is not None:  # gdeval.pl needs perl; it prints 5 decimals
        mine = arrays.err(labels, scores, k=20, gmax=4, mask=mask)
        theirs = ir_measures_rows(labels, scores, mask, ir_measures.ERR @ 20, names)
        assert np.abs(mine - theirs).max() <= 5e-6 + 1e-12


# --- ties="average": the mean over every order of the tied documents, by brute force ----------


def tie_orders(scores: np.ndarray) -> list[tuple[int, ...]]:
    """Every order of a row's documents that sorts the scores descending."""
    return [
        order
        for order in itertools.permutations(range(len(scores)))
        if all(scores[a] >= scores[b] for a, b in itertools.pairwise(order))
    ]


def every_tie_order(labels, scores, mask):
    """Each row once per order of its tied real documents, with distinct scores that give
    that order: the arrays of all of them, and the row each came from."""
    rows, out_labels, out_scores, out_mask = [], [], [], []
    for q in range(len(labels)):
        real = np.flatnonzero(mask[q])
        for order in tie_orders(scores[q][real]):
            distinct = np.zeros(labels.shape[1])
            distinct[real[list(order)]] = np.arange(len(order), 0, -1)
            rows.append(q)
            out_labels.append(labels[q])
            out_scores.append(distinct)
            out_mask.append(mask[q])
    return np.array(rows), np.array(out_labels), np.array(out_scores), np.array(out_mask)


def mean_by_row(values: np.ndarray, rows: np.ndarray, n: int) -> np.ndarray:
    return np.bincount(rows, weights=values, minlength=n) / np.bincount(rows, minlength=n)


@pytest.mark.parametrize("threshold", [1, 2])
def test_ties_averaged_are_the_mean_over_every_order_by_trec_eval(threshold):
    rng = np.random.default_rng(11 + threshold)
    labels, _scores, mask = random_arrays(12 + threshold, rows=40, cols=6)
    scores = rng.integers(0, 3, size=labels.shape).astype(float)  # long ties
    rows, all_labels, all_scores, all_mask = every_tie_order(labels, scores, mask)
    assert len(rows) > 4 * len(labels)  # many rows have several orders
    for measure, ours in binary_measures(threshold).items():
        mine = ours(labels, scores, threshold=threshold, mask=mask)  # ties="average"
        each = trec_eval_rows(all_labels, all_scores, all_mask, measure, threshold)
        assert np.abs(mine - mean_by_row(each, rows, len(labels))).max() <= TOL, measure
    for k in (1, 2, 4):
        mine = arrays.reciprocal_rank(labels, scores, k=k, threshold=threshold, mask=mask)
        each = ir_measures_rows(all_labels, all_scores, all_mask, ir_measures.RR(rel=threshold) @ k)
        assert np.abs(mine - mean_by_row(each, rows, len(labels))).max() <= TOL, k


def test_rbp_ties_averaged_is_the_mean_over_every_order_by_cwl_eval():
    rng = np.random.default_rng(21)
    labels, _scores, mask = random_arrays(22, rows=25, cols=5)
    scores = rng.integers(0, 3, size=labels.shape).astype(float)
    rows, all_labels, all_scores, all_mask = every_tie_order(labels, scores, mask)
    mine = arrays.rbp(labels, scores, gain="binary", mask=mask)
    each = ir_measures_rows(all_labels, all_scores, all_mask, ir_measures.RBP(p=0.8, rel=1))
    assert np.abs(mine - mean_by_row(each, rows, len(labels))).max() <= TOL
