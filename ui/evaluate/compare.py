"""The compare tab: two runs on one measure — the verdict in words, wins / ties / losses, the
per-query differences sorted, both tests' p-values and the interval of the mean difference —
then every pair on every measure, downloadable.

The numbers are `batch.compare`'s (the CLI's --compare), faced the way the user asked by
`metrics.comparison`.
"""

from __future__ import annotations

import streamlit as st

from metrics.comparison import (
    oriented,
    outcome_counts,
    p_text,
    per_query_differences,
    verdict,
)
from ui.evaluate import figures
from ui.evaluate.choices import Choices
from ui.evaluate.compute import Compared, Problem
from ui.evaluate.outcome import Outcome
from ui.literal import literal


def render(outcome: Outcome, choices: Choices) -> None:
    runs = list(outcome.evaluated)
    compared = outcome.compared
    if len(runs) < 2:
        st.info("Comparing needs two runs or more: add a run above.", icon=":material/info:")
        return
    if isinstance(compared, Problem):
        st.error(literal(compared.message), icon=":material/error:")
        return
    assert isinstance(compared, Compared)
    left, middle, right = st.columns(3)
    measure = left.selectbox("Measure", choices.names, key="ev_cmp_measure")
    baseline = middle.selectbox("Baseline (A)", runs, index=0, key="ev_cmp_a")
    others = [r for r in runs if r != baseline]
    challenger = right.selectbox("Challenger (B)", others, key="ev_cmp_b")
    pair = oriented(compared.pairs, measure, baseline, challenger)
    diffs = per_query_differences(
        outcome.evaluated[baseline].result.per_query[measure],
        outcome.evaluated[challenger].result.per_query[measure],
    )
    st.markdown(f"**{literal(verdict(pair))}**")
    wins, ties, losses = outcome_counts(diffs)
    counts = st.columns(3)
    counts[0].metric(
        "wins", wins, help=f"Queries where {literal(challenger)} scores higher.", border=True
    )
    counts[1].metric("ties", ties, help="Queries where both score the same.", border=True)
    counts[2].metric(
        "losses", losses, help=f"Queries where {literal(challenger)} scores lower.", border=True
    )
    tests = st.columns(3)
    tests[0].metric(
        "mean difference B − A",
        f"{pair.diff:+.4f}",
        delta=f"95% CI [{pair.ci_low:.4f}, {pair.ci_high:.4f}]",
        delta_color="off",
        delta_arrow="off",
        help=f"Percentile bootstrap over the {pair.queries} queries both runs were evaluated "
        "on (10,000 resamples, seed 0).",
        border=True,
    )
    tests[1].metric(
        "paired randomisation test",
        p_text(pair.p_randomisation),
        help="Two-sided sign-flip test, 10,000 permutations (seed 0).",
        border=True,
    )
    tests[2].metric(
        "paired t-test",
        p_text(pair.p_t),
        help="Two-sided; undefined when every query has the same difference.",
        border=True,
    )
    st.plotly_chart(
        figures.difference_bars(diffs, baseline, challenger, measure), key="ev_cmp_plot"
    )
    for note in compared.notes:
        st.caption(f"Note: {note}")
    st.subheader("Every pair, every measure")
    st.dataframe(
        compared.pairs,
        hide_index=True,
        key="ev_pairs_table",
        column_config={
            "mean_diff": st.column_config.NumberColumn("mean_diff (a − b)", format="%.4f"),
            "ci_low": st.column_config.NumberColumn(format="%.4f"),
            "ci_high": st.column_config.NumberColumn(format="%.4f"),
            "p_randomisation": st.column_config.NumberColumn(format="%.4g"),
            "p_t": st.column_config.NumberColumn(format="%.4g"),
        },
    )
    st.download_button(
        "Download as CSV",
        compared.pairs.to_csv(index=False).encode("utf-8"),
        file_name="ranklab_comparisons.csv",
        mime="text/csv",
        icon=":material/download:",
    )
