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

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

import pandas as pd

from rankwork.core.conventions import Convention
from rankwork.language import _


class _Table:
    """`Result.table`: given as a DataFrame, or as a function of no argument that builds it,
    called when the table is first read and then kept. Most readers of a Result want its value
    only (the Playground's cards: eleven measures per edit), and building a DataFrame costs
    about a millisecond, the sum it holds a few microseconds."""

    def __set_name__(self, owner: type, name: str) -> None:
        self.slot = f"_{name}"

    def __get__(self, result: Result | None, owner: type | None = None) -> pd.DataFrame:
        if result is None:  # read on the class: the dataclass field has no default
            raise AttributeError(self.slot)
        table = result.__dict__[self.slot]
        if callable(table):
            table = result.__dict__[self.slot] = table()
        return table

    def __set__(self, result: Result, table: pd.DataFrame | Callable[[], pd.DataFrame]) -> None:
        result.__dict__[self.slot] = table


@dataclass(frozen=True, eq=False)
class Result:
    """A measure's value on one list with the per-rank working it was computed from.

    `rankwork.measure` returns one; ``float(result)`` is its value. In Jupyter it shows the
    value, the formula with the list's numbers and the table; `latex` and `markdown` write the
    same worked solution as text.

    Attributes
    ----------
    name : str
        The measure's name as the user gave it, e.g. ``P(rel=2)@5``.
    value : float
        The measure's value: the sum of the table's ``contribution`` column, except as the
        module docstring lists (nDCG of a query with nothing relevant, RBP_resid, the counts).
    table : pandas.DataFrame
        One row per rank: ``rank``, ``doc_id``, ``grade``, the columns the measure's formula
        reads (for nDCG: ``gain``, ``discount``, ``ideal_gain``, ...) and ``contribution``.
        A maker may pass a function of no argument instead, which builds the table when it is
        first read (most readers want only the value).
    details : Mapping[str, float]
        The totals the working reads, e.g. ``{"DCG": ..., "IDCG": ..., "nDCG": ...}``.
    note : str
        A remark on the value ("" when there is none), e.g. that IDCG is 0.
    family : str or None
        The measure's family (``"nDCG"``), when the maker recorded it, as `measure` does.
    convention : Convention or None
        The convention it was computed under, with the name's parameters applied and named
        for them, when the maker recorded it.
    working_name : str or None
        The family's short name the equations write (``P@5`` for ``P(rel=2)@5``: the
        threshold is the convention's and the working's remark states it); None means `name`.

    Examples
    --------
    nDCG@3 of the grades 2, 0, 1 under trec_eval's conventions (linear gain, discount
    1/log2(i + 1)): DCG = 2/1 + 0/log2(3) + 1/log2(4) = 2.5; the ideal order 2, 1, 0 gives
    IDCG = 2/1 + 1/log2(3) = 2.6309; nDCG = 2.5 / 2.6309 = 0.9502, and each rank contributes
    gain × discount / IDCG: 2/2.6309 = 0.7602, 0 and 0.5/2.6309 = 0.1900.

    >>> import rankwork
    >>> result = rankwork.measure("nDCG@3", [2, 0, 1])
    >>> round(result.value, 4), round(result.details["IDCG"], 4)
    (0.9502, 2.6309)
    >>> result.table[["rank", "grade", "gain", "discount", "contribution"]].round(4)
       rank  grade  gain  discount  contribution
    0     1    2.0   2.0    1.0000        0.7602
    1     2    0.0   0.0    0.6309        0.0000
    2     3    1.0   1.0    0.5000        0.1900
    >>> result.family, result.convention.name
    ('nDCG', 'trec_eval ndcg_cut')
    """

    name: str
    value: float
    table: pd.DataFrame = _Table()  # type: ignore[assignment]  # or a function that builds it
    details: Mapping[str, float] = field(default_factory=dict)
    note: str = ""
    family: str | None = None
    convention: Convention | None = None
    working_name: str | None = None

    def __getstate__(self) -> dict[str, object]:
        """Pickled (st.cache_data, copies) with its table built: a function is not kept."""
        return {**self.__dict__, "_table": self.table}

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
