"""The value of a measure together with the per-position breakdown it was computed from.

Every measure returns a `Result`. Its `table` has one row per rank and a `contribution`
column whose sum is `value`, with three documented exceptions: nDCG of a query whose IDCG is 0
takes the convention's `empty_value` (and `note` says so); RBP_resid is the residual, whose
tail beyond the list has no row; and the counts NumRel, NumRet and NumRelRet are counts, not
sums of contributions. Pages, plots and LaTeX are drawn from this table, so the number shown
and the working shown cannot disagree. A value that is not finite (a sum beyond the largest
double) is refused with `overflow_error`, a ValueError: no page or export shows NaN or inf as
a measure's value.

A Result made by `rankwork.core.single_list.measure` also records its measure `family` and the
`convention` it was computed under, which is what its worked solution needs: `latex()` and
`markdown()` write it (`rankwork.core.working`), and in Jupyter `_repr_html_` shows the value,
the formula with the list's numbers and the per-rank table.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

import pandas as pd

from rankwork.core.conventions import Convention
from rankwork.language import _


@dataclass(frozen=True, eq=False)
class Result:
    """A measure's `value` on one list, its per-rank `table`, the totals its working reads
    (`details`) and a remark (`note`); `family` (e.g. 'nDCG') and `convention` (with the
    measure name's parameters applied, and named for them) when the maker recorded them, as
    `measure` does. `measure` keeps `name` as the user gave it (``P(rel=2)@5``) and records in
    `working_name` the family's short name its equations write (``P@5``: the threshold is the
    convention's and the working's remark states it); None means `name`."""

    name: str
    value: float
    table: pd.DataFrame
    details: Mapping[str, float] = field(default_factory=dict)
    note: str = ""
    family: str | None = None
    convention: Convention | None = None
    working_name: str | None = None

    def __float__(self) -> float:
        return float(self.value)

    def latex(self, decimals: int = 4) -> str:
        r"""The worked solution, as the app sets it, ready to paste into a LaTeX document.

        Parameters
        ----------
        decimals : int, optional
            The places each number is rounded to (4, as in the app).

        Returns
        -------
        str
            One display equation ``\[ ... \]`` a line: the measure's formula with this list's
            numbers substituted, then their values, then the total (a long equation in
            amsmath's ``aligned``, one "=" a row, as the app's check page sets it).

        Raises
        ------
        ValueError
            When the Result does not record its family and convention (it was not made by
            `measure`), or its family has no worked solution (e.g. Bpref).

        Examples
        --------
        P@2 of the grades 1, 0 = h(2) / 2 = 1/2:

        >>> from rankwork.core.single_list import measure
        >>> print(measure("P@2", [1, 0]).latex())
        \[ \mathrm{P@2} = \frac{1}{2} = 0.5 \]
        """
        from rankwork.core.working import render

        return render.latex(self, decimals)

    def markdown(self, decimals: int = 4) -> str:
        """The value, the worked solution and the per-rank table, as Markdown.

        Parameters
        ----------
        decimals : int, optional
            The places each number is rounded to (4, as in the app).

        Returns
        -------
        str
            The name as given, the value and the convention's name (with what the name's
            parameters change, e.g. ``trec_eval ndcg_cut + relevant if ≥ 2``), each equation
            of the working as a ``$$ ... $$`` block followed by its remark, and `table` as a
            Markdown table (numbers rounded, an empty cell as "–", HTML, a backslash and "|"
            in a cell escaped, a line break written as ``<br>``).

        A Result without a worked solution (its family has none, e.g. Bpref, or it was not
        made by `measure`) gives the value and the table only, as in Jupyter.

        Examples
        --------
        >>> from rankwork.core.single_list import measure
        >>> print(measure("P@2", [1, 0]).markdown())
        **P@2** = 0.5 (convention: trec_eval ndcg_cut)
        <BLANKLINE>
        $$
        \\mathrm{P@2} = \\frac{1}{2} = 0.5
        $$
        <BLANKLINE>
        1 of the top 2 are relevant (judged, grade >= 1)
        <BLANKLINE>
        | rank | doc_id | grade | judged | relevant | hits | precision | in_cutoff | contribution |
        | --- | --- | --- | --- | --- | --- | --- | --- | --- |
        | 1 | d1 | 1 | True | True | 1 | 1 | True | 0.5 |
        | 2 | d2 | 0 | True | False | 1 | 0.5 | True | 0 |
        <BLANKLINE>
        """
        from rankwork.core.working import render

        return render.markdown(self, decimals)

    def _repr_html_(self) -> str:
        """Jupyter's view: the value, the worked solution (MathJax `$$` blocks) when the Result
        has one, and the per-rank table."""
        from rankwork.core.working import render

        return render.html(self)


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
