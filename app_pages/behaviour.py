"""Metric behaviour: how each measure responds to where one relevant document sits, to swapping
two documents, to repeating a relevant document, to repeating one meaning of an ambiguous query
(the diversity measures), to withheld judgments, and to every reordering of the Playground's
list. Computed by rankwork.explore.behaviour and rankwork.explore.novelty, drawn by
ui.shared.explore_figures, the heavy parts through ui.shared.cached (a widget change recomputes only
what its inputs changed).

Thin: each section is a part of ui.behaviour, fed the Playground's inputs."""

import streamlit as st

from i18n import _
from ui.behaviour.diversity import diversity
from ui.behaviour.incomplete import incomplete_judgments
from ui.behaviour.landscape import landscape
from ui.behaviour.redundancy import redundancy
from ui.behaviour.swaps import swap_deltas
from ui.behaviour.sweep import position_sweep
from ui.playground import readout

st.title(_("Metric behaviour"))
st.markdown(
    _(
        "[Position sweep](#sweep) · [Swap deltas](#swaps) · [Redundancy](#redundancy) · "
        "[Diversity](#diversity) · [Incomplete judgments](#incomplete) · [Landscape](#landscape)"
    )
)
inputs = readout.read()
st.caption(inputs.caption())

position_sweep(inputs)
swap_deltas(inputs)
redundancy(inputs)
diversity(inputs.convention)
incomplete_judgments()
landscape(inputs)
