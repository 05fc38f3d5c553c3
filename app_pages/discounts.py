"""Discounts and reader models: the weight each rank gets under every discount, the reader each
one models (C/W/L), where the weight goes, and the readers of the C/W/L measures and AP on the
Playground's list. Laid out from ui.discounts (profiles, readers); computed by
rankwork.explore.profiles and rankwork.core.cwl, drawn by ui.shared.explore_figures."""

import streamlit as st

from i18n import _
from ui.discounts import profiles, readers
from ui.playground import readout

st.title(_("Discounts and reader models"))
st.markdown(
    _(
        "A discount is a model of a reader: the weight of rank *i* is how much attention the "
        "measure assumes rank *i* gets. Compare the profiles, then read them as readers who go on "
        "from rank *i* to *i + 1* with probability C(*i*) (the C/W/L framework of Moffat, Bailey, "
        "Scholer & Thomas, ACM TOIS 2017)."
    )
)
inputs = readout.read()

settings = profiles.settings()
shown = profiles.shown(settings, inputs)
profiles.weights_plot(settings, shown)
profiles.weights_table(settings)
profiles.readers_summary(settings, shown)
profiles.weight_spent(settings, shown)
profiles.cwl_table(settings, shown)

readers.introduction()
family, params, setting = readers.choice(settings.k, inputs)
readers.on_the_list(family, params, setting, inputs, settings.n, settings.k)
