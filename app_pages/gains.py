"""Gains: what each grade is worth under linear, exponential and a custom gain, and the trade-off
between one great document and several good ones. Computed by rankwork.explore.tradeoffs, drawn by
ui.explore_figures."""

import pandas as pd
import streamlit as st

from i18n import N_, _, pgettext
from rankwork.explore import profiles, tradeoffs
from ui import cached, language
from ui.playground import state
from ui.playground.inputs import custom_gain_start

CUSTOM = state.Table("gains_custom_map")

st.title(_("Gains"))
st.markdown(
    _(
        "The gain is what a document of grade *g* is worth before its rank discounts it. Linear "
        "gain *g* (Järvelin & Kekäläinen 2002; trec_eval) makes a grade-2 document worth two "
        "grade-1 documents; exponential gain 2^*g* − 1 (Burges et al. 2005; LightGBM) makes it "
        "worth three, and a grade-4 document fifteen."
    )
)

top = st.slider(
    _("Top grade of the scale"),
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
    st.markdown(
        _("**Custom gain map** (edit the gains; it starts from the Playground's map, or g²)")
    )
    custom = state.edit_table(
        CUSTOM,
        num_rows="fixed",
        hide_index=True,
        column_config={
            "grade": st.column_config.NumberColumn(_("grade"), disabled=True, format="%d"),
            "gain": st.column_config.NumberColumn(_("custom gain"), format="%g"),
        },
    )
try:
    gains = tradeoffs.gain_conventions(state.gain_pairs(custom))
except ValueError as err:
    table_col.error(
        _("Custom gain: {error} The custom gain is left out meanwhile.").format(error=err),
        icon=":material/error:",
    )
    gains = tradeoffs.gain_conventions(None)
gain_table = tradeoffs.gain_table(top, gains)
# the gains' names as shown (the tables and the data keep the keys)
gain_names = {name: _(tradeoffs.GAIN_NAMES[name]) for name in gains}
with table_col:
    st.dataframe(
        gain_table,
        hide_index=True,
        column_config=language.headers(N_("grade"))
        | {name: st.column_config.Column(shown) for name, shown in gain_names.items()},
        key="gains_table",
    )
with plot_col:
    st.plotly_chart(
        cached.gain_curves_figure(gain_table.rename(columns=gain_names)),
        key="gains_plot",
        alt=_("Gain of each grade"),
    )

st.header(_("One great document or several good ones?"))
st.markdown(
    _(
        "DCG of **one document of grade a at rank 1** against **n documents of grade b at ranks "
        "1..n**, under each gain and discount. The exponential gain rewards the one great document "
        "far more than the linear gain does."
    )
)
a_col, b_col, n_col, p_col = st.columns(4)
a = a_col.selectbox(_("grade a (one document)"), grades, index=min(2, top), key="gains_a")
b = b_col.selectbox(_("grade b (n documents)"), grades, index=1, key="gains_b")
n = n_col.slider("n", 1, tradeoffs.CURVE_DEPTH, 2, key="gains_n")
p = p_col.slider(_("p of the geometric discount"), 0.05, 0.95, 0.8, 0.05, key="gains_p")

discounts = tradeoffs.tradeoff_discounts(p)
curves = cached.tradeoff_curves(a, b, gains, discounts)
table = tradeoffs.tradeoff_table(curves, n)
labels = list(dict.fromkeys(table["discount"]))
# the discounts' names as shown (their labels stay the keys of the data and the selection)
discount_names = {profiles.discount_label(d): profiles.discount_name(d) for d in discounts}


def _verdict(row: pd.Series) -> str:
    """One line of the summary for one gain under the chosen discount."""
    values = {
        "gain": gain_names[row["gain"]],
        "a": a,
        "b": b,
        "n": n,
        "one": f"{row['one']:.3f}",
        "many": f"{row['many']:.3f}",
        "depth": tradeoffs.CURVE_DEPTH,
        "needed": row["needed"],
        "many_needed": f"{row['many when needed']:.3f}",
    }
    never = pd.isna(row["needed"])
    # each outcome a whole sentence (translators order its parts)
    if row["winner"] == "tie" and never:
        line = _(
            "- **{gain}** gain: one grade-{a} document and {n} grade-{b} documents tie at {one}; "
            "no number of grade-{b} documents up to {depth} beats it."
        )
    elif row["winner"] == "tie":
        line = _(
            "- **{gain}** gain: one grade-{a} document and {n} grade-{b} documents tie at {one}; "
            "{needed} grade-{b} documents ({many_needed}) are the fewest that beat it."
        )
    elif row["winner"] == "one" and never:
        line = _(
            "- **{gain}** gain: one grade-{a} document ({one}) beats {n} grade-{b} documents "
            "({many}); no number of grade-{b} documents up to {depth} beats it."
        )
    elif row["winner"] == "one":
        line = _(
            "- **{gain}** gain: one grade-{a} document ({one}) beats {n} grade-{b} documents "
            "({many}); {needed} grade-{b} documents ({many_needed}) are the fewest that beat it."
        )
    elif never:
        line = _(
            "- **{gain}** gain: {n} grade-{b} documents ({many}) beat one grade-{a} document "
            "({one}); no number of grade-{b} documents up to {depth} beats it."
        )
    else:
        line = _(
            "- **{gain}** gain: {n} grade-{b} documents ({many}) beat one grade-{a} document "
            "({one}); {needed} grade-{b} documents ({many_needed}) are the fewest that beat it."
        )
    return line.format(**values)


chosen = st.selectbox(
    _("Discount of the summary and the plot"),
    labels,
    format_func=discount_names.get,
    key="gains_discount",
)
st.markdown("\n".join(_verdict(row) for _row, row in table[table["discount"] == chosen].iterrows()))
# the figure names the gains and the discount as shown (its data keeps the keys)
shown_curves = curves.assign(
    gain=curves["gain"].map(gain_names), discount=curves["discount"].map(discount_names)
)
st.plotly_chart(
    cached.tradeoff_curves_figure(shown_curves, discount_names[chosen], a, b, n),
    key="gains_tradeoff_plot",
    alt=_("DCG of n grade-b documents against one grade-a document"),
)
st.markdown(_("**Every gain and discount at n = {n}** (ratio = one ÷ n documents)").format(n=n))
one_column = _("one of grade {a}").format(a=a)
many_column = _("{n} of grade {b}").format(n=n, b=b)
ratio_column = _("ratio one/many")
st.dataframe(
    table.assign(
        gain=table["gain"].map(gain_names),
        discount=table["discount"].map(discount_names),
        winner=table["winner"].map(
            lambda winner: pgettext("outcome", tradeoffs.WINNER_NAMES[winner])
        ),
    )
    .rename(
        columns={
            "gain": _("gain"),
            "discount": _("discount"),
            "one": one_column,
            "many": many_column,
            "winner": _("winner"),
            "ratio one/many": ratio_column,
            "needed": _("grade-{b} documents needed to win").format(b=b),
        }
    )
    .drop(columns="many when needed"),
    hide_index=True,
    height="content",
    column_config={
        one_column: st.column_config.NumberColumn(format="%.3f"),
        many_column: st.column_config.NumberColumn(format="%.3f"),
        ratio_column: st.column_config.NumberColumn(format="%.3f"),
    },
    key="gains_tradeoff_table",
)
