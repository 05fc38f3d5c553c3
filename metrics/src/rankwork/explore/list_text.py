"""One query typed as text, the way a teacher writes it on the board, and back.

`parse(text)` reads three forms (chosen from the text, see `parse`):

**Grades only**, in rank order: ``3, 2, 3, 0, 1, 2`` (commas or spaces between grades). A blank
between two commas or ``?`` marks an unjudged document. After ``|`` come the grades of judged
documents that were *not* retrieved: ``3, 2, ?, 0 | 2, 1``. Doc ids are d1, d2, ...

**Judgments by doc id and a ranking of ids**: ``101:2 203:1 305:2 408:1`` and
``101 450 305 120 203 999 555``, on one line or several, in any order. Every ``id:grade`` is a
judgment; every other id is the next ranked document. Judged documents missing from the
ranking are the judged documents not retrieved; ranked documents without a judgment are
unjudged (``unjudged_grade=0`` makes them non-relevant instead). Brackets, braces, commas,
semicolons and quotes are allowed, so ``{101: 2, 203: 1}`` and ``[101, 450]`` as Python prints
them read the same; an id holding spaces, commas or colons is written in quotes.

**A TREC fragment for one query**: run lines ``qid Q0 docno rank score [tag]`` (the second
field is literally ``Q0``, which is how the form is recognised) and qrels lines
``qid iter docno grade``, mixed in any order. The run's lines, in the order given, are the
ranking with their scores (the list is then ranked by score, ties by the convention); judged
documents not in the run are the ones not retrieved.

Errors raise `ListTextError` (a ValueError) naming the token, its line and column (1-based)
and what is allowed. `format_text` writes a list back in the first form that holds it.
No Streamlit here.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from rankwork.language import _, ngettext

GRADES, IDS, TREC = "grades", "ids", "trec"
UNJUDGED_MARK = "?"
TREC_QID = "1"  # the query id format_text writes in the TREC form

_NUMBER = re.compile(r"[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?")
# A quoted id, a separator character, or a run of anything else.
_TOKEN = re.compile(
    r"""(?P<quoted>"[^"\n]*"|'[^'\n]*')|(?P<punct>[:,|])|(?P<word>[^\s:,|;{}\[\]()"']+)"""
)
_IGNORED = re.compile(r"""[\s;{}\[\]()]+""")
_TREC_ID = re.compile(r"\S+")  # a field of a TREC line
_PLAIN_ID = re.compile(r"""[^\s:,|;{}\[\]()"'?]+""")


class ListTextError(ValueError):
    """Text that cannot be read as a list; the message names the token and where it is.

    `problem` says what is wrong and what is allowed without quoting the text, so a page can
    show it as formatted text and the token (user text) literally."""

    def __init__(self, problem: str, token: str, line: int, column: int) -> None:
        self.problem, self.token, self.line, self.column = problem, token, line, column
        said = _("Line {line}, column {column}, {token}: {problem}")
        super().__init__(said.format(line=line, column=column, token=repr(token), problem=problem))


@dataclass(frozen=True)
class ListText:
    """One query read from text. `grades` are in ranked (input) order, None for unjudged;
    `doc_ids` is None in the grades-only form; `scores` only in the TREC form."""

    form: str
    grades: tuple[float | None, ...]
    doc_ids: tuple[str, ...] | None
    scores: tuple[float, ...] | None
    unretrieved: tuple[float, ...]
    unretrieved_ids: tuple[str, ...]

    def summary(self) -> str:
        """What was read, in words: 'judgments and a ranking: 7 ranked (3 judged), 1 judged
        document not retrieved'."""
        judged = sum(g is not None for g in self.grades)
        name = {GRADES: _("grades"), IDS: _("judgments and a ranking"), TREC: _("a TREC fragment")}
        missed = len(self.unretrieved)
        said = ngettext(
            "{form}: {n} ranked ({judged} judged), {missed} judged document not retrieved",
            "{form}: {n} ranked ({judged} judged), {missed} judged documents not retrieved",
            missed,
        )
        return said.format(form=name[self.form], n=len(self.grades), judged=judged, missed=missed)


@dataclass(frozen=True)
class _Token:
    text: str
    kind: str  # "quoted", "punct" or "word"
    line: int
    column: int

    def error(self, problem: str) -> ListTextError:
        return ListTextError(problem, self.text, self.line, self.column)

    @property
    def value(self) -> str:
        return self.text[1:-1] if self.kind == "quoted" else self.text


def parse(text: str, *, unjudged_grade: float | None = None) -> ListText:
    r"""Read one query from `text` (see the module docstring for the forms).

    The form: TREC when a line has at least six fields, its second ``Q0`` and its first no
    quote; judgments and a ranking when the text holds a ``:``; grades only otherwise. Lines
    end at ``\n`` only (`text_lines`). `unjudged_grade` (None or a number such as 0) is the
    grade given to ranked documents that have no judgment in the ids and TREC forms."""
    if not text.strip():
        raise ListTextError(
            _(
                "the box is empty: type grades such as 3, 2, 0, 1, or judgments and a ranking "
                "such as 101:2 203:1 and 101 450 203."
            ),
            "",
            1,
            1,
        )
    lines = text_lines(text)
    if any(_is_run_line(line.split()) for line in lines):
        return _parse_trec(lines, unjudged_grade)
    tokens = _tokens(text)
    if any(t.text == ":" for t in tokens):
        return _parse_ids(tokens, unjudged_grade)
    return _parse_grades(tokens)


def text_lines(text: str) -> list[str]:
    r"""The box's lines: the text cut at each ``\n`` only (a browser's text box writes no other
    line break). Every other character ``str.splitlines`` cuts at (``\r``, ``\x0b``, ``\x0c``,
    ``\x1c``-``\x1e``, ``\x85``, ``\u2028``, ``\u2029``) is a space between tokens, and may
    stand inside a quoted id, so an id from a link such as ``a\x1cb`` reads back whole."""
    return text.split("\n")


def _tokens(text: str) -> list[_Token]:
    tokens = []
    for number, line in enumerate(text_lines(text), start=1):
        at = 0
        while at < len(line):
            gap = _IGNORED.match(line, at)
            if gap:
                at = gap.end()
                continue
            match = _TOKEN.match(line, at)
            if match is None:  # an unclosed quote
                raise ListTextError(
                    _("this quote is not closed on its line; close it, or remove it."),
                    line[at:],
                    number,
                    at + 1,
                )
            tokens.append(_Token(match.group(), match.lastgroup or "word", number, at + 1))
            at = match.end()
    return tokens


def _number(token: _Token, what: str) -> float:
    """A finite number (no nan, inf, or underscores), else an error pointing at the token."""
    if token.kind == "word" and _NUMBER.fullmatch(token.text):
        value = float(token.text)
        if math.isfinite(value):
            return value
    raise token.error(_("{what} must be a number such as 0, 1, 2 or 2.5.").format(what=what))


# --- grades only -----------------------------------------------------------------------------


def _parse_grades(tokens: list[_Token]) -> ListText:
    bars = [t for t in tokens if t.text == "|"]
    if len(bars) > 1:
        raise bars[1].error(
            _(
                "only one | is allowed: the grades after it are the judged "
                "documents that were not retrieved."
            )
        )
    if not tokens:  # only brackets, braces, parentheses or semicolons
        raise ListTextError(
            _(
                "the box holds no grades, only brackets or semicolons: type grades such as "
                "3, 2, 0, 1."
            ),
            "",
            1,
            1,
        )
    cut = tokens.index(bars[0]) if bars else len(tokens)
    ranked = _grade_cells(tokens[:cut])
    if not ranked:
        where = bars[0] if bars else tokens[0]
        raise where.error(_("no ranked grades: type the grades of the ranked list first."))
    grades = tuple(None if cell is None else _grade(cell) for cell in ranked)
    missed = []
    for cell in _grade_cells(tokens[cut + 1 :]) if bars else []:
        if cell is None or cell.text == UNJUDGED_MARK:
            where = cell or bars[0]
            raise where.error(_("after | every document is judged: give it a grade, or remove it."))
        missed.append(_grade(cell))
    return ListText(GRADES, grades, None, None, tuple(missed), ())


def _grade_cells(tokens: list[_Token]) -> list[_Token | None]:
    """The cells between separators; None for a blank between two commas (or before the first
    comma). A comma at the very end closes the last cell and adds no blank one."""
    cells: list[_Token | None] = []
    open_cell = False  # a comma was seen and no value has followed it yet
    for token in tokens:
        if token.text == ",":
            if open_cell or not cells:
                cells.append(None)
            open_cell = True
        elif token.text == ":":
            raise token.error(_("a colon belongs to id:grade judgments, not to a list of grades."))
        else:
            cells.append(token)
            open_cell = False
    return cells


def _grade(cell: _Token) -> float | None:
    if cell.text == UNJUDGED_MARK:
        return None
    return _number(cell, _("a grade (or {mark} for unjudged)").format(mark=UNJUDGED_MARK))


# --- judgments and a ranking -----------------------------------------------------------------


def _parse_ids(tokens: list[_Token], unjudged_grade: float | None) -> ListText:
    judged: dict[str, float] = {}
    judged_at: dict[str, _Token] = {}
    ranking: list[str] = []
    ranked_at: dict[str, _Token] = {}
    i = 0
    while i < len(tokens):
        token = tokens[i]
        if token.text in {",", "|"}:
            if token.text == "|":
                raise token.error(
                    _(
                        "| belongs to the grades-only form; with doc ids, judged "
                        "documents missing from the ranking are the ones not retrieved."
                    )
                )
            i += 1
            continue
        if token.text == ":":
            raise token.error(_("a colon needs a doc id before it, as in 101:2."))
        doc = _doc_id(token)
        if i + 1 < len(tokens) and tokens[i + 1].text == ":":
            grade = tokens[i + 2] if i + 2 < len(tokens) else None
            if grade is None or grade.kind == "punct" or grade.line != token.line:
                raise tokens[i + 1].error(
                    _("a judgment needs a grade after the colon, as in 101:2.")
                )
            if doc in judged:
                first = judged_at[doc]
                said = _(
                    "this id is judged twice (first at line {line}, column {column}); keep one "
                    "judgment."
                )
                raise token.error(said.format(line=first.line, column=first.column))
            judged[doc] = _number(grade, _("a judgment's grade"))
            judged_at[doc] = token
            i += 3
            continue
        if doc in ranked_at:
            first = ranked_at[doc]
            said = _(
                "this id is ranked twice (first at line {line}, column {column}); a document "
                "is retrieved once."
            )
            raise token.error(said.format(line=first.line, column=first.column))
        ranking.append(doc)
        ranked_at[doc] = token
        i += 1
    if not ranking:
        last = tokens[-1]
        raise last.error(
            _(
                "judgments but no ranking: after the judgments, list the ranked doc "
                "ids in order, e.g. 101 450 305."
            )
        )
    grades = tuple(judged.get(doc, unjudged_grade) for doc in ranking)
    missed = [doc for doc in judged if doc not in ranked_at]
    return ListText(
        IDS, grades, tuple(ranking), None, tuple(judged[d] for d in missed), tuple(missed)
    )


def _doc_id(token: _Token) -> str:
    doc = token.value.strip()
    if not doc or (token.kind == "word" and doc == UNJUDGED_MARK):
        raise token.error(_("not a doc id: ids are words or numbers such as 101 or d7."))
    return doc


# --- TREC ------------------------------------------------------------------------------------


def _is_run_line(fields: list[str]) -> bool:
    """At least six fields, the second Q0, and a query id without quotes (a quoted id holding
    spaces, as in ``'x Q0 y'``, belongs to the ids form)."""
    return len(fields) >= 6 and fields[1].upper() == "Q0" and not set(fields[0]) & set("\"'")


def _fields(line: str, number: int) -> list[_Token]:
    return [_Token(m.group(), "word", number, m.start() + 1) for m in re.finditer(r"\S+", line)]


def _parse_trec(lines: list[str], unjudged_grade: float | None) -> ListText:
    qid: _Token | None = None
    run: dict[str, tuple[float, _Token]] = {}
    qrels: dict[str, tuple[float, _Token]] = {}
    for number, line in enumerate(lines, start=1):
        if not line.strip() or line.startswith("#"):
            continue
        fields = _fields(line, number)
        if _is_run_line([f.text for f in fields]):
            kind, table, doc = "run", run, fields[2]
            _whole(fields[3])
            value = _number(fields[4], _("a run line's score (fifth field)"))
        elif len(fields) == 4:
            kind, table, doc = "qrels", qrels, fields[2]
            value = _number(fields[3], _("a qrels line's grade (fourth field)"))
        elif len(fields) >= 6:
            raise fields[1].error(
                _("a run line's second field is Q0 (qid Q0 docno rank score tag).")
            )
        else:
            said = _(
                "a TREC line has 4 fields (qrels: qid iter docno grade) or at least 6 "
                "(run: qid Q0 docno rank score tag); this one has {n}."
            )
            raise fields[-1].error(said.format(n=len(fields)))
        if qid is None:
            qid = fields[0]
        elif fields[0].text != qid.text:
            said = _(
                "a second query id (the first, on line {line}, differs): the box takes the "
                "lines of one query."
            )
            raise fields[0].error(said.format(line=qid.line))
        if doc.text in table:
            first = table[doc.text][1]
            said = _(
                "this document is in the {kind} lines twice (first on line {line}); keep one "
                "line per document."
            )
            raise doc.error(said.format(kind=kind, line=first.line))
        table[doc.text] = (value, doc)
    if not run:
        where = qid or _Token("", "word", 1, 1)
        raise where.error(
            _(
                "qrels lines but no run lines (qid Q0 docno rank score tag): "
                "paste the run's lines for this query too."
            )
        )
    ranking = list(run)
    missed = [d for d in qrels if d not in run]
    return ListText(
        TREC,
        tuple(qrels[d][0] if d in qrels else unjudged_grade for d in ranking),
        tuple(ranking),
        tuple(run[d][0] for d in ranking),
        tuple(qrels[d][0] for d in missed),
        tuple(missed),
    )


def _whole(token: _Token) -> None:
    if not re.fullmatch(r"[+-]?[0-9]+", token.text):
        raise token.error(_("a run line's rank (fourth field) must be a whole number."))


# --- a list back to text ---------------------------------------------------------------------


def format_text(
    grades: Sequence[float | None],
    doc_ids: Sequence[str],
    scores: Sequence[float] | None,
    unretrieved: Sequence[float],
    unretrieved_ids: Sequence[str] = (),
) -> str:
    """The list as text that `parse` reads back to the same list: grades only when the ids are
    d1, d2, ... and there are no scores; judgments and a ranking when there are no scores; a
    TREC fragment otherwise (query id 1). Judged documents not retrieved take the ids in
    `unretrieved_ids` (the ids they were typed with) where the form can hold them, or fresh
    ones u1, u2, ....

    Raises ValueError (naming no id) when no form holds the list: scores with a ranked id
    holding a space, an id holding both quote characters or a line feed, or ids with no
    judgment at all (only grades-only text lacks colons)."""
    grades = [None if g is None or math.isnan(g) else float(g) for g in grades]
    doc_ids = list(doc_ids)
    if scores is None and doc_ids == [f"d{i + 1}" for i in range(len(grades))]:
        ranked = ", ".join(UNJUDGED_MARK if g is None else _show(g) for g in grades)
        return ranked + (" | " + ", ".join(_show(g) for g in unretrieved) if unretrieved else "")
    # a TREC line cannot hold an id with a space: such an unretrieved id takes a fresh one
    fits = (lambda d: True) if scores is None else _TREC_ID.fullmatch
    missed_ids = _fresh_ids(list(unretrieved_ids), len(unretrieved), set(doc_ids), fits)
    judgments = [(d, g) for d, g in zip(doc_ids, grades, strict=True) if g is not None]
    judgments += list(zip(missed_ids, unretrieved, strict=True))
    if scores is None:
        if not judgments:
            raise ValueError("no document is judged, so the ids cannot be written as text.")
        return (
            " ".join(f"{_id(d)}:{_show(g)}" for d, g in judgments)
            + "\n"
            + " ".join(_id(d) for d in doc_ids)
        )
    bad = next((d for d in doc_ids if not _TREC_ID.fullmatch(d)), None)
    if bad is not None:
        raise ValueError("a doc id holds a space, which a TREC line cannot hold.")
    run = [
        f"{TREC_QID} Q0 {d} {rank} {_show(s)} ranklab"
        for rank, (d, s) in enumerate(zip(doc_ids, scores, strict=True), start=1)
    ]
    return "\n".join(run + [f"{TREC_QID} 0 {d} {_show(g)}" for d, g in judgments])


def _fresh_ids(
    given: list[str], count: int, taken: set[str], fits: Callable[[str], object]
) -> list[str]:
    """`count` ids for the judged documents not retrieved: the ones `given` where they are
    free and `fits` them, else u1, u2, ... (the first not taken)."""
    out, n = [], 0
    for i in range(count):
        if i < len(given) and given[i] not in taken and fits(given[i]):
            out.append(given[i])
        else:
            n += 1
            while f"u{n}" in taken or f"u{n}" in given:
                n += 1
            out.append(f"u{n}")
        taken = taken | {out[-1]}
    return out


def _show(value: float) -> str:
    """A number as typed: 3, 2.5, -1 (never 3.0), to full precision."""
    return str(int(value)) if float(value).is_integer() else repr(float(value))


def _id(doc: str) -> str:
    """An id as `parse` reads it back: quoted when it holds a separator, and when it is Q0 (a
    ranking line whose second id is a bare Q0 would read as a TREC run line)."""
    if _PLAIN_ID.fullmatch(doc) and doc.upper() != "Q0":
        return doc
    if "'" in doc and '"' in doc or "\n" in doc:
        raise ValueError("a doc id holds both quote characters (or a line break).")
    return f"'{doc}'" if "'" not in doc else f'"{doc}"'
