"""The position sweep: one relevant document moves from rank 1 to rank N (optionally beside a
second one fixed at a rank), every measure plotted against its rank, and the identities that
hold for one relevant document checked on the sweep."""

from __future__ import annotations

import numpy as np
import pandas as pd
import streamlit as st

from i18n import N_, _
from rankwork.explore import behaviour
from ui.behaviour.controls import within
from ui.behaviour.model import BEHAVIOUR
from ui.playground.readout import PlaygroundInputs
from ui.shared import cached, language
from ui.shared.literal import literal


def position_sweep(inputs: PlaygroundInputs) -> None:
    """The section: its controls, the plot and the table of identities."""
    st.header(_("Position sweep"), anchor="sweep")
    st.markdown(
        _(
            "One relevant document moves from rank 1 to rank N of an otherwise non-relevant "
            "list. nDCG, ERR, AP and RR read the whole list, P and R stop at k, RBP has no "
            "cutoff. With one relevant document **RR = AP = 1/r**, **nDCG = 1/log2(r+1)** (with "
            "the log2 discount), and **P@k = 1/k, R@k = 1 while r ≤ k**. Add a second relevant "
            "document to see them break."
        )
    )
    convention, k, top = inputs.convention, inputs.k, inputs.scale_max
    grade, n, second = _controls(top)
    if grade < convention.rel_threshold:
        st.info(
            _(
                "Grade {grade} is below the relevance threshold {threshold:g}: P, R, AP and RR "
                "see no relevant document."
            ).format(grade=grade, threshold=convention.rel_threshold),
            icon=":material/info:",
        )
    try:
        sweep = cached.sweep(grade, n, convention, k, top, second)
    except ValueError as err:
        st.error(literal(err), icon=":material/error:")
        return
    st.plotly_chart(
        cached.position_sweep_figure(sweep, _title(grade, second)),
        **BEHAVIOUR.widget("beh_sweep_plot"),
        alt=_("Every measure against the rank of the relevant document"),
    )
    _identities(sweep, n, inputs)


def _controls(top: int) -> tuple[int, int, tuple[int, float] | None]:
    """The moving document's grade, the list's length, and the second document (its rank
    and grade) when one is added."""
    choices = list(range(1, top + 1))
    g_col, n_col, second_col = st.columns(3)
    grade = g_col.selectbox(
        _("grade of the moving document"),
        choices,
        index=min(1, top - 1),
        **BEHAVIOUR.widget("beh_grade"),
    )
    n = n_col.slider(_("list length N"), 2, 100, 20, **BEHAVIOUR.widget("beh_n"))
    with second_col:
        second = None
        if st.toggle(_("add a second relevant document"), **BEHAVIOUR.widget("beh_second")):
            s_col, s_grade_col = st.columns(2)
            within("beh_second_rank", n, 3)
            s_rank = s_col.number_input(_("at rank"), 1, n, **BEHAVIOUR.widget("beh_second_rank"))
            s_grade = s_grade_col.selectbox(
                _("of grade"),
                choices,
                index=choices.index(grade),
                **BEHAVIOUR.widget("beh_second_grade"),
            )
            second = (int(s_rank), float(s_grade))
    return grade, n, second


def _title(grade: int, second: tuple[int, float] | None) -> str:
    if second:
        return _(
            "One grade-{grade} document at rank r, a grade-{second_grade:g} one fixed at rank "
            "{second_rank}"
        ).format(grade=grade, second_grade=second[1], second_rank=second[0])
    return _("One grade-{grade} document at rank r").format(grade=grade)


def _identities(sweep: pd.DataFrame, n: int, inputs: PlaygroundInputs) -> None:
    """Which of the one-relevant-document identities hold on the sweep, and by how much."""
    check = behaviour.identity_check(sweep, behaviour.identities(n, inputs.convention, inputs.k))
    check["identity"] = [_(text) for text in check["identity"]]  # behaviour.IDENTITY_TEXT
    check["holds"] = np.where(check["holds"], _("✓ holds"), _("✗ breaks"))
    st.dataframe(
        check,
        hide_index=True,
        **BEHAVIOUR.widget("beh_identities"),
        column_config={
            **language.headers(N_("identity")),
            "largest gap": st.column_config.NumberColumn(_("largest gap"), format="%.4f"),
            **language.headers(N_("holds")),
        },
    )
