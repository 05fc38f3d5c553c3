"""Metric behaviour: how each measure responds to where one relevant document sits, to swapping
two documents, to repeating a relevant document, to repeating one meaning of an ambiguous query
(the diversity measures), and to every reordering of the Playground's list. Computed by
metrics.explore.behaviour and metrics.explore.novelty, drawn by ui.explore_figures, the heavy
parts through ui.cached (a widget change recomputes only what its inputs changed)."""

import zlib
from functools import partial

import numpy as np
import streamlit as st

from metrics.explore import behaviour, novelty, orderings
from ui import cached, playground_inputs, swap
from ui.evaluate.sources import SAMPLE_DIR, SAMPLE_QRELS, SAMPLE_RUNS
from ui.literal import literal

LAST_SWAP = "beh_last_swap"


def _count(number: int) -> str:
    """A count as text: exact up to a million, else its order of magnitude (they get huge:
    1,000 documents have up to 1000! orderings)."""
    return f"{number:,}" if number < 10**6 else f"about 10^{len(str(number)) - 1}"


def _within(key: str, hi: int, default: int) -> None:
    """Keep a number input's value within 1..hi when the range shrinks (no widget default is
    passed for these keys, so setting the state here is the only value they get)."""
    st.session_state[key] = max(1, min(int(st.session_state.get(key, default)), hi))


st.title("Metric behaviour")
st.markdown(
    "[Position sweep](#sweep) · [Swap deltas](#swaps) · [Redundancy](#redundancy) · "
    "[Diversity](#diversity) · [Incomplete judgments](#incomplete) · [Landscape](#landscape)"
)
inputs = playground_inputs.read()
convention, k, top = inputs.convention, inputs.k, inputs.scale_max
st.caption(inputs.caption())
grades = list(range(1, top + 1))

# --- position sweep --------------------------------------------------------------------------
st.header("Position sweep", anchor="sweep")
st.markdown(
    "One relevant document moves from rank 1 to rank N of an otherwise non-relevant list. "
    "nDCG, ERR, AP and RR read the whole list, P and R stop at k, RBP has no cutoff. With one "
    "relevant document **RR = AP = 1/r**, **nDCG = 1/log2(r+1)** (with the log2 discount), and "
    "**P@k = 1/k, R@k = 1 while r ≤ k**. Add a second relevant document to see them break."
)
g_col, n_col, second_col = st.columns(3)
grade = g_col.selectbox(
    "grade of the moving document", grades, index=min(1, top - 1), key="beh_grade"
)
n = n_col.slider("list length N", 2, 100, 20, key="beh_n", persist_state="session")
with second_col:
    second = None
    if st.toggle("add a second relevant document", key="beh_second"):
        s_col, s_grade_col = st.columns(2)
        _within("beh_second_rank", n, 3)
        s_rank = s_col.number_input("at rank", 1, n, key="beh_second_rank")
        s_grade = s_grade_col.selectbox(
            "of grade", grades, index=grades.index(grade), key="beh_second_grade"
        )
        second = (int(s_rank), float(s_grade))
if grade < convention.rel_threshold:
    st.info(
        f"Grade {grade} is below the relevance threshold {convention.rel_threshold:g}: P, R, AP "
        "and RR see no relevant document.",
        icon=":material/info:",
    )
try:
    sweep = cached.sweep(grade, n, convention, k, top, second)
except ValueError as err:
    st.error(literal(err), icon=":material/error:")
else:
    title = f"One grade-{grade} document at rank r" + (
        f", a grade-{second[1]:g} one fixed at rank {second[0]}" if second else ""
    )
    st.plotly_chart(
        cached.position_sweep_figure(sweep, title),
        key="beh_sweep_plot",
        alt="Every measure against the rank of the relevant document",
    )
    check = behaviour.identity_check(sweep, behaviour.identities(n, convention, k))
    check["holds"] = np.where(check["holds"], "✓ holds", "✗ breaks")
    st.dataframe(
        check,
        hide_index=True,
        key="beh_identities",
        column_config={"largest gap": st.column_config.NumberColumn(format="%.4f")},
    )

# --- swap deltas -----------------------------------------------------------------------------
st.header("Swap deltas", anchor="swaps")
st.markdown(
    "How much the measure would change if the documents at ranks *i* and *j* of the "
    "Playground's list swapped places: blue helps, red hurts. When LambdaRank learns to rank, "
    "it multiplies RankNet's gradient for each pair by |ΔnDCG| (Burges 2010). **Click a square "
    "to make that swap** on the Playground's list."
)


def _apply_click(chart_key: str) -> None:
    pair = swap.selected_pair(st.session_state.get(chart_key))
    if pair is not None:
        _apply(*pair)


def _apply(doc_a: str, doc_b: str) -> None:
    swap.apply(doc_a, doc_b)
    st.session_state[LAST_SWAP] = (
        f"Swapped {literal(doc_a)} and {literal(doc_b)} on the Playground's list."
    )


ordered = inputs.ordered
if ordered is None:
    st.info(
        f"The swap deltas need the Playground's list: {literal(inputs.problem)}",
        icon=":material/info:",
    )
elif len(ordered) < 2:
    st.info(
        "A swap needs at least two documents: add one on the Playground.", icon=":material/info:"
    )
else:
    measure = st.radio("measure", behaviour.SWAP_MEASURES, horizontal=True, key="beh_swap_measure")
    try:
        deltas = cached.swap_deltas(ordered, convention, k, measure)
    except ValueError as err:
        st.error(literal(err), icon=":material/error:")
    else:
        if LAST_SWAP in st.session_state:
            st.success(st.session_state.pop(LAST_SWAP), icon=":material/swap_vert:")
        name = measure if measure == "RBP" else f"{measure}@{k}"
        st.metric(f"{name} of the list now", f"{deltas.value:.4f}")
        how = (
            "read off the breakdown: only the two swapped terms change"
            if deltas.method == "breakdown"
            else f"computed by rebuilding each of the {deltas.size * (deltas.size - 1) // 2} "
            "swapped lists"
        )
        note = f"Δ{measure} {how}."
        if deltas.truncated:
            note += (
                f" The grid shows the swaps among the first {deltas.size} of the "
                f"{deltas.list_length} ranks (larger grids are not readable, and rebuilding "
                "every swapped list grows with the square of the length)."
            )
        st.caption(note)
        ids = ordered.doc_ids[: deltas.size]
        chart_key = f"beh_swap_grid_{zlib.crc32(repr(ordered.doc_ids).encode())}"
        st.plotly_chart(
            cached.swap_matrix_figure(deltas.delta, ids, measure),
            key=chart_key,
            on_select=partial(_apply_click, chart_key),
            selection_mode="points",
            config={"displayModeBar": False},
            alt="Swap deltas: click a square to swap those two documents",
        )
        with st.container(horizontal=True, vertical_alignment="bottom"):
            _within("beh_swap_i", deltas.size, 1)
            _within("beh_swap_j", deltas.size, 2)
            i = st.number_input("swap rank i", 1, deltas.size, key="beh_swap_i", width=140)
            j = st.number_input("and rank j", 1, deltas.size, key="beh_swap_j", width=140)
            st.button(
                "Swap",
                on_click=_apply,
                args=(ids[i - 1], ids[j - 1]),
                disabled=i == j,
                icon=":material/swap_vert:",
                key="beh_swap_button",
            )
        st.markdown(f"**The swaps that change {name} most**")
        st.dataframe(
            behaviour.largest_swaps(deltas, ordered.doc_ids),
            hide_index=True,
            key="beh_largest_swaps",
            column_config={"delta": st.column_config.NumberColumn(format="%+.4f")},
        )

# --- redundancy ------------------------------------------------------------------------------
st.header("Redundancy", anchor="redundancy")
st.markdown(
    "Put *c* copies of a highly relevant document at the top (the judgments hold as many as "
    "the list is long, so the ideal ranking stays the same). ERR's reader is satisfied by the "
    "first copy and rarely reads on, so ERR **saturates**; nDCG **keeps adding** each copy's "
    "discounted gain. Both measures read the whole list here."
)
r_col, c_col = st.columns(2)
r_grade = r_col.selectbox("grade of the copies", grades, index=top - 1, key="beh_red_grade")
copies = c_col.slider("list length (most copies)", 1, 20, 10, key="beh_red_copies")
try:
    repeated = cached.redundancy(r_grade, copies, convention, copies, top)
except ValueError as err:
    st.error(literal(err), icon=":material/error:")
else:
    first, last = repeated.iloc[min(1, copies)], repeated.iloc[-1]
    st.markdown(
        f"The first copy brings ERR to **{first['ERR']:.4f}**; the other {copies - 1} add "
        f"**{last['ERR'] - first['ERR']:.4f}** together. nDCG gets **{first['nDCG']:.4f}** "
        f"from the first and **{last['nDCG'] - first['nDCG']:.4f}** from the rest."
    )
    st.plotly_chart(
        cached.redundancy_figure(repeated),
        key="beh_redundancy_plot",
        alt="ERR and nDCG against the number of copies",
    )
    with st.expander("Values", icon=":material/table:"):
        st.dataframe(repeated, hide_index=True, key="beh_redundancy_table")

# --- diversity -------------------------------------------------------------------------------
st.header("Diversity", anchor="diversity")
st.markdown(
    "The query *jaguar* means the car, the cat or the OS. Six documents are relevant, each to "
    "one meaning: three about the car, two about the cat, one about the OS. The **covering** "
    "list shows every meaning by rank 3 (car, cat, OS, car, cat, car); the **repeating** list "
    "shows the car three times first (car, car, car, cat, cat, OS). nDCG reads one grade per "
    "document, so both lists are ideal to it. α-nDCG counts a meaning already seen *c* times "
    "as (1 − α)^c: at α = 0 it is nDCG with binary gains, at α = 1 only the first document of "
    "each meaning counts."
)
div_k = st.slider("cutoff k", 1, len(novelty.LISTS["covering"]), 3, key="beh_div_k")
sweep_alpha = cached.alpha_sweep(div_k, convention)
at_half = sweep_alpha[sweep_alpha["alpha"] == 0.5].set_index("list")["alpha_nDCG"]
st.markdown(
    f"At α = 0.5, α-nDCG@{div_k} is **{at_half['covering']:.4f}** for the covering list and "
    f"**{at_half['repeating']:.4f}** for the repeating one; nDCG@{div_k} is "
    f"**{sweep_alpha['nDCG'].iloc[0]:.4f}** for both."
)
st.plotly_chart(
    cached.novelty_figure(sweep_alpha, div_k),
    key="beh_novelty_plot",
    alt="α-nDCG and nDCG of the covering and the repeating list against α",
)
with st.expander("Why α-nDCG can be above 1: the ideal ranking is greedy", icon=":material/info:"):
    above, choices = novelty.greedy_miss(convention)
    st.markdown(
        "Finding the ranking with the largest α-DCG is NP-hard (Clarke et al., SIGIR 2008), so "
        "ndeval and the tools built on it build the ideal greedily: at each rank, the document "
        "that adds "
        "the most novelty gain given those above it (a tie goes to the larger doc id). Four "
        "documents on four subtopics: d1 {2, 4}, d2 {1, 3}, d3 {2, 3}, d4 {4}. The list d1, "
        "d2 covers all four by rank 2; the greedy ideal starts with d3 (d1, d2 and d3 tie at "
        'rank 1) and cannot. So the list beats its "ideal": '
        f"α-nDCG@2 = **{above:.4f}**."
    )
    st.dataframe(novelty.choices_table(choices), hide_index=True, key="beh_greedy_table")

# --- incomplete judgments --------------------------------------------------------------------
st.header("Incomplete judgments", anchor="incomplete")
st.markdown(
    "The sample collection's three runs, scored as 10%, 30% and 50% of each query's judgments "
    "are withheld at random (5 draws each, averaged; a withheld judgment becomes -1, *in the "
    "pool but not judged*, as trec_eval writes it). **AP** counts every unjudged document as "
    "non-relevant, so it falls as judgments go. **bpref** reads only judged documents, "
    "**infAP** estimates AP from the judged sample of the pool (Yilmaz & Aslam, CIKM 2006), "
    "and **AP′** and **nDCG′** score the *condensed* list, the unjudged documents removed "
    "(Sakai, SIGIR 2007): they hold. Judgments withheld at random are what infAP assumes; "
    "judgments missing because the pool was shallow are not random, and hold less well."
)
runs = {name.removeprefix("run_").removesuffix(".txt"): name for name in SAMPLE_RUNS}
chosen = st.segmented_control("run", list(runs), default="medium", key="beh_withheld_run")
sample = [(name, str(SAMPLE_DIR / file)) for name, file in runs.items()]
degraded = cached.withheld(str(SAMPLE_DIR / SAMPLE_QRELS), sample)
chosen = chosen or "medium"
st.plotly_chart(
    cached.withheld_figure(degraded, chosen),
    key="beh_withheld_plot",
    alt="each measure of the run against the share of judgments withheld",
)
with st.expander("Values", icon=":material/table:"):
    st.dataframe(
        degraded[degraded["run"] == chosen].pivot(index="measure", columns="share", values="mean"),
        key="beh_withheld_table",
    )

# --- landscape -------------------------------------------------------------------------------
st.header("Landscape", anchor="landscape")
st.markdown(
    "Every ordering of the grades in the Playground's list, scored by each measure: where does "
    "this list's order sit among all the orders it could have had?"
)
if ordered is None:
    st.info(
        f"The landscape needs the Playground's list: {literal(inputs.problem)}",
        icon=":material/info:",
    )
else:
    try:
        scape = cached.landscape(ordered, convention, k)
    except ValueError as err:
        st.error(literal(err), icon=":material/error:")
    else:
        if scape.distinct == 1:
            st.caption("These grades have a single distinct ordering: every order scores the same.")
        elif scape.exact:
            st.caption(f"All {scape.distinct:,} distinct orderings of the {len(ordered)} grades.")
        else:
            st.caption(
                f"{len(scape.values):,} random orderings (seeded, so the same every time) of "
                f"the {len(ordered)} grades, which have {_count(scape.distinct)} distinct "
                "orderings: "
                f"exact enumeration stops at {orderings.EXACT_MAX_DOCS} documents."
            )
        if convention.ties == "average" and ordered.scores is not None:
            st.caption(
                "Orderings carry no scores, so this convention's tie-averaged DCG shapes only "
                "the list's own nDCG, not the orderings'."
            )
        summary = behaviour.landscape_summary(scape)
        ndcg = summary.set_index("measure").loc["nDCG"]
        if ndcg["min"] == ndcg["max"]:
            st.info(
                f"Every ordering has the same nDCG@{k} ({ndcg['min']:.4f}): nDCG cannot tell "
                "the orders of this list apart. That is what happens when all grades are "
                "equal: every order is then the ideal order.",
                icon=":material/info:",
            )
        st.plotly_chart(
            cached.landscape_figure(behaviour.landscape_histograms(scape), scape.current),
            key="beh_landscape_plot",
            alt="Distribution of each measure over the orderings, this list marked",
        )
        st.dataframe(
            summary,
            hide_index=True,
            key="beh_landscape_table",
            column_config={
                c: st.column_config.NumberColumn(format="%.4f")
                for c in ("this list", "min", "mean", "max")
            }
            | {
                c: st.column_config.NumberColumn(format="percent")
                for c in ("share below", "share equal", "share above")
            },
        )
