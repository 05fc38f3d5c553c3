"""Playground: edit a ranked list and watch every measure update, with the working shown.

Thin by design: read the state (ui.playground.state), compute once with
rankwork.explore.report, render with ui.
When an input is wrong, its message appears next to it and the last valid result stays.
"""

import streamlit as st

from i18n import N_, _
from rankwork.core.ranking import RankingError
from rankwork.explore.report import cutoff_curves
from ui import (
    breakdown,
    calculation,
    cards,
    controls,
    editors,
    figures,
    language,
    link_problems,
    list_box,
    mistakes,
)
from ui.literal import literal
from ui.playground import share, state
from ui.playground.inputs import evaluate_finite

SETTINGS_BUILT = "settings_built"  # the settings' controls were built in the last run
PLOT_TABS = (N_("Contribution per rank"), N_("Cumulative gain"), N_("Measures at every depth"))


def _open_settings(error: ValueError) -> str:
    """A settings' error shown under the list while the Settings expander is closed."""
    return _("{error} Open Settings to fix it.").format(error=literal(error))


state.open_link()
settings = state.settings()

title, actions = st.columns([3, 2.6], vertical_alignment="bottom")
title.title(_("Playground"))
with actions.container(horizontal=True, horizontal_alignment="right", vertical_alignment="center"):
    picker_box, link_box = st.container(width="content"), st.container(width="content")
    presentation = state.bound("presentation", st.toggle, _("Presentation mode"), width="content")
shown_cards = None
# the projector view: the sidebar away, the list beside the teacher's cards
st.set_page_config(initial_sidebar_state="collapsed" if presentation else "auto")
if presentation:
    with picker_box.popover(_("Cards"), icon=":material/dashboard_customize:"):
        shown_cards = cards.picker()

link_problems.show(state.link_problems(), state.dismiss_link_problems)

if presentation:
    left, top = st.columns([2, 3], gap="large")  # top: the cards, once the result is known
    with left:
        editors.ranking_editor(large=True)
        list_message = st.container()
    tools, settings_column = st.columns(2)
    with tools.expander(_("Edit the list"), icon=":material/edit_note:"):
        text_box = st.container()
        editors.list_extras()
    # built only when opened: its forty-odd controls, hidden, still cost the browser ~90 ms on
    # every edit, ~160 ms shown (bench/bench_playground.py; issue 12). Built once more in the
    # run that closes it (or enters presentation mode), so that a value typed just before
    # the click still reaches the settings. The gain map's editor, unmounted meanwhile, is
    # remounted on its table (state.editor_input)
    settings_box = settings_column.expander(
        _("Settings"), icon=":material/settings:", key="settings_open", on_change="rerun"
    )
    settings_shown = settings_box.open  # what the user sees
    settings_built = settings_shown or st.session_state.get(SETTINGS_BUILT, False)
    st.session_state[SETTINGS_BUILT] = settings_shown
else:
    top = st.container()
    left, settings_box = st.columns([3, 2], gap="large")
    with left:
        st.subheader(_("Ranked list"))
        text_box = st.container()  # filled after the editors, so that it sees this run's edits
        editors.ranking_editor()
        list_message = st.container()
        editors.list_extras()
    settings_shown = settings_built = st.session_state[SETTINGS_BUILT] = True
with text_box:
    list_box.render()
with settings_box:
    if settings_built:
        controls.render()

# --- compute once, from the validated inputs -----------------------------------------------
fresh = None
ranking, convention, k = state.current_ranking(), state.current_convention(), state.current_k()
diversity = state.current_diversity()  # α and the intent weights (their message is in settings)
if not settings_shown:  # the settings' own messages are in the closed expander: say it here
    wrong = next((x for x in (convention, k, diversity) if isinstance(x, ValueError)), None)
    if wrong is not None:
        list_message.error(_open_settings(wrong), icon=":material/error:")
if isinstance(ranking, RankingError):
    list_message.error(literal(ranking), icon=":material/error:")
elif not any(isinstance(value, ValueError) for value in (convention, k, diversity)):
    try:
        condensed = bool(settings["condensed"])  # the list without its unjudged documents
        more = {*settings["more"], *(shown_cards or ())}  # added, or picked for the projector
        report = evaluate_finite(ranking, convention, k, diversity, condensed, more)
        curves = cutoff_curves(report.scored, convention)
    except RankingError as err:  # e.g. a negative grade this convention rejects
        list_message.error(literal(err), icon=":material/error:")
    except ValueError as err:  # e.g. a gain map or gmax that does not fit the grades, overflow
        if settings_shown:
            settings_box.error(literal(err), icon=":material/error:")
        else:
            list_message.error(_open_settings(err), icon=":material/error:")
    else:
        fresh = state.Shown(
            report,
            curves,
            share.sync_url(ranking, settings),
            state.signature(ranking, convention, k, diversity, condensed),
        )
        state.remember_result(fresh)

# --- render the result (the last valid one while an input is wrong) ------------------------
shown = state.last_result()
if shown is None:
    top.info(_("Nothing to show yet: fix the input marked in red."))
    st.stop()
report, decimals = shown.report, int(settings["decimals"])
with link_box:
    share.copy_link(shown.link)
with top:
    if fresh is None:
        st.warning(
            _("Showing the last valid result until the input marked in red is fixed."),
            icon=":material/history:",
        )
    deltas = cards.changes(shown.signature, {key: report.value(key) for key in report.cards})
    cards.render(report, deltas, decimals, shown_cards)

st.subheader(_("Rank by rank"))
breakdown.render(report, decimals)

calc = st.expander(_("Show the calculation"), icon=":material/function:", key="calc_open",
                   on_change="rerun")  # fmt: skip
with calc:
    if calc.open:
        calculation.render(report, decimals)
if fresh is not None:
    mistakes.try_a_mistake(
        diversity.apply(ranking), convention, k, decimals, diversity.alpha, report.condensed
    )

# The plots are built only when opened: a chart is the heaviest thing a new session's browser
# loads (plotly), and the numbers above should not wait for it.
plots = st.expander(_("Plots"), icon=":material/bar_chart:", key="plots_open", on_change="rerun")
with plots:
    if plots.open:
        plot_tabs = st.tabs(
            language.tab_labels("plot_tab", PLOT_TABS),
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
