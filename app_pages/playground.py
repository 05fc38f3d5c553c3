"""Playground: edit a ranked list and watch every measure update, with the working shown.

Thin by design: the frame, the one computation and the plots are ui.playground.parts; the state
is ui.playground.state. When an input is wrong, its message appears next to it and the last
valid result stays.
"""

import streamlit as st

from i18n import _
from ui.exercises import link_problems
from ui.playground import breakdown, calculation, cards, parts, share, state
from ui.shared import mistakes

state.open_link()

title, actions = st.columns([3, 2.6], vertical_alignment="bottom")
title.title(_("Playground"))
with actions.container(horizontal=True, horizontal_alignment="right", vertical_alignment="center"):
    picker_box, link_box = st.container(width="content"), st.container(width="content")
    presentation = state.bound("presentation", st.toggle, _("Presentation mode"), width="content")
shown_cards = None
# the projector view: the sidebar away, the list beside the teacher's cards
st.set_page_config(initial_sidebar_state="collapsed" if presentation else "auto")
if presentation:
    with picker_box.popover(_("Cards"), icon=":material/dashboard_customize:"):
        shown_cards = cards.picker()

link_problems.show(state.link_problems(), state.dismiss_link_problems)
frame = parts.frame(presentation)
computed = parts.compute(frame, shown_cards)

# --- the result (the last valid one while an input is wrong) -------------------------------
shown = state.last_result()
if shown is None:
    frame.top.info(_("Nothing to show yet: fix the input marked in red."))
    st.stop()
report, decimals = shown.report, int(state.settings()["decimals"])
with link_box:
    share.copy_link(shown.link)
with frame.top:
    if computed.fresh is None:
        st.warning(
            _("Showing the last valid result until the input marked in red is fixed."),
            icon=":material/history:",
        )
    deltas = cards.changes(shown.signature, {key: report.value(key) for key in report.cards})
    cards.render(report, deltas, decimals, shown_cards)

st.subheader(_("Rank by rank"))
breakdown.render(report, decimals)

calc = st.expander(_("Show the calculation"), icon=":material/function:", key="calc_open",
                   on_change="rerun")  # fmt: skip
with calc:
    if calc.open:
        calculation.render(report, decimals)
if computed.fresh is not None:
    diversity = computed.diversity
    mistakes.try_a_mistake(
        diversity.apply(computed.ranking),  # type: ignore[union-attr, arg-type]
        computed.convention,
        computed.k,
        decimals,
        diversity.alpha,  # type: ignore[union-attr]
        report.condensed,
    )
parts.plots(shown)
