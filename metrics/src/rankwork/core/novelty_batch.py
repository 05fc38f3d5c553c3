"""What the batch kernels of the diversity measures (α-DCG, α-nDCG, ERR-IA, nERR-IA, NRBP,
nNRBP, P-IA, AP-IA, S-recall; `rankwork.core.measures.families`) share: the novelty gains and
the greedy ideal of many queries at once, on the subtopic arrays `batch.prepare` builds from a
diversity qrels (`rankwork.core.segments.Subtopics`).

Each kernel computes, for all queries together, the number its single-list function computes
for one query (with `rankwork.core.diversity`); the formulas are the core's (its module
docstring states them and where they differ from ndeval on purpose). In short, with i the
1-based rank, j a subtopic, S_q the subtopics of query q that some judged document is
relevant to, w = 1/|S_q| (uniform intent weights), c_ij the documents above rank i relevant
to j, and α, β the parameters:

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

import numpy as np

from rankwork.core.discounts import weights
from rankwork.core.diversity import (
    DEFAULT_BETA,
    NoSubtopicsError,
    check_alpha,
)
from rankwork.core.ranking import MAX_DOCS
from rankwork.core.segments import Prepared, Subtopics
from rankwork.language import N_, _

NEEDS_SUBTOPICS = N_(
    "this measure needs a diversity qrels, which judges documents per subtopic: lines `topic "
    "subtopic docno judgment` (ndeval's format) whose second column takes more than one value "
    "within a query. This qrels has no subtopics; if its second column does hold subtopics, "
    "read it as a diversity qrels (command line: --qrels diversity or auto)."
)


def subtopics_of(prep: Prepared) -> Subtopics:
    if prep.subtopics is None:
        raise NoSubtopicsError(_(NEEDS_SUBTOPICS))
    return prep.subtopics


def intent_weight(s: Subtopics) -> np.ndarray:
    """w = 1/|S_q| per query (0 for a query with no subtopic)."""
    w = np.zeros(len(s.n_sub))
    np.divide(1.0, s.n_sub, out=w, where=s.n_sub > 0)
    return w


def seen_before(codes: np.ndarray) -> np.ndarray:
    """For pairs in rank order: how many earlier pairs have the same subtopic code (c_ij)."""
    order = np.argsort(codes, kind="stable")
    sorted_codes = codes[order]
    start = np.ones(len(codes), dtype=bool)
    start[1:] = sorted_codes[1:] != sorted_codes[:-1]
    group_start = np.maximum.accumulate(np.where(start, np.arange(len(codes)), 0))
    out = np.empty(len(codes), dtype=np.int64)
    out[order] = np.arange(len(codes)) - group_start
    return out


def rank_gains(prep: Prepared, s: Subtopics, alpha: float) -> np.ndarray:
    """The novelty gain g_i of every judged retrieved row: sum_j w (1 - α)^c_ij."""
    w = intent_weight(s)[s.sub_q[s.ret_sub]]
    terms = w * (1.0 - alpha) ** seen_before(s.ret_sub)
    return np.bincount(s.ret_row, weights=terms, minlength=len(prep.ret_q))


def rank_discounts(ranks: np.ndarray, kind: str, beta: float = DEFAULT_BETA) -> np.ndarray:
    """1/log2(i+1) ('log'), 1/i ('reciprocal') or β^(i-1) ('geometric') of 1-based ranks."""
    return weights(kind, ranks, log_base=2.0, discount_p=beta)


def depths(prep: Prepared, k: int | None) -> np.ndarray:
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
    w = intent_weight(s)[s.doc_q[s.doc_sub_doc]]
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


def cumulated(
    prep: Prepared, k: int | None, alpha: float, kind: str, normalised: bool
) -> np.ndarray:
    """α-DCG / α-nDCG ('log') and ERR-IA / nERR-IA ('reciprocal'): sum_{i<=k} g_i disc(i)
    over the ideal's same sum (normalised) or over sum_{i<=k} (1 - α)^(i-1) disc(i)."""
    alpha = check_alpha(alpha)
    s = subtopics_of(prep)
    depth = depths(prep, k)
    gains = rank_gains(prep, s, alpha)
    within = prep.ret_pos <= depth[prep.ret_q]
    terms = gains[within] * rank_discounts(prep.ret_pos[within], kind)
    value = np.bincount(prep.ret_q[within], weights=terms, minlength=prep.n_queries)
    if normalised:
        ideal = greedy_ideal(s, alpha, int(depth.max(initial=0)))
        kept = ideal.rank <= depth[ideal.q]
        norm = np.bincount(
            ideal.q[kept],
            weights=ideal.gain[kept] * rank_discounts(ideal.rank[kept], kind),
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
        weights = (1.0 - alpha) ** (ranks - 1.0) * rank_discounts(ranks, kind)
        norm = np.concatenate(([0.0], np.cumsum(weights)))[depth]
        norm = np.where(s.n_sub > 0, norm, 0.0)
    return ratio(value, norm)


def ratio(value: np.ndarray, norm: np.ndarray) -> np.ndarray:
    """value / norm where norm > 0, else 0 (a query with nothing relevant)."""
    out = np.zeros(len(value))
    np.divide(value, norm, out=out, where=norm > 0)
    return out
