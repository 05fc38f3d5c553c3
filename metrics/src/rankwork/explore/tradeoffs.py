"""Gains by grade, and the trade-off between one great document and several good ones.

Gain tables use rankwork.core.gains.gain under every gain of its registry: linear g, exponential
2^g - 1, or a custom grade -> gain map.

The trade-off: is one document of grade a at rank 1 worth more than n documents of grade b at
ranks 1..n? Both sides are DCG from rankwork.core.measures.families.dcg (no normalisation: the
two lists are compared on the same scale):

    one(a)  = gain(a) disc(1)
    many(n) = gain(b) sum_{i<=n} disc(i)       (the cum_dcg column of one breakdown of n_max
                                                documents of grade b gives every n at once)

With exponential gain and 1/log2(i+1): one grade-2 document scores 3, two grade-1 documents
1 + 1/log2(3) = 1.631, three 2.131, six 3.305; with linear gain one grade-2 document scores 2,
so three grade-1 documents already win. `needed` is the smallest n <= n_max with many(n) >
one(a) (none under a geometric discount whose sum never gets there: sum p^(i-1) < 1/(1-p)).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pandas as pd

from rankwork.core.conventions import Convention
from rankwork.core.discounts import DISCOUNTS
from rankwork.core.gains import GAINS, gain
from rankwork.core.measures.families.dcg import dcg
from rankwork.core.ranking import Ranking
from rankwork.explore import profiles
from rankwork.language import NP_, _

CURVE_DEPTH = 20
"""How many documents of grade b the trade-off curves and `needed` look at."""

_TOL = 1e-12

WINNER_NAMES = {  # shown with pgettext("outcome", ...)
    "tie": NP_("outcome", "tie"),
    "one": NP_("outcome", "one"),
    "many": NP_("outcome", "many"),
}
"""The trade-off table's winners as shown (translated where shown)."""


def gain_conventions(custom: Sequence[tuple[float, float]] | None) -> dict[str, Convention]:
    """The gains by name: every gain of the registry that needs no map, from the flattest to the
    steepest (by the gain of grade 2: linear 2, exponential 3), then, when a grade -> gain map is
    given, each gain that reads one: custom (a bad map raises ValueError naming the problem)."""
    base = profiles.discount_convention("log")
    plain = [base.with_(gain=name) for name, kind in GAINS.items() if not kind.parameters]
    plain.sort(key=lambda convention: float(gain(np.array([2.0]), convention)[0]))
    gains = {convention.gain: convention for convention in plain}
    if custom is not None:
        for name, kind in GAINS.items():
            if "gain_map" in kind.parameters:
                gains[name] = base.with_(gain=name, gain_map=tuple(custom))
    return gains


def gain_table(scale_max: int, conventions: dict[str, Convention]) -> pd.DataFrame:
    """The gain of every grade 0..scale_max under each convention: column grade, then one
    column per convention name."""
    grades = np.arange(scale_max + 1, dtype=float)
    table = pd.DataFrame({"grade": grades.astype(int)})
    for name, convention in conventions.items():
        table[name] = gain(grades, convention)
    return table


def tradeoff_discounts(p: float = 0.8) -> list[Convention]:
    """The discounts the trade-off is shown under: every discount of the registry with the
    Textbook's parameters and this geometric p: log2, rank-b (JK, b = 2), geometric p, 1/i, and
    no discount at all (flat: plain cumulated gain)."""
    return [profiles.discount_convention(name, p=p) for name in DISCOUNTS]


def tradeoff_curves(
    a: float,
    b: float,
    gains: dict[str, Convention],
    discounts: Sequence[Convention],
    depth: int = CURVE_DEPTH,
) -> pd.DataFrame:
    """Long table: gain, discount, n = 1..depth, one (DCG of one grade-a document at rank 1)
    and many (DCG of n grade-b documents at ranks 1..n), for every gain and discount."""
    scale_max = max(a, b, 1.0)
    single = Ranking.build([a], scale_max=scale_max)
    several = Ranking.build([b] * depth, scale_max=scale_max)
    frames = []
    for gain_name, gain_convention in gains.items():
        for disc in discounts:
            convention = gain_convention.with_(
                discount=disc.discount, log_base=disc.log_base, discount_p=disc.discount_p
            )
            cum = dcg(several, convention).table["cum_dcg"].to_numpy()[:depth]
            frames.append(
                pd.DataFrame(
                    {
                        "gain": gain_name,
                        "discount": profiles.discount_label(disc),
                        "n": np.arange(1, depth + 1),
                        "one": dcg(single, convention).value,
                        "many": cum,
                    }
                )
            )
    return pd.concat(frames, ignore_index=True)


def tradeoff_table(curves: pd.DataFrame, n: int) -> pd.DataFrame:
    """One row per gain and discount at n documents: one, many, the winner, the ratio one/many,
    `needed`, the smallest n in the curves at which the many win (<NA>: never), and `many when
    needed`, their DCG then."""
    depth = int(curves["n"].max())
    if not 1 <= n <= depth:
        raise ValueError(_("n must be between 1 and {depth}; got {n!r}.").format(depth=depth, n=n))
    rows = []
    for (gain_name, disc), group in curves.groupby(["gain", "discount"], sort=False):
        one = float(group["one"].iloc[0])
        many = float(group.loc[group["n"] == n, "many"].iloc[0])
        wins = group[group["many"] > one + _TOL]
        rows.append(
            {
                "gain": gain_name,
                "discount": disc,
                "one": one,
                "many": many,
                "winner": _winner(one, many),
                "ratio one/many": _ratio(one, many),
                "needed": int(wins["n"].iloc[0]) if len(wins) else pd.NA,
                "many when needed": float(wins["many"].iloc[0]) if len(wins) else float("nan"),
            }
        )
    table = pd.DataFrame(rows)
    table["needed"] = table["needed"].astype("Int64")
    return table


def _ratio(one: float, many: float) -> float:
    if many:
        return one / many
    return float("nan") if one == 0 else float("inf")


def _winner(one: float, many: float) -> str:
    if abs(one - many) <= _TOL * max(1.0, abs(one)):
        return "tie"
    return "one" if one > many else "many"
