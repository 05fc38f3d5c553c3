"""The C/W/L measures (`rankwork.core.cwl`: INST, INSQ, NERR8-11, BPM) over many queries at once.

C/W/L weights are defined to depth 1000 whatever the list's length, so each query becomes a
row of a dense (queries x 1000) gain matrix, and the core's continuation and weight functions,
written for any leading shape, run on whole blocks of queries at once. Blocks of `BLOCK`
queries keep each matrix to 16 MB (2,048 x 1,000 doubles; the weights take about six); there
is no loop over single queries. As in the
core: g = min(max(grade, 0), max_rel) / max_rel, unjudged documents and the ranks beyond the
list gain 0, ranks below 1000 are not read, and EU = sum_i W(i) g(i).
"""

from __future__ import annotations

from functools import partial

import numpy as np

from rankwork.core.conventions import Convention
from rankwork.core.cwl import (
    DEFAULT_P,
    DEFAULT_T,
    DEPTH,
    MODELS,
    continuation,
    reader,
    scaled_gains,
)

BLOCK = 2048


def cwl(
    prep,
    c: Convention,
    k: int | None,
    *,
    family: str,
    T: float = DEFAULT_T,  # noqa: N803 (ir_measures' name)
    p: float = DEFAULT_P,
    max_rel: float | None = None,
) -> np.ndarray:
    """EU of `family` for every query (a `batch_measures.Prepared`): sum_i W(i) g(i)."""
    del c  # the C/W/L measures read no convention field beyond the ordering, already applied
    top = float(max_rel) if max_rel is not None else prep.scale_max
    continuation(family, np.zeros((0, DEPTH)), k, t=T, p=p)  # refuses a bad T, p or k at once
    keep = prep.ret_pos <= DEPTH
    q, pos = prep.ret_q[keep], prep.ret_pos[keep].astype(np.int64)
    gains = scaled_gains(prep.ret_grade[keep], top)
    out = np.zeros(prep.n_queries)
    for start in range(0, prep.n_queries, BLOCK):
        stop = min(start + BLOCK, prep.n_queries)
        lo, hi = np.searchsorted(q, [start, stop])
        dense = np.zeros((stop - start, DEPTH))
        dense[q[lo:hi] - start, pos[lo:hi] - 1] = gains[lo:hi]
        model = reader(continuation(family, dense, k, t=T, p=p))
        out[start:stop] = (model.weight * dense).sum(axis=-1)
    return out


CWL_KERNELS = {family: partial(cwl, family=family) for family in MODELS}
