"""Operations of the list buttons, as pure functions on the ranked-list table
(ui.playground.inputs).

Without scores the table's row order is the ranking, and the operations reorder rows. With
scores the ranking is by score, so an operation first takes the rows in score order (highest
first, input order among ties), reorders the documents, and gives the scores back to the
positions, highest first: "reverse" then reverses the ranking, not the typed rows.

Cells that are not valid grades (being fixed by the user) are kept and sort as unjudged.
"""

from __future__ import annotations

import math

import numpy as np
import pandas as pd

from ui.playground.inputs import cell_text, default_doc_ids, ranking_frame


def _has_scores(table: pd.DataFrame) -> bool:
    return bool(table["score"].notna().any())


def _in_ranked_order(table: pd.DataFrame) -> pd.DataFrame:
    table = table.reset_index(drop=True)
    if not _has_scores(table):
        return table
    order = np.argsort(-table["score"].to_numpy(dtype=float), kind="stable")
    return table.iloc[order].reset_index(drop=True)


def _reordered(table: pd.DataFrame, positions: np.ndarray) -> pd.DataFrame:
    """The documents of `table` (in ranked order) taken in `positions` order; scores stay with
    the positions."""
    ranked = _in_ranked_order(table)
    out = ranked.iloc[positions].reset_index(drop=True)
    out["score"] = ranked["score"].to_numpy()
    return out


def _grade_key(value: object) -> float:
    try:
        grade = float(cell_text(value))
    except ValueError:
        return -math.inf
    return -math.inf if math.isnan(grade) else grade


def ideal_order(table: pd.DataFrame) -> pd.DataFrame:
    """Best grade first (stable among equal grades), unjudged and unreadable cells last."""
    ranked = _in_ranked_order(table)
    keys = np.array([_grade_key(g) for g in ranked["grade"]])
    return _reordered(table, np.argsort(-keys, kind="stable"))


def reverse(table: pd.DataFrame) -> pd.DataFrame:
    return _reordered(table, np.arange(len(table))[::-1])


def shuffle(table: pd.DataFrame, seed: int) -> pd.DataFrame:
    """A random order, the same for the same seed and list."""
    return _reordered(table, np.random.default_rng(seed).permutation(len(table)))


def move(table: pd.DataFrame, rank: int, step: int) -> pd.DataFrame:
    """The document at 1-based `rank` moved `step` places (-1 = up); unchanged at the ends."""
    n = len(table)
    i, j = rank - 1, rank - 1 + step
    if not (0 <= i < n and 0 <= j < n):
        return _reordered(table, np.arange(n))
    positions = np.arange(n)
    positions[i], positions[j] = j, i
    return _reordered(table, positions)


def random_list(n: int, scale_max: int, seed: int) -> pd.DataFrame:
    """n documents d1..dn with grades drawn uniformly from 0..scale_max, no scores."""
    grades = np.random.default_rng(seed).integers(0, scale_max + 1, size=n)
    return ranking_frame([float(g) for g in grades], default_doc_ids(n))
