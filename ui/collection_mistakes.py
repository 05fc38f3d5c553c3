"""The Pitfalls lab's second part: two mistakes made over a whole collection, on the sample
collection (data/sample), every number from `metrics.collection.pitfalls` through `ui.cached`
(the files are read and evaluated once per server process, the draws once per m and seed).

Each mistake is an expander built only when opened (`on_change="rerun"`, as the Playground's
plots): the list part's reruns do not wait for it, and the t-tests load scipy only when the
comparisons are opened.
"""

from __future__ import annotations

import streamlit as st

from metrics.collection import pitfalls as core
from ui import cached
from ui.evaluate.sources import SAMPLE_DIR, SAMPLE_QRELS, SAMPLE_RUNS
from ui.literal import literal

RUNS = {name.removeprefix("run_").removesuffix(".txt"): name for name in SAMPLE_RUNS}
SHOWN_DIR = "data/sample"  # the files' paths as the programs name them (from RankLab's folder)
MICRO_KEY, COMPARISONS_KEY = "lab_micro_open", "lab_comparisons_open"
VARIANTS_KEY, VALID_VARIANTS_KEY = "lab_variants", "lab_variants_valid"
SEED_KEY = "lab_seed"


def render(decimals: int) -> None:
    st.header("Mistakes over a whole collection", anchor="collection")
    st.markdown(
        "Two mistakes that no single list shows: how the queries' values are averaged, and "
        "how many comparisons were made before one was called significant. Both on the sample "
        "collection, the one the Evaluate page loads: 30 queries and three runs, weak, medium "
        "and strong, scored under trec_eval's conventions."
    )
    sections = (
        ("Micro-averaging reported as macro", MICRO_KEY, ":material/functions:", _micro),
        (
            "The best of many comparisons without correction",
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


def _queries(qids: list[str]) -> str:
    """'query 315', 'queries 307 and 322', 'queries 1, 2 and 3' (the ids literal)."""
    shown = [literal(q) for q in qids]
    if len(shown) == 1:
        return f"query {shown[0]}"
    return f"queries {', '.join(shown[:-1])} and {shown[-1]}"


def _number(value: float, decimals: int) -> str:
    return f"{value:.{decimals}f}"


def _programs(wrong: str, wrong_note: str, right: str, right_note: str) -> None:
    left, right_col = st.columns(2)
    with left:
        st.markdown("**Wrong**")
        st.code(wrong, language="python")
        st.caption(wrong_note)
    with right_col:
        st.markdown("**Right**")
        st.code(right, language="python")
        st.caption(right_note)


# --- micro-averaging reported as macro ------------------------------------------------------


def _micro(decimals: int) -> None:
    runs = tuple((name, str(SAMPLE_DIR / file)) for name, file in RUNS.items())
    averages = cached.collection_averages(_qrels_path(), runs)
    with_relevant = averages.queries - len(averages.empty)
    st.markdown(
        "Recall is a ratio of counts for each query: relevant documents found ÷ relevant "
        "documents. Over a collection it can be averaged two ways. The **mean** over the "
        "queries (the *macro* average) gives every query the same weight: it is what "
        "`trec_eval -c`'s `all` line reports, and what *mean R@100* means. **Pooling** the counts "
        "first (the *micro* average: relevant documents found in all queries ÷ relevant "
        "documents in all queries) gives every document the same weight. The mistake is to "
        "compute the second and report it under the name of the first."
    )
    st.dataframe(
        averages.table,
        hide_index=True,
        key="lab_micro_table",
        column_config={
            "macro": st.column_config.NumberColumn("mean (macro)", format=f"%.{decimals}f"),
            "micro": st.column_config.NumberColumn("pooled (micro)", format=f"%.{decimals}f"),
            "macro_with_relevant": st.column_config.NumberColumn(
                f"mean over the {with_relevant} queries with a relevant document",
                format=f"%.{decimals}f",
            ),
        },
    )
    missing = [
        f"Run {literal(run)} has no results for {_queries(qids)}"
        for run, qids in averages.missing.items()
        if qids
    ]
    st.caption(
        f"{averages.queries} queries, {averages.relevant_total} relevant documents (grade ≥ 1). "
        + ("; ".join(missing) + ": scored 0, as trec_eval -c does. " if missing else "")
    )
    for row in averages.orders.itertuples():
        macro = " > ".join(literal(r) for r in row.macro_order)
        micro = " > ".join(literal(r) for r in row.micro_order)
        order = "the same order" if row.same_order else f"another order: {micro}"
        st.markdown(
            f"**{row.measure}**: the mean orders the runs {macro}; pooling gives {order}. "
            f"Best minus worst: {_number(row.macro_spread, decimals)} by the mean, "
            f"{_number(row.micro_spread, decimals)} pooled."
        )
    heaviest = averages.heaviest
    empty = averages.empty
    empty_text = (
        f"Q{_queries(empty)[1:]} {'has' if len(empty) == 1 else 'have'} no relevant "
        "document: recall is 0 there in the mean (trec_eval counts such a query, with 0), and "
        "adds nothing to either sum when the counts are pooled. "
        if empty
        else ""
    )
    st.markdown(
        "**Why they differ.** Pooled, each query weighs as much as its number of relevant "
        f"documents; in the mean each weighs 1/{averages.queries} "
        f"({_number(1 / averages.queries, decimals)}). Query {literal(heaviest)} has "
        f"{int(averages.relevant[heaviest])} of the {averages.relevant_total} relevant "
        f"documents: it weighs {_number(averages.micro_weight(heaviest), decimals)} in pooled "
        f"recall, {averages.micro_weight(heaviest) * averages.queries:.1f} times its weight in "
        f"the mean. {empty_text}"
        f"For recall the last column sets the two effects apart: from the mean to it is the "
        "queries without a relevant document; from it to the pooled ratio is the weighting "
        "alone. P@10 "
        "divides by 10 for every query, so its mean and its pooled ratio are the same. A table "
        "that says *mean R@100* must hold the mean."
    )
    two = cached.two_queries()
    rows = two.table.set_index("run")
    flip = two.orders.iloc[0]
    changed = [r.measure for r in averages.orders.itertuples() if not r.same_order]
    here = (
        f"On this collection pooling changes the order for {', '.join(changed)}."
        if changed
        else "On this collection pooling keeps the order of the runs. It need not:"
    )
    st.markdown(
        f"{here} Two queries, q1 "
        "with 1 relevant document and q2 with 9. Run A finds q1's and 1 of q2's; run B none of "
        f"q1's and 4 of q2's. {core.TWO_QUERIES_MEASURE} by the mean: A "
        f"{_number(rows.loc['A', 'macro'], decimals)}, B "
        f"{_number(rows.loc['B', 'macro'], decimals)}; pooled: A "
        f"{_number(rows.loc['A', 'micro'], decimals)}, B "
        f"{_number(rows.loc['B', 'micro'], decimals)}. The mean puts "
        f"{' > '.join(flip.macro_order)}, pooling {' > '.join(flip.micro_order)}."
    )
    st.markdown(
        f"**The two programs**, for R@{core.PROGRAM_K}: plain Python that reads the TREC files "
        "itself (run it from RankLab's folder, or change the two file names)."
    )
    run = st.radio(
        "Run", list(RUNS), index=2, horizontal=True, key="lab_micro_run", persist_state="session"
    )
    measure = f"R@{core.PROGRAM_K}"
    values = averages.table[(averages.table["run"] == run) & (averages.table["measure"] == measure)]
    shown = {"qrels": f"{SHOWN_DIR}/{SAMPLE_QRELS}", "run": f"{SHOWN_DIR}/{RUNS[run]}"}
    _programs(
        core.recall_program(shown["qrels"], shown["run"], core.PROGRAM_K, wrong=True),
        f"Sets mean_recall = {_number(values['micro'].iloc[0], decimals)}: the pooled "
        "ratio under the mean's name.",
        core.recall_program(shown["qrels"], shown["run"], core.PROGRAM_K, wrong=False),
        f"Sets mean_recall = {_number(values['macro'].iloc[0], decimals)}, the mean over "
        f"the {averages.queries} queries, as trec_eval -c reports it.",
    )


# --- the best of many comparisons without correction ----------------------------------------


def _draw_again() -> None:
    """Callback: the next seed."""
    st.session_state[SEED_KEY] = st.session_state.get(SEED_KEY, core.SEED) + 1


def _variants(column) -> int:
    """The m typed, or the last valid one after saying what is wrong at the control."""
    with column:
        typed = st.number_input(
            "Variants m",
            value=core.VARIANTS,
            step=1,
            key=VARIANTS_KEY,
            persist_state="session",
            help=f"A whole number from {core.MIN_VARIANTS} to {core.MAX_VARIANTS}.",
        )
        try:
            m = core.check_variants(typed)
        except ValueError as err:
            m = st.session_state.get(VALID_VARIANTS_KEY, core.VARIANTS)
            st.error(f"{literal(err)} The table is for m = {m}.", icon=":material/error:")
        st.session_state[VALID_VARIANTS_KEY] = m
    return m


def _comparisons(decimals: int) -> None:
    st.markdown(
        "Compare many systems, settings or seeds with a baseline, pick the one with the "
        "smallest p-value, and report it as significant: with enough comparisons one comes out "
        "below 0.05 by chance alone. Here nothing differs by construction. Each *variant* is a "
        "run's per-query AP plus noise drawn independently for every query from a normal "
        f"distribution with mean 0 and standard deviation {core.SIGMA} (not clipped to [0, 1], "
        "so that it stays zero-mean), and each is compared with the run by the paired t-test. "
        "The run cancels out: each difference is the noise alone, so any run gives the same "
        "p-values (the run picked only names the file in the programs)."
    )
    run_col, m_col, seed_col = st.columns([2, 1, 2])
    with run_col:
        run = st.radio(
            "Run", list(RUNS), index=1, horizontal=True, key="lab_null_run",
            persist_state="session",
        )  # fmt: skip
    m = _variants(m_col)
    seed = st.session_state.setdefault(SEED_KEY, core.SEED)
    with seed_col:
        st.button(
            "Draw again", on_click=_draw_again, key="lab_draw_again", icon=":material/casino:"
        )
        st.caption(f"Seed {seed}: the same seed draws the same variants.")
    values = cached.per_query_of_files(_qrels_path(), str(SAMPLE_DIR / RUNS[run]))
    try:
        result = cached.null_comparisons(values, m, seed)
    except ValueError as err:
        st.error(literal(err), icon=":material/error:")
        return
    alpha = _number(result.alpha, 2)
    places = max(decimals, 4)  # a probability keeps 4 decimals whatever the Playground shows
    cards = st.columns(4)
    cards[0].metric(f"p < {alpha}, uncorrected", f"{result.significant} of {m}")
    cards[1].metric(f"Smallest p (variant {result.best})", _number(result.best_p, places))
    cards[2].metric("Its Holm-adjusted p", _number(result.best_holm, places))
    cards[3].metric(f"Holm-adjusted p < {alpha}", f"{result.significant_holm} of {m}")
    share = f"{result.alpha:.0%}"
    best = result.table.set_index("variant").loc[result.best, "mean_difference"]
    if result.best_p < result.alpha:
        claim = (
            f"Reporting variant {result.best} as significantly different from the run with "
            f"p = {_number(result.best_p, places)} (it is {'better' if best > 0 else 'worse'}: "
            f"mean difference {best:+.{places}f}) reports that chance as {share}."
        )
    else:
        claim = (
            f"This draw has no variant below {alpha}, as (1 − {alpha})^{m} = "
            f"{_number(1 - result.at_least_one, places)} of draws have none: draw again."
        )
    st.markdown(
        f"When nothing differs, each test alone comes out below {alpha} in {share} of draws: "
        "it sees the noise, normal with mean 0, for which the t-test is exact. About "
        f"{alpha} × {m} = {_number(result.expected, 2)} of the {m} variants are expected below "
        f"it, and the chance that **at least one** of {m} independent tests is below it is "
        f"1 − (1 − {alpha})^{m} = **{_number(result.at_least_one, places)}**. {claim} "
        "Holm's adjustment (1979) multiplies the smallest p by m, the next by m − 1, and so on "
        "(each at least the one before, at most 1), which keeps the chance of any false call "
        f"at most {share} whatever the dependence between the tests: the smallest p becomes "
        f"{_number(result.best_holm, places)}."
    )
    st.dataframe(
        result.table,
        hide_index=True,
        key="lab_null_table",
        column_config={
            "mean_difference": st.column_config.NumberColumn(
                "mean difference", format=f"%.{decimals}f"
            ),
            "t": st.column_config.NumberColumn("t", format=f"%.{decimals}f"),
            "p": st.column_config.NumberColumn("p", format=f"%.{places}f"),
            "significant": st.column_config.CheckboxColumn(f"p < {alpha}"),
            "holm": st.column_config.NumberColumn("Holm p", format=f"%.{places}f"),
            "significant_holm": st.column_config.CheckboxColumn(f"Holm p < {alpha}"),
        },
    )
    st.markdown(
        "**The two programs**: the same draw, with scipy's `ttest_rel` for the t-test; the "
        "wrong one reads the smallest p alone, the right one adjusts the m p-values first."
    )
    label = f"per-query AP of {SHOWN_DIR}/{RUNS[run]}, trec_eval's conventions and query order"
    verdict = {True: "significant", False: "not significant"}
    _programs(
        core.comparisons_program(values, label, m, seed, wrong=True),
        f"Sets best_p = {_number(result.best_p, decimals)} (variant {result.best}): "
        f"{verdict[result.best_p < result.alpha]}.",
        core.comparisons_program(values, label, m, seed, wrong=False),
        f"Sets best_p = {_number(result.best_holm, decimals)} (variant {result.best}): "
        f"{verdict[result.best_holm < result.alpha]}.",
    )
