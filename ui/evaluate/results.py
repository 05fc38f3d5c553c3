"""The Evaluate page's first two tabs: each run's means with their intervals, their geometric
means (`ui.evaluate.geometric`) and what the means include (missing queries, queries with
nothing relevant), then every query's values (sortable, downloadable as CSV), their
distribution and the rank of the first relevant document.

Values come from `ui.evaluate.outcome.Outcome` (metrics' results); here they are only laid out.
"""

from __future__ import annotations

import pandas as pd
import streamlit as st

from i18n import N_, _, ngettext
from rankwork.core.conventions import Convention
from rankwork.stats.comparison import interval_warning
from rankwork.stats.query_summary import means_without, nothing_relevant
from ui.evaluate import figures, geometric, micro
from ui.evaluate.choices import Choices, missing_label
from ui.evaluate.compute import Compared, Problem
from ui.evaluate.outcome import Outcome
from ui.shared import language
from ui.shared.literal import literal

# the per-query table's (and its CSV's) columns; the page shows them translated
FIRST_RELEVANT = N_("first relevant rank")
SUMMARY_COLUMNS = {
    "relevant": N_("relevant judged (R)"),
    "retrieved": N_("retrieved"),
    "first_relevant": FIRST_RELEVANT,
}
VALUE_FORMAT = "%.4f"


def means_table(runs: pd.DataFrame) -> pd.DataFrame:
    """One row per run: each measure's mean and its 95% interval as text (from
    `batch.compare`'s runs table), then the number of queries, in the runs' order."""
    names = list(dict.fromkeys(runs["run"]))
    by_measure = {
        m: rows.set_index("run").loc[names] for m, rows in runs.groupby("measure", sort=False)
    }
    table = pd.DataFrame({"run": names})
    for measure, rows in by_measure.items():
        table[measure] = rows["mean"].to_numpy()
        table[_interval_column(measure)] = [
            f"[{low:.4f}, {high:.4f}]"
            for low, high in zip(rows["ci_low"], rows["ci_high"], strict=True)
        ]
    table["queries"] = next(iter(by_measure.values()))["queries"].to_numpy()
    return table


def per_query_table(outcome: Outcome) -> pd.DataFrame:
    """Every (query, run): the measures, then R, the list's length and the first relevant
    rank; runs in upload order, queries in trec_eval's order."""
    parts = []
    for run, evaluated in outcome.evaluated.items():
        part = evaluated.result.per_query.join(
            evaluated.summary.rename(columns=SUMMARY_COLUMNS)
        ).reset_index()
        part.insert(1, "run", run)
        parts.append(part)
    return pd.concat(parts, ignore_index=True)


def _interval_column(measure: str) -> str:
    """The means table's column of `measure`'s 95% interval (its English name)."""
    return f"{measure} 95% CI"


def _columns(measures) -> dict:
    """The headers of the means' and the per-query tables in the session's language (the
    tables, and the CSV, keep their English column names)."""
    config = {m: st.column_config.NumberColumn(m, format=VALUE_FORMAT) for m in measures}
    for m in measures:
        config[_interval_column(m)] = st.column_config.Column(
            _("{measure} 95% CI").format(measure=m)
        )
    config[FIRST_RELEVANT] = st.column_config.NumberColumn(
        _(FIRST_RELEVANT), format="%d", help=_("Empty: no relevant document was retrieved.")
    )
    return config | language.headers(
        SUMMARY_COLUMNS["relevant"], SUMMARY_COLUMNS["retrieved"], N_("run"), N_("queries"),
        N_("qid"),
    )  # fmt: skip


def means(outcome: Outcome, choices: Choices) -> None:
    """The means tab: table, figure, then the queries behind the means."""
    compared = outcome.compared
    if isinstance(compared, Problem):
        st.error(literal(compared.message), icon=":material/error:")
        return
    assert isinstance(compared, Compared)
    st.dataframe(
        means_table(compared.runs),
        hide_index=True,
        column_config=_columns(choices.names),
        key="ev_means_table",
    )
    st.caption(
        _(
            "Means over the queries under **{preset}**, as `rankwork` prints "
            "them; 95% percentile bootstrap intervals of the mean (10,000 resamples of the "
            "queries, seed 0), as its `--compare` prints them."
        ).format(preset=_(choices.preset))
    )
    few = interval_warning(int(compared.runs["queries"].min()))
    if few:
        st.warning(few, icon=":material/warning:")
    st.plotly_chart(figures.means_bars(compared.runs), key="ev_means_plot")
    geometric.render(outcome, choices)
    micro.render(outcome)
    queries_behind_means(outcome, choices)


def queries_behind_means(outcome: Outcome, choices: Choices) -> None:
    """Which queries the means include and how: missing from a run, not in the qrels,
    nothing relevant; and the messages the command line prints."""
    st.subheader(_("The queries behind the means"))
    for run, evaluated in outcome.evaluated.items():
        result = evaluated.result
        if result.missing:
            st.info(
                _(
                    "**{run}** has no results for {queries}. The policy chosen above is to "
                    "{policy}, so {run}'s means are over {n} queries."
                ).format(
                    run=literal(run),
                    queries=_queries(result.missing),
                    policy=missing_label(choices.missing),
                    n=len(result.per_query),
                ),
                icon=":material/help:",
            )
        if result.ignored:
            st.info(
                _(
                    "**{run}** has results for {queries} that the qrels do not judge; they are "
                    "ignored (nothing can be scored without judgments)."
                ).format(run=literal(run), queries=_queries(result.ignored)),
                icon=":material/help:",
            )
    empty = sorted({q for e in outcome.evaluated.values() for q in nothing_relevant(e.summary)})
    if empty:
        _nothing_relevant(outcome, empty, choices.convention)
    else:
        st.caption(_("Every query has at least one relevant judged document."))
    messages = [(run, w) for run, e in outcome.evaluated.items() for w in e.result.warnings]
    if messages:
        title = _("Messages ({n}), as the command line prints them").format(n=len(messages))
        with st.expander(title):
            for run, message in messages:
                st.markdown(f"- **{literal(run)}**: {literal(message)}")


def _nothing_relevant(outcome: Outcome, empty: list[str], convention: Convention) -> None:
    said = ngettext(
        "{queries} has no relevant judged document (R = 0; relevant means grade ≥ "
        "{threshold:g}). No run can do well or badly on them: nDCG scores them {empty:g} under "
        "{convention} (its value when the ideal DCG is 0), every other measure 0, and they count "
        "in the means, as in trec_eval. Without them the means would be:",
        "{queries} have no relevant judged document (R = 0; relevant means grade ≥ "
        "{threshold:g}). No run can do well or badly on them: nDCG scores them {empty:g} under "
        "{convention} (its value when the ideal DCG is 0), every other measure 0, and they count "
        "in the means, as in trec_eval. Without them the means would be:",
        len(empty),
    )
    st.info(
        said.format(
            queries=_queries(empty).capitalize(),
            threshold=convention.rel_threshold,
            empty=convention.empty_value,
            convention=_(convention.name),
        ),
        icon=":material/help:",
    )
    rows = {run: means_without(e.result.per_query, empty) for run, e in outcome.evaluated.items()}
    table = pd.DataFrame(rows).T.rename_axis("run").reset_index()
    st.dataframe(table, hide_index=True, column_config=_columns(table.columns[1:].tolist()))


def _queries(qids: list[str]) -> str:
    """'query 315', '2 queries (307, 322)', '14 queries (301, ..., 310 and 4 more)', the ids as
    literal text (they come from the user's files)."""
    if len(qids) == 1:
        return _("query {qid}").format(qid=literal(qids[0]))
    shown = ", ".join(map(literal, qids[:10]))
    if len(qids) > 10:
        shown = _("{shown} and {n} more").format(shown=shown, n=len(qids) - 10)
    return _("{n} queries ({shown})").format(n=len(qids), shown=shown)


def per_query(outcome: Outcome, choices: Choices) -> None:
    """The per-query tab: the table (sortable, CSV), then the distribution of a column."""
    table = per_query_table(outcome)
    runs = list(outcome.evaluated)
    shown = st.multiselect(_("Runs"), runs, default=runs, key="ev_table_runs")
    st.dataframe(
        table[table["run"].isin(shown)],
        hide_index=True,
        column_config=_columns(choices.names),
        placeholder="–",  # a query with nothing relevant has no first relevant rank
        key="ev_per_query_table",
    )
    st.download_button(
        _("Download as CSV (every run, full precision)"),
        table.to_csv(index=False).encode("utf-8"),
        file_name="ranklab_per_query.csv",
        mime="text/csv",
        icon=":material/download:",
    )
    st.caption(
        _(
            "Click a column header to sort. The first relevant rank is the rank of the first "
            "document with grade ≥ the threshold (after ties are ordered by the convention); "
            "R counts the relevant judged documents, retrieved or not."
        )
    )
    column_name = language.labels({FIRST_RELEVANT: FIRST_RELEVANT})  # measures as they are
    column = st.selectbox(
        _("Distribution of"),
        [*choices.names, FIRST_RELEVANT],
        format_func=column_name,
        key="ev_distribution",
    )
    values = {run: table.loc[table["run"] == run].set_index("qid")[column] for run in shown}
    st.plotly_chart(figures.distribution(values, column_name(column)), key="ev_distribution_plot")
