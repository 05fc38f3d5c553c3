"""R-Precision, precision at depth R (trec_eval Rprec), with its per-rank working, over one
list and over many queries at once.

    R-Prec = h(R) / R

No cutoff: the depth is R.

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
from rankwork.core.measures.common import binary_result, prepare, within
from rankwork.core.measures.spec import (
    BINARY,
    JUDGED_ONLY,
    REL,
    Capabilities,
    MeasureSpec,
)
from rankwork.core.result import Result
from rankwork.language import N_


def r_precision(ranking, convention: Convention, k: int | None = None) -> Result:
    """R-Prec = h(R)/R: precision at depth R, the number of relevant judged documents."""
    del k
    _k, o, judged, rel, big_r = prepare(ranking, convention, None)
    share = 1.0 / big_r if big_r else 0.0
    contribution = np.where(within(len(o), big_r) & rel, share, 0.0)
    return binary_result("Rprec", o, judged, rel, big_r, contribution, {"R": big_r})


def r_precision_kernel(prep: seg.Prepared, c: Convention, k: int | None = None) -> np.ndarray:
    """R-Prec = h(R) / R: precision at depth R (0 when R = 0)."""
    rel, big_r = seg.relevant(prep, c)
    at = rel & (prep.ret_pos <= big_r[prep.ret_q])
    return seg.divide(seg.query_count(prep, prep.ret_q[at]), big_r)


MEASURES = (
    MeasureSpec(
        family="Rprec",
        order=110,
        title="R-Precision",
        description=N_("Precision at depth R, the number of relevant documents."),
        reader=N_("A reader who reads as many documents as there are relevant ones."),
        latex=r"\mathrm{RPrec}=\frac{1}{R}\sum_{i=1}^{R}\mathrm{rel}_i",
        citation="trec_eval Rprec.",
        params=(REL, JUDGED_ONLY),
        cutoff="none",
        single=condensable(r_precision),
        kernel=r_precision_kernel,
        reads=BINARY,
        examples=("Rprec",),
        capabilities=Capabilities(headline=True, pool_normalised=True),
    ),
)
