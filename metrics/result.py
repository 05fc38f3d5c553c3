"""The value of a measure together with the per-position breakdown it was computed from.

Every measure returns a `Result`. Its `table` has one row per rank and a `contribution`
column whose sum is `value`, with three documented exceptions: nDCG of a query whose IDCG is 0
takes the convention's `empty_value` (and `note` says so); RBP_resid is the residual, whose
tail beyond the list has no row; and the counts NumRel, NumRet and NumRelRet are counts, not
sums of contributions. Pages, plots and LaTeX are drawn from this table, so the number shown
and the working shown cannot disagree.
"""

from __future__ import annotations

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
