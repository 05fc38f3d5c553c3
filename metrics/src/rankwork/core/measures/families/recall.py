"""R@k, recall: the share of all relevant documents found in the top k (trec_eval recall.k),
with its per-rank working, over one list and over many queries at once.

    R@k = h(k) / R
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


def recall(ranking, convention: Convention, k: int | None = None) -> Result:
    """R@k = h(k)/R (0 when R = 0)."""
    k, o, judged, rel, big_r = prepare(ranking, convention, k)
    share = 1.0 / big_r if big_r else 0.0
    contribution = np.where(within(len(o), k) & rel, share, 0.0)
    return binary_result(named("R", k), o, judged, rel, k, contribution, {"R": big_r})


def recall_kernel(prep: seg.Prepared, c: Convention, k: int | None) -> np.ndarray:
    """R@k = h(k) / R (0 when R = 0)."""
    rel, big_r = seg.relevant(prep, c)
    return seg.divide(seg.query_count(prep, prep.ret_q[rel & seg.within(prep, k)]), big_r)


MEASURES = (
    MeasureSpec(
        family="R",
        order=70,
        title="R@k",
        description=N_("Recall: the share of all relevant documents found in the top k."),
        reader=N_("A reader who wants every relevant document and reads k."),
        latex=r"\mathrm{R@}k=\frac{1}{R}" + SUM_K + r"\mathrm{rel}_i",
        citation="trec_eval recall.k.",
        params=(REL, JUDGED_ONLY),
        cutoff="optional",
        single=condensable(recall),
        kernel=recall_kernel,
        reads=BINARY,
        working=BINARY_WORKING,
        examples=("R@100",),
        capabilities=Capabilities(
            headline=True,
            projector=True,
            pool_normalised=True,
            pitfalls=True,
            condensable=True,
            sweep=True,
            micro=True,
        ),
    ),
)
