"""Success@k: 1 if a relevant document is in the top k, else 0 (trec_eval success.k), with its
per-rank working, over one list and over many queries at once.

    Success@k = 1 if h(k) > 0 else 0
Binary relevance (`rankwork.core.measures.common`): a document is relevant when it is judged
and its grade >= t (the convention's `rel_threshold`, 1 by default; `rel=t` in the name); R is
the number of relevant judged documents of the query, retrieved or not, h(k) = sum_{i<=k} rel_i
the hits in the top k, n the list length. A query with nothing relevant (R = 0) scores 0.
"""

from __future__ import annotations

import numpy as np

from rankwork.core import segments as seg
from rankwork.core.conventions import Convention
from rankwork.core.measures.common import binary_result, named, prepare, within
from rankwork.core.measures.spec import (
    BINARY,
    REL,
    MeasureSpec,
)
from rankwork.core.result import Result
from rankwork.language import N_


def success(ranking, convention: Convention, k: int | None = None) -> Result:
    """Success@k = 1 when a relevant document is in the top k."""
    k, o, judged, rel, big_r = prepare(ranking, convention, k)
    contribution = np.zeros(len(o))
    hit = np.flatnonzero(rel & within(len(o), k))
    if hit.size:
        contribution[hit[0]] = 1.0
    return binary_result(named("Success", k), o, judged, rel, k, contribution, {"R": big_r})


def success_kernel(prep: seg.Prepared, c: Convention, k: int | None) -> np.ndarray:
    """Success@k = 1 when a relevant document is at rank <= k, else 0."""
    rel, _ = seg.relevant(prep, c)
    return (seg.query_count(prep, prep.ret_q[rel & seg.within(prep, k)]) > 0).astype(float)


MEASURES = (
    MeasureSpec(
        family="Success",
        order=170,
        title="Success@k",
        description=N_("1 if a relevant document is in the top k, else 0."),
        reader=N_("A reader who reads k documents and is happy with one relevant."),
        latex=r"\mathrm{Success@}k=[\,\exists i\le k:\mathrm{rel}_i=1\,]",
        citation="trec_eval success.k.",
        params=(REL,),
        cutoff="required",
        single=success,
        kernel=success_kernel,
        reads=BINARY,
        examples=("Success@10",),
    ),
)
