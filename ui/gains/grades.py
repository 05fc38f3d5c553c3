"""The gain of every grade: the scale's top grade, the custom gain map, the table and the plot."""

from __future__ import annotations

import streamlit as st

from i18n import N_, _
from rankwork.core.conventions import Convention
from rankwork.core.gains import GAINS
from rankwork.explore import tradeoffs
from ui.gains.model import CUSTOM, GAINS_PAGE
from ui.playground import state
from ui.playground.inputs import custom_gain_start
from ui.shared import cached, language


def top_grade() -> int:
    """The top grade of the scale (the Playground's by default)."""
    return st.slider(
        _("Top grade of the scale"),
        1,
        10,
        int(state.settings().get("scale_max", 4)),
        **GAINS_PAGE.widget("gains_top"),
    )


def _start_custom_map(grades: list[int]) -> None:
    """The custom map starts from the Playground's map (or g²), and follows the scale's grades."""
    if CUSTOM.key not in st.session_state:
        playground_map = state.table(state.GAIN_MAP)
        start = custom_gain_start(grades, playground_map if len(playground_map) else None)
        state.replace_table(CUSTOM, start)
    elif state.table(CUSTOM)["grade"].tolist() != grades:
        state.replace_table(CUSTOM, custom_gain_start(grades, state.table(CUSTOM)))


def gain_names(gains: dict[str, Convention]) -> dict[str, str]:
    """The gains' names as shown (the tables and the data keep the keys)."""
    return {name: _(GAINS[name].short_name) for name in gains}


def section(top: int) -> dict[str, Convention]:
    """The custom map's editor, the gain of every grade 0..top under every gain (table and
    plot); returns the gains by name (without the custom one while its map is bad)."""
    grades = list(range(top + 1))
    _start_custom_map(grades)
    table_col, plot_col = st.columns([2, 3], gap="large")
    with table_col:
        st.markdown(
            _("**Custom gain map** (edit the gains; it starts from the Playground's map, or g²)")
        )
        custom = state.edit_table(
            CUSTOM,
            num_rows="fixed",
            hide_index=True,
            column_config={
                "grade": st.column_config.NumberColumn(_("grade"), disabled=True, format="%d"),
                "gain": st.column_config.NumberColumn(_("custom gain"), format="%g"),
            },
        )
    try:
        gains = tradeoffs.gain_conventions(state.gain_pairs(custom))
    except ValueError as err:
        table_col.error(
            _("Custom gain: {error} The custom gain is left out meanwhile.").format(error=err),
            icon=":material/error:",
        )
        gains = tradeoffs.gain_conventions(None)
    gain_table = tradeoffs.gain_table(top, gains)
    names = gain_names(gains)
    table_col.dataframe(
        gain_table,
        hide_index=True,
        column_config=language.headers(N_("grade"))
        | {name: st.column_config.Column(shown) for name, shown in names.items()},
        **GAINS_PAGE.widget("gains_table"),
    )
    plot_col.plotly_chart(
        cached.gain_curves_figure(gain_table.rename(columns=names)),
        **GAINS_PAGE.widget("gains_plot"),
        alt=_("Gain of each grade"),
    )
    return gains
