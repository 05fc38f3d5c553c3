"""AP-IA, intent-aware average precision (Agrawal et al., WSDM 2009; ndeval's MAP-IA), as TREC's
ndeval computes it, with its per-rank working, over one list and over many queries at once.

    AP-IA = sum_j w_j AP_j,  AP_j = (1/R_j) sum_{i: rel_ij} (relevant to j at ranks <= i) / i

R_j the judged documents relevant to j. No cutoff.

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
from rankwork.core.ranking import Ordered
from rankwork.core.result import Result
from rankwork.core.segments import Prepared
from rankwork.language import N_, _


def ap_ia(ordered: Ordered, convention: Convention, k=None) -> Result:
    """AP-IA = sum_j w_j AP_j, each subtopic's AP over its R_j relevant judged documents."""
    j = div.judged(ordered)
    n = len(j.ranked)
    big_r = {s: sum(1 for _doc, subs in j.pool if s in subs) for s in j.weight}
    found = dict.fromkeys(j.weight, 0)
    contribution = np.zeros(n)
    for i, subs in enumerate(j.ranked):
        for s in div.byte_order(subs & j.weight.keys()):
            found[s] += 1
            contribution[i] += j.weight[s] * found[s] / (i + 1) / big_r[s]
    steps = div.novelty(j.ranked, j.weight, 0.0)
    table = div.novelty_table(j, steps, 1.0 / np.arange(1, n + 1), contribution)
    details = {f"R_{s}": float(r) for s, r in big_r.items()}
    note = _("Each subtopic's precision at its relevant ranks, over its R_j, weighted by w_j.")
    return Result("AP_IA", float(contribution.sum()), table, details, note)


def ap_ia_kernel(prep: Prepared, c: Convention, k: int | None = None) -> np.ndarray:
    """AP-IA = sum_j w AP_j, AP_j = (1/R_j) sum over ranks i relevant to j of (documents
    relevant to j at ranks <= i) / i, R_j the judged documents relevant to j."""
    del k  # no cutoff, as ndeval's MAP-IA
    s = nb.subtopics_of(prep)
    big_r = np.bincount(s.doc_sub, minlength=len(s.sub_q)).astype(float)
    pair_q = s.sub_q[s.ret_sub]
    found = nb.seen_before(s.ret_sub) + 1
    terms = nb.intent_weight(s)[pair_q] * found / prep.ret_pos[s.ret_row] / big_r[s.ret_sub]
    return np.bincount(pair_q, weights=terms, minlength=prep.n_queries)


MEASURES = (
    MeasureSpec(
        family="AP_IA",
        order=300,
        title="AP-IA",
        description=N_(
            "Intent-aware average precision: each intent's AP weighted by its probability."
        ),
        reader=N_(
            "A reader with one of several intents who stops at a document relevant to it, each "
            "such document equally likely."
        ),
        latex=r"\mathrm{AP\text{-}IA}=\sum_j w_j\,\mathrm{AP}_j",
        citation="Agrawal et al., WSDM 2009; " + NDEVAL + "AP_IA (ndeval's MAP-IA).",
        params=(),
        cutoff="none",
        single=ap_ia,
        kernel=ap_ia_kernel,
        reads=ORDERING,
        working=NOVELTY_WORKING,
        examples=("AP_IA",),
        subtopics=True,
        shown="AP-IA",
    ),
)
