"""The Playground page's named parts (app_pages/playground.py lays them out): the frame of the
default and the projector view, the one computation of a run, and the plots.

The frame (`frame`) is drawn by the page's full runs: the layout, the settings and the list's
buttons. What reads the list is ui.playground.live, a fragment that an edit of the list reruns
alone; it writes into the frame's containers. The computation (`compute`) reads the validated
inputs (ui.playground.state), computes once with rankwork.explore.report, writes the link
(ui.playground.share) and remembers the result; when an input is wrong, its message goes next to
it and the last valid result stays on screen.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import streamlit as st

from i18n import N_, _
from rankwork.core.conventions import Convention
from rankwork.core.ranking import Ranking, RankingError
from rankwork.explore.report import cutoff_curves
from ui.playground import controls, editors, share, state
from ui.playground.inputs import Diversity, evaluate_finite
from ui.shared import figures, language
from ui.shared.literal import literal

SETTINGS_BUILT = "settings_built"  # the settings' controls were built in the last run
PLOT_TABS = (N_("Contribution per rank"), N_("Cumulative gain"), N_("Measures at every depth"))


@dataclass(frozen=True)
class Frame:
    """Where the page's parts go. Drawn by the full run: the settings (`settings_box`, shown or
    not) and the list's buttons. Filled by the fragment (ui.playground.live): the cards
    (`top`), the grid with its messages (`list_area`), the text box (`text_box`), the note on
    the example loaded (`note_box`), and a settings' error (`settings_box`)."""

    presentation: bool
    top: Any
    list_area: Any
    text_box: Any
    note_box: Any
    settings_box: Any
    settings_shown: bool


def frame(presentation: bool) -> Frame:
    """The layout of the default view or the projector's (the list beside the cards, the rest
    tucked into expanders), with the settings and the list's buttons drawn."""
    if presentation:
        left, top = st.columns([2, 3], gap="large")  # top: the cards, once the result is known
        list_area = left.container()
        tools, settings_column = st.columns(2)
        with tools.expander(_("Edit the list"), icon=":material/edit_note:"):
            text_box, note_box = st.container(), st.container()
            editors.list_tools()
        # built only when opened: its forty-odd controls, hidden, still cost the browser ~90 ms
        # on every edit, ~160 ms shown (bench/bench_playground.py; issue 12). Built once more in
        # the run that closes it (or enters presentation mode), so that a value typed just
        # before the click still reaches the settings. The gain map's editor, unmounted
        # meanwhile, is remounted on its table (state.editor_input)
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
            text_box, list_area, note_box = st.container(), st.container(), st.container()
            editors.list_tools()
        settings_shown = settings_built = st.session_state[SETTINGS_BUILT] = True
    with settings_box:
        controls.render(built=bool(settings_built))
    return Frame(
        presentation, top, list_area, text_box, note_box, settings_box, bool(settings_shown)
    )


@dataclass(frozen=True)
class Messages:
    """Where a run's messages about wrong inputs go: under the list, and in the settings (while
    they are shown; else under the list, saying to open them)."""

    list_message: Any
    settings_box: Any
    settings_shown: bool


@dataclass(frozen=True)
class Computed:
    """A run's valid inputs and their result (`fresh` None when an input is wrong)."""

    fresh: state.Shown | None
    ranking: Ranking | RankingError
    convention: Convention | ValueError
    k: int | ValueError
    diversity: Diversity | ValueError


def _open_settings(error: ValueError) -> str:
    """A settings' error shown under the list while the Settings expander is closed."""
    return _("{error} Open Settings to fix it.").format(error=literal(error))


def compute(at: Messages, shown_cards: tuple[str, ...] | None) -> Computed:
    """Compute once from the validated inputs; each wrong input's message where it shows."""
    settings = state.settings()
    ranking, convention, k = state.current_ranking(), state.current_convention(), state.current_k()
    diversity = state.current_diversity()  # α and the weights (their message is in settings)
    said = Computed(None, ranking, convention, k, diversity)
    wrong = next((x for x in (convention, k, diversity) if isinstance(x, ValueError)), None)
    if wrong is not None and not at.settings_shown:  # the settings' own messages are hidden
        at.list_message.error(_open_settings(wrong), icon=":material/error:")
    if isinstance(ranking, RankingError):
        at.list_message.error(literal(ranking), icon=":material/error:")
        return said
    if wrong is not None:
        return said
    try:
        condensed = bool(settings["condensed"])  # the list without its unjudged documents
        more = {*settings["more"], *(shown_cards or ())}  # added, or picked for the projector
        report = evaluate_finite(ranking, convention, k, diversity, condensed, more)  # type: ignore[arg-type]
    except RankingError as err:  # e.g. a negative grade this convention rejects
        at.list_message.error(literal(err), icon=":material/error:")
        return said
    except ValueError as err:  # e.g. a gain map or gmax that does not fit the grades, overflow
        if at.settings_shown:
            at.settings_box.error(literal(err), icon=":material/error:")
        else:
            at.list_message.error(_open_settings(err), icon=":material/error:")
        return said
    fresh = state.Shown(
        report,
        share.sync_url(ranking, settings),
        state.signature(ranking, convention, k, diversity, condensed),  # type: ignore[arg-type]
    )
    state.remember_result(fresh)
    return Computed(fresh, ranking, convention, k, diversity)


def plots(shown: state.Shown) -> None:
    """The plots, built only when opened, each tab only while it is open: a chart is the
    heaviest thing a new session's browser loads (plotly), and the numbers above should not
    wait for it."""
    report = shown.report
    box = st.expander(_("Plots"), icon=":material/bar_chart:", key="plots_open", on_change="rerun")
    with box:
        if not box.open:
            return
        tabs = st.tabs(language.tab_labels("plot_tab", PLOT_TABS), key="plot_tab",
                       on_change="rerun")  # fmt: skip
        builders = (
            lambda: figures.contribution_bars(report.positions, report.k),
            lambda: figures.cumulative_gain(report.positions, report.k),
            # the curves at every depth: computed only when their plot is shown
            lambda: figures.cutoff_curves(
                cutoff_curves(report.scored, report.convention), report.k
            ),
        )
        for number, (tab, build) in enumerate(zip(tabs, builders, strict=True)):
            with tab:
                if tab.open:
                    st.plotly_chart(build(), key=f"plot_{number}")
