"""What an edit of the list reruns: the Playground's fragment.

The grid, the text box, the computation and everything drawn from the result (the cards, the
link, the per-rank table, the calculation, the mistakes and the plots) are one `st.fragment`:
an edit of the grid, the text box or an expander below reruns only this part, not the
settings' forty-odd controls or the list's buttons, which the page's full runs draw
(ui.playground.parts.frame) and which are neither rebuilt nor sent again. A full run runs the
fragment too, after the settings, so it reads their values of that run.

The fragment writes into containers the full run made (streamlit 1.67: its writes to a container
created outside it are redrawn in place on each fragment rerun, where it wrote during the last
full run); it opens one container in each on every run, so each has its place.

When an edit changes what the settings column shows (subtopics typed: the diversity controls;
a text read that sets the top grade), the fragment asks for a full run (`controls.stale`).
"""

from __future__ import annotations

from typing import Any

import streamlit as st

from i18n import _
from ui.playground import (
    breakdown,
    calculation,
    cards,
    controls,
    editors,
    list_box,
    parts,
    share,
    state,
)
from ui.shared import language, mistakes

KEY = "playground"  # the fragment's key (bench/bench_playground.py reruns it by this key)


@st.fragment(key=KEY)
def render(at: parts.Frame, shown_cards: tuple[str, ...] | None, link_box: Any) -> None:
    """The list's editors, the computation and the result, in the frame `at` (the header's
    `link_box` gets "Copy link"); `shown_cards`: presentation mode's pick (None: all)."""
    language.start_run()  # a fragment rerun does not run app.py, which sets the run's language
    top, list_area, text_box, note_box, settings_box, link_slot = (
        outside.container()
        for outside in (at.top, at.list_area, at.text_box, at.note_box, at.settings_box, link_box)
    )
    with list_area:
        editors.ranking_editor(large=at.presentation)
        list_message = st.container()
    with text_box:
        list_box.render()  # after the grid: it sees this run's edits
    with note_box:
        editors.loaded_example_note()
    messages = parts.Messages(list_message, settings_box, at.settings_shown)
    computed = parts.compute(messages, shown_cards)
    if controls.stale():  # the settings column shows the state before this edit
        st.rerun()
    shown = state.last_result()
    if shown is None:
        top.info(_("Nothing to show yet: fix the input marked in red."))
        return
    _result(shown, computed, top, link_slot, shown_cards)


def _result(
    shown: state.Shown,
    computed: parts.Computed,
    top: Any,
    link_slot: Any,
    shown_cards: tuple[str, ...] | None,
) -> None:
    """The last valid result (this run's, or the one kept while an input is wrong)."""
    report, decimals = shown.report, int(state.settings()["decimals"])
    with link_slot:
        share.copy_link(shown.link)
    with top:
        if computed.fresh is None:
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
    if computed.fresh is not None:
        diversity = computed.diversity
        mistakes.try_a_mistake(
            diversity.apply(computed.ranking),  # type: ignore[union-attr, arg-type]
            computed.convention,
            computed.k,
            decimals,
            diversity.alpha,  # type: ignore[union-attr]
            report.condensed,
        )
    parts.plots(shown)
