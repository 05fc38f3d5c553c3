"""The Playground's diversity parts, shown only when a document has subtopics: α and the intent
weights among the settings, the novelty table rank by rank, and the greedy ideal ranking.

Everything shown is read from the Results of `rankwork.explore.report.DIVERSITY` (their tables
and details); the greedy ideal's choices, with the documents each one tied with, come from
`rankwork.core.diversity.greedy_ideal`, the function α-nDCG's normaliser was built with.
"""

from __future__ import annotations

import pandas as pd
import streamlit as st

from i18n import N_, _
from rankwork.core.diversity import Choice, greedy_ideal, judged
from rankwork.core.intents import subtopics_text
from rankwork.core.working.novelty import weighting
from rankwork.explore.report import Report
from ui.playground import state
from ui.playground.inputs import has_subtopics
from ui.shared import rank_table
from ui.shared.literal import literal

NP_HARD = N_(
    "Finding the ranking with the largest α-DCG exactly is NP-hard (Clarke et al., SIGIR 2008), "
    "so ndeval and the tools that follow it build the ideal greedily: at each rank, the judged "
    "document with the largest novelty gain given those above it (ties to the larger doc id)."
)  # shown with _()


def shown(report: Report) -> bool:
    """Whether the report has the diversity measures (the list has subtopics)."""
    return "alpha_nDCG" in report.results


# --- settings --------------------------------------------------------------------------------


def settings() -> None:
    """α and the intent weights, when any document has subtopics; the core's message for a
    bad value right below them (the text stays as typed)."""
    if not has_subtopics(state.table(state.RANKING), state.table(state.UNRETRIEVED)):
        return
    st.markdown(_("**Diversity (subtopics)**"))
    left, right = st.columns([1, 2])
    with left:
        state.bound(
            "alpha",
            st.number_input,
            "α",
            step=0.1,
            format="%g",
            help=_(
                "The redundancy penalty of α-nDCG and ERR-IA, 0 to 1: a subtopic already seen c "
                "times is worth (1 − α)^c. Both read it as ndeval's -alpha does; ir_measures takes "
                "no α for ERR-IA and always computes it at 0.5."
            ),
        )
    with right:
        state.bound(
            "weights",
            st.text_input,
            _("Intent weights"),
            placeholder=_("equal; e.g. 1:0.5, 2:0.3, 3:0.2"),
            help=_(
                "How likely a user means each subtopic, as subtopic:weight pairs; scaled to "
                "sum to 1. Empty: every subtopic weighs the same."
            ),
        )
    diversity = state.current_diversity()
    if isinstance(diversity, ValueError):
        st.error(
            _("{error} The results below are for the last valid settings.").format(
                error=literal(diversity)
            ),
            icon=":material/error:",
        )


# --- the novelty table -----------------------------------------------------------------------

COLUMNS = {  # column -> its header, in English (shown with _())
    "rank": N_("rank"),
    "doc_id": N_("doc"),
    "subtopics": N_("subtopics"),
    "new": N_("new"),
    "repeated": N_("repeated"),
    "gain": N_("novelty gain"),
    "discount": "1/log2(i+1)",
    "discounted_gain": N_("α-DCG term"),
    "err_ia_term": N_("ERR-IA term"),
}
HELP = {  # in English, shown with _()
    "new": N_("subtopics no document above this rank is relevant to"),
    "repeated": N_("subtopics seen above, with how many times: each is worth (1 − α)^times"),
    "gain": N_("g_i = sum_j w_j (1 − α)^c_ij"),
    "discounted_gain": N_("g_i / log2(i+1): this rank's part of α-DCG"),
    "err_ia_term": N_("g_i / i: this rank's part of ERR-IA's sum"),
}


def table(report: Report, decimals: int) -> None:
    """Rank by rank within k: the subtopics, which are new and which repeat, the novelty gain
    and its discounted terms (from α-nDCG's and ERR-IA's tables)."""
    if not shown(report):
        return
    alpha_ndcg, err_ia = report.results["alpha_nDCG"], report.results["ERR_IA"]
    rows = alpha_ndcg.table[alpha_ndcg.table["rank"] <= report.k].copy()
    rows["err_ia_term"] = err_ia.table["discounted_gain"].iloc[: len(rows)].to_numpy()
    config = {}
    for column, english in COLUMNS.items():
        label = _(english)
        hint = _(HELP[column]) if column in HELP else None
        if column in ("rank",):
            config[column] = st.column_config.NumberColumn(label, format="%d", pinned=True)
        elif column in ("doc_id", "subtopics", "new", "repeated"):
            config[column] = st.column_config.TextColumn(label, help=hint)
        else:
            config[column] = st.column_config.NumberColumn(
                label, format=f"%.{decimals}f", help=hint
            )
    st.markdown(_("**Subtopics, rank by rank**"))
    rank_table.show(rows[list(COLUMNS)], config)
    said = _(
        "α = {alpha:g}; {count} subtopics judged. A document without subtopics (or unjudged) "
        "gains nothing."
    ).format(alpha=alpha_ndcg.details["alpha"], count=int(alpha_ndcg.details["subtopics"]))
    st.caption(" ".join(filter(None, (said, weighting(alpha_ndcg, decimals)))))


# --- the greedy ideal ------------------------------------------------------------------------


def ideal(report: Report) -> list[Choice]:
    """The greedy ideal ranking α-nDCG@k was normalised by, k deep."""
    alpha = report.results["alpha_nDCG"].details["alpha"]
    return greedy_ideal(judged(report.ordered), alpha, report.k)


def ideal_table(report: Report, decimals: int) -> None:
    """The greedy ideal rank by rank: the document picked, its subtopics and gain, and the
    documents it tied with; after the sentence on why the ideal is greedy."""
    st.caption(_(NP_HARD))
    choices = ideal(report)
    if not choices:
        st.caption(_("No judged document is relevant to any subtopic: the ideal gains nothing."))
        return
    frame = pd.DataFrame(
        {
            "rank": [c.rank for c in choices],
            "doc": [c.doc_id for c in choices],
            "subtopics": [subtopics_text(c.subtopics) for c in choices],
            "gain": [c.gain for c in choices],
            "tied": [", ".join(c.tied) for c in choices],
        }
    )
    st.dataframe(
        frame,
        hide_index=True,
        placeholder="–",
        column_config={
            "rank": st.column_config.NumberColumn(_("rank"), format="%d"),
            "doc": st.column_config.TextColumn(_("picked")),
            "subtopics": st.column_config.TextColumn(_("subtopics")),
            "gain": st.column_config.NumberColumn(_("novelty gain g*_i"), format=f"%.{decimals}f"),
            "tied": st.column_config.TextColumn(
                _("tied with"), help=_("documents whose gain was as large; the larger doc id won")
            ),
        },
    )
