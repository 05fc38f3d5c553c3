"""Library conventions side by side: the Playground's list under every preset (trec_eval,
ir_measures, ranx, scikit-learn, LightGBM/XGBoost, gdeval, Järvelin & Kekäläinen, Textbook) in
one table, with the choices that differ from Textbook and why; then the known disagreements
between tools, each worked on its own small list, one click away.

Thin: the table of presets and why they differ from ui.conventions.presets (values from
rankwork.teaching.demos.preset_table, wording from rankwork.teaching.phrasing), the worked
disagreements from ui.conventions.disagreements (values from rankwork.teaching.demos.work,
workings from rankwork.core.working), the list from ui.playground.state.
"""

import streamlit as st

from i18n import _
from rankwork.teaching.pitfalls import FAMILIES
from ui.conventions.disagreements import known_disagreements
from ui.conventions.model import CONVENTIONS
from ui.conventions.presets import tools_side_by_side
from ui.playground import state

st.title(_("Library conventions"))
st.markdown(
    _(
        "Two tools that both say *nDCG@10* can disagree on the same list: they choose the gain, "
        "the ideal ranking, the tie order or the value of an empty query differently. Here is "
        "your Playground list under each tool's convention, and why they differ."
    )
)
decimals = int(state.settings()["decimals"])

family = st.selectbox(
    _("Measure"), FAMILIES, index=FAMILIES.index("nDCG"), **CONVENTIONS.widget("conv_family")
)
tools_side_by_side(family, decimals)
known_disagreements(decimals)
