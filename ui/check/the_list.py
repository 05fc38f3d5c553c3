"""The list a typed answer is checked on: the Playground's (with its convention), or grades
typed here under a preset. Whatever is typed stays as typed; a bad value is explained and the
page stops there."""

from __future__ import annotations

from typing import NamedTuple

import streamlit as st

from i18n import N_, _
from rankwork.core.conventions import PRESETS, Convention
from rankwork.core.ranking import Ranking, RankingError
from ui.check.model import CHECK
from ui.playground import state
from ui.playground.inputs import DEFAULT_SCALE_MAX, SCALE_MAXIMA
from ui.shared import answers, language
from ui.shared.grades import list_caption
from ui.shared.literal import literal

PLAYGROUND, TYPED = "playground", "typed"
SOURCES = {PLAYGROUND: N_("The Playground's list"), TYPED: N_("A list I type")}


class Checked(NamedTuple):
    """The list an answer is checked on, its convention, and whether it is scored condensed
    (the Playground's toggle; a typed list never is)."""

    ranking: Ranking
    convention: Convention
    condensed: bool


def the_list() -> Checked:
    """The source to choose, then the Playground's list or the boxes to type one."""
    source = st.radio(
        _("The list"),
        list(SOURCES),
        # a dict in this run's language (a function calling _ would answer in its caller's)
        format_func=language.labels(SOURCES),
        horizontal=True,
        **CHECK.widget("check_source"),
    )
    if source == PLAYGROUND:
        return Checked(*playground_list(), condensed=state.current_condensed())
    return Checked(*typed_list(), condensed=False)


def playground_list() -> tuple[Ranking, Convention]:
    """The Playground's list and convention, captioned; the page stops at a problem."""
    ranking, convention = state.current_weighted_ranking(), state.current_convention()
    for value in (ranking, convention):
        if isinstance(value, Exception):
            st.error(
                _("The Playground's input needs fixing: {problem}").format(problem=literal(value)),
                icon=":material/error:",
            )
            st.page_link("app_pages/playground.py", label=_("Go to the Playground"))
            st.stop()
    if state.current_condensed():
        caption = _(
            "{list} Convention: {convention}. The condensed list (unjudged removed: AP′, nDCG′). "
            "Change them on the Playground."
        )
    else:
        caption = _("{list} Convention: {convention}. Change them on the Playground.")
    st.caption(caption.format(list=list_caption(ranking), convention=_(convention.name)))
    return ranking, convention


def typed_list() -> tuple[Ranking, Convention]:
    """Grades typed in rank order, those of judged documents not retrieved, a preset and the
    top grade; the page stops at a value the list cannot hold."""
    grades_col, missed_col = st.columns(2)
    grades_text = grades_col.text_input(
        _("Grades in rank order"),
        value="3, 2, 3, 0, 1, 2",
        **CHECK.widget("check_grades"),
        help=_("Separated by commas or spaces; '-' for an unjudged document."),
    )
    missed_text = missed_col.text_input(
        _("Grades of judged documents not retrieved"),
        value="3, 2",
        **CHECK.widget("check_missed"),
        help=_("They count in IDCG, R and AP. Leave empty if there are none."),
    )
    preset_col, top_col = st.columns(2)
    preset = preset_col.selectbox(
        _("Convention"),
        list(PRESETS),
        format_func=language.labels({name: name for name in PRESETS}),
        **CHECK.widget("check_preset"),
    )
    top = top_col.selectbox(
        _("Top grade"),
        SCALE_MAXIMA,
        index=SCALE_MAXIMA.index(DEFAULT_SCALE_MAX),
        **CHECK.widget("check_top"),
    )
    convention = PRESETS[preset]
    st.caption(_(convention.source))
    try:
        ranking = answers.typed_ranking(grades_text, missed_text, top)
    except RankingError as err:
        st.error(literal(err), icon=":material/error:")
        st.stop()
    return ranking, convention
