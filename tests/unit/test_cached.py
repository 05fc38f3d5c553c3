"""ui.shared.cached: each cached call gives what the uncached core (or figure builder) gives, a
changed input gives a new result (never a stale one), and a figure is built once per input.

The expected numbers are worked by hand: Textbook convention (gain 2^g - 1, discount
1/log2(i + 1), RBP p = 0.8 with gain g / top grade).
"""

from __future__ import annotations

from dataclasses import replace
from math import log2

import pandas as pd
import pytest

from rankwork.core.conventions import TEXTBOOK
from rankwork.core.ranking import Ranking, order
from rankwork.core.scenario import Scenario
from rankwork.explore import behaviour, tradeoffs
from rankwork.teaching import diagnose
from ui.playground import link as playground_link
from ui.playground import state
from ui.shared import cached, explore_figures


def _ordered(grades, convention=TEXTBOOK):
    return order(Ranking.build(grades, scale_max=3), convention)


def test_swap_deltas_follow_the_list():
    # [1, 0]: DCG = 1 = IDCG; the swap gives [0, 1]: DCG = 1/log2(3), so delta = 1/log2(3) - 1
    first = cached.swap_deltas(_ordered([1, 0]), TEXTBOOK, 2, "nDCG")
    assert first.value == pytest.approx(1.0)
    assert first.delta[0, 1] == pytest.approx(1 / log2(3) - 1)
    swapped = cached.swap_deltas(_ordered([0, 1]), TEXTBOOK, 2, "nDCG")
    assert swapped.value == pytest.approx(1 / log2(3))
    assert swapped.delta[0, 1] == pytest.approx(1 - 1 / log2(3))


def test_swap_deltas_follow_the_convention():
    # RBP of [1, 0] on a 0..3 scale: (1 - p) * 1/3; p = 0.8 -> 0.2/3, p = 0.5 -> 0.5/3
    ordered = _ordered([1, 0])
    assert cached.swap_deltas(ordered, TEXTBOOK, 2, "RBP").value == pytest.approx(0.2 / 3)
    half = replace(TEXTBOOK, rbp_p=0.5)
    assert cached.swap_deltas(ordered, half, 2, "RBP").value == pytest.approx(0.5 / 3)


def test_cached_tables_equal_the_core():
    ordered = _ordered([3, 2, 3, 0, 1, 2])
    pd.testing.assert_frame_equal(
        cached.sweep(2, 8, TEXTBOOK, 5, 3), behaviour.sweep(2, 8, TEXTBOOK, 5, 3)
    )
    pd.testing.assert_frame_equal(
        cached.redundancy(3, 4, TEXTBOOK, 4, 3), behaviour.redundancy(3, 4, TEXTBOOK, 4, 3)
    )
    got, want = cached.landscape(ordered, TEXTBOOK, 5), behaviour.landscape(ordered, TEXTBOOK, 5)
    pd.testing.assert_frame_equal(got.values, want.values)
    assert (got.exact, got.distinct, got.current) == (want.exact, want.distinct, want.current)


def test_a_page_may_change_a_cached_table():
    # st.cache_data hands out copies: changing one must not reach the next caller
    first = cached.sweep(1, 3, TEXTBOOK, 3, 3)
    first["nDCG"] = -1.0
    assert (cached.sweep(1, 3, TEXTBOOK, 3, 3)["nDCG"] > 0).all()


def test_sweep_follows_the_grade():
    # one document at rank 1 of 3, alone in the judgments: nDCG = 1 whatever its grade, but
    # RBP = (1 - 0.8) * g/3
    one = cached.sweep(1, 3, TEXTBOOK, 3, 3)
    three = cached.sweep(3, 3, TEXTBOOK, 3, 3)
    assert one["RBP"].iloc[0] == pytest.approx(0.2 / 3)
    assert three["RBP"].iloc[0] == pytest.approx(0.2)


def test_the_diagnosis_equals_the_uncached_one_and_follows_the_answer():
    scenario = Scenario(Ranking.build([1, 0], scale_max=3), TEXTBOOK, 2)
    right = diagnose.parse_answer("1")  # [1, 0] is its own ideal order: nDCG@2 = 1
    wrong = diagnose.parse_answer(f"{1 / log2(3):.4f}")
    assert cached.diagnosis("nDCG", scenario, right).correct
    got = cached.diagnosis("nDCG", scenario, wrong)
    want = diagnose.diagnose("nDCG", scenario, wrong)
    assert not got.correct
    assert got.right.value == want.right.value == pytest.approx(1.0)
    assert [m.mistakes for m in got.matches] == [m.mistakes for m in want.matches]
    assert [m.convention for m in got.matches] == [m.convention for m in want.matches]


def test_a_figure_is_built_once_per_input():
    table = behaviour.redundancy(3, 4, TEXTBOOK, 4, 3)
    fig = cached.redundancy_figure(table)
    assert fig.to_dict() == explore_figures.redundancy(table).to_dict()
    assert cached.redundancy_figure(table.copy()) is fig  # equal input: the same figure
    other = behaviour.redundancy(2, 4, TEXTBOOK, 4, 3)
    changed = cached.redundancy_figure(other)
    assert changed is not fig
    assert changed.to_dict() == explore_figures.redundancy(other).to_dict()


def test_a_link_is_decoded_once_for_all_sessions(monkeypatch):
    calls, decode = [], playground_link.decode

    def counted(params):
        calls.append(params)
        return decode(params)

    monkeypatch.setattr(state.link, "decode", counted)
    params = {"g": "2,1,0", "k": "3", "top": "2"}  # a link no other test opens
    first, second = state.decode_link(params), state.decode_link(dict(params))
    assert len(calls) == 1
    pd.testing.assert_frame_equal(first.ranking, second.ranking)


def test_a_decoded_link_is_the_uncached_one_and_each_session_gets_its_own_copy():
    params = {"g": "3,2", "k": "2"}
    first = state.decode_link(params)
    assert first.ranking["grade"].tolist() == ["3", "2"]  # as typed in the link
    pd.testing.assert_frame_equal(first.ranking, playground_link.decode(params).ranking)
    first.ranking.loc[0, "grade"] = "0"  # one session's edit ...
    assert state.decode_link(params).ranking["grade"].tolist() == ["3", "2"]  # ... stays its own
    assert state.decode_link({"g": "1,0", "k": "2"}).ranking["grade"].tolist() == ["1", "0"]


def test_tradeoff_curves_equal_the_core_and_follow_the_grades():
    gains, discounts = tradeoffs.gain_conventions(None), tradeoffs.tradeoff_discounts(0.8)
    got = cached.tradeoff_curves(2, 1, gains, discounts)
    pd.testing.assert_frame_equal(got, tradeoffs.tradeoff_curves(2, 1, gains, discounts))
    # one document at rank 1 (discount 1): its gain, g under linear gain, 2^g - 1 under exponential
    linear = got[got["gain"] == "linear"]["one"]
    assert (linear == 2).all()
    three = cached.tradeoff_curves(3, 1, gains, discounts)
    assert (three[three["gain"] == "linear"]["one"] == 3).all()
    assert (three[three["gain"] == "exponential"]["one"] == 7).all()
    other_p = tradeoffs.tradeoff_discounts(0.5)  # another p: the geometric curve changes
    half = cached.tradeoff_curves(3, 1, gains, other_p)
    geometric = half["discount"].str.contains("0.5")
    # n grade-1 documents under geometric p = 0.5, linear gain: 1 + 0.5 + 0.25 at n = 3
    row = half[geometric & (half["gain"] == "linear") & (half["n"] == 3)]
    assert row["many"].tolist() == [pytest.approx(1.75)]
