"""Two runs compared on one measure, read off `metrics.batch.compare`, and said in words.

    pair = oriented(pairs, "nDCG@10", baseline="bm25", challenger="neural")
    diffs = per_query_differences(per_query_bm25["nDCG@10"], per_query_neural["nDCG@10"])
    wins, ties, losses = outcome_counts(diffs)
    print(verdict(pair))   # "neural beats bm25 on nDCG@10 by 0.031, 95% CI [...], p = 0.02 — ..."

Differences are challenger - baseline throughout (a win is a query where the challenger
scores higher). Nothing here computes a measure or a statistic: the numbers are
`batch.compare`'s (bootstrap interval of the mean paired difference, paired randomisation
test, paired t-test), turned to face the way the reader asked.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
import pandas as pd

TIE_TOLERANCE = 1e-12  # per-query values closer than this are a tie (rounding, not a difference)


@dataclass(frozen=True)
class Pair:
    """One comparison as challenger - baseline: the mean difference, its bootstrap interval,
    the two p-values (two-sided; p_t NaN when the t-test is undefined), the queries."""

    measure: str
    baseline: str
    challenger: str
    diff: float
    ci_low: float
    ci_high: float
    p_randomisation: float
    p_t: float
    queries: int
    confidence: float = 0.95


def oriented(pairs: pd.DataFrame, measure: str, baseline: str, challenger: str) -> Pair:
    """The row of `batch.compare`'s pairs table for these two runs, as challenger - baseline
    (the table holds a - b for a listed first: the other way round, the difference and its
    interval change sign; the two-sided p-values do not)."""
    rows = pairs[pairs["measure"] == measure]
    for a, b, sign in ((challenger, baseline, 1.0), (baseline, challenger, -1.0)):
        match = rows[(rows["run_a"] == a) & (rows["run_b"] == b)]
        if len(match):
            r = match.iloc[0]
            low, high = sorted((sign * r["ci_low"], sign * r["ci_high"]))
            return Pair(
                measure, baseline, challenger, sign * float(r["mean_diff"]) + 0.0,
                float(low), float(high), float(r["p_randomisation"]), float(r["p_t"]),
                int(r["queries"]),
            )  # fmt: skip
    raise KeyError(f"no comparison of {baseline!r} and {challenger!r} on {measure!r}")


def per_query_differences(baseline: pd.Series, challenger: pd.Series) -> pd.DataFrame:
    """Per query both values, the difference challenger - baseline and its outcome ('win',
    'tie' or 'loss' for the challenger), largest difference first (ties in query order), on
    the queries both runs evaluated (as `batch.compare` pairs them)."""
    common = baseline.index.intersection(challenger.index, sort=False)
    a, b = baseline[common].to_numpy(dtype=float), challenger[common].to_numpy(dtype=float)
    diff = b - a
    outcome = np.where(diff > TIE_TOLERANCE, "win", np.where(diff < -TIE_TOLERANCE, "loss", "tie"))
    table = pd.DataFrame(
        {"baseline": a, "challenger": b, "difference": diff, "outcome": outcome},
        index=pd.Index(common, name="qid"),
    )
    order = np.argsort(-np.where(outcome == "tie", 0.0, diff), kind="stable")
    return table.iloc[order]


def outcome_counts(differences: pd.DataFrame) -> tuple[int, int, int]:
    """(wins, ties, losses) of the challenger in a `per_query_differences` table."""
    counts = differences["outcome"].value_counts()
    return tuple(int(counts.get(k, 0)) for k in ("win", "tie", "loss"))  # type: ignore[return-value]


def p_text(p: float) -> str:
    """A p-value as a reader wants it: 'p = 0.02', 'p < 0.001', 'p undefined'."""
    if math.isnan(p):
        return "p undefined"
    if p < 0.001:
        return "p < 0.001"
    return f"p = {p:.2g}" if p < 0.1 else f"p = {p:.2f}"


def verdict(pair: Pair, alpha: float = 0.05, decimals: int = 3) -> str:
    """The comparison in one plain sentence: who is ahead, by how much, the interval, the
    randomisation test's p, and what that means with this many queries.

    'Unlikely to be chance' needs both the randomisation test (p < alpha) and the bootstrap
    interval (0 outside it); when only one says so the sentence says the evidence is
    borderline. A mean difference of exactly 0 is a draw."""
    level = f"{pair.confidence:.0%}"
    if abs(pair.diff) <= TIE_TOLERANCE:
        return (
            f"{pair.challenger} and {pair.baseline} have the same mean {pair.measure} over "
            f"{pair.queries} queries ({p_text(pair.p_randomisation)}): no difference to explain."
        )
    ahead, behind, sign = (
        (pair.challenger, pair.baseline, 1.0)
        if pair.diff > 0
        else (pair.baseline, pair.challenger, -1.0)
    )
    low, high = sorted((sign * pair.ci_low, sign * pair.ci_high))
    f = f".{decimals}f"
    head = (
        f"{ahead} beats {behind} on {pair.measure} by {abs(pair.diff):{f}}, {level} CI "
        f"[{low:{f}}, {high:{f}}], {p_text(pair.p_randomisation)}"
    )
    tested = pair.p_randomisation < alpha
    excluded = low > 0
    n = f"with {pair.queries} queries, a difference this size"
    if tested and excluded:
        tail = f"{n} is unlikely to be chance (the interval excludes 0)."
    elif tested or excluded:
        which = "the test" if tested else "the interval"
        other = (
            "the interval includes 0"
            if tested
            else f"the test gives {p_text(pair.p_randomisation)}"
        )
        tail = f"{n} is borderline: {which} says it is real, but {other}."
    else:
        tail = (
            f"{n} could well be chance (the interval includes 0); more queries would be needed "
            "to tell them apart."
        )
    return f"{head} — {tail}"
