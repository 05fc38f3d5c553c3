"""Uncertainty and significance for per-query scores: bootstrap intervals, paired tests, averages.

All inputs are per-query values (one number per query, e.g. nDCG@10 of each query); paired
functions take two runs' values for the *same* queries in the *same* order.  The Student t
and normal distributions and the paired t-test come from ``scipy.stats`` (:func:`require_scipy`,
called inside the functions that need it: :func:`paired_t_test`,
:func:`percentile_interval_coverage`, and Kendall's tau in `rank_correlation`): importing
scipy.stats takes about as long as everything else the Evaluate page imports, and late it comes
after the page has drawn its first elements.  Random draws use ``numpy.random.default_rng(seed)``,
so a call with the same arguments always returns the same numbers.

Degenerate inputs raise ``ValueError`` with a message that says what is wrong: fewer than two
values, lengths that differ, values that are NaN or infinite, and, for the t-test only,
differences that are all equal (the t statistic would divide by a zero standard deviation).
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Mapping
from dataclasses import dataclass
from types import ModuleType

import numpy as np
import pandas as pd

from rankwork.language import _

__all__ = [
    "BootstrapCI",
    "RandomisationTest",
    "TTest",
    "bootstrap_ci",
    "bootstrap_diff_ci",
    "effect_size",
    "holm",
    "macro_average",
    "micro_average",
    "paired_randomisation_test",
    "paired_t_test",
    "per_group",
    "percentile_interval_coverage",
]

# Random draws are made in blocks of about this many numbers (8 bytes each: 32 MiB), so
# memory stays bounded whatever the number of resamples.
_BLOCK = 1 << 22


@dataclass(frozen=True)
class BootstrapCI:
    """A percentile bootstrap confidence interval for a mean."""

    mean: float  # the mean of the values themselves
    low: float
    high: float
    confidence: float
    resamples: int
    seed: int


@dataclass(frozen=True)
class RandomisationTest:
    """Result of :func:`paired_randomisation_test`."""

    n: int
    mean_difference: float  # mean of a - b
    p_value: float  # two-sided, (count + 1) / (permutations + 1)
    permutations: int
    seed: int


@dataclass(frozen=True)
class TTest:
    """Result of :func:`paired_t_test`."""

    n: int
    mean_difference: float  # mean of d = a - b
    sd_difference: float  # sample standard deviation of d (divisor n - 1)
    t: float
    df: int
    p_value: float  # two-sided


def effect_size(t_test: TTest) -> float:
    """The paired standardized mean difference d_z = mean(d) / sd(d) of the per-query
    differences d = a - b (Cohen's d for paired samples; equal to t / sqrt(n)): how large the
    difference is against its query-to-query spread, whatever the number of queries, where
    the p-value shrinks as queries are added (Sakai, "Statistical reform in information
    retrieval?", SIGIR Forum 48(1), 2014, argues for reporting it)."""
    return t_test.mean_difference / t_test.sd_difference


# ------------------------------------------------------------------------------- validation


def _values(values, what: str = "values") -> np.ndarray:
    array = np.asarray(values, dtype=np.float64)
    if array.ndim != 1:
        raise ValueError(
            _("{what} must be a flat list of numbers, one per query; got shape {shape}").format(
                what=what, shape=array.shape
            )
        )
    if array.size < 2:
        raise ValueError(
            _("{what}: need at least 2 queries, got {n}").format(what=what, n=array.size)
        )
    bad = ~np.isfinite(array)
    if bad.any():
        i = int(np.argmax(bad))
        raise ValueError(
            _("{what}: value {value} at position {i} is not a finite number").format(
                what=what, value=array[i], i=i
            )
        )
    return array


def _differences(a, b) -> np.ndarray:
    a, b = np.asarray(a, dtype=np.float64), np.asarray(b, dtype=np.float64)
    if a.shape != b.shape:
        raise ValueError(
            _(
                "paired values must have one value per query in both runs; got {a} and {b} values"
            ).format(a=a.size, b=b.size)
        )
    return _values(a, "a") - _values(b, "b")


def _check_confidence(confidence: float) -> None:
    if not 0.0 < confidence < 1.0:
        raise ValueError(
            _("confidence must be between 0 and 1 (e.g. 0.95), got {confidence}").format(
                confidence=confidence
            )
        )


def _check_count(count: int, what: str) -> None:
    if isinstance(count, bool) or not isinstance(count, (int, np.integer)) or count < 1:
        raise ValueError(
            _("{what} must be a positive whole number, got {count!r}").format(
                what=what, count=count
            )
        )


# -------------------------------------------------------------------------------- bootstrap


def bootstrap_ci(
    values, *, confidence: float = 0.95, resamples: int = 10_000, seed: int = 0
) -> BootstrapCI:
    """Percentile bootstrap confidence interval of the mean of ``values``.

    Draw ``resamples`` samples of size n from the n values, with replacement, and take the
    mean of each: m_1 .. m_B.  The interval is the (1 - c)/2 and (1 + c)/2 quantiles of the
    m_b (``numpy.quantile``, linear interpolation), c = ``confidence``.  ``mean`` is the plain
    mean of ``values``.

    This is ``scipy.stats.bootstrap((values,), np.mean, method="percentile", rng=seed)``, which
    draws the very same resamples, but not a call of it: scipy takes the quantiles with
    ``scipy.stats.quantile``, which rounds differently from ``numpy.quantile`` and moves the
    last bit of about a quarter of intervals, so numbers the app and the CLI print would
    change; and with ``resamples=1`` it warns (its standard error divides by resamples - 1).
    tests/crosscheck compares the two.
    """
    x = _values(values)
    _check_confidence(confidence)
    _check_count(resamples, "resamples")
    means = _bootstrap_means(x, resamples, seed)
    tail = (1.0 - confidence) / 2.0
    low, high = np.quantile(means, [tail, 1.0 - tail])
    return BootstrapCI(float(x.mean()), float(low), float(high), confidence, resamples, seed)


def bootstrap_diff_ci(
    a, b, *, confidence: float = 0.95, resamples: int = 10_000, seed: int = 0
) -> BootstrapCI:
    """Percentile bootstrap interval of the mean paired difference, mean(a - b).

    Queries are resampled as pairs: this is :func:`bootstrap_ci` of d = a - b.
    """
    return bootstrap_ci(_differences(a, b), confidence=confidence, resamples=resamples, seed=seed)


def _bootstrap_means(x: np.ndarray, resamples: int, seed: int) -> np.ndarray:
    """Means of ``resamples`` bootstrap samples, drawn block by block as index matrices."""
    rng = np.random.default_rng(seed)
    n = x.size
    rows = max(1, _BLOCK // n)
    means = np.empty(resamples)
    for start in range(0, resamples, rows):
        stop = min(resamples, start + rows)
        means[start:stop] = x[rng.integers(0, n, size=(stop - start, n))].mean(axis=1)
    return means


def percentile_interval_coverage(n: int, confidence: float = 0.95) -> float:
    """How often a percentile bootstrap interval of a mean of n values covers the true mean,
    for normally distributed values, to first order: about P(|T| <= z sqrt((n-1)/n)), T ~
    Student t(n - 1), z the normal quantile of (1 + c)/2.

    Why: the bootstrap means spread with the plug-in standard deviation sqrt((n-1)/n) s /
    sqrt(n) (divisor n, not n - 1), and their quantiles are roughly mean +- z times that,
    while an exact interval needs t_{n-1} times s / sqrt(n). The interval is too narrow for
    small n (T. Hesterberg, "What teachers should know about the bootstrap", The American
    Statistician 69(4), 2015, abstract: percentile intervals are "less accurate than using
    t-intervals for small samples"): at n = 10 a nominal 95% interval covers about 90%.
    Skewed values (as per-query scores often are) cover less still.

    The normal quantile and the t tail come from ``scipy.stats`` (``norm.ppf``, ``t.sf``):
    coverage = 1 - 2 P(T >= z sqrt((n-1)/n)).
    """
    _check_count(n, "n")
    _check_confidence(confidence)
    if n < 2:
        raise ValueError(_("an interval needs at least 2 queries, got {n}").format(n=n))
    scipy_stats = require_scipy()
    z = float(scipy_stats.norm.ppf((1.0 + confidence) / 2.0))
    return 1.0 - 2.0 * float(scipy_stats.t.sf(z * math.sqrt((n - 1) / n), n - 1))


def require_scipy() -> ModuleType:
    """``scipy.stats``, imported here (slow to import; see the module doc): the t and normal
    distributions, the paired t-test and Kendall's tau come from it. scipy is the library's
    optional extra ``stats``: without it, a ValueError says how to install it (work that needs
    scipy at its end, e.g. comparing runs, calls this first)."""
    try:
        from scipy import stats as scipy_stats  # noqa: PLC0415
    except ImportError as missing:
        raise ValueError(
            _(
                "this needs scipy (the t and normal distributions, Kendall's tau), which is not "
                'installed: pip install "rankwork[stats]"'
            )
        ) from missing
    return scipy_stats


# ------------------------------------------------------------------------ paired significance


def paired_randomisation_test(
    a, b, *, permutations: int = 10_000, seed: int = 0
) -> RandomisationTest:
    """Two-sided paired randomisation (sign-flip) test of H0: runs a and b are exchangeable.

    With d_i = a_i - b_i, under H0 each d_i is as likely to be -d_i.  Each permutation draws
    signs s_i = +-1 (independent, probability 1/2 each) and computes |sum_i s_i d_i|; it counts
    when that is >= |sum_i d_i|, the observed value (up to 100 ulps of it, so that sums that
    are equal but rounded differently still count, as in ``scipy.stats.permutation_test``).
    Comparing sums is the same as comparing means, since n is fixed.

    p = (count + 1) / (permutations + 1): the observed signs are one of the equally likely
    assignments, so they are counted too.  This keeps p > 0 (a sampled test cannot prove
    p = 0) and makes the test exact: P(p <= alpha) <= alpha under H0 (Phipson & Smyth 2010,
    "Permutation p-values should never be zero").  With all d_i = 0, every permutation
    counts and p = 1.

    Not ``scipy.stats.permutation_test(..., permutation_type="samples")``: for the same seed it
    draws other signs (so every p the app and the CLI print would change), it switches to exact
    enumeration when 2^n <= permutations (p = count / 2^n, without the +1), its two-sided p is
    twice the smaller one-sided p rather than a count of |sum| >= |observed| (that needs the
    statistic |sum| with ``alternative="greater"``), and with 10,000 permutations it is 5 to
    20 times slower on 10 to 25 queries.
    """
    d = _differences(a, b)
    _check_count(permutations, "permutations")
    observed = abs(d.sum())
    threshold = observed - 100 * np.finfo(np.float64).eps * observed
    rng = np.random.default_rng(seed)
    rows = max(1, _BLOCK // d.size)
    count = 0
    for start in range(0, permutations, rows):
        size = min(rows, permutations - start)
        signs = rng.integers(0, 2, size=(size, d.size), dtype=np.int8) * 2 - 1
        count += int(np.count_nonzero(np.abs(signs @ d) >= threshold))
    return RandomisationTest(
        d.size, float(d.mean()), (count + 1) / (permutations + 1), permutations, seed
    )


def paired_t_test(a, b) -> TTest:
    """Two-sided paired t-test of H0: mean(a - b) = 0.

    d = a - b, n queries, mean d-bar, sample standard deviation s = sqrt(sum (d_i - d-bar)^2
    / (n - 1)); t = d-bar / (s / sqrt(n)) with df = n - 1 degrees of freedom; p = P(|T| >= |t|)
    = 2 P(T >= |t|) for T ~ Student t(df).  t, df and p are ``scipy.stats.ttest_rel(a, b)``'s
    (its tail is accurate relative to its size even for p far below 1e-100); the mean and s
    reported beside them are numpy's, so t = mean / (sd / sqrt(n)) holds for the numbers shown
    to rounding.

    Raises ValueError when all differences are equal (to within rounding: spread at most
    64 ulps of the largest input): then s = 0 and t is undefined (0/0) or infinite, and no
    t-test can be done; the randomisation test still can.
    """
    d = _differences(a, b)
    scale = max(np.abs(a).max(), np.abs(b).max())
    if np.ptp(d) <= 64 * np.finfo(np.float64).eps * scale:
        raise ValueError(
            _(
                "the paired t-test is undefined: every query has the same difference between "
                "the two runs (|a - b| = {difference:.6g}), so the standard deviation of the "
                "differences is 0 and t = mean / (sd / sqrt(n)) divides by 0. Use the "
                "randomisation test instead."
            ).format(difference=abs(d[0]))
        )
    test = require_scipy().ttest_rel(a, b)
    mean, sd = float(d.mean()), float(d.std(ddof=1))
    return TTest(d.size, mean, sd, float(test.statistic), int(test.df), float(test.pvalue))


# ------------------------------------------------------------------- multiple comparisons


def holm(p_values) -> np.ndarray:
    """Holm's (1979) step-down adjusted p-values, in the order given.

    Sort the m p-values, p_(1) <= ... <= p_(m); the adjusted value of p_(i) is
    min(1, max over j <= i of (m - j + 1) p_(j)): multiply by m - i + 1 (m for the smallest,
    1 for the largest), take the running maximum, cap at 1. Calling a comparison a difference
    when its adjusted p < alpha keeps the family-wise error rate (the chance of at least one
    such call among the m where the runs do not differ) at most alpha, whatever the
    dependence between the tests (S. Holm, "A simple sequentially rejective multiple test
    procedure", Scandinavian Journal of Statistics 6(2), 1979). Same as statsmodels'
    ``multipletests(p, method="holm")`` (tests/crosscheck/test_multiple_comparisons.py).

    NaN (a test that could not be done) stays NaN and is not counted in m.
    """
    p = np.asarray(p_values, dtype=np.float64)
    if p.ndim != 1:
        raise ValueError(
            _("p-values must be a flat list of numbers; got shape {shape}").format(shape=p.shape)
        )
    defined = ~np.isnan(p)
    if ((p[defined] < 0.0) | (p[defined] > 1.0)).any():
        bad = p[defined][(p[defined] < 0.0) | (p[defined] > 1.0)][0]
        raise ValueError(_("a p-value must be between 0 and 1, got {p}").format(p=bad))
    adjusted = np.full(p.shape, np.nan)
    values = p[defined]
    m = values.size
    order = np.argsort(values, kind="stable")
    stepped = np.maximum.accumulate(values[order] * (m - np.arange(m)))
    out = np.empty(m)
    out[order] = np.minimum(stepped, 1.0)
    adjusted[defined] = out
    return adjusted


# --------------------------------------------------------------------------------- averaging


def micro_average(numerators, denominators) -> float:
    """Micro average: pool the counts over queries, sum(numerators) / sum(denominators).

    For precision the numerators are relevant documents retrieved and the denominators the
    documents retrieved (k); for recall the denominators are the relevant documents.  Each
    *document* weighs the same, so queries with more relevant documents weigh more in recall.
    The macro average (:func:`macro_average`, what trec_eval and every IR tool report) gives
    each *query* the same weight instead.  When every denominator is 0 the result is 0.
    """
    num, den = _counts(numerators, denominators)
    total = den.sum()
    return float(num.sum() / total) if total > 0 else 0.0


def macro_average(numerators, denominators) -> float:
    """Macro average: the mean over queries of numerator_i / denominator_i.

    Each query weighs the same (trec_eval's mean over queries).  A query whose denominator is
    0 (e.g. recall for a query with no relevant document) contributes 0 and is still counted,
    as trec_eval does.  Compare :func:`micro_average`.
    """
    num, den = _counts(numerators, denominators)
    ratios = np.divide(num, den, out=np.zeros_like(num), where=den > 0)
    return float(ratios.mean())


def _counts(numerators, denominators) -> tuple[np.ndarray, np.ndarray]:
    num = np.asarray(numerators, dtype=np.float64)
    den = np.asarray(denominators, dtype=np.float64)
    if num.shape != den.shape or num.ndim != 1 or num.size == 0:
        raise ValueError(
            _(
                "numerators and denominators must be flat lists with one count per query, of "
                "the same non-zero length; got shapes {numerators} and {denominators}"
            ).format(numerators=num.shape, denominators=den.shape)
        )
    for what, array in (("numerators", num), ("denominators", den)):
        if not (np.isfinite(array) & (array >= 0)).all():
            raise ValueError(_("{what} must be finite counts >= 0").format(what=what))
    return num, den


# ----------------------------------------------------------------------------------- groups


def per_group(
    values: pd.Series,
    groups: Mapping[Hashable, Hashable],
    *,
    confidence: float = 0.95,
    resamples: int = 10_000,
    seed: int = 0,
) -> pd.DataFrame:
    """Mean and bootstrap interval of per-query ``values`` within each group of queries.

    ``values`` is indexed by query id; ``groups`` maps every one of those query ids to its
    group (e.g. query length, topic category); extra keys in ``groups`` are ignored.  Returns
    one row per group, in sorted group order, with columns ``group``, ``n``, ``mean``, ``low``,
    ``high``: the interval is :func:`bootstrap_ci` with the given arguments (the same seed for
    every group), and NaN for a group with a single query, where no interval can be drawn.
    """
    x = np.asarray(values, dtype=np.float64)
    if not np.isfinite(x).all():
        raise ValueError(_("values must all be finite numbers"))
    missing = [qid for qid in values.index if qid not in groups]
    if missing:
        shown = ", ".join(map(repr, missing[:5])) + (" ..." if len(missing) > 5 else "")
        raise ValueError(
            _("{n} query id(s) have no group: {ids}").format(n=len(missing), ids=shown)
        )
    labels = pd.Series([groups[qid] for qid in values.index], dtype=object)
    rows = []
    for group, positions in labels.groupby(labels, sort=True).indices.items():
        member_values = x[positions]
        if member_values.size > 1:
            ci = bootstrap_ci(member_values, confidence=confidence, resamples=resamples, seed=seed)
            low, high = ci.low, ci.high
        else:
            low = high = math.nan
        rows.append((group, member_values.size, float(member_values.mean()), low, high))
    return pd.DataFrame(rows, columns=["group", "n", "mean", "low", "high"])
