"""Metric cards: each headline measure of a report, with the change the last edit caused.

The value of a card is `report.results[key].value`; its help text is the measure's description
and citation from its spec, `metrics.core.specs.SPECS`. When the list has unjudged documents,
each graded and binary card shows under its value the measure's range over them
(`report.bounds`, from `metrics.core.bounds`: the unjudged as grade 0 and as the top grade, as
'low–high'), and
a caption under the cards gives Judged@k (always, except in presentation mode, where it appears
only with unjudged documents, to keep the projector view on one screen). RBP's card always
shows [RBP, RBP + residual] from its details instead, whose residual also counts the ranks
beyond the list. When the list has subtopics, a third row holds the
diversity measures (`metrics.explore.report.DIVERSITY`), and a last row the measures added
under "More measures as cards" (`metrics.explore.report.MORE`).

In presentation mode the cards are the teacher's pick (`picker`, kept in the settings and so in
the link; default `ui.model.DEFAULT_PROJECTOR_CARDS`), three to a row in large type.

"The change caused by the last edit": `changes()` keeps, per session, the inputs of the last
result and the values before them. When the inputs change, the old values become the baseline;
when they do not (a rerun that changes nothing, e.g. opening an expander), the deltas stay.
"""

from __future__ import annotations

from collections.abc import Mapping

import streamlit as st

from i18n import _
from metrics.core.bounds import POOL_NORMALISED
from metrics.core.condensed import PRIME
from metrics.core.specs import SPECS
from metrics.explore.report import CARDS, DIVERSITY, HEADLINE, MORE, OWN_UNJUDGED, Report
from ui import state

ROWS = (HEADLINE[:5], HEADLINE[5:])  # the graded measures, then the binary ones
LARGE_PER_ROW = 3
PICKER_KEY = state.WIDGET_PREFIX + "cards"
NEUTRAL = {"IDCG"}  # a change of IDCG is neither good nor bad: no colour
_HISTORY = "card_history"


def changes(signature: str, values: Mapping[str, float]) -> dict[str, float | None]:
    """The change of each value caused by the last change of inputs (None before any)."""
    history = st.session_state.get(_HISTORY)
    if history is None:
        history = {"signature": signature, "values": dict(values), "before": None}
    elif history["signature"] != signature:
        history = {"signature": signature, "values": dict(values), "before": history["values"]}
    else:  # the same inputs; a card just added (More measures) joins the values kept
        history["values"] = {**values, **history["values"]}
    st.session_state[_HISTORY] = history
    before = history["before"] or {}
    # a card that was not there before (subtopics just typed) has no change to show
    return {key: values[key] - before[key] if key in before else None for key in values}


def picker() -> tuple[str, ...]:
    """The cards presentation mode shows, picked by the teacher; kept in the settings (and so
    in the shared link), in the cards' own order whatever order they were picked in."""
    settings = state.settings()
    if PICKER_KEY not in st.session_state:
        st.session_state[PICKER_KEY] = list(settings["cards"])
    picked = st.pills(_("Cards shown"), CARDS, selection_mode="multi", key=PICKER_KEY)
    settings["cards"] = tuple(key for key in CARDS if key in picked)
    return settings["cards"]


def render(
    report: Report,
    deltas: Mapping[str, float | None],
    decimals: int,
    shown: tuple[str, ...] | None = None,
) -> None:
    """The cards: all of them in two rows (graded, then binary measures); or, in presentation
    mode, the `shown` ones in large type, three to a row (the containers' keys select the type
    size in ui/style.py)."""
    if shown is not None:
        waiting = [key for key in shown if key not in report.results]
        if waiting:  # diversity cards picked for a list without subtopics
            said = _("{cards}: no subtopics in the list yet; type them in its subtopics column.")
            st.caption(said.format(cards=", ".join(waiting)))
        shown = tuple(key for key in shown if key in report.results)
        rows = [shown[i : i + LARGE_PER_ROW] for i in range(0, len(shown), LARGE_PER_ROW)]
        widths: list[list[float]] = [[1] * LARGE_PER_ROW for _ in rows]
    else:
        rows = list(ROWS)  # RBP's card is wider: it also shows its interval
        diversity = tuple(key for key in DIVERSITY if key in report.results)
        more = tuple(key for key in MORE if key in report.results)
        rows += [row for row in (diversity, more) if row]
        widths = [[1.8 if key == "RBP" else 1 for key in row] for row in rows]
    with st.container(key="cards" if shown is None else "cards_large"):
        if not rows:
            st.info(_("No card picked: choose some under Cards."), icon=":material/dashboard:")
        for row, row_widths in zip(rows, widths, strict=True):
            for column, key in zip(st.columns(row_widths), row, strict=False):
                with column:
                    _card(report, key, deltas.get(key), decimals)
        unjudged = any(spread.unjudged for spread in report.bounds.values())
        if rows and (unjudged or shown is None):
            st.caption(_judged_caption(report, unjudged, decimals))


def _judged_caption(report: Report, unjudged: bool, decimals: int) -> str:
    """Judged@k, and what the cards' intervals mean when there are unjudged documents."""
    judged = f"{report.judged.name} = {report.judged.value:.{decimals}f}"
    if report.condensed:
        as_typed = [r.name for r in map(report.results.get, report.cards) if PRIME not in r.name]
        if as_typed:
            said = _(
                "{judged} for the list as typed; the cards read it with the unjudged removed, "
                "but {as_typed}, which have no condensed form."
            )
        else:
            said = _("{judged} for the list as typed; the cards read it with the unjudged removed.")
        return said.format(judged=judged, as_typed=", ".join(as_typed))
    if not unjudged:
        said = _("{judged}: every retrieved document is judged, so no card's value can move.")
        return said.format(judged=judged)
    return _(
        "{judged}. Under each value, low–high: the measure with every unjudged document "
        "non-relevant, and with every one of the top grade (hover a card for which is which)."
    ).format(judged=judged)


def _card(report: Report, key: str, delta: float | None, decimals: int) -> None:
    result = report.results[key]
    info = SPECS[key]
    description = _interval(report, key, decimals)
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
        help=f"{_(info.description)} {_(info.reader)} ({info.citation})"
        + (f" {_(info.note)}" if info.note else "")
        + (f"\n\n{result.note}" if result.note else "")
        + _bounds_help(report, key, decimals),
        border=True,
    )


def _interval(report: Report, key: str, decimals: int) -> str | None:
    """'low–high' for a card whose value the unjudged documents can move (short: a card is
    about 100 px wide on a projector); RBP's wider card always shows its residual interval
    '∈ [RBP, RBP + residual]'."""
    if key == "RBP":
        result = report.results[key]
        return f"∈ [{result.value:.{decimals}f}, {result.details['upper']:.{decimals}f}]"
    spread = report.bounds.get(key)
    if spread is None or not spread.unjudged:
        return None
    return f"{spread.low:.{decimals}f}–{spread.high:.{decimals}f}"


def _bounds_help(report: Report, key: str, decimals: int) -> str:
    """The help text's paragraph on the two fills (and why the top-grade fill can be lower)."""
    spread = report.bounds.get(key)
    if key in OWN_UNJUDGED:
        return "\n\n" + _(
            "It reads the unjudged documents its own way (bpref skips them; infAP "
            "estimates from the judged ones), so no range over them is shown: its value is "
            "neither that with every unjudged document non-relevant nor that with all of the "
            "top grade."
        )
    if spread is None:
        return f"\n\n{report.bounds_problem}" if report.bounds_problem and key != "RBP" else ""
    if not spread.unjudged and report.condensed:
        return "\n\n" + _("The condensed list has no unjudged document left to move this value.")
    if not spread.unjudged:
        return "\n\n" + _(
            "Every retrieved document is judged: nothing unjudged can move this value."
        )
    if key in POOL_NORMALISED:
        said = _(
            "With the {n} unjudged document(s) non-relevant: {lower}; all of the top grade "
            "(and so also in the ideal ranking and R): {upper}."
        )
    else:
        said = _(
            "With the {n} unjudged document(s) non-relevant: {lower}; all of the top grade: "
            "{upper}."
        )
    text = "\n\n" + said.format(
        n=spread.unjudged,
        lower=f"{spread.lower:.{decimals}f}",
        upper=f"{spread.upper:.{decimals}f}",
    )
    if spread.falls:
        text += " " + _("Here the top grade lowers the value: it raises the normaliser more.")
    return text
