"""How far the unjudged documents of a list can move a measure: its true range, or two fills.

An unjudged retrieved document (grade NaN) could have any whole grade of the scale, 0 to its
top (`grade_levels`): a judgment is a whole grade. (A fractional grade between two whole ones
is not tried: BPM@10 of [0, 0, ?, 3, 4] on 0-4 ranges over 0.25-0.375 for the whole grades,
but ? = 0.99 gives 0.3995, as its reader's stopping point moves with the gain.) An
*assignment* gives each unjudged retrieved document one of those grades; `Bounds` holds the
measure over them:

    lower = measure(fill(list, 0))              every unjudged document non-relevant
    upper = measure(fill(list, scale maximum))  every unjudged document of the top grade
    low, high                                   the least and the greatest value over every
                                                assignment (kind RANGE), when known

`lower` is the usual value (RankLab gives unjudged documents gain 0), computed by the same
spec on the filled list. With nothing unjudged all four are the value itself.

Convention: a filled document is a judged document of the pool. Had the assessors judged it of
the top grade it would be in the qrels, so it joins the ideal ranking (IDCG), the number of
relevant documents R (recall, AP, R-Prec) and everything else that reads the judged pool; the
judged documents that were not retrieved stay as they are. The other reading (fill only the
list, keep IDCG and R of the judgments) can give nDCG > 1 and recall > 1, values no
judgment could produce.

The two fills are the extremes only for a measure that never falls when a grade rises
(`MONOTONE`), since the gains and relevance never fall with the grade either:
- P@k (hits / k) and RR (1 / the first relevant rank);
- DCG and IDCG when the gain never falls with the grade (always but for a custom gain map):
  sums of gains times non-negative discounts, IDCG's over the pool's gains sorted, and each
  order statistic of a set of gains only rises when one of them does;
- ERR: raising R_j by d changes it by d * P(reach j) * (1/j - S), S = sum_{i>j} (1/i) R_i
  prod_{j<l<i} (1 - R_l) < 1/j, as its weights sum to at most 1 and each 1/i < 1/j;
- RBP, a sum of weights times gains; INSQ, a C/W/L measure whose continuation C(i) ignores
  the gains, so EU = sum_i W(i) g(i) with weights no grade changes.
tests/unit/test_bounds_brute.py checks each claim against every assignment. For every other
measure the fills can miss both extremes:

- a measure normalised by the judged pool (`POOL_NORMALISED`: nDCG, AP, R, F1, R-Prec, Q)
  can fall when an unjudged document becomes relevant, since its normaliser grows too: AP of
  [1, 0, ?] is 1 with ? = 0 and (1/1 + 2/3)/2 = 0.833 with ? relevant; and a mixed assignment
  can beat both fills: AP of [1, 0, ?, ?] with only the last relevant is (1 + 2/4)/2 = 0.75,
  below both fills (1 and 0.806);
- BPM's reader stops once the gain it has found reaches T, so a higher grade can cut off the
  gain below it: BPM@10 of [0, 0, ?, 3, 4] on a 0-4 scale is 0.35 and 0.3333 at the fills,
  0.25 with ? = 1 and 0.375 with ? = 3;
- INST and NERR10 are not proven to rise with every grade (their readers stop sooner after
  more gain), so RankLab does not claim their fills are the extremes.

For those `bounds` tries every assignment when there are at most `BUDGET` of them (a measure
that reads only relevance, `BINARY`, needs two grades per document: below the threshold, and
at or above it); the result is then the exact range (kind RANGE). With more, the Bounds is of
kind FILLS: `low` and `high` are the two fills sorted, which the Playground shows as the two
fills they are, never as a range.

`lower` is the usual value only for a measure that reads an unjudged document as
non-relevant. bpref skips unjudged documents and infAP estimates them from the judged ones,
so their value can lie outside both fills (bpref of [2, ?, 0, 2, ?] with a grade-3 document
unretrieved is 1/3, its fills 0.4 and 0.444); the Playground gives them no range.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, replace

import numpy as np

from rankwork.core.capabilities import families
from rankwork.core.conventions import Convention
from rankwork.core.gains import gain
from rankwork.core.measures import SPECS
from rankwork.core.ranking import Ordered, Ranking, order
from rankwork.language import _

#: The measures normalised by the judged pool (the ideal ranking or R), which a top-grade fill
#: also changes: so they can fall when an unjudged document becomes relevant (the families
#: declaring `pool_normalised`).
POOL_NORMALISED = families("pool_normalised")
#: The C/W/L measures whose reader stops sooner once it has found more gain.
STOPPING_READERS = ("INST", "NERR10", "BPM")
#: The measures that never fall when one grade rises (see the module docstring): their two
#: fills are their extremes. Those of them that read the gain (`GAIN_READERS`) only when the
#: gain never falls with the grade.
MONOTONE = ("P", "RR", "DCG", "IDCG", "ERR", "RBP", "INSQ")
GAIN_READERS = ("DCG", "IDCG")
#: The measures that read a grade only as relevant (grade >= the threshold) or not.
BINARY = ("P", "R", "F1", "AP", "RR", "Rprec")
#: The most assignments of grades `bounds` tries for one measure (the Playground computes the
#: bounds of every card on every edit).
BUDGET = 1024
#: Kinds of Bounds: the true extremes over every assignment, or only the two fills.
RANGE, FILLS = "range", "fills"

#: The measure's value on the list with its unjudged documents given each row of grades (one
#: row per assignment, as `assignments` builds them).
Evaluator = Callable[[np.ndarray], np.ndarray]


@dataclass(frozen=True)
class Bounds:
    """The measure with every unjudged document of grade 0 (`lower`) and of the top grade
    (`upper`); `unjudged` counts them. Kind RANGE: `low` and `high` are the least and greatest
    value over every assignment of grades. Kind FILLS: no more is known, and `low`/`high` are
    only the two fills sorted (no range: the true one can reach beyond them)."""

    lower: float
    upper: float
    unjudged: int
    low: float
    high: float
    kind: str = RANGE

    @property
    def exact(self) -> bool:
        return self.kind == RANGE

    @property
    def falls(self) -> bool:
        """True when the top-grade fill gives a smaller value than the grade-0 fill."""
        return self.upper < self.lower


def fill(ordered: Ordered, grade: float) -> Ordered:
    """The list with every unjudged retrieved document given `grade` (now judged)."""
    grades = np.where(np.isnan(ordered.grades), float(grade), ordered.grades)
    return replace(ordered, grades=grades, pooled=None)


def unjudged_count(ordered: Ordered, k: int | None = None) -> int:
    """The number of unjudged documents in the top k (the whole list without k)."""
    top = ordered.grades if k is None else ordered.grades[:k]
    return int(np.isnan(top).sum())


def level_count(scale_max: float, convention: Convention) -> int:
    """How many grades `grade_levels` gives, without building them (a scale can be huge)."""
    if convention.gain == "custom":
        return len(grade_levels(scale_max, convention))
    whole = math.floor(scale_max) + 1
    return whole + (scale_max != math.floor(scale_max))


def grade_levels(scale_max: float, convention: Convention) -> np.ndarray:
    """The grades an unjudged document could get, ascending: 0, 1, ..., the scale's top (the
    top itself too when it is not whole); with a custom gain map, 0, the map's grades between 0
    and the top, and the top (a grade the map lacks makes the measure raise its message)."""
    if convention.gain == "custom":
        mapped = {g for g, _ in convention.gain_map if 0 <= g <= scale_max}
        return np.array(sorted(mapped | {0.0, float(scale_max)}))
    return np.unique(np.append(np.arange(math.floor(scale_max) + 1, dtype=float), scale_max))


def _gain_never_falls(scale_max: float, convention: Convention) -> bool:
    """Whether the gain rises (weakly) with the grade: always for the exponential and linear
    gains, for a custom map when its gains over `grade_levels` do."""
    if convention.gain != "custom":
        return True
    return bool(np.all(np.diff(gain(grade_levels(scale_max, convention), convention)) >= 0))


def assignments(ordered: Ordered, levels: np.ndarray) -> np.ndarray:
    """Every assignment of `levels` to the unjudged retrieved documents: one row of the list's
    grades per assignment (len(levels) ** unjudged rows), the judged grades as they are."""
    unjudged = np.flatnonzero(np.isnan(ordered.grades))
    grid = np.meshgrid(*[levels] * len(unjudged), indexing="ij")
    rows = np.tile(ordered.grades, (len(levels) ** len(unjudged), 1))
    rows[:, unjudged] = np.stack([axis.ravel() for axis in grid], axis=1)
    return rows


def one_by_one(family: str, ordered: Ordered, convention: Convention, k: int | None) -> Evaluator:
    """An `Evaluator` that runs the family's single-list function on each filled list."""
    single = SPECS[family].single

    def values(rows: np.ndarray) -> np.ndarray:
        filled = (replace(ordered, grades=row, pooled=None) for row in rows)
        return np.array([single(one, convention, k).value for one in filled])

    return values


def bounds(
    family: str,
    ranking: Ranking | Ordered,
    convention: Convention,
    k: int | None = None,
    *,
    known: float | None = None,
    many: Evaluator | None = None,
) -> Bounds:
    """The `Bounds` of the SPECS family `family` at cutoff k over the list's unjudged documents.
    Raises the measure's ValueError (e.g. a custom gain map without the top grade) with its
    message.

    `known`: the measure's value on this very list, when the caller has computed it already.
    With nothing unjudged, filling changes nothing, so that value is every bound and the
    measure is not run again (the Playground computes every card's bounds on every edit).
    `many`: scores many assignments at once (default `one_by_one`; the Playground passes the
    batch kernels', `rankwork.collection.assignments`)."""
    ordered = ranking if isinstance(ranking, Ordered) else order(ranking, convention)
    missing = int(np.isnan(ordered.grades).sum())
    if not missing:
        value = known if known is not None else SPECS[family].single(ordered, convention, k).value
        return Bounds(value, value, 0, value, value)
    top = ordered.scale_max
    kind = RANGE
    levels = np.array([0.0, top]) if family in BINARY else None
    count = 2 if levels is not None else level_count(top, convention)
    fills = np.stack([fill(ordered, 0.0).grades, fill(ordered, top).grades])
    if family in MONOTONE and (family not in GAIN_READERS or _gain_never_falls(top, convention)):
        rows = fills
    elif missing * math.log(count) > math.log(BUDGET) + 1e-9:  # count ** missing, unbuilt
        rows, kind = fills, FILLS
    else:
        rows = assignments(ordered, grade_levels(top, convention) if levels is None else levels)
    values = _scored(rows, many, one_by_one(family, ordered, convention, k), fills)
    if not np.isfinite(values).all():
        raise ValueError(_("A bound is not a finite number; lower the grade scale's maximum."))
    lower, upper = float(values[0]), float(values[-1])  # rows of 0s first, of top grades last
    if kind == FILLS:
        return Bounds(lower, upper, missing, min(lower, upper), max(lower, upper), FILLS)
    # with the card's own value (the grade-0 fill, computed by the single-list function), so
    # that a rounding of the batch kernels cannot put it outside its range
    extremes = values if known is None else np.append(values, known)
    return Bounds(lower, upper, missing, float(extremes.min()), float(extremes.max()))


def _scored(rows: np.ndarray, many: Evaluator | None, single: Evaluator, fills: np.ndarray):
    """`many(rows)` (`single(rows)` without `many`). When `many` refuses them, the single-list
    function's message is raised if it refuses the fills too (it is the one the cards'
    help shows in the reader's language)."""
    if many is None:
        return single(rows)
    try:
        return many(rows)
    except ValueError:
        single(fills)
        raise
