"""Check my answer: type the value computed by hand for a measure of the Playground's list (or
of a list typed here); the page says whether it is right within the precision typed, and if not
which conventions and mistakes reproduce it, each with its calculation, or, when none does, the
right calculation step by step.

Thin: the list from ui.check.the_list (the Playground's, through ui.playground.state, or typed), the
measure and value from ui.check.answer, the verdict from rankwork.teaching.diagnose, rendering
by ui.shared.answers. Whatever is typed stays as typed; a bad value is explained at its box.
"""

import streamlit as st

from i18n import _
from ui.check.answer import diagnosis, typed_answer
from ui.check.the_list import the_list
from ui.playground import state

st.title(_("Check my answer"))
st.markdown(
    _(
        "Computed a measure by hand? Type your value: RankLab says whether it is right and, if "
        "not, which convention or which common mistake leads to it, with the calculation."
    )
)
decimals = int(state.settings()["decimals"])
checked = the_list()
family, cut, answer = typed_answer()
diagnosis(family, cut, answer, checked, decimals)
