"""P-IA, intent-aware precision (Agrawal et al., WSDM 2009), as TREC's ndeval computes it,
with its per-rank working, over one list and over many queries at once.

    P-IA@k = sum_j w_j P_j@k = (1/k) sum_{i<=k} sum_j w_j rel_ij

Notation and convention (`rankwork.core.diversity`, as TREC's ndeval): i the 1-based rank, j a
subtopic, S the subtopics some judged document is relevant to, w_j the intent weight of j (1/|S|
unless weights are given), rel_ij = 1 when the document at rank i is relevant to j (judgment
> 0), c_ij the documents above rank i relevant to j, α the redundancy penalty (0.5 by default)
and g_i = sum_j w_j rel_ij (1 - α)^c_ij the novelty gain. A query with nothing relevant scores 0.
"""

from __future__ import annotations

import numpy as np

from rankwork.core import diversity as div
from rankwork.core import novelty_batch as nb
from rankwork.core.conventions import Convention
from rankwork.core.measures.spec import (
    NDEVAL,
    NOVELTY_WORKING,
    ORDERING,
    MeasureSpec,
)
from rankwork.core.ranking import Ordered, check_cutoff
from rankwork.core.result import Result
from rankwork.core.segments import Prepared
from rankwork.language import N_, _


def p_ia(ordered: Ordered, convention: Convention, k=None) -> Result:
    """P-IA@k = (1/k) sum_{i<=k} sum_j w_j rel_ij (intent-aware precision)."""
    k = check_cutoff(k)
    j = div.judged(ordered)
    n = len(j.ranked)
    depth = div.list_depth(n, k)
    hits = np.array([sum(j.weight.get(s, 0.0) for s in subs) for subs in j.ranked], dtype=float)
    within = np.arange(1, n + 1) <= depth
    contribution = np.where(within, hits, 0.0) / depth if depth and j.weight else np.zeros(n)
    steps = div.novelty(j.ranked, j.weight, 0.0)
    table = div.novelty_table(j, steps, np.full(n, 1.0 / depth if depth else 0.0), contribution)
    table["gain"] = hits
    note = _("Each rank's weighted relevance sum_j w_j rel_ij, over k = {depth}.").format(
        depth=depth
    )
    return Result(
        div.diversity_name("P_IA", "", k), float(contribution.sum()), table, {"depth": depth}, note
    )


def p_ia_kernel(prep: Prepared, c: Convention, k: int | None) -> np.ndarray:
    """P-IA@k = (1/k) sum_{i<=k} sum_j w rel_ij."""
    s = nb.subtopics_of(prep)
    depth = nb.depths(prep, k)
    pair_q = s.sub_q[s.ret_sub]
    within = prep.ret_pos[s.ret_row] <= depth[pair_q]
    hits = np.bincount(
        pair_q[within], weights=nb.intent_weight(s)[pair_q[within]], minlength=len(depth)
    )
    return nb.ratio(hits, depth.astype(float))


MEASURES = (
    MeasureSpec(
        family="P_IA",
        order=290,
        title="P-IA@k",
        description=N_("Intent-aware precision: each intent's P@k weighted by its probability."),
        reader=N_("A reader with one of several intents who reads exactly k documents."),
        latex=r"\mathrm{P\text{-}IA@}k=\sum_j w_j\,\mathrm{P}_j\mathrm{@}k",
        citation="Agrawal et al., WSDM 2009; " + NDEVAL + "P_IA.",
        params=(),
        cutoff="required",
        single=p_ia,
        kernel=p_ia_kernel,
        reads=ORDERING,
        working=NOVELTY_WORKING,
        examples=("P_IA@20",),
        subtopics=True,
        shown="P-IA",
    ),
)
