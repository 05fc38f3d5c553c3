"""rankwork.stats.stats against scipy and against exact enumeration.

scipy is a runtime dependency too: paired_t_test is scipy.stats.ttest_rel and kendall_tau is
scipy.stats.kendalltau (issue 27), so the comparisons here check how they are called (the
arguments in order, the two-sided test, variant 'b', nothing rounded) and what rankwork adds (the
mean and standard deviation reported beside t; a refusal where scipy gives NaN), and the
hand-worked values in tests/unit/test_stats.py and test_rank_correlation.py check the numbers
independently.  The bootstrap and the randomisation test are our own numpy code."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

scipy_stats = pytest.importorskip("scipy.stats")

from rankwork.stats.stats import bootstrap_ci, paired_randomisation_test, paired_t_test  # noqa: E402


def paired_scores(seed: int, n: int, effect: float) -> tuple[np.ndarray, np.ndarray]:
    """Per-query scores of two runs in [0, 1]-ish, b = a + effect + noise."""
    rng = np.random.default_rng(seed)
    a = rng.random(n)
    return a, a + effect + rng.normal(0.0, 0.1, n)


@pytest.mark.parametrize("n", [2, 3, 4, 5, 10, 25, 50, 200, 1000, 5000])
@pytest.mark.parametrize("effect", [0.0, 0.01, 0.05, 0.3])
def test_t_test_matches_ttest_rel(n, effect):
    for seed in range(5):
        a, b = paired_scores(seed, n, effect)
        ours = paired_t_test(a, b)
        ref = scipy_stats.ttest_rel(a, b)
        assert ours.t == pytest.approx(ref.statistic, rel=1e-12)
        assert ours.t == pytest.approx(ours.mean_difference / (ours.sd_difference / n**0.5))
        assert ours.df == ref.df
        assert abs(ours.p_value - ref.pvalue) <= 1e-10
        # tiny p-values are also right relative to their size
        assert ours.p_value == pytest.approx(ref.pvalue, rel=1e-9)


def test_t_test_extreme_statistics():
    # very large |t| (p ~ 1e-100 and below) and t near 0 (p near 1)
    a, b = paired_scores(11, 400, 0.3)
    ref = scipy_stats.ttest_rel(a, b)
    assert ref.pvalue < 1e-100
    assert paired_t_test(a, b).p_value == pytest.approx(ref.pvalue, rel=1e-9)
    a = np.array([0.1, 0.2, 0.3, 0.4, 0.5])
    b = a + np.array([0.01, -0.01, 0.02, -0.02, 1e-6])
    ref = scipy_stats.ttest_rel(a, b)
    assert ref.pvalue > 0.99
    assert abs(paired_t_test(a, b).p_value - ref.pvalue) <= 1e-10


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("n", [8, 30, 120])
def test_bootstrap_ci_agrees_with_scipy_within_monte_carlo_error(seed, n):
    """Both are percentile bootstraps with B = 20,000 resamples but different random draws.

    A bound of Monte-Carlo error: the bootstrap distribution of the mean has standard deviation
    sigma_b ~ std(x) / sqrt(n).  An estimated 2.5% quantile from B draws has standard error
    sqrt(0.025 * 0.975 / B) / f(q), where f(q) ~ phi(1.96) / sigma_b = 0.0584 / sigma_b is the
    density there (normal approximation): 0.0011 / 0.0584 * sigma_b = 0.019 sigma_b.  The
    difference of two independent estimates has standard error 0.027 sigma_b; allow 5 of them,
    0.135 sigma_b (and the same at 97.5%).
    """
    x = np.random.default_rng(100 + seed).gamma(2.0, 0.2, n)
    resamples = 20_000
    ours = bootstrap_ci(x, resamples=resamples, seed=seed)
    # scipy given another seed: with the same one it draws the same resamples (next test)
    ref = scipy_stats.bootstrap(
        (x,),
        np.mean,
        confidence_level=0.95,
        n_resamples=resamples,
        method="percentile",
        rng=seed + 1000,
    ).confidence_interval
    sigma_b = x.std() / np.sqrt(n)
    tolerance = 5 * 0.027 * sigma_b
    assert abs(ours.low - ref.low) < tolerance
    assert abs(ours.high - ref.high) < tolerance
    assert ours.mean == pytest.approx(x.mean(), rel=1e-15)


@pytest.mark.parametrize("confidence", [0.95, 0.9, 0.683])
@pytest.mark.parametrize(("n", "seed"), [(2, 0), (5, 1), (30, 2), (400, 3)])
def test_bootstrap_ci_with_the_same_seed_draws_the_same_resamples(n, seed, confidence):
    """numpy.random.default_rng(seed).integers(0, n, (B, n)) in both, so the means resampled
    are the same; the quantiles are taken by numpy.quantile and by scipy.stats.quantile, which
    round differently in the last bit or two."""
    x = np.random.default_rng(200 + seed).gamma(2.0, 0.2, n)
    ours = bootstrap_ci(x, confidence=confidence, resamples=2_000, seed=seed)
    ref = scipy_stats.bootstrap(
        (x,),
        np.mean,
        confidence_level=confidence,
        n_resamples=2_000,
        method="percentile",
        rng=seed,
    ).confidence_interval
    assert ours.low == pytest.approx(ref.low, rel=1e-13, abs=1e-15)
    assert ours.high == pytest.approx(ref.high, rel=1e-13, abs=1e-15)


def exact_sign_flip_p(d: np.ndarray) -> float:
    """Two-sided p over all 2^n sign patterns: P(|sum s_i d_i| >= |sum d_i|)."""
    observed = abs(d.sum())
    patterns = np.array(list(itertools.product((-1.0, 1.0), repeat=d.size)))
    sums = np.abs(patterns @ d)
    return float(np.mean(sums >= observed - 1e-12))


@pytest.mark.parametrize("seed", range(6))
def test_randomisation_test_agrees_with_exact_enumeration(seed):
    """n = 10 queries: 1,024 sign patterns, enumerated.  Our sampled p with N = 100,000 draws
    estimates (count + 1)/(N + 1); its standard error is at most sqrt(0.25 / N) = 0.0016, and
    the +1 shifts it by less than 1e-5.  Allow 5 standard errors of the exact p."""
    rng = np.random.default_rng(seed)
    a = rng.random(10)
    b = a + rng.normal(0.03 * seed, 0.1, 10)
    exact = exact_sign_flip_p(a - b)
    permutations = 100_000
    ours = paired_randomisation_test(a, b, permutations=permutations, seed=seed).p_value
    standard_error = np.sqrt(exact * (1 - exact) / permutations)
    assert abs(ours - exact) <= 5 * standard_error + 1e-5


def test_exact_enumeration_covers_a_range_of_p_values():
    # the datasets above are not all trivially significant or not: p spans small and large
    ps = []
    for seed in range(6):
        rng = np.random.default_rng(seed)
        a = rng.random(10)
        ps.append(exact_sign_flip_p(a - (a + rng.normal(0.03 * seed, 0.1, 10))))
    assert min(ps) < 0.05 and max(ps) > 0.3


# ------------------------------------------------------------------ Kendall's tau (tau-b)


def _largest_tau_difference(cases) -> float:
    from rankwork.stats.rank_correlation import kendall_tau

    worst = 0.0
    for x, y in cases:
        ref = scipy_stats.kendalltau(x, y)  # variant='b' is scipy's default
        worst = max(worst, abs(kendall_tau(x, y) - ref.statistic))
    return worst


@pytest.mark.parametrize("seed", range(20))
def test_kendall_tau_is_scipys_tau_b_with_and_without_ties(seed):
    rng = np.random.default_rng(seed)
    n = int(rng.integers(2, 40))
    cases = [
        (rng.random(n), rng.random(n)),  # no ties
        (rng.integers(0, 4, n), rng.integers(0, 3, n)),  # many ties in both
        (np.round(rng.random(n), 1), rng.random(n)),  # ties in one only
    ]
    cases = [(x, y) for x, y in cases if len(set(x)) > 1 and len(set(y)) > 1]
    assert _largest_tau_difference(cases) <= 1e-12


def test_kendall_tau_all_tied_is_refused_where_scipy_gives_nan():
    from rankwork.stats.rank_correlation import kendall_tau

    assert np.isnan(scipy_stats.kendalltau([1, 1, 1], [1, 2, 3]).statistic)
    with pytest.raises(ValueError, match="same score under the first"):
        kendall_tau([1, 1, 1], [1, 2, 3])
