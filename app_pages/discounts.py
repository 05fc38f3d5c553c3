"""Discounts and reader models: the weight each rank gets under every discount, the reader each
one models (C/W/L), where the weight goes, and the readers of the C/W/L measures and AP on the
Playground's list. Computed by metrics.explore.profiles and metrics.core.cwl, drawn by
ui.explore_figures."""

import math

import streamlit as st

from i18n import _
from metrics.core import cwl
from metrics.core.specs import SPECS
from metrics.explore import profiles
from ui import cached, playground_inputs, rank_table
from ui.literal import literal

st.title("Discounts and reader models")
st.markdown(
    "A discount is a model of a reader: the weight of rank *i* is how much attention the "
    "measure assumes rank *i* gets. Compare the profiles, then read them as readers who go on "
    "from rank *i* to *i + 1* with probability C(*i*) (the C/W/L framework of Moffat, Bailey, "
    "Scholer & Thomas, ACM TOIS 2017)."
)
inputs = playground_inputs.read()

N_KEY, K_KEY = "disc_n", "disc_k"
# the number columns of a list's reader's per-rank table (after rank and doc_id): column -> label
READER_NUMBERS = {"grade": "grade", "gain": "gain g(i)", "continuation": "C(i)", "weight": "W(i)",
                  "stop": "L(i)", "contribution": "W(i) g(i)"}  # fmt: skip
# the profiles in the order profiles.standard_conventions gives them, then ERR's
PROFILE_KEYS = ("log2", "log_b", "jk", "p1", "p2", "p3", "1/i", "flat", "err")
with st.container(border=True):
    depth, cut, base, jk_base = st.columns(4)
    n = depth.slider("Ranks shown N", 5, 100, 20, key=N_KEY, persist_state="session")
    if K_KEY not in st.session_state or st.session_state[K_KEY] > n:
        st.session_state[K_KEY] = min(st.session_state.get(K_KEY, 10), n)
    k = cut.slider(
        "Cutoff k",
        1,
        n,
        key=K_KEY,
        persist_state="session",
        help="Normalised weights sum to 1 within k; the C/W/L view reads the profiles cut at k.",
    )
    log_base = base.number_input(
        "log base b of 1/log_b(i+1)", 1.1, 100.0, math.e, 0.1, key="disc_b", persist_state="session"
    )
    jk = jk_base.number_input(
        "b of rank-b (JK)", 1.1, 100.0, 2.0, 0.1, key="disc_jk", persist_state="session"
    )
    p_cols = st.columns(3)
    ps = [
        col.slider(
            f"geometric p{i + 1}",
            0.05,
            0.99,
            default,
            0.01,
            key=f"disc_p{i}",
            persist_state="session",
        )
        for i, (col, default) in enumerate(zip(p_cols, (0.5, 0.8, 0.95), strict=True))
    ]
    normalise_box, log_box = st.columns(2)
    normalise = normalise_box.toggle(
        "Normalise to sum 1 within k", key="disc_norm", persist_state="session"
    )
    log_y = log_box.toggle("Log y axis", key="disc_logy", persist_state="session")
    picked_box = st.container()  # the profiles to plot, filled once their labels are known

conventions = profiles.standard_conventions(log_base=log_base, jk_base=jk, ps=ps)
shown = [profiles.discount_profile(c, n, k) for c in conventions]
if inputs.ordered is None:
    st.info(
        f"ERR's stopping distribution needs the Playground's list: {literal(inputs.problem)}",
        icon=":material/info:",
    )
else:
    try:
        shown.append(profiles.err_profile(inputs.ordered, inputs.convention, n))
    except ValueError as err:  # e.g. ERR's top grade below a grade in the list
        st.error(f"ERR's stopping distribution: {err}", icon=":material/error:")
    st.caption(inputs.caption(page_k=k))

# each profile keeps its slot (colour and dash) whichever are picked; ERR's is the last
slots = {p.label: i for i, p in enumerate(shown)}
keys = dict(zip(PROFILE_KEYS, [p.label for p in shown], strict=False))
picked = picked_box.multiselect(
    "Profiles in the plots",
    list(PROFILE_KEYS),
    default=["log2", "p2"],
    format_func=lambda key: keys.get(key, profiles.ERR_LABEL),
    key="disc_shown",
    persist_state="session",
    help="The two the page is about by default: log2 against geometric p = 0.8.",
)
plotted = [p for p in shown if p.label in {keys.get(key) for key in picked}]
frame = profiles.weights_frame(plotted, k, normalise)
st.plotly_chart(
    cached.profile_weights_figure(frame, k, log_y, normalise, slots),
    key="disc_profiles",
    alt="Weight of each rank under each discount profile",
)

st.subheader(f"Weights at ranks {', '.join(map(str, profiles.TABLE_RANKS))}")
st.caption(
    "Raw weights (rank 1 weighs 1 under every profile but 1/log_b(i+1)). Under p = 0.5 the "
    "tenth rank is already worth 0.00195 of the first; under 1/log2(i+1) it keeps 0.289."
)
depth_20 = max(profiles.TABLE_RANKS)
table = profiles.weights_at([profiles.discount_profile(c, depth_20, k) for c in conventions])
st.dataframe(
    table,
    hide_index=True,
    column_config={
        name: st.column_config.NumberColumn(name, format="%.3g") for name in table.columns[1:]
    },
    key="disc_weights_table",
)

st.subheader("The reader each profile models")
summary = profiles.summary(shown, k)
st.markdown("\n".join(f"- **{row.profile}**: {row.reader}" for row in summary.itertuples()))
st.dataframe(
    summary.drop(columns="reader"),
    hide_index=True,
    height="content",
    column_config={
        "W(1)": st.column_config.NumberColumn(format="%.3f"),
        "expected depth": st.column_config.NumberColumn(
            f"expected depth (within k = {k})",
            format="%.2f",
            help="1/W(1): how many documents the reader looks at on average.",
        ),
    },
    key="disc_summary_table",
)

st.subheader("Where does the weight go?")
st.markdown(
    f"The share of each profile's weight within k = {k} spent by rank *i*. A reader model "
    "that has spent 90% of its weight by rank 3 barely looks further; one that needs all "
    "of k reads patiently."
)
st.plotly_chart(
    cached.weight_spent_figure(profiles.weights_frame(plotted, k, normalise=True), k, slots),
    key="disc_spent",
    alt="Cumulative share of each profile's weight within k",
)

with st.expander("C/W/L table of one profile", icon=":material/table:"):
    st.markdown(
        "V(*i*): the chance the reader sees rank *i*; W(*i*) = V(*i*)/Σ V: the weight; "
        "C(*i*) = W(*i*+1)/W(*i*): the chance of going on; L(*i*) = V(*i*) − V(*i*+1): the "
        "chance rank *i* is the last one read; expected depth = 1/W(1)."
    )
    labels = [p.label for p in shown]
    chosen = st.selectbox("Profile", labels, key="disc_cwl_profile")
    st.dataframe(
        profiles.cwl(shown[labels.index(chosen)], k),
        hide_index=True,
        column_config={c: st.column_config.NumberColumn(format="%.4f") for c in "VWCL"},
        key="disc_cwl_table",
    )

st.subheader("Readers who adapt to the list")
st.markdown(
    "The profiles above give rank *i* the same weight whatever the list holds. A C/W/L measure "
    "may let its reader react to what is read: INST's reader reads on while gain is still "
    "wanted (its C(*i*) grows with T minus the gain found so far), and the NERRs' reader stops "
    "when satisfied (C(*i*) shrinks with the gain just read), so their C, W and L change with "
    "the list. INSQ's C(*i*) = ((*i* + 2T − 1)/(*i* + 2T))² reads only the rank and T: its "
    "reader is the same for every list. As cwl_eval does, the weights spread over "
    f"{cwl.DEPTH} ranks, the list followed by documents that gain nothing, so a short list "
    "keeps only part of the attention."
)
with st.container(border=True):
    pick, setting = st.columns(2)
    family = pick.selectbox(
        "Measure",
        cwl.READER_FAMILIES,
        format_func=lambda name: SPECS[name].title,
        key="disc_reader",
        persist_state="session",
    )
    reads = cwl.reader_parameters(family)
    params = {}
    if "t" in reads:
        params["T"] = setting.number_input(
            "T, the gain the reader wants",
            0.0,
            100.0,
            cwl.DEFAULT_T,
            0.5,
            key="disc_reader_t",
            persist_state="session",
        )
    if "p" in reads:
        params["p"] = setting.slider(
            "p, the chance of reading on past an unsatisfying document",
            0.01,
            0.99,
            cwl.DEFAULT_P,
            0.01,
            key="disc_reader_p",
            persist_state="session",
        )
    if "k" in reads:
        setting.caption(f"Reads at most k = {k} documents: the page's cutoff.")
    if not reads:
        setting.caption(
            f"{family} has no parameter: it reads the whole list, a document relevant when its "
            f"grade is at least {inputs.convention.rel_threshold:g} (the Playground's threshold)."
        )
    spec = SPECS[family]
    st.markdown(f"**{spec.title}**: {_(spec.description)} {_(spec.reader)}")

if inputs.ordered is None:
    st.info(
        f"The readers need the Playground's list: {literal(inputs.problem)}",
        icon=":material/info:",
    )
else:
    try:
        reader = cwl.list_reader(family, inputs.ordered, inputs.convention, k=k, **params)
    except ValueError as err:  # e.g. T = 0
        setting.error(literal(err), icon=":material/error:")
    else:
        value_box, depth_box, share_box = st.columns(3)
        value_box.metric(
            reader.name,
            f"{reader.value:.4f}",
            help="EU = Σ W(i) g(i): the sum of the table's contributions.",
        )
        depth = reader.details["expected_depth"]
        depth_box.metric(
            "expected depth",
            f"{depth:.2f}" if math.isfinite(depth) else "none",
            help="How many documents the reader reads on average. For the C/W/L measures "
            f"1/W(1), W over {cwl.DEPTH} ranks; for AP, of the readers who stop within the "
            "list, h / Σ 1/j over the relevant ranks j = (h/R)/W(1), h the relevant documents "
            "retrieved ('none': no reader stops within the list).",
        )
        share_box.metric(
            "attention inside the list",
            f"{reader.details['weight_in_list']:.1%}",
            help="Σ W(i) over the list's own ranks.",
        )
        if reader.note:
            st.caption(reader.note)
        shown = reader.table.head(n)
        st.plotly_chart(
            cached.cwl_reader_figure(
                shown, f"{reader.name} on this list: C, W and L at ranks 1..{len(shown)}"
            ),
            key="disc_reader_figure",
            alt="C(i), W(i) and L(i) of the chosen measure's reader over the list's gains",
        )
        rank_table.show(
            reader.table[["rank", "doc_id", *READER_NUMBERS]],
            {"doc_id": st.column_config.TextColumn("doc")}
            | {
                column: st.column_config.NumberColumn(label, format="%.4g")
                for column, label in READER_NUMBERS.items()
            },
        )
