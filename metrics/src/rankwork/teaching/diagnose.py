"""Which conventions or mistakes reproduce a given (wrong) number.

A student computes nDCG@5 by hand and gets 0.7967 where the right value is 0.5571. `diagnose`
searches, for the one measure asked about:
1. the student's convention with each single mistake of the catalogue, then each pair;
2. each slip of the formula (`SLIPS`: log2(i) for log2(i+1)), alone and with each single mistake;
3. every other preset (a tool's convention), alone and with each single mistake;
and reports every combination whose value matches the answer within the tolerance, ranked by
plausibility: fewer departures first, then the more common mistakes. A pair is only reported
when neither of its mistakes alone already matches and both change the number.

Tolerance: an answer typed with d decimals matches values within half a unit of its last
decimal (d at least 2), so 0.79 accepts [0.785, 0.795] and 0.7850 accepts [0.78495, 0.78505].
A teacher may set the tolerance instead (`with_tolerance`).

Rounding twice: an answer that is the right value rounded first to more decimals and then to
the ones typed (5.29148 -> 5.2915 -> 5.292, where rounding once gives 5.291) is not right, but
it is no mistake of method either: `Diagnosis.rounded_from` holds the first rounding (5.2915)
and `rounding_hint` says so.
"""

from __future__ import annotations

import itertools
import math
import re
from collections.abc import Callable, Collection, Iterable
from dataclasses import dataclass, replace
from decimal import ROUND_DOWN, ROUND_HALF_UP, Decimal

from rankwork.core.conventions import PRESETS, Convention
from rankwork.core.measures import SPECS
from rankwork.core.result import Result
from rankwork.core.scenario import Scenario, correct
from rankwork.language import N_, _
from rankwork.teaching.phrasing import SHORT
from rankwork.teaching.pitfalls import CATALOGUE, Pitfall, compute, transformed


@dataclass(frozen=True)
class Answer:
    """A typed answer and the tolerance its precision implies (`decimals`: how many were
    typed, as a fraction of 1 for a percentage; None for a fraction such as 3/4)."""

    value: float
    tolerance: float
    text: str
    decimals: int | None = None

    def with_tolerance(self, tolerance: float | None) -> Answer:
        """The answer checked within ±`tolerance` (a teacher's choice) instead of the
        tolerance its precision implies; unchanged for None."""
        if tolerance is None:
            return self
        if not math.isfinite(tolerance) or tolerance <= 0:
            raise ValueError(
                _("A tolerance must be a positive number; got {tolerance}.").format(
                    tolerance=repr(tolerance)
                )
            )
        return replace(self, tolerance=float(tolerance) + 1e-12)


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
            typed = None
        else:
            value = float(cleaned)
            decimals = len(cleaned.split(".")[1]) if "." in cleaned else 0
            typed = decimals + 2 * percent
    except (ValueError, ZeroDivisionError):
        raise ValueError(
            _(
                "{typed} is not a number. Type a decimal such as 0.785, a fraction such as 3/4, "
                "or a percentage such as 78.5%."
            ).format(typed=repr(raw))
        ) from None
    if not math.isfinite(value):
        raise ValueError(_("{typed} is not a finite number.").format(typed=repr(raw)))
    if percent:
        value /= 100.0
        decimals += 2
    tolerance = 0.5 * 10.0 ** -max(decimals, 2) + 1e-12
    return Answer(value, tolerance, raw, typed)


@dataclass(frozen=True)
class Slip:
    """A slip in writing the formula down, named as a student makes it (`title`), then the
    published convention it happens to coincide with (`coincides`): the student did not mean
    that convention, so it comes second. `change` gives the convention the slip leaves, or None
    when the slip cannot be made under `convention`."""

    title: str  # marked with N_, as are `coincides` and `why`; shown with _()
    coincides: str
    why: str
    change: Callable[[Convention], Convention | None]
    plausibility: float

    def describe(self) -> str:
        return _("{slip} (which is also {convention})").format(
            slip=_(self.title), convention=_(self.coincides)
        )


def _log2_of_rank(convention: Convention) -> Convention | None:
    """1/log2(i+1) written 1/log2(i), with rank 1, where log2(1) = 0, left undiscounted: the
    weights 1, 1, 1/log2(3), 1/log2(4), ... which are the rank-b discount with b = 2."""
    if convention.discount != "log" or convention.log_base != 2:
        return None
    return convention.with_(discount="jk", log_base=2.0)


SLIPS: tuple[Slip, ...] = (
    Slip(
        N_("you used log2(i) instead of log2(i+1): rank 1 undiscounted"),
        N_("Järvelin & Kekäläinen's rank-b discount with b = 2"),
        N_(
            "The discount is 1/log2(i+1): rank 1 weighs 1/log2(2) = 1, rank 2 1/log2(3) = 0.631, "
            "rank 3 1/log2(4) = 0.5. With log2(i), rank 1 would divide by log2(1) = 0, so it is "
            "left undiscounted, and every later rank weighs more than it should: rank 2 "
            "1/log2(2) = 1, rank 3 1/log2(3) = 0.631."
        ),
        _log2_of_rank,
        3.0,
    ),
)


@dataclass(frozen=True)
class Match:
    """One way to arrive at the answer: a convention plus zero, one or two mistakes, or a slip
    (`slip`, whose convention `convention` is) plus zero or one mistake."""

    convention: Convention
    mistakes: tuple[Pitfall, ...]
    result: Result
    departures: int
    plausibility: float
    slip: Slip | None = None

    def describe(self, base: Convention, family: str, ignore: Collection[str] = ()) -> str:
        """E.g. 'the scikit-learn convention (gain, ideal ranking) + Natural log instead of
        log2'; the choices in `ignore` (those that cannot matter on the list) are not named.
        A slip comes first, as the student made it: 'you used log2(i) instead of log2(i+1):
        rank 1 undiscounted (which is also Järvelin & Kekäläinen's rank-b discount ...)'."""
        parts = []
        if self.slip is not None:
            parts.append(self.slip.describe())
        elif self.convention is not base:
            fields = [
                f for f in base.differences(self.convention, SPECS[family].reads) if f not in ignore
            ]
            name = _(self.convention.name)  # a preset's name translated, a derived one as made
            if fields:
                changed = _(", ").join(_(SHORT[f]) for f in fields)
                parts.append(
                    _("the {name} convention ({changed})").format(name=name, changed=changed)
                )
            else:
                parts.append(_("the {name} convention").format(name=name))
        parts += [_(m.title) for m in self.mistakes]
        return " + ".join(parts)


@dataclass(frozen=True)
class Diagnosis:
    family: str
    answer: Answer
    right: Result
    correct: bool
    matches: tuple[Match, ...]
    rounded_from: str | None = None  # the first of two roundings that give the answer


def rounded_twice(value: float, answer: Answer) -> str | None:
    """When `answer` is `value` rounded (half up, as by hand) to more decimals than typed and
    then again to the typed ones, but rounding once gives another number: the first rounding,
    e.g. '5.2915' for 5.29148 -> 5.2915 -> 5.292 (rounding once: 5.291). Else None."""
    d = answer.decimals
    if d is None or not math.isfinite(value):
        return None
    if _is(_round(value, d), answer.value):
        return None
    for first in range(d + 1, d + 7):
        rounded = start = _round(value, first)
        for places in range(first - 1, d - 1, -1):
            rounded = rounded.quantize(Decimal(10) ** -places, ROUND_HALF_UP)
        if _is(rounded, answer.value):
            return str(start)
    return None


def _round(value: float | Decimal, places: int, how: str = ROUND_HALF_UP) -> Decimal:
    return Decimal(value).quantize(Decimal(10) ** -places, how)


def _is(number: Decimal, value: float) -> bool:
    return abs(float(number) - value) <= 1e-12 * max(1.0, abs(value))


def rounding_hint(d: Diagnosis) -> str:
    """What to say when the answer was rounded twice (see `rounded_twice`): the value cut to
    enough decimals to see which way it rounds, what rounding once gives, and the first
    rounding the answer comes from."""
    places = d.answer.decimals or 0
    once = _round(d.right.value, places)
    shown = next(
        (
            cut
            for more in range(places + 1, 18)
            if _round(cut := _round(d.right.value, more, ROUND_DOWN), places) == once
        ),
        Decimal(d.right.value),
    )
    return _(
        "Right to {places} decimals — check your rounding: {name} = {shown}…, which rounds to "
        "{once}; {answer} comes from rounding {first} again. Round once, from the full value."
    ).format(
        places=places,
        name=d.right.name,
        shown=shown,
        once=once,
        answer=d.answer.text,
        first=d.rounded_from,
    )


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
    rounded_from = rounded_twice(right.value, answer)
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

    matches += _slips(family, scenario, answer, matched, value_of)
    slipped = [m for m in matches if m.slip is not None]

    for preset in presets:
        if not base.differences(preset, SPECS[family].reads):
            continue
        s = replace(scenario, convention=preset)
        result = value_of(s, ())
        if result is None or _same(result.value, right.value):
            continue  # the tool's convention gives the right value on this list
        if _close(result.value, answer):
            if not _explained(family, s, (), slipped):
                matches.append(Match(preset, (), result, 1, 2.0))
            continue
        for p in candidate_mistakes(family, s):
            if p.key in matched:
                continue
            result = value_of(s, (p,))
            if result is None or not _close(result.value, answer):
                continue
            if not _explained(family, s, (p,), slipped):
                matches.append(Match(preset, (p,), result, 2, p.plausibility / 2))

    matches.sort(key=lambda m: (m.departures, -m.plausibility))
    return Diagnosis(family, answer, right, False, tuple(matches), rounded_from)


def _slips(
    family: str,
    scenario: Scenario,
    answer: Answer,
    matched: Collection[str],
    value_of: Callable[[Scenario, tuple[Pitfall, ...]], Result | None],
) -> list[Match]:
    """The slips (`SLIPS`) that reproduce `answer`, alone or with one mistake of the catalogue
    not already matched alone."""
    out = []
    for slip in SLIPS:
        changed = slip.change(scenario.convention)
        if changed is None or not scenario.convention.differences(changed, SPECS[family].reads):
            continue
        s = replace(scenario, convention=changed)
        result = value_of(s, ())
        if result is not None and _close(result.value, answer):
            out.append(Match(changed, (), result, 1, slip.plausibility, slip))
            continue
        for p in candidate_mistakes(family, s):
            if p.key in matched:
                continue
            result = value_of(s, (p,))
            if result is not None and _close(result.value, answer):
                plausibility = slip.plausibility * p.plausibility / 4
                out.append(Match(changed, (p,), result, 2, plausibility, slip))
    return out


def _explained(
    family: str, scenario: Scenario, mistakes: tuple[Pitfall, ...], slipped: list[Match]
) -> bool:
    """Whether a preset with `mistakes` computes what a slip already matched computes: the same
    convention once the mistakes' transforms are applied, and no mistake that edits the working
    (the Järvelin & Kekäläinen preset with its linear gain flipped back is the log2(i) slip)."""
    if any(p.adjust is not None for p in mistakes):
        return False
    reached = transformed(family, scenario, mistakes).convention
    reads = SPECS[family].reads
    return any(not m.mistakes and not m.convention.differences(reached, reads) for m in slipped)


def _same(x: float, y: float | None) -> bool:
    return y is not None and (x == y or abs(x - y) <= 1e-12)
