"""RR, reciprocal rank (Voorhees, TREC-8 QA track, 1999; trec_eval recip_rank), with its
per-rank working, over one list and over many queries at once.

    RR@k = 1 / (rank of the first relevant document within k), 0 if none
Binary relevance (`rankwork.core.measures.common`): a document is relevant when it is judged
and its grade >= t (the convention's `rel_threshold`, 1 by default; `rel=t` in the name); R is
the number of relevant judged documents of the query, retrieved or not, h(k) = sum_{i<=k} rel_i
the hits in the top k, n the list length. A query with nothing relevant (R = 0) scores 0.
"""

from __future__ import annotations

import numpy as np

from rankwork.core import segments as seg
from rankwork.core.condensed import condensable
from rankwork.core.conventions import Convention
from rankwork.core.measures.common import binary_result, named, prepare, within
from rankwork.core.measures.spec import (
    BINARY,
    BINARY_WORKING,
    JUDGED_ONLY,
    REL,
    Capabilities,
    MeasureSpec,
)
from rankwork.core.result import Result
from rankwork.language import N_


def reciprocal_rank(ranking, convention: Convention, k: int | None = None) -> Result:
    """RR@k = 1/r for the first relevant rank r <= k, else 0."""
    k, o, judged, rel, big_r = prepare(ranking, convention, k)
    contribution = np.zeros(len(o))
    hit = np.flatnonzero(rel & within(len(o), k))
    if hit.size:
        contribution[hit[0]] = 1.0 / (hit[0] + 1)
    first = float(hit[0] + 1) if hit.size else float("nan")
    return binary_result(named("RR", k), o, judged, rel, k, contribution, {"first_relevant": first})


def reciprocal_rank_kernel(prep: seg.Prepared, c: Convention, k: int | None) -> np.ndarray:
    """RR@k = 1 / (rank of the first relevant document), 0 when none is within k."""
    rel, _ = seg.relevant(prep, c)
    at = np.flatnonzero(rel & seg.within(prep, k))
    q = prep.ret_q[at]
    first = np.ones(len(q), dtype=bool)
    first[1:] = q[1:] != q[:-1]
    out = np.zeros(prep.n_queries)
    out[q[first]] = 1.0 / prep.ret_pos[at[first]]
    return out


MEASURES = (
    MeasureSpec(
        family="RR",
        order=100,
        title="RR",
        description=N_("Reciprocal rank of the first relevant document."),
        reader=N_("A reader who wants one relevant document and stops there."),
        latex=r"\mathrm{RR}=\frac{1}{\min\{i:\mathrm{rel}_i=1\}}",
        citation="Voorhees, TREC-8 QA track, 1999; trec_eval recip_rank.",
        params=(REL, JUDGED_ONLY),
        cutoff="optional",
        single=condensable(reciprocal_rank),
        kernel=reciprocal_rank_kernel,
        reads=BINARY,
        working=BINARY_WORKING,
        examples=(
            "RR",
            "RR@10",
        ),
        capabilities=Capabilities(
            headline=True,
            pitfalls=True,
            condensable=True,
            sweep=True,
            ordering=True,
            exercise=True,
            reader=True,
        ),
    ),
)
