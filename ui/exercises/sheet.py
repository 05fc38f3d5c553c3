"""An exercise round as a sheet to hand out, and its solutions, in Markdown and in LaTeX.

`markdown(round_, solutions)` and `latex(round_, solutions)` return the whole document as text
(for st.download_button). The questions come from `rankwork.teaching.exercises`; each solution's
value and working are rendered from the core's Results through `rankwork.core.working`, the same
lines the Exercises page shows, so the sheet and the screen cannot disagree. No Streamlit here.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

import i18n
from i18n import _
from rankwork.core.intents import subtopics_text
from rankwork.core.working import latex as tex_lines
from rankwork.core.working import lines as working
from rankwork.core.working.latex import number
from rankwork.teaching.exercises import Exercise, Question, option_text
from ui.shared.grades import grade_label

DECIMALS = 4


def lists_table(e: Exercise) -> tuple[tuple[str, ...], list[tuple[str, ...]]]:
    """The exercise's lists side by side: a header and one row per rank. One list with the
    default ids shows its grades; named documents show as 'e (2)'; a list with subtopics shows
    each document's, as 'b {1, 2}'."""
    if any(r.intents is not None for _label, r in e.lists):
        return _subtopics_table(e)
    header = (
        _("rank"),
        *(
            _("list {label}").format(label=label) if len(label) == 1 else _("grade")
            for label, _ranking in e.lists
        ),
    )
    depth = max(len(r) for _label, r in e.lists)
    rows = []
    for i in range(depth):
        cells = [str(i + 1)]
        for _label, r in e.lists:
            if i >= len(r):
                cells.append("")
            elif len(e.lists) == 1:
                cells.append(grade_label(r.grades[i]))
            else:
                cells.append(f"{r.doc_ids[i]} ({grade_label(r.grades[i])})")
        rows.append(tuple(cells))
    return header, rows


def _subtopics_table(e: Exercise) -> tuple[tuple[str, ...], list[tuple[str, ...]]]:
    (_label, r), *_others = e.lists
    subtopics = r.intents.retrieved  # type: ignore[union-attr]
    rows = [
        (str(i + 1), d, subtopics_text(s) if s else _("none"))
        for i, (d, s) in enumerate(zip(r.doc_ids, subtopics, strict=True))
    ]
    return (_("rank"), _("document"), _("subtopics")), rows


def answer_text(question: Question, decimals: int = DECIMALS) -> str:
    """The right answer as written on the solution sheet."""
    if question.numeric:
        return number(question.steps[0].result().value, decimals)
    return option_text(question.answer)


def comparison(question: Question, decimals: int = DECIMALS) -> list[tuple[str, str]]:
    """(label, value) of every computation behind a choice question."""
    return [(step.label, number(step.result().value, decimals)) for step in question.steps]


def working_lines(question: Question, decimals: int = DECIMALS) -> list[tex_lines.Line]:
    """The working of a numeric question, from its Result."""
    step = question.steps[0]
    return working.lines(step.family, step.result(), step.scenario.convention, decimals)


def title(round_: Sequence[Exercise], solutions: bool = False) -> str:
    seed = round_[0].seed if round_ else 0
    if solutions:
        return _("RankLab exercises, round {seed}: solutions").format(seed=seed)
    return _("RankLab exercises, round {seed}").format(seed=seed)


def _header(round_: Sequence[Exercise], link: str) -> str:
    convention = _(round_[0].convention.name) if round_ else ""
    if link:
        return _(
            "Convention: {convention}. Grades run from 0 to 3. Open this round in RankLab: {link}"
        ).format(convention=convention, link=link)
    return _("Convention: {convention}. Grades run from 0 to 3.").format(convention=convention)


def _options(q: Question) -> str:
    """' (A / B / Equal)' after a choice question's prompt; '' for a numeric one."""
    if not q.options:
        return ""
    return " ({options})".format(options=" / ".join(map(option_text, q.options)))


# --- Markdown --------------------------------------------------------------------------------


def _md_table(rows: Sequence[Sequence[str]], header: Sequence[str]) -> str:
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(row) + " |" for row in rows]
    return "\n".join(lines)


def _md_exercise(e: Exercise, solutions: bool, decimals: int) -> list[str]:
    out = [f"## {e.title}", "", e.statement, ""]
    header, rows = lists_table(e)
    out += [_md_table(rows, header), ""]
    for number_, q in enumerate(e.questions, start=1):
        options = _options(q)
        blank = "" if solutions else " ________"
        out.append(f"{number_}. {q.prompt}{options}{blank}")
        if solutions:
            out += _md_solution(q, decimals)
    out.append("")
    return out


def _md_solution(q: Question, decimals: int) -> list[str]:
    answer = _("Answer: {answer}").format(answer=answer_text(q, decimals))
    out = [f"   - **{answer}**"]
    if q.numeric:
        out += [
            "     " + line for line in tex_lines.to_markdown(working_lines(q, decimals)).split("\n")
        ]
    else:
        out += [f"     - {label}: {value}" for label, value in comparison(q, decimals)]
    return out


def markdown(round_: Sequence[Exercise], solutions: bool = False, link: str = "") -> str:
    """The sheet (or, with `solutions`, the sheet with answers and workings) as Markdown."""
    head = title(round_, solutions)
    out = [f"# {head}", "", _header(round_, link), ""]
    for e in round_:
        out += _md_exercise(e, solutions, decimals=DECIMALS)
    return "\n".join(out).rstrip() + "\n"


# --- LaTeX -----------------------------------------------------------------------------------

_TEX_ESCAPES = {
    "\\": r"\textbackslash{}",
    "&": r"\&",
    "%": r"\%",
    "$": r"\$",
    "#": r"\#",
    "_": r"\_",
    "{": r"\{",
    "}": r"\}",
    "~": r"\textasciitilde{}",
    "^": r"\textasciicircum{}",
    "<": r"\textless{}",
    ">": r"\textgreater{}",
    "–": "--",
    "—": "---",
    "…": r"\ldots{}",
}
# Symbols beyond Latin-1 that pdflatex's T1 and T5 encodings lack, and that ctexart's fonts
# under xelatex drop without an error (α vanished from the Chinese sheet): set in maths.
_MATH_SYMBOLS = {
    "→": r"\to",
    "≥": r"\geq",
    "≤": r"\leq",
    "≠": r"\neq",
    "≈": r"\approx",
    "÷": r"\div",
    "×": r"\times",
    "·": r"\cdot",
    "±": r"\pm",
    "∈": r"\in",
    "∞": r"\infty",
    "′": r"{}^{\prime}",
    "∑": r"\sum",
    "∏": r"\prod",
    "√": r"\surd",
    "κ": r"\kappa",
    **{
        chr(0x3B1 + i): rf"\{name}"
        for i, name in enumerate(
            "alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu nu xi o pi rho "
            "varsigma sigma tau upsilon phi chi psi omega".split()
        )
        if name not in ("o", "varsigma")
    },
}


def escape(text: str) -> str:
    """Plain text made safe for LaTeX: its special characters escaped, and the symbols no text
    font of the sheet has (α, →, ≥, ...) set in maths, in every language."""
    out = []
    for c in text:
        if c in _MATH_SYMBOLS:
            out.append(f"${_MATH_SYMBOLS[c]}$")
        else:
            out.append(_TEX_ESCAPES.get(c, c))
    return "".join(out)


# The formulas the statements write in plain text ('exponential gain 2^g - 1; discount
# 1/log2(i+1)', 'worth 0.5^c', 'grade >= 1', '1 for i < 2'), in any language: typeset as maths.
_FORMULA = re.compile(
    r"(?P<power>(?:\d+(?:\.\d+)?|[a-z])\^(?:\((?P<exp_paren>[^()]*)\)|(?P<exp>[a-z0-9]+))"
    r"(?P<minus_one> - 1)?)"
    r"|(?P<log>1/(?P<fn>log\d*(?:\.\d+)?|ln)\((?P<arg>[^()]*)\))"
    r"|(?P<reciprocal>1/i\b)"
    r"|(?P<compare>(?<![\w>])(?:i|grade) (?P<op><|>=|<=) \d+(?:\.\d+)?)"
    r"|(?P<op_alone>>=|<=)"
)


def _formula(m: re.Match) -> str:
    """One formula of `_FORMULA` as inline maths."""
    if m["power"]:
        base = m["power"].split("^")[0]
        exponent = m["exp_paren"] if m["exp_paren"] is not None else m["exp"]
        return rf"${base}^{{{exponent}}}{'-1' if m['minus_one'] else ''}$"
    if m["log"]:
        fn = m["fn"]
        name = r"\ln" if fn == "ln" else (rf"\log_{{{fn[3:]}}}" if fn[3:] else r"\log")
        return rf"$1/{name}({m['arg']})$"
    if m["reciprocal"]:
        return "$1/i$"
    ops = {"<": "<", ">=": r"\geq", "<=": r"\leq"}
    if m["compare"]:
        word, _op, bound = m["compare"].split(" ")
        if word == "grade":
            return rf"{word} ${ops[m['op']]} {bound}$"
        return rf"${word} {ops[m['op']]} {bound}$"
    return f"${ops[m['op_alone']]}$"


def tex_text(text: str) -> str:
    """A sentence of the sheet as LaTeX: its formulas in maths (`_FORMULA`), the rest escaped."""
    out, start = [], 0
    for m in _FORMULA.finditer(text):
        out += [escape(text[start : m.start()]), _formula(m)]
        start = m.end()
    out.append(escape(text[start:]))
    return "".join(out)


_LINK = "\x00"  # stands for the link while the header is escaped


def _tex_header(round_: Sequence[Exercise], link: str) -> str:
    """The header with the link set by the url package, which breaks it across lines (escaped
    as text, a link is one unbreakable word wider than the page)."""
    text = tex_text(_header(round_, _LINK if link else ""))
    return text.replace(_LINK, rf"\url{{{link}}}")


def _tex_table(rows: Sequence[Sequence[str]], header: Sequence[str]) -> str:
    body = "\n".join(" & ".join(escape(c) for c in row) + r" \\" for row in rows)
    return (
        r"\begin{tabular}{" + "l" * len(header) + "}\n"
        + " & ".join(rf"\textbf{{{escape(h)}}}" for h in header) + r" \\ \hline" + "\n"
        + body + "\n" + r"\end{tabular}"
    )  # fmt: skip


def _tex_exercise(e: Exercise, solutions: bool, decimals: int) -> list[str]:
    out = [rf"\section*{{{tex_text(e.title)}}}", tex_text(e.statement), ""]
    header, rows = lists_table(e)
    out += [r"\begin{center}", _tex_table(rows, header), r"\end{center}"]
    out.append(r"\begin{enumerate}")
    for q in e.questions:
        options = _options(q)
        blank = "" if solutions else r" \hrulefill"
        out.append(rf"\item {tex_text(q.prompt + options)}{blank}")
        if solutions:
            out += _tex_solution(q, decimals)
    out += [r"\end{enumerate}", ""]
    return out


def _tex_solution(q: Question, decimals: int) -> list[str]:
    answer = tex_text(_("Answer: {answer}").format(answer=answer_text(q, decimals)))
    out = [rf"\par\textbf{{{answer}}}"]
    if q.numeric:
        for line in working_lines(q, decimals):
            out.append(tex_lines.to_latex([line], wrap=True))
            if line.note:
                out.append(rf"\par{{\small {tex_text(line.note)}}}")
    else:
        out.append(r"\begin{itemize}")
        out += [rf"\item {tex_text(label)}: {value}" for label, value in comparison(q, decimals)]
        out.append(r"\end{itemize}")
    return out


# The document class and the encoding each language needs: English and Vietnamese with pdflatex
# (Vietnamese in the T5 encoding, from the vntex package), Chinese with xelatex (ctexart, which
# sets up the CJK fonts; a comment on the first line says so). Checked by compiling the three
# (tests/unit/test_sheet.py, where the TeX programs are installed).
PREAMBLES = {
    "en": (r"\documentclass[11pt]{article}", r"\usepackage[utf8]{inputenc}",
           r"\usepackage[T1]{fontenc}"),
    "vi": (r"\documentclass[11pt]{article}", r"\usepackage[utf8]{inputenc}",
           r"\usepackage[T5]{fontenc}"),
    "zh": ("% !TEX program = xelatex", r"\documentclass[11pt]{ctexart}"),
}  # fmt: skip


def latex(round_: Sequence[Exercise], solutions: bool = False, link: str = "") -> str:
    """The sheet (or its solutions) as a complete LaTeX document (article, amsmath; in the
    session's language, with the preamble it needs: PREAMBLES)."""
    head = title(round_, solutions)
    out = [
        *PREAMBLES[i18n.current()],
        r"\usepackage{amsmath}",
        r"\usepackage[margin=2cm]{geometry}",
        r"\usepackage{url}",
        rf"\title{{{escape(head)}}}",
        r"\date{}",
        r"\begin{document}",
        r"\maketitle",
        _tex_header(round_, link),
        "",
    ]
    for e in round_:
        out += _tex_exercise(e, solutions, decimals=DECIMALS)
    out.append(r"\end{document}")
    return "\n".join(out) + "\n"
