"""A page with the Playground's elements in presentation mode and none of RankLab's code: the
floor bench/bench_playground.py sets beside the trivial page.

What the Playground's projector view sends on an edit (counted from its websocket messages,
streamlit 1.67, 100 rows): a header with a toggle and two popovers, the list's data editor
(46 px rows), seven bordered metrics with a delta and help in rows of three, an "Edit the list"
expander (a text area, a checkbox, thirteen buttons, two number inputs, a small editor), a
closed settings expander, the per-rank table split at k (12 columns), and three closed
expanders, one with a selectbox and a multiselect. This page draws the same, with numbers that
follow the grades through a few numpy sums, so that an edit costs what Streamlit and the
browser cost for these elements and nothing else. Not drawn: what every RankLab page adds
around the Playground (its style sheet, the sidebar's language picker and navigation) and the
column configs of the grid and the per-rank table; the bench counts them in what RankLab adds.

`?g=3,2,...&k=10`, like the Playground; `&part=screen` draws only the header, the grid and the
cards (what a projector shows).
"""

import numpy as np
import pandas as pd
import streamlit as st

from ui.shared.rank_table import HEIGHT, SCROLL_AFTER

st.set_page_config(layout="wide", initial_sidebar_state="collapsed")
params = st.query_params
first = [int(g) for g in params.get("g", "3,2,3,0,1,2").split(",")]
k = int(params.get("k", "10"))

title, actions = st.columns([3, 2.6], vertical_alignment="bottom")
title.title("Playground")
with actions.container(horizontal=True, horizontal_alignment="right"):
    with st.popover("Cards"):
        st.pills(
            "Cards shown", ["nDCG", "DCG", "IDCG", "ERR", "RBP", "P", "R"], selection_mode="multi"
        )
    with st.popover("Copy link"):
        st.code("http://127.0.0.1/playground?g=" + params.get("g", ""))
        st.markdown("Share this link.")
    st.toggle("Presentation mode", value=True)

left, top = st.columns([2, 3], gap="large")
with left:
    table = pd.DataFrame({
        "rank": range(1, len(first) + 1),
        "doc": [f"d{i}" for i in range(1, len(first) + 1)],
        "grade": [str(g) for g in first],
        "score": [None] * len(first),
    })  # fmt: skip
    edited = st.data_editor(
        table, key="grid", num_rows="dynamic", hide_index=True, row_height=46,
        height=min(len(first) + 2, 12) * 46 + 3,
        column_config={"rank": st.column_config.NumberColumn(disabled=True)},
    )  # fmt: skip
grades = pd.to_numeric(edited["grade"], errors="coerce").fillna(0).to_numpy()
ranks = np.arange(1, len(grades) + 1)
gain = 2.0**grades - 1
discount = 1 / np.log2(ranks + 1)
ideal = np.sort(gain)[::-1]
dcg, idcg = float((gain * discount)[:k].sum()), float((ideal * discount)[:k].sum())
values = {
    "nDCG": dcg / idcg if idcg else 0.0, "DCG": dcg, "IDCG": idcg,
    "ERR": float(gain[:k].sum() / 16), "RBP": float((gain > 0).mean()),
    "P": float((grades[:k] > 0).mean()), "R": float((grades > 0).sum() / max(len(grades), 1)),
}  # fmt: skip
with top:
    names = list(values)
    for row in range(0, len(names), 3):
        for column, name in zip(st.columns(3), names[row : row + 3], strict=False):
            column.metric(
                name, f"{values[name]:.4f}", delta="+0.0000", help=f"What {name} measures.",
                delta_description="∈ [0.2000, 0.9000]" if name == "RBP" else None, border=True,
            )  # fmt: skip
if params.get("part") == "screen":  # only what the projector view shows at 1280x720
    st.stop()

tools, settings = st.columns(2)
with tools.expander("Edit the list"):
    st.text_area("Type or paste a list", ", ".join(map(str, first)))
    st.checkbox("Ids without a judgment are non-relevant")
    st.markdown("Grades only, or judgments and a ranking of ids.")
    with st.container(horizontal=True):
        for label in ("Ideal order", "Reverse", "Shuffle", "Random list", "Reset"):
            st.button(label)
    with st.container(horizontal=True):
        st.number_input("Rank", 1, 1000, 1)
        st.button("Up")
        st.button("Down")
        st.number_input("Seed", 0, 10**6, 1)
        with st.popover("Examples"):
            for number in range(6):
                st.button(f"Example {number + 1}")
    st.markdown("Judged documents not retrieved")
    st.data_editor(pd.DataFrame({"grade": ["2", "1"]}), key="unretrieved", num_rows="dynamic")
settings.expander("Settings")

st.subheader("Rank by rank")
breakdown = pd.DataFrame({
    "rank": ranks, "doc": edited["doc"], "grade": grades, "gain": gain, "discount": discount,
    "contribution": gain * discount, "cum. DCG": np.cumsum(gain * discount), "ideal grade": grades,
    "ideal contribution": ideal * discount, "cum. IDCG": np.cumsum(ideal * discount),
    "ERR P(stop)": gain / 16, "RBP weight": 0.2 * 0.8 ** (ranks - 1),
})  # fmt: skip


def table(rows: pd.DataFrame) -> None:
    """Sized as the Playground's per-rank tables (ui/shared/rank_table.py's two constants)."""
    st.dataframe(rows, hide_index=True, height="auto" if len(rows) <= SCROLL_AFTER else HEIGHT)


table(breakdown.iloc[:k])
if len(breakdown) > k:
    st.markdown(f"Ranks beyond k = {k} are not counted by the @{k} measures.")
    table(breakdown.iloc[k:])
st.expander("Show the calculation")
with st.expander("Try a mistake"):
    mistake, measures = st.columns(2)
    mistake.selectbox("Mistake", ["none", "linear gain", "log2(i)"])
    measures.multiselect("Measures", names, default=names[:3])
    st.markdown("Pick a mistake to see what it does to the numbers.")
st.expander("Plots")
