"""What several families' single-list functions share: binary relevance and its working table,
and the name of a measure with its cutoff.

Binary relevance (P, R, F, AP, RR, R-Prec, SetAP, Success, bpref, Judged, infAP, the counts): a
document is relevant when it is judged and its grade >= t (the convention's `rel_threshold`,
1 by default); R is the number of relevant judged documents of the query, retrieved or not
(the judged pool). Every binary result's `contribution` column sums to its value.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from rankwork.core.conventions import Convention
from rankwork.core.ranking import Ordered, Ranking, check_cutoff, order
from rankwork.core.result import Result


def named(base: str, k: int | None) -> str:
    """'P' -> 'P@5' with a cutoff, 'P' without."""
    return base if k is None else f"{base}@{k}"


def within(n: int, k: int | None) -> np.ndarray:
    """For ranks 1..n: rank <= k (every rank without a cutoff)."""
    return np.arange(1, n + 1) <= (k if k is not None else n)


def prepare(ranking: Ranking | Ordered, convention: Convention, k: int | None):
    """The checked cutoff, the ordered list, which ranks are judged and relevant, and R."""
    k = check_cutoff(k)
    ordered = ranking if isinstance(ranking, Ordered) else order(ranking, convention)
    grades = ordered.grades
    judged = ~np.isnan(grades)
    relevant = judged & (np.nan_to_num(grades, nan=-np.inf) >= convention.rel_threshold)
    n_relevant = int((ordered.judged_pool >= convention.rel_threshold).sum())
    return k, ordered, judged, relevant, n_relevant


def binary_table(ordered: Ordered, judged, relevant, k: int | None, contribution) -> pd.DataFrame:
    """One row per rank: rank, doc_id, grade, judged, relevant, hits (h(i)), precision
    (h(i)/i), in_cutoff and contribution."""
    n = len(ordered)
    ranks = np.arange(1, n + 1)
    hits = np.cumsum(relevant)
    return pd.DataFrame(
        {
            "rank": ranks,
            "doc_id": list(ordered.doc_ids),
            "grade": ordered.grades,
            "judged": judged,
            "relevant": relevant,
            "hits": hits,
            "precision": hits / ranks if n else np.zeros(0),
            "in_cutoff": within(n, k),
            "contribution": np.asarray(contribution, dtype=float),
        }
    )


def binary_result(name, ordered, judged, relevant, k, contribution, details) -> Result:
    """The `Result` of a binary measure: its value is the sum of the contributions (NaN read
    as 0, as the table's sum reads it); the table is built when first read."""
    contribution = np.asarray(contribution, dtype=float)
    value = float(np.nansum(contribution))
    return Result(
        name,
        value,
        lambda: binary_table(ordered, judged, relevant, k, contribution),
        details,
    )
