"""Diversity: the query *jaguar* with three meanings, a covering and a repeating list, α-nDCG
against nDCG as α goes from 0 to 1, and why α-nDCG can be above 1 (the greedy ideal)."""

from __future__ import annotations

import streamlit as st

from i18n import N_, _
from rankwork.core.conventions import Convention
from rankwork.explore import novelty
from ui.behaviour.model import BEHAVIOUR
from ui.shared import cached, language


def diversity(convention: Convention) -> None:
    """The section: the cutoff, α-nDCG of both lists at α = 0.5, the plot, the greedy ideal."""
    st.header(_("Diversity"), anchor="diversity")
    st.markdown(
        _(
            "The query *jaguar* means the car, the cat or the OS. Six documents are relevant, "
            "each to one meaning: three about the car, two about the cat, one about the OS. The "
            "**covering** list shows every meaning by rank 3 (car, cat, OS, car, cat, car); the "
            "**repeating** list shows the car three times first (car, car, car, cat, cat, OS). "
            "nDCG reads one grade per document, so both lists are ideal to it. α-nDCG counts a "
            "meaning already seen *c* times as (1 − α)^c: at α = 0 it is nDCG with binary gains, "
            "at α = 1 only the first document of each meaning counts."
        )
    )
    div_k = st.slider(
        _("cutoff k"), 1, len(novelty.LISTS["covering"]), 3, **BEHAVIOUR.widget("beh_div_k")
    )
    sweep_alpha = cached.alpha_sweep(div_k, convention)
    at_half = sweep_alpha[sweep_alpha["alpha"] == 0.5].set_index("list")["alpha_nDCG"]
    st.markdown(
        _(
            "At α = 0.5, α-nDCG@{k} is **{covering:.4f}** for the covering list and "
            "**{repeating:.4f}** for the repeating one; nDCG@{k} is **{ndcg:.4f}** for both."
        ).format(
            k=div_k,
            covering=at_half["covering"],
            repeating=at_half["repeating"],
            ndcg=sweep_alpha["nDCG"].iloc[0],
        )
    )
    st.plotly_chart(
        cached.novelty_figure(sweep_alpha, div_k),
        **BEHAVIOUR.widget("beh_novelty_plot"),
        alt=_("α-nDCG and nDCG of the covering and the repeating list against α"),
    )
    with st.expander(
        _("Why α-nDCG can be above 1: the ideal ranking is greedy"), icon=":material/info:"
    ):
        _greedy_ideal(convention)


def _greedy_ideal(convention: Convention) -> None:
    """Four documents whose greedy ideal ranking a list beats, and the greedy choices."""
    above, choices = novelty.greedy_miss(convention)
    st.markdown(
        _(
            "Finding the ranking with the largest α-DCG is NP-hard (Clarke et al., SIGIR 2008), "
            "so ndeval and the tools built on it build the ideal greedily: at each rank, the "
            "document that adds the most novelty gain given those above it (a tie goes to the "
            "larger doc id). Four documents on four subtopics: d1 {{2, 4}}, d2 {{1, 3}}, "
            "d3 {{2, 3}}, d4 {{4}}. The list d1, d2 covers all four by rank 2; the greedy ideal "
            "starts with d3 (d1, d2 and d3 tie at rank 1) and cannot. So the list beats its "
            '"ideal": α-nDCG@2 = **{above:.4f}**.'
        ).format(above=above)
    )
    st.dataframe(
        novelty.choices_table(choices),
        hide_index=True,
        **BEHAVIOUR.widget("beh_greedy_table"),
        column_config=language.headers(
            N_("rank"), N_("picked"), N_("subtopics"), N_("gain"), N_("tied with")
        ),
    )
