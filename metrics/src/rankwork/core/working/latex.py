"""The working of a measure with its numbers substituted, as LaTeX and as plain Markdown.

Every number comes from a `rankwork` Result: the terms from its per-rank table (grade, gain,
discount, contribution, ERR's R_i and reach probability, RBP's weights and gains), the totals from
its value and details. The symbolic part names the convention's formula, e.g. under the textbook
convention::

    DCG@3 = \\frac{2^{3}-1}{\\log_2 2} + \\frac{2^{2}-1}{\\log_2 3} + \\frac{2^{3}-1}{\\log_2 4}
          = 7 + 1.893 + 3.5 = 12.393

A gain is written symbolically (2^{g}-1, or g) only when that expression equals the table's gain;
otherwise (a custom map, gains averaged over tied scores) the table's gain is written as a number.
So the formula shown can never disagree with the number computed.

`Line` is one equation (left side, then successive right sides); a measure's working is a list of
lines; `to_latex` / `to_markdown` render a list of lines for copying.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal

import numpy as np
import pandas as pd

from rankwork.core.condensed import PRIME
from rankwork.core.conventions import Convention
from rankwork.core.discounts import DISCOUNTS, discount
from rankwork.core.gains import GAINS
from rankwork.core.result import Result
from rankwork.core.working.terms import summed_terms
from rankwork.language import _

MAX_TERMS = 10  # longer sums show their first HEAD and last TAIL terms around an ellipsis
HEAD, TAIL = 6, 2
# On screen, an equation whose plain text is longer than WRAP_AT characters is set one "=" a
# row, and a long sum or list continues on further rows: on one line, DCG@5's working is ~870 px
# wide and its total fell past the right edge of the page at 1280 px (a classroom projector).
# A row, its left-hand side included, holds at most ROW_WIDTH characters as the formula shows
# them (`_shown_width`: a fraction as wide as its wider part, a command as the symbol it draws):
# st.latex sets them ~8-11 px apart, so a row stays within the ~780 px of an expander at 1280
# px (RBP's working with the left side counted in was 10 px too wide with a budget in LaTeX
# characters, which counts `\cdot` as five and a fraction's two parts side by side).
WRAP_AT, ROW_WIDTH = 100, 72


@dataclass(frozen=True)
class Expr:
    """One expression in two notations: LaTeX and plain text."""

    tex: str
    text: str


@dataclass(frozen=True)
class Line:
    """An equation `lhs = sides[0] = sides[1] = ...` (a bare statement when there are no
    sides), with an optional remark in words."""

    lhs: Expr
    sides: tuple[Expr, ...] = ()
    note: str = ""

    @property
    def tex(self) -> str:
        return _special(" = ".join([self.lhs.tex, *(s.tex for s in self.sides)]))

    @property
    def text(self) -> str:
        return " = ".join([self.lhs.text, *(s.text for s in self.sides)])

    @property
    def display(self) -> str:
        """The equation for st.latex: `tex` when short; else an aligned block with each "="
        on its own row and long sums continued on further rows, so the result stays in view."""
        if len(self.text) <= WRAP_AT:
            return self.tex
        if not self.sides:  # a statement such as ERR's R_1 = ..., R_2 = ...: rows of items
            rows = ["&" + row for row in _rows(self.lhs.tex, r",\quad ", ",", ROW_WIDTH)]
        else:
            rows = []
            # the left side (every row is indented by it), and " = " or a continuation's "+"
            budget = ROW_WIDTH - _shown_width(self.lhs.tex) - _shown_width(r" = \quad + ")
            for i, side in enumerate(self.sides):
                start = rf"{self.lhs.tex} &= " if i == 0 else "&= "
                for j, row in enumerate(_rows(side.tex, " + ", "", budget)):
                    rows.append((start if j == 0 else r"&\quad + ") + row)
        return _special(r"\begin{aligned}" + r" \\ ".join(rows) + r"\end{aligned}")


def _special(tex: str) -> str:
    """The values a mistake can produce typeset as such: numpy's inf as \\infty and nan as
    upright text (bare, `inf` would read as the product of the letters i, n and f)."""
    tex = re.sub(r"(?<![\\A-Za-z])inf(?![A-Za-z])", r"\\infty", tex)
    return re.sub(r"(?<![\\A-Za-z])nan(?![A-Za-z])", r"\\mathrm{nan}", tex)


def _rows(tex: str, separator: str, trail: str, width: int) -> list[str]:
    """`tex` cut at its top-level `separator`s (outside braces and \\left ... \\right pairs, which
    must stay on one row; a \\left( ... \\right) pair becomes \\bigl( ... \\bigr), which need
    not) into rows at most `width` characters wide as shown (a wider single item stays whole);
    each row but the last ends with `trail`."""
    tex = tex.replace(r"\left(", r"\bigl(").replace(r"\right)", r"\bigr)")
    items, depth, start = [], 0, 0
    for i, char in enumerate(tex):
        if char == "{" or tex.startswith(r"\left", i):
            depth += 1
        elif char == "}" or tex.startswith(r"\right", i):
            depth -= 1
        elif depth == 0 and tex.startswith(separator, i):
            items.append(tex[start:i])
            start = i + len(separator)
    items.append(tex[start:])
    rows: list[list[str]] = [[]]
    for item in items:
        if rows[-1] and _shown_width(separator.join([*rows[-1], item])) > width:
            rows.append([])
        rows[-1].append(item)
    return [
        separator.join(row) + (trail if n < len(rows) - 1 else "") for n, row in enumerate(rows)
    ]


_NOTHING = re.compile(r"\\(?:mathrm|bigl|bigr|left|right)|[{}_^&]")
_COMMAND = re.compile(r"\\([a-zA-Z]+)|\\.")
_WORDS = {"log": "log", "ln": "ln", "quad": "  ", "qquad": "    "}


def _shown_width(tex: str) -> int:
    """About how many characters wide `tex` is when set: a fraction counts its wider part, a
    command the symbol it draws (\\cdot: 1, \\log: 3), braces and script marks nothing."""
    while (at := tex.find(r"\frac{")) >= 0:
        top_end = _group_end(tex, at + 5)
        bottom_end = _group_end(tex, top_end + 1)
        top, bottom = tex[at + 6 : top_end], tex[top_end + 2 : bottom_end]
        wider = max(top, bottom, key=_shown_width)
        tex = tex[:at] + "{" + wider + "}" + tex[bottom_end + 1 :]
    tex = _NOTHING.sub("", tex)
    tex = _COMMAND.sub(lambda m: _WORDS.get(m[1] or "", "x"), tex)
    return len(tex)


def _group_end(tex: str, start: int) -> int:
    """The index of the brace closing the group opened at `start` (the end when unbalanced)."""
    depth = 0
    for i in range(start, len(tex)):
        depth += {"{": 1, "}": -1}.get(tex[i], 0)
        if depth == 0:
            return i
    return len(tex) - 1


def number(x: float, decimals: int) -> str:
    """x rounded to `decimals` places without trailing zeros: 7, 1.893, 3.5, 0."""
    text = f"{x:.{decimals}f}"
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def name_tex(name: str) -> str:
    """A measure's name in upright maths, its prime (′, the condensed list's mark) set as a
    superscript: inside \\mathrm the character ′ is KaTeX's \\prime glyph on the baseline,
    which reads as a slash ('DCG/@6'). nDCG′@6 -> \\mathrm{nDCG}^{\\prime}\\mathrm{@6}."""
    return r"^{\prime}".join(rf"\mathrm{{{part}}}" if part else "{}" for part in name.split(PRIME))


def _text(words: str) -> str:
    """Words inside a formula, e.g. a translated 'residual': as text (KaTeX's \\text sets any
    script, Chinese and Vietnamese too; \\mathrm would drop the spaces and the accents' font)."""
    return rf"\text{{{words}}}"


def _name(name: str) -> Expr:
    return Expr(name_tex(name), name)


def _grade(g: float) -> str:
    return str(int(g)) if float(g).is_integer() else f"{g:g}"


# --- sums ------------------------------------------------------------------------------------


def _elide(items: Sequence[Expr]) -> list[Expr]:
    if len(items) <= MAX_TERMS:
        return list(items)
    return [*items[:HEAD], Expr(r"\cdots", "..."), *items[-TAIL:]]


def _sum(items: Sequence[Expr]) -> Expr:
    shown = _elide(items)
    if not shown:
        return Expr("0", "0")
    return Expr(" + ".join(e.tex for e in shown), " + ".join(e.text for e in shown))


def _terms_note(count: int) -> str:
    if count <= MAX_TERMS:
        return ""
    said = _("{count} terms; the first {head} and last {tail} are shown.")
    return said.format(count=count, head=HEAD, tail=TAIL)


def _values(values: Sequence[float], decimals: int) -> list[Expr]:
    return [Expr(number(v, decimals), number(v, decimals)) for v in values]


def _added(
    values: Sequence[float], total: float, name: str, decimals: int
) -> tuple[Expr, Expr, str]:
    """A sum's rounded terms, the total shown after them, and a note. The total shown is what
    the terms as shown add up to, so the line's arithmetic holds: 7 + 4.4165 + 1.5 + 0.4307 +
    0.3869 = 13.7341, where the unrounded total, 13.734038, rounds to 13.734; the note then says
    so. An elided sum (more than MAX_TERMS terms) shows the rounded total."""
    terms = _sum(_values(values, decimals))
    shown = sum(Decimal(number(v, decimals)) for v in values)
    rounded = number(total, decimals)
    if len(values) > MAX_TERMS or shown == Decimal(rounded):
        return terms, Expr(rounded, rounded), ""
    added = number(float(shown), decimals)
    note = _(
        "each term is rounded to {decimals} decimals, so they add up to {added}, while the "
        "unrounded {name} = {exact}… rounds to {rounded}"
    ).format(
        decimals=decimals,
        added=added,
        name=name,
        exact=f"{total:.{decimals + 2}f}",
        rounded=f"{total:.{decimals}f}",
    )
    return terms, Expr(added, added), note


def _summed_rows(family: str, result: Result) -> pd.DataFrame:
    """The rows of `result`'s table whose terms the working adds up: the ones the answer
    checker allows for the rounding of (`rankwork.core.working.terms.summed_terms`)."""
    return result.table.loc[summed_terms(family, result).index]


# --- gain and discount in symbols ------------------------------------------------------------


def gain_expr(grade: float, gain: float, convention: Convention, decimals: int) -> Expr:
    """gain(g) as the convention's gain writes it (2^{g}-1, g) when that equals the table's
    `gain`, else the number itself."""
    kind = GAINS[convention.gain]
    if kind.written is not None and not math.isnan(grade):
        if math.isclose(float(kind.gains(np.array([grade]))[0]), gain):
            return Expr(*kind.written(_grade(grade)))
    value = number(gain, decimals)
    return Expr(value, value)


def discounted(num: Expr, rank: int, convention: Convention, weight: float | None = None) -> Expr:
    """gain(g_i) * disc(i) written with the convention's discount at rank i; when the table's
    `weight` is not that discount (a mistake edited it, e.g. 1/log2(i+2)), the weight itself
    is written, so the formula never disagrees with the number."""
    expected = discount(rank, convention)[rank - 1]
    if weight is not None and not math.isclose(weight, expected):
        tex, text = (r"\infty", "inf") if math.isinf(weight) else (number(weight, 4),) * 2
        factor = f"({num.tex})" if "-" in num.tex else num.tex
        return Expr(rf"{factor} \cdot {tex}", f"{num.text}*{text}")
    written = DISCOUNTS[convention.discount].written(rank, convention)
    if written.how == "as is":  # weight 1 (flat within the cutoff)
        return num
    if written.how == "times":
        factor = f"({num.tex})" if "-" in num.tex else num.tex
        return Expr(rf"{factor} \cdot {written.tex}", f"{num.text}*{written.text}")
    return Expr(rf"\frac{{{num.tex}}}{{{written.tex}}}", f"{num.text}/{written.text}")


# --- DCG, IDCG, nDCG -------------------------------------------------------------------------


def _dcg_line(
    name: str,
    rows: pd.DataFrame,
    grade_col: str,
    gain_col: str,
    part_col: str,
    total: float,
    convention: Convention,
    decimals: int,
) -> Line:
    symbolic = [
        discounted(gain_expr(g, v, convention, decimals), int(r), convention, w)
        for r, g, v, w in zip(
            rows["rank"], rows[grade_col], rows[gain_col], rows["discount"], strict=True
        )
    ]
    sides = [_sum(symbolic)]
    rounding = ""
    if len(symbolic) > 1:
        terms, shown, rounding = _added(rows[part_col].tolist(), total, name, decimals)
        sides += [terms, shown]
    else:
        sides.append(Expr(number(total, decimals), number(total, decimals)))
    return Line(_name(name), tuple(sides), _join(_terms_note(len(symbolic)), rounding))


def dcg(result: Result, convention: Convention, decimals: int = 4) -> Line:
    """DCG@k = sum over the ranks within k of gain(g_i) * disc(i), from DCG's Result."""
    rows = _summed_rows("DCG", result)
    return _dcg_line(
        result.name,
        rows,
        "grade",
        "gain",
        "dcg_contribution",
        result.value,
        convention,
        decimals,
    )


def idcg(result: Result, convention: Convention, decimals: int = 4) -> Line:
    """IDCG@k: the same sum over the ideal ranking's grades, from IDCG's Result."""
    rows = _summed_rows("IDCG", result)
    line = _dcg_line(
        result.name,
        rows,
        "ideal_grade",
        "ideal_gain",
        "ideal_contribution",
        result.value,
        convention,
        decimals,
    )
    return line


def ndcg(result: Result, decimals: int = 4) -> Line:
    """nDCG@k = DCG@k / IDCG@k (or the convention's value when IDCG@k = 0), from nDCG's Result;
    on the condensed list every name is primed: nDCG′@k = DCG′@k / IDCG′@k."""
    k = result.name.partition("@")[2]
    at = f"@{k}" if k else ""
    mark = PRIME if PRIME in result.name else ""
    dcg_name, idcg_name = f"DCG{mark}{at}", f"IDCG{mark}{at}"
    dcg_value, idcg_value = result.details["DCG"], result.details["IDCG"]
    ratio = Expr(
        rf"\frac{{{name_tex(dcg_name)}}}{{{name_tex(idcg_name)}}}", f"{dcg_name} / {idcg_name}"
    )
    numbers = Expr(
        rf"\frac{{{number(dcg_value, decimals)}}}{{{number(idcg_value, decimals)}}}",
        f"{number(dcg_value, decimals)} / {number(idcg_value, decimals)}",
    )
    value = Expr(number(result.value, decimals), number(result.value, decimals))
    sides = (ratio, numbers, value) if idcg_value > 0 else (ratio, value)
    return Line(_name(result.name), sides, result.note)


# --- ERR -------------------------------------------------------------------------------------


def err(result: Result, decimals: int = 4) -> list[Line]:
    """ERR@k: the stop probabilities R_i, then the sum of (1/i) R_i prod_{j<i}(1 - R_j)."""
    rows = _summed_rows("ERR", result)
    gmax = result.details["gmax"]
    stops = _sum_free(
        [
            _stop(int(r), g, v, gmax, decimals)
            for r, g, v in zip(rows["rank"], rows["grade"], rows["stop_given_reached"], strict=True)
        ]
    )
    rule = Line(
        Expr(
            rf"R_i = \frac{{2^{{g_i}}-1}}{{2^{{{_grade(gmax)}}}}}:\quad {stops.tex}",
            f"R_i = (2^g_i - 1)/2^{_grade(gmax)}: {stops.text}",
        ),
        note=_("R_i is the chance that the reader stops at rank i once there (0 if unjudged)"),
    )
    terms = [
        Expr(
            rf"\frac{{1}}{{{int(r)}}} \cdot {number(s, decimals)} \cdot {number(p, decimals)}",
            f"(1/{int(r)})*{number(s, decimals)}*{number(p, decimals)}",
        )
        for r, s, p in zip(rows["rank"], rows["stop_given_reached"], rows["p_reach"], strict=True)
    ]
    sides = [
        Expr(
            r"\sum_{i} \frac{1}{i} R_i \prod_{j<i} (1-R_j)",
            "sum_i (1/i) R_i prod_{j<i}(1 - R_j)",
        ),
        _sum(terms),
    ]
    rounding = ""
    if len(terms) > 1:
        added, shown, rounding = _added(
            rows["contribution"].tolist(), result.value, result.name, decimals
        )
        sides += [added, shown]
    else:
        sides.append(Expr(number(result.value, decimals), number(result.value, decimals)))
    note = _("each term is 1/i times R_i times the chance to reach rank i, prod_{j<i}(1 - R_j)")
    total = Line(_name(result.name), tuple(sides), _join(note, _terms_note(len(terms)), rounding))
    return [rule, total]


def _stop(rank: int, grade: float, value: float, gmax: float, decimals: int) -> Expr:
    """R_i = (2^g - 1)/2^gmax = value (just the value when the grade is unjudged)."""
    shown = number(value, decimals)
    if math.isnan(grade) or not math.isclose((2.0**grade - 1.0) / 2.0**gmax, value):
        return Expr(f"R_{{{rank}}} = {shown}", f"R_{rank} = {shown}")
    g, m = _grade(grade), _grade(gmax)
    return Expr(
        rf"R_{{{rank}}} = \frac{{2^{{{g}}}-1}}{{2^{{{m}}}}} = {shown}",
        f"R_{rank} = (2^{g}-1)/2^{m} = {shown}",
    )


def _sum_free(items: Sequence[Expr]) -> Expr:
    """Statements side by side (not added): 'R_1 = ..., R_2 = ...'."""
    shown = _elide(items)
    return Expr(r",\quad ".join(e.tex for e in shown), ", ".join(e.text for e in shown))


def _join(*parts: str) -> str:
    return _("; ").join(p for p in parts if p)


# --- RBP -------------------------------------------------------------------------------------


def rbp(result: Result, decimals: int = 4) -> list[Line]:
    """RBP = (1-p) sum r_i p^(i-1), its residual, and the interval [RBP, RBP + residual]."""
    t = result.table
    p = result.details["p"]
    ps = f"{p:g}"
    rows = _summed_rows("RBP", result)
    terms = [
        Expr(
            rf"{number(g, decimals)} \cdot {ps}^{{{int(r) - 1}}}",
            f"{number(g, decimals)}*{ps}^{int(r) - 1}",
        )
        for r, g in zip(rows["rank"], rows["gain"], strict=True)
    ]
    inner = _sum(terms)
    sides = [
        Expr(rf"(1-{ps}) \left({inner.tex}\right)", f"(1-{ps})*({inner.text})"),
    ]
    rounding = ""
    if len(terms) > 1:
        added, shown, rounding = _added(
            rows["contribution"].tolist(), result.value, result.name, decimals
        )
        sides += [added, shown]
    else:
        sides.append(Expr(number(result.value, decimals), number(result.value, decimals)))
    total = Line(_name(result.name), tuple(sides), _join(_terms_note(len(terms)), rounding))

    unjudged = t[~t["judged"]]
    residual_terms = [*unjudged["residual_weight"].tolist(), result.details["tail"]]
    residual_value = result.details["residual"]
    n = len(t)
    unjudged_word = _("unjudged")
    rule = Expr(
        rf"(1-{ps}) \sum_{{i\ {_text(unjudged_word)}}} {ps}^{{i-1}} + {ps}^{{{n}}}",
        f"(1-{ps}) sum_(i {unjudged_word}) {ps}^(i-1) + {ps}^{n}",
    )
    top = result.details["top_gain"]
    if top != 1:
        g = number(top, decimals)
        rule = Expr(rf"{g} \left({rule.tex}\right)", f"{g}*({rule.text})")
    residual_sides = [rule]
    rounding = ""
    if len(residual_terms) > 1:
        added, shown, rounding = _added(residual_terms, residual_value, "residual", decimals)
        residual_sides += [added, shown]
    else:
        residual_sides.append(
            Expr(number(residual_value, decimals), number(residual_value, decimals))
        )
    residual = Line(
        Expr(_text(_("residual")), _("residual")),
        tuple(residual_sides),
        _join(
            _("the most that the unjudged ranks and the ranks beyond the list could still add"),
            rounding,
        ),
    )
    low, high = number(result.value, decimals), number(result.details["upper"], decimals)
    name = _name(result.name)
    interval = Line(
        Expr(rf"{name.tex} \in [{low},\ {high}]", f"{name.text} in [{low}, {high}]"),
        note=_("RBP + residual: the value if every unknown document had the top grade"),
    )
    return [total, residual, interval]


# --- copyable renderings ---------------------------------------------------------------------


def to_latex(lines: Sequence[Line], wrap: bool = False) -> str:
    """The lines as display equations, ready to paste into a LaTeX document; with `wrap`, a
    long one set as `Line.display` sets it (one "=" a row, long sums continued: amsmath's
    aligned), so that it fits a page."""
    return "\n".join(rf"\[ {line.display if wrap else line.tex} \]" for line in lines)


def to_markdown(lines: Sequence[Line]) -> str:
    """The lines as a Markdown list of plain-text equations (readable without a math renderer)."""
    out = []
    for line in lines:
        out.append(f"- `{line.text}`" + (f" ({line.note})" if line.note else ""))
    return "\n".join(out)
