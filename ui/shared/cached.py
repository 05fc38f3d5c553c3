"""The heavy computations and figures of the Learn and Explore pages, cached on their inputs.

Any widget on a page reruns the whole script; without a cache the Metric behaviour page
recomputed its sweep, swap grid, redundancy and landscape (and rebuilt their plotly figures)
after any click, the Check page re-ran the diagnosis, the Discounts and Gains pages rebuilt
their figures and trade-off curves, and the Pitfalls lab's collection part would read and
evaluate the sample collection again and redo its m t-tests. Each function here is the core's (or
the figure builder's) own function, called with the same arguments; Streamlit keys the cache
on every argument's value (its hasher reads dataclasses such as Ranking, Ordered and
Convention field by field, numpy arrays by their bytes), so a changed input is a new entry,
never a stale one. Entries are shared by all sessions: a class on one link computes each
result once. The session's language is part of every key (`ui.shared.language.cached`): results
and figures hold text.

- `st.cache_data` for tables and results: each call gets its own copy, so a page may change
  what it receives.
- `st.cache_resource` for plotly figures (a copy of a figure costs as much as building it:
  unpickling re-validates it) and for the diagnosis (it holds the mistakes' functions, which
  do not pickle): one shared object, which pages must only read. `st.plotly_chart` does:
  it serialises the figure with `to_dict`/`to_json`.

metrics/ stays free of Streamlit: the caching lives here, in the ui layer.
"""

from __future__ import annotations

import streamlit as st

from rankwork.collection import pitfalls as collection_pitfalls
from rankwork.collection import withheld as withheld_core
from rankwork.explore import behaviour, novelty, tradeoffs
from rankwork.teaching import diagnose
from ui.shared import explore_figures, language

ENTRIES = 64  # per function: plenty for one class's lists and settings


def _data(func):
    return language.cached(st.cache_data(max_entries=ENTRIES, show_spinner=False))(func)


def _shared(func):
    return language.cached(st.cache_resource(max_entries=ENTRIES, show_spinner=False))(func)


sweep = _data(behaviour.sweep)
swap_deltas = _data(behaviour.swap_deltas)
redundancy = _data(behaviour.redundancy)
alpha_sweep = _data(novelty.alpha_sweep)
withheld = _data(withheld_core.degradation_of_files)
landscape = _data(behaviour.landscape)
tradeoff_curves = _data(tradeoffs.tradeoff_curves)
diagnosis = _shared(diagnose.diagnose)
collection_averages = _data(collection_pitfalls.averages_of_files)
two_queries = _data(collection_pitfalls.two_queries)
per_query_of_files = _data(collection_pitfalls.per_query_of_files)
null_comparisons = _data(collection_pitfalls.null_comparisons)

position_sweep_figure = _shared(explore_figures.position_sweep)
swap_matrix_figure = _shared(explore_figures.swap_matrix)
redundancy_figure = _shared(explore_figures.redundancy)
novelty_figure = _shared(explore_figures.novelty)
withheld_figure = _shared(explore_figures.withheld)
landscape_figure = _shared(explore_figures.landscape)
profile_weights_figure = _shared(explore_figures.profile_weights)
weight_spent_figure = _shared(explore_figures.weight_spent)
cwl_reader_figure = _shared(explore_figures.cwl_reader)
gain_curves_figure = _shared(explore_figures.gain_curves)
tradeoff_curves_figure = _shared(explore_figures.tradeoff_curves)
