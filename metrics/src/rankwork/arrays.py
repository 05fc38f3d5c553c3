"""Ranking measures over 2-D arrays, one value per row: for training loops and model selection.

Every function takes ``labels`` and ``scores`` of the same shape ``(n_queries, n_documents)``:
row q holds one query's documents, ``labels[q, j]`` the graded relevance of document j (a
real number >= 0; booleans are read as the grades 0 and 1) and ``scores[q, j]`` the model's
score, higher first (a real number; booleans, text and complex numbers are refused). It
returns a float64 array of length ``n_queries``, one value per row, never NaN or inf: a row
whose sums would go beyond the largest double (e.g. exponential gains of labels near 1023)
raises a ValueError naming the measure and the row, e.g. ``DCG@10[3]``. Take ``.mean()`` for
the mean over queries.

Short rows. A row with fewer documents than columns marks the missing ones either with
``mask`` (a boolean array of the same shape, True = a real document) or with ``pad`` (the
label value that means "no document here", e.g. -1 or ``np.nan``), or both (a position is
real when the mask says True and its label is not ``pad``). A padded position is not ranked at
all: the real documents take ranks 1, 2, ... whatever the scores at padded positions hold.

Conventions, all keyword arguments, with the defaults of rankwork's single-list core
(the single-list functions of `rankwork.core.measures.families`) except where noted:

- i is the 1-based rank after sorting a row by score (descending); g_i the label there.
- gain: ``"exponential"`` 2^g - 1 (default) or ``"linear"`` g (scikit-learn, trec_eval).
- discount: 1/log2(i + 1).
- the ideal ranking is the row's own real documents sorted by gain (the row is the pool: as
  scikit-learn and LightGBM do; the core's default takes every judged document), cut at k.
- binary measures: a document is relevant when its label >= ``threshold`` (1 by default);
  R is the number of relevant documents in the row.
- a row with nothing relevant (or no real document): nDCG, R and AP give ``empty_value``
  (0 by default, as trec_eval and scikit-learn; 1 as LightGBM's nDCG, NDCGMetric::Eval in
  src/metric/rank_metric.hpp); the other measures are 0 there by their formulas.
- ERR's top grade and graded RBP's gmax: None (default) takes the largest label of the whole
  array, at least 1 (the array is the collection), so a value then depends on the other rows
  of the batch: pass ``gmax`` to avoid that. `rankwork.evaluate`, under its default preset
  (trec_eval ndcg_cut), takes 4 as ERR's top grade (gdeval's, whatever the qrels' grades):
  pass ``gmax=4`` to match it. Its graded RBP takes the qrels' largest grade, as None does
  here on the same grades. RBP: p = 0.8, gain g/gmax.
- ties (equal scores in a row): ``ties="average"`` (the default, except for ERR) gives the
  mean of the measure over every order of the tied documents (McSherry & Najork, ECIR 2008),
  which for DCG and nDCG is scikit-learn's ``dcg_score``/``ndcg_score`` (the gain averaged
  over the tie group, `_tie_averaged_dcg` in sklearn/metrics/_ranking.py, 1.9); it is exact
  for every measure here but ERR, which refuses it. ``ties="input"`` breaks a tie by position in
  the row: the lower column index ranks first (a stable sort, as LightGBM's
  ``std::stable_sort`` by score in src/metric/dcg_calculator.cpp, 4.x). The core's default,
  ties by docno descending, has no counterpart here: a row has no docnos.

Scores may be +inf or -inf (ranked first or last); NaN scores and labels that are negative,
NaN or infinite are refused at a real position (a ValueError naming the row and column).
"""

from __future__ import annotations

from typing import Literal

import numpy as np
from numpy.typing import ArrayLike

from rankwork.arrays_ranking import (
    Floats,
    finite,
    log_weights,
    rank,
    reciprocal_ranks,
    relevant,
    safe_divide,
    scale_max,
    tie_stats,
    tied,
    within,
)
from rankwork.core.conventions import Convention, _check_choice
from rankwork.core.discounts import discount
from rankwork.core.gains import gain as graded_gain
from rankwork.core.measures.families.err import err_gmax, stop_probability
from rankwork.core.ranking import check_cutoff
from rankwork.language import _

__all__ = [
    "average_precision",
    "dcg",
    "err",
    "ndcg",
    "precision",
    "rbp",
    "recall",
    "reciprocal_rank",
]

Ties = Literal["average", "input"]
Gain = Literal["exponential", "linear"]
RbpGain = Literal["graded", "binary", "raw"]


def _gains(grades: Floats, gain: str) -> Floats:
    _check_choice("gain", gain, ("exponential", "linear"))
    if gain == "linear":
        return grades  # the core's gain would copy them
    return np.asarray(graded_gain(grades, Convention(gain="exponential")), dtype=np.float64)


def _dcg(name: str, gains: Floats, k: int | None) -> Floats:
    """sum over ranks i <= k of gains[:, i] / log2(i + 1), refused where it overflows."""
    with np.errstate(over="ignore", invalid="ignore"):  # refused by finite
        values = gains @ log_weights(gains.shape[1], k)
    return finite(name, k, values)


def dcg(
    labels: ArrayLike,
    scores: ArrayLike,
    *,
    k: int | None = None,
    gain: Gain = "exponential",
    ties: Ties = "average",
    mask: ArrayLike | None = None,
    pad: float | None = None,
) -> Floats:
    """DCG@k of every row: sum over ranks i <= k of gain(g_i) / log2(i + 1).

    Parameters
    ----------
    labels, scores : array_like, shape (n_queries, n_documents)
        Graded relevance (real numbers >= 0, or booleans read as 0 and 1) and model scores
        (real numbers, higher ranks first; not NaN). Other dtypes (text, complex, booleans
        as scores) are refused.
    k : int, optional
        Cutoff, at least 1; None reads the whole row. A k beyond the row adds nothing.
    gain : {"exponential", "linear"}
        2^g - 1 (default) or g (scikit-learn's dcg_score uses the label itself: linear).
    ties : {"average", "input"}
        "average" (default): each rank in a tie group gets the group's mean gain, the mean
        DCG over every order of the tie (scikit-learn's default); "input": ties in column
        order.
    mask : array_like of bool, optional
        True where a real document is; False positions are not ranked.
    pad : float, optional
        A label value (a real number, e.g. -1, or NaN) marking positions with no document.

    Returns
    -------
    numpy.ndarray of float64, shape (n_queries,)

    Raises
    ------
    ValueError
        Arrays that are not 2-D real numbers or differ in shape; a label that is negative, NaN
        or infinite, or a NaN score, at a real position; a mask that is not booleans of the
        labels' shape; a pad that is not a real number; k < 1; an unknown gain or ties;
        exponential gain of a label >= 1024 (beyond a double); a row whose sums overflow a
        double (``DCG@k[row]``; in `ndcg` also ``IDCG@k[row]``).

    Examples
    --------
    Sorted by score, the labels read 0, 1, 2: gains 0, 1, 3 and
    DCG = 0/1 + 1/log2(3) + 3/log2(4) = 0.6309 + 1.5 = 2.1309. With linear gain
    (labels 0, 1, 2): 0 + 0.6309 + 1 = 1.6309.

    >>> import numpy as np
    >>> from rankwork import arrays
    >>> labels, scores = [[2, 0, 1]], [[0.1, 0.9, 0.5]]
    >>> np.round(arrays.dcg(labels, scores), 4)
    array([2.1309])
    >>> np.round(arrays.dcg(labels, scores, gain="linear"), 4)
    array([1.6309])
    """
    k = check_cutoff(k)
    ranked = rank(labels, scores, mask, pad, ties)
    return _dcg("DCG", tied(ranked, _gains(ranked.grades, gain)), k)


def ndcg(
    labels: ArrayLike,
    scores: ArrayLike,
    *,
    k: int | None = None,
    gain: Gain = "exponential",
    ties: Ties = "average",
    mask: ArrayLike | None = None,
    pad: float | None = None,
    empty_value: float = 0.0,
) -> Floats:
    """nDCG@k of every row: DCG@k / IDCG@k, and `empty_value` where IDCG@k = 0.

    DCG@k is `dcg`'s; IDCG@k is the DCG@k of the row's real documents sorted by gain,
    descending (the ideal ranking comes from the row: scikit-learn, LightGBM).

    Parameters
    ----------
    labels, scores, k, gain, ties, mask, pad
        As in `dcg`. With gain="linear" and ties="average" this is scikit-learn's
        ``ndcg_score`` per row (with ties="input" on distinct scores, its ignore_ties=True).
    empty_value : {0.0, 1.0}
        nDCG of a row with no positive gain (nothing relevant, or no real document): 0
        (default: trec_eval, scikit-learn) or 1 (LightGBM).

    Returns
    -------
    numpy.ndarray of float64, shape (n_queries,)

    Raises
    ------
    ValueError
        As `dcg`, and an empty_value other than 0 or 1.

    Examples
    --------
    Row 0: DCG = 2.1309 (see `dcg`); the ideal order 2, 1, 0 gives
    IDCG = 3 + 1/log2(3) = 3.6309, nDCG = 2.1309 / 3.6309 = 0.5869. Row 1 ties its first two
    documents: both ranks get the mean gain (3 + 0)/2 = 1.5, so
    DCG = 1.5 (1 + 0.6309) + 1 * 0.5 = 2.9464 and nDCG = 2.9464 / 3.6309 = 0.8115. Row 2
    has nothing relevant: 0.

    >>> import numpy as np
    >>> from rankwork import arrays
    >>> labels = [[2, 0, 1], [2, 0, 1], [0, 0, 0]]
    >>> scores = [[0.1, 0.9, 0.5], [0.7, 0.7, 0.2], [0.3, 0.2, 0.1]]
    >>> np.round(arrays.ndcg(labels, scores), 4)
    array([0.5869, 0.8115, 0.    ])
    """
    k = check_cutoff(k)
    Convention(empty_value=empty_value)  # checks it is 0 or 1
    ranked = rank(labels, scores, mask, pad, ties)
    gains = _gains(ranked.grades, gain)
    ideal = np.sort(gains, axis=1)[:, ::-1]
    return safe_divide(_dcg("DCG", tied(ranked, gains), k), _dcg("IDCG", ideal, k), empty_value)


def precision(
    labels: ArrayLike,
    scores: ArrayLike,
    *,
    k: int | None = None,
    threshold: float = 1.0,
    ties: Ties = "average",
    mask: ArrayLike | None = None,
    pad: float | None = None,
) -> Floats:
    """P@k of every row: h(k) / k, the relevant documents (label >= threshold) in the top k
    over k (ranks beyond a short row count as not relevant, as trec_eval's P@k); without k,
    h(n) / n over the row's n real documents (0 for a row with none).

    Parameters
    ----------
    labels, scores, k, mask, pad
        As in `dcg`.
    threshold : float
        A document is relevant when its label >= threshold (default 1).
    ties : {"average", "input"}
        "average" (default): the mean over every order of the tied documents (each rank of a
        tie group counts the group's share of relevant documents); "input": column order.

    Returns
    -------
    numpy.ndarray of float64, shape (n_queries,)

    Raises
    ------
    ValueError
        As `dcg`, and a threshold that is not a positive number.

    Examples
    --------
    Row 0 ranks the labels 0, 1, 2 (scores 0.9, 0.5, 0.1): P@2 = 1/2. Row 1 ties all three
    (one relevant of three): each rank is relevant with probability 1/3, P@2 = (2/3)/2.

    >>> import numpy as np
    >>> from rankwork import arrays
    >>> labels = [[2, 0, 1], [1, 0, 0]]
    >>> scores = [[0.1, 0.9, 0.5], [0.5, 0.5, 0.5]]
    >>> np.round(arrays.precision(labels, scores, k=2), 4)
    array([0.5   , 0.3333])
    """
    k = check_cutoff(k)
    ranked, rel = relevant(labels, scores, threshold, ties, mask, pad)
    hits = tied(ranked, rel) @ within(rel.shape[1], k)
    return safe_divide(hits, ranked.n_real if k is None else k, 0.0)


def recall(
    labels: ArrayLike,
    scores: ArrayLike,
    *,
    k: int | None = None,
    threshold: float = 1.0,
    ties: Ties = "average",
    mask: ArrayLike | None = None,
    pad: float | None = None,
    empty_value: float = 0.0,
) -> Floats:
    """R@k of every row: h(k) / R, the relevant documents in the top k over all R relevant
    documents of the row; `empty_value` (0 by default) where R = 0.

    Parameters
    ----------
    labels, scores, k, threshold, ties, mask, pad
        As in `precision`.
    empty_value : {0.0, 1.0}
        R@k of a row with nothing relevant.

    Returns
    -------
    numpy.ndarray of float64, shape (n_queries,)

    Raises
    ------
    ValueError
        As `precision`, and an empty_value other than 0 or 1.

    Examples
    --------
    Labels 0, 1, 2 in rank order, R = 2: R@2 = 1/2.

    >>> from rankwork import arrays
    >>> arrays.recall([[2, 0, 1]], [[0.1, 0.9, 0.5]], k=2)
    array([0.5])
    """
    k = check_cutoff(k)
    Convention(empty_value=empty_value)  # checks it is 0 or 1
    ranked, rel = relevant(labels, scores, threshold, ties, mask, pad)
    hits = tied(ranked, rel) @ within(rel.shape[1], k)
    return safe_divide(hits, rel.sum(axis=1), empty_value)


def average_precision(
    labels: ArrayLike,
    scores: ArrayLike,
    *,
    k: int | None = None,
    threshold: float = 1.0,
    ties: Ties = "average",
    mask: ArrayLike | None = None,
    pad: float | None = None,
    empty_value: float = 0.0,
) -> Floats:
    """AP@k of every row: (1/R) sum over relevant ranks i <= k of P@i (trec_eval's map_cut;
    R counts every relevant document of the row); `empty_value` (0) where R = 0.

    With ties="average" it is the mean over every order of the tied documents (McSherry &
    Najork 2008): rank i, at offset j (0-based) of a tie group of m documents holding r
    relevant ones after H relevant ranks, adds (1/i) [(r/m)(H + 1) + j r(r-1) / (m(m-1))],
    the expected rel_i h(i).

    Parameters
    ----------
    labels, scores, k, threshold, ties, mask, pad
        As in `precision`.
    empty_value : {0.0, 1.0}
        AP of a row with nothing relevant.

    Returns
    -------
    numpy.ndarray of float64, shape (n_queries,)

    Raises
    ------
    ValueError
        As `precision`, and an empty_value other than 0 or 1.

    Examples
    --------
    Row 0 ranks the labels 0, 1, 2: relevant at ranks 2 and 3, AP = (1/2 + 2/3) / 2 = 0.5833.
    Row 1 ties a relevant and a non-relevant document at the top: the two orders give
    AP 1 and 1/2, mean 0.75.

    >>> import numpy as np
    >>> from rankwork import arrays
    >>> labels = [[2, 0, 1], [1, 0, 0]]
    >>> scores = [[0.1, 0.9, 0.5], [0.5, 0.5, 0.1]]
    >>> np.round(arrays.average_precision(labels, scores), 4)
    array([0.5833, 0.75  ])
    """
    k = check_cutoff(k)
    Convention(empty_value=empty_value)  # checks it is 0 or 1
    ranked, rel = relevant(labels, scores, threshold, ties, mask, pad)
    t = tie_stats(ranked, rel)
    pairs = np.divide(t.r * (t.r - 1), t.m * (t.m - 1), out=np.zeros(rel.shape), where=t.m > 1)
    expected = t.r / t.m * (t.hits_before + 1) + t.j * pairs  # E[rel_i h(i)]
    total = expected @ reciprocal_ranks(rel.shape[1], k)
    return safe_divide(total, rel.sum(axis=1), empty_value)


def reciprocal_rank(
    labels: ArrayLike,
    scores: ArrayLike,
    *,
    k: int | None = None,
    threshold: float = 1.0,
    ties: Ties = "average",
    mask: ArrayLike | None = None,
    pad: float | None = None,
) -> Floats:
    """RR@k of every row: 1/i for the first relevant rank i <= k, 0 if there is none.

    With ties="average" it is the mean over every order of the tied documents: in the first
    tie group holding r relevant documents of m, the first relevant one sits at offset j
    (1-based) with probability C(m - j, r - 1) / C(m, r).

    Parameters
    ----------
    labels, scores, k, threshold, ties, mask, pad
        As in `precision`.

    Returns
    -------
    numpy.ndarray of float64, shape (n_queries,)

    Raises
    ------
    ValueError
        As `precision`.

    Examples
    --------
    Row 0 ranks the labels 0, 1, 2: RR = 1/2. Row 1 ties one relevant document with two
    others at the top: ranks 1, 2, 3 each with probability 1/3, RR = (1 + 1/2 + 1/3)/3.

    >>> import numpy as np
    >>> from rankwork import arrays
    >>> labels = [[2, 0, 1], [0, 1, 0]]
    >>> scores = [[0.1, 0.9, 0.5], [0.5, 0.5, 0.5]]
    >>> np.round(arrays.reciprocal_rank(labels, scores), 4)
    array([0.5   , 0.6111])
    """
    k = check_cutoff(k)
    ranked, rel = relevant(labels, scores, threshold, ties, mask, pad)
    t = tie_stats(ranked, rel)
    # P(no relevant document at ranks <= i), a product of P(rank i not relevant | none before)
    none_yet = np.cumprod((t.m - t.r - t.j) / (t.m - t.j), axis=1)
    before = np.ones(rel.shape)
    before[:, 1:] = none_yet[:, :-1]
    return (before - none_yet) @ reciprocal_ranks(rel.shape[1], k)


def err(
    labels: ArrayLike,
    scores: ArrayLike,
    *,
    k: int | None = None,
    gmax: float | None = None,
    ties: Literal["input"] = "input",
    mask: ArrayLike | None = None,
    pad: float | None = None,
) -> Floats:
    """ERR@k of every row: sum over ranks i <= k of (1/i) R_i prod_{j<i} (1 - R_j), with
    R_i = (2^g_i - 1) / 2^gmax (Chapelle, Metzler, Zhang & Grinspan, CIKM 2009).

    Parameters
    ----------
    labels, scores, k, mask, pad
        As in `dcg`.
    gmax : float, optional
        The top grade. None (default) takes the largest label of the whole array (at least
        1), so the value then depends on the batch; gdeval and ir_measures fix it at 4.
    ties : {"input"}
        Ties in column order. "average" is refused: ERR is not linear in the ranks' grades,
        and the mean over every order of a tie has no short form.

    Returns
    -------
    numpy.ndarray of float64, shape (n_queries,)

    Raises
    ------
    ValueError
        As `dcg`, ties="average", and a gmax below the largest label or not positive.

    Examples
    --------
    Labels 0, 1, 2 in rank order, gmax = 2: R = 0, 1/4, 3/4, so
    ERR = 0 + (1/2)(1/4) + (1/3)(3/4)(3/4) = 0.125 + 0.1875 = 0.3125.

    >>> from rankwork import arrays
    >>> arrays.err([[2, 0, 1]], [[0.1, 0.9, 0.5]])
    array([0.3125])
    """
    k = check_cutoff(k)
    if ties != "input":
        raise ValueError(
            _(
                "ERR takes only ties='input' (tied documents in column order); got {ties!r}: "
                "its mean over every order of a tie has no short form."
            ).format(ties=ties)
        )
    ranked = rank(labels, scores, mask, pad, ties)
    largest, scale = scale_max(ranked)
    top = err_gmax(Convention(err_gmax=gmax), scale, largest)
    stop = np.asarray(stop_probability(ranked.grades, top), dtype=np.float64)
    reach = np.ones(stop.shape)
    reach[:, 1:] = np.cumprod(1.0 - stop, axis=1)[:, :-1]
    return (reach * stop) @ reciprocal_ranks(stop.shape[1], k)


def rbp(
    labels: ArrayLike,
    scores: ArrayLike,
    *,
    p: float = 0.8,
    gain: RbpGain = "graded",
    gmax: float | None = None,
    threshold: float = 1.0,
    ties: Ties = "average",
    mask: ArrayLike | None = None,
    pad: float | None = None,
) -> Floats:
    """RBP of every row: (1 - p) sum_i r_i p^(i-1) over the whole row (Moffat & Zobel, TOIS
    2008), with r_i = g_i / gmax ("graded", default), 1 if g_i >= threshold ("binary") or g_i
    ("raw", ranx). There is no cutoff, and no residual (every position is judged).

    Parameters
    ----------
    labels, scores, mask, pad
        As in `dcg`.
    p : float
        The persistence, in (0, 1); 0.8 by default.
    gain : {"graded", "binary", "raw"}
        r_i as above.
    gmax : float, optional
        The top grade of the graded gain; None (default) takes the largest label of the whole
        array (at least 1), so the value then depends on the batch.
    threshold : float
        The binary gain's threshold (1 by default).
    ties : {"average", "input"}
        "average" (default): the mean over every order of the tied documents (each rank of a
        tie group gets the group's mean r); "input": column order.

    Returns
    -------
    numpy.ndarray of float64, shape (n_queries,)

    Raises
    ------
    ValueError
        As `dcg` (an overflow named ``RBP[row]``), a p outside (0, 1), a gmax below the
        largest label or not positive.

    Examples
    --------
    Labels 0, 1, 2 in rank order, gmax = 2, p = 0.5: RBP = 0.5 (0 + 0.5 * 0.5 + 1 * 0.25)
    = 0.25.

    >>> from rankwork import arrays
    >>> arrays.rbp([[2, 0, 1]], [[0.1, 0.9, 0.5]], p=0.5)
    array([0.25])
    """
    Convention(rbp_p=p, rbp_gmax=gmax, rel_threshold=threshold)  # checks them
    _check_choice("gain", gain, ("graded", "binary", "raw"))
    ranked = rank(labels, scores, mask, pad, ties)
    grades = ranked.grades
    if gain == "binary":
        gains = (grades >= threshold).astype(np.float64)
    elif gain == "raw":
        gains = grades
    else:
        largest, scale = scale_max(ranked)
        top = scale if gmax is None else gmax
        if largest > top:
            raise ValueError(
                _(
                    "RBP's top grade {gmax:g} is below the grade {largest:g} in the list; "
                    "the graded gain g/gmax must not exceed 1."
                ).format(gmax=top, largest=largest)
            )
        gains = grades / top
    weights = (1.0 - p) * discount(grades.shape[1], Convention(discount="geometric", discount_p=p))
    with np.errstate(over="ignore", invalid="ignore"):  # refused by finite
        values = tied(ranked, gains) @ weights
    return finite("RBP", None, values)
