"""Holm's adjustment (rankwork.stats.stats.holm, and the Holm columns of rankwork.stats.comparison's
table of every pair) against statsmodels' multipletests(method="holm"); the coverage of a percentile
bootstrap interval against scipy's Student t. statsmodels is a test-only dependency; scipy is also
a runtime one (percentile_interval_coverage calls scipy.stats.t.sf, so that check is of our formula
and arguments, not of the distribution)."""

from __future__ import annotations

import math

import numpy as np
import pandas as pd
import pytest

multitest = pytest.importorskip("statsmodels.stats.multitest")
scipy_stats = pytest.importorskip("scipy.stats")

from rankwork.collection.batch import BatchResult, compare  # noqa: E402
from rankwork.stats.comparison import FEW_QUERIES, pairs_table  # noqa: E402
from rankwork.stats.stats import holm, percentile_interval_coverage  # noqa: E402


def statsmodels_holm(p) -> np.ndarray:
    return multitest.multipletests(p, method="holm")[1]


@pytest.mark.parametrize("m", [1, 2, 3, 5, 12, 40, 300])
def test_holm_matches_statsmodels(m):
    rng = np.random.default_rng(m)
    for p in (
        rng.random(m),
        rng.random(m) ** 4,  # many small ones
        np.round(rng.random(m), 1),  # ties
        np.minimum(1.0, rng.random(m) * 3),  # some exactly 1
    ):
        np.testing.assert_allclose(holm(p), statsmodels_holm(p), rtol=1e-13, atol=0)


def test_holm_columns_of_the_table_of_every_pair():
    # 4 runs, 2 measures, 12 queries: 6 pairs x 2 measures = 12 comparisons in one family
    rng = np.random.default_rng(7)
    qids = [str(q) for q in range(12)]
    results = {}
    for shift, name in enumerate(("w", "x", "y", "z")):
        values = np.clip(rng.random((12, 2)) * 0.6 + 0.1 * shift, 0, 1)
        frame = pd.DataFrame(values, columns=["m1", "m2"], index=pd.Index(qids, name="qid"))
        results[name] = BatchResult(frame, frame.mean(), [], [], [])
    _, pairs, _ = compare(results, resamples=999)
    table = pairs_table(pairs)
    assert len(table) == 12
    np.testing.assert_allclose(
        table["p_randomisation_holm"], statsmodels_holm(pairs["p_randomisation"]), rtol=1e-13
    )
    np.testing.assert_allclose(table["p_t_holm"], statsmodels_holm(pairs["p_t"]), rtol=1e-13)


@pytest.mark.parametrize("n", [2, 5, 10, 29, 30, 100, 1000])
@pytest.mark.parametrize("confidence", [0.9, 0.95, 0.99])
def test_percentile_coverage_is_the_t_probability(n, confidence):
    z = scipy_stats.norm.ppf((1 + confidence) / 2)
    expected = 1 - 2 * scipy_stats.t.sf(z * math.sqrt((n - 1) / n), n - 1)
    assert percentile_interval_coverage(n, confidence) == pytest.approx(expected, rel=1e-10)


def scipy_coverage(n: int) -> float:
    z = scipy_stats.norm.ppf(0.975)
    return 1 - 2 * scipy_stats.t.sf(z * math.sqrt((n - 1) / n), n - 1)


def test_the_few_queries_threshold_is_where_its_comment_says():
    # rankwork.stats.comparison.FEW_QUERIES: below 30 a nominal 95% interval covers less than 93.6%
    # (90% at 10 queries, 85% at 5)
    assert FEW_QUERIES == 30
    assert scipy_coverage(29) < 0.936 < scipy_coverage(30)
    assert round(scipy_coverage(10), 2) == 0.90 and round(scipy_coverage(5), 2) == 0.85
