"""The per-rank breakdown table, straight from `report.positions` (nothing recomputed).

Rows within the cutoff k come first; the rows beyond k (not counted by the @k measures, still
read by RBP and R-Precision) follow in a separate, labelled table, so they are visibly set apart
without per-cell styling (a styled 1,000-row table costs ~0.2 s per rerun).
"""

from __future__ import annotations

import streamlit as st

from metrics.explore.report import Report
from ui import novelty, rank_table

COLUMNS = {
    "rank": "rank",
    "doc_id": "doc",
    "grade": "grade",
    "gain": "gain",
    "discount": "discount",
    "dcg_contribution": "contribution",
    "cum_dcg": "cum. DCG",
    "ideal_grade": "ideal grade",
    "ideal_contribution": "ideal contribution",
    "cum_idcg": "cum. IDCG",
    "err_p_stop": "ERR P(stop)",
    "rbp_weight": "RBP weight",
}
HELP = {
    "gain": "gain(grade) under the convention; unjudged documents gain 0",
    "discount": "disc(i), the weight of rank i",
    "dcg_contribution": "gain × discount: this rank's part of DCG",
    "ideal_grade": "the grade at rank i of the ideal ranking",
    "ideal_contribution": "the ideal ranking's gain × discount at rank i",
    "err_p_stop": "the chance that ERR's reader stops at rank i: R_i × prod_{j<i}(1 - R_j)",
    "rbp_weight": "(1 - p) p^(i-1): the share of RBP's reader's attention at rank i",
}


def _config(decimals: int) -> dict:
    config = {}
    for column, label in COLUMNS.items():
        if column == "rank":
            config[column] = st.column_config.NumberColumn(label, format="%d", pinned=True)
        elif column == "doc_id":
            config[column] = st.column_config.TextColumn(label, pinned=True)
        elif column in ("grade", "ideal_grade"):
            config[column] = st.column_config.NumberColumn(
                label, format="%g", help=HELP.get(column)
            )
        else:
            config[column] = st.column_config.NumberColumn(
                label, format=f"%.{decimals}f", help=HELP.get(column)
            )
    return config


def render(report: Report, decimals: int) -> None:
    """The breakdown: ranks within k, then (if any) the ranks beyond k under their own label;
    then, for a list with subtopics, the novelty table (`ui.novelty.table`)."""
    positions = report.positions
    within = positions[positions["in_cutoff"]]
    beyond = positions[~positions["in_cutoff"]]
    config = _config(decimals)
    rank_table.show(within[list(COLUMNS)], config)
    if len(beyond):
        first, last = int(beyond["rank"].iloc[0]), int(beyond["rank"].iloc[-1])
        ranks = f"Rank {first} is" if first == last else f"Ranks {first}–{last} are"
        st.markdown(
            f":gray-badge[beyond k = {report.k}] :gray[{ranks} not counted by the "
            f"@{report.k} measures (DCG, nDCG, ERR, P, R, F1, AP, RR); RBP and R-Precision "
            "still read them.]"
        )
        rank_table.show(beyond[list(COLUMNS)], config)
    if (~positions["retrieved"]).any():
        st.caption(
            "Rows without a doc belong to the ideal ranking only: it holds more judged "
            "documents than the list retrieved."
        )
    novelty.table(report, decimals)
