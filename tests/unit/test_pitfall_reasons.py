"""When a mistake changes nothing, `why_unchanged` says why: the measure is not touched, the list
lacks what the mistake needs, or the mistake cancels (the lessons the Pitfalls lab shows)."""

import pytest

from metrics.conventions import TEXTBOOK
from metrics.pitfalls import BY_KEY, CATALOGUE, Scenario, compute, correct, why_unchanged
from metrics.ranking import Ranking

WIKI = Ranking.build([3, 2, 3, 0, 1, 2], unretrieved=[3, 2])
BINARY = Ranking.build([1, 0, 1], unretrieved=[1])


def test_the_log_base_cancels_in_ndcg():
    s = Scenario(WIKI, TEXTBOOK, 6)
    # equal up to rounding in the last bit: the factor 1/ln 2 cancels
    assert compute("nDCG", s, ["natural_log"]).value == pytest.approx(correct("nDCG", s).value)
    assert "cancels in nDCG" in why_unchanged(BY_KEY["natural_log"], "nDCG", s)


def test_linear_and_exponential_gain_coincide_on_binary_grades():
    s = Scenario(BINARY, TEXTBOOK, 3)
    assert compute("nDCG", s, ["gain_flipped"]).value == correct("nDCG", s).value
    assert "2^1 - 1 = 1" in why_unchanged(BY_KEY["gain_flipped"], "nDCG", s)


def test_a_mistake_the_list_cannot_show_names_what_it_needs():
    s = Scenario(WIKI, TEXTBOOK, 6)  # no scores, so no ties
    assert "no tie to break" in why_unchanged(BY_KEY["ties_input_order"], "RR", s)


def test_a_mistake_that_does_not_touch_the_measure_says_so():
    s = Scenario(WIKI, TEXTBOOK, 6)
    reason = why_unchanged(BY_KEY["err_gmax_4"], "nDCG", s)
    assert reason == "It does not touch nDCG: it changes ERR only."


def test_every_pitfall_can_explain_itself():
    for p in CATALOGUE:
        assert p.unchanged, p.key
        if p.applies is not BY_KEY["integer_division"].applies:  # the always-applicable ones
            assert p.needs, p.key
