"""What the Pitfalls lab and the rendered workings need from the catalogue besides values.

When a mistake changes nothing, `why_unchanged` says why: the measure is not touched, the list
lacks what the mistake needs, or the mistake cancels. `transformed` gives the scenario a wrong
calculation ran on (to name its convention), and the binary adjustments record what they did."""

import pytest

from rankwork.core.conventions import TEXTBOOK
from rankwork.core.ranking import Ranking
from rankwork.core.scenario import Scenario, correct
from rankwork.teaching.pitfalls import (
    BY_KEY,
    CATALOGUE,
    compute,
    transformed,
    why_unchanged,
)

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


def test_transformed_names_the_convention_the_wrong_calculation_used():
    s = Scenario(WIKI, TEXTBOOK, 6)
    after = transformed("DCG", s, ["natural_log", "gain_flipped"])
    assert after.convention.log_base == pytest.approx(2.718281828)
    assert after.convention.gain == "linear"
    assert transformed("P", s, ["natural_log"]) == s  # the mistake does not touch P


def test_binary_adjustments_record_what_they_did():
    s = Scenario(Ranking.build([1, 0, 1, 0]), TEXTBOOK, 2)
    assert compute("P", s, ["precision_by_length"]).details["depth"] == 4
    assert compute("P", s, ["integer_division"]).details["integer_division"] == 1
