"""Every assignment of grades to one list's unjudged documents, scored at once by the batch
kernels: each assignment becomes one query of a `rankwork.core.segments.Prepared`.

`rankwork.core.bounds` finds a measure's true range over the unjudged documents by trying every
assignment (`bounds.assignments`: one row of grades per assignment); run one by one through the
single-list function that takes about half a millisecond each, so the Playground, which
computes every card's range on every edit, scores them here in one vectorised call instead.
Each query is the list with that row's grades, every document judged (a filled document is
judged, as in `bounds.fill`), its pool the row plus the judged documents not retrieved.
"""

from __future__ import annotations

import numpy as np

from rankwork.collection.batch_measures import compute
from rankwork.core.bounds import Evaluator
from rankwork.core.conventions import Convention
from rankwork.core.measures import Measure
from rankwork.core.ranking import Ordered
from rankwork.core.segments import Prepared


def prepared(ordered: Ordered, rows: np.ndarray, convention: Convention) -> Prepared:
    """One query per row of grades (the list's documents in its order, all judged)."""
    queries, n = rows.shape
    query = np.repeat(np.arange(queries), n)
    unretrieved = np.tile(ordered.unretrieved, (queries, 1))
    first = last = None
    if convention.ties == "average" and ordered.scores is not None:
        group = ordered.tie_group
        first = np.tile(np.searchsorted(group, group, side="left") + 1, queries)
        last = np.tile(np.searchsorted(group, group, side="right"), queries)
    return Prepared(
        n_queries=queries,
        n_ret=np.full(queries, n),
        ret_q=query,
        ret_pos=np.tile(np.arange(1, n + 1), queries),
        ret_grade=rows.ravel(),
        ret_tie_first=first,
        ret_tie_last=last,
        ret_row=np.zeros(queries * n, dtype=np.int64),
        pool_q=np.repeat(np.arange(queries), n + len(ordered.unretrieved)),
        pool_grade=np.hstack([rows, unretrieved]).ravel(),
        pool_row=np.zeros(queries * (n + len(ordered.unretrieved)), dtype=np.int64),
        scale_max=ordered.scale_max,
    )


def batch_evaluator(
    family: str, ordered: Ordered, convention: Convention, k: int | None
) -> Evaluator:
    """`rankwork.core.bounds.Evaluator` for the SPECS family at cutoff k, by its batch kernel."""
    measure = Measure(family, cutoff=k)
    return lambda rows: compute(measure, convention, prepared(ordered, rows, convention))
