"""The compare tab: two runs on one measure — the verdict in words, the challenger's wins / ties /
losses against the baseline (both named on the cards), the per-query differences sorted, both
tests' p-values (Holm-adjusted when several comparisons are made) and the interval of the mean
difference — then every pair on every measure, downloadable; then, with three runs or more,
whether two measures order the runs the same (`ui.evaluate.rank_agreement`).

The numbers are `batch.compare`'s, in `rankwork.stats.comparison.pairs_table`'s form (the CLI's
--compare prints the same table): every difference is challenger − baseline.
"""

from __future__ import annotations

import pandas as pd
import streamlit as st

from i18n import N_, _, pgettext
from rankwork.stats.comparison import (
    Pair,
    holm_note,
    interval_warning,
    oriented,
    outcome_counts,
    p_text,
    pairs_table,
    per_query_differences,
    verdict,
)
from ui.evaluate import figures, rank_agreement
from ui.evaluate.choices import Choices
from ui.evaluate.compute import Compared, Problem
from ui.evaluate.outcome import Outcome
from ui.shared import language
from ui.shared.literal import literal


def render(outcome: Outcome, choices: Choices) -> None:
    runs = list(outcome.evaluated)
    compared = outcome.compared
    if len(runs) < 2:
        st.info(_("Comparing needs two runs or more: add a run above."), icon=":material/info:")
        return
    if isinstance(compared, Problem):
        st.error(literal(compared.message), icon=":material/error:")
        return
    assert isinstance(compared, Compared)
    left, middle, right = st.columns(3)
    measure = left.selectbox(_("Measure"), choices.names, key="ev_cmp_measure")
    baseline = middle.selectbox(_("Baseline (A)"), runs, index=0, key="ev_cmp_a")
    others = [r for r in runs if r != baseline]
    challenger = right.selectbox(_("Challenger (B)"), others, key="ev_cmp_b")
    table = pairs_table(compared.pairs)
    pair = oriented(table, measure, baseline, challenger)
    diffs = per_query_differences(
        outcome.evaluated[baseline].result.per_query[measure],
        outcome.evaluated[challenger].result.per_query[measure],
    )
    st.container(border=True).text(verdict(pair), width="stretch")  # run names: literal
    _query_by_query(diffs, baseline, challenger)
    _tests(pair)
    few = interval_warning(pair.queries, pair.confidence)
    if few:
        st.warning(few, icon=":material/warning:")
    note = holm_note(table)
    if note:
        st.caption(note)
    st.plotly_chart(
        figures.difference_bars(diffs, baseline, challenger, measure), key="ev_cmp_plot"
    )
    for note in compared.notes:
        st.caption(_("Note: {note}").format(note=note))
    _every_pair(table)
    rank_agreement.measures(compared.runs, choices.names)


def _query_by_query(diffs: pd.DataFrame, baseline: str, challenger: str) -> None:
    """The challenger's wins, ties and losses against the baseline."""
    # the counts are the challenger's against the baseline, whichever run the verdict names
    wins, ties, losses = outcome_counts(diffs)
    runs = {"run": literal(challenger), "baseline": literal(baseline)}
    st.markdown(_("Query by query, **{run}** against **{baseline}**:").format(**runs))
    counts = st.columns(3)
    counts[0].metric(
        _("wins of {run}").format(**runs),
        wins,
        help=_("Queries where {run} scores higher than {baseline}.").format(**runs),
        border=True,
    )
    counts[1].metric(
        pgettext("outcome", "ties"), ties, help=_("Queries where both score the same."), border=True
    )
    counts[2].metric(
        _("losses of {run}").format(**runs),
        losses,
        help=_("Queries where {run} scores lower than {baseline}.").format(**runs),
        border=True,
    )


def _tests(pair: Pair) -> None:
    """The mean difference with its interval, and both tests' p-values."""
    tests = st.columns(3)
    tests[0].metric(
        _("challenger − baseline (mean)"),
        f"{pair.diff:+.4f}",
        delta=_("{confidence:.0%} CI [{low:+.4f}, {high:+.4f}]").format(
            confidence=pair.confidence, low=pair.ci_low, high=pair.ci_high
        ),
        delta_color="off",
        delta_arrow="off",
        help=_(
            "Mean over the {n} queries both runs were evaluated on of the "
            "challenger's value − the baseline's; percentile bootstrap interval (10,000 "
            "resamples, seed 0)."
        ).format(n=pair.queries),
        border=True,
    )
    for column, label, p, adjusted, about in (
        (tests[1], _("paired randomisation test"), pair.p_randomisation,
         pair.p_randomisation_holm, _("Two-sided sign-flip test, 10,000 permutations (seed 0).")),
        (tests[2], _("paired t-test"), pair.p_t, pair.p_t_holm,
         _("Two-sided; undefined when every query has the same difference.")),
    ):  # fmt: skip
        column.metric(
            label,
            p_text(p),
            delta=_("Holm-adjusted: {p}").format(p=p_text(adjusted)) if pair.family > 1 else None,
            delta_color="off",
            delta_arrow="off",
            help=about,
            border=True,
        )


def _every_pair(table: pd.DataFrame) -> None:
    """Every pair of runs on every measure, as a table and a CSV to download."""
    st.subheader(_("Every pair, every measure"))
    st.dataframe(
        table,
        hide_index=True,
        key="ev_pairs_table",
        column_config={
            **language.headers(N_("measure"), N_("baseline"), N_("challenger"), N_("queries")),
            "challenger_minus_baseline": st.column_config.NumberColumn(
                _("mean difference (challenger − baseline)"), format="%+.4f"
            ),
            "ci_low": st.column_config.NumberColumn(_("CI low"), format="%+.4f"),
            "ci_high": st.column_config.NumberColumn(_("CI high"), format="%+.4f"),
            "p_randomisation": st.column_config.NumberColumn(
                _("p (randomisation test)"), format="%.4g"
            ),
            "p_t": st.column_config.NumberColumn(_("p (t-test)"), format="%.4g"),
            "p_randomisation_holm": st.column_config.NumberColumn(
                _("p (randomisation test), Holm-adjusted"), format="%.4g"
            ),
            "p_t_holm": st.column_config.NumberColumn(
                _("p (t-test), Holm-adjusted"), format="%.4g"
            ),
            "effect_size": st.column_config.NumberColumn(
                _("effect size d_z"),
                format="%+.2f",
                help=_(
                    "The mean difference over the standard deviation of the per-query "
                    "differences: how large it is against the queries' spread, whatever their "
                    "number (a p-value shrinks as queries are added)."
                ),
            ),
        },
    )
    st.caption(
        _(
            "Each row compares the run listed later (challenger) with the run listed first "
            "(baseline): the mean difference and its interval are challenger − baseline, as "
            "above and in `rankwork --compare`."
        )
    )
    st.download_button(
        _("Download as CSV"),
        table.to_csv(index=False).encode("utf-8"),
        file_name="ranklab_comparisons.csv",
        mime="text/csv",
        icon=":material/download:",
    )
