"""Discounts and reader models: the weight each rank gets under every discount, the reader each
one models (C/W/L), and where the weight goes. Computed by metrics.explore.profiles, drawn by
ui.explore_figures."""

import math

import streamlit as st

from metrics.explore import profiles
from ui import cached, playground_inputs
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
