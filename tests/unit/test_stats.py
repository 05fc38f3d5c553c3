"""rankwork.stats.stats on examples worked by hand (the working is in the comments)."""

from __future__ import annotations

import math

import numpy as np
import pandas as pd
import pytest

from rankwork.stats import stats
from rankwork.stats.stats import (
    bootstrap_ci,
    bootstrap_diff_ci,
    holm,
    macro_average,
    micro_average,
    paired_randomisation_test,
    paired_t_test,
    per_group,
    percentile_interval_coverage,
)

# ------------------------------------------------------------------------------------ t-test


def test_t_test_four_queries_by_hand():
    # a = 3 4 5 9, b = 2 2 2 3  ->  d = 1 2 3 6, n = 4, mean 12/4 = 3
    # deviations -2 -1 0 3, squares 4 1 0 9, sum 14, s^2 = 14/3, s = sqrt(14/3) = 2.1602...
    # t = 3 / (s / sqrt 4) = 6 / sqrt(14/3) = sqrt(36 * 3 / 14) = sqrt(54/7) = 2.7775..., df 3.
    # Student t with 3 df has a closed form: with theta = atan(t / sqrt 3),
    # P(|T| >= t) = 1 - (2/pi) (theta + sin(theta) cos(theta)); here tan(theta) = sqrt(18/7)
    # and sin cos = tan / (1 + tan^2) = sqrt(18/7) / (25/7).
    tan = math.sqrt(18 / 7)
    p = 1 - 2 / math.pi * (math.atan(tan) + tan / (25 / 7))  # = 0.0691...
    result = paired_t_test([3, 4, 5, 9], [2, 2, 2, 3])
    assert result.n == 4 and result.df == 3
    assert result.mean_difference == 3.0
    assert result.sd_difference == pytest.approx(math.sqrt(14 / 3), rel=1e-15)
    assert result.t == pytest.approx(math.sqrt(54 / 7), rel=1e-14)
    assert result.p_value == pytest.approx(p, rel=1e-12)
    assert 0.069 < p < 0.0692


def test_t_test_two_queries_is_a_cauchy_tail():
    # d = 2-1, 5-2 = 1 3: mean 2, s = sqrt(((1-2)^2 + (3-2)^2) / 1) = sqrt 2, t = 2 / (sqrt2/sqrt2)
    # = 2, df 1: Student t(1) is the Cauchy distribution, P(|T| >= 2) = 1 - (2/pi) atan 2 = 0.2952
    result = paired_t_test([2, 5], [1, 2])
    assert (result.t, result.df) == (pytest.approx(2.0, rel=1e-15), 1)
    assert result.p_value == pytest.approx(1 - 2 / math.pi * math.atan(2), rel=1e-12)


def test_t_test_three_queries_and_sign():
    # d = 1 2 6: mean 3, deviations -2 -1 3, sum of squares 14, s^2 = 7, t = 3 / sqrt(7/3)
    # = sqrt(27/7), df 2: P(|T| >= t) = 1 - t / sqrt(2 + t^2) = 1 - sqrt(27/41) = 0.1885
    result = paired_t_test([1, 2, 6], [0, 0, 0])
    assert result.t == pytest.approx(math.sqrt(27 / 7), rel=1e-14)
    assert result.p_value == pytest.approx(1 - math.sqrt(27 / 41), rel=1e-12)
    swapped = paired_t_test([0, 0, 0], [1, 2, 6])
    assert swapped.t == pytest.approx(-result.t, rel=1e-15)
    assert swapped.p_value == pytest.approx(result.p_value, rel=1e-15)


def test_t_test_all_differences_equal_is_an_error():
    # d = 0.25 on every query: s = 0, t = 0.25 / 0 is not defined
    with pytest.raises(
        ValueError,
        match=r"same difference between the two runs \(\|a - b\| = 0\.25\).*Use the randomisation",
    ):
        paired_t_test([0.5, 0.75, 1.0], [0.25, 0.5, 0.75])
    with pytest.raises(ValueError, match="undefined"):
        paired_t_test([0.3, 0.3], [0.3, 0.3])  # d = 0 0: t = 0/0
    # 0.5-0.4, 0.6-0.5, 0.7-0.6 differ only by rounding (0.1 vs 0.09999999999999998)
    with pytest.raises(ValueError, match="undefined"):
        paired_t_test([0.5, 0.6, 0.7], [0.4, 0.5, 0.6])


@pytest.mark.parametrize(
    "call",
    [
        lambda: paired_t_test([1.0, 2.0], [1.0]),
        lambda: paired_randomisation_test([1.0, 2.0, 3.0], [1.0, 2.0]),
        lambda: bootstrap_diff_ci([1.0], [1.0, 2.0]),
    ],
)
def test_mismatched_lengths(call):
    with pytest.raises(ValueError, match="one value per query in both runs; got"):
        call()


@pytest.mark.parametrize(
    "call",
    [
        lambda: paired_t_test([1.0], [0.0]),
        lambda: paired_randomisation_test([1.0], [0.0]),
        lambda: bootstrap_ci([1.0]),
        lambda: bootstrap_ci([]),
        lambda: bootstrap_diff_ci([1.0], [0.0]),
    ],
)
def test_fewer_than_two_queries(call):
    with pytest.raises(ValueError, match="need at least 2 queries"):
        call()


def test_bad_values_and_arguments():
    with pytest.raises(ValueError, match="value nan at position 1 is not a finite number"):
        bootstrap_ci([1.0, math.nan, 2.0])
    with pytest.raises(ValueError, match="flat list"):
        bootstrap_ci([[1.0, 2.0], [3.0, 4.0]])
    with pytest.raises(ValueError, match="confidence must be between 0 and 1"):
        bootstrap_ci([1.0, 2.0], confidence=95)
    with pytest.raises(ValueError, match="resamples must be a positive whole number"):
        bootstrap_ci([1.0, 2.0], resamples=0)
    with pytest.raises(ValueError, match="permutations must be a positive whole number"):
        paired_randomisation_test([1.0, 2.0], [0.0, 0.0], permutations=2.5)


# -------------------------------------------------------------------------------- bootstrap


def test_bootstrap_two_values():
    # Resampling (0, 1) twice gives means 0, 0.5, 1 with probabilities 1/4, 1/2, 1/4.  The
    # 2.5% and 97.5% quantiles of 10,000 such means fall inside the blocks of 0s (about 2,500)
    # and of 1s, so the interval is exactly [0, 1]; the mean of the data is 0.5.
    ci = bootstrap_ci([0.0, 1.0])
    assert (ci.mean, ci.low, ci.high) == (0.5, 0.0, 1.0)
    assert (ci.confidence, ci.resamples, ci.seed) == (0.95, 10_000, 0)


def test_bootstrap_constant_values():
    # every resample of 2 2 2 has mean 2
    assert bootstrap_ci([2.0, 2.0, 2.0]) == stats.BootstrapCI(2.0, 2.0, 2.0, 0.95, 10_000, 0)


def test_bootstrap_is_reproducible_and_seeded():
    values = np.random.default_rng(3).random(40)
    assert bootstrap_ci(values, seed=5) == bootstrap_ci(values, seed=5)
    assert bootstrap_ci(values, seed=5) != bootstrap_ci(values, seed=6)
    ci = bootstrap_ci(values, confidence=0.9)
    assert ci.low < values.mean() < ci.high
    wider = bootstrap_ci(values, confidence=0.99)
    assert wider.low < ci.low and ci.high < wider.high


def test_bootstrap_blocks_do_not_change_the_result(monkeypatch):
    values = np.random.default_rng(4).random(30)
    whole = bootstrap_ci(values, resamples=1000)
    monkeypatch.setattr(stats, "_BLOCK", 7 * 30)  # 7 resamples per block, the last one short
    assert bootstrap_ci(values, resamples=1000) == whole


def test_bootstrap_diff_is_bootstrap_of_the_differences():
    a = np.array([0.5, 0.75, 0.25, 1.0])
    b = np.array([0.25, 0.5, 0.5, 0.5])
    assert bootstrap_diff_ci(a, b, seed=9) == bootstrap_ci(a - b, seed=9)
    # the same difference 0.1 for each pair (to rounding): the interval is that difference
    ci = bootstrap_diff_ci([0.35, 0.6], [0.25, 0.5])
    assert ci.low == pytest.approx(0.1, rel=1e-12) and ci.high == pytest.approx(0.1, rel=1e-12)


# ------------------------------------------------------------------------------ randomisation


def test_randomisation_three_queries():
    # d = 1 2 3; the 8 sign patterns give sums 6, 4, 2, 0, 0, -2, -4, -6 (|.|: 6 4 2 0 0 2 4 6)
    # and only +++ and --- reach |6|: exact p = 2/8 = 0.25.  With 20,000 draws the estimate
    # has standard error sqrt(0.25 * 0.75 / 20000) = 0.0031; allow 5 of them.
    result = paired_randomisation_test([1.0, 2.0, 3.0], [0.0, 0.0, 0.0], permutations=20_000)
    assert abs(result.p_value - 0.25) < 5 * 0.0031
    assert (result.n, result.mean_difference, result.permutations, result.seed) == (
        3,
        2.0,
        20_000,
        0,
    )


def test_randomisation_no_difference_gives_p_one():
    # d = 0 0 0: every permutation's |sum| = 0 >= 0, so count = permutations and
    # p = (permutations + 1) / (permutations + 1) = 1
    result = paired_randomisation_test([0.2, 0.4, 0.6], [0.2, 0.4, 0.6], permutations=500)
    assert result.p_value == 1.0


def test_randomisation_p_is_never_zero():
    # d = 1 on 20 queries: only the 2 all-equal sign patterns of 2^20 reach |sum| = 20, so 99
    # draws almost surely count 0 and p = (0 + 1) / (99 + 1) = 0.01, never 0
    result = paired_randomisation_test(np.ones(20), np.zeros(20), permutations=99)
    assert result.p_value == 0.01


def test_randomisation_sums_equal_up_to_rounding_count():
    # d = 0.1 0.2 -0.3 1.0, observed sum 1.0.  With s4 = +1, |sum| >= 1 needs
    # s1 0.1 + s2 0.2 - s3 0.3 >= 0: +++ (0), ++- (0.6), +-- (0.2), -+- (0.4), --- (0) pass,
    # +-+, -++, --+ fail: 5 of 8, and 5 of 8 again with s4 = -1, so exact p = 10/16 = 0.625.
    # Two of those sums equal the observed one only before rounding (0.1 + 0.2 - 0.3 is
    # 5.6e-17 in floating point), so they count only thanks to the tolerance.
    # Standard error with 20,000 draws: sqrt(0.625 * 0.375 / 20000) = 0.0034; allow 5.
    result = paired_randomisation_test([0.1, 0.2, -0.3, 1.0], [0, 0, 0, 0], permutations=20_000)
    assert abs(result.p_value - 0.625) < 5 * 0.0034


def test_randomisation_is_reproducible():
    a, b = np.random.default_rng(5).random((2, 25))
    assert paired_randomisation_test(a, b, seed=1) == paired_randomisation_test(a, b, seed=1)


# -------------------------------------------------------------------------------- averaging


def test_micro_and_macro_average_recall():
    # recall of 3 queries: 1 of 2, 2 of 4, 9 of 10 relevant documents retrieved
    # macro = (1/2 + 2/4 + 9/10) / 3 = 1.9 / 3 = 0.6333...; micro = (1+2+9) / (2+4+10) = 12/16
    assert macro_average([1, 2, 9], [2, 4, 10]) == pytest.approx(1.9 / 3, rel=1e-15)
    assert micro_average([1, 2, 9], [2, 4, 10]) == 0.75


def test_micro_equals_macro_with_equal_denominators():
    # P@10 of 3 queries with 1, 5, 9 relevant in the top 10: both (0.1 + 0.5 + 0.9)/3 = 15/30
    assert macro_average([1, 5, 9], [10, 10, 10]) == pytest.approx(0.5, rel=1e-15)
    assert micro_average([1, 5, 9], [10, 10, 10]) == 0.5


def test_zero_denominators():
    # a query without relevant documents counts 0 in the macro mean: (0 + 3/4) / 2 = 0.375;
    # it adds nothing to the pooled counts: 3 / 4
    assert macro_average([0, 3], [0, 4]) == 0.375
    assert micro_average([0, 3], [0, 4]) == 0.75
    assert micro_average([0, 0], [0, 0]) == 0.0


@pytest.mark.parametrize(
    "num, den, words",
    [
        ([1, 2], [2], "same non-zero length"),
        ([], [], "same non-zero length"),
        ([1, -1], [2, 2], "numerators must be finite counts >= 0"),
        ([1, 1], [2, math.inf], "denominators must be finite counts >= 0"),
    ],
)
def test_average_errors(num, den, words):
    for average in (micro_average, macro_average):
        with pytest.raises(ValueError, match=words):
            average(num, den)


# ----------------------------------------------------------------------------------- groups


def test_per_group_by_hand():
    values = pd.Series({"q1": 1.0, "q2": 3.0, "q3": 10.0, "q4": 10.0, "q5": 4.0, "q6": 7.0})
    groups = {"q1": "short", "q2": "short", "q3": "long", "q4": "long", "q5": "x", "q6": "short"}
    groups["unused"] = "long"
    table = per_group(values, groups)
    # groups in sorted order: long (10, 10), short (1, 3, 7), x (4)
    assert table["group"].tolist() == ["long", "short", "x"]
    assert table["n"].tolist() == [2, 3, 1]
    assert table["mean"].tolist() == [10.0, pytest.approx(11 / 3, rel=1e-15), 4.0]
    # long: every resample of 10 10 has mean 10.  short: the bootstrap of 1 3 7 is
    # bootstrap_ci of those values.  x: one query, no interval.
    assert (table.loc[0, "low"], table.loc[0, "high"]) == (10.0, 10.0)
    short = bootstrap_ci([1.0, 3.0, 7.0])
    assert (table.loc[1, "low"], table.loc[1, "high"]) == (short.low, short.high)
    # the 2.5% quantile of the means of 3 draws from 1 3 7 is the smallest mean 1 (prob 1/27
    # = 3.7% > 2.5%) and the 97.5% quantile is the largest, 7
    assert (short.low, short.high) == (1.0, 7.0)
    assert math.isnan(table.loc[2, "low"]) and math.isnan(table.loc[2, "high"])
    assert list(table.columns) == ["group", "n", "mean", "low", "high"]


def test_per_group_errors():
    values = pd.Series({"q1": 1.0, "q2": 2.0})
    with pytest.raises(ValueError, match=r"1 query id\(s\) have no group: 'q2'"):
        per_group(values, {"q1": "a"})
    with pytest.raises(ValueError, match="finite"):
        per_group(pd.Series({"q1": math.nan}), {"q1": "a"})


# ------------------------------------------------------------------------ multiple comparisons


def test_holm_by_hand():
    # m = 4. Sorted: 0.005 (4th), 0.01 (1st), 0.03 (3rd), 0.04 (2nd); times m - i + 1 = 4, 3,
    # 2, 1: 0.02, 0.03, 0.06, 0.04; running maximum: 0.02, 0.03, 0.06, 0.06.
    adjusted = holm([0.01, 0.04, 0.03, 0.005])
    assert adjusted.tolist() == pytest.approx([0.03, 0.06, 0.06, 0.02], abs=1e-15)


def test_holm_caps_at_one_and_leaves_one_value_alone():
    # 0.5 * 2 = 1.0, then 0.6 * 1 = 0.6 raised to the running maximum 1.0
    assert holm([0.6, 0.5]).tolist() == [1.0, 1.0]
    assert holm([0.7, 0.9]).tolist() == [1.0, 1.0]  # 0.7 * 2 = 1.4, capped
    assert holm([0.037]).tolist() == [0.037]  # one comparison: nothing to adjust


def test_holm_leaves_undefined_tests_out_of_the_family():
    # two defined p-values, m = 2: 0.01 * 2 = 0.02, 0.04 * 1 = 0.04
    adjusted = holm([0.01, math.nan, 0.04])
    assert adjusted[0] == pytest.approx(0.02, abs=1e-15) and adjusted[2] == 0.04
    assert math.isnan(adjusted[1])


def test_holm_rejects_what_is_not_a_p_value():
    with pytest.raises(ValueError, match="between 0 and 1, got 1.5"):
        holm([0.2, 1.5])
    with pytest.raises(ValueError, match="flat list"):
        holm([[0.1, 0.2]])


def test_percentile_interval_is_too_narrow_for_few_queries():
    # The approximation for normal values against the real thing: 2,000 samples of 10 normal
    # values, each with its own 95% percentile bootstrap interval (1,000 resamples), count
    # how many contain the true mean 0. The count is binomial with sd about 0.7% around the
    # true coverage; the formula says 90.4% (1 - P(|T_9| > 1.96 sqrt(0.9))).
    rng = np.random.default_rng(12345)
    hits = sum(
        (ci := bootstrap_ci(rng.normal(size=10), resamples=1000, seed=i)).low <= 0 <= ci.high
        for i in range(2000)
    )
    assert abs(hits / 2000 - percentile_interval_coverage(10)) < 0.025
    assert hits / 2000 < 0.93  # well short of the 95% asked for
    assert percentile_interval_coverage(10) < percentile_interval_coverage(30) < 0.95
    with pytest.raises(ValueError, match="at least 2 queries"):
        percentile_interval_coverage(1)
