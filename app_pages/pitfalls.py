"""Pitfalls lab: switch common mistakes on, alone or together, on the Playground's list or on
the example that shows each best, and see the right and the wrong value, both breakdowns with
the changed cells marked, both calculations, and why the mistake is wrong. Below, the mistakes
over a whole collection (micro-averaging reported as macro; the best of many comparisons
without correction), on the sample collection.

Thin: the list's part is ui.pitfalls.one_list (the scenario from ui.playground.state or
rankwork.teaching.demos, every value from rankwork.teaching.pitfalls through ui.shared.mistakes,
every text from the catalogue); the collection's part is ui.pitfalls.collection (values from
rankwork.collection.pitfalls).
"""

import streamlit as st

from i18n import _
from ui.pitfalls.collection import mistakes_over_a_collection
from ui.pitfalls.one_list import mistakes_on_one_list
from ui.playground import state

st.title(_("Pitfalls lab"))
st.markdown(
    _(
        "The mistakes people make when they compute ranking measures by hand or in code. Switch "
        "them on, alone or together, and compare the wrong number with the right one. Below "
        "them: [mistakes over a whole collection](#collection), in averaging and in testing."
    )
)
decimals = int(state.settings()["decimals"])
mistakes_on_one_list(decimals)
mistakes_over_a_collection(decimals)
