"""A Result shown outside the app: its worked solution as LaTeX or Markdown, and as HTML for
Jupyter (`Result.latex`, `Result.markdown`, `Result._repr_html_`).

The working is the app's (`lines.lines`, the lines the check page and the Pitfalls lab set
with st.latex), so a notebook and the app show the same equations. The per-rank table is the
Result's, every number written as the working writes it (`latex.number`: 0.3869, 7, 1.5) and
an empty cell (an unjudged document's grade) as "–", as the Playground's table shows it. In
HTML every text is escaped, the table's doc ids included (they are the user's).
"""

from __future__ import annotations

import html as html_text
import math
import re
from dataclasses import replace
from numbers import Real

import numpy as np
import pandas as pd

from rankwork.core.result import Result
from rankwork.core.working.latex import Line, number, to_latex
from rankwork.core.working.lines import WORKED, lines
from rankwork.language import _

EMPTY = "–"  # an empty cell, as the Playground's table shows it
_LINE_BREAK = re.compile(r"\r\n|\r|\n")
# what can start Markdown syntax in a line or a cell: emphasis, code, links, HTML and entities,
# strikethrough, the cell's bar, and the $ of Jupyter's math; an "_" inside a word
# (dcg_contribution) starts no emphasis, and the "@", "(", "=" of measure names need nothing
_SYNTAX = re.compile(r"([\\`*\[\]<>&|~$]|(?<!\w)_|_(?!\w))")


def working(result: Result, decimals: int = 4) -> list[Line]:
    """The lines of `result`'s worked solution. Raises ValueError when `result` does not
    record its family and convention (a Result not made by `measure`) or its family has no
    worked solution."""
    if result.family is None or result.convention is None:
        raise ValueError(
            _(
                "The Result of {name} does not record its measure family and convention, so its "
                "working cannot be written; compute it with rankwork.measure(...)."
            ).format(name=result.name)
        )
    named = replace(result, name=result.working_name or result.name)
    return lines(result.family, named, result.convention, decimals)


def latex(result: Result, decimals: int = 4) -> str:
    """Each equation of the working in a display `\\[ ... \\]`, as the app sets it."""
    return to_latex(working(result, decimals), wrap=True)


def markdown(result: Result, decimals: int = 4) -> str:
    """The value, each equation as a `$$ ... $$` block with its remark (when the Result has a
    working), the per-rank table."""
    blocks = [_value_line(result, decimals)]
    for line in _working_if_any(result, decimals):
        blocks.append(f"$$\n{line.display}\n$$")
        if line.note:
            blocks.append(line.note)
    blocks.append(_markdown_table(shown_table(result.table, decimals)))
    return "\n\n".join(blocks) + "\n"


def html(result: Result, decimals: int = 4) -> str:
    """Jupyter's view: the value, the working as MathJax `$$` blocks (when the Result has
    one), the per-rank table; every text escaped."""
    parts = [f"<p>{_value_line(result, decimals, as_html=True)}</p>"]
    for line in _working_if_any(result, decimals):
        parts.append(f"<div>$${html_text.escape(line.display)}$$</div>")
        if line.note:
            parts.append(f"<p><small>{html_text.escape(line.note)}</small></p>")
    parts.append(shown_table(result.table, decimals).to_html(index=False, escape=True))
    return "<div>\n" + "\n".join(parts) + "\n</div>"


def _working_if_any(result: Result, decimals: int) -> list[Line]:
    """The working's lines, or none for a Result without one (its family has no worked
    solution, or it does not record its family and convention)."""
    if result.family in WORKED and result.convention is not None:
        return working(result, decimals)
    return []


def _value_line(result: Result, decimals: int, as_html: bool = False) -> str:
    """'**nDCG@5** = 0.8166 (convention: trec_eval ndcg_cut)', then the Result's note if any;
    in HTML, escaped, with the name in <b>. The convention is the one the value was computed
    under, named for what the measure's parameters change ('trec_eval ndcg_cut + exponential
    gain' for nDCG(dcg='exp-log2')@5)."""
    said = [f"= {number(result.value, decimals)}"]
    if result.convention is not None:
        said.append(_("(convention: {name})").format(name=_(result.convention.name)))
    if result.note:
        said.append(result.note)
    rest = " ".join(said)
    if as_html:
        return f"<b>{html_text.escape(result.name)}</b> {html_text.escape(rest)}"
    return f"**{_markdown_text(result.name)}** {rest}"


def shown_table(table: pd.DataFrame, decimals: int = 4) -> pd.DataFrame:
    """`table` as text: numbers as the working writes them, an empty value as "–"."""
    return table.apply(lambda column: column.map(lambda v: _cell(v, decimals)))


def _cell(value: object, decimals: int) -> str:
    if isinstance(value, (bool, np.bool_, str)):
        return str(value)
    if isinstance(value, Real):
        return EMPTY if math.isnan(value) else number(float(value), decimals)
    return EMPTY if value is None else str(value)


def _markdown_table(table: pd.DataFrame) -> str:
    """A GitHub-flavoured Markdown table, each cell written by `_markdown_text`."""

    def row(cells: list[str]) -> str:
        return "| " + " | ".join(_markdown_text(c) for c in cells) + " |"

    header = [str(c) for c in table.columns]
    out = [row(header), row(["---"] * len(header))]
    out += [row(list(values)) for values in table.itertuples(index=False)]
    return "\n".join(out)


def _markdown_text(text: str) -> str:
    """`text` shown as written in Markdown, even in a table's cell (a doc id is the user's):
    each character that could start syntax backslash-escaped (CommonMark shows an escaped
    punctuation character as itself: no emphasis from `*a*`, no code span, link, HTML tag or
    entity, no cell boundary from "|", no math from "$"), a line break written as <br> (it
    would end the table's row)."""
    return _LINE_BREAK.sub("<br>", _SYNTAX.sub(r"\\\1", text))
