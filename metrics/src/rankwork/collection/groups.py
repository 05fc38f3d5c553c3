"""Queries in groups (e.g. navigational / informational, short / long): read a qid -> group
file and average every measure within each group.

    groups = read_groups("groups.csv")                  # {"301": "navigational", ...}
    table, ungrouped = per_group_means({"bm25": result.per_query}, groups)

A groups file has one query per line: a query id and its group, separated by a comma, a tab
or spaces. A first line naming the columns (e.g. ``qid,group``) is a header: the query column
is any of qid, query_id, query, topic, topic_id; the group column is group, category, type or
label, else the second column; every line then has the header's number of fields (without a
header, exactly two). Blank lines and lines starting with ``#`` are skipped. A
problem raises `rankwork.collection.trec.TrecFormatError` naming the file, the line and the problem.
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from pathlib import Path
from typing import IO

import pandas as pd

from rankwork.collection.trec import TrecFormatError
from rankwork.language import _
from rankwork.stats.stats import per_group

QUERY_COLUMNS = ("qid", "query_id", "query", "topic", "topic_id")
GROUP_COLUMNS = ("group", "category", "type", "label")
NO_GROUP = "(no group)"


def read_groups(
    source: str | os.PathLike | bytes | IO[bytes], *, name: str | None = None
) -> dict[str, str]:
    """qid -> group, in file order. `source` is a path, the file's bytes, or a binary file-like
    object (its `name` is used in messages unless `name` is given)."""
    if isinstance(source, (bytes, bytearray)):
        data = bytes(source)
    elif hasattr(source, "read"):
        data = source.read()
        name = name or getattr(source, "name", None)
    else:
        data = Path(source).read_bytes()
        name = name or str(source)
    name = name or "groups file"
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        line = data[: error.start].count(b"\n") + 1
        raise TrecFormatError(name, line, _("the line is not UTF-8 text")) from None
    lines = [
        (number, line.strip())
        for number, line in enumerate(text.splitlines(), 1)
        if line.strip() and not line.lstrip().startswith("#")
    ]
    if not lines:
        raise TrecFormatError(name, None, _("the file has no data lines"))
    split = _splitter(lines[0][1])
    query_at, group_at, width = 0, 1, 2
    header = [field.lower() for field in split(lines[0][1])]
    if header[0] in QUERY_COLUMNS or any(field in GROUP_COLUMNS for field in header):
        query_at, group_at = _header_columns(header, name, lines[0][0])
        lines, width = lines[1:], len(header)
    groups: dict[str, str] = {}
    first_line: dict[str, int] = {}
    for number, line in lines:
        fields = split(line)
        if len(fields) != width:
            raise TrecFormatError(name, number, _field_count_problem(width, len(fields)))
        qid, group = fields[query_at], fields[group_at]
        if not qid or not group:
            raise TrecFormatError(name, number, _("the query id or the group is empty"))
        if qid in groups and groups[qid] != group:
            raise TrecFormatError(
                name,
                number,
                _("query {qid} is put in group {group} here but in {other} on line {line}").format(
                    qid=qid, group=repr(group), other=repr(groups[qid]), line=first_line[qid]
                ),
            )
        groups.setdefault(qid, group)
        first_line.setdefault(qid, number)
    if not groups:
        raise TrecFormatError(name, None, _("the file has a header line but no data lines"))
    return groups


def per_group_means(
    per_query: Mapping[str, pd.DataFrame],
    groups: Mapping[str, str],
    *,
    confidence: float = 0.95,
    resamples: int = 10_000,
    seed: int = 0,
) -> tuple[pd.DataFrame, list[str]]:
    """Every run's every measure within each group (`rankwork.stats.stats.per_group`: mean and
    bootstrap interval, NaN for a group of one query).

    `per_query` maps a run's name to its per-query table (`BatchResult.per_query`). Queries
    the mapping does not name are put in the group '(no group)' and listed. Returns a long
    table (run, measure, group, n, mean, low, high) and the ungrouped query ids."""
    rows, ungrouped = [], set()
    for run, table in per_query.items():
        labels = {qid: groups.get(str(qid), NO_GROUP) for qid in table.index}
        ungrouped |= {str(q) for q, g in labels.items() if g == NO_GROUP}
        for measure in table.columns:
            frame = per_group(
                table[measure], labels, confidence=confidence, resamples=resamples, seed=seed
            )
            frame.insert(0, "measure", measure)
            frame.insert(0, "run", run)
            rows.append(frame)
    return pd.concat(rows, ignore_index=True), sorted(ungrouped)


def _field_count_problem(width: int, found: int) -> str:
    """A line with `found` fields where `width` are expected, in words."""
    if width > 2 and found >= 4:
        problem = _(
            "expected {width} fields (the header), found {found} (is this a run or a qrels file?)"
        )
    elif width > 2:
        problem = _("expected {width} fields (the header), found {found}")
    elif found >= 4:
        problem = _(
            "expected {width} fields (a query id and a group), found {found} (is this a run or "
            "a qrels file?)"
        )
    else:
        problem = _("expected {width} fields (a query id and a group), found {found}")
    return problem.format(width=width, found=found)


def _splitter(line: str):
    if "," in line:
        return lambda text: [field.strip() for field in text.split(",")]
    if "\t" in line:
        return lambda text: [field.strip() for field in text.split("\t")]
    return lambda text: re.split(r"\s+", text.strip())


def _header_columns(header: list[str], name: str, line: int) -> tuple[int, int]:
    query = next((i for i, field in enumerate(header) if field in QUERY_COLUMNS), None)
    if query is None:
        raise TrecFormatError(
            name,
            line,
            _("the header names no query column; use one of {columns}").format(
                columns=", ".join(QUERY_COLUMNS)
            ),
        )
    group = next((i for i, field in enumerate(header) if field in GROUP_COLUMNS), None)
    if group is None:
        group = 1 if query == 0 else 0
    if group >= len(header):
        raise TrecFormatError(name, line, _("the header names a query column but no group column"))
    return query, group
