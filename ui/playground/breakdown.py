"""The per-rank breakdown table, straight from `report.positions` (nothing recomputed).

Rows within the cutoff k come first; the rows beyond k (not counted by the @k measures, still
read by RBP and R-Precision) follow in a separate, labelled table, so they are visibly set apart
without per-cell styling (a styled 1,000-row table costs ~0.2 s per rerun).
"""

from __future__ import annotations

import streamlit as st

from i18n import N_, _
from rankwork.explore.report import Report
from ui.playground import novelty
from ui.shared import rank_table

COLUMNS = {  # the column -> its header (English, N_; shown with _)
    "rank": N_("rank"),
    "doc_id": N_("doc"),
    "grade": N_("grade"),
    "gain": N_("gain"),
    "discount": N_("discount"),
    "dcg_contribution": N_("contribution"),
    "cum_dcg": N_("cum. DCG"),
    "ideal_grade": N_("ideal grade"),
    "ideal_contribution": N_("ideal contribution"),
    "cum_idcg": N_("cum. IDCG"),
    "err_p_stop": N_("ERR P(stop)"),
    "rbp_weight": N_("RBP weight"),
}
HELP = {  # shown with _
    "gain": N_("gain(grade) under the convention; unjudged documents gain 0"),
    "discount": N_("disc(i), the weight of rank i"),
    "dcg_contribution": N_("gain × discount: this rank's part of DCG"),
    "ideal_grade": N_("the grade at rank i of the ideal ranking"),
    "ideal_contribution": N_("the ideal ranking's gain × discount at rank i"),
    "err_p_stop": N_("the chance that ERR's reader stops at rank i: R_i × prod_{j<i}(1 - R_j)"),
    "rbp_weight": N_("(1 - p) p^(i-1): the share of RBP's reader's attention at rank i"),
}


def _config(decimals: int) -> dict:
    config = {}
    for column, english in COLUMNS.items():
        label = _(english)
        help_text = _(HELP[column]) if column in HELP else None
        if column == "rank":
            config[column] = st.column_config.NumberColumn(label, format="%d", pinned=True)
        elif column == "doc_id":
            config[column] = st.column_config.TextColumn(label, pinned=True)
        elif column in ("grade", "ideal_grade"):
            config[column] = st.column_config.NumberColumn(label, format="%g", help=help_text)
        else:
            config[column] = st.column_config.NumberColumn(
                label, format=f"%.{decimals}f", help=help_text
            )
    return config


def render(report: Report, decimals: int) -> None:
    """The breakdown: ranks within k, then (if any) the ranks beyond k under their own label;
    then, for a list with subtopics, the novelty table (`ui.playground.novelty.table`)."""
    positions = report.positions
    within = positions[positions["in_cutoff"]]
    beyond = positions[~positions["in_cutoff"]]
    config = _config(decimals)
    rank_table.show(within[list(COLUMNS)], config)
    if len(beyond):
        first, last = int(beyond["rank"].iloc[0]), int(beyond["rank"].iloc[-1])
        if first == last:
            said = _(
                ":gray-badge[beyond k = {k}] :gray[Rank {first} is not counted by the @{k} "
                "measures (DCG, nDCG, ERR, P, R, F1, AP, RR); RBP and R-Precision still read "
                "it.]"
            )
        else:
            said = _(
                ":gray-badge[beyond k = {k}] :gray[Ranks {first}–{last} are not counted by the "
                "@{k} measures (DCG, nDCG, ERR, P, R, F1, AP, RR); RBP and R-Precision still "
                "read them.]"
            )
        st.markdown(said.format(k=report.k, first=first, last=last))
        rank_table.show(beyond[list(COLUMNS)], config)
    if (~positions["retrieved"]).any():
        st.caption(
            _(
                "Rows without a doc belong to the ideal ranking only: it holds more judged "
                "documents than the list retrieved."
            )
        )
    novelty.table(report, decimals)
