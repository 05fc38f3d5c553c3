"""AP, average precision (trec_eval map and map_cut; Buckley & Voorhees, 2005), with its
per-rank working, over one list and over many queries at once.

    AP@k = sum_{i<=k, rel_i} P@i / R      (AP: k = n)
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


def average_precision(ranking, convention: Convention, k: int | None = None) -> Result:
    """AP@k = sum over relevant ranks i <= k of P@i, divided by R (all relevant judged)."""
    k, o, judged, rel, big_r = prepare(ranking, convention, k)
    ranks = np.arange(1, len(o) + 1)
    prec = np.cumsum(rel) / ranks if len(o) else np.zeros(0)
    contribution = np.where(within(len(o), k) & rel, prec / big_r if big_r else 0.0, 0.0)
    return binary_result(named("AP", k), o, judged, rel, k, contribution, {"R": big_r})


def average_precision_kernel(prep: seg.Prepared, c: Convention, k: int | None) -> np.ndarray:
    """AP@k = (1/R) sum over relevant ranks i <= k of P@i = h(i) / i."""
    rel, big_r = seg.relevant(prep, c)
    hits = seg.running_count(prep, prep.ret_q, rel)
    at = rel & seg.within(prep, k)
    q = prep.ret_q[at]
    terms = seg.divide(hits[at] / prep.ret_pos[at], big_r[q].astype(float))
    return seg.query_sum(prep, q, terms)


MEASURES = (
    MeasureSpec(
        family="AP",
        order=90,
        title="AP",
        description=N_("Average precision: mean of P@i over the relevant documents."),
        reader=N_("A reader who stops at a relevant document, each equally likely."),
        latex=r"\mathrm{AP}=\frac{1}{R}\sum_{i:\,\mathrm{rel}_i=1}\mathrm{P@}i",
        citation="trec_eval map; Buckley & Voorhees, 'Retrieval System Evaluation', ch. 3 of "
        "Voorhees & Harman (eds.), TREC: Experiment and Evaluation in Information "
        "Retrieval, MIT Press, 2005.",
        params=(REL, JUDGED_ONLY),
        cutoff="optional",
        single=condensable(average_precision),
        kernel=average_precision_kernel,
        reads=BINARY,
        working=BINARY_WORKING,
        examples=(
            "AP",
            "AP@100",
        ),
        capabilities=Capabilities(
            headline=True,
            pool_normalised=True,
            pitfalls=True,
            condensable=True,
            sweep=True,
            ordering=True,
            exercise=True,
            reader=True,
        ),
    ),
)
