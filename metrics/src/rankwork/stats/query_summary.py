"""Facts about each query of an evaluation that explain its numbers: how many relevant
documents it has, how many were retrieved, and the rank of the first relevant one.

    result = batch.evaluate(qrels, run, ["nDCG@10", *SUMMARY_MEASURES])
    facts = summarise(result.per_query)
    nothing_relevant(facts)                      # queries no measure can reward
    means_without(result.per_query, those)       # the means if they were left out

All of it is read off batch measures (NumRel, NumRet, RR without a cutoff), so it follows the
convention's relevance threshold and tie order exactly as the measures do.
"""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np
import pandas as pd

SUMMARY_MEASURES = ("NumRel", "NumRet", "RR")


def summarise(per_query: pd.DataFrame) -> pd.DataFrame:
    """Per query (the table's index): relevant (R, judged documents with grade >= the
    threshold, retrieved or not), retrieved (the list's length; 0 for a query missing from
    the run) and first_relevant (1-based rank of the first relevant retrieved document, NaN
    when none was retrieved) = 1/RR, RR being the reciprocal of that rank."""
    lacking = [m for m in SUMMARY_MEASURES if m not in per_query.columns]
    if lacking:
        raise ValueError(f"summarise needs the measures {', '.join(lacking)} in the table")
    rr = per_query["RR"].to_numpy(dtype=float)
    first = np.full(len(rr), np.nan)
    np.divide(1.0, rr, out=first, where=rr > 0)
    return pd.DataFrame(
        {
            "relevant": per_query["NumRel"].to_numpy(dtype=np.int64),
            "retrieved": per_query["NumRet"].to_numpy(dtype=np.int64),
            "first_relevant": np.rint(first),
        },
        index=per_query.index,
    )


def nothing_relevant(summary: pd.DataFrame) -> list[str]:
    """The queries with no relevant judged document (R = 0), in the table's order."""
    return [str(q) for q in summary.index[summary["relevant"] == 0]]


def means_without(per_query: pd.DataFrame, qids: Iterable[str]) -> pd.Series:
    """The mean of each column over the queries not in `qids` (NaN when none is left)."""
    left_out = set(map(str, qids))
    keep = [str(q) not in left_out for q in per_query.index]
    return per_query[keep].mean()
