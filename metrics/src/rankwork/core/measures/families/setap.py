"""SetAP, set precision times set recall (trec_eval set_map; ir_measures SetAP), with its
per-rank working, over one list and over many queries at once.

    SetAP = (h(n) / n) (h(n) / R)

The retrieved documents as a set: the order is ignored, and there is no cutoff (0 for an empty
list).

Binary relevance (`rankwork.core.measures.common`): a document is relevant when it is judged
and its grade >= t (the convention's `rel_threshold`, 1 by default; `rel=t` in the name); R is
the number of relevant judged documents of the query, retrieved or not, h(k) = sum_{i<=k} rel_i
the hits in the top k, n the list length. A query with nothing relevant (R = 0) scores 0.
"""

from __future__ import annotations

import numpy as np

from rankwork.core import segments as seg
from rankwork.core.conventions import Convention
from rankwork.core.measures.common import binary_result, prepare
from rankwork.core.measures.spec import (
    BINARY,
    BINARY_WORKING,
    REL,
    MeasureSpec,
)
from rankwork.core.result import Result
from rankwork.language import N_


def set_ap(ranking, convention: Convention, k: int | None = None) -> Result:
    """SetAP = SetP SetR = (h(n)/n)(h(n)/R) over the whole list, whatever its order (0 for an
    empty list or R = 0); each relevant retrieved document contributes h(n) / (n R)."""
    del k  # a set measure: no cutoff
    _k, o, judged, rel, big_r = prepare(ranking, convention, None)
    n, hits = len(o), int(rel.sum())
    share = hits / (n * big_r) if n and big_r else 0.0
    contribution = np.where(rel, share, 0.0)
    return binary_result("SetAP", o, judged, rel, None, contribution, {"R": big_r, "n": n})


def set_ap_kernel(prep: seg.Prepared, c: Convention, k: int | None = None) -> np.ndarray:
    """SetAP = (h(n) / n) (h(n) / R): set precision times set recall (0 when n or R is 0)."""
    del k  # a set measure: no cutoff
    rel, big_r = seg.relevant(prep, c)
    hits = seg.query_count(prep, prep.ret_q[rel]).astype(float)
    return seg.divide(hits * hits, prep.n_ret * big_r)


MEASURES = (
    MeasureSpec(
        family="SetAP",
        order=140,
        title="SetAP",
        description=N_(
            "Set precision times set recall: the retrieved documents as a set, order ignored."
        ),
        reader=N_("Not a reader: a judge of the retrieved set as a whole."),
        latex=r"\mathrm{SetAP}=\frac{h(n)}{n}\cdot\frac{h(n)}{R}",
        citation="trec_eval set_map; ir_measures SetAP.",
        params=(REL,),
        cutoff="none",
        single=set_ap,
        kernel=set_ap_kernel,
        reads=BINARY,
        working=BINARY_WORKING,
        examples=("SetAP",),
    ),
)
