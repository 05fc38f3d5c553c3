"""Qrels and runs in every form `rankwork.evaluate` takes, as the DataFrames batch evaluation
reads (`rankwork.collection.batch`): qrels with columns ``qid``, ``docno`` (str), ``rel``
(float64), and ``subtopic`` for a diversity qrels; runs with ``qid``, ``docno`` (str) and
``score`` (float64), plus ``rank`` and ``tag`` when read from a file.

The forms, for qrels (grades) and runs (scores) alike:

- a path (``str`` or ``os.PathLike``) of a TREC file or a CSV/TSV file with a header line,
  read by `rankwork.collection.trec` (its docstring gives the formats and their errors), plain
  or gzip-compressed: gzip is recognised by its first two bytes (1f 8b), whatever the file's
  name, and decompressed here before the reader sees the bytes;
- a path ending in ``.parquet``, read by ``pandas.read_parquet`` (which needs pyarrow:
  ``pip install rankwork[arrow]``) and then taken as a DataFrame;
- a dict ``{query id: {document id: grade}}`` for qrels, ``{query id: {document id: score}}``
  for runs (pytrec_eval's form);
- a pandas DataFrame with the columns of ir_measures (``query_id``, ``doc_id``, and
  ``relevance`` for qrels, ``score`` for runs), of ranx (``q_id``, ``doc_id``, ``score`` for
  both: ranx's ``Qrels.from_df`` reads a qrels' grades from ``score`` too) or of
  `rankwork.collection.trec`'s readers (``qid``, ``docno``, ``rel`` / ``score``). When a
  DataFrame has more than one of a field's names, the first in that order is read. A qrels
  DataFrame with a ``subtopic`` column is a diversity qrels.

Query and document ids become text, alike for qrels and runs: text stays as it is; an integer
becomes its decimal text (``1`` and ``numpy.int64(1)``: ``"1"``); so does a float that is a
whole number below 2**53 in size (``1.0``: ``"1"``, as a column of integer ids that pandas
turned into floats, because of a missing value or a merge, held them); any other value
becomes ``str(x)`` (``1.5``: ``"1.5"``). A file's ids are its text (``1.0`` stays ``"1.0"``).

Every grade and score must be a finite number: an ``int`` or ``float`` (numpy's too), or text
that the TREC reader reads as a number (digits with an optional sign, decimal point and
exponent: ``"2"``, ``"-1"``, ``"0.5"``, ``"1e3"``, with spaces or tabs around it ignored as
in a CSV file; not ``"0x1"``, ``"1_000"`` or ``"two"``), as a grade in a TREC file is text
that is a number. A boolean is not a grade or a score and
is refused. No document may appear twice for a query (except once per subtopic in a
diversity qrels). Bad input raises :class:`InputError`
(a ValueError) naming the input and where the problem is (the DataFrame's row, by index label,
or the dict's query and document), or, for a file, `rankwork.collection.trec.TrecFormatError`
naming the file and line (the file's name and the system's reason when it cannot be opened).
"""

from __future__ import annotations

import decimal
import errno
import gzip
import numbers
import os
import zlib
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any, NoReturn, TypeAlias

import numpy as np
import pandas as pd

from rankwork.collection import trec, trec_format
from rankwork.language import _

__all__ = ["COLUMNS", "InputError", "Source", "check_queries_meet", "read_qrels", "read_run"]

# What a caller may pass as qrels or as a run (ids of any type: they become text).
Source: TypeAlias = str | os.PathLike[str] | Mapping[Any, Mapping[Any, float]] | pd.DataFrame

# kind -> the DataFrame column sets read (query id, document id, grade or score), the first
# one a DataFrame has all of: ir_measures', ranx's (its Qrels.from_df reads a qrels' grades
# from `score` too), then rankwork.collection.trec's.
COLUMNS: dict[str, tuple[tuple[str, str, str], ...]] = {
    "qrels": (("query_id", "doc_id", "relevance"), ("q_id", "doc_id", "score"),
              ("qid", "docno", "rel")),
    "run": (("query_id", "doc_id", "score"), ("q_id", "doc_id", "score"),
            ("qid", "docno", "score")),
}  # fmt: skip
SUBTOPIC = "subtopic"
GZIP_MAGIC = b"\x1f\x8b"
# floats hold every whole number below this exactly: such a float id is that integer's text
EXACT_INTEGERS = 2.0**53
SHOWN_IDS = 3  # ids of each side shown when no query of the run is in the qrels


class InputError(ValueError):
    """Qrels or a run given to `rankwork.evaluate` that cannot be used: the message names the
    input (the DataFrame, the dict, the file) and where the problem is.

    A ValueError, so ``except ValueError`` catches it too. (A file whose lines cannot be read
    raises `rankwork.TrecFormatError` instead, naming the line.)

    Examples
    --------
    >>> import rankwork
    >>> qrels = {"q1": {"d1": "high"}}  # a grade must be a number
    >>> rankwork.evaluate(qrels, {"q1": {"d1": 0.5}}, "P@1")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    rankwork.collection.inputs.InputError: The qrels dict, query 'q1', document 'd1': ...
    >>> try:
    ...     rankwork.evaluate(qrels, {"q1": {"d1": 0.5}}, "P@1")
    ... except ValueError as error:
    ...     print(type(error).__name__)
    InputError
    """


def read_qrels(source: Source, *, subtopics: bool = False) -> pd.DataFrame:
    """The qrels as a DataFrame ``qid``, ``docno``, ``rel`` (and ``subtopic``).

    ``subtopics``: read a file as a diversity qrels (``topic subtopic docno judgment``), as
    the command line does when a diversity measure is asked for; a DataFrame is one when it
    has a ``subtopic`` column. Raises InputError or TrecFormatError (module docstring)."""
    return _read(source, "qrels", subtopics)


def read_run(source: Source) -> pd.DataFrame:
    """The run as a DataFrame ``qid``, ``docno``, ``score`` (files: also ``rank``, ``tag``).
    Raises InputError or TrecFormatError (module docstring)."""
    return _read(source, "run", False)


def _read(source: Source, kind: str, subtopics: bool) -> pd.DataFrame:
    if isinstance(source, pd.DataFrame):
        return _from_frame(source, kind, _("The {kind} DataFrame").format(kind=kind))
    if isinstance(source, Mapping):
        return _from_dict(source, kind)
    if isinstance(source, (str, os.PathLike)):
        return _from_path(Path(source), kind, subtopics)
    raise InputError(
        _(
            "The {kind} must be a path (a TREC, CSV/TSV or parquet file, plain or gzip), a dict "
            "{{query id: {{document id: value}}}} or a pandas DataFrame; got {type}."
        ).format(kind=kind, type=type(source).__name__)
    )


# ------------------------------------------------------------------------------------ files


def _from_path(path: Path, kind: str, subtopics: bool) -> pd.DataFrame:
    name = os.fspath(path)
    if not path.exists():  # said alike for every reader (pyarrow's message is the path alone)
        raise trec.TrecFormatError(name, None, os.strerror(errno.ENOENT))
    try:
        if path.suffix.lower() == ".parquet":
            return _from_frame(_read_parquet(path), kind, name)
        data = _gunzipped(path)
        if kind == "run":
            return trec.read_run(path if data is None else data, name=name)
        return trec.read_qrels(path if data is None else data, name=name, subtopics=subtopics)
    except (OSError, EOFError, zlib.error) as error:  # a directory, a damaged gzip stream...
        reason = getattr(error, "strerror", None) or str(error)
        raise trec.TrecFormatError(name, None, reason) from None


def _gunzipped(path: Path) -> bytes | None:
    """The decompressed bytes of a gzip file, else None (the reader reads the path itself). A
    pipe is left to the reader: its first bytes, once read here, could not be read again."""
    if not path.is_file():
        return None
    with open(path, "rb") as f:
        if f.read(len(GZIP_MAGIC)) != GZIP_MAGIC:
            return None
    with gzip.open(path, "rb") as f:
        return f.read()


def _read_parquet(path: Path) -> pd.DataFrame:
    try:
        return pd.read_parquet(path)
    except ValueError as error:  # not a parquet file (pyarrow's ArrowInvalid is a ValueError)
        raise trec.TrecFormatError(os.fspath(path), None, str(error)) from None
    except ImportError as error:  # pandas found no parquet engine
        raise InputError(
            _(
                "{file}: reading a parquet file needs pyarrow; install it with "
                "pip install rankwork[arrow] ({error})."
            ).format(file=os.fspath(path), error=error)
        ) from None


# ------------------------------------------------------------------------- dicts and frames


def _from_dict(source: Mapping[object, object], kind: str) -> pd.DataFrame:
    """pytrec_eval's {qid: {docno: value}}, as rows in the dict's order."""
    name = _("The {kind} dict").format(kind=kind)
    qids: list[object] = []
    docnos: list[object] = []
    values: list[object] = []
    for qid, docs in source.items():
        if not isinstance(docs, Mapping):
            raise InputError(
                _(
                    "{source}: query {qid!r} maps to a {type}, not to a dict "
                    "{{document id: value}}."
                ).format(source=name, qid=qid, type=type(docs).__name__)
            )
        qids += [qid] * len(docs)
        docnos += docs.keys()
        values += docs.values()
    field = _value_field(kind)
    frame = pd.DataFrame({"qid": qids, "docno": docnos, field: values}, dtype=object)

    def where(row: int) -> str:
        qid, docno = frame["qid"].iat[row], frame["docno"].iat[row]
        return _("query {qid!r}, document {docno!r}").format(qid=qid, docno=docno)

    return _checked(frame, kind, name, where)


def _from_frame(frame: pd.DataFrame, kind: str, name: str) -> pd.DataFrame:
    """A DataFrame with one of the column sets of COLUMNS (and a subtopic column for a
    diversity qrels), renamed and typed as the batch code reads it."""
    found = next((s for s in COLUMNS[kind] if all(c in frame.columns for c in s)), None)
    if found is None:
        needed = ", ".join("(" + ", ".join(names) + ")" for names in COLUMNS[kind])
        has = ", ".join(repr(str(column)) for column in frame.columns) or "-"
        raise InputError(
            _("{source} has the columns {has}; it needs one of the column sets {needed}.").format(
                source=name, has=has, needed=needed
            )
        )
    qid, docno, value = found
    for label in (*found, SUBTOPIC):
        if int((frame.columns == label).sum()) > 1:
            raise InputError(
                _("{source} has more than one column named {column!r}; keep one.").format(
                    source=name, column=label
                )
            )

    def column(label: str) -> pd.Series:  # positions 0, 1, ...; Arrow strings stay Arrow's
        return frame[label].reset_index(drop=True)

    out = pd.DataFrame({"qid": column(qid), "docno": column(docno),
                        _value_field(kind): column(value)})  # fmt: skip
    if kind == "qrels" and SUBTOPIC in frame.columns:
        out[SUBTOPIC] = column(SUBTOPIC)
    labels = frame.index

    def where(row: int) -> str:
        return _("row {label!r}").format(label=_python(labels, row))

    return _checked(out, kind, name, where)


def _ids(values: pd.Series) -> pd.Series:
    """Ids as text, as the module docstring says (1, 1.0 and "1" are all "1")."""
    if isinstance(values.dtype, pd.StringDtype):
        return values
    found = pd.api.types.infer_dtype(values, skipna=False)
    if found == "string":
        return values
    if found == "integer":
        return values.astype(str)
    if found not in ("floating", "mixed-integer-float"):  # e.g. booleans, which equal 0 and 1
        return values.astype(object).map(_id)
    # each distinct number once (1 and 1.0 are one); a missing id keeps its own code (the
    # caller refuses it before, but -1 would index the last id)
    codes, unique = pd.factorize(values, use_na_sentinel=False)
    text = np.array([_id(value) for value in unique], dtype=object)
    return pd.Series(text[codes], index=values.index, dtype=object)


def _id(value: object) -> str:
    """One id as text: a whole float below 2**53 in size as its integer's text."""
    if isinstance(value, (float, np.floating)) and value.is_integer():
        if abs(float(value)) < EXACT_INTEGERS:
            return str(int(value))
    return str(value)


def _number(value: object) -> float:
    """A grade or score as a float: NaN when it is not a number the module docstring accepts
    (text as the TREC reader reads it; no boolean)."""
    if isinstance(value, (bool, np.bool_)):
        return np.nan
    if isinstance(value, str):
        text = value.strip(" \t")  # as the CSV reader: "q,d, 2" has the grade 2
        return float(text) if trec_format.NUMBER.fullmatch(text) else np.nan
    if isinstance(value, (numbers.Real, decimal.Decimal)):  # int, float, numpy's, Fraction
        try:
            return float(value)
        except OverflowError:  # an int beyond float64: not a finite number
            return np.inf
    return np.nan


def _numbers(raw: pd.Series) -> tuple[np.ndarray, np.ndarray]:
    """The grades or scores as float64 (NaN where not a number) and where they are
    booleans."""
    if raw.dtype.kind == "b":
        return np.full(len(raw), np.nan), np.ones(len(raw), dtype=bool)
    if raw.dtype.kind in "iuf":
        return raw.to_numpy(dtype=float, na_value=np.nan), np.zeros(len(raw), dtype=bool)
    if pd.api.types.infer_dtype(raw, skipna=False) in (
        "floating",
        "integer",
        "mixed-integer-float",
    ):
        try:  # the usual dict of Python numbers, at numpy's speed
            return raw.to_numpy(dtype=float), np.zeros(len(raw), dtype=bool)
        except OverflowError:  # an int beyond float64: found below
            pass
    items = raw.astype(object).tolist()
    booleans = np.fromiter((isinstance(v, (bool, np.bool_)) for v in items), bool, len(items))
    numbers = np.fromiter((_number(v) for v in items), float, len(items))
    return numbers, booleans


def _python(values: pd.Index | pd.Series, row: int) -> object:
    """The value at a position as a Python object, shown as the user wrote it (1, not
    np.int64(1))."""
    return values[row : row + 1].tolist()[0]


def _value_field(kind: str) -> str:
    return "rel" if kind == "qrels" else "score"


def _checked(
    frame: pd.DataFrame, kind: str, name: str, where: Callable[[int], str]
) -> pd.DataFrame:
    """The frame with its ids as text and its grades or scores as float64, once no id is
    missing, every value is a finite number and no document appears twice for a query."""
    for column, word in (("qid", _("query id")), ("docno", _("document id"))):
        missing = frame[column].isna().to_numpy()
        if missing.any():
            raise InputError(
                _("{source}, {where}: the {field} is missing.").format(
                    source=name, where=where(int(np.flatnonzero(missing)[0])), field=word
                )
            )
    for column in ("qid", "docno", SUBTOPIC):
        if column in frame.columns:
            frame[column] = _ids(frame[column])
    field = _value_field(kind)
    raw = frame[field]
    values, booleans = _numbers(raw)
    bad = ~np.isfinite(values)
    if bad.any():
        row = int(np.flatnonzero(bad)[0])
        word = _("relevance grade") if kind == "qrels" else _("score")
        problem = (
            _("{source}, {where}: the {field} {value!r} is a boolean, not a number.")
            if booleans[row]
            else _("{source}, {where}: the {field} {value!r} is not a finite number.")
        )
        raise InputError(
            problem.format(source=name, where=where(row), field=word, value=_python(raw, row))
        )
    frame[field] = values
    # a diversity qrels has one line per subtopic: batch.prepare checks its repeats
    if SUBTOPIC not in frame.columns and trec.has_duplicate_pair(frame["qid"], frame["docno"]):
        _raise_repeat(frame, name, where)
    return frame


def _raise_repeat(frame: pd.DataFrame, name: str, where: Callable[[int], str]) -> NoReturn:
    """The error naming the first document given twice for a query, with both places."""
    key = ["qid", "docno"]
    again = int(np.flatnonzero(frame.duplicated(key).to_numpy())[0])
    first = int(np.flatnonzero((frame[key] == frame[key].iloc[again]).all(axis=1).to_numpy())[0])
    raise InputError(
        _(
            "{source}: document {docno!r} appears twice for query {qid!r} ({first}; "
            "{again}); keep one line per query and document."
        ).format(
            source=name,
            docno=frame["docno"].iat[first],
            qid=frame["qid"].iat[first],
            first=where(first),
            again=where(again),
        )
    )


def check_queries_meet(qrels: pd.DataFrame, run: pd.DataFrame) -> None:
    """Raise InputError when the qrels and the run (as read here, ids as text) both have
    queries and no query of the run is in the qrels: every query would score 0, and a
    mismatch of ids (``"q1"`` and ``"1"``, ``"1.0"`` in a file and ``1`` in a dict) would look
    like a system that found nothing. The message shows a few ids of each side."""
    qrels_ids = qrels["qid"].drop_duplicates().tolist()
    run_ids = run["qid"].drop_duplicates().tolist()
    if len(qrels_ids) and len(run_ids) and not run["qid"].isin(qrels_ids).any():
        raise InputError(
            _(
                "No query of the run is in the qrels (the qrels' query ids: {qrels}; the "
                "run's: {run}). Ids are compared as text: check that both write them alike."
            ).format(qrels=_some(qrels_ids), run=_some(run_ids))
        )


def _some(ids: Sequence[object]) -> str:
    """The first few ids, quoted, and "..." when there are more."""
    shown = ", ".join(repr(str(qid)) for qid in ids[:SHOWN_IDS])
    return shown + (", ..." if len(ids) > SHOWN_IDS else "")
