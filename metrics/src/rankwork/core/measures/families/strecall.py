"""S-recall, subtopic recall (Zhai, Cohen & Lafferty, SIGIR 2003), as TREC's ndeval computes
it, with its per-rank working, over one list and over many queries at once.

    S-recall@k = |subtopics covered by the top k| / |S|     (unweighted)

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
    Capabilities,
    MeasureSpec,
)
from rankwork.core.ranking import Ordered, check_cutoff
from rankwork.core.result import Result
from rankwork.core.segments import Prepared
from rankwork.language import N_, _


def st_recall(ordered: Ordered, convention: Convention, k=None) -> Result:
    """S-recall@k = subtopics covered by the top k / subtopics of the query (unweighted)."""
    k = check_cutoff(k)
    j = div.judged(ordered)
    n = len(j.ranked)
    steps = div.novelty(j.ranked, j.weight, 1.0)
    total = len(j.weight)
    within = np.arange(1, n + 1) <= div.list_depth(n, k)
    new = np.array([len(s.new) for s in steps], dtype=float)
    contribution = np.where(within, new, 0.0) / total if total else np.zeros(n)
    table = div.novelty_table(j, steps, np.ones(n), contribution)
    table["gain"] = new
    note = _("Each rank's newly covered subtopics, over the query's {total} subtopics.").format(
        total=total
    )
    return Result(
        div.diversity_name("StRecall", "", k),
        float(contribution.sum()),
        table,
        {"subtopics": float(total)},
        note,
    )


def st_recall_kernel(prep: Prepared, c: Convention, k: int | None) -> np.ndarray:
    """S-recall@k = subtopics covered by the top k / |S_q| (unweighted)."""
    s = nb.subtopics_of(prep)
    depth = nb.depths(prep, k)
    pair_q = s.sub_q[s.ret_sub]
    first = (nb.seen_before(s.ret_sub) == 0) & (prep.ret_pos[s.ret_row] <= depth[pair_q])
    covered = np.bincount(pair_q[first], minlength=prep.n_queries).astype(float)
    return nb.ratio(covered, s.n_sub.astype(float))


MEASURES = (
    MeasureSpec(
        family="StRecall",
        order=310,
        title="S-recall@k",
        description=N_("Subtopic recall: the share of the query's subtopics the top k cover."),
        reader=N_("A reader who wants to see every subtopic once, and reads k documents."),
        latex=r"\text{S-recall@}k=\frac{|\bigcup_{i\le k}\mathrm{sub}(d_i)|}{|S|}",
        citation="Zhai, Cohen & Lafferty, SIGIR 2003; " + NDEVAL + "StRecall.",
        params=(),
        cutoff="required",
        single=st_recall,
        kernel=st_recall_kernel,
        reads=ORDERING,
        working=NOVELTY_WORKING,
        examples=("StRecall@20",),
        subtopics=True,
        shown="S-recall",
        capabilities=Capabilities(diversity_card=True),
    ),
)
