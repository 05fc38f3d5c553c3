"""Redundancy: c copies of a highly relevant document at the top; ERR saturates after the
first copy, nDCG keeps adding each copy's discounted gain."""

from __future__ import annotations

import pandas as pd
import streamlit as st

from i18n import N_, _
from ui.behaviour.model import BEHAVIOUR
from ui.playground.readout import PlaygroundInputs
from ui.shared import cached, language
from ui.shared.literal import literal


def redundancy(inputs: PlaygroundInputs) -> None:
    """The section: the copies' grade and number, what the first copy and the rest add, the
    plot and the values."""
    st.header(_("Redundancy"), anchor="redundancy")
    st.markdown(
        _(
            "Put *c* copies of a highly relevant document at the top (the judgments hold as many "
            "as the list is long, so the ideal ranking stays the same). ERR's reader is "
            "satisfied by the first copy and rarely reads on, so ERR **saturates**; nDCG **keeps "
            "adding** each copy's discounted gain. Both measures read the whole list here."
        )
    )
    top = inputs.scale_max
    r_col, c_col = st.columns(2)
    grades = list(range(1, top + 1))
    r_grade = r_col.selectbox(
        _("grade of the copies"), grades, index=top - 1, **BEHAVIOUR.widget("beh_red_grade")
    )
    copies = c_col.slider(
        _("list length (most copies)"), 1, 20, 10, **BEHAVIOUR.widget("beh_red_copies")
    )
    try:
        repeated = cached.redundancy(r_grade, copies, inputs.convention, copies, top)
    except ValueError as err:
        st.error(literal(err), icon=":material/error:")
        return
    _what_the_copies_add(repeated, copies)
    st.plotly_chart(
        cached.redundancy_figure(repeated),
        **BEHAVIOUR.widget("beh_redundancy_plot"),
        alt=_("ERR and nDCG against the number of copies"),
    )
    with st.expander(_("Values"), icon=":material/table:"):
        st.dataframe(
            repeated,
            hide_index=True,
            **BEHAVIOUR.widget("beh_redundancy_table"),
            column_config={
                **language.headers(N_("copies")),
                "ERR added": st.column_config.Column(_("{measure} added").format(measure="ERR")),
                "nDCG added": st.column_config.Column(_("{measure} added").format(measure="nDCG")),
            },
        )


def _what_the_copies_add(repeated: pd.DataFrame, copies: int) -> None:
    first, last = repeated.iloc[min(1, copies)], repeated.iloc[-1]
    st.markdown(
        _(
            "The first copy brings ERR to **{err_first:.4f}**; the other {others} add "
            "**{err_rest:.4f}** together. nDCG gets **{ndcg_first:.4f}** from the first and "
            "**{ndcg_rest:.4f}** from the rest."
        ).format(
            err_first=first["ERR"],
            others=copies - 1,
            err_rest=last["ERR"] - first["ERR"],
            ndcg_first=first["nDCG"],
            ndcg_rest=last["nDCG"] - first["nDCG"],
        )
    )
