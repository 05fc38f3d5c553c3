"""Judged@k: the share of the top k that has a judgment (ir_measures Judged@k, MacAvaney et
al.), with its per-rank working, over one list and over many queries at once.

    Judged@k = judged documents in the top k / min(k, n)    (0 for an empty list)

It reads no relevance: a check on how far the judgments reach.

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
from rankwork.core.measures.families.counts import num_ret_kernel
from rankwork.core.measures.spec import (
    ORDERING,
    MeasureSpec,
)
from rankwork.core.result import Result
from rankwork.language import N_


def judged_at(ranking, convention: Convention, k: int | None = None) -> Result:
    """Judged@k = judged documents in the top k / min(k, n) (ir_measures' definition)."""
    k, o, judged, rel, big_r = prepare(ranking, convention, k)
    depth = min(k, len(o)) if k is not None else len(o)
    contribution = np.where(within(len(o), k) & judged, 1.0 / depth if depth else 0.0, 0.0)
    return binary_result(named("Judged", k), o, judged, rel, k, contribution, {"depth": depth})


def judged_at_kernel(prep: seg.Prepared, c: Convention, k: int | None) -> np.ndarray:
    """Judged@k = judged documents at rank <= k / min(k, n) (0 for an empty list)."""
    return seg.divide(
        seg.query_count(prep, prep.ret_q[seg.within(prep, k)]), num_ret_kernel(prep, c, k)
    )


MEASURES = (
    MeasureSpec(
        family="Judged",
        order=180,
        title="Judged@k",
        description=N_("The share of the top k that has a judgment."),
        reader=N_("Not a reader: a check on how far the judgments reach."),
        latex=r"\mathrm{Judged@}k=\frac{|\{i\le k:\ \mathrm{judged}_i\}|}{\min(k,n)}",
        citation="ir_measures Judged@k (MacAvaney et al.).",
        params=(),
        cutoff="required",
        single=judged_at,
        kernel=judged_at_kernel,
        reads=ORDERING,
        examples=("Judged@10",),
    ),
)
