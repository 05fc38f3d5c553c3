"""The swap deltas: how much a measure changes if two documents of the Playground's list swap
places, as a grid to click (the click makes that swap on the Playground's list), two rank
inputs with a button, and the swaps that change the measure most."""

from __future__ import annotations

import zlib
from functools import partial

import streamlit as st

from i18n import N_, _
from rankwork.core.ranking import Ordered
from rankwork.explore import behaviour
from rankwork.explore.behaviour import SwapDeltas
from ui.behaviour.controls import playground_list, within
from ui.behaviour.model import BEHAVIOUR, LAST_SWAP
from ui.playground.readout import PlaygroundInputs
from ui.shared import cached, language, swap
from ui.shared.literal import literal


def swap_deltas(inputs: PlaygroundInputs) -> None:
    """The section: the measure to read, its value now, the grid, the controls, the table."""
    st.header(_("Swap deltas"), anchor="swaps")
    st.markdown(
        _(
            "How much the measure would change if the documents at ranks *i* and *j* of the "
            "Playground's list swapped places: blue helps, red hurts. When LambdaRank learns to "
            "rank, it multiplies RankNet's gradient for each pair by |ΔnDCG| (Burges 2010). "
            "**Click a square to make that swap** on the Playground's list."
        )
    )
    ordered = playground_list(inputs, _("The swap deltas need the Playground's list: {problem}"))
    if ordered is None:
        return
    if len(ordered) < 2:
        st.info(
            _("A swap needs at least two documents: add one on the Playground."),
            icon=":material/info:",
        )
        return
    measure = st.radio(
        _("measure"),
        behaviour.SWAP_MEASURES,
        horizontal=True,
        **BEHAVIOUR.widget("beh_swap_measure"),
    )
    try:
        deltas = cached.swap_deltas(ordered, inputs.convention, inputs.k, measure)
    except ValueError as err:
        st.error(literal(err), icon=":material/error:")
        return
    if LAST_SWAP in st.session_state:
        st.success(st.session_state.pop(LAST_SWAP), icon=":material/swap_vert:")
    name = measure if measure == "RBP" else f"{measure}@{inputs.k}"
    st.metric(_("{name} of the list now").format(name=name), f"{deltas.value:.4f}")
    st.caption(_method_note(deltas, measure))
    ids = ordered.doc_ids[: deltas.size]
    _grid(deltas, ordered, measure)
    _swap_inputs(ids, deltas.size)
    _largest_swaps(deltas, ordered, name)


def _apply_click(chart_key: str) -> None:
    pair = swap.selected_pair(st.session_state.get(chart_key))
    if pair is not None:
        _apply(*pair)


def _apply(doc_a: str, doc_b: str) -> None:
    swap.apply(doc_a, doc_b)
    st.session_state[LAST_SWAP] = _("Swapped {a} and {b} on the Playground's list.").format(
        a=literal(doc_a), b=literal(doc_b)
    )


def _method_note(deltas: SwapDeltas, measure: str) -> str:
    """How the deltas were found, and which ranks the grid shows when it is cut."""
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
    return note


def _grid(deltas: SwapDeltas, ordered: Ordered, measure: str) -> None:
    """The grid of deltas; a click on a square swaps those two documents."""
    chart_key = BEHAVIOUR.widget("beh_swap_grid_", zlib.crc32(repr(ordered.doc_ids).encode()))[
        "key"
    ]
    st.plotly_chart(
        cached.swap_matrix_figure(deltas.delta, ordered.doc_ids[: deltas.size], measure),
        key=chart_key,
        on_select=partial(_apply_click, chart_key),
        selection_mode="points",
        config={"displayModeBar": False},
        alt=_("Swap deltas: click a square to swap those two documents"),
    )


def _swap_inputs(ids: tuple[str, ...], size: int) -> None:
    """Two ranks and a button that swaps them."""
    with st.container(horizontal=True, vertical_alignment="bottom"):
        within("beh_swap_i", size, 1)
        within("beh_swap_j", size, 2)
        i = st.number_input(_("swap rank i"), 1, size, **BEHAVIOUR.widget("beh_swap_i"), width=140)
        j = st.number_input(_("and rank j"), 1, size, **BEHAVIOUR.widget("beh_swap_j"), width=140)
        st.button(
            _("Swap"),
            on_click=_apply,
            args=(ids[i - 1], ids[j - 1]),
            disabled=i == j,
            icon=":material/swap_vert:",
            **BEHAVIOUR.widget("beh_swap_button"),
        )


def _largest_swaps(deltas: SwapDeltas, ordered: Ordered, name: str) -> None:
    st.markdown(_("**The swaps that change {name} most**").format(name=name))
    st.dataframe(
        behaviour.largest_swaps(deltas, ordered.doc_ids),
        hide_index=True,
        **BEHAVIOUR.widget("beh_largest_swaps"),
        column_config={
            **language.headers(N_("rank i"), N_("doc i"), N_("rank j"), N_("doc j")),
            "delta": st.column_config.NumberColumn(_("delta"), format="%+.4f"),
        },
    )
