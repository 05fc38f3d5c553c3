"""A scenario (one list, a convention and a cutoff) and the value of a measure on it.

`correct(family, scenario)` is the right value, straight from the measure's spec
(`rankwork.core.measures.SPECS[family].single`): the reference every mistake of the Pitfalls lab,
every diagnosis on the check page and every exercise's answer is compared with.
"""

from __future__ import annotations

from dataclasses import dataclass, fields

import numpy as np

from rankwork.core.condensed import condense, primed, removed
from rankwork.core.conventions import Convention
from rankwork.core.diversity import DEFAULT_ALPHA
from rankwork.core.measures import SPECS
from rankwork.core.ranking import Ordered, Ranking, order
from rankwork.core.result import Result


@dataclass(frozen=True)
class Scenario:
    """What a measure is computed from: one list, a convention and a cutoff. `copies` names
    documents of the list that are a second listing of another one (a mistake's doing): they
    earn gain where they stand, but the judgments hold each document once, so they are not in
    the judged pool that R and the ideal ranking come from. `alpha` is the redundancy penalty
    α of the diversity measures that take one (α-DCG, α-nDCG, NRBP, nNRBP). `condensed`: every
    measure but the diversity ones scores the condensed list, the unjudged documents removed
    (`rankwork.core.condensed`), named with a prime (AP′, DCG′, ERR′), as the Playground's cards
    do under its condensed toggle (`rankwork.explore.report.evaluate`)."""

    ranking: Ranking
    convention: Convention
    k: int | None
    copies: frozenset[str] = frozenset()
    alpha: float = DEFAULT_ALPHA
    condensed: bool = False


@dataclass(frozen=True, eq=False)
class _Listed(Ordered):
    """An ordered list whose judged pool leaves out the copies of documents listed twice."""

    copy: np.ndarray | None = None

    @property
    def judged_pool(self) -> np.ndarray:
        once = self.grades[~self.copy] if self.copy is not None else self.grades
        return np.concatenate([once[~np.isnan(once)], self.unretrieved])


def ordered(scenario: Scenario, condensed: bool = False) -> Ordered:
    """The scenario's list in the order its convention ranks it (copies out of the pool),
    without its unjudged documents when `condensed`."""
    listed = order(scenario.ranking, scenario.convention)
    if condensed:
        listed = condense(listed)
    if not scenario.copies:
        return listed
    copy = np.array([d in scenario.copies for d in listed.doc_ids], dtype=bool)
    return _Listed(**{f.name: getattr(listed, f.name) for f in fields(Ordered)}, copy=copy)


def correct(family: str, scenario: Scenario) -> Result:
    """The measure `family` (a key of SPECS) on the scenario, computed right: its value and
    working (of the condensed list, primed, when the scenario is condensed)."""
    spec = SPECS[family]
    alpha = {"alpha": scenario.alpha} if any(p.name == "alpha" for p in spec.params) else {}
    condensed = scenario.condensed and not spec.subtopics
    result = spec.single(ordered(scenario, condensed), scenario.convention, scenario.k, **alpha)
    return primed(result, removed(ordered(scenario))) if condensed else result
