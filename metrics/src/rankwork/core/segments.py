"""The rows the batch kernels read, and the per-query sums, counts and running totals over them.

`Prepared` (built by `rankwork.collection.batch.prepare`) holds every evaluated query as
compact arrays: only the judged retrieved documents are rows (`ret_*`), sorted by query then
rank. An unjudged document has gain 0, is never relevant and multiplies ERR's running product
by exactly 1, so it only matters through its rank (`ret_pos`) and the list length (`n_ret`):
a 10M-line run with 30 judgments per query is a few hundred thousand rows here.

The helpers below are how every kernel stays without a Python loop over queries: per-query
sums are `np.bincount(query, weights)` over the rows, running counts and sums are cumulative
sums restarted at each query, and a running product loops over the rank depth (one vectorised
step per rank), never over queries. Pure numpy: the kernels live with their families in
`rankwork.core.measures.families`.

Notation: q the query index of a row, i its 1-based rank, g its grade, n the list length,
R the number of relevant judged documents of the query (retrieved or not), t the relevance
threshold, h(k) the relevant documents at ranks <= k.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from rankwork.core.conventions import Convention


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
    subtopics    a diversity qrels' subtopic judgments (`Subtopics`), which
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


def query_sum(prep: Prepared, q: np.ndarray, values: np.ndarray) -> np.ndarray:
    """Per-query sums of `values` (rows with query index q)."""
    return np.bincount(q, weights=values, minlength=prep.n_queries).astype(float)


def query_count(prep: Prepared, q: np.ndarray) -> np.ndarray:
    """Per-query counts of the rows with query index q."""
    return np.bincount(q, minlength=prep.n_queries)


def running_count(prep: Prepared, q: np.ndarray, flags: np.ndarray) -> np.ndarray:
    """For rows sorted by query: the flagged rows up to and including each row, in its query."""
    cs = np.cumsum(flags, dtype=np.int64)
    counts = query_count(prep, q)
    before = np.concatenate(([0], cs))[np.cumsum(counts) - counts]
    return cs - before[q]


def divide(a: np.ndarray, b: np.ndarray, empty: float = 0.0) -> np.ndarray:
    """a / b where b > 0, else `empty`."""
    b = np.asarray(b, dtype=float)
    out = np.full(np.broadcast(a, b).shape, empty, dtype=float)
    np.divide(a, b, out=out, where=b > 0)
    return out


def within(prep: Prepared, k: int | None) -> np.ndarray:
    """Rows at rank <= k (all rows without a cutoff)."""
    return np.ones(len(prep.ret_pos), dtype=bool) if k is None else prep.ret_pos <= k


def depth(prep: Prepared, k: int | None) -> np.ndarray:
    """k per query, or the list length n without a cutoff."""
    return prep.n_ret.astype(float) if k is None else np.full(prep.n_queries, float(k))


def relevant(prep: Prepared, c: Convention) -> tuple[np.ndarray, np.ndarray]:
    """Relevance of the judged retrieved rows (g >= t) and R per query."""
    rel = prep.ret_grade >= c.rel_threshold
    big_r = query_count(prep, prep.pool_q[prep.pool_grade >= c.rel_threshold])
    return rel, big_r


def running_sum(prep: Prepared, q: np.ndarray, values: np.ndarray) -> np.ndarray:
    """For rows sorted by query: the sum of `values` up to and including each row, in its
    query (a running sum restarted at each query)."""
    cs = np.cumsum(values, dtype=float)
    counts = query_count(prep, q)
    before = np.concatenate(([0.0], cs))[np.cumsum(counts) - counts]
    return cs - before[q]


def running_product_before(prep: Prepared, q: np.ndarray, factors: np.ndarray) -> np.ndarray:
    """For rows sorted by query: the product of the factors of the earlier rows of the same
    query (1 for a query's first row), multiplied left to right as np.cumprod does. Loops over
    the depth (the j-th row of every query at once), not over queries."""
    counts = query_count(prep, q)
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
