"""The app's few CSS rules, in one place: tighter top padding, and metric cards sized for the
screen (normal) or for a projector (presentation mode)."""

import streamlit as st

CSS = """
<style>
[data-testid="stMainBlockContainer"] { padding-top: 2.5rem; }
[data-testid="stMetricValue"] { font-variant-numeric: tabular-nums; }
.st-key-cards [data-testid="stMetricValue"] { font-size: 1.65rem; }
.st-key-cards_large [data-testid="stMetricValue"] { font-size: 2.8rem; line-height: 1.15; }
.st-key-cards_large [data-testid="stMetricLabel"] p { font-size: 1.4rem; }
.st-key-cards_large [data-testid="stMetricDelta"] { font-size: 1.3rem; }
</style>
"""


def apply() -> None:
    """Inject the style rules (call once per run, from the entry script)."""
    st.html(CSS)
