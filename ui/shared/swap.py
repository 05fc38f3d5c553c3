"""Swapping two documents of the Playground's list, chosen on the behaviour page's swap grid.

Documents are named by doc id, not by row: the grid's ranks are the core's ranking (which, with
scores, may break ties differently from the table's row order), and the id is what both share.
Every column but the score moves, so without scores the two rows trade places and with scores
the two documents trade scores, and with them ranks.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pandas as pd

from ui.playground import state
from ui.playground.inputs import cell_text


def swap_documents(table: pd.DataFrame, doc_a: str, doc_b: str) -> pd.DataFrame:
    """The ranked-list table with documents `doc_a` and `doc_b` exchanged (unchanged when
    either is no longer in the table)."""
    out = table.reset_index(drop=True).copy()
    ids = [cell_text(d).strip() for d in out["doc"]]
    if doc_a not in ids or doc_b not in ids:
        return out
    a, b = ids.index(doc_a), ids.index(doc_b)
    moving = [c for c in out.columns if c != "score"]
    row_a, row_b = out.loc[a, moving].copy(), out.loc[b, moving].copy()
    out.loc[a, moving], out.loc[b, moving] = row_b.to_numpy(), row_a.to_numpy()
    return out


def selected_pair(event: Mapping[str, Any] | None) -> tuple[str, str] | None:
    """The doc ids of the cell clicked on the swap grid (ui.shared.explore_figures.swap_matrix puts
    [rank i, rank j, doc i, doc j] in each point's customdata), or None without a click."""
    points = ((event or {}).get("selection") or {}).get("points") or []
    if not points or len(points[0].get("customdata") or ()) < 4:
        return None
    data = points[0]["customdata"]
    return str(data[2]), str(data[3])


def apply(doc_a: str, doc_b: str) -> None:
    """Swap the two documents in the Playground's list (its editor remounts on the result)."""
    state.replace_table(state.RANKING, swap_documents(state.table(state.RANKING), doc_a, doc_b))
