"""Metric cards: each headline measure of a report, with the change the last edit caused.

The value of a card is `report.results[key].value`; its help text is the measure's description
and citation from `metrics.measures.REGISTRY`; RBP's card also shows the interval
[RBP, RBP + residual] from its details.

"The change caused by the last edit": `changes()` keeps, per session, the inputs of the last
result and the values before them. When the inputs change, the old values become the baseline;
when they do not (a rerun that changes nothing, e.g. opening an expander), the deltas stay.
"""

from __future__ import annotations

from collections.abc import Mapping

import streamlit as st

from metrics.measures import REGISTRY
from metrics.report import Report

ROWS = (("DCG", "IDCG", "nDCG", "ERR", "RBP"), ("P", "R", "F1", "AP", "RR", "Rprec"))
LARGE_ROWS = (("DCG", "IDCG", "nDCG", "ERR"), ("RBP", "P", "R", "F1"), ("AP", "RR", "Rprec"))
NEUTRAL = {"IDCG"}  # a change of IDCG is neither good nor bad: no colour
_HISTORY = "card_history"


def changes(signature: str, values: Mapping[str, float]) -> dict[str, float | None]:
    """The change of each value caused by the last change of inputs (None before any)."""
    history = st.session_state.get(_HISTORY)
    if history is None:
        history = {"signature": signature, "values": dict(values), "before": None}
    elif history["signature"] != signature:
        history = {"signature": signature, "values": dict(values), "before": history["values"]}
    st.session_state[_HISTORY] = history
    before = history["before"]
    return {key: None if before is None else values[key] - before[key] for key in values}


def render(report: Report, deltas: Mapping[str, float | None], decimals: int, large: bool) -> None:
    """The cards in two rows (graded, then binary measures); in presentation mode, large type
    four to a row (the containers' keys select the type size in ui/style.py)."""
    with st.container(key="cards_large" if large else "cards"):
        for row in LARGE_ROWS if large else ROWS:
            # RBP's card is wider: it also shows its interval; a short last row keeps the width
            widths = [1.8 if key == "RBP" else 1 for key in row] + [1] * (large * (4 - len(row)))
            for column, key in zip(st.columns(widths), row, strict=False):
                with column:
                    _card(report, key, deltas.get(key), decimals)


def _card(report: Report, key: str, delta: float | None, decimals: int) -> None:
    result = report.results[key]
    info = REGISTRY[key]
    description = None
    if key == "RBP":
        description = f"∈ [{result.value:.{decimals}f}, {result.details['upper']:.{decimals}f}]"
    unchanged = delta is not None and round(delta, decimals) == 0
    if delta is None:
        change = None
    else:
        change = f"{0:.{decimals}f}" if unchanged else f"{delta:+.{decimals}f}"
    st.metric(
        result.name,
        f"{result.value:.{decimals}f}",
        delta=change,
        delta_color="off" if key in NEUTRAL or unchanged else "normal",
        delta_arrow="off" if unchanged else "auto",
        delta_description=description,
        help=f"{info.description} {info.reader} ({info.citation})"
        + (f"\n\n{result.note}" if result.note else ""),
        border=True,
    )
