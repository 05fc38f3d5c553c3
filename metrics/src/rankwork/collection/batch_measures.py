"""One measure over many queries at once: its family's batch kernel (`MeasureSpec.kernel`, in
`rankwork.core.measures.families`) on the compact arrays `batch.prepare` builds
(`rankwork.core.segments.Prepared`).

Every kernel computes, for all queries together, exactly the number the family's single-list
function computes for one query, with no Python loop over queries.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from rankwork.core.conventions import Convention
from rankwork.core.measures import Measure
from rankwork.core.segments import Prepared, query_count, running_count


def compute(measure: Measure, base: Convention, prep: Prepared) -> np.ndarray:
    """One measure for every query: a float array indexed by query, from the family's kernel
    (`SPECS[family].kernel`) under the convention the measure's parameters make of `base`."""
    arguments = measure.arguments()
    if arguments.pop("judged_only", False):  # `nDCG(judged_only=True)`: the condensed lists
        prep = condensed(prep)
    return measure.spec.kernel(prep, measure.convention(base), measure.cutoff, **arguments)


def condensed(prep: Prepared) -> Prepared:
    """Every query's condensed list (`rankwork.core.condensed`): the unjudged documents removed,
    so the judged rows, already sorted by query then rank, are renumbered 1, 2, ... per query
    and a list is as long as its judged documents. The pool is unchanged. A score tie group
    keeps its judged rows: its first and last ranks become theirs."""
    q = prep.ret_q
    pos = running_count(prep, q, np.ones(len(q), dtype=bool))
    first = last = None
    if prep.ret_tie_first is not None and len(q):
        starts = np.flatnonzero(
            np.concatenate(
                ([True], (q[1:] != q[:-1]) | (prep.ret_tie_first[1:] != prep.ret_tie_first[:-1]))
            )
        )
        size = np.diff(np.concatenate((starts, [len(q)])))
        first = np.repeat(pos[starts], size)
        last = np.repeat(pos[starts] + size - 1, size)
    elif prep.ret_tie_first is not None:
        first = last = prep.ret_tie_first
    return replace(
        prep,
        n_ret=query_count(prep, q).astype(prep.n_ret.dtype),
        ret_pos=pos.astype(prep.ret_pos.dtype),
        ret_tie_first=first,
        ret_tie_last=last,
        pooled_q=None,  # every unjudged document is gone
        pooled_pos=None,
    )
