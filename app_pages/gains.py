"""Gains: what each grade is worth under linear, exponential and a custom gain, and the trade-off
between one great document and several good ones. Computed by metrics.explore.tradeoffs, drawn by
ui.explore_figures."""

import pandas as pd
import streamlit as st

from metrics.explore import tradeoffs
from ui import cached, state
from ui.model import custom_gain_start

CUSTOM = state.Table("gains_custom_map")

st.title("Gains")
st.markdown(
    "The gain is what a document of grade *g* is worth before its rank discounts it. Linear "
    "gain *g* (Järvelin & Kekäläinen 2002; trec_eval) makes a grade-2 document worth two "
    "grade-1 documents; exponential gain 2^*g* − 1 (Burges et al. 2005; LightGBM) makes it "
    "worth three, and a grade-4 document fifteen."
)

top = st.slider(
    "Top grade of the scale",
    1,
    10,
    int(state.settings().get("scale_max", 4)),
    key="gains_top",
    persist_state="session",
)
grades = list(range(top + 1))


if CUSTOM.key not in st.session_state:
    playground_map = state.table(state.GAIN_MAP)
    start = custom_gain_start(grades, playground_map if len(playground_map) else None)
    state.replace_table(CUSTOM, start)
elif state.table(CUSTOM)["grade"].tolist() != grades:
    state.replace_table(CUSTOM, custom_gain_start(grades, state.table(CUSTOM)))

table_col, plot_col = st.columns([2, 3], gap="large")
with table_col:
    st.markdown("**Custom gain map** (edit the gains; it starts from the Playground's map, or g²)")
    custom = state.edit_table(
        CUSTOM,
        num_rows="fixed",
        hide_index=True,
        column_config={
            "grade": st.column_config.NumberColumn("grade", disabled=True, format="%d"),
            "gain": st.column_config.NumberColumn("custom gain", format="%g"),
        },
    )
try:
    gains = tradeoffs.gain_conventions(state.gain_pairs(custom))
except ValueError as err:
    table_col.error(
        f"Custom gain: {err} The custom gain is left out meanwhile.", icon=":material/error:"
    )
    gains = tradeoffs.gain_conventions(None)
gain_table = tradeoffs.gain_table(top, gains)
with table_col:
    st.dataframe(gain_table, hide_index=True, key="gains_table")
with plot_col:
    st.plotly_chart(
        cached.gain_curves_figure(gain_table), key="gains_plot", alt="Gain of each grade"
    )

st.header("One great document or several good ones?")
st.markdown(
    "DCG of **one document of grade a at rank 1** against **n documents of grade b at ranks "
    "1..n**, under each gain and discount. The exponential gain rewards the one great document "
    "far more than the linear gain does."
)
a_col, b_col, n_col, p_col = st.columns(4)
a = a_col.selectbox("grade a (one document)", grades, index=min(2, top), key="gains_a")
b = b_col.selectbox("grade b (n documents)", grades, index=1, key="gains_b")
n = n_col.slider("n", 1, tradeoffs.CURVE_DEPTH, 2, key="gains_n")
p = p_col.slider("p of the geometric discount", 0.05, 0.95, 0.8, 0.05, key="gains_p")

discounts = tradeoffs.tradeoff_discounts(p)
curves = cached.tradeoff_curves(a, b, gains, discounts)
table = tradeoffs.tradeoff_table(curves, n)
labels = list(dict.fromkeys(table["discount"]))


def _verdict(row: pd.Series) -> str:
    """One line of the summary for one gain under the chosen discount."""
    one, many = f"{row['one']:.3f}", f"{row['many']:.3f}"
    if row["winner"] == "tie":
        result = f"one grade-{a} document and {n} grade-{b} documents tie at {one}"
    elif row["winner"] == "one":
        result = f"one grade-{a} document ({one}) beats {n} grade-{b} documents ({many})"
    else:
        result = f"{n} grade-{b} documents ({many}) beat one grade-{a} document ({one})"
    if pd.isna(row["needed"]):
        needed = f"no number of grade-{b} documents up to {tradeoffs.CURVE_DEPTH} beats it"
    else:
        needed = (
            f"{row['needed']} grade-{b} documents ({row['many when needed']:.3f}) are the "
            "fewest that beat it"
        )
    return f"- **{row['gain']}** gain: {result}; {needed}."


chosen = st.selectbox("Discount of the summary and the plot", labels, key="gains_discount")
st.markdown("\n".join(_verdict(row) for _, row in table[table["discount"] == chosen].iterrows()))
st.plotly_chart(
    cached.tradeoff_curves_figure(curves, chosen, a, b, n),
    key="gains_tradeoff_plot",
    alt="DCG of n grade-b documents against one grade-a document",
)
st.markdown(f"**Every gain and discount at n = {n}** (ratio = one ÷ n documents)")
st.dataframe(
    table.rename(
        columns={
            "one": f"one of grade {a}",
            "many": f"{n} of grade {b}",
            "needed": f"grade-{b} documents needed to win",
        }
    ).drop(columns="many when needed"),
    hide_index=True,
    height="content",
    column_config={
        f"one of grade {a}": st.column_config.NumberColumn(format="%.3f"),
        f"{n} of grade {b}": st.column_config.NumberColumn(format="%.3f"),
        "ratio one/many": st.column_config.NumberColumn(format="%.3f"),
    },
    key="gains_tradeoff_table",
)
