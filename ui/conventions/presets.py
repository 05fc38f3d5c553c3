"""The Playground's list under every preset, in one table (values from
rankwork.teaching.demos.preset_table), and why a chosen tool differs from Textbook (wording from
rankwork.teaching.phrasing)."""

from __future__ import annotations

import pandas as pd
import streamlit as st

from i18n import N_, _
from rankwork.core.conventions import PRESETS, TEXTBOOK
from rankwork.core.measures import SPECS
from rankwork.core.ranking import Ranking
from rankwork.teaching.demos import preset_table
from rankwork.teaching.phrasing import SHORT, changes, moot
from ui.conventions.model import CONVENTIONS
from ui.playground import state
from ui.shared import language
from ui.shared.literal import literal

DIFFERS = N_("Choices that differ from Textbook")


def tools_side_by_side(family: str, decimals: int) -> None:
    """The table of presets and why they differ, or what to fix on the Playground first."""
    ranking, k = state.current_ranking(), state.current_k()
    if isinstance(ranking, Exception) or isinstance(k, Exception):
        problem = ranking if isinstance(ranking, Exception) else k
        st.error(
            _("The Playground's input needs fixing first: {problem}").format(
                problem=literal(problem)
            ),
            icon=":material/error:",
        )
        return
    cut = None if SPECS[family].cutoff == "none" else k
    _preset_table(preset_table(ranking, cut, family), family, cut, decimals)
    st.caption(_table_note(ranking))
    why_they_differ(family)


def _preset_table(table: pd.DataFrame, family: str, cut: int | None, decimals: int) -> None:
    # a static table, so that the long "differs" sentences wrap (a data grid cut them at 1280 px)
    value = family if cut is None else f"{family}@{cut}"
    delta = _("Δ Textbook")
    shown = table.assign(tool=table["tool"].map(_)).rename(
        columns={
            "tool": _("Tool (preset)"),
            "value": value,
            "Δ Textbook": delta,
            "differs": _(DIFFERS),
        }
    )
    st.table(
        shown.style.format({value: f"{{:.{decimals}f}}", delta: f"{{:+.{decimals}f}}"}, na_rep="—"),
        hide_index=True,
    )


def _table_note(ranking: Ranking) -> str:
    """What the rows are, and the choices left out because they cannot matter on this list."""
    # i18n: the separator between the words of a list (a comma and a space)
    ignored = _(", ").join(_(SHORT[f]) for f in sorted(moot(ranking)))
    return _(
        "Your Playground list; change it there. Each preset is the convention a tool uses, "
        "tested against the tool itself where it installs. A preset applies its tool's choices "
        "to every measure, also to those the tool does not compute (scikit-learn has no RR, "
        "trec_eval no ERR): such a row shows the convention, not a number the tool prints."
    ) + (
        _(" Not listed, because they cannot matter on this list: {ignored}.").format(
            ignored=ignored
        )
        if ignored
        else ""
    )


def why_they_differ(family: str) -> None:
    """A tool to explain: its source, what it changes from Textbook for `family`, its notes."""
    st.markdown(_("**Why they differ**"))
    name = st.selectbox(
        _("Explain a tool"),
        list(PRESETS),
        index=1,
        **CONVENTIONS.widget("conv_explain"),
        format_func=language.labels({name: name for name in PRESETS}),
    )
    preset = PRESETS[name]
    st.markdown(_(preset.source))
    for line in changes(TEXTBOOK, preset, family):
        st.markdown(f"- {line}")
    for note in preset.notes:
        st.caption(_("Note: {note}").format(note=_(note)))
