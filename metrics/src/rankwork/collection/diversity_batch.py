"""The diversity measures (α-DCG, α-nDCG, ERR-IA, nERR-IA, NRBP, nNRBP, P-IA, AP-IA,
S-recall) over many queries at once, on the subtopic arrays `batch.prepare` builds from a
diversity qrels (`Subtopics`).

Each kernel computes, for all queries together, the number `rankwork.core.diversity` computes
for one query; the formulas are the core's (its module docstring states them and where they
differ from ndeval on purpose). In short, with i the 1-based rank, j a subtopic, S_q the
subtopics of query q that some judged document is relevant to, w = 1/|S_q| (uniform intent
weights), c_ij the documents above rank i relevant to j, and α, β the parameters:

    g_i        = sum_j w rel_ij (1 - α)^c_ij                       (the novelty gain)
    α-DCG@k    = sum_{i<=k} g_i / log2(i + 1) / sum_{i<=k} (1 - α)^(i-1) / log2(i + 1)
    ERR-IA@k   = sum_{i<=k} g_i / i / sum_{i<=k} (1 - α)^(i-1) / i
    α-nDCG@k, nERR-IA@k: the same sums over the greedy ideal ranking as denominator
    NRBP       = (1 - (1 - α)β) sum_i g_i β^(i-1);  nNRBP = NRBP / NRBP of the greedy ideal
    P-IA@k     = (1/k) sum_{i<=k} sum_j w rel_ij
    AP-IA      = sum_j w (1/R_j) sum_{i: rel_ij} (documents relevant to j at ranks <= i) / i
    S-recall@k = |subtopics covered by the top k| / |S_q|
A query with no subtopic (nothing relevant) scores 0 on every measure.

Relevance: a document is relevant to a subtopic when its judgment for it is > 0 (ndeval's
rule; pyndeval's default relevance_level 1 agrees for whole-number judgments).

How, without a Python loop over queries:
- the retrieved (document, subtopic) pairs are sorted by query, rank and subtopic; c_ij is
  a pair's position among the pairs of the same (query, subtopic), found by a stable sort on
  the subtopic code and a cumulative count; per-rank and per-query sums are `np.bincount`;
- the greedy ideal (ndeval's: at each rank the judged document with the largest novelty gain
  given those above it, ties to the larger doc id in byte order) loops over the rank depth,
  each step one vectorised argmax per query over the documents still left (`greedy_ideal`).
  The depth is k for the measures with a cutoff; nNRBP's ideal goes as deep as the largest
  number of relevant documents of a query (a step costs one pass over the judged pairs).
Sums are taken in the core's order (subtopics of a document in byte order of their names), so
the greedy choices, ties included, are the core's exactly.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from typing import Protocol

import numpy as np

from rankwork.core.conventions import Convention
from rankwork.core.discounts import weights
from rankwork.core.diversity import (
    DEFAULT_ALPHA,
    DEFAULT_BETA,
    NoSubtopicsError,
    check_alpha,
    check_beta,
)
from rankwork.core.ranking import MAX_DOCS
from rankwork.language import N_, _


@dataclass(frozen=True, eq=False)
class Subtopics:
    """The subtopic judgments of every evaluated query, as the diversity kernels read them.

    n_sub      per query: |S_q|, the subtopics some judged document is relevant to
    sub_q      per subtopic code (a (query, subtopic) pair, numbered 0..): its query
    ret_row, ret_sub
               the relevant (retrieved document, subtopic) pairs: the row of the document
               among the batch's judged retrieved rows (`Prepared.ret_*`), and the subtopic
               code; sorted by that row, then by the subtopic's name in byte order
    doc_q      per judged document relevant to some subtopic (the ideal's candidates): its
               query; documents sorted by query, then doc id in byte order
    doc_sub_doc, doc_sub
               every relevant (document, subtopic) pair of those documents: the document's
               index in doc_q, and the subtopic code; sorted by document, then subtopic name
    """

    n_sub: np.ndarray
    sub_q: np.ndarray
    ret_row: np.ndarray
    ret_sub: np.ndarray
    doc_q: np.ndarray
    doc_sub_doc: np.ndarray
    doc_sub: np.ndarray


class _Batch(Protocol):
    """What the kernels read of `rankwork.collection.batch_measures.Prepared`."""

    n_queries: int
    n_ret: np.ndarray
    ret_q: np.ndarray
    ret_pos: np.ndarray
    subtopics: Subtopics | None


NEEDS_SUBTOPICS = N_(
    "this measure needs a diversity qrels, which judges documents per subtopic: lines `topic "
    "subtopic docno judgment` (ndeval's format) whose second column takes more than one value "
    "within a query. This qrels has no subtopics; if its second column does hold subtopics, "
    "read it as a diversity qrels (command line: --qrels diversity or auto)."
)


def _subtopics(prep: _Batch) -> Subtopics:
    if prep.subtopics is None:
        raise NoSubtopicsError(_(NEEDS_SUBTOPICS))
    return prep.subtopics


def _weight(s: Subtopics) -> np.ndarray:
    """w = 1/|S_q| per query (0 for a query with no subtopic)."""
    w = np.zeros(len(s.n_sub))
    np.divide(1.0, s.n_sub, out=w, where=s.n_sub > 0)
    return w


def _seen_before(codes: np.ndarray) -> np.ndarray:
    """For pairs in rank order: how many earlier pairs have the same subtopic code (c_ij)."""
    order = np.argsort(codes, kind="stable")
    sorted_codes = codes[order]
    start = np.ones(len(codes), dtype=bool)
    start[1:] = sorted_codes[1:] != sorted_codes[:-1]
    group_start = np.maximum.accumulate(np.where(start, np.arange(len(codes)), 0))
    out = np.empty(len(codes), dtype=np.int64)
    out[order] = np.arange(len(codes)) - group_start
    return out


def _rank_gains(prep: _Batch, s: Subtopics, alpha: float) -> np.ndarray:
    """The novelty gain g_i of every judged retrieved row: sum_j w (1 - α)^c_ij."""
    w = _weight(s)[s.sub_q[s.ret_sub]]
    terms = w * (1.0 - alpha) ** _seen_before(s.ret_sub)
    return np.bincount(s.ret_row, weights=terms, minlength=len(prep.ret_q))


def _rank_discounts(ranks: np.ndarray, kind: str, beta: float = DEFAULT_BETA) -> np.ndarray:
    """1/log2(i+1) ('log'), 1/i ('reciprocal') or β^(i-1) ('geometric') of 1-based ranks."""
    return weights(kind, ranks, log_base=2.0, discount_p=beta)


def _depths(prep: _Batch, k: int | None) -> np.ndarray:
    """k per query, or the list length n without a cutoff (the core's depth)."""
    return prep.n_ret.astype(np.int64) if k is None else np.full(prep.n_queries, k, np.int64)


# ------------------------------------------------------------------------- the greedy ideal


@dataclass(frozen=True, eq=False)
class Ideal:
    """The greedy ideal rankings of every query, cut at some depth: for each placed document,
    its query, its 1-based rank and its novelty gain (sum_j w (1 - α)^c_j at the time it was
    placed); rows sorted by rank, then query."""

    q: np.ndarray
    rank: np.ndarray
    gain: np.ndarray


def greedy_ideal(s: Subtopics, alpha: float, depth: int | None) -> Ideal:
    """ndeval's greedy ideal ranking of every query at once, `depth` ranks deep (None: until
    no document left adds anything). One step per rank: every document's score is the sum of
    the factors (1 - α)^c_j of its subtopics (the core's raw weights are 1 each), the best
    document of each query (the last of the tied ones: documents are in byte order of their
    ids within a query) is placed, and its subtopics' factors are multiplied by 1 - α."""
    n_docs = len(s.doc_q)
    factor = np.ones(len(s.sub_q))
    left = np.ones(n_docs, dtype=bool)
    w = _weight(s)[s.doc_q[s.doc_sub_doc]]
    new_query = np.ones(n_docs, dtype=bool)
    new_query[1:] = s.doc_q[1:] != s.doc_q[:-1]
    starts = np.flatnonzero(new_query)
    sizes = np.diff(np.append(starts, n_docs))
    positions = np.arange(n_docs)
    placed_q, placed_rank, placed_gain = [], [], []
    steps = int(sizes.max(initial=0)) if depth is None else min(depth, int(sizes.max(initial=0)))
    for rank in range(1, steps + 1):
        score = np.bincount(s.doc_sub_doc, weights=factor[s.doc_sub], minlength=n_docs)
        score[~left] = -1.0
        best = np.maximum.reduceat(score, starts)
        tied = (score == np.repeat(best, sizes)) & np.repeat(best > 0, sizes)
        pick = np.maximum.reduceat(np.where(tied, positions, -1), starts)
        pick = pick[pick >= 0]
        if not len(pick):
            break
        gain = np.bincount(s.doc_sub_doc, weights=w * factor[s.doc_sub], minlength=n_docs)
        placed_q.append(s.doc_q[pick])
        placed_rank.append(np.full(len(pick), rank))
        placed_gain.append(gain[pick])
        left[pick] = False
        now = np.zeros(n_docs, dtype=bool)
        now[pick] = True
        factor[s.doc_sub[now[s.doc_sub_doc]]] *= 1.0 - alpha  # one document per query
    if not placed_q:
        empty = np.zeros(0, dtype=np.int64)
        return Ideal(empty, empty, np.zeros(0))
    return Ideal(np.concatenate(placed_q), np.concatenate(placed_rank), np.concatenate(placed_gain))


# ------------------------------------------------------------------------------- kernels


def _cumulated(
    prep: _Batch, k: int | None, alpha: float, kind: str, normalised: bool
) -> np.ndarray:
    """α-DCG / α-nDCG ('log') and ERR-IA / nERR-IA ('reciprocal'): sum_{i<=k} g_i disc(i)
    over the ideal's same sum (normalised) or over sum_{i<=k} (1 - α)^(i-1) disc(i)."""
    alpha = check_alpha(alpha)
    s = _subtopics(prep)
    depth = _depths(prep, k)
    gains = _rank_gains(prep, s, alpha)
    within = prep.ret_pos <= depth[prep.ret_q]
    terms = gains[within] * _rank_discounts(prep.ret_pos[within], kind)
    value = np.bincount(prep.ret_q[within], weights=terms, minlength=prep.n_queries)
    if normalised:
        ideal = greedy_ideal(s, alpha, int(depth.max(initial=0)))
        kept = ideal.rank <= depth[ideal.q]
        norm = np.bincount(
            ideal.q[kept],
            weights=ideal.gain[kept] * _rank_discounts(ideal.rank[kept], kind),
            minlength=prep.n_queries,
        )
    else:
        deepest = int(depth.max(initial=0))
        if deepest > max(int(prep.n_ret.max(initial=0)), MAX_DOCS):
            raise ValueError(
                _(
                    "the cutoff {k} is beyond the {limit} ranks RankLab computes (the "
                    "normaliser sums a weight for every rank up to k); choose a smaller cutoff."
                ).format(k=deepest, limit=MAX_DOCS)
            )
        ranks = np.arange(1, deepest + 1)
        weights = (1.0 - alpha) ** (ranks - 1.0) * _rank_discounts(ranks, kind)
        norm = np.concatenate(([0.0], np.cumsum(weights)))[depth]
        norm = np.where(s.n_sub > 0, norm, 0.0)
    return _ratio(value, norm)


def _ratio(value: np.ndarray, norm: np.ndarray) -> np.ndarray:
    """value / norm where norm > 0, else 0 (a query with nothing relevant)."""
    out = np.zeros(len(value))
    np.divide(value, norm, out=out, where=norm > 0)
    return out


def alpha_dcg(prep: _Batch, c: Convention, k: int | None, alpha=DEFAULT_ALPHA) -> np.ndarray:
    """α-DCG@k, normalised by a list relevant to every subtopic at every rank (ndeval's)."""
    return _cumulated(prep, k, alpha, "log", normalised=False)


def alpha_ndcg(prep: _Batch, c: Convention, k: int | None, alpha=DEFAULT_ALPHA) -> np.ndarray:
    """α-nDCG@k = α-DCG@k / α-DCG@k of the greedy ideal ranking."""
    return _cumulated(prep, k, alpha, "log", normalised=True)


def err_ia(prep: _Batch, c: Convention, k: int | None, alpha=DEFAULT_ALPHA) -> np.ndarray:
    """ERR-IA@k = sum g_i/i / sum (1-α)^(i-1)/i, α as ndeval's -alpha (0.5 by default, the value
    ir_measures always passes)."""
    return _cumulated(prep, k, alpha, "reciprocal", normalised=False)


def nerr_ia(prep: _Batch, c: Convention, k: int | None, alpha=DEFAULT_ALPHA) -> np.ndarray:
    """nERR-IA@k = sum g_i/i over the list / the same over the greedy ideal ranking."""
    return _cumulated(prep, k, alpha, "reciprocal", normalised=True)


def nrbp(
    prep: _Batch,
    c: Convention,
    k: int | None = None,
    alpha=DEFAULT_ALPHA,
    beta=DEFAULT_BETA,
    normalised: bool = False,
) -> np.ndarray:
    """NRBP = (1 - (1-α)β) sum_i g_i β^(i-1) over the whole list (no cutoff); nNRBP = NRBP /
    NRBP of the greedy ideal ranking of every relevant judged document."""
    del k  # no cutoff; the argument keeps the kernels' signature uniform
    alpha, beta = check_alpha(alpha), check_beta(beta)
    s = _subtopics(prep)
    scale = 1.0 - (1.0 - alpha) * beta
    terms = _rank_gains(prep, s, alpha) * _rank_discounts(prep.ret_pos, "geometric", beta)
    value = np.bincount(prep.ret_q, weights=terms * scale, minlength=prep.n_queries)
    if not normalised:
        return value
    ideal = greedy_ideal(s, alpha, None)
    weights = _rank_discounts(ideal.rank, "geometric", beta) * scale
    norm = np.bincount(ideal.q, weights=ideal.gain * weights, minlength=prep.n_queries)
    return _ratio(value, norm)


def p_ia(prep: _Batch, c: Convention, k: int | None) -> np.ndarray:
    """P-IA@k = (1/k) sum_{i<=k} sum_j w rel_ij."""
    s = _subtopics(prep)
    depth = _depths(prep, k)
    pair_q = s.sub_q[s.ret_sub]
    within = prep.ret_pos[s.ret_row] <= depth[pair_q]
    hits = np.bincount(pair_q[within], weights=_weight(s)[pair_q[within]], minlength=len(depth))
    return _ratio(hits, depth.astype(float))


def ap_ia(prep: _Batch, c: Convention, k: int | None = None) -> np.ndarray:
    """AP-IA = sum_j w AP_j, AP_j = (1/R_j) sum over ranks i relevant to j of (documents
    relevant to j at ranks <= i) / i, R_j the judged documents relevant to j."""
    del k  # no cutoff, as ndeval's MAP-IA
    s = _subtopics(prep)
    big_r = np.bincount(s.doc_sub, minlength=len(s.sub_q)).astype(float)
    pair_q = s.sub_q[s.ret_sub]
    found = _seen_before(s.ret_sub) + 1
    terms = _weight(s)[pair_q] * found / prep.ret_pos[s.ret_row] / big_r[s.ret_sub]
    return np.bincount(pair_q, weights=terms, minlength=prep.n_queries)


def st_recall(prep: _Batch, c: Convention, k: int | None) -> np.ndarray:
    """S-recall@k = subtopics covered by the top k / |S_q| (unweighted)."""
    s = _subtopics(prep)
    depth = _depths(prep, k)
    pair_q = s.sub_q[s.ret_sub]
    first = (_seen_before(s.ret_sub) == 0) & (prep.ret_pos[s.ret_row] <= depth[pair_q])
    covered = np.bincount(pair_q[first], minlength=prep.n_queries).astype(float)
    return _ratio(covered, s.n_sub.astype(float))


#: The kernel of every diversity family of `rankwork.core.specs.SPECS` (part of
#: `rankwork.collection.batch_measures.KERNELS`).
DIVERSITY_KERNELS = {
    "alpha_DCG": alpha_dcg,
    "alpha_nDCG": alpha_ndcg,
    "ERR_IA": err_ia,
    "nERR_IA": nerr_ia,
    "NRBP": nrbp,
    "nNRBP": partial(nrbp, normalised=True),
    "P_IA": p_ia,
    "AP_IA": ap_ia,
    "StRecall": st_recall,
}
