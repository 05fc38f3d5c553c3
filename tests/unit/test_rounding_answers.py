"""Answers rounded twice (5.29148 -> 5.2915 -> 5.292) get "right to 3 decimals — check your
rounding" instead of "matches no known mistake", and a teacher's tolerance replaces the one the
typed precision implies. Values are worked by hand in the comments."""

from __future__ import annotations

import pytest

from metrics.core.conventions import TEXTBOOK
from metrics.core.ranking import Ranking
from metrics.core.scenario import Scenario
from metrics.teaching.diagnose import diagnose, parse_answer, rounded_twice, rounding_hint
from metrics.teaching.exercises import Question, Step, check


@pytest.mark.parametrize(
    ("value", "typed", "first"),
    [
        (5.29148, "5.292", "5.2915"),  # once: 5.291; 5.2915 rounds half up to 5.292
        (0.1234451, "0.124", "0.12345"),  # three roundings: 0.12345 -> 0.1235 -> 0.124
        (0.1234451, "12.4%", "0.12345"),  # the same as a percentage (3 decimals of a fraction)
        (5.29148, "5.291", None),  # rounded once: right
        (5.29148, "5.29", None),  # right at 2 decimals
        (5.29148, "5.293", None),  # no rounding gives it
        (5.29148, "5.2915", None),  # right at 4 decimals
        (0.5, "1/2", None),  # a fraction is not rounded
    ],
)
def test_rounded_twice(value, typed, first):
    assert rounded_twice(value, parse_answer(typed)) == first


# RR of a list whose first relevant document is at rank 22: 1/22 = 0.0454545...
# Rounded once to 3 decimals: 0.045. Rounded to 4 first: 0.0455, then to 3: 0.046, which is
# 0.000545 from 1/22, outside the ±0.0005 that 3 typed decimals allow.
RR_22 = Scenario(Ranking.build([0] * 21 + [1], scale_max=3), TEXTBOOK, None)


def test_the_diagnosis_says_check_your_rounding():
    d = diagnose("RR", RR_22, parse_answer("0.046"))
    assert not d.correct
    assert d.rounded_from == "0.0455"
    assert rounding_hint(d) == (
        "Right to 3 decimals — check your rounding: RR = 0.0454…, which rounds to 0.045; "
        "0.046 comes from rounding 0.0455 again. Round once, from the full value."
    )
    assert diagnose("RR", RR_22, parse_answer("0.045")).correct
    assert diagnose("RR", RR_22, parse_answer("0.047")).rounded_from is None


QUESTION = Question("RR", "RR", (Step("RR", "RR", RR_22),))


def test_an_exercise_answer_rounded_twice_is_told_so():
    c = check(QUESTION, "0.046")
    assert not c.correct
    assert c.message.startswith("Right to 3 decimals — check your rounding")
    assert "matches no known mistake" not in c.message


def test_a_teachers_tolerance_replaces_the_typed_precision():
    # 0.046 is 0.000545 from 1/22: right within ±0.001, wrong within ±0.0005
    assert check(QUESTION, "0.046", tolerance=0.001).correct
    assert not check(QUESTION, "0.046", tolerance=0.0005).correct
    # 0.04545 typed to 5 decimals (±0.000005) is 0.0000045 from 1/22: right without a
    # tolerance; a teacher's ±0.000001 is stricter and rejects it
    assert check(QUESTION, "0.04545").correct
    assert not check(QUESTION, "0.04545", tolerance=0.000001).correct


def test_a_tolerance_must_be_positive():
    for bad in (0.0, -0.1, float("nan"), float("inf")):
        with pytest.raises(ValueError, match="tolerance must be a positive number"):
            parse_answer("0.5").with_tolerance(bad)
