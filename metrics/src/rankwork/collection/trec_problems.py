"""The slow path of `rankwork.collection.trec`: a file failed a check, and its first bad line is
looked for and named (`raise_first_problem`): the first lines by a Python scan (`scan`), the rest
by vectorised checks that flag rows, after which only the first flagged line is examined.
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass
from typing import NoReturn

import numpy as np
import pandas as pd

from rankwork.collection.trec_format import (
    TEXT_FIELDS,
    Layout,
    TrecFormatError,
    duplicate_message,
    line_key,
    line_problem,
    numbered_data_lines,
    pair_codes,
    parse_table,
    repeat_key,
    split_fields,
)
from rankwork.language import _

__all__ = [
    "raise_first_problem",
    "scan",
]

_NON_BLANK = re.compile(rb"[^ \t\r\n]")
# Lines past the first _QUICK_SCAN_LINES are searched for errors with vectorised checks.
_QUICK_SCAN_LINES = 50_000
_CONTENT_BYTE = np.ones(256, dtype=bool)  # False for the bytes of a blank line
_CONTENT_BYTE[[ord(" "), ord("\t"), ord("\r"), ord("\n")]] = False


def raise_first_problem(
    data: bytes, parse_data: bytes, layout: Layout, name: str, frame: pd.DataFrame | None
) -> NoReturn:
    """Raise :class:`TrecFormatError` for the first bad line of ``data``.

    The first lines are scanned in Python (an early mistake is reported at once).  Past them,
    whitespace-separated files are searched with vectorised checks on the parsed table (parsed
    again with every column as text when a value could not be parsed; up to the first line
    that is not UTF-8, if any): only the first flagged row is looked at in Python, and its line
    number is found with numpy.  CSV/TSV files, files with lone-CR line ends, and files the
    parser cannot split into rows (a qrels line with too many fields) are scanned line by line
    to the end.
    """
    scan(data, layout, name, max_lines=_QUICK_SCAN_LINES)
    if layout.sep is None and re.search(rb"\r(?!\n)", data) is None:
        not_utf8 = _first_non_utf8_line(parse_data, name)
        if not_utf8 is not None:  # search the lines before it, else report it
            parse_data = parse_data[: not_utf8.start]
        try:
            table = frame if frame is not None else parse_table(parse_data, layout, typed=False)
        except (ValueError, OverflowError):  # also: no data lines before the non-UTF-8 one
            table = None
        if table is not None and not isinstance(table.index, pd.RangeIndex):
            table = None  # some line had more fields than names: not split into rows
        if table is not None:
            _raise_at_first_flagged_row(data, table, layout, name)
        if not_utf8 is not None and (table is not None or not_utf8.first_data_line):
            raise not_utf8.error
    scan(data, layout, name)
    raise TrecFormatError(
        name, None, _("the file could not be read, but no single line could be blamed")
    )


def _raise_at_first_flagged_row(
    data: bytes, table: pd.DataFrame, layout: Layout, name: str
) -> None:
    """Raise for the first row of ``table`` that a vectorised check flags; return if none."""
    flagged = np.zeros(len(table), dtype=bool)
    for field in TEXT_FIELDS:
        if field in layout.positions:
            flagged |= (table[field] == "").to_numpy(dtype=bool)
    for field in ("rank", "score", "rel"):
        if field in layout.positions:
            numbers = pd.to_numeric(table[field], errors="coerce").to_numpy(
                dtype=np.float64, na_value=np.nan
            )
            ok = np.isfinite(numbers)
            if field == "rank":
                ok &= numbers == np.round(numbers)
            flagged |= ~ok
    pairs, _codes = pair_codes(table["qid"], repeat_key(table, layout))
    duplicate = pd.Series(pairs).duplicated().to_numpy()
    candidates = flagged | duplicate
    if not candidates.any():
        return
    row = int(np.argmax(candidates))
    first_row = row
    if duplicate[row]:
        first_row = int(np.argmax(pairs == pairs[row]))
    header = int(layout.header)
    lines = _find_data_lines(data, [row + header, first_row + header])
    lineno, raw = lines[row + header]
    fields = split_fields(_decode(raw, lineno, name), layout.sep)
    problem = line_problem(fields, layout)
    if problem is not None:
        raise TrecFormatError(name, lineno, problem)
    if duplicate[row]:
        key = line_key(fields, layout)
        first = lines[first_row + header][0]
        raise TrecFormatError(
            name, lineno, duplicate_message(layout.kind, key, first, lineno), repeat=True
        )


@dataclass(frozen=True)
class _NotUtf8:
    start: int  # byte offset where the line starts
    first_data_line: bool  # no data line comes before it
    error: TrecFormatError


def _first_non_utf8_line(data: bytes, name: str) -> _NotUtf8 | None:
    """The first line of ``data`` (LF line ends) that is not UTF-8, if any.

    ``data`` has its comment lines emptied, so the line is a data line.
    """
    try:
        data.decode("utf-8")
    except UnicodeDecodeError as exc:
        start = data.rfind(b"\n", 0, exc.start) + 1
        lineno = data.count(b"\n", 0, start) + 1
        problem = _not_utf8(data[exc.start], exc.start - start + 1)
        first = _NON_BLANK.search(data, 0, start) is None
        return _NotUtf8(start, first, TrecFormatError(name, lineno, problem))
    return None


def _find_data_lines(data: bytes, indexes: list[int]) -> dict[int, tuple[int, bytes]]:
    """For each 0-based index among the data lines: its 1-based line number and its bytes.

    Vectorised with numpy (line starts, then whether each line has a byte other than space,
    tab, CR or LF and does not start with '#'), except in files whose lines end with a lone
    CR, which are counted in Python.
    """
    if re.search(rb"\r(?!\n)", data) is not None:
        wanted = set(indexes)
        return {i: line for i, line in enumerate(numbered_data_lines(data)) if i in wanted}
    raw = np.frombuffer(data, dtype=np.uint8)
    starts = np.flatnonzero(raw == ord("\n")) + 1
    starts = np.concatenate(([0], starts[starts < raw.size]))
    has_content = np.logical_or.reduceat(_CONTENT_BYTE[raw], starts)
    data_lines = np.flatnonzero(has_content & (raw[starts] != ord("#")))
    found = {}
    for i in indexes:
        line = int(data_lines[i])
        end = int(starts[line + 1]) if line + 1 < starts.size else raw.size
        found[i] = (line + 1, data[int(starts[line]) : end].rstrip(b"\r\n"))
    return found


def _decode(raw: bytes, lineno: int, name: str) -> str:
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise TrecFormatError(name, lineno, _not_utf8(raw[exc.start], exc.start + 1)) from None


def _not_utf8(byte: int, column: int) -> str:
    return _("the line is not UTF-8 text (byte {byte:#04x} at column {column})").format(
        byte=byte, column=column
    )


def scan(data: bytes, layout: Layout, name: str, max_lines: int | None = None) -> None:
    """Check ``data`` line by line and raise :class:`TrecFormatError` for the first bad line.

    Returns normally if no line is found to be bad (among the first ``max_lines`` data lines,
    when given).
    """
    seen: dict[tuple[str, ...], int] = {}
    lines = itertools.islice(numbered_data_lines(data), max_lines)
    if layout.header:
        next(lines, None)
    for lineno, raw in lines:
        fields = split_fields(_decode(raw, lineno, name), layout.sep)
        problem = line_problem(fields, layout)
        if problem is not None:
            raise TrecFormatError(name, lineno, problem)
        key = line_key(fields, layout)
        if key in seen:
            raise TrecFormatError(
                name, lineno, duplicate_message(layout.kind, key, seen[key], lineno), repeat=True
            )
        seen[key] = lineno
