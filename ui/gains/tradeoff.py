"""One great document or several good ones: DCG of one grade-a document at rank 1 against n
grade-b documents at ranks 1..n, under every gain and discount."""

from __future__ import annotations

from dataclasses import dataclass

import pandas as pd
import streamlit as st

from i18n import _, pgettext
from rankwork.core.conventions import Convention
from rankwork.explore import profiles, tradeoffs
from ui.gains.grades import gain_names
from ui.gains.model import GAINS_PAGE
from ui.shared import cached


@dataclass(frozen=True)
class Choice:
    """The grades a (one document) and b (n documents), n, and the geometric discount's p."""

    a: int
    b: int
    n: int
    p: float


def introduction() -> None:
    """The trade-off's heading and what it compares."""
    st.header(_("One great document or several good ones?"))
    st.markdown(
        _(
            "DCG of **one document of grade a at rank 1** against **n documents of grade b at "
            "ranks 1..n**, under each gain and discount. The exponential gain rewards the one "
            "great document far more than the linear gain does."
        )
    )


def choice(top: int) -> Choice:
    """The inputs a, b, n and p, side by side."""
    grades = list(range(top + 1))
    a_col, b_col, n_col, p_col = st.columns(4)
    a = a_col.selectbox(
        _("grade a (one document)"), grades, index=min(2, top), **GAINS_PAGE.widget("gains_a")
    )
    b = b_col.selectbox(_("grade b (n documents)"), grades, index=1, **GAINS_PAGE.widget("gains_b"))
    n = n_col.slider("n", 1, tradeoffs.CURVE_DEPTH, 2, **GAINS_PAGE.widget("gains_n"))
    p = p_col.slider(
        _("p of the geometric discount"), 0.05, 0.95, 0.8, 0.05, **GAINS_PAGE.widget("gains_p")
    )
    return Choice(a, b, n, p)


def _verdict(row: pd.Series, c: Choice, names: dict[str, str]) -> str:
    """One line of the summary for one gain under the chosen discount."""
    values = {
        "gain": names[row["gain"]],
        "a": c.a,
        "b": c.b,
        "n": c.n,
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


def outcome(c: Choice, gains: dict[str, Convention]) -> None:
    """The summary and the plot under the chosen discount, then the table of every gain and
    discount at n."""
    discounts = tradeoffs.tradeoff_discounts(c.p)
    curves = cached.tradeoff_curves(c.a, c.b, gains, discounts)
    table = tradeoffs.tradeoff_table(curves, c.n)
    names = gain_names(gains)
    # the discounts' names as shown (their labels stay the keys of the data and the selection)
    discount_names = {profiles.discount_label(d): profiles.discount_name(d) for d in discounts}
    chosen = st.selectbox(
        _("Discount of the summary and the plot"),
        list(dict.fromkeys(table["discount"])),
        format_func=discount_names.get,
        **GAINS_PAGE.widget("gains_discount"),
    )
    under = table[table["discount"] == chosen]
    st.markdown("\n".join(_verdict(row, c, names) for _row, row in under.iterrows()))
    # the figure names the gains and the discount as shown (its data keeps the keys)
    shown_curves = curves.assign(
        gain=curves["gain"].map(names), discount=curves["discount"].map(discount_names)
    )
    st.plotly_chart(
        cached.tradeoff_curves_figure(shown_curves, discount_names[chosen], c.a, c.b, c.n),
        **GAINS_PAGE.widget("gains_tradeoff_plot"),
        alt=_("DCG of n grade-b documents against one grade-a document"),
    )
    _every(table, c, names, discount_names)


def _every(
    table: pd.DataFrame, c: Choice, names: dict[str, str], discount_names: dict[str, str]
) -> None:
    """Every gain and discount at n: one, many, the winner, the ratio and how many it takes."""
    st.markdown(
        _("**Every gain and discount at n = {n}** (ratio = one ÷ n documents)").format(n=c.n)
    )
    one_column = _("one of grade {a}").format(a=c.a)
    many_column = _("{n} of grade {b}").format(n=c.n, b=c.b)
    ratio_column = _("ratio one/many")
    st.dataframe(
        table.assign(
            gain=table["gain"].map(names),
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
                "needed": _("grade-{b} documents needed to win").format(b=c.b),
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
        **GAINS_PAGE.widget("gains_tradeoff_table"),
    )
