"""The means tab's micro averages: for every P and R measure picked, each run's mean over the
queries (macro, trec_eval's `all`) beside the ratio of its pooled counts (micro,
`rankwork.collection.micro`, the command line's --micro), and why the two differ."""

from __future__ import annotations

import pandas as pd
import streamlit as st

from i18n import N_, _
from ui.evaluate.outcome import Outcome
from ui.shared import language

WHY = N_(
    "The macro average (the mean, trec_eval's `all` line) gives every query the same weight; "
    "the micro average pools the counts (relevant found ÷ relevant, or ÷ retrieved, over all "
    "queries), so every document weighs the same and a query with many relevant documents "
    "dominates. Two queries: one has 1 relevant document and the run finds it in its top 2; "
    "the other has 9 and the run finds 1 of them there. Macro R@2 = (1/1 + 1/9)/2 = 0.556, "
    "micro R@2 = (1 + 1)/(1 + 9) = 0.2. A paper that reports micro-averaged recall as the "
    "mean of per-query recall reports another number. P@k divides by k for every query, so "
    "its micro and macro averages are the same."
)


def table(outcome: Outcome) -> pd.DataFrame:
    """run, measure, macro (the run's mean), micro (its pooled counts' ratio)."""
    rows = [
        {"run": run, "measure": name, "macro": e.result.means[name], "micro": value}
        for run, e in outcome.evaluated.items()
        for name, value in e.micro.items()
    ]
    return pd.DataFrame(rows, columns=["run", "measure", "macro", "micro"])


def render(outcome: Outcome) -> None:
    averages = table(outcome)
    if averages.empty:
        return
    st.subheader(_("Micro and macro averages of P and R"))
    st.dataframe(
        averages,
        hide_index=True,
        key="ev_micro",
        column_config={
            **language.headers(N_("run"), N_("measure")),
            "macro": st.column_config.NumberColumn(_("macro (mean)"), format="%.4f"),
            "micro": st.column_config.NumberColumn(_("micro (pooled)"), format="%.4f"),
        },
    )
    st.markdown(_(WHY))
    st.caption(_("`rankwork --micro` prints the micro averages after the means."))
