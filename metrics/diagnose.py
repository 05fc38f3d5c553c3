"""Which conventions or mistakes reproduce a given (wrong) number.

A student computes nDCG@5 by hand and gets 0.7967 where the right value is 0.5571. `diagnose`
searches, for the one measure asked about:
1. the student's convention with each single mistake of the catalogue, then each pair;
2. every other preset (a tool's convention), alone and with each single mistake;
and reports every combination whose value matches the answer within the tolerance, ranked by
plausibility: fewer departures first, then the more common mistakes. A pair is only reported
when neither of its mistakes alone already matches and both change the number.

Tolerance: an answer typed with d decimals matches values within half a unit of its last
decimal (d at least 2), so 0.79 accepts [0.785, 0.795] and 0.7850 accepts [0.78495, 0.78505].
"""

from __future__ import annotations

import itertools
import math
import re
from collections.abc import Collection, Iterable
from dataclasses import dataclass, replace

from metrics.conventions import PRESETS, Convention
from metrics.phrasing import SHORT
from metrics.pitfalls import CATALOGUE, Pitfall, Scenario, compute, correct
from metrics.result import Result


@dataclass(frozen=True)
class Answer:
    """A typed answer and the tolerance its precision implies."""

    value: float
    tolerance: float
    text: str


def parse_answer(text: str) -> Answer:
    """Read '0.785', '0,785', '12.39', '3/4' or '75%'; raises ValueError saying what is accepted."""
    raw = text.strip()
    cleaned = raw.replace(",", ".").replace(" ", "")
    percent = cleaned.endswith("%")
    cleaned = cleaned.rstrip("%")
    fraction = re.fullmatch(r"(-?\d+(?:\.\d+)?)/(\d+(?:\.\d+)?)", cleaned)
    try:
        if fraction:
            value = float(fraction.group(1)) / float(fraction.group(2))
            decimals = 6
        else:
            value = float(cleaned)
            decimals = len(cleaned.split(".")[1]) if "." in cleaned else 0
    except (ValueError, ZeroDivisionError):
        raise ValueError(
            f"{raw!r} is not a number. Type a decimal such as 0.785, a fraction such as 3/4, "
            "or a percentage such as 78.5%."
        ) from None
    if not math.isfinite(value):
        raise ValueError(f"{raw!r} is not a finite number.")
    if percent:
        value /= 100.0
        decimals += 2
    tolerance = 0.5 * 10.0 ** -max(decimals, 2) + 1e-12
    return Answer(value, tolerance, raw)


@dataclass(frozen=True)
class Match:
    """One way to arrive at the answer: a convention plus zero, one or two mistakes."""

    convention: Convention
    mistakes: tuple[Pitfall, ...]
    result: Result
    departures: int
    plausibility: float

    def describe(self, base: Convention, family: str, ignore: Collection[str] = ()) -> str:
        """E.g. 'the scikit-learn convention (gain, ideal ranking) + Natural log instead of
        log2'; the choices in `ignore` (those that cannot matter on the list) are not named."""
        parts = []
        if self.convention is not base:
            fields = [f for f in base.differences(self.convention, family) if f not in ignore]
            changed = f" ({', '.join(SHORT[f] for f in fields)})" if fields else ""
            parts.append(f"the {self.convention.name} convention{changed}")
        parts += [m.title for m in self.mistakes]
        return " + ".join(parts)


@dataclass(frozen=True)
class Diagnosis:
    family: str
    answer: Answer
    right: Result
    correct: bool
    matches: tuple[Match, ...]


def _close(value: float, answer: Answer) -> bool:
    return math.isfinite(value) and abs(value - answer.value) <= answer.tolerance


def candidate_mistakes(family: str, scenario: Scenario) -> list[Pitfall]:
    """The diagnosable mistakes that can change `family` on this scenario."""
    return [p for p in CATALOGUE if p.diagnosable and family in p.families and p.applies(scenario)]


def diagnose(
    family: str,
    scenario: Scenario,
    answer: Answer,
    presets: Iterable[Convention] = PRESETS.values(),
) -> Diagnosis:
    """Every convention/mistake combination that reproduces `answer` for `family`."""
    right = correct(family, scenario)
    if _close(right.value, answer):
        return Diagnosis(family, answer, right, True, ())
    base = scenario.convention
    matches: list[Match] = []

    def value_of(s: Scenario, mistakes: tuple[Pitfall, ...]) -> Result | None:
        try:
            return compute(family, s, mistakes)
        except ValueError:  # a combination the data cannot take (e.g. gmax below a grade)
            return None

    singles = candidate_mistakes(family, scenario)
    single_values: dict[str, float] = {}
    for p in singles:
        result = value_of(scenario, (p,))
        if result is None:
            continue
        single_values[p.key] = result.value
        if _close(result.value, answer):
            matches.append(Match(base, (p,), result, 1, p.plausibility))
    matched = {m.mistakes[0].key for m in matches}
    for a, b in itertools.combinations(singles, 2):
        if a.key in matched or b.key in matched:
            continue
        result = value_of(scenario, (a, b))
        if result is None or not _close(result.value, answer):
            continue
        if any(_same(result.value, single_values.get(p.key)) for p in (a, b)):
            continue  # one of the two changes nothing on top of the other
        matches.append(Match(base, (a, b), result, 2, a.plausibility * b.plausibility / 4))

    for preset in presets:
        if not base.differences(preset, family):
            continue
        s = replace(scenario, convention=preset)
        result = value_of(s, ())
        if result is None or _same(result.value, right.value):
            continue  # the tool's convention gives the right value on this list
        if _close(result.value, answer):
            matches.append(Match(preset, (), result, 1, 2.0))
            continue
        for p in candidate_mistakes(family, s):
            if p.key in matched:
                continue
            result = value_of(s, (p,))
            if result is not None and _close(result.value, answer):
                matches.append(Match(preset, (p,), result, 2, p.plausibility / 2))

    matches.sort(key=lambda m: (m.departures, -m.plausibility))
    return Diagnosis(family, answer, right, False, tuple(matches))


def _same(x: float, y: float | None) -> bool:
    return y is not None and (x == y or abs(x - y) <= 1e-12)
