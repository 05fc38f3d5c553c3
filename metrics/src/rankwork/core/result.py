"""The value of a measure together with the per-position breakdown it was computed from.

Every measure returns a `Result`. Its `table` has one row per rank and a `contribution`
column whose sum is `value`, with three documented exceptions: nDCG of a query whose IDCG is 0
takes the convention's `empty_value` (and `note` says so); RBP_resid is the residual, whose
tail beyond the list has no row; and the counts NumRel, NumRet and NumRelRet are counts, not
sums of contributions. Pages, plots and LaTeX are drawn from this table, so the number shown
and the working shown cannot disagree. A value that is not finite (a sum beyond the largest
double) is refused with `overflow_error`, a ValueError: no page or export shows NaN or inf as
a measure's value.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

import pandas as pd

from rankwork.language import _


@dataclass(frozen=True, eq=False)
class Result:
    name: str
    value: float
    table: pd.DataFrame
    details: Mapping[str, float] = field(default_factory=dict)
    note: str = ""

    def __float__(self) -> float:
        return float(self.value)


def overflow_error(name: str) -> ValueError:
    """The error for a measure whose sums go beyond the largest double (they would give inf,
    or NaN as inf / inf): every measure raises it rather than return such a value.  (A
    pitfall demo may build a Result that is inf or NaN on purpose, and says so.)"""
    return ValueError(
        _(
            "{name} cannot be computed in double precision: its sums overflow (the grades or "
            "gains are too large; the largest double is about 1.8e308)."
        ).format(name=name)
    )
