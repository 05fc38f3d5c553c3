"""A per-rank table as the Playground shows them (its breakdown, and the subtopics' table)."""

from __future__ import annotations

import pandas as pd
import streamlit as st

SCROLL_AFTER = 12  # rows shown whole; a longer table scrolls in a fixed height
HEIGHT = 420


def show(rows: pd.DataFrame, config: dict) -> None:
    """`rows` with its column config: no index, "–" for an empty cell, scrolling beyond
    SCROLL_AFTER rows."""
    st.dataframe(
        rows,
        column_config=config,
        hide_index=True,
        placeholder="–",
        height="auto" if len(rows) <= SCROLL_AFTER else HEIGHT,
    )
