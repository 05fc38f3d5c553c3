"""How far a measure can still move with the unjudged documents: its two fills.

For a list with unjudged retrieved documents (grade NaN), `fill(ordered, grade)` is the same list
with every unjudged retrieved document given `grade`, and

    lower = measure(fill(list, 0))              every unjudged document non-relevant
    upper = measure(fill(list, scale maximum))  every unjudged document of the top grade

`lower` is the usual value (RankLab gives unjudged documents gain 0), computed by the same
spec on the filled list. With nothing unjudged both are the value itself.

Convention: a filled document is a judged document of the pool. Had the assessors judged it of
the top grade it would be in the qrels, so it joins the ideal ranking (IDCG), the number of
relevant documents R (recall, AP, R-Prec) and everything else that reads the judged pool; the
judged documents that were not retrieved stay as they are. The other reading (fill only the
list, keep IDCG and R of the judgments) can give nDCG > 1 and recall > 1, values no
judgment could produce.

The price of that convention: the upper fill is not an upper bound for every measure. A
measure normalised by the pool (nDCG, AP, R, R-Prec, F1) can fall when an unjudged document
becomes relevant, because its normaliser grows too: AP of [1, 0, ?] is 1 with ? = 0 and
(1/1 + 2/3)/2 = 0.833 with ? relevant; nDCG@k falls when a top-grade document low in the list
enters the ideal ranking at rank 1. So `Bounds` reports the two fills as `low` (the smaller)
and `high` (the larger), and `falls` says when filling lowered the value. Neither is the
extreme over every mixed assignment: for AP of [1, 0, ?, ?], only the last relevant gives
(1 + 2/4)/2 = 0.75, below both fills (1 and 0.806). P@k, DCG, ERR, RR and RBP only rise
with a grade, so for them the fills are the exact extremes (for INST, INSQ, NERR10 and BPM a
random search found no list where the top fill lowers the value; no proof is claimed).

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

from i18n import _
from metrics.core.conventions import Convention
from metrics.core.ranking import Ordered, Ranking, order
from metrics.core.result import Result

#: The measures normalised by the judged pool (the ideal ranking or R), which a top-grade fill
#: also changes: so they can fall when an unjudged document becomes relevant.
POOL_NORMALISED = ("nDCG", "IDCG", "R", "F1", "AP", "Rprec", "Q")


@dataclass(frozen=True)
class Bounds:
    """The measure's value with every unjudged document of grade 0 (`lower`) and of the top
    grade (`upper`); `unjudged` counts them. `low`/`high` are the two sorted."""

    lower: float
    upper: float
    unjudged: int

    @property
    def low(self) -> float:
        return min(self.lower, self.upper)

    @property
    def high(self) -> float:
        return max(self.lower, self.upper)

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


def bounds(
    measure: Callable[..., Result],
    ranking: Ranking | Ordered,
    convention: Convention,
    k: int | None = None,
    *,
    known: float | None = None,
    **params: object,
) -> Bounds:
    """`measure(filled list, convention, k, **params)` with the unjudged as 0 and as the
    scale's top grade (`Ordered.scale_max`). Raises the measure's ValueError (e.g. a custom
    gain map without the top grade) with its message.

    `known`: the measure's value on this very list, when the caller has computed it already.
    With nothing unjudged, filling changes nothing, so that value is both bounds and the
    measure is not run again (the Playground computes every card's bounds on every edit)."""
    ordered = ranking if isinstance(ranking, Ordered) else order(ranking, convention)
    missing = int(np.isnan(ordered.grades).sum())
    if not missing and known is not None:
        return Bounds(known, known, 0)
    lower = measure(fill(ordered, 0.0), convention, k, **params).value
    if not missing:
        return Bounds(lower, lower, 0)
    upper = measure(fill(ordered, ordered.scale_max), convention, k, **params).value
    if not (math.isfinite(lower) and math.isfinite(upper)):
        raise ValueError(_("A bound is not a finite number; lower the grade scale's maximum."))
    return Bounds(lower, upper, missing)
