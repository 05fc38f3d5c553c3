"""The value of a measure together with the per-position breakdown it was computed from.

Every measure returns a `Result`. Its `table` has one row per rank and a `contribution`
column whose sum is `value` (the one documented exception: nDCG of a query whose IDCG is 0
takes the convention's `empty_value`, and `note` says so). Pages, plots and LaTeX are drawn
from this table, so the number shown and the working shown cannot disagree. A value that is
not finite (a sum beyond the largest double) is refused by `require_finite` with a ValueError:
no page or export shows NaN or inf as a measure's value.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field

import pandas as pd


@dataclass(frozen=True, eq=False)
class Result:
    name: str
    value: float
    table: pd.DataFrame
    details: Mapping[str, float] = field(default_factory=dict)
    note: str = ""

    def __float__(self) -> float:
        return float(self.value)


def require_finite(result: Result) -> Result:
    """The result, if its value is a finite number; else a ValueError (a sum beyond the
    largest double).  Every measure's value passes here; a pitfall demo may build a Result
    that is inf or NaN on purpose (dividing by log2(1) = 0), and says so."""
    if not math.isfinite(result.value):
        raise ValueError(
            f"{result.name} cannot be computed in double precision: its sums overflow "
            "(the grades or gains are too large; the largest double is about 1.8e308)."
        )
    return result
