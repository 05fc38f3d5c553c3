"""Two runs compared on one measure, read off `rankwork.collection.batch.compare`, and said in words
as a statistician would.

    table = pairs_table(pairs)       # every pair on every measure, Holm-adjusted p-values
    pair = oriented(table, "nDCG@10", baseline="bm25", challenger="neural")
    diffs = per_query_differences(per_query_bm25["nDCG@10"], per_query_neural["nDCG@10"])
    wins, ties, losses = outcome_counts(diffs)
    print(verdict(pair))   # "neural has the higher mean nDCG@10: neural − bm25 = +0.031 ..."

One sign convention throughout: a difference is challenger − baseline (a win is a query where
the challenger scores higher). In the table of every pair the baseline is the run listed
first (uploaded or given on the command line first) and the challenger the later one.
`batch.compare`'s own table holds run_a − run_b; it is only read here, never shown. Nothing
here computes a measure: the statistics are `batch.compare`'s (bootstrap interval of the mean
paired difference, paired randomisation test, paired t-test) and `rankwork.stats.stats`' (Holm's
adjustment, the coverage of a percentile interval).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
import pandas as pd

from rankwork.language import _, ngettext
from rankwork.stats.stats import holm, percentile_interval_coverage

TIE_TOLERANCE = 1e-12  # per-query values closer than this are a tie (rounding, not a difference)
# Fewer queries than this and the percentile bootstrap interval gets a warning: a nominal 95%
# interval then covers the mean less than 93.6% of the time even for normal values
# (stats.percentile_interval_coverage; 90% at 10 queries, 85% at 5), less for skewed ones.
FEW_QUERIES = 30
PAIR_COLUMNS = [
    "measure",
    "baseline",
    "challenger",
    "challenger_minus_baseline",
    "ci_low",
    "ci_high",
    "p_randomisation",
    "p_t",
    "p_randomisation_holm",
    "p_t_holm",
    "queries",
    "effect_size",
]


@dataclass(frozen=True)
class Pair:
    """One comparison as challenger − baseline: the mean difference, its bootstrap interval,
    the two p-values (two-sided; p_t NaN when the t-test is undefined) and the same
    Holm-adjusted over the `family` comparisons made (equal to them when family is 1), the
    queries."""

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
    p_randomisation_holm: float = math.nan
    p_t_holm: float = math.nan
    family: int = 1


def pairs_table(pairs: pd.DataFrame) -> pd.DataFrame:
    """`batch.compare`'s pairs table (mean_diff = run_a − run_b) as challenger − baseline,
    the run listed first as the baseline. Columns PAIR_COLUMNS: the mean difference
    (challenger_minus_baseline) and its interval negated (the two-sided p-values do not
    change), plus each test's p-values Holm-adjusted (`stats.holm`) over the whole table,
    every pair of runs on every measure: the family of comparisons made. The two tests are
    adjusted separately (they test the same thing twice, not two more comparisons). The
    effect size d_z (`stats.effect_size`) is negated with the difference; NaN where the t-test
    is undefined (every difference equal)."""
    return pd.DataFrame(
        {
            "measure": pairs["measure"],
            "baseline": pairs["run_a"],
            "challenger": pairs["run_b"],
            "challenger_minus_baseline": 0.0 - pairs["mean_diff"],
            "ci_low": 0.0 - pairs["ci_high"],
            "ci_high": 0.0 - pairs["ci_low"],
            "p_randomisation": pairs["p_randomisation"],
            "p_t": pairs["p_t"],
            "p_randomisation_holm": holm(pairs["p_randomisation"]),
            "p_t_holm": holm(pairs["p_t"]),
            "queries": pairs["queries"],
            "effect_size": 0.0 - pairs["effect_size"],
        },
        columns=PAIR_COLUMNS,
    ).reset_index(drop=True)


def oriented(table: pd.DataFrame, measure: str, baseline: str, challenger: str) -> Pair:
    """The row of a `pairs_table` for these two runs, as challenger − baseline (picked the
    other way round than the table lists them, the difference and its interval change sign;
    the two-sided p-values do not)."""
    rows = table[table["measure"] == measure]
    for base, chal, sign in ((baseline, challenger, 1.0), (challenger, baseline, -1.0)):
        match = rows[(rows["baseline"] == base) & (rows["challenger"] == chal)]
        if len(match):
            r = match.iloc[0]
            low, high = sorted((sign * r["ci_low"], sign * r["ci_high"]))
            return Pair(
                measure, baseline, challenger, sign * float(r["challenger_minus_baseline"]) + 0.0,
                float(low) + 0.0, float(high) + 0.0, float(r["p_randomisation"]),
                float(r["p_t"]), int(r["queries"]),
                p_randomisation_holm=float(r["p_randomisation_holm"]),
                p_t_holm=float(r["p_t_holm"]), family=len(table),
            )  # fmt: skip
    raise KeyError(f"no comparison of {baseline!r} and {challenger!r} on {measure!r}")


def family_text(table: pd.DataFrame) -> str:
    """Which comparisons a `pairs_table`'s Holm adjustment covers, e.g. 'the 12 comparisons
    made: 3 pairs of runs × 4 measures'."""
    pairs = table[["baseline", "challenger"]].drop_duplicates().shape[0]
    measures = table["measure"].nunique()
    return _("the {total} comparisons made: {pairs} × {measures}").format(
        total=len(table),
        pairs=ngettext("{n} pair of runs", "{n} pairs of runs", pairs).format(n=pairs),
        measures=ngettext("{n} measure", "{n} measures", measures).format(n=measures),
    )


def holm_note(table: pd.DataFrame, alpha: float = 0.05) -> str | None:
    """Why and over what the p-values are Holm-adjusted, or None for a single comparison."""
    m = len(table)
    if m < 2:
        return None
    return _(
        "Multiple comparisons: {family}. Even if no run differed from any other, each test "
        "would come out below {alpha:g} with probability up to {alpha:.0%}; over {m} tests the "
        "chance that at least one does is larger ({chance:.0%} if they were independent: "
        "1 − {keep:g}^{m}). Holm's method (Holm 1979) adjusts the p-values over these {m} "
        "comparisons: concluding there is a difference only where the adjusted p is below "
        "{alpha:g} keeps the chance of any false conclusion among them at most {alpha:.0%}, "
        "however the tests depend on each other. The randomisation and t-test p-values are "
        "adjusted separately; the bootstrap intervals are not adjusted."
    ).format(
        family=family_text(table), alpha=alpha, m=m, chance=1 - (1 - alpha) ** m, keep=1 - alpha
    )


def interval_warning(queries: int, confidence: float = 0.95, in_group: bool = False) -> str | None:
    """A warning for percentile bootstrap intervals over fewer than FEW_QUERIES queries,
    with how often such an interval covers the mean at this number of queries, or None (also
    for a single query, which has no interval). `in_group`: the queries are a group's (its
    smallest)."""
    if not 2 <= queries < FEW_QUERIES:
        return None
    cover = percentile_interval_coverage(queries, confidence)
    if in_group:
        start = _("Only {queries} queries in a group")
    else:
        start = _("Only {queries} queries")
    return _(
        "{start}: with fewer than {few}, {confidence:.0%} percentile "
        "bootstrap intervals are too narrow. Even if the per-query values were normally "
        "distributed, such an interval would contain the true mean only about {cover:.1%} of "
        "the time with {queries} queries, and less for skewed values (Hesterberg 2015, The "
        "American Statistician 69(4): percentile intervals are less accurate than t-intervals "
        "for small samples). Read the intervals as rough; more queries help."
    ).format(
        start=start.format(queries=queries),
        queries=queries,
        few=FEW_QUERIES,
        confidence=confidence,
        cover=cover,
    )


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
        return _("p undefined")
    if p < 0.001:
        return "p < 0.001"
    return f"p = {p:.2g}" if p < 0.1 else f"p = {p:.2f}"


def verdict(pair: Pair, alpha: float = 0.05, decimals: int = 3) -> str:
    """The comparison in plain sentences, worded as a statistician would.

    1. The effect in the measure's own units: the mean difference challenger − baseline and
       its bootstrap interval.
    2. The randomisation test's p for what it is: the probability, if the two runs were
       equally good, of a mean difference at least this large either way; and, when more
       than one comparison was made (`pair.family` > 1), Holm-adjusted over all of them.
    3. The conclusion at level alpha, on the adjusted p when there is one: evidence of a
       difference when p < alpha and the interval excludes 0; no evidence when neither,
       which is not evidence that the runs are equal (the interval says what differences
       remain plausible); borderline when the two disagree.
    """
    test, p, p_name = _test(pair)
    return f"{_effect(pair, decimals)} {test} {_conclusion(pair, p, p_name, alpha, decimals)}"


def _effect(pair: Pair, decimals: int) -> str:
    """`verdict`'s first sentence: the mean difference and its bootstrap interval."""
    f = f"+.{decimals}f"
    runs = f"{pair.challenger} − {pair.baseline}"
    if abs(pair.diff) <= TIE_TOLERANCE:
        where = _("{challenger} and {baseline} have the same mean {measure}").format(
            challenger=pair.challenger, baseline=pair.baseline, measure=pair.measure
        )
    else:
        where = _("{run} has the higher mean {measure}").format(
            run=pair.challenger if pair.diff > 0 else pair.baseline, measure=pair.measure
        )
    diff = f"{pair.diff:{f}}" if abs(pair.diff) > TIE_TOLERANCE else "0"
    effect = _(
        "{where}: {runs} = {diff} in {measure}'s own units, {confidence:.0%} bootstrap "
        "interval [{low}, {high}] over {queries} queries."
    ).format(
        where=where,
        runs=runs,
        diff=diff,
        measure=pair.measure,
        confidence=pair.confidence,
        low=f"{pair.ci_low:{f}}",
        high=f"{pair.ci_high:{f}}",
        queries=pair.queries,
    )
    return effect


def _test(pair: Pair) -> tuple[str, float, str]:
    """`verdict`'s second part: the randomisation test's p (Holm-adjusted over a family), and
    the p the conclusion reads with its name."""
    test = _(
        "Paired randomisation test: {p}, the probability of a mean difference at least this "
        "large, either way, if the two runs were equally good."
    ).format(p=p_text(pair.p_randomisation))
    p, p_name = pair.p_randomisation, "p"
    if pair.family > 1:
        p, p_name = pair.p_randomisation_holm, _("the adjusted p")
        test += " " + _("Holm-adjusted for the {family} comparisons made: {p}.").format(
            family=pair.family, p=p_text(pair.p_randomisation_holm)
        )
    return test, p, p_name


def _conclusion(pair: Pair, p: float, p_name: str, alpha: float, decimals: int) -> str:
    """`verdict`'s conclusion at level alpha: evidence, no evidence, or borderline."""
    f = f"+.{decimals}f"
    tested = p < alpha
    excluded = pair.ci_low > 0 or pair.ci_high < 0
    if tested and excluded:
        tail = _(
            "Evidence of a difference at the {level:.0%} level: {p_name} is below {alpha:g} "
            "and the interval excludes 0. Whether {size} {measure} matters is a question about "
            "the task, not one the test answers."
        ).format(
            level=alpha,
            p_name=p_name,
            alpha=alpha,
            size=f"{abs(pair.diff):.{decimals}f}",
            measure=pair.measure,
        )
    elif not tested and not excluded:
        tail = _(
            "No evidence of a difference at the {level:.0%} level: {p_name} is not below "
            "{alpha:g} and the interval includes 0."
        ).format(level=alpha, p_name=p_name, alpha=alpha)
        if pair.ci_low < pair.ci_high:
            tail += " " + _(
                "That does not show the runs are equally good: differences from {low} to "
                "{high} remain plausible with {queries} queries."
            ).format(low=f"{pair.ci_low:{f}}", high=f"{pair.ci_high:{f}}", queries=pair.queries)
    elif tested:
        tail = _("Borderline: {p_name} is below {alpha:g}, but the interval includes 0.").format(
            p_name=p_name, alpha=alpha
        )
    elif pair.family > 1:
        tail = _(
            "Borderline: the interval excludes 0, but {p_name} is not below {alpha:g} (the "
            "interval is not adjusted for the other comparisons)."
        ).format(p_name=p_name, alpha=alpha)
    else:
        tail = _(
            "Borderline: the interval excludes 0, but {p_name} is not below {alpha:g}."
        ).format(p_name=p_name, alpha=alpha)
    return tail
