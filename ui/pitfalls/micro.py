"""Micro-averaging reported as macro: the sample collection's runs averaged both ways, why the
two differ, two queries on which pooling flips the order of two runs, and the wrong and the
right program (numbers from `rankwork.collection.pitfalls` through `ui.shared.cached`)."""

from __future__ import annotations

import streamlit as st

from i18n import N_, _, ngettext
from rankwork.collection import pitfalls as core
from rankwork.collection.pitfalls import Averages
from ui.evaluate.sources import SAMPLE_QRELS
from ui.pitfalls.model import PITFALLS
from ui.pitfalls.sample import RUNS, SHOWN_DIR, number, programs, qrels_path, run_path
from ui.shared import cached, language
from ui.shared.literal import literal


def micro_reported_as_macro(decimals: int) -> None:
    """The mistake's whole section, on the sample collection."""
    runs = tuple((name, run_path(name)) for name in RUNS)
    averages = cached.collection_averages(qrels_path(), runs)
    st.markdown(
        _(
            "Recall is a ratio of counts for each query: relevant documents found ÷ relevant "
            "documents. Over a collection it can be averaged two ways. The **mean** over the "
            "queries (the *macro* average) gives every query the same weight: it is what "
            "`trec_eval -c`'s `all` line reports, and what *mean R@100* means. **Pooling** the "
            "counts first (the *micro* average: relevant documents found in all queries ÷ "
            "relevant documents in all queries) gives every document the same weight. The "
            "mistake is to compute the second and report it under the name of the first."
        )
    )
    _averages_table(averages, decimals)
    st.caption(_counts(averages))
    _orders(averages, decimals)
    _why_they_differ(averages, decimals)
    _two_queries(averages, decimals)
    _recall_programs(averages, decimals)


def _ids(qids: list[str]) -> str:
    """'315', '307 and 322', '1, 2 and 3' (the ids literal), for a sentence that says
    'query' or 'queries' before them (ngettext on their number)."""
    shown = [literal(q) for q in qids]
    if len(shown) == 1:
        return shown[0]
    return _("{ids} and {last}").format(ids=", ".join(shown[:-1]), last=shown[-1])


def _averages_table(averages: Averages, decimals: int) -> None:
    """Each run and measure: the mean, the pooled ratio, the mean over queries with a relevant
    document."""
    with_relevant = averages.queries - len(averages.empty)
    st.dataframe(
        averages.table,
        hide_index=True,
        **PITFALLS.widget("lab_micro_table"),
        column_config={
            **language.headers(N_("run"), N_("measure")),
            "macro": st.column_config.NumberColumn(_("mean (macro)"), format=f"%.{decimals}f"),
            "micro": st.column_config.NumberColumn(_("pooled (micro)"), format=f"%.{decimals}f"),
            "macro_with_relevant": st.column_config.NumberColumn(
                _("mean over the {n} queries with a relevant document").format(n=with_relevant),
                format=f"%.{decimals}f",
            ),
        },
    )


def _counts(averages: Averages) -> str:
    """How many queries and relevant documents; the queries a run has no results for."""
    missing = [
        ngettext(
            "Run {run} has no results for query {queries}",
            "Run {run} has no results for queries {queries}",
            len(qids),
        ).format(run=literal(run), queries=_ids(qids))
        for run, qids in averages.missing.items()
        if qids
    ]
    counts = _("{queries} queries, {relevant} relevant documents (grade ≥ 1).").format(
        queries=averages.queries, relevant=averages.relevant_total
    )
    scored = (
        _("{missing}: scored 0, as trec_eval -c does.").format(missing=_("; ").join(missing)) + " "
        if missing
        else ""
    )
    return f"{counts} {scored}"


def _orders(averages: Averages, decimals: int) -> None:
    """For each measure, the order of the runs by the mean and pooled, and their spreads."""
    for row in averages.orders.itertuples():
        macro = " > ".join(literal(r) for r in row.macro_order)
        micro = " > ".join(literal(r) for r in row.micro_order)
        spreads = {
            "macro_spread": number(row.macro_spread, decimals),
            "micro_spread": number(row.micro_spread, decimals),
        }
        if row.same_order:
            line = _(
                "**{measure}**: the mean orders the runs {macro}; pooling gives the same order. "
                "Best minus worst: {macro_spread} by the mean, {micro_spread} pooled."
            ).format(measure=row.measure, macro=macro, **spreads)
        else:
            line = _(
                "**{measure}**: the mean orders the runs {macro}; pooling gives another order: "
                "{micro}. Best minus worst: {macro_spread} by the mean, {micro_spread} pooled."
            ).format(measure=row.measure, macro=macro, micro=micro, **spreads)
        st.markdown(line)


def _why_they_differ(averages: Averages, decimals: int) -> None:
    """The weights of the queries in each average, the heaviest query's as the example."""
    heaviest = averages.heaviest
    empty = averages.empty
    empty_text = (
        ngettext(
            "Query {queries} has no relevant document: recall is 0 there in the mean "
            "(trec_eval counts such a query, with 0), and adds nothing to either sum when the "
            "counts are pooled.",
            "Queries {queries} have no relevant document: recall is 0 there in the mean "
            "(trec_eval counts such a query, with 0), and adds nothing to either sum when the "
            "counts are pooled.",
            len(empty),
        ).format(queries=_ids(empty))
        + " "
        if empty
        else ""
    )
    st.markdown(
        _(
            "**Why they differ.** Pooled, each query weighs as much as its number of relevant "
            "documents; in the mean each weighs 1/{n} ({weight}). Query {query} has {relevant} "
            "of the {total} relevant documents: it weighs {micro_weight} in pooled recall, "
            "{times:.1f} times its weight in the mean. {empty}For recall the last column sets "
            "the two effects apart: from the mean to it is the queries without a relevant "
            "document; from it to the pooled ratio is the weighting alone. P@10 divides by 10 "
            "for every query, so its mean and its pooled ratio are the same. A table that says "
            "*mean R@100* must hold the mean."
        ).format(
            n=averages.queries,
            weight=number(1 / averages.queries, decimals),
            query=literal(heaviest),
            relevant=int(averages.relevant[heaviest]),
            total=averages.relevant_total,
            micro_weight=number(averages.micro_weight(heaviest), decimals),
            times=averages.micro_weight(heaviest) * averages.queries,
            empty=empty_text,
        )
    )


def _two_queries(averages: Averages, decimals: int) -> None:
    """Two queries on which pooling flips the order of two runs."""
    two = cached.two_queries()
    rows = two.table.set_index("run")
    flip = two.orders.iloc[0]
    changed = [r.measure for r in averages.orders.itertuples() if not r.same_order]
    here = (
        _("On this collection pooling changes the order for {measures}.").format(
            measures=", ".join(changed)
        )
        if changed
        else _("On this collection pooling keeps the order of the runs. It need not:")
    )
    st.markdown(
        _(
            "{here} Two queries, q1 with 1 relevant document and q2 with 9. Run A finds q1's "
            "and 1 of q2's; run B none of q1's and 4 of q2's. {measure} by the mean: A "
            "{a_mean}, B {b_mean}; pooled: A {a_pooled}, B {b_pooled}. The mean puts "
            "{mean_order}, pooling {pooled_order}."
        ).format(
            here=here,
            measure=core.TWO_QUERIES_MEASURE,
            a_mean=number(rows.loc["A", "macro"], decimals),
            b_mean=number(rows.loc["B", "macro"], decimals),
            a_pooled=number(rows.loc["A", "micro"], decimals),
            b_pooled=number(rows.loc["B", "micro"], decimals),
            mean_order=" > ".join(flip.macro_order),
            pooled_order=" > ".join(flip.micro_order),
        )
    )


def _recall_programs(averages: Averages, decimals: int) -> None:
    """The run to read, and the wrong and the right program for its mean R@k."""
    st.markdown(
        _(
            "**The two programs**, for R@{k}: plain Python that reads the TREC files itself "
            "(run it from RankLab's folder, or change the two file names)."
        ).format(k=core.PROGRAM_K)
    )
    run = st.radio(
        _("Run"), list(RUNS), index=2, horizontal=True, **PITFALLS.widget("lab_micro_run"),
    )  # fmt: skip
    measure = f"R@{core.PROGRAM_K}"
    values = averages.table[(averages.table["run"] == run) & (averages.table["measure"] == measure)]
    shown = {"qrels": f"{SHOWN_DIR}/{SAMPLE_QRELS}", "run": f"{SHOWN_DIR}/{RUNS[run]}"}
    programs(
        core.recall_program(shown["qrels"], shown["run"], core.PROGRAM_K, wrong=True),
        _("Sets mean_recall = {value}: the pooled ratio under the mean's name.").format(
            value=number(values["micro"].iloc[0], decimals)
        ),
        core.recall_program(shown["qrels"], shown["run"], core.PROGRAM_K, wrong=False),
        _(
            "Sets mean_recall = {value}, the mean over the {n} queries, as trec_eval -c reports it."
        ).format(value=number(values["macro"].iloc[0], decimals), n=averages.queries),
    )
