"""Every card's interval over the unjudged documents against brute force.

On random small lists (seeded), under every preset, the Playground's report (with every "More
measures" card, the assignments scored by the batch kernels as the Playground does) is compared
with the measures' single-list functions run on every assignment of grades 0..top to the
unjudged documents, each list rebuilt from scratch with those grades (so the graded documents
join the judged pool, as `rankwork.core.bounds` fills them):

- a card whose interval is a range (kind RANGE) shows the least and the greatest of them;
- RBP's card shows [RBP, RBP + residual]: the least of them, and the greatest plus the weight
  of the ranks beyond the list, top gain * p^n;
- a card of kind FILLS (too many assignments; forced here with a small budget) shows the two
  fills, labelled as fills and not as a range, and its help says the range is not known.
"""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from rankwork.collection.assignments import batch_evaluator
from rankwork.core import bounds as bounds_module
from rankwork.core.conventions import PRESETS, Convention
from rankwork.core.measures import SPECS
from rankwork.core.ranking import Ranking, order
from rankwork.explore.report import HEADLINE, MORE, OWN_UNJUDGED, evaluate
from ui.playground import cards

LISTS_PER_PRESET = 30
DECIMALS = 6


def random_query(rng: np.random.Generator, convention: Convention) -> dict:
    """A list of 1 to 5 documents graded on 0..top (top 1 to 3), about a third unjudged (at
    most 3, and, where the preset accepts negative grades, sometimes trec_eval's -1), with
    scores that tie half the time, judged documents not retrieved, and a cutoff 1 to 5."""
    n, top = int(rng.integers(1, 6)), int(rng.integers(1, 4))
    negative = convention.negative != "reject"
    grades: list[object] = []
    for _ in range(n):
        draw = rng.random() if grades.count(None) + grades.count(-1) < 3 else 1.0
        if draw < 0.3:
            grades.append(None)
        elif draw < 0.35 and negative:
            grades.append(-1)
        else:
            grades.append(int(rng.integers(0, top + 1)))
    scores = list(rng.integers(0, 3, size=n)) if rng.random() < 0.5 else None
    unretrieved = [int(g) for g in rng.integers(0, top + 1, size=int(rng.integers(0, 3)))]
    return {
        "grades": grades,
        "scores": scores,
        "unretrieved": unretrieved,
        "scale_max": top,
        "k": int(rng.integers(1, 6)),
    }


def unjudged(query: dict, convention: Convention) -> list[int]:
    """The positions an assignment grades: empty grades, and -1 where the preset reads a
    negative grade as unjudged (with 'clip' it is a judged 0)."""
    reads_unjudged = convention.negative == "unjudged"
    return [
        i
        for i, g in enumerate(query["grades"])
        if g is None or (reads_unjudged and isinstance(g, int) and g < 0)
    ]


def brute_force(query: dict, convention: Convention, families) -> dict[str, list[float]]:
    """Each family's value on every assignment of grades 0..top to the unjudged documents,
    each list built anew and ordered by the convention."""
    missing = unjudged(query, convention)
    values: dict[str, list[float]] = {family: [] for family in families}
    for combo in itertools.product(range(query["scale_max"] + 1), repeat=len(missing)):
        grades = list(query["grades"])
        for position, grade in zip(missing, combo, strict=True):
            grades[position] = grade
        ranking = Ranking.build(
            grades,
            scores=query["scores"],
            unretrieved=query["unretrieved"],
            scale_max=query["scale_max"],
        )
        ordered = order(ranking, convention)
        for family in families:
            cut = query["k"] if family in HEADLINE or SPECS[family].cutoff != "none" else None
            values[family].append(SPECS[family].single(ordered, convention, cut).value)
    return values


def report_of(query: dict, convention: Convention):
    ranking = Ranking.build(
        query["grades"],
        scores=query["scores"],
        unretrieved=query["unretrieved"],
        scale_max=query["scale_max"],
    )
    return evaluate(ranking, convention, query["k"], more=MORE, many=batch_evaluator)


@pytest.mark.parametrize("preset", list(PRESETS))
def test_every_card_interval_is_the_range_brute_force_finds(preset: str) -> None:
    convention = PRESETS[preset]
    rng = np.random.default_rng(list(PRESETS).index(preset))
    checked = 0
    for _ in range(LISTS_PER_PRESET):
        query = random_query(rng, convention)
        report = report_of(query, convention)
        assert report.bounds_problem is None, report.bounds_problem
        families = [f for f in report.cards if f not in OWN_UNJUDGED]
        assert set(report.bounds) == set(families)
        found = brute_force(query, convention, families)
        for family in families:
            spread, values = report.bounds[family], found[family]
            where = f"{family} on {query}"
            assert spread.exact, where  # at most 4^3 assignments: within the budget
            assert spread.low == pytest.approx(min(values), abs=1e-9), where
            assert spread.high == pytest.approx(max(values), abs=1e-9), where
            if spread.unjudged and family != "RBP":
                shown = cards._interval(report, family, DECIMALS)
                assert shown == f"{min(values):.{DECIMALS}f}–{max(values):.{DECIMALS}f}", where
        rbp = report.results["RBP"]
        top = query["scale_max"] if convention.rbp_gain == "raw" else 1.0
        tail = top * convention.rbp_p ** len(query["grades"])
        assert rbp.value == pytest.approx(min(found["RBP"]), abs=1e-9)
        assert rbp.details["upper"] == pytest.approx(max(found["RBP"]) + tail, abs=1e-9)
        checked += bool(unjudged(query, convention))
    assert checked >= LISTS_PER_PRESET // 3  # enough lists had something to assign


@pytest.mark.parametrize("preset", list(PRESETS))
def test_beyond_the_budget_a_card_shows_the_two_fills_as_fills(
    preset: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With a budget of 3 assignments, a measure not proven monotone and with more to try is
    of kind FILLS: its card shows 'fills a / b' (a: every unjudged grade 0, b: every one of the
    top grade, both by brute force), never a range, and its help says no range is known."""
    monkeypatch.setattr(bounds_module, "BUDGET", 3)
    convention = PRESETS[preset]
    rng = np.random.default_rng(100 + list(PRESETS).index(preset))
    seen = 0
    for _ in range(LISTS_PER_PRESET):
        query = random_query(rng, convention)
        report = report_of(query, convention)
        for family, spread in report.bounds.items():
            if spread.exact:
                continue
            seen += 1
            assert family not in bounds_module.MONOTONE, family
            top, missing = query["scale_max"], unjudged(query, convention)
            values = (
                brute_force(
                    {**query, "grades": fill(query["grades"], missing, 0)}, convention, [family]
                )[family]
                + brute_force(
                    {**query, "grades": fill(query["grades"], missing, top)}, convention, [family]
                )[family]
            )
            assert (spread.lower, spread.upper) == pytest.approx(values, abs=1e-9)
            shown = cards._interval(report, family, DECIMALS)
            assert shown == f"fills {values[0]:.{DECIMALS}f} / {values[1]:.{DECIMALS}f}"
            assert "–" not in shown
            assert "is not known" in cards._bounds_help(report, family, DECIMALS)
    assert seen  # the budget was exceeded somewhere


def fill(grades: list, positions: list[int], grade: int) -> list:
    return [grade if i in positions else g for i, g in enumerate(grades)]
