"""The Pitfalls lab's second part: two mistakes made over a whole collection, on the sample
collection (data/sample), every number from `rankwork.collection.pitfalls` through `ui.cached`
(the files are read and evaluated once per server process, the draws once per m and seed).

Each mistake is an expander built only when opened (`on_change="rerun"`, as the Playground's
plots): the list part's reruns do not wait for it, and the t-tests load scipy only when the
comparisons are opened.
"""

from __future__ import annotations

import streamlit as st

from i18n import N_, _, ngettext
from rankwork.collection import pitfalls as core
from ui import cached, language
from ui.evaluate.sources import SAMPLE_DIR, SAMPLE_QRELS, SAMPLE_RUNS
from ui.literal import literal

RUNS = {name.removeprefix("run_").removesuffix(".txt"): name for name in SAMPLE_RUNS}
SHOWN_DIR = "data/sample"  # the files' paths as the programs name them (from RankLab's folder)
MICRO_KEY, COMPARISONS_KEY = "lab_micro_open", "lab_comparisons_open"
VARIANTS_KEY, VALID_VARIANTS_KEY = "lab_variants", "lab_variants_valid"
SEED_KEY = "lab_seed"


def render(decimals: int) -> None:
    st.header(_("Mistakes over a whole collection"), anchor="collection")
    st.markdown(
        _(
            "Two mistakes that no single list shows: how the queries' values are averaged, and "
            "how many comparisons were made before one was called significant. Both on the "
            "sample collection, the one the Evaluate page loads: 30 queries and three runs, "
            "weak, medium and strong, scored under trec_eval's conventions."
        )
    )
    sections = (
        (_("Micro-averaging reported as macro"), MICRO_KEY, ":material/functions:", _micro),
        (
            _("The best of many comparisons without correction"),
            COMPARISONS_KEY,
            ":material/casino:",
            _comparisons,
        ),
    )
    for title, key, icon, build in sections:
        box = st.expander(title, icon=icon, key=key, on_change="rerun")
        with box:
            if box.open:
                build(decimals)


def _qrels_path() -> str:
    return str(SAMPLE_DIR / SAMPLE_QRELS)


def _ids(qids: list[str]) -> str:
    """'315', '307 and 322', '1, 2 and 3' (the ids literal), for a sentence that says
    'query' or 'queries' before them (ngettext on their number)."""
    shown = [literal(q) for q in qids]
    if len(shown) == 1:
        return shown[0]
    return _("{ids} and {last}").format(ids=", ".join(shown[:-1]), last=shown[-1])


def _number(value: float, decimals: int) -> str:
    return f"{value:.{decimals}f}"


def _programs(wrong: str, wrong_note: str, right: str, right_note: str) -> None:
    left, right_col = st.columns(2)
    with left:
        st.markdown(_("**Wrong**"))
        st.code(wrong, language="python")
        st.caption(wrong_note)
    with right_col:
        st.markdown(_("**Right**"))
        st.code(right, language="python")
        st.caption(right_note)


# --- micro-averaging reported as macro ------------------------------------------------------


def _micro(decimals: int) -> None:
    runs = tuple((name, str(SAMPLE_DIR / file)) for name, file in RUNS.items())
    averages = cached.collection_averages(_qrels_path(), runs)
    with_relevant = averages.queries - len(averages.empty)
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
    st.dataframe(
        averages.table,
        hide_index=True,
        key="lab_micro_table",
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
    st.caption(f"{counts} {scored}")
    for row in averages.orders.itertuples():
        macro = " > ".join(literal(r) for r in row.macro_order)
        micro = " > ".join(literal(r) for r in row.micro_order)
        spreads = {
            "macro_spread": _number(row.macro_spread, decimals),
            "micro_spread": _number(row.micro_spread, decimals),
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
            weight=_number(1 / averages.queries, decimals),
            query=literal(heaviest),
            relevant=int(averages.relevant[heaviest]),
            total=averages.relevant_total,
            micro_weight=_number(averages.micro_weight(heaviest), decimals),
            times=averages.micro_weight(heaviest) * averages.queries,
            empty=empty_text,
        )
    )
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
            a_mean=_number(rows.loc["A", "macro"], decimals),
            b_mean=_number(rows.loc["B", "macro"], decimals),
            a_pooled=_number(rows.loc["A", "micro"], decimals),
            b_pooled=_number(rows.loc["B", "micro"], decimals),
            mean_order=" > ".join(flip.macro_order),
            pooled_order=" > ".join(flip.micro_order),
        )
    )
    st.markdown(
        _(
            "**The two programs**, for R@{k}: plain Python that reads the TREC files itself "
            "(run it from RankLab's folder, or change the two file names)."
        ).format(k=core.PROGRAM_K)
    )
    run = st.radio(
        _("Run"), list(RUNS), index=2, horizontal=True, key="lab_micro_run",
        persist_state="session",
    )  # fmt: skip
    measure = f"R@{core.PROGRAM_K}"
    values = averages.table[(averages.table["run"] == run) & (averages.table["measure"] == measure)]
    shown = {"qrels": f"{SHOWN_DIR}/{SAMPLE_QRELS}", "run": f"{SHOWN_DIR}/{RUNS[run]}"}
    _programs(
        core.recall_program(shown["qrels"], shown["run"], core.PROGRAM_K, wrong=True),
        _("Sets mean_recall = {value}: the pooled ratio under the mean's name.").format(
            value=_number(values["micro"].iloc[0], decimals)
        ),
        core.recall_program(shown["qrels"], shown["run"], core.PROGRAM_K, wrong=False),
        _(
            "Sets mean_recall = {value}, the mean over the {n} queries, as trec_eval -c reports it."
        ).format(value=_number(values["macro"].iloc[0], decimals), n=averages.queries),
    )


# --- the best of many comparisons without correction ----------------------------------------


def _draw_again() -> None:
    """Callback: the next seed."""
    st.session_state[SEED_KEY] = st.session_state.get(SEED_KEY, core.SEED) + 1


def _variants(column) -> int:
    """The m typed, or the last valid one after saying what is wrong at the control."""
    with column:
        typed = st.number_input(
            _("Variants m"),
            value=core.VARIANTS,
            step=1,
            key=VARIANTS_KEY,
            persist_state="session",
            help=_("A whole number from {low} to {high}.").format(
                low=core.MIN_VARIANTS, high=core.MAX_VARIANTS
            ),
        )
        try:
            m = core.check_variants(typed)
        except ValueError as err:
            m = st.session_state.get(VALID_VARIANTS_KEY, core.VARIANTS)
            st.error(
                _("{error} The table is for m = {m}.").format(error=literal(err), m=m),
                icon=":material/error:",
            )
        st.session_state[VALID_VARIANTS_KEY] = m
    return m


def _comparisons(decimals: int) -> None:
    st.markdown(
        _(
            "Compare many systems, settings or seeds with a baseline, pick the one with the "
            "smallest p-value, and report it as significant: with enough comparisons one comes "
            "out below 0.05 by chance alone. Here nothing differs by construction. Each "
            "*variant* is a run's per-query AP plus noise drawn independently for every query "
            "from a normal distribution with mean 0 and standard deviation {sigma} (not "
            "clipped to [0, 1], so that it stays zero-mean), and each is compared with the run "
            "by the paired t-test. The run cancels out: each difference is the noise alone, so "
            "any run gives the same p-values (the run picked only names the file in the "
            "programs)."
        ).format(sigma=core.SIGMA)
    )
    run_col, m_col, seed_col = st.columns([2, 1, 2])
    with run_col:
        run = st.radio(
            _("Run"), list(RUNS), index=1, horizontal=True, key="lab_null_run",
            persist_state="session",
        )  # fmt: skip
    m = _variants(m_col)
    seed = st.session_state.setdefault(SEED_KEY, core.SEED)
    with seed_col:
        st.button(
            _("Draw again"), on_click=_draw_again, key="lab_draw_again", icon=":material/casino:"
        )
        st.caption(_("Seed {seed}: the same seed draws the same variants.").format(seed=seed))
    values = cached.per_query_of_files(_qrels_path(), str(SAMPLE_DIR / RUNS[run]))
    try:
        result = cached.null_comparisons(values, m, seed)
    except ValueError as err:
        st.error(literal(err), icon=":material/error:")
        return
    alpha = _number(result.alpha, 2)
    places = max(decimals, 4)  # a probability keeps 4 decimals whatever the Playground shows
    cards = st.columns(4)
    cards[0].metric(
        _("p < {alpha}, uncorrected").format(alpha=alpha),
        _("{count} of {m}").format(count=result.significant, m=m),
    )
    cards[1].metric(
        _("Smallest p (variant {variant})").format(variant=result.best),
        _number(result.best_p, places),
    )
    cards[2].metric(_("Its Holm-adjusted p"), _number(result.best_holm, places))
    cards[3].metric(
        _("Holm-adjusted p < {alpha}").format(alpha=alpha),
        _("{count} of {m}").format(count=result.significant_holm, m=m),
    )
    share = f"{result.alpha:.0%}"
    best = result.table.set_index("variant").loc[result.best, "mean_difference"]
    if result.best_p < result.alpha:
        claim = (
            _(
                "Reporting variant {variant} as significantly different from the run with "
                "p = {p} (it is better: mean difference {difference}) reports that chance as "
                "{share}."
            )
            if best > 0
            else _(
                "Reporting variant {variant} as significantly different from the run with "
                "p = {p} (it is worse: mean difference {difference}) reports that chance as "
                "{share}."
            )
        ).format(
            variant=result.best,
            p=_number(result.best_p, places),
            difference=f"{best:+.{places}f}",
            share=share,
        )
    else:
        claim = _(
            "This draw has no variant below {alpha}, as (1 − {alpha})^{m} = {none} of draws "
            "have none: draw again."
        ).format(alpha=alpha, m=m, none=_number(1 - result.at_least_one, places))
    st.markdown(
        _(
            "When nothing differs, each test alone comes out below {alpha} in {share} of "
            "draws: it sees the noise, normal with mean 0, for which the t-test is exact. "
            "About {alpha} × {m} = {expected} of the {m} variants are expected below it, and "
            "the chance that **at least one** of {m} independent tests is below it is "
            "1 − (1 − {alpha})^{m} = **{at_least_one}**. {claim} Holm's adjustment (1979) "
            "multiplies the smallest p by m, the next by m − 1, and so on (each at least the "
            "one before, at most 1), which keeps the chance of any false call at most {share} "
            "whatever the dependence between the tests: the smallest p becomes {best_holm}."
        ).format(
            alpha=alpha,
            share=share,
            m=m,
            expected=_number(result.expected, 2),
            at_least_one=_number(result.at_least_one, places),
            claim=claim,
            best_holm=_number(result.best_holm, places),
        )
    )
    holm_below = _("Holm p < {alpha}").format(alpha=alpha)
    st.dataframe(
        result.table,
        hide_index=True,
        key="lab_null_table",
        column_config={
            **language.headers(N_("variant")),
            "mean_difference": st.column_config.NumberColumn(
                _("mean difference"), format=f"%.{decimals}f"
            ),
            "t": st.column_config.NumberColumn("t", format=f"%.{decimals}f"),
            "p": st.column_config.NumberColumn("p", format=f"%.{places}f"),
            "significant": st.column_config.CheckboxColumn(f"p < {alpha}"),
            "holm": st.column_config.NumberColumn(_("Holm p"), format=f"%.{places}f"),
            "significant_holm": st.column_config.CheckboxColumn(holm_below),
        },
    )
    st.markdown(
        _(
            "**The two programs**: the same draw, with scipy's `ttest_rel` for the t-test; the "
            "wrong one reads the smallest p alone, the right one adjusts the m p-values first."
        )
    )
    label = f"per-query AP of {SHOWN_DIR}/{RUNS[run]}, trec_eval's conventions and query order"
    verdict = {True: _("significant"), False: _("not significant")}
    _programs(
        core.comparisons_program(values, label, m, seed, wrong=True),
        _("Sets best_p = {p} (variant {variant}): {verdict}.").format(
            p=_number(result.best_p, decimals),
            variant=result.best,
            verdict=verdict[result.best_p < result.alpha],
        ),
        core.comparisons_program(values, label, m, seed, wrong=False),
        _("Sets best_p = {p} (variant {variant}): {verdict}.").format(
            p=_number(result.best_holm, decimals),
            variant=result.best,
            verdict=verdict[result.best_holm < result.alpha],
        ),
    )
