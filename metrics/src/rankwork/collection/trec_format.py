"""The TREC and CSV/TSV formats that `rankwork.collection.trec` reads (its docstring describes
them): the error it raises (`TrecFormatError`), where each field is on a line (`Layout`: the
TREC layouts, or the one a header line names, `choose_layout`), how a line is split and what can
be wrong with it (`split_fields`, `line_problem`, and the messages that say so), the key a line
may not repeat (`line_key`, `repeat_key`, `pair_codes`), and the pandas C parser over a layout
(`parse_table`).
"""

from __future__ import annotations

import csv
import functools
import io
import re
import warnings
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

import numpy as np
import pandas as pd

from rankwork.collection import arrow_support
from rankwork.language import N_, _, ngettext

__all__ = [
    "DEFAULT_TAG",
    "Layout",
    "NUMBER",
    "NUMBER_FIELDS",
    "TEXT_FIELDS",
    "TREC_LAYOUTS",
    "TrecFormatError",
    "choose_layout",
    "duplicate_message",
    "line_key",
    "line_problem",
    "numbered_data_lines",
    "pair_codes",
    "parse_table",
    "repeat_key",
    "split_fields",
]

DEFAULT_TAG = "run"
"""Run tag used when a CSV/TSV run has no tag column, or a DataFrame to write has none."""

_QID_NAMES = ("qid", "query_id", "topic", "topic_id")
_DOCNO_NAMES = ("docno", "doc_id", "docid")
_ALIASES: dict[str, dict[str, tuple[str, ...]]] = {
    "qrels": {
        "qid": _QID_NAMES,
        "docno": _DOCNO_NAMES,
        "rel": ("rel", "relevance", "grade", "label"),
    },
    "diversity": {
        "qid": _QID_NAMES,
        "subtopic": ("subtopic", "subtopic_id", "intent"),
        "docno": _DOCNO_NAMES,
        "rel": ("rel", "relevance", "grade", "label", "judgment"),
    },
    "run": {
        "qid": _QID_NAMES,
        "docno": _DOCNO_NAMES,
        "score": ("score",),
        "rank": ("rank",),
        "tag": ("tag", "run_tag"),
    },
}
_REQUIRED = {
    "qrels": ("qid", "docno", "rel"),
    "diversity": ("qid", "subtopic", "docno", "rel"),
    "run": ("qid", "docno", "score"),
}
# Words used in messages for each field (translated where a message uses them: _field_word).
_FIELD_WORDS = {
    "qid": N_("query id"),
    "subtopic": N_("subtopic"),
    "docno": N_("document id"),
    "rel": N_("relevance grade"),
    "score": N_("score"),
    "rank": N_("rank"),
    "tag": N_("run tag"),
}
_FIELD_SEP = re.compile(r"[ \t]+")
NUMBER = re.compile(r"[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?")
_NON_FINITE = re.compile(r"[+-]?(?:nan|inf|infinity)", re.IGNORECASE)
_INT64_MAX = 2**63 - 1
# Text columns are parsed as Arrow large strings when pyarrow is installed: the pandas C parser
# builds those directly, about four times faster than dtype=str, and turning them into pandas'
# "str" dtype (which stores large strings) copies nothing.  Without pyarrow: str.
_ARROW_TEXT = "large_string[pyarrow]"
NUMBER_FIELDS = ("rank", "score", "rel")
# Values quoted in a message are cut after this many characters.
_SHOWN_CHARS = 60


class TrecFormatError(ValueError):
    """A qrels or run file that cannot be read.

    ``str(error)`` is ``"<file>, line <n>: <problem>"`` (``"<file>: <problem>"`` when no single
    line is at fault); the parts are also available as ``file``, ``line`` (1-based, or None)
    and ``problem``; ``repeat`` is True when the problem is a line repeating an earlier line's
    document (and query). The words are in the current language (English outside a page's run:
    the command line's). A ValueError, so ``except ValueError`` catches it too.

    Examples
    --------
    A qrels file whose second line has three fields where TREC qrels have four
    (``qid iter docno rel``):

    >>> import rankwork, tempfile
    >>> from pathlib import Path
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     qrels = Path(folder, "qrels.txt")
    ...     size = qrels.write_text("q1 0 d1 1\\nq1 0 d2\\n")
    ...     try:
    ...         rankwork.evaluate(qrels, {"q1": {"d1": 0.5}}, "P@1")
    ...     except rankwork.TrecFormatError as error:
    ...         print(Path(error.file).name, error.line, error.repeat)
    ...         print(str(error) == f"{error.file}, line 2: {error.problem}")
    qrels.txt 2 False
    True
    """

    def __init__(self, file: str, line: int | None, problem: str, *, repeat: bool = False) -> None:
        self.file = file
        self.line = line
        self.problem = problem
        self.repeat = repeat
        if line is None:
            super().__init__(f"{file}: {problem}")
        else:
            where = _("{file}, line {line}: {problem}")
            super().__init__(where.format(file=file, line=line, problem=problem))


@dataclass(frozen=True)
class Layout:
    """Where each field is on a line, and how lines are split."""

    kind: str  # "qrels", "diversity" (a qrels with subtopics) or "run"
    sep: str | None  # None: runs of spaces/tabs (TREC); else "," or "\t"
    header: bool  # first data line is a header line
    n_fields: int  # fields on a line: exactly (TREC qrels, header formats) or at least (TREC runs)
    extra_fields_ok: bool  # TREC run: fields after the sixth are ignored
    positions: dict[str, int]  # output field -> 0-based position on the line
    header_names: tuple[str, ...] = ()  # header formats: the column names as written


TREC_LAYOUTS = {
    "qrels": Layout("qrels", None, False, 4, False, {"qid": 0, "docno": 2, "rel": 3}),
    "diversity": Layout(
        "diversity", None, False, 4, False, {"qid": 0, "subtopic": 1, "docno": 2, "rel": 3}
    ),
    "run": Layout(
        "run", None, False, 6, True, {"qid": 0, "docno": 2, "rank": 3, "score": 4, "tag": 5}
    ),
}
_TREC_SYNTAX = {
    "qrels": "qid iter docno rel",
    "diversity": "topic subtopic docno judgment",
    "run": "qid Q0 docno rank score tag",
}
TEXT_FIELDS = ("qid", "subtopic", "docno", "tag")


def _physical_lines(data: bytes) -> Iterator[tuple[int, bytes]]:
    """Every line with its 1-based number; a line ends at LF, CR LF or a lone CR."""
    lineno = 0
    for chunk in io.BytesIO(data):
        for line in chunk.splitlines():
            lineno += 1
            yield lineno, line


def numbered_data_lines(data: bytes) -> Iterator[tuple[int, bytes]]:
    """Lines that are neither blank nor comments (first character ``#``), with numbers."""
    for lineno, line in _physical_lines(data):
        if line.strip(b" \t") and not line.startswith(b"#"):
            yield lineno, line


def split_fields(text: str, sep: str | None) -> list[str]:
    """Fields of one line: split at runs of spaces/tabs (sep None), else as CSV with ``sep``."""
    if sep is None:
        return _FIELD_SEP.split(text.strip(" \t"))
    if len(text) > csv.field_size_limit():  # a guard for csv's users; pandas has no limit
        csv.field_size_limit(len(text))
    return next(csv.reader([text], delimiter=sep))


def choose_layout(kind: str, name: str, lineno: int, raw: bytes) -> Layout:
    """TREC layout, or the header layout described by the first data line."""
    text = raw.decode("utf-8", errors="replace")
    suffix = Path(name).suffix.lower()
    sep = {".csv": ",", ".tsv": "\t"}.get(suffix)
    if sep is None:
        sep = "," if "," in text else "\t" if "\t" in text else None
        names = {cell.strip().lower() for cell in split_fields(text, sep)}
        if names.isdisjoint(_QID_NAMES) or names.isdisjoint(_DOCNO_NAMES):
            return TREC_LAYOUTS[kind]
    header = tuple(cell.strip() for cell in split_fields(text, sep))
    positions: dict[str, int] = {}
    for field, aliases in _ALIASES[kind].items():
        found = [i for i, cell in enumerate(header) if cell.lower() in aliases]
        if len(found) > 1:
            both = functools.reduce(_and, (repr(header[i]) for i in found))
            raise TrecFormatError(
                name,
                lineno,
                _("columns {columns} both give the {field}; keep only one of them").format(
                    columns=both, field=_field_word(field)
                ),
            )
        if found:
            positions[field] = found[0]
    missing = [field for field in _REQUIRED[kind] if field not in positions]
    if missing:
        wanted = _("; ").join(
            _("the {field} ({names})").format(
                field=_field_word(f), names=", ".join(_ALIASES[kind][f])
            )
            for f in missing
        )
        if suffix:
            problem = _(
                "the header line has no column for {wanted}. Columns found: {columns}. "
                "A {suffix} {kind} file needs a header line naming its columns."
            )
        else:
            problem = _(
                "the header line has no column for {wanted}. Columns found: {columns}. "
                "A delimited {kind} file needs a header line naming its columns."
            )
        raise TrecFormatError(
            name,
            lineno,
            problem.format(
                wanted=wanted, columns=", ".join(map(repr, header)), suffix=suffix, kind=kind
            ),
        )
    return Layout(kind, sep, True, len(header), False, positions, header)


def parse_table(data: bytes, layout: Layout, *, typed: bool = True) -> pd.DataFrame:
    """Parse with the pandas C engine; columns are named after the output fields.

    ``typed=False`` reads every column as text, which succeeds when a number is bad.
    """
    names = [f"_{i}" for i in range(layout.n_fields)]
    for field, position in layout.positions.items():
        names[position] = field
    text = str if arrow_support.kernels() is None else _ARROW_TEXT
    dtypes: dict[str, str | type[object]] = dict.fromkeys(names, text)
    if typed:
        dtypes.update({f: np.float64 for f in ("score", "rel") if f in layout.positions})
        if "rank" in layout.positions:
            dtypes["rank"] = np.int64
    # quotes are read as CSV reads them in CSV/TSV files, never in TREC files
    quoting: Literal[0, 3] = csv.QUOTE_MINIMAL if layout.sep else csv.QUOTE_NONE
    with warnings.catch_warnings():
        # e.g. "invalid value encountered in cast" for a rank of 1e300: the value is checked
        # after the parse (and reported as the line's problem), the warning would add lines
        warnings.simplefilter("ignore", RuntimeWarning)
        return pd.read_csv(
            io.BytesIO(data),
            sep=layout.sep or r"\s+",
            header=0 if layout.header else None,
            names=names,
            # A TREC run may carry junk after the sixth field: usecols makes the parser ignore it.
            usecols=range(layout.n_fields) if layout.extra_fields_ok else None,
            dtype=dtypes,
            quoting=quoting,
            keep_default_na=False,
            na_filter=False,
            encoding="utf-8",
            engine="c",
        )


def pair_codes(qid: pd.Series, docno: pd.Series) -> tuple[np.ndarray, bool]:
    """One int64 per row, equal for equal (qid, docno) pairs; and whether all docnos differ."""
    docno_codes, docnos = pd.factorize(docno)
    pairs = pd.factorize(qid)[0].astype(np.int64) * len(docnos) + docno_codes
    return pairs, len(docnos) == len(docno)


def repeat_key(frame: pd.DataFrame, layout: Layout) -> pd.Series:
    """What, with the query id, a line may not repeat: the document id, or in a diversity
    qrels the (subtopic, document id) pair as one text (the subtopic's length first, so that
    no two pairs give the same text)."""
    if layout.kind != "diversity":
        return frame["docno"]
    subtopic = frame["subtopic"].astype("str")
    return subtopic.str.len().astype("str") + ":" + subtopic + frame["docno"].astype("str")


def line_key(fields: list[str], layout: Layout) -> tuple[str, ...]:
    """A line's (qid, docno), or (qid, subtopic, docno) in a diversity qrels."""
    names = ("qid", "subtopic", "docno") if layout.kind == "diversity" else ("qid", "docno")
    return tuple(fields[layout.positions[n]] for n in names)


def line_problem(fields: list[str], layout: Layout) -> str | None:
    """What is wrong with one line's fields, apart from repeating an earlier line's pair."""
    return _field_count_problem(len(fields), layout) or _value_problem(fields, layout)


def _field_count_problem(count: int, layout: Layout) -> str | None:
    if not layout.header:
        if count == layout.n_fields or (layout.extra_fields_ok and count > layout.n_fields):
            return None
        if layout.extra_fields_ok:
            problem = ngettext(
                "found {count} column, but a TREC {kind} line needs at least {n}: {syntax} "
                "(separated by spaces or tabs; fields after the sixth are ignored)",
                "found {count} columns, but a TREC {kind} line needs at least {n}: {syntax} "
                "(separated by spaces or tabs; fields after the sixth are ignored)",
                count,
            )
        else:
            problem = ngettext(
                "found {count} column, but a TREC {kind} line needs exactly {n}: {syntax} "
                "(separated by spaces or tabs)",
                "found {count} columns, but a TREC {kind} line needs exactly {n}: {syntax} "
                "(separated by spaces or tabs)",
                count,
            )
        return problem.format(
            count=count, kind=layout.kind, n=layout.n_fields, syntax=_TREC_SYNTAX[layout.kind]
        )
    if count > layout.n_fields:
        return _("found {count} fields, but the header line names {n} columns").format(
            count=count, n=layout.n_fields
        )
    missing = [f for f, p in layout.positions.items() if p >= count]
    if missing:
        column = layout.header_names[layout.positions[missing[0]]]
        problem = ngettext(
            "found {count} field, so the column {column} has no value",
            "found {count} fields, so the column {column} has no value",
            count,
        )
        return problem.format(count=count, column=repr(column))
    return None


def _value_problem(fields: list[str], layout: Layout) -> str | None:
    for field in TEXT_FIELDS:
        if field in layout.positions and not fields[layout.positions[field]]:
            return _("the {field} is empty").format(field=_field_word(field))
    for field in ("rank", "score", "rel"):
        if field not in layout.positions:
            continue
        text = fields[layout.positions[field]]
        words = _field_word(field)
        if not text:
            return _("the {field} is empty").format(field=words)
        if _NON_FINITE.fullmatch(text) or (NUMBER.fullmatch(text) and not np.isfinite(float(text))):
            return _("the {field} {value} is not a finite number").format(
                field=words, value=_shown(text)
            )
        if not NUMBER.fullmatch(text):
            return _("the {field} {value} is not a number").format(field=words, value=_shown(text))
        if field == "rank" and not (float(text).is_integer() and abs(float(text)) <= _INT64_MAX):
            return _(
                "the rank {value} is not a whole number (is the rank column swapped with the "
                "score?)"
            ).format(value=_shown(text))
    return None


def _field_word(field: str) -> str:
    """A field's name in words, in the current language."""
    return _(_FIELD_WORDS[field])


def _and(first: str, second: str) -> str:
    """'first and second', in the current language."""
    return _("{first} and {second}").format(first=first, second=second)


def _shown(text: str) -> str:
    """A value quoted for a message, cut short when it is long (a 10 MB document id)."""
    if len(text) <= _SHOWN_CHARS:
        return repr(text)
    return _("{value}... ({n} characters)").format(value=repr(text[:_SHOWN_CHARS]), n=len(text))


def duplicate_message(kind: str, key: tuple[str, ...], first: int, again: int) -> str:
    qid, docno = _shown(key[0]), _shown(key[-1])
    if kind == "diversity":
        return _(
            "document {docno} is judged twice for query {qid} and subtopic {subtopic} "
            "(lines {first} and {again}); keep one judgment per document, subtopic and query"
        ).format(docno=docno, qid=qid, subtopic=_shown(key[1]), first=first, again=again)
    if kind == "run":
        return _(
            "document {docno} appears twice for query {qid} (lines {first} and {again}); "
            "a run may rank each document only once per query"
        ).format(docno=docno, qid=qid, first=first, again=again)
    return _(
        "document {docno} is judged twice for query {qid} (lines {first} and {again}); "
        "keep one judgment per document and query (or, if the second column names subtopics, "
        "read the file as a diversity qrels)"
    ).format(docno=docno, qid=qid, first=first, again=again)
