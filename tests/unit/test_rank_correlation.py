"""Kendall's tau and tau_AP on hand-worked examples (written out below); tau is also checked
against scipy.stats.kendalltau in tests/crosscheck/test_stats_scipy.py."""

from __future__ import annotations

import pytest

from rankwork.stats.rank_correlation import kendall_tau, tau_ap

REFERENCE = ["a", "b", "c", "d"]


def test_tau_counts_concordant_and_discordant_pairs():
    # scores of a, b, c, d: x orders a > b > c > d, y orders b > a > c > d.
    # Pairs: ab discordant; ac ad bc bd cd concordant: (5 - 1) / 6 = 2/3.
    assert kendall_tau([4, 3, 2, 1], [3, 4, 2, 1]) == pytest.approx(2 / 3, abs=1e-15)
    assert kendall_tau([4, 3, 2, 1], [1, 2, 3, 4]) == -1.0
    assert kendall_tau([4, 3, 2, 1], [40, 30, 20, 10]) == 1.0


def test_tau_b_with_a_tie():
    # x = 3, 2, 2, 1 (b and c tied), y = 4, 3, 2, 1. P = 6 pairs, T_x = 1, T_y = 0.
    # bc is tied in x (neither); the other 5 pairs are concordant: 5 / sqrt(5 * 6).
    assert kendall_tau([3, 2, 2, 1], [4, 3, 2, 1]) == pytest.approx(5 / 30**0.5, abs=1e-15)


def test_tau_ap_swap_at_the_top_costs_more_than_at_the_bottom():
    # Both swaps leave tau at 2/3 (one discordant pair of six); tau_AP, n = 4:
    # judged b, a, c, d: C(2) = 0 (b is below a in the reference), C(3) = 2, C(4) = 3
    #   2/3 * (0/1 + 2/2 + 3/3) - 1 = 1/3
    # judged a, b, d, c: C(2) = 1, C(3) = 2, C(4) = 2 (d is below c in the reference)
    #   2/3 * (1/1 + 2/2 + 2/3) - 1 = 16/9 - 1 = 7/9
    top, bottom = ["b", "a", "c", "d"], ["a", "b", "d", "c"]
    assert kendall_tau([4, 3, 2, 1], [3, 4, 2, 1]) == kendall_tau([4, 3, 2, 1], [4, 3, 1, 2])
    assert tau_ap(top, REFERENCE) == pytest.approx(1 / 3, abs=1e-15)
    assert tau_ap(bottom, REFERENCE) == pytest.approx(7 / 9, abs=1e-15)


def test_tau_ap_is_not_symmetric():
    # judged c, a, b against a, b, c: C(2) = 0 (c is below a), C(3) = 1 (a above b; c not)
    #   2/2 * (0/1 + 1/2) - 1 = -1/2
    # judged a, b, c against c, a, b: C(2) = 1 (a above b), C(3) = 0 (c is above both)
    #   2/2 * (1/1 + 0/2) - 1 = 0
    assert tau_ap(["c", "a", "b"], ["a", "b", "c"]) == pytest.approx(-0.5, abs=1e-15)
    assert tau_ap(["a", "b", "c"], ["c", "a", "b"]) == pytest.approx(0.0, abs=1e-15)


def test_tau_ap_same_and_reverse_order():
    assert tau_ap(REFERENCE, REFERENCE) == 1.0
    assert tau_ap(REFERENCE[::-1], REFERENCE) == pytest.approx(-1.0, abs=1e-15)


@pytest.mark.parametrize(
    ("judged", "reference", "message"),
    [
        (["a", "b"], ["a", "c"], "'b' is in only one"),
        (["a", "a"], ["a", "a"], "only once"),
        (["a"], ["a"], "at least two systems"),
    ],
)
def test_tau_ap_refuses_what_it_cannot_compare(judged, reference, message):
    with pytest.raises(ValueError, match=message):
        tau_ap(judged, reference)


@pytest.mark.parametrize(
    ("x", "y", "message"),
    [
        ([1, 2], [1, 2, 3], "same systems; got 2 and 3"),
        ([1], [1], "at least two systems"),
        ([1, float("nan")], [1, 2], "finite"),
        ([1, 2, 3], [5, 5, 5], "same score under the second"),
    ],
)
def test_tau_refuses_what_it_cannot_compare(x, y, message):
    with pytest.raises(ValueError, match=message):
        kendall_tau(x, y)
