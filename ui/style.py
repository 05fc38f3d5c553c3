"""The app's few CSS rules, in one place: tighter top padding; metric cards sized for the
screen (normal) or for a projector (presentation mode), with room for the change badge that
appears after the first edit (so the list below does not move: it jumped 31 px, 36 px in
presentation mode; the Exercises' score cards, which never show a badge, take no extra room);
two lines reserved under the Playground's text box, whose message changes;
code boxes whose text keeps clear of the copy button."""

import streamlit as st

CSS = """
<style>
[data-testid="stMainBlockContainer"] { padding-top: 2.5rem; }
[data-testid="stMetricValue"] { font-variant-numeric: tabular-nums; }
.st-key-cards [data-testid="stMetricValue"] { font-size: 1.65rem; }
.st-key-cards_large [data-testid="stMetricValue"],
.st-key-score_large [data-testid="stMetricValue"] { font-size: 2.8rem; line-height: 1.15; }
.st-key-cards_large [data-testid="stMetricLabel"] p,
.st-key-score_large [data-testid="stMetricLabel"] p { font-size: 1.4rem; }
.st-key-cards_large [data-testid="stMetricDelta"] { font-size: 1.3rem; }
.st-key-cards_large [data-testid="stMetricDeltaDescription"] p { font-size: 1.3rem; }
.st-key-cards [data-testid="stMetric"] { min-height: 7.625rem; }
.st-key-cards_large [data-testid="stMetric"] { min-height: 9.5625rem; }
[data-testid="stCode"] pre { padding-right: 2.75rem; }
.st-key-list_box_status { min-height: 2.8rem; }
</style>
"""


def apply() -> None:
    """Inject the style rules (call once per run, from the entry script)."""
    st.html(CSS)
