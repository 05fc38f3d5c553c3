"""P@k, precision: the share of the top k that is relevant (trec_eval P.k and set_P), with its
per-rank working, over one list and over many queries at once.

    P@k = h(k) / k    (k, not min(k, n): missing ranks count as non-relevant)

Without a cutoff P reads the whole list and divides by n (trec_eval's set_P; 0 for an empty
list).

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
    SUM_K,
    Capabilities,
    MeasureSpec,
)
from rankwork.core.result import Result
from rankwork.language import N_


def precision(ranking, convention: Convention, k: int | None = None) -> Result:
    """P@k = h(k)/k; without k, h(n)/n (0 for an empty list)."""
    k, o, judged, rel, big_r = prepare(ranking, convention, k)
    depth = k if k is not None else len(o)
    contribution = np.where(within(len(o), k) & rel, 1.0 / max(depth, 1), 0.0)
    return binary_result(
        named("P", k), o, judged, rel, k, contribution, {"R": big_r, "depth": depth}
    )


def precision_kernel(prep: seg.Prepared, c: Convention, k: int | None) -> np.ndarray:
    """P@k = h(k) / k; without k, h(n) / n (0 for an empty list)."""
    rel, _ = seg.relevant(prep, c)
    hits = seg.query_count(prep, prep.ret_q[rel & seg.within(prep, k)])
    return hits / np.maximum(seg.depth(prep, k), 1.0)


MEASURES = (
    MeasureSpec(
        family="P",
        order=60,
        title="P@k",
        description=N_("Precision: the share of the top k that is relevant."),
        reader=N_("A reader who reads exactly k documents, each equally."),
        latex=r"\mathrm{P@}k=\frac{1}{k}" + SUM_K + r"\mathrm{rel}_i",
        citation="trec_eval P.k (Voorhees & Harman, TREC, 2005).",
        params=(REL, JUDGED_ONLY),
        cutoff="optional",
        single=condensable(precision),
        kernel=precision_kernel,
        reads=BINARY,
        working=BINARY_WORKING,
        examples=(
            "P@5",
            "P(rel=2)@5",
        ),
        capabilities=Capabilities(
            headline=True,
            projector=True,
            pitfalls=True,
            condensable=True,
            sweep=True,
            ordering=True,
            exercise=True,
            micro=True,
        ),
    ),
)
