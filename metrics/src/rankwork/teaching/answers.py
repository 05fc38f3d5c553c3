"""Checking a typed answer to an exercise's question (`rankwork.teaching.exercises`): `check`
reads it: numbers go through the diagnosis (`rankwork.teaching.diagnose`), which names the
mistake behind a wrong one; choices are compared with the right option. A number is also right
when it is what the worked solution's terms, each rounded to the decimals it shows them with,
add up to (`right_to_rounding`, `rounding_slack`); `score` counts a round's right answers.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from decimal import Decimal

from rankwork.core.measures import display_name
from rankwork.core.measures.families.dcg import part
from rankwork.core.result import Result
from rankwork.core.working.terms import summed_terms
from rankwork.language import _, ngettext
from rankwork.teaching.diagnose import Diagnosis, diagnose, parse_answer, rounding_hint
from rankwork.teaching.exercises import Question, option_text
from rankwork.teaching.phrasing import moot

__all__ = ["Check", "check", "right_to_rounding", "rounding_slack", "score", "slack_text"]


@dataclass(frozen=True)
class Check:
    """The verdict on one typed answer. `diagnosis` is set for numeric answers that parsed."""

    question: Question
    text: str
    correct: bool
    message: str
    diagnosis: Diagnosis | None = None


def _rounded_terms(values: Iterable[float], decimals: int) -> float:
    """The most a sum of `values` moves when each is rounded to `decimals` places: half a unit
    of the last place for each value that rounding changes (7 and 1.5 stay exact)."""
    half = 0.5 * 10.0**-decimals
    return sum(half for v in values if abs(round(float(v), decimals) - float(v)) > 1e-12)


_SUMS = ("DCG", "IDCG", "ERR", "RBP")
_NOVELTY_SUMS = ("alpha_nDCG", "ERR_IA")  # their numerators; the value is a ratio


def rounding_slack(family: str, result: Result, decimals: int) -> float:
    """How far an answer worked from the solution's rounded terms can be from the right value.
    DCG@k, IDCG@k, ERR@k and RBP are sums, and their working shows the total its terms
    rounded to `decimals` places add up to, so n rounded terms (`summed_terms`) move them by
    up to n half-units of the last decimal. nDCG@k = DCG@k / IDCG@k moves at most to
    (DCG ± s_D) / (IDCG ∓ s_I), where a rounded total counts as one rounded term; α-nDCG@k and
    ERR-IA@k likewise over their numerator's rounded terms and their normaliser rounded once.
    0 for the other measures (their workings are fractions of whole numbers, not sums of
    rounded terms). `result` is the right Result of `family` (DCG's and IDCG's tables hold the
    whole nDCG breakdown: `rankwork.core.measures.families.dcg.part`)."""
    d = result.details
    if family in _SUMS:
        total = part(family, result).value if family in ("DCG", "IDCG") else result.value
        return _sum_slack(summed_terms(family, result), total, decimals)
    if family == "nDCG":
        slacks = (rounding_slack(f, result, decimals) for f in ("DCG", "IDCG"))
        return _ratio_slack(d["DCG"], d["IDCG"], *slacks, result.value)
    if family in _NOVELTY_SUMS:
        top = _sum_slack(summed_terms(family, result), d["discounted_sum"], decimals)
        bottom = _rounded_terms([d["normaliser"]], decimals)
        return _ratio_slack(d["discounted_sum"], d["normaliser"], top, bottom, result.value)
    return 0.0


def _ratio_slack(top: float, bottom: float, s_top: float, s_bottom: float, value: float) -> float:
    """How far top / bottom moves when top moves by ±s_top and bottom by ±s_bottom."""
    if bottom - s_bottom <= 0:
        return 0.0
    low, high = (top - s_top) / (bottom + s_bottom), (top + s_top) / (bottom - s_bottom)
    return max(high - value, value - low)


def _sum_slack(terms: Iterable[float], total: float, decimals: int) -> float:
    """`_rounded_terms` of a sum's terms, at least that of its rounded total (a working shows
    the rounded total when it elides terms or has one)."""
    return max(_rounded_terms(terms, decimals), _rounded_terms([total], decimals))


def check(
    question: Question, text: str, tolerance: float | None = None, decimals: int = 4
) -> Check:
    """Read one typed answer: a number is diagnosed (within ±`tolerance` when the teacher set
    one, else within the precision typed, or within the rounding of the worked solution's
    terms to `decimals` places: `rounding_slack`), a choice compared with the right one."""
    text = str(text).strip()
    if not text:
        return Check(question, text, False, _("No answer yet."))
    if not question.numeric:
        if text == question.answer:
            return Check(question, text, True, _("Right."))
        return Check(
            question,
            text,
            False,
            _("Not quite: the answer is {answer}.").format(answer=option_text(question.answer)),
        )
    try:
        answer = parse_answer(text).with_tolerance(tolerance)
    except ValueError as exc:
        return Check(question, text, False, str(exc))
    step = question.steps[0]
    d = diagnose(step.family, step.scenario, answer)
    if d.correct:
        return Check(question, text, True, _("Right."), d)
    rounded = right_to_rounding(d, decimals) if tolerance is None else None
    if rounded is not None:
        return Check(question, text, True, rounded, d)
    if d.rounded_from is not None:
        return Check(question, text, False, rounding_hint(d), d)
    if d.matches:
        how = d.matches[0].describe(
            step.scenario.convention, step.family, moot(step.scenario.ranking)
        )
        others = len(d.matches) - 1
        if others:
            message = ngettext(
                "Not quite. {text} is what you get from: {how} (and {n} other way).",
                "Not quite. {text} is what you get from: {how} (and {n} other ways).",
                others,
            ).format(text=text, how=how, n=others)
        else:
            message = _("Not quite. {text} is what you get from: {how}.").format(text=text, how=how)
    else:
        message = _(
            "Not quite. {text} matches no known mistake: compare with the worked solution."
        ).format(text=text)
    return Check(question, text, False, message, d)


def right_to_rounding(d: Diagnosis, decimals: int) -> str | None:
    """When the answer `d` judged wrong is right to the rounding of its working's terms to
    `decimals` places (`rounding_slack`): the verdict saying so; else None."""
    if d.correct:
        return None
    slack = rounding_slack(d.family, d.right, decimals)
    if not slack or abs(d.answer.value - d.right.value) > slack + d.answer.tolerance:
        return None
    said = _(
        "Right, to the rounding of the terms: each term rounded to {decimals} decimals moves the "
        "total by up to ±{slack}; unrounded, {name} = {value}."
    )
    return said.format(
        decimals=decimals,
        slack=slack_text(slack),
        name=display_name(d.right.name),
        value=f"{d.right.value:.{decimals + 2}f}",
    )


def slack_text(slack: float) -> str:
    """A slack > 0 to two significant digits, rounded up so that the bound shown is never
    below the true one: 0.00015 -> 0.00015, 1.41e-5 -> 0.000015, 3.2e-6 -> 0.0000032. (The
    factor 1 - 1e-12 keeps float noise, 0.00015000000000000001, from rounding up a digit.)"""
    exponent = math.floor(math.log10(slack)) - 1
    digits = math.ceil(slack / 10.0**exponent * (1 - 1e-12))
    return format(Decimal(digits).scaleb(exponent).normalize(), "f")


def score(checks: Iterable[Check]) -> tuple[int, int]:
    """(right answers, questions) over the checks of a round."""
    checks = list(checks)
    return sum(c.correct for c in checks), len(checks)
