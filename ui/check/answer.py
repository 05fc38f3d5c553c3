"""The measure, its cutoff and the value typed for it; then the diagnosis of that value
(rankwork.teaching.diagnose through ui.shared.cached, shown by ui.shared.answers)."""

from __future__ import annotations

import streamlit as st

from i18n import _
from rankwork.core.measures import SPECS
from rankwork.core.scenario import Scenario
from rankwork.teaching.diagnose import Answer, parse_answer
from rankwork.teaching.pitfalls import MEASURES
from ui.check.model import ANSWERS, CHECK
from ui.check.the_list import Checked
from ui.playground import state
from ui.playground.inputs import DEFAULT_K
from ui.shared import answers, cached
from ui.shared.literal import literal


def typed_answer() -> tuple[str, int | None, Answer]:
    """The measure, its cutoff (None for a measure without one) and the value typed; the page
    stops while no value is typed, or at a value that is not a number."""
    family_col, k_col, answer_col = st.columns([1, 1, 2])
    family = family_col.selectbox(
        _("Measure"),
        MEASURES,
        index=MEASURES.index("nDCG"),
        **CHECK.widget("check_family"),
    )
    playground_k = state.current_k()
    k = k_col.number_input(
        _("Cutoff k"),
        min_value=1,
        max_value=1000,
        step=1,
        value=playground_k if isinstance(playground_k, int) else DEFAULT_K,
        **CHECK.widget("check_k"),
        disabled=SPECS[family].cutoff == "none",
        help=_("RBP has no cutoff: it reads the whole list."),
    )
    typed = answer_col.text_input(
        _("Your value of {measure}").format(
            measure=family if SPECS[family].cutoff == "none" else f"{family}@{k}"
        ),
        **CHECK.widget("check_answer"),
        placeholder=_("e.g. 0.785, 3/4 or 78.5%"),
    )
    if not typed.strip():
        st.info(_("Type your value to check it."), icon=":material/keyboard:")
        st.stop()
    try:
        answer = parse_answer(typed)
    except ValueError as err:
        answer_col.error(literal(err), icon=":material/error:")
        st.stop()
    return family, None if SPECS[family].cutoff == "none" else int(k), answer


def diagnosis(
    family: str, cut: int | None, answer: Answer, checked: Checked, decimals: int
) -> None:
    """Whether the answer is right and, if not, what reproduces it (or the right working)."""
    alpha = state.current_alpha()
    scenario = Scenario(
        checked.ranking, checked.convention, cut, alpha=alpha, condensed=checked.condensed
    )
    try:
        with st.spinner(_("Trying every convention and common mistake...")):
            found = cached.diagnosis(family, scenario, answer)
    except ValueError as err:  # e.g. a grade this convention rejects
        st.error(
            _("{measure} cannot be computed for this list: {problem}").format(
                measure=family, problem=literal(err)
            ),
            icon=":material/error:",
        )
        st.stop()
    answers.show(found, scenario, decimals, key=ANSWERS)
