"""Discount profiles as reader models: the weight each rank gets, and the C/W/L view of it.

A profile is the weight d(i) a measure gives rank i = 1..N. The discount profiles are
`rankwork.core.discounts.discount` under a `Convention`, named and read as their entry of
`rankwork.core.discounts.DISCOUNTS` says (nothing is re-implemented here):

    1/log2(i+1)              'log', b = 2           rank-b (JK): 1 for i < b, then 1/log_b(i)
    1/log_b(i+1)             'log', b = log_base    p^(i-1)     'geometric', p = discount_p
    1/i                      'reciprocal'           flat@k      'flat': 1 for i <= k, then 0

ERR's profile is not a fixed discount but its stopping distribution on one list:
p_stop(i) = R_i prod_{j<i} (1 - R_j), read from the breakdown of ERR's single-list function
(`rankwork.core.measures.families.err.err`).

Normalised weights sum to 1 within the cutoff k: w(i) / sum_{j<=k} w(j) for i <= k, 0 after.

The C/W/L view (Moffat, Bailey, Scholer & Thomas, ACM TOIS 35(3), 2017) reads a profile as a
reader who, having looked at rank i, goes on to rank i+1 with probability C(i). For a profile
truncated at k, with V(i) the probability that the reader sees rank i:

    V(i) = d(i) / d(1) for i <= k, 0 after         (a discount profile; V(1) = 1)
    V(i) = prod_{j<i} (1 - R_j)  = ERR's p_reach   (ERR: the reader stops when satisfied)
    W(i) = V(i) / sum_{j<=k} V(j)                  weight: sums to 1 within k
    C(i) = V(i+1) / V(i) = W(i+1) / W(i)           continuation (C(k) = 0: k is the last rank)
    L(i) = V(i) - V(i+1) = (W(i) - W(i+1)) / W(1)  probability that rank i is the last one read
    D    = sum_{i<=k} V(i) = 1 / W(1)              the reader's expected depth

For a discount profile W is exactly the normalised profile. For ERR, L(i) = p_stop(i) for i < k,
and L(k) = p_reach(k): whoever is still reading at k stops there.

"Where does the weight go?": the rank by which a profile has spent a share s (50%, 90%) of its
weight within k is the smallest i <= k with sum_{j<=i} w(j) >= s * sum_{j<=k} w(j).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import numpy as np
import pandas as pd

from rankwork.core.conventions import TEXTBOOK, Convention
from rankwork.core.discounts import DISCOUNTS, discount
from rankwork.core.measures.families.err import err
from rankwork.core.ranking import Ordered, Ranking
from rankwork.language import N_, _

TABLE_RANKS = (1, 2, 3, 5, 10, 20)
"""The ranks of the weights table on the discounts page."""

SPEND_SHARES = (0.5, 0.9)
_REL_TOL = 1e-12  # a cumulative share within this of s counts as reaching s


@dataclass(frozen=True, eq=False)
class Profile:
    """One reader model: a label (its key, in English), a sentence on the reader, for ranks 1..n
    the raw weight and V(i), the probability that the reader sees rank i (0 beyond the list),
    and its name for legends and tables (the label in the session's language)."""

    label: str
    reader: str
    weights: np.ndarray
    reach: np.ndarray
    name: str


def discount_convention(kind: str, *, log_base: float = 2.0, p: float = 0.8) -> Convention:
    """The Textbook convention with the discount `kind` (a key of
    `rankwork.core.discounts.DISCOUNTS`)."""
    return TEXTBOOK.with_(discount=kind, log_base=float(log_base), discount_p=float(p))


def discount_label(convention: Convention, k: int | None = None) -> str:
    """The profile's name as a formula, e.g. '1/log2(i+1)', 'p^(i-1), p = 0.8', 'flat@10'
    (the discount's `DiscountKind.profile`)."""
    return DISCOUNTS[convention.discount].profile(convention, k)


def discount_name(convention: Convention, k: int | None = None) -> str:
    """`discount_label` in the session's language, to show (the label stays the key)."""
    kind = DISCOUNTS[convention.discount]
    if kind.profile_name is None:  # a formula: the same in every language
        return kind.profile(convention, k)
    return kind.profile_name(convention, k)


def discount_reader(convention: Convention, k: int) -> str:
    """One sentence on the reader the discount models (in the session's language)."""
    return DISCOUNTS[convention.discount].reader(convention, k)


ERR_READER = N_(
    "A reader who stops when satisfied: having reached rank i, with probability R_i = "
    "(2^g - 1)/2^gmax, so one highly relevant document early ends the reading (ERR, Chapelle "
    "et al. 2009)."
)


def discount_profile(convention: Convention, n: int, k: int) -> Profile:
    """The profile of the convention's discount over ranks 1..n (flat@k is 1 up to k)."""
    weights = discount(n, convention, k)
    reach = weights / weights[0] if n else weights
    return Profile(
        discount_label(convention, k),
        discount_reader(convention, k),
        weights,
        reach,
        discount_name(convention, k),
    )


def standard_profiles(
    *, log_base: float = math.e, jk_base: float = 2.0, ps: Iterable[float] = (0.5, 0.8, 0.95)
) -> dict[str, Convention]:
    """The discounts page's profiles by key: log2, log_b (b = e by default: gdeval's
    1/ln(i+1)), rank-b (JK), geometric p1, p2, p3, 1/i, flat; then every other discount of
    `DISCOUNTS`, by its name, with the Textbook's parameters."""
    chosen = {
        "log2": discount_convention("log"),
        "log_b": discount_convention("log", log_base=log_base),
        "jk": discount_convention("jk", log_base=jk_base),
        **{f"p{i}": discount_convention("geometric", p=p) for i, p in enumerate(ps, start=1)},
        "1/i": discount_convention("reciprocal"),
        "flat": discount_convention("flat"),
    }
    shown = {c.discount for c in chosen.values()}
    return chosen | {name: discount_convention(name) for name in DISCOUNTS if name not in shown}


def standard_conventions(
    *, log_base: float = math.e, jk_base: float = 2.0, ps: Iterable[float] = (0.5, 0.8, 0.95)
) -> list[Convention]:
    """The conventions of `standard_profiles`, in its order."""
    return list(standard_profiles(log_base=log_base, jk_base=jk_base, ps=ps).values())


ERR_LABEL = N_("ERR stopping (current list)")


def err_profile(ranking: Ranking | Ordered, convention: Convention, n: int) -> Profile:
    """ERR's stopping distribution p_stop(i) for ranks 1..n, from err's breakdown; V(i)
    is its p_reach. Ranks beyond the list weigh 0 and are never reached."""
    table = err(ranking, convention).table.iloc[:n]
    weights, reach = np.zeros(n), np.zeros(n)
    weights[: len(table)] = table["p_stop"].to_numpy()
    reach[: len(table)] = table["p_reach"].to_numpy()
    return Profile(ERR_LABEL, _(ERR_READER), weights, reach, _(ERR_LABEL))


def normalised(weights: np.ndarray, k: int) -> np.ndarray:
    """w(i) / sum_{j<=k} w(j) for i <= k, 0 after (all 0 when nothing weighs within k)."""
    out = np.zeros(len(weights))
    total = weights[:k].sum()
    if total > 0:
        out[:k] = weights[:k] / total
    return out


def weights_frame(profiles: Sequence[Profile], k: int, normalise: bool) -> pd.DataFrame:
    """Long table (profile, rank, weight) of every profile, raw or normalised within k; the
    profile by its name (to show)."""
    frames = [
        pd.DataFrame(
            {
                "profile": p.name,
                "rank": np.arange(1, len(p.weights) + 1),
                "weight": normalised(p.weights, k) if normalise else p.weights,
            }
        )
        for p in profiles
    ]
    return pd.concat(frames, ignore_index=True) if frames else _empty_weights()


def _empty_weights() -> pd.DataFrame:
    return pd.DataFrame({"profile": [], "rank": [], "weight": []})


def weights_at(profiles: Sequence[Profile], ranks: Sequence[int] = TABLE_RANKS) -> pd.DataFrame:
    """Raw weights at the given ranks: one row per rank, one column per profile (its name). Each
    profile must cover the largest rank."""
    index = np.asarray(ranks) - 1
    data = {"rank": list(ranks)} | {p.name: p.weights[index] for p in profiles}
    return pd.DataFrame(data)


def cwl(profile: Profile, k: int) -> pd.DataFrame:
    """C/W/L table of the profile truncated at k: rank, V, W, C, L for ranks 1..min(k, n),
    stopping at the last rank the reader can reach (V > 0). See the module docstring."""
    reach = profile.reach[:k]
    reach = reach[: int(np.count_nonzero(reach > 0))]
    depth = reach.sum()
    ahead = np.append(reach[1:], 0.0)
    with np.errstate(divide="ignore", invalid="ignore"):
        continuation = np.where(reach > 0, ahead / reach, 0.0)
    return pd.DataFrame(
        {
            "rank": np.arange(1, len(reach) + 1),
            "V": reach,
            "W": reach / depth if depth else reach,
            "C": continuation,
            "L": reach - ahead,
        }
    )


def spend_rank(weights: np.ndarray, k: int, share: float) -> int | None:
    """The smallest rank i <= k by which `share` of the weight within k is spent (None when
    nothing weighs within k)."""
    part = weights[:k]
    total = part.sum()
    if not total > 0:
        return None
    reached = np.cumsum(part) >= share * total * (1 - _REL_TOL)
    return int(np.argmax(reached)) + 1


def summary(profiles: Sequence[Profile], k: int) -> pd.DataFrame:
    """Per profile (by its name): its reader, W(1), the expected depth 1/W(1) within k, and the
    ranks by which 50% and 90% of its weight within k is spent."""
    rows = []
    for p in profiles:
        table = cwl(p, k)
        w1 = float(table["W"].iloc[0]) if len(table) else float("nan")
        row = {
            "profile": p.name,
            "W(1)": w1,
            "expected depth": float(table["V"].sum()) if len(table) else float("nan"),
        }
        for share in SPEND_SHARES:
            spent = spend_rank(p.weights, k, share)
            row[f"{share:.0%} of weight by rank"] = spent
        row["reader"] = p.reader
        rows.append(row)
    frame = pd.DataFrame(rows, columns=_SUMMARY_COLUMNS)
    for share in SPEND_SHARES:
        column = f"{share:.0%} of weight by rank"
        frame[column] = frame[column].astype("Int64")
    return frame


_SUMMARY_COLUMNS = [
    "profile",
    "W(1)",
    "expected depth",
    *(f"{share:.0%} of weight by rank" for share in SPEND_SHARES),
    "reader",
]
