"""Exercises: a seeded round (compute DCG/IDCG/nDCG, compare two lists, predict which measure
prefers which list, pick the gain or discount that makes A win). The round's number, convention,
k and kinds live in the URL, so one shared link gives a whole class the same lists; a damaged
link is not silently replaced: the page names each part it could not use and what it used
instead. Answers are checked as they are typed (numbers through the diagnosis), the round is
scored, each worked solution shows on request, and the sheet and its solutions download as
Markdown or LaTeX.
Presentation mode (shared with the Playground, and kept in the round's link as ``pm=1``) enlarges
the cards, tucks the settings away and collapses the sidebar.
"""

import streamlit as st

from i18n import _
from rankwork.core.conventions import PRESETS
from rankwork.teaching.answers import score
from rankwork.teaching.exercises import generate
from ui.exercises import link_problems, questions, round_state
from ui.playground import state
from ui.shared.literal import literal

round_state.open_link()  # before the round's widgets, which show what it gives

title, mode = st.columns([5, 2], vertical_alignment="bottom")
title.title(_("Exercises"))
with mode:
    presentation = state.bound("presentation", st.toggle, _("Presentation mode"))
st.set_page_config(initial_sidebar_state="collapsed" if presentation else "auto")
decimals = int(state.settings()["decimals"])
link_problems.show(
    round_state.link_problems(), round_state.dismiss_link_problems, key="quiz_dismiss_link"
)

if presentation:  # the settings tucked away, the score beside them: the first exercise fits
    settings_column, score_box = st.columns([3, 2])
    box = settings_column.expander(_("Round settings"), icon=":material/settings:")
else:
    box = st.container(border=True)
with box:
    seed, kinds, preset, k, tolerance = round_state.settings()
    round_state.write_link(presentation)
    address = round_state.address(presentation)
    st.caption(_("Share this address: everyone who opens it gets the same lists."))
    st.code(address, language=None, wrap_lines=True)

if not kinds:
    st.info(_("Choose at least one kind of exercise."), icon=":material/checklist:")
    st.stop()
try:
    round_ = generate(seed, kinds, PRESETS[preset], k)
except (ValueError, RuntimeError) as err:
    st.error(literal(err), icon=":material/error:")
    st.stop()

if not presentation:
    score_box = st.container()
round_key = f"{seed}_{round_state.preset_slug(preset)}_{k}_{'-'.join(kinds)}"
checks = []
for e in round_:
    checks += questions.exercise(e, round_key, decimals, tolerance)

right, _answered = score(checks)
asked = sum(len(e.questions) for e in round_)
with score_box, st.container(key="score_large" if presentation else "cards"):
    left, middle, *_rest = st.columns(2 if presentation else 3)
    left.metric(_("Score"), f"{right} / {asked}", border=True, help=_("Right answers this round."))
    middle.metric(_("Answered"), f"{len(checks)} / {asked}", border=True)

st.subheader(_("Exercise sheet"))
st.caption(_("The same round on paper: the sheet, and its solutions with every calculation."))
questions.downloads(round_, address)
