"""Discounts and reader models: the weight each rank gets under every discount, the reader each
one models (C/W/L), where the weight goes, and the readers of the C/W/L measures and AP on the
Playground's list. Computed by rankwork.explore.profiles and rankwork.core.cwl, drawn by
ui.explore_figures."""

import math

import streamlit as st

from i18n import N_, _
from rankwork.core import cwl
from rankwork.core.specs import SPECS
from rankwork.explore import profiles
from ui import cached, language, rank_table
from ui.literal import literal
from ui.playground import readout

st.title(_("Discounts and reader models"))
st.markdown(
    _(
        "A discount is a model of a reader: the weight of rank *i* is how much attention the "
        "measure assumes rank *i* gets. Compare the profiles, then read them as readers who go on "
        "from rank *i* to *i + 1* with probability C(*i*) (the C/W/L framework of Moffat, Bailey, "
        "Scholer & Thomas, ACM TOIS 2017)."
    )
)
inputs = readout.read()

N_KEY, K_KEY = "disc_n", "disc_k"
# the number columns of a list's reader's per-rank table (after rank and doc_id): column -> label
READER_NUMBERS = {"grade": N_("grade"), "gain": N_("gain g(i)"), "continuation": "C(i)",
                  "weight": "W(i)", "stop": "L(i)", "contribution": "W(i) g(i)"}  # fmt: skip
# the profiles in the order profiles.standard_conventions gives them, then ERR's
PROFILE_KEYS = ("log2", "log_b", "jk", "p1", "p2", "p3", "1/i", "flat", "err")
with st.container(border=True):
    depth, cut, base, jk_base = st.columns(4)
    n = depth.slider(_("Ranks shown N"), 5, 100, 20, key=N_KEY, persist_state="session")
    if K_KEY not in st.session_state or st.session_state[K_KEY] > n:
        st.session_state[K_KEY] = min(st.session_state.get(K_KEY, 10), n)
    k = cut.slider(
        _("Cutoff k"),
        1,
        n,
        key=K_KEY,
        persist_state="session",
        help=_("Normalised weights sum to 1 within k; the C/W/L view reads the profiles cut at k."),
    )
    log_base = base.number_input(
        _("log base b of 1/log_b(i+1)"),
        1.1,
        100.0,
        math.e,
        0.1,
        key="disc_b",
        persist_state="session",
    )
    jk = jk_base.number_input(
        _("b of rank-b (JK)"), 1.1, 100.0, 2.0, 0.1, key="disc_jk", persist_state="session"
    )
    p_cols = st.columns(3)
    ps = [
        col.slider(
            _("geometric p{number}").format(number=i + 1),
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
        _("Normalise to sum 1 within k"), key="disc_norm", persist_state="session"
    )
    log_y = log_box.toggle(_("Log y axis"), key="disc_logy", persist_state="session")
    picked_box = st.container()  # the profiles to plot, filled once their labels are known

conventions = profiles.standard_conventions(log_base=log_base, jk_base=jk, ps=ps)
shown = [profiles.discount_profile(c, n, k) for c in conventions]
if inputs.ordered is None:
    st.info(
        _("ERR's stopping distribution needs the Playground's list: {problem}").format(
            problem=literal(inputs.problem)
        ),
        icon=":material/info:",
    )
else:
    try:
        shown.append(profiles.err_profile(inputs.ordered, inputs.convention, n))
    except ValueError as err:  # e.g. ERR's top grade below a grade in the list
        st.error(
            _("ERR's stopping distribution: {error}").format(error=err), icon=":material/error:"
        )
    st.caption(inputs.caption(page_k=k))

# each profile keeps its slot (colour and dash) whichever are picked; ERR's is the last
slots = {p.name: i for i, p in enumerate(shown)}
keys = dict(zip(PROFILE_KEYS, [p.label for p in shown], strict=False))
names = {p.label: p.name for p in shown}
err_name = _(profiles.ERR_LABEL)  # translated in the run (see ui.language.labels)
picked = picked_box.multiselect(
    _("Profiles in the plots"),
    list(PROFILE_KEYS),
    default=["log2", "p2"],
    format_func=lambda key: names.get(keys.get(key), err_name),
    key="disc_shown",
    persist_state="session",
    help=_("The two the page is about by default: log2 against geometric p = 0.8."),
)
plotted = [p for p in shown if p.label in {keys.get(key) for key in picked}]
frame = profiles.weights_frame(plotted, k, normalise)
st.plotly_chart(
    cached.profile_weights_figure(frame, k, log_y, normalise, slots),
    key="disc_profiles",
    alt=_("Weight of each rank under each discount profile"),
)

st.subheader(_("Weights at ranks {ranks}").format(ranks=", ".join(map(str, profiles.TABLE_RANKS))))
st.caption(
    _(
        "Raw weights (rank 1 weighs 1 under every profile but 1/log_b(i+1)). Under p = 0.5 the "
        "tenth rank is already worth 0.00195 of the first; under 1/log2(i+1) it keeps 0.289."
    )
)
depth_20 = max(profiles.TABLE_RANKS)
table = profiles.weights_at([profiles.discount_profile(c, depth_20, k) for c in conventions])
st.dataframe(
    table,
    hide_index=True,
    column_config=language.headers(N_("rank"))
    | {name: st.column_config.NumberColumn(name, format="%.3g") for name in table.columns[1:]},
    key="disc_weights_table",
)

st.subheader(_("The reader each profile models"))
summary = profiles.summary(shown, k)
st.markdown("\n".join(f"- **{row.profile}**: {row.reader}" for row in summary.itertuples()))
st.dataframe(
    summary.drop(columns="reader"),
    hide_index=True,
    height="content",
    column_config={
        **language.headers(N_("profile")),
        "W(1)": st.column_config.NumberColumn(format="%.3f"),
        "expected depth": st.column_config.NumberColumn(
            _("expected depth (within k = {k})").format(k=k),
            format="%.2f",
            help=_("1/W(1): how many documents the reader looks at on average."),
        ),
    }
    | {
        f"{share:.0%} of weight by rank": st.column_config.Column(
            _("{share:.0%} of weight by rank").format(share=share)
        )
        for share in profiles.SPEND_SHARES
    },
    key="disc_summary_table",
)

st.subheader(_("Where does the weight go?"))
st.markdown(
    _(
        "The share of each profile's weight within k = {k} spent by rank *i*. A reader model "
        "that has spent {share:.0%} of its weight by rank 3 barely looks further; one that "
        "needs all of k reads patiently."
    ).format(k=k, share=0.9)
)
st.plotly_chart(
    cached.weight_spent_figure(profiles.weights_frame(plotted, k, normalise=True), k, slots),
    key="disc_spent",
    alt=_("Cumulative share of each profile's weight within k"),
)

with st.expander(_("C/W/L table of one profile"), icon=":material/table:"):
    st.markdown(
        _(
            "V(*i*): the chance the reader sees rank *i*; W(*i*) = V(*i*)/Σ V: the weight; "
            "C(*i*) = W(*i*+1)/W(*i*): the chance of going on; L(*i*) = V(*i*) − V(*i*+1): the "
            "chance rank *i* is the last one read; expected depth = 1/W(1)."
        )
    )
    labels = [p.label for p in shown]
    chosen = st.selectbox(_("Profile"), labels, format_func=names.get, key="disc_cwl_profile")
    st.dataframe(
        profiles.cwl(shown[labels.index(chosen)], k),
        hide_index=True,
        column_config=language.headers(N_("rank"))
        | {c: st.column_config.NumberColumn(format="%.4f") for c in "VWCL"},
        key="disc_cwl_table",
    )

st.subheader(_("Readers who adapt to the list"))
st.markdown(
    _(
        "The profiles above give rank *i* the same weight whatever the list holds. A C/W/L measure "
        "may let its reader react to what is read: INST's reader reads on while gain is still "
        "wanted (its C(*i*) grows with T minus the gain found so far), and the NERRs' reader stops "
        "when satisfied (C(*i*) shrinks with the gain just read), so their C, W and L change with "
        "the list. INSQ's C(*i*) = ((*i* + 2T − 1)/(*i* + 2T))² reads only the rank and T: its "
        "reader is the same for every list. As cwl_eval does, the weights spread over "
        "{depth} ranks, the list followed by documents that gain nothing, so a short list "
        "keeps only part of the attention."
    ).format(depth=cwl.DEPTH)
)
with st.container(border=True):
    pick, setting = st.columns(2)
    family = pick.selectbox(
        _("Measure"),
        cwl.READER_FAMILIES,
        format_func=language.labels({name: SPECS[name].title for name in cwl.READER_FAMILIES}),
        key="disc_reader",
        persist_state="session",
    )
    reads = cwl.reader_parameters(family)
    params = {}
    if "t" in reads:
        params["T"] = setting.number_input(
            _("T, the gain the reader wants"),
            0.0,
            100.0,
            cwl.DEFAULT_T,
            0.5,
            key="disc_reader_t",
            persist_state="session",
        )
    if "p" in reads:
        params["p"] = setting.slider(
            _("p, the chance of reading on past an unsatisfying document"),
            0.01,
            0.99,
            cwl.DEFAULT_P,
            0.01,
            key="disc_reader_p",
            persist_state="session",
        )
    if "k" in reads:
        setting.caption(_("Reads at most k = {k} documents: the page's cutoff.").format(k=k))
    if not reads:
        setting.caption(
            _(
                "{measure} has no parameter: it reads the whole list, a document relevant when "
                "its grade is at least {threshold:g} (the Playground's threshold)."
            ).format(measure=family, threshold=inputs.convention.rel_threshold)
        )
    spec = SPECS[family]
    st.markdown(f"**{_(spec.title)}**: {_(spec.description)} {_(spec.reader)}")

if inputs.ordered is None:
    st.info(
        _("The readers need the Playground's list: {problem}").format(
            problem=literal(inputs.problem)
        ),
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
            help=_("EU = Σ W(i) g(i): the sum of the table's contributions."),
        )
        depth = reader.details["expected_depth"]
        depth_box.metric(
            _("expected depth"),
            f"{depth:.2f}" if math.isfinite(depth) else _("none"),
            help=_(
                "How many documents the reader reads on average. For the C/W/L measures "
                "1/W(1), W over {depth} ranks; for AP, h / Σ 1/j over the relevant ranks j = "
                "(h/R)/W(1), h the relevant documents retrieved: the depth of the C/W/L reader "
                "built from AP's C (Moffat et al., TOIS 35(3), 2017), not of AP's own readers "
                "who stop within the list, who read (1/h) Σ j on average (Robertson, SIGIR "
                "2008; the note below gives both). 'none': no reader stops within the list."
            ).format(depth=cwl.DEPTH),
        )
        share_box.metric(
            _("attention inside the list"),
            f"{reader.details['weight_in_list']:.1%}",
            help=_("Σ W(i) over the list's own ranks."),
        )
        if reader.note:
            st.caption(reader.note)
        shown = reader.table.head(n)
        st.plotly_chart(
            cached.cwl_reader_figure(
                shown,
                _("{measure} on this list: C, W and L at ranks 1..{last}").format(
                    measure=reader.name, last=len(shown)
                ),
            ),
            key="disc_reader_figure",
            alt=_("C(i), W(i) and L(i) of the chosen measure's reader over the list's gains"),
        )
        rank_table.show(
            reader.table[["rank", "doc_id", *READER_NUMBERS]],
            {
                **language.headers(N_("rank")),
                "doc_id": st.column_config.TextColumn(_("doc")),
            }
            | {
                column: st.column_config.NumberColumn(_(label), format="%.4g")
                for column, label in READER_NUMBERS.items()
            },
        )
