"""Controls shared by several sections of the Metric behaviour page."""

from __future__ import annotations

import streamlit as st


def within(key: str, hi: int, default: int) -> None:
    """Keep a number input's value within 1..hi when the range shrinks (no widget default is
    passed for these keys, so setting the state here is the only value they get)."""
    st.session_state[key] = max(1, min(int(st.session_state.get(key, default)), hi))
