"""The measure families over many queries at once, on the compact arrays `batch.prepare` builds.

Every function here (and in `rankwork.collection.diversity_batch`, the diversity measures)
computes, for all queries together, exactly the number the single-list core
(`rankwork.core.graded`, `rankwork.core.binary`, `rankwork.core.diversity`) computes for one
query; the formulas are the core's and are repeated in each docstring. There is no Python loop
over queries: per-query sums are `np.bincount(query, weights)` over rows sorted by query then
rank, running counts are integer cumulative sums restarted at each query, and ERR's running
product (and the diversity measures' greedy ideal) loops over rank depth (one vectorised step
per rank, at most the pool size), never over queries.

Only the judged retrieved documents are kept as rows (`Prepared.ret_*`): an unjudged document
has gain 0, is never relevant and multiplies ERR's running product by exactly 1, so it only
matters through its rank (`ret_pos`) and the list length (`n_ret`). That makes a 10M-line run
with 30 judgments per query a few hundred thousand rows here.

Notation: q the query index of a row, i its 1-based rank, g its grade, n the list length,
R the number of relevant judged documents of the query (retrieved or not), t the relevance
threshold, h(k) the relevant documents at ranks <= k.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import partial

import numpy as np

from rankwork.collection.cwl_batch import CWL_KERNELS
from rankwork.collection.diversity_batch import DIVERSITY_KERNELS, Subtopics
from rankwork.core.binary import f_beta_share
from rankwork.core.conventions import Convention
from rankwork.core.discounts import discount
from rankwork.core.gains import gain
from rankwork.core.graded import err_gmax, stop_probability, top_gain
from rankwork.core.inferred import expected_precision
from rankwork.core.measures import Measure
from rankwork.core.qmeasure import blended_ratio, check_beta, relevant_gains
from rankwork.core.ranking import check_ideal_depth


@dataclass(frozen=True, eq=False)
class Prepared:
    """Every evaluated query, numbered 0..n_queries-1, in the form the measures read.

    n_ret        documents retrieved per query (0 for a qrels query missing from the run)
    ret_q, ret_pos, ret_grade
                 the judged retrieved documents (negative policy applied, so no NaN), sorted
                 by query then rank: query index, 1-based rank, grade
    ret_tie_first, ret_tie_last
                 1-based first and last rank of the score tie group of each row; only for
                 ties='average' (DCG spreads gains over tie groups), else None
    pool_q, pool_grade
                 every judged document of every query, retrieved or not (the judged pool)
    ret_row, pool_row
                 the qrels row each of those came from (to name a line in an error message)
    scale_max    the grade scale's top: the largest grade in the qrels (at least 1)
    subtopics    a diversity qrels' subtopic judgments (`diversity_batch.Subtopics`), which
                 the diversity kernels read; None for an ordinary qrels
    pooled_q, pooled_pos
                 the retrieved documents in the pool but not judged (a negative grade the
                 policy made unjudged; trec_eval's -1), sorted by query then rank: query
                 index and 1-based rank (infAP reads them); None when there are none
    """

    n_queries: int
    n_ret: np.ndarray
    ret_q: np.ndarray
    ret_pos: np.ndarray
    ret_grade: np.ndarray
    ret_tie_first: np.ndarray | None
    ret_tie_last: np.ndarray | None
    ret_row: np.ndarray
    pool_q: np.ndarray
    pool_grade: np.ndarray
    pool_row: np.ndarray
    scale_max: float
    subtopics: Subtopics | None = None
    pooled_q: np.ndarray | None = None
    pooled_pos: np.ndarray | None = None


def compute(measure: Measure, base: Convention, prep: Prepared) -> np.ndarray:
    """One measure for every query: a float array indexed by query, from the family's kernel
    (`KERNELS`) under the convention the measure's parameters make of `base`."""
    kernel = KERNELS[measure.family]
    arguments = measure.arguments()
    if arguments.pop("judged_only", False):  # `nDCG(judged_only=True)`: the condensed lists
        prep = condensed(prep)
    return kernel(prep, measure.convention(base), measure.cutoff, **arguments)


def condensed(prep: Prepared) -> Prepared:
    """Every query's condensed list (`rankwork.core.condensed`): the unjudged documents removed,
    so the judged rows, already sorted by query then rank, are renumbered 1, 2, ... per query
    and a list is as long as its judged documents. The pool is unchanged. A score tie group
    keeps its judged rows: its first and last ranks become theirs."""
    q = prep.ret_q
    pos = _running_count(prep, q, np.ones(len(q), dtype=bool))
    first = last = None
    if prep.ret_tie_first is not None and len(q):
        starts = np.flatnonzero(
            np.concatenate(
                ([True], (q[1:] != q[:-1]) | (prep.ret_tie_first[1:] != prep.ret_tie_first[:-1]))
            )
        )
        size = np.diff(np.concatenate((starts, [len(q)])))
        first = np.repeat(pos[starts], size)
        last = np.repeat(pos[starts] + size - 1, size)
    elif prep.ret_tie_first is not None:
        first = last = prep.ret_tie_first
    return replace(
        prep,
        n_ret=_count(prep, q).astype(prep.n_ret.dtype),
        ret_pos=pos.astype(prep.ret_pos.dtype),
        ret_tie_first=first,
        ret_tie_last=last,
        pooled_q=None,  # every unjudged document is gone
        pooled_pos=None,
    )


# ---------------------------------------------------------------------------------- helpers


def _sum(prep: Prepared, q: np.ndarray, values: np.ndarray) -> np.ndarray:
    """Per-query sums of `values` (rows with query index q)."""
    return np.bincount(q, weights=values, minlength=prep.n_queries).astype(float)


def _count(prep: Prepared, q: np.ndarray) -> np.ndarray:
    return np.bincount(q, minlength=prep.n_queries)


def _running_count(prep: Prepared, q: np.ndarray, flags: np.ndarray) -> np.ndarray:
    """For rows sorted by query: the flagged rows up to and including each row, in its query."""
    cs = np.cumsum(flags, dtype=np.int64)
    counts = _count(prep, q)
    before = np.concatenate(([0], cs))[np.cumsum(counts) - counts]
    return cs - before[q]


def _div(a: np.ndarray, b: np.ndarray, empty: float = 0.0) -> np.ndarray:
    """a / b where b > 0, else `empty`."""
    b = np.asarray(b, dtype=float)
    out = np.full(np.broadcast(a, b).shape, empty, dtype=float)
    np.divide(a, b, out=out, where=b > 0)
    return out


def _within(prep: Prepared, k: int | None) -> np.ndarray:
    """Rows at rank <= k (all rows without a cutoff)."""
    return np.ones(len(prep.ret_pos), dtype=bool) if k is None else prep.ret_pos <= k


def _depth(prep: Prepared, k: int | None) -> np.ndarray:
    """k per query, or the list length n without a cutoff."""
    return prep.n_ret.astype(float) if k is None else np.full(prep.n_queries, float(k))


def _relevant(prep: Prepared, c: Convention) -> tuple[np.ndarray, np.ndarray]:
    """Relevance of the judged retrieved rows (g >= t) and R per query."""
    rel = prep.ret_grade >= c.rel_threshold
    big_r = _count(prep, prep.pool_q[prep.pool_grade >= c.rel_threshold])
    return rel, big_r


# ------------------------------------------------------------------------------ DCG family


def dcg_family(prep: Prepared, c: Convention, k: int | None, family: str) -> np.ndarray:
    """DCG@k = sum_{i<=k} gain(g_i) disc(i); IDCG@k = the same over the ideal ranking (the
    judged pool sorted by gain, positive gains only, cut at k when `ideal_cut`; 'retrieved':
    the judged retrieved documents; 'none': k (or n) documents of the top grade);
    nDCG@k = DCG@k / IDCG@k, `empty_value` when IDCG@k = 0. With ties='average' a document's
    gain is spread evenly over the ranks of its score tie group. `dcg_cutoff` False (trec_eval's
    `ndcg`) ignores k."""
    if not c.dcg_cutoff:
        k = None
    within = _within(prep, k)
    ret_gain = gain(prep.ret_grade, c)
    ideal_q, ideal_gain, ideal_rank = _ideal(prep, c, k)
    longest = max(
        int(prep.ret_pos.max(initial=0)),
        int(ideal_rank.max(initial=0)),
        int(prep.n_ret.max(initial=0)),
    )
    if c.ideal == "none" and k is not None:
        check_ideal_depth(k, longest)
        longest = max(longest, k)
    # Ranks past every list and ideal ranking add nothing: a larger k costs nothing.
    weights = discount(longest, c, k)
    if c.ties == "average" and prep.ret_tie_first is not None:
        dcg = _dcg_tie_average(prep, ret_gain, weights, k)
    else:
        dcg = _sum(prep, prep.ret_q[within], ret_gain[within] * weights[prep.ret_pos[within] - 1])
    if c.ideal == "none":
        depth = _depth(prep, k).astype(np.int64)
        cumulative = np.concatenate(([0.0], np.cumsum(weights)))
        idcg = top_gain(prep.scale_max, c) * cumulative[depth]
    else:
        idcg = _sum(prep, ideal_q, ideal_gain * weights[ideal_rank - 1])
    if family == "DCG":
        return dcg
    if family == "IDCG":
        return idcg
    overflowed = ~(np.isfinite(dcg) & np.isfinite(idcg))  # NaN: batch.evaluate reports it
    return np.where(overflowed, np.nan, _div(dcg, idcg, empty=c.empty_value))


def _ideal(prep: Prepared, c: Convention, k: int | None):
    """The ideal ranking of every query: (query, gain, 1-based ideal rank) of the documents
    IDCG reads (positive gains, best first, cut at k when the convention cuts it)."""
    if c.ideal == "none":
        empty = np.zeros(0, dtype=np.int64)
        return empty, np.zeros(0), empty
    if c.ideal == "judged":
        q, grades = prep.pool_q, prep.pool_grade
    else:
        q, grades = prep.ret_q, prep.ret_grade
    g = gain(grades, c)
    keep = g > 0
    q, g = q[keep], g[keep]
    order = np.lexsort((-g, q))
    q, g = q[order], g[order]
    rank = _running_count(prep, q, np.ones(len(q), dtype=bool))
    if c.ideal_cut and k is not None:
        cut = rank <= k
        q, g, rank = q[cut], g[cut], rank[cut]
    return q, g, rank


def _dcg_tie_average(prep: Prepared, ret_gain: np.ndarray, weights: np.ndarray, k: int | None):
    """DCG with tied scores averaged (McSherry & Najork 2008): each rank of a tie group of
    size s gets the group's mean gain, so a document of gain G adds G/s to every rank of its
    group within k: G/s * (W(min(last, k)) - W(first - 1)), W the running sum of disc."""
    counted = weights.copy()
    if k is not None:
        counted[k:] = 0.0
    running = np.concatenate(([0.0], np.cumsum(counted)))
    first, last = prep.ret_tie_first, prep.ret_tie_last
    size = (last - first + 1).astype(float)
    spread = running[last] - running[first - 1]
    return _sum(prep, prep.ret_q, ret_gain / size * spread)


# --------------------------------------------------------------------------------- ERR, RBP


def err(prep: Prepared, c: Convention, k: int | None) -> np.ndarray:
    """ERR@k = sum_{i<=k} (1/i) R_i prod_{j<i} (1 - R_j), R_i = (2^g_i - 1) / 2^gmax
    (gmax: the convention's `err_gmax`, else the scale's top). Unjudged ranks have R = 0."""
    gmax = err_gmax(c, prep.scale_max, float(prep.ret_grade.max(initial=-np.inf)))
    within = _within(prep, k)
    q, pos = prep.ret_q[within], prep.ret_pos[within]
    r = stop_probability(prep.ret_grade[within], gmax)
    p_reach = _running_product_before(prep, q, 1.0 - r)
    return _sum(prep, q, p_reach * r / pos)


def _running_product_before(prep: Prepared, q: np.ndarray, factors: np.ndarray) -> np.ndarray:
    """For rows sorted by query: the product of the factors of the earlier rows of the same
    query (1 for a query's first row), multiplied left to right as np.cumprod does. Loops over
    the depth (the j-th row of every query at once), not over queries."""
    counts = _count(prep, q)
    starts = np.cumsum(counts) - counts
    by_count = np.argsort(-counts, kind="stable")  # queries with at least j rows: a prefix
    sorted_counts = counts[by_count]
    product = np.ones(prep.n_queries)
    out = np.empty(len(q))
    for j in range(int(counts.max(initial=0))):
        active = by_count[: np.searchsorted(-sorted_counts, -j, side="left")]
        rows = starts[active] + j
        out[rows] = product[active]
        product[active] *= factors[rows]
    return out


def rbp(prep: Prepared, c: Convention, k: int | None = None, residual: bool = False) -> np.ndarray:
    """RBP = (1 - p) sum_i r_i p^(i-1) over the whole list, r_i = g_i/gmax ('graded'),
    [g_i >= t] ('binary') or g_i ('raw'); residual = top gain * (the weight of the unjudged
    ranks + the tail p^n) = top gain * (1 - the weight of the judged ranks)."""
    del k  # RBP has no cutoff; the argument keeps the kernels' signature uniform
    persistence = c.rbp_p
    grades = prep.ret_grade
    if c.rbp_gain == "binary":
        gains, top = (grades >= c.rel_threshold).astype(float), 1.0
    elif c.rbp_gain == "raw":
        gains, top = grades, prep.scale_max
    else:
        gmax = c.rbp_gmax if c.rbp_gmax is not None else prep.scale_max
        if grades.size and max(float(grades.max()), 0.0) > gmax:
            raise ValueError(
                f"RBP's top grade {gmax:g} is below the grade {grades.max():g} in the list; "
                "the graded gain g/gmax must not exceed 1."
            )
        gains, top = grades / gmax, 1.0
    weight = (1.0 - persistence) * persistence ** (prep.ret_pos - 1.0)
    if residual:
        return top * (1.0 - _sum(prep, prep.ret_q, weight))
    return _sum(prep, prep.ret_q, weight * gains)


# --------------------------------------------------------------------------- binary family


def precision(prep: Prepared, c: Convention, k: int | None) -> np.ndarray:
    """P@k = h(k) / k; without k, h(n) / n (0 for an empty list)."""
    rel, _ = _relevant(prep, c)
    hits = _count(prep, prep.ret_q[rel & _within(prep, k)])
    return hits / np.maximum(_depth(prep, k), 1.0)


def recall(prep: Prepared, c: Convention, k: int | None) -> np.ndarray:
    """R@k = h(k) / R (0 when R = 0)."""
    rel, big_r = _relevant(prep, c)
    return _div(_count(prep, prep.ret_q[rel & _within(prep, k)]), big_r)


def f_beta(prep: Prepared, c: Convention, k: int | None, beta: float = 1.0) -> np.ndarray:
    """F_beta@k = (1 + b^2) h(k) / (b^2 R + k), k = n without a cutoff (0 when R = 0)."""
    if not beta > 0:
        raise ValueError(f"F's beta must be a positive number; got {beta!r}.")
    rel, big_r = _relevant(prep, c)
    hits = _count(prep, prep.ret_q[rel & _within(prep, k)])
    return hits * f_beta_share(beta, big_r, _depth(prep, k))


def average_precision(prep: Prepared, c: Convention, k: int | None) -> np.ndarray:
    """AP@k = (1/R) sum over relevant ranks i <= k of P@i = h(i) / i."""
    rel, big_r = _relevant(prep, c)
    hits = _running_count(prep, prep.ret_q, rel)
    at = rel & _within(prep, k)
    q = prep.ret_q[at]
    terms = _div(hits[at] / prep.ret_pos[at], big_r[q].astype(float))
    return _sum(prep, q, terms)


def q_measure(prep: Prepared, c: Convention, k: int | None, beta: float = 1.0) -> np.ndarray:
    """Q@k = (1/R) sum over relevant ranks r <= k of (C(r) + β cg(r)) / (r + β cg*(r))
    (`rankwork.core.qmeasure`): relevant g >= t, gains counted for relevant documents only;
    C and cg are running sums over the judged rows (an unjudged rank adds nothing to either),
    cg*(r) the ideal's running gain at min(r, R), from the relevant judged pool sorted by gain
    (largest first) per query. A gain sum beyond the largest double gives NaN (reported)."""
    beta = check_beta(beta)
    rel, gains = relevant_gains(prep.ret_grade, c)
    pool_rel, pool_gains = relevant_gains(prep.pool_grade, c)
    big_r = _count(prep, prep.pool_q[pool_rel])
    hits = _running_count(prep, prep.ret_q, rel)
    cg = _running_sum(prep, prep.ret_q, gains)
    ideal_q, ideal_g = prep.pool_q[pool_rel], pool_gains[pool_rel]
    order = np.lexsort((-ideal_g, ideal_q))
    ideal_q, ideal_g = ideal_q[order], ideal_g[order]
    ideal_cg = _running_sum(prep, ideal_q, ideal_g)
    start = np.cumsum(big_r) - big_r  # each query's first row in the ideal arrays
    at = rel & _within(prep, k)
    q, pos = prep.ret_q[at], prep.ret_pos[at].astype(np.int64)
    ideal_at = ideal_cg[start[q] + np.minimum(pos, big_r[q]) - 1]
    ratio = blended_ratio(hits[at], cg[at], ideal_at, pos, beta)
    total = _sum(prep, ideal_q, ideal_g)
    value = _div(_sum(prep, q, ratio), big_r.astype(float))
    return np.where(np.isfinite(total), value, np.nan)


def _running_sum(prep: Prepared, q: np.ndarray, values: np.ndarray) -> np.ndarray:
    """For rows sorted by query: the sum of `values` up to and including each row, in its
    query (a running sum restarted at each query)."""
    cs = np.cumsum(values, dtype=float)
    counts = _count(prep, q)
    before = np.concatenate(([0.0], cs))[np.cumsum(counts) - counts]
    return cs - before[q]


def inf_ap(prep: Prepared, c: Convention, k: int | None = None) -> np.ndarray:
    """infAP = (1/R) sum over judged relevant ranks i of E[P@i] (`rankwork.core.inferred`),
    with r, n and u the judged relevant, judged non-relevant and pooled-but-unjudged
    documents above i: the first two are running counts over the judged rows, u a search of
    the pooled rows' (query, rank) keys."""
    rel, big_r = _relevant(prep, c)
    hits = _running_count(prep, prep.ret_q, rel)
    seen = _running_count(prep, prep.ret_q, np.ones(len(rel), dtype=bool))
    q, pos = prep.ret_q[rel], prep.ret_pos[rel].astype(np.int64)
    r_above = hits[rel] - 1
    n_above = seen[rel] - 1 - r_above
    if prep.pooled_q is None or not len(prep.pooled_q):
        u_above = np.zeros(len(q), dtype=np.int64)
    else:
        width = int(max(prep.pooled_pos.max(), pos.max(initial=0))) + 1
        keys = prep.pooled_q.astype(np.int64) * width + prep.pooled_pos
        mine = q.astype(np.int64) * width
        u_above = np.searchsorted(keys, mine + pos) - np.searchsorted(keys, mine)
    terms = expected_precision(r_above, n_above, u_above, pos)
    return _div(_sum(prep, q, terms), big_r.astype(float))


def reciprocal_rank(prep: Prepared, c: Convention, k: int | None) -> np.ndarray:
    """RR@k = 1 / (rank of the first relevant document), 0 when none is within k."""
    rel, _ = _relevant(prep, c)
    at = np.flatnonzero(rel & _within(prep, k))
    q = prep.ret_q[at]
    first = np.ones(len(q), dtype=bool)
    first[1:] = q[1:] != q[:-1]
    out = np.zeros(prep.n_queries)
    out[q[first]] = 1.0 / prep.ret_pos[at[first]]
    return out


def r_precision(prep: Prepared, c: Convention, k: int | None = None) -> np.ndarray:
    """R-Prec = h(R) / R: precision at depth R (0 when R = 0)."""
    rel, big_r = _relevant(prep, c)
    at = rel & (prep.ret_pos <= big_r[prep.ret_q])
    return _div(_count(prep, prep.ret_q[at]), big_r)


def set_ap(prep: Prepared, c: Convention, k: int | None = None) -> np.ndarray:
    """SetAP = (h(n) / n) (h(n) / R): set precision times set recall (0 when n or R is 0)."""
    del k  # a set measure: no cutoff
    rel, big_r = _relevant(prep, c)
    hits = _count(prep, prep.ret_q[rel]).astype(float)
    return _div(hits * hits, prep.n_ret * big_r)


def success(prep: Prepared, c: Convention, k: int | None) -> np.ndarray:
    """Success@k = 1 when a relevant document is at rank <= k, else 0."""
    rel, _ = _relevant(prep, c)
    return (_count(prep, prep.ret_q[rel & _within(prep, k)]) > 0).astype(float)


def bpref(prep: Prepared, c: Convention, k: int | None = None) -> np.ndarray:
    """bpref = (1/R) sum over relevant retrieved r of (1 - min(N_r, R) / min(N, R)), N_r the
    judged non-relevant documents above r, N all judged non-relevant ones (a term is 1 when
    N_r = 0); unjudged documents are skipped (trec_eval's form)."""
    rel, big_r = _relevant(prep, c)
    n_nonrel = _count(prep, prep.pool_q[prep.pool_grade < c.rel_threshold])
    nonrel_above = _running_count(prep, prep.ret_q, ~rel) - ~rel
    q = prep.ret_q[rel]
    above = nonrel_above[rel]
    denominator = np.minimum(n_nonrel, big_r)[q]
    denominator = np.where(denominator > 0, denominator, 1).astype(float)
    terms = np.where(above > 0, 1.0 - np.minimum(above, big_r[q]) / denominator, 1.0)
    return _sum(prep, q, _div(terms, big_r[q].astype(float)))


def judged_at(prep: Prepared, c: Convention, k: int | None) -> np.ndarray:
    """Judged@k = judged documents at rank <= k / min(k, n) (0 for an empty list)."""
    return _div(_count(prep, prep.ret_q[_within(prep, k)]), num_ret(prep, c, k))


def num_ret(prep: Prepared, c: Convention, k: int | None) -> np.ndarray:
    """num_ret: documents retrieved (at rank <= k)."""
    longest = int(prep.n_ret.max(initial=0))  # k beyond it is the same, and may exceed int64
    return (prep.n_ret if k is None else np.minimum(prep.n_ret, min(k, longest))).astype(float)


def num_rel(prep: Prepared, c: Convention, k: int | None) -> np.ndarray:
    """num_rel: R, the relevant judged documents of the query."""
    return _relevant(prep, c)[1].astype(float)


def num_rel_ret(prep: Prepared, c: Convention, k: int | None) -> np.ndarray:
    """num_rel_ret: h(k), relevant documents retrieved (at rank <= k)."""
    rel, _ = _relevant(prep, c)
    return _count(prep, prep.ret_q[rel & _within(prep, k)]).astype(float)


#: The batch kernel of every measure family of `rankwork.core.specs.SPECS` (a test checks that
#: the two hold the same families): kernel(prepared, convention, k, **the measure's arguments).
KERNELS: dict[str, Callable[..., np.ndarray]] = {
    "nDCG": partial(dcg_family, family="nDCG"),
    "DCG": partial(dcg_family, family="DCG"),
    "IDCG": partial(dcg_family, family="IDCG"),
    "ERR": err,
    "RBP": rbp,
    "RBP_resid": partial(rbp, residual=True),
    "P": precision,
    "R": recall,
    "F1": f_beta,
    "F": f_beta,
    "AP": average_precision,
    "Q": q_measure,
    "infAP": inf_ap,
    "RR": reciprocal_rank,
    "Rprec": r_precision,
    "SetAP": set_ap,
    "Success": success,
    "Bpref": bpref,
    "Judged": judged_at,
    "NumRet": num_ret,
    "NumRel": num_rel,
    "NumRelRet": num_rel_ret,
    **DIVERSITY_KERNELS,  # the diversity measures (rankwork.collection.diversity_batch)
    **CWL_KERNELS,  # INST, INSQ, NERR8-11, BPM (rankwork.collection.cwl_batch)
}
