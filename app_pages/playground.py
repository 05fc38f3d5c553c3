"""Playground: edit a ranked list and watch every measure update, with the working shown.

Thin by design: the frame with the settings is ui.playground.parts, what an edit of the list
reruns (the grid, the one computation, the result) is the fragment ui.playground.live, the state
is ui.playground.state. When an input is wrong, its message appears next to it and the last
valid result stays.
"""

import streamlit as st

from i18n import _
from ui.exercises import link_problems
from ui.playground import cards, live, parts, state

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
live.render(frame, shown_cards, link_box)
