"""trec_eval's counts: num_ret (documents retrieved), num_rel (R) and num_rel_ret (relevant
documents retrieved), over one list and over many queries at once.

    NumRet = n (min(n, k) with a cutoff),  NumRel = R,  NumRelRet = h(n) (h(k) with a cutoff)

A count has no per-rank breakdown: its table has the binary columns and no row.

Binary relevance (`rankwork.core.measures.common`): a document is relevant when it is judged
and its grade >= t (the convention's `rel_threshold`, 1 by default; `rel=t` in the name); R is
the number of relevant judged documents of the query, retrieved or not, h(k) = sum_{i<=k} rel_i
the hits in the top k, n the list length. A query with nothing relevant (R = 0) scores 0.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from rankwork.core import segments as seg
from rankwork.core.conventions import Convention
from rankwork.core.measures.common import binary_table, prepare, within
from rankwork.core.measures.spec import (
    BINARY,
    REL,
    MeasureSpec,
)
from rankwork.core.result import Result
from rankwork.language import N_, _


def counts(ranking, convention: Convention, k: int | None = None) -> dict[str, int]:
    """trec_eval's num_ret, num_rel and num_rel_ret (within k when given)."""
    k, o, judged, rel, big_r = prepare(ranking, convention, k)
    top = within(len(o), k)
    return {
        "num_ret": int(top.sum()),
        "num_rel": big_r,
        "num_rel_ret": int((rel & top).sum()),
    }


def count(key: str) -> Callable[..., Result]:
    """trec_eval's counts (num_ret, num_rel, num_rel_ret) as a Result without a working."""

    def compute(ranking, convention: Convention, k=None) -> Result:
        value = counts(ranking, convention, k)[key]
        k, o, judged, rel, _big_r = prepare(ranking, convention, k)
        table = binary_table(o, judged, rel, k, np.zeros(len(o))).iloc[0:0]
        return Result(
            key,
            float(value),
            table,
            {key: float(value)},
            _("A count over the query, with no per-rank breakdown."),
        )

    return compute


def num_ret_kernel(prep: seg.Prepared, c: Convention, k: int | None) -> np.ndarray:
    """num_ret: documents retrieved (at rank <= k)."""
    longest = int(prep.n_ret.max(initial=0))  # k beyond it is the same, and may exceed int64
    return (prep.n_ret if k is None else np.minimum(prep.n_ret, min(k, longest))).astype(float)


def num_rel_kernel(prep: seg.Prepared, c: Convention, k: int | None) -> np.ndarray:
    """num_rel: R, the relevant judged documents of the query."""
    return seg.relevant(prep, c)[1].astype(float)


def num_rel_ret_kernel(prep: seg.Prepared, c: Convention, k: int | None) -> np.ndarray:
    """num_rel_ret: h(k), relevant documents retrieved (at rank <= k)."""
    rel, _ = seg.relevant(prep, c)
    return seg.query_count(prep, prep.ret_q[rel & seg.within(prep, k)]).astype(float)


MEASURES = (
    MeasureSpec(
        family="NumRet",
        order=200,
        title="num_ret",
        description=N_("Number of documents retrieved."),
        reader=N_("A count, not a reader."),
        latex=r"n",
        citation="trec_eval num_ret.",
        params=(REL,),
        cutoff="optional",
        single=count("num_ret"),
        kernel=num_ret_kernel,
        reads=BINARY,
        examples=("NumRet",),
    ),
    MeasureSpec(
        family="NumRel",
        order=210,
        title="num_rel",
        description=N_("Number of relevant judged documents (R)."),
        reader=N_("A count, not a reader."),
        latex=r"R",
        citation="trec_eval num_rel.",
        params=(REL,),
        cutoff="none",
        single=count("num_rel"),
        kernel=num_rel_kernel,
        reads=BINARY,
        examples=("NumRel",),
    ),
    MeasureSpec(
        family="NumRelRet",
        order=220,
        title="num_rel_ret",
        description=N_("Number of relevant documents retrieved."),
        reader=N_("A count, not a reader."),
        latex=r"h(n)",
        citation="trec_eval num_rel_ret.",
        params=(REL,),
        cutoff="optional",
        single=count("num_rel_ret"),
        kernel=num_rel_ret_kernel,
        reads=BINARY,
        examples=("NumRelRet",),
    ),
)
