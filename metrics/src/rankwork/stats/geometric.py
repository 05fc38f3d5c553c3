"""The geometric mean of per-query values, as trec_eval computes GMAP (its `gm_map`).

    geometric_mean(per_query_ap)                  # GMAP when the values are AP
    geometric_means({"run": per_query_frame})     # every run and measure: run x measure
    winners(per_query_by_run, "AP")               # best run by the arithmetic and geometric mean

trec_eval (m_gm_map.c; MIN_GEO_MEAN = 0.00001 in trec_eval.h) computes, per query,
log(max(AP, 0.00001)), and for the run exp of their mean:

    GM = exp( (1/n) sum_q log(max(v_q, eps)) ),  eps = 1e-5.

The floor keeps a query scored 0 from making the whole mean 0: it counts as 1e-5. That is
pytrec_eval's `gm_map` (checked in tests/crosscheck/test_geometric_pytrec_eval.py). The same
aggregate is given here for any measure, over the same queries as the arithmetic mean.

A geometric mean counts ratios, not differences: raising a query from 0.01 to 0.02 adds as much
as raising one from 0.5 to 1.0 (log 2 both), so it rewards a run for lifting its worst queries
(Robertson, "On GMAP", CIKM 2006). It can therefore change which run is best.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass

import numpy as np
import pandas as pd

from rankwork.language import _

EPSILON = 1e-5  # trec_eval's MIN_GEO_MEAN


def geometric_mean(values, epsilon: float = EPSILON) -> float:
    """exp(mean(log(max(v, epsilon)))) over the per-query values (see the module)."""
    array = np.asarray(values, dtype=np.float64).ravel()
    if not array.size:
        raise ValueError(_("a geometric mean needs at least one query's value; got none"))
    if not np.isfinite(array).all():
        raise ValueError(_("a geometric mean needs finite per-query values; got NaN or infinity"))
    if not (math.isfinite(epsilon) and epsilon > 0):
        raise ValueError(
            _("the floor epsilon must be a number above 0; got {epsilon}").format(
                epsilon=repr(epsilon)
            )
        )
    return float(np.exp(np.log(np.maximum(array, epsilon)).mean()))


def geometric_means(per_query: Mapping[str, pd.DataFrame]) -> pd.DataFrame:
    """Every run's geometric mean of every measure: rows runs (in the mapping's order),
    columns the measures of each run's per-query table (`BatchResult.per_query`)."""
    return pd.DataFrame(
        {run: table.apply(geometric_mean) for run, table in per_query.items()}
    ).T.rename_axis("run")


@dataclass(frozen=True)
class Winners:
    """The run with the highest arithmetic mean and the one with the highest geometric mean
    on one measure (a tie goes to the run listed first)."""

    measure: str
    arithmetic: str
    geometric: str

    @property
    def changes(self) -> bool:
        return self.arithmetic != self.geometric


def winners(per_query: Mapping[str, pd.DataFrame], measure: str) -> Winners:
    """Which run wins `measure` by the arithmetic mean and which by the geometric mean."""
    if len(per_query) < 2:
        raise ValueError(_("a winner needs two runs or more; got {n}").format(n=len(per_query)))
    arithmetic = {run: float(t[measure].mean()) for run, t in per_query.items()}
    geometric = {run: geometric_mean(t[measure]) for run, t in per_query.items()}
    return Winners(measure, _best(arithmetic), _best(geometric))


def _best(means: dict[str, float]) -> str:
    top = max(means.values())
    return next(run for run, value in means.items() if value == top)
