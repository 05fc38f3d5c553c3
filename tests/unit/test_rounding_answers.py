"""Answers rounded twice (5.29148 -> 5.2915 -> 5.292) get "right to 3 decimals — check your
rounding" instead of "matches no known mistake", and a teacher's tolerance replaces the one the
typed precision implies. Values are worked by hand in the comments."""

from __future__ import annotations

import numpy as np
import pytest

from rankwork.core.conventions import TEXTBOOK
from rankwork.core.intents import Intents
from rankwork.core.ranking import Ranking
from rankwork.core.scenario import Scenario, correct
from rankwork.core.working.lines import lines
from rankwork.teaching.answers import check, right_to_rounding, slack_text
from rankwork.teaching.diagnose import diagnose, parse_answer, rounded_twice, rounding_hint
from rankwork.teaching.exercises import Question, Step


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


# --- right to the rounding of the working's terms (ERR, RBP, ERR-IA, as DCG and α-nDCG) ------

ERR_LIST = Scenario(Ranking.build([0, 0, 0, 1, 3], scale_max=3), TEXTBOOK, 5)


def test_err_from_the_workings_rounded_terms_is_right():
    # Textbook ERR@5, top grade 3: R_4 = (2^1 - 1)/2^3 = 1/8, R_5 = (2^3 - 1)/2^3 = 7/8; ranks
    # 1-3 stop nobody. Terms (1/i) R_i prod_{j<i}(1 - R_j): 1/4 * 1/8 = 0.03125 and
    # 1/5 * 7/8 * 7/8 = 0.153125, so ERR@5 = 0.184375. Rounded to 4 decimals (half to even, as
    # the working prints them) the terms are 0.0312 + 0.1531 = 0.1843, 0.000075 from the value:
    # two rounded terms allow up to 2 * 0.00005 = 0.0001 (plus 0.1843's own ±0.00005).
    assert 1 / 4 * 1 / 8 + 1 / 5 * 7 / 8 * 7 / 8 == 0.184375
    assert f"{0.03125:.4f}" == "0.0312" and f"{0.153125:.4f}" == "0.1531"
    c = check(Question("ERR", "ERR", (Step("ERR", "ERR", ERR_LIST),)), "0.1843")
    assert c.correct and c.message.startswith("Right, to the rounding of the terms")
    assert "0.184375" in c.message
    # 0.1850 is 0.000625 away: beyond the rounding of two terms
    assert not check(Question("ERR", "ERR", (Step("ERR", "ERR", ERR_LIST),)), "0.1850").correct


def _shown(line) -> float:
    """The number a working's line ends with (its total as shown)."""
    return float(line.sides[-1].text)


def _from_the_working(family: str, lines) -> float:
    """What a student gets from the working's shown totals: the total itself, or the ratio of
    the two shown totals (numerator's and normaliser's lines)."""
    if family == "ERR":
        return _shown(lines[-1])
    if family == "RBP":
        return _shown(lines[0])
    top, bottom = _shown(lines[0]), _shown(lines[1])  # nDCG, α-nDCG, ERR-IA
    return top / bottom if bottom else _shown(lines[-1])  # nothing to find: the value shown


def _random_scenarios(family: str, count: int):
    rng = np.random.default_rng(25)
    for _ in range(count):
        n = int(rng.integers(2, 9))
        grades = rng.integers(0, 4, n).tolist()
        if family in ("alpha_nDCG", "ERR_IA"):
            sets = [",".join(map(str, rng.choice(4, rng.integers(0, 3), replace=False) + 1))
                    for _ in range(n)]  # fmt: skip
            ranking = Ranking.build([1] * n, [f"d{i}" for i in range(n)],
                                    intents=Intents.build(sets))  # fmt: skip
        else:
            ranking = Ranking.build(grades, scale_max=3)
        yield Scenario(ranking, TEXTBOOK, int(rng.integers(2, n + 1)))


@pytest.mark.parametrize("family", ["nDCG", "ERR", "RBP", "alpha_nDCG", "ERR_IA"])
def test_what_the_working_shows_is_right_to_the_rounding(family):
    # the checker and the working cannot drift apart: the answer a student reads off the
    # working's shown totals (rounded terms added up), typed to 4 decimals, is accepted
    for s in _random_scenarios(family, 40):
        right = correct(family, s)
        typed = f"{_from_the_working(family, lines(family, right, TEXTBOOK, 4)):.4f}"
        d = diagnose(family, s, parse_answer(typed))
        assert d.correct or right_to_rounding(d, 4) is not None, (s.ranking, typed, right.value)


@pytest.mark.parametrize(
    ("slack", "shown"),
    [
        (0.00015, "0.00015"),  # three half-units of the 4th decimal, exactly
        (1.41e-5, "0.000015"),  # rounded up, not down to 0.00001
        (3.2e-6, "0.0000032"),  # below 5e-6: not "0."
        (0.000101, "0.00011"),  # two significant digits, the second rounded up
        (0.0005, "0.0005"),
    ],
)
def test_the_slack_is_shown_rounded_up_to_two_significant_digits(slack, shown):
    assert slack_text(slack) == shown


def test_the_rounding_verdict_names_the_measure_as_people_write_it():
    # α-nDCG@5 from the rounded terms (test_exercises: 1.0445 / 1.1372 = 0.9185)
    sets = ["1,2", "1", "", "3", "2,3"]
    ranking = Ranking.build([1, 1, 0, 1, 1], ["d1", "d2", "d3", "d4", "d5"],
                            intents=Intents.build(sets))  # fmt: skip
    d = diagnose("alpha_nDCG", Scenario(ranking, TEXTBOOK, 5), parse_answer("0.9185"))
    said = right_to_rounding(d, 4)
    assert "α-nDCG@5 = " in said and "alpha_nDCG" not in said
