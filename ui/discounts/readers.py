"""The readers of the C/W/L measures and AP on the Playground's list: the measure and its
parameters, then its value, expected depth, C, W and L at each rank."""

from __future__ import annotations

import math

import streamlit as st
from streamlit.delta_generator import DeltaGenerator

from i18n import N_, _
from rankwork.core import cwl
from rankwork.core.measures import SPECS
from rankwork.core.result import Result
from ui.discounts.model import DISCOUNTS
from ui.playground.readout import PlaygroundInputs
from ui.shared import cached, language, rank_table
from ui.shared.literal import literal

# the number columns of a list's reader's per-rank table (after rank and doc_id): column -> label
READER_NUMBERS = {"grade": N_("grade"), "gain": N_("gain g(i)"), "continuation": "C(i)",
                  "weight": "W(i)", "stop": "L(i)", "contribution": "W(i) g(i)"}  # fmt: skip


def introduction() -> None:
    """What changes when the reader reacts to the list."""
    st.subheader(_("Readers who adapt to the list"))
    st.markdown(
        _(
            "The profiles above give rank *i* the same weight whatever the list holds. A C/W/L "
            "measure may let its reader react to what is read: INST's reader reads on while gain "
            "is still wanted (its C(*i*) grows with T minus the gain found so far), and the "
            "NERRs' reader stops when satisfied (C(*i*) shrinks with the gain just read), so "
            "their C, W and L change with the list. INSQ's C(*i*) = ((*i* + 2T − 1)/(*i* + "
            "2T))² reads only the rank and T: its reader is the same for every list. As "
            "cwl_eval does, the weights spread over {depth} ranks, the list followed by "
            "documents that gain nothing, so a short list keeps only part of the attention."
        ).format(depth=cwl.DEPTH)
    )


def choice(k: int, inputs: PlaygroundInputs) -> tuple[str, dict[str, float], DeltaGenerator]:
    """The measure whose reader to show and its parameters (T, p); the column of its settings,
    where an error about them goes."""
    with st.container(border=True):
        pick, setting = st.columns(2)
        readers = cwl.reader_families()
        family = pick.selectbox(
            _("Measure"),
            readers,
            index=readers.index(next(iter(cwl.MODELS))),  # a reader who adapts: INST
            format_func=language.labels({name: SPECS[name].title for name in readers}),
            **DISCOUNTS.widget("disc_reader"),
        )
        params = _parameters(family, k, inputs, setting)
        spec = SPECS[family]
        st.markdown(f"**{_(spec.title)}**: {_(spec.description)} {_(spec.reader)}")
    return family, params, setting


def _parameters(
    family: str, k: int, inputs: PlaygroundInputs, setting: DeltaGenerator
) -> dict[str, float]:
    """The inputs of the parameters `family`'s reader reads (T, p), or what it reads instead."""
    reads = cwl.reader_parameters(family)
    params = {}
    if "t" in reads:
        params["T"] = setting.number_input(
            _("T, the gain the reader wants"),
            0.0,
            100.0,
            cwl.DEFAULT_T,
            0.5,
            **DISCOUNTS.widget("disc_reader_t"),
        )
    if "p" in reads:
        params["p"] = setting.slider(
            _("p, the chance of reading on past an unsatisfying document"),
            0.01,
            0.99,
            cwl.DEFAULT_P,
            0.01,
            **DISCOUNTS.widget("disc_reader_p"),
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
    return params


def on_the_list(
    family: str,
    params: dict[str, float],
    setting: DeltaGenerator,
    inputs: PlaygroundInputs,
    n: int,
    k: int,
) -> None:
    """The chosen reader on the Playground's list (or why there is none)."""
    if inputs.ordered is None:
        st.info(
            _("The readers need the Playground's list: {problem}").format(
                problem=literal(inputs.problem)
            ),
            icon=":material/info:",
        )
        return
    try:
        reader = cwl.list_reader(family, inputs.ordered, inputs.convention, k=k, **params)
    except ValueError as err:  # e.g. T = 0
        setting.error(literal(err), icon=":material/error:")
        return
    _metrics(reader)
    if reader.note:
        st.caption(reader.note)
    _table_and_plot(reader, n)


def _metrics(reader: Result) -> None:
    """The reader's value, expected depth and attention inside the list."""
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


def _table_and_plot(reader: Result, n: int) -> None:
    """C, W and L at ranks 1..n as a plot, then the reader's per-rank table."""
    shown = reader.table.head(n)
    st.plotly_chart(
        cached.cwl_reader_figure(
            shown,
            _("{measure} on this list: C, W and L at ranks 1..{last}").format(
                measure=reader.name, last=len(shown)
            ),
        ),
        **DISCOUNTS.widget("disc_reader_figure"),
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
