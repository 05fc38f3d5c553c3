"""Playground: edit a ranked list and watch every measure update, with the working shown.

Thin by design: read the state (ui.state), compute once with metrics.report, render with ui.
When an input is wrong, its message appears next to it and the last valid result stays.
"""

import streamlit as st

from metrics.ranking import RankingError
from metrics.report import HEADLINE, cutoff_curves
from ui import (
    breakdown,
    calculation,
    cards,
    controls,
    editors,
    figures,
    link_problems,
    list_box,
    mistakes,
    share,
    state,
)
from ui.literal import literal
from ui.model import evaluate_finite

state.open_link()
settings = state.settings()

title, link_box, mode_box = st.columns([5, 1.3, 1.7], vertical_alignment="bottom")
title.title("Playground")
with mode_box:
    presentation = state.bound("presentation", st.toggle, "Presentation mode")

link_problems.show(state.link_problems(), state.dismiss_link_problems)

top = st.container()  # the cards, filled once the result is known
left, right = st.columns([3, 2], gap="large")
with left:
    st.subheader("Ranked list")
    text_box = st.container()  # filled after the editors, so that it sees this run's edits
    editors.ranking_editor()
    list_message = st.container()
    editors.loaded_example_note()
    editors.list_buttons()
    st.markdown("**Judged documents that were not retrieved**")
    editors.unretrieved_editor()
    with text_box:
        list_box.render()
with right:
    settings_box = st.expander("Settings", icon=":material/settings:") if presentation else right
    with settings_box:
        controls.render()

# --- compute once, from the validated inputs -----------------------------------------------
fresh = None
ranking, convention, k = state.current_ranking(), state.current_convention(), state.current_k()
if isinstance(ranking, RankingError):
    list_message.error(literal(ranking), icon=":material/error:")
elif not isinstance(convention, ValueError) and not isinstance(k, ValueError):
    try:
        report = evaluate_finite(ranking, convention, k)
        curves = cutoff_curves(ranking, convention)
    except RankingError as err:  # e.g. a negative grade this convention rejects
        list_message.error(literal(err), icon=":material/error:")
    except ValueError as err:  # e.g. a gain map or gmax that does not fit the grades, overflow
        with settings_box:
            st.error(literal(err), icon=":material/error:")
    else:
        fresh = state.Shown(
            report,
            curves,
            share.sync_url(ranking, settings),
            state.signature(ranking, convention, k),
        )
        state.remember_result(fresh)

# --- render the result (the last valid one while an input is wrong) ------------------------
shown = state.last_result()
if shown is None:
    top.info("Nothing to show yet: fix the input marked in red.")
    st.stop()
report, decimals = shown.report, int(settings["decimals"])
with link_box:
    share.copy_link(shown.link)
with top:
    if fresh is None:
        st.warning(
            "Showing the last valid result until the input marked in red is fixed.",
            icon=":material/history:",
        )
    deltas = cards.changes(shown.signature, {key: report.value(key) for key in HEADLINE})
    cards.render(report, deltas, decimals, large=presentation)

st.subheader("Rank by rank")
breakdown.render(report, decimals)

calc = st.expander("Show the calculation", icon=":material/function:", key="calc_open",
                   on_change="rerun")  # fmt: skip
with calc:
    if calc.open:
        calculation.render(report, decimals)
if fresh is not None:
    mistakes.try_a_mistake(ranking, convention, k, decimals)

plots = right if presentation else st.container()  # next to the list in presentation mode
plots.subheader("Plots")
plot_tabs = plots.tabs(
    ["Contribution per rank", "Cumulative gain", "Measures at every depth"],
    key="plot_tab",
    on_change="rerun",
)
plot_builders = (
    lambda: figures.contribution_bars(report.positions, report.k),
    lambda: figures.cumulative_gain(report.positions, report.k),
    lambda: figures.cutoff_curves(shown.curves, report.k),
)
for number, (tab, build) in enumerate(zip(plot_tabs, plot_builders, strict=True)):
    with tab:
        if tab.open:
            st.plotly_chart(build(), key=f"plot_{number}")
