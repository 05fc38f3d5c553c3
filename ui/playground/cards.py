"""Metric cards: each headline measure of a report, with the change the last edit caused.

The value of a card is `report.results[key].value`; its help text is the measure's description
and citation from its spec, `rankwork.core.measures.SPECS`. When the list has unjudged documents,
each card with bounds (`report.bounds`, from `rankwork.core.bounds`) shows under its value
either its true range over every whole grade of those documents, as 'low–high', or, when that range
is not known (too many assignments to try), the two fills as what they are: 'fills a / b', the
value with every unjudged document non-relevant and with every one of the top grade. A caption
under the cards gives Judged@k and says what those lines mean (always, except in presentation
mode, where it appears only with unjudged documents, to keep the projector view on one
screen). RBP's card always shows [RBP, RBP + residual] from its details instead, whose residual
also counts the ranks beyond the list. When the list has subtopics, a third row holds the
diversity measures (`rankwork.explore.report.DIVERSITY`), and a last row the measures added
under "More measures as cards" (`rankwork.explore.report.MORE`).

In presentation mode the cards are the teacher's pick (`picker`, kept in the settings and so in
the link; default `ui.playground.inputs.DEFAULT_PROJECTOR_CARDS`), three to a row in large type.

"The change caused by the last edit": `changes()` keeps, per session, the inputs of the last
result and the values before them. When the inputs change, the old values become the baseline;
when they do not (a rerun that changes nothing, e.g. opening an expander), the deltas stay.
"""

from __future__ import annotations

from collections.abc import Mapping

import streamlit as st

from i18n import _
from rankwork.core.bounds import BUDGET, POOL_NORMALISED, STOPPING_READERS
from rankwork.core.capabilities import families
from rankwork.core.condensed import PRIME
from rankwork.core.measures import SPECS, display_name
from rankwork.explore.report import CARDS, DIVERSITY, HEADLINE, MORE, OWN_UNJUDGED, Report
from ui.playground import state

#: the headline cards' rows: the graded measures (`graded_card`), then the others (binary)
ROWS = (
    families("graded_card"),
    tuple(key for key in HEADLINE if key not in families("graded_card")),
)
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
    picked = st.pills(
        _("Cards shown"),
        CARDS,
        selection_mode="multi",
        format_func=display_name,
        key=PICKER_KEY,
    )
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
    size in ui/shared/style.py)."""
    if shown is not None:
        waiting = [key for key in shown if key not in report.results]
        if waiting:  # diversity cards picked for a list without subtopics
            said = _("{cards}: no subtopics in the list yet; type them in its subtopics column.")
            st.caption(said.format(cards=", ".join(map(display_name, waiting))))
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
        unjudged = any(spread.unjudged for spread in report.bounds.values()) or bool(
            report.bounds_problem  # no bounds: the list has unjudged documents all the same
        )
        if rows and (unjudged or shown is None):
            displayed = tuple(key for row in rows for key in row)
            st.caption(_judged_caption(report, unjudged, decimals, displayed))


def _judged_caption(
    report: Report, unjudged: bool, decimals: int, displayed: tuple[str, ...]
) -> str:
    """Judged@k, and what the `displayed` cards' intervals mean."""
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
    if report.bounds_problem:
        return f"{judged}. {report.bounds_problem}"
    rbp = "RBP" in displayed
    if not unjudged:
        said = _(
            "{judged}: every retrieved document is judged, so no judgment can move a card's value."
        )
        if rbp:
            said += " " + _(
                "RBP's interval remains: its residual is the weight of the ranks beyond the list."
            )
        return said.format(judged=judged)
    said = _(
        "{judged}. Under each value, low–high: the least and the greatest value over every "
        "whole grade, 0 to the top, the unjudged documents could have (a document so graded also "
        "joins the ideal ranking and R)."
    )
    spreads = [report.bounds[key] for key in displayed if key in report.bounds]
    if any(spread.unjudged and not spread.exact for spread in spreads):
        said += " " + _(
            "“fills a / b”: too many unjudged documents to try every grade; a is the value with "
            "every one non-relevant, b with every one of the top grade, and the value could go "
            "beyond both."
        )
    if rbp:
        said += " " + _("RBP's interval also counts the ranks beyond the list (its residual).")
    return said.format(judged=judged)


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
        display_name(result.name),
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
    """'low–high' for a card whose value the unjudged documents can move, when that is its
    true range; 'fills a / b' when only the two fills are known (short: a card is about 100
    px wide on a projector); RBP's wider card always shows its residual interval
    '∈ [RBP, RBP + residual]'."""
    if key == "RBP":
        result = report.results[key]
        return f"∈ [{result.value:.{decimals}f}, {result.details['upper']:.{decimals}f}]"
    spread = report.bounds.get(key)
    if spread is None or not spread.unjudged:
        return None
    if spread.exact:
        return f"{spread.low:.{decimals}f}–{spread.high:.{decimals}f}"
    return _("fills {lower} / {upper}").format(
        lower=f"{spread.lower:.{decimals}f}", upper=f"{spread.upper:.{decimals}f}"
    )


def _bounds_help(report: Report, key: str, decimals: int) -> str:
    """The help text's paragraph on the unjudged documents: the range or why there is none,
    the two fills, and why the top-grade fill can be the lower one."""
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
    number = f"{{:.{decimals}f}}".format
    if spread.exact:
        text = _(
            "Over every whole grade the unjudged documents could have, it ranges from {low} to "
            "{high}."
        ).format(low=number(spread.low), high=number(spread.high))
    else:
        text = _(
            "Its range over the unjudged documents is not known: RankLab has not proven that "
            "the two values below are its least and greatest, and the grades they could have "
            "make more than {budget} cases to try."
        ).format(budget=BUDGET)
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
    text += " " + said.format(
        n=spread.unjudged, lower=number(spread.lower), upper=number(spread.upper)
    )
    if spread.falls and key in POOL_NORMALISED:
        text += " " + _("Here the top grade lowers the value: it raises the normaliser more.")
    elif spread.falls and key in STOPPING_READERS:
        text += " " + _(
            "Here the top grade lowers the value: the reader stops sooner once it has found "
            "more gain, and misses the gain below."
        )
    return "\n\n" + text
