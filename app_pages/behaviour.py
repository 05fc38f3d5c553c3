"""Metric behaviour: how each measure responds to where one relevant document sits, to swapping
two documents, to repeating a relevant document, to repeating one meaning of an ambiguous query
(the diversity measures), and to every reordering of the Playground's list. Computed by
rankwork.explore.behaviour and rankwork.explore.novelty, drawn by ui.explore_figures, the heavy
parts through ui.cached (a widget change recomputes only what its inputs changed)."""

import zlib
from functools import partial

import numpy as np
import streamlit as st

from i18n import N_, _
from rankwork.explore import behaviour, novelty, orderings
from ui import cached, language, swap
from ui.evaluate.sources import SAMPLE_DIR, SAMPLE_QRELS, SAMPLE_RUNS
from ui.literal import literal
from ui.numbers import grouped
from ui.playground import readout

LAST_SWAP = "beh_last_swap"


def _count(number: int) -> str:
    """A count as text: exact up to a million, else its order of magnitude (they get huge:
    1,000 documents have up to 1000! orderings)."""
    if number < 10**6:
        return grouped(number)
    return _("about 10^{power}").format(power=len(str(number)) - 1)


def _within(key: str, hi: int, default: int) -> None:
    """Keep a number input's value within 1..hi when the range shrinks (no widget default is
    passed for these keys, so setting the state here is the only value they get)."""
    st.session_state[key] = max(1, min(int(st.session_state.get(key, default)), hi))


st.title(_("Metric behaviour"))
st.markdown(
    _(
        "[Position sweep](#sweep) · [Swap deltas](#swaps) · [Redundancy](#redundancy) · "
        "[Diversity](#diversity) · [Incomplete judgments](#incomplete) · [Landscape](#landscape)"
    )
)
inputs = readout.read()
convention, k, top = inputs.convention, inputs.k, inputs.scale_max
st.caption(inputs.caption())
grades = list(range(1, top + 1))

# --- position sweep --------------------------------------------------------------------------
st.header(_("Position sweep"), anchor="sweep")
st.markdown(
    _(
        "One relevant document moves from rank 1 to rank N of an otherwise non-relevant list. "
        "nDCG, ERR, AP and RR read the whole list, P and R stop at k, RBP has no cutoff. With one "
        "relevant document **RR = AP = 1/r**, **nDCG = 1/log2(r+1)** (with the log2 discount), "
        "and **P@k = 1/k, R@k = 1 while r ≤ k**. Add a second relevant document to see them "
        "break."
    )
)
g_col, n_col, second_col = st.columns(3)
grade = g_col.selectbox(
    _("grade of the moving document"), grades, index=min(1, top - 1), key="beh_grade"
)
n = n_col.slider(_("list length N"), 2, 100, 20, key="beh_n", persist_state="session")
with second_col:
    second = None
    if st.toggle(_("add a second relevant document"), key="beh_second"):
        s_col, s_grade_col = st.columns(2)
        _within("beh_second_rank", n, 3)
        s_rank = s_col.number_input(_("at rank"), 1, n, key="beh_second_rank")
        s_grade = s_grade_col.selectbox(
            _("of grade"), grades, index=grades.index(grade), key="beh_second_grade"
        )
        second = (int(s_rank), float(s_grade))
if grade < convention.rel_threshold:
    st.info(
        _(
            "Grade {grade} is below the relevance threshold {threshold:g}: P, R, AP and RR see no "
            "relevant document."
        ).format(grade=grade, threshold=convention.rel_threshold),
        icon=":material/info:",
    )
try:
    sweep = cached.sweep(grade, n, convention, k, top, second)
except ValueError as err:
    st.error(literal(err), icon=":material/error:")
else:
    if second:
        title = _(
            "One grade-{grade} document at rank r, a grade-{second_grade:g} one fixed at rank "
            "{second_rank}"
        ).format(grade=grade, second_grade=second[1], second_rank=second[0])
    else:
        title = _("One grade-{grade} document at rank r").format(grade=grade)
    st.plotly_chart(
        cached.position_sweep_figure(sweep, title),
        key="beh_sweep_plot",
        alt=_("Every measure against the rank of the relevant document"),
    )
    check = behaviour.identity_check(sweep, behaviour.identities(n, convention, k))
    check["identity"] = [_(text) for text in check["identity"]]  # behaviour.IDENTITY_TEXT
    check["holds"] = np.where(check["holds"], _("✓ holds"), _("✗ breaks"))
    st.dataframe(
        check,
        hide_index=True,
        key="beh_identities",
        column_config={
            **language.headers(N_("identity")),
            "largest gap": st.column_config.NumberColumn(_("largest gap"), format="%.4f"),
            **language.headers(N_("holds")),
        },
    )

# --- swap deltas -----------------------------------------------------------------------------
st.header(_("Swap deltas"), anchor="swaps")
st.markdown(
    _(
        "How much the measure would change if the documents at ranks *i* and *j* of the "
        "Playground's list swapped places: blue helps, red hurts. When LambdaRank learns to rank, "
        "it multiplies RankNet's gradient for each pair by |ΔnDCG| (Burges 2010). **Click a "
        "square to make that swap** on the Playground's list."
    )
)


def _apply_click(chart_key: str) -> None:
    pair = swap.selected_pair(st.session_state.get(chart_key))
    if pair is not None:
        _apply(*pair)


def _apply(doc_a: str, doc_b: str) -> None:
    swap.apply(doc_a, doc_b)
    st.session_state[LAST_SWAP] = _("Swapped {a} and {b} on the Playground's list.").format(
        a=literal(doc_a), b=literal(doc_b)
    )


ordered = inputs.ordered
if ordered is None:
    st.info(
        _("The swap deltas need the Playground's list: {problem}").format(
            problem=literal(inputs.problem)
        ),
        icon=":material/info:",
    )
elif len(ordered) < 2:
    st.info(
        _("A swap needs at least two documents: add one on the Playground."),
        icon=":material/info:",
    )
else:
    measure = st.radio(
        _("measure"), behaviour.SWAP_MEASURES, horizontal=True, key="beh_swap_measure"
    )
    try:
        deltas = cached.swap_deltas(ordered, convention, k, measure)
    except ValueError as err:
        st.error(literal(err), icon=":material/error:")
    else:
        if LAST_SWAP in st.session_state:
            st.success(st.session_state.pop(LAST_SWAP), icon=":material/swap_vert:")
        name = measure if measure == "RBP" else f"{measure}@{k}"
        st.metric(_("{name} of the list now").format(name=name), f"{deltas.value:.4f}")
        if deltas.method == "breakdown":
            note = _("Δ{measure} read off the breakdown: only the two swapped terms change.")
        else:
            note = _("Δ{measure} computed by rebuilding each of the {count} swapped lists.")
        note = note.format(measure=measure, count=deltas.size * (deltas.size - 1) // 2)
        if deltas.truncated:
            note += " " + _(
                "The grid shows the swaps among the first {size} of the {length} ranks (larger "
                "grids are not readable, and rebuilding every swapped list grows with the square "
                "of the length)."
            ).format(size=deltas.size, length=deltas.list_length)
        st.caption(note)
        ids = ordered.doc_ids[: deltas.size]
        chart_key = f"beh_swap_grid_{zlib.crc32(repr(ordered.doc_ids).encode())}"
        st.plotly_chart(
            cached.swap_matrix_figure(deltas.delta, ids, measure),
            key=chart_key,
            on_select=partial(_apply_click, chart_key),
            selection_mode="points",
            config={"displayModeBar": False},
            alt=_("Swap deltas: click a square to swap those two documents"),
        )
        with st.container(horizontal=True, vertical_alignment="bottom"):
            _within("beh_swap_i", deltas.size, 1)
            _within("beh_swap_j", deltas.size, 2)
            i = st.number_input(_("swap rank i"), 1, deltas.size, key="beh_swap_i", width=140)
            j = st.number_input(_("and rank j"), 1, deltas.size, key="beh_swap_j", width=140)
            st.button(
                _("Swap"),
                on_click=_apply,
                args=(ids[i - 1], ids[j - 1]),
                disabled=i == j,
                icon=":material/swap_vert:",
                key="beh_swap_button",
            )
        st.markdown(_("**The swaps that change {name} most**").format(name=name))
        st.dataframe(
            behaviour.largest_swaps(deltas, ordered.doc_ids),
            hide_index=True,
            key="beh_largest_swaps",
            column_config={
                **language.headers(N_("rank i"), N_("doc i"), N_("rank j"), N_("doc j")),
                "delta": st.column_config.NumberColumn(_("delta"), format="%+.4f"),
            },
        )

# --- redundancy ------------------------------------------------------------------------------
st.header(_("Redundancy"), anchor="redundancy")
st.markdown(
    _(
        "Put *c* copies of a highly relevant document at the top (the judgments hold as many as "
        "the list is long, so the ideal ranking stays the same). ERR's reader is satisfied by the "
        "first copy and rarely reads on, so ERR **saturates**; nDCG **keeps adding** each copy's "
        "discounted gain. Both measures read the whole list here."
    )
)
r_col, c_col = st.columns(2)
r_grade = r_col.selectbox(_("grade of the copies"), grades, index=top - 1, key="beh_red_grade")
copies = c_col.slider(_("list length (most copies)"), 1, 20, 10, key="beh_red_copies")
try:
    repeated = cached.redundancy(r_grade, copies, convention, copies, top)
except ValueError as err:
    st.error(literal(err), icon=":material/error:")
else:
    first, last = repeated.iloc[min(1, copies)], repeated.iloc[-1]
    st.markdown(
        _(
            "The first copy brings ERR to **{err_first:.4f}**; the other {others} add "
            "**{err_rest:.4f}** together. nDCG gets **{ndcg_first:.4f}** from the first and "
            "**{ndcg_rest:.4f}** from the rest."
        ).format(
            err_first=first["ERR"],
            others=copies - 1,
            err_rest=last["ERR"] - first["ERR"],
            ndcg_first=first["nDCG"],
            ndcg_rest=last["nDCG"] - first["nDCG"],
        )
    )
    st.plotly_chart(
        cached.redundancy_figure(repeated),
        key="beh_redundancy_plot",
        alt=_("ERR and nDCG against the number of copies"),
    )
    with st.expander(_("Values"), icon=":material/table:"):
        st.dataframe(
            repeated,
            hide_index=True,
            key="beh_redundancy_table",
            column_config={
                **language.headers(N_("copies")),
                "ERR added": st.column_config.Column(_("{measure} added").format(measure="ERR")),
                "nDCG added": st.column_config.Column(_("{measure} added").format(measure="nDCG")),
            },
        )

# --- diversity -------------------------------------------------------------------------------
st.header(_("Diversity"), anchor="diversity")
st.markdown(
    _(
        "The query *jaguar* means the car, the cat or the OS. Six documents are relevant, each to "
        "one meaning: three about the car, two about the cat, one about the OS. The **covering** "
        "list shows every meaning by rank 3 (car, cat, OS, car, cat, car); the **repeating** list "
        "shows the car three times first (car, car, car, cat, cat, OS). nDCG reads one grade per "
        "document, so both lists are ideal to it. α-nDCG counts a meaning already seen *c* times "
        "as (1 − α)^c: at α = 0 it is nDCG with binary gains, at α = 1 only the first document of "
        "each meaning counts."
    )
)
div_k = st.slider(_("cutoff k"), 1, len(novelty.LISTS["covering"]), 3, key="beh_div_k")
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
    key="beh_novelty_plot",
    alt=_("α-nDCG and nDCG of the covering and the repeating list against α"),
)
with st.expander(
    _("Why α-nDCG can be above 1: the ideal ranking is greedy"), icon=":material/info:"
):
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
        key="beh_greedy_table",
        column_config=language.headers(
            N_("rank"), N_("picked"), N_("subtopics"), N_("gain"), N_("tied with")
        ),
    )

# --- incomplete judgments --------------------------------------------------------------------
st.header(_("Incomplete judgments"), anchor="incomplete")
st.markdown(
    _(
        "The sample collection's three runs, scored as {low}, {mid} and {high} of each query's "
        "judgments are withheld at random (5 draws each, averaged; a withheld judgment becomes "
        "-1, *in the pool but not judged*, as trec_eval writes it). **AP** counts every unjudged "
        "document as non-relevant, so it falls as judgments go. **bpref** reads only judged "
        "documents, **infAP** estimates AP from the judged sample of the pool (Yilmaz & Aslam, "
        "CIKM 2006), and **AP′** and **nDCG′** score the *condensed* list, the unjudged "
        "documents removed (Sakai, SIGIR 2007): they hold. Judgments withheld at random are what "
        "infAP assumes; judgments missing because the pool was shallow are not random, and hold "
        "less well."
    ).format(low="10%", mid="30%", high="50%")  # no "%" in the text: gettext reads "% o" as one
)
runs = {name.removeprefix("run_").removesuffix(".txt"): name for name in SAMPLE_RUNS}
chosen = st.segmented_control(_("run"), list(runs), default="medium", key="beh_withheld_run")
sample = [(name, str(SAMPLE_DIR / file)) for name, file in runs.items()]
degraded = cached.withheld(str(SAMPLE_DIR / SAMPLE_QRELS), sample)
chosen = chosen or "medium"
st.plotly_chart(
    cached.withheld_figure(degraded, chosen),
    key="beh_withheld_plot",
    alt=_("each measure of the run against the share of judgments withheld"),
)
with st.expander(_("Values"), icon=":material/table:"):
    pivot = degraded[degraded["run"] == chosen].pivot(
        index="measure", columns="share", values="mean"
    )
    st.dataframe(
        pivot.rename_axis(index=_("measure"), columns=_("share")),  # headers shown translated
        key="beh_withheld_table",
    )

# --- landscape -------------------------------------------------------------------------------
st.header(_("Landscape"), anchor="landscape")
st.markdown(
    _(
        "Every ordering of the grades in the Playground's list, scored by each measure: where "
        "does this list's order sit among all the orders it could have had?"
    )
)
if ordered is None:
    st.info(
        _("The landscape needs the Playground's list: {problem}").format(
            problem=literal(inputs.problem)
        ),
        icon=":material/info:",
    )
else:
    try:
        scape = cached.landscape(ordered, convention, k)
    except ValueError as err:
        st.error(literal(err), icon=":material/error:")
    else:
        if scape.distinct == 1:
            st.caption(
                _("These grades have a single distinct ordering: every order scores the same.")
            )
        elif scape.exact:
            st.caption(
                _("All {count} distinct orderings of the {n} grades.").format(
                    count=grouped(scape.distinct), n=len(ordered)
                )
            )
        else:
            st.caption(
                _(
                    "{count} random orderings (seeded, so the same every time) of the {n} "
                    "grades, which have {distinct} distinct orderings: exact enumeration stops "
                    "at {limit} documents."
                ).format(
                    count=grouped(len(scape.values)),
                    n=len(ordered),
                    distinct=_count(scape.distinct),
                    limit=orderings.EXACT_MAX_DOCS,
                )
            )
        if convention.ties == "average" and ordered.scores is not None:
            st.caption(
                _(
                    "Orderings carry no scores, so this convention's tie-averaged DCG shapes only "
                    "the list's own nDCG, not the orderings'."
                )
            )
        summary = behaviour.landscape_summary(scape)
        ndcg = summary.set_index("measure").loc["nDCG"]
        if ndcg["min"] == ndcg["max"]:
            st.info(
                _(
                    "Every ordering has the same nDCG@{k} ({value:.4f}): nDCG cannot tell the "
                    "orders of this list apart. That is what happens when all grades are equal: "
                    "every order is then the ideal order."
                ).format(k=k, value=ndcg["min"]),
                icon=":material/info:",
            )
        st.plotly_chart(
            cached.landscape_figure(behaviour.landscape_histograms(scape), scape.current),
            key="beh_landscape_plot",
            alt=_("Distribution of each measure over the orderings, this list marked"),
        )
        st.dataframe(
            summary,
            hide_index=True,
            key="beh_landscape_table",
            column_config=language.headers(N_("measure"))
            | {
                c: st.column_config.NumberColumn(label, format="%.4f")
                for c, label in (
                    ("this list", _("this list")),
                    ("min", _("min")),
                    ("mean", _("mean")),
                    ("max", _("max")),
                )
            }
            | {
                c: st.column_config.NumberColumn(label, format="percent")
                for c, label in (
                    ("share below", _("share below")),
                    ("share equal", _("share equal")),
                    ("share above", _("share above")),
                )
            },
        )
