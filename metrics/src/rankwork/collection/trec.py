"""Read and write TREC qrels and runs (and CSV/TSV files with named columns).

Formats
-------
TREC qrels, one judgment per line::

    qid iter docno rel            e.g.  301 0 FBIS3-10082 1

exactly four fields; ``iter`` is ignored (trec_eval ignores it too).  ``rel`` is a number:
grades may be negative (trec_eval reads a negative grade as "in the pool but unjudged") and
need not be whole numbers (trec_eval truncates them; we keep them as read).

TREC run, one retrieved document per line::

    qid Q0 docno rank score tag   e.g.  301 Q0 FBIS3-10082 1 12.75 bm25

at least six fields; fields after the sixth are ignored, as trec_eval ignores them.  The
second field (``Q0``) is ignored.  ``rank`` must be a whole number; it is kept but the
evaluation orders documents by ``score`` (ties by docno, descending, as trec_eval does), never
by ``rank``.  ``score`` must be a finite number.

In both formats fields are separated by any run of spaces or tabs; lines end at LF, CR LF or
a lone CR; blank lines (empty, or only spaces and tabs) are skipped; a line whose *first
character* is ``#`` is a comment.  A ``#`` anywhere else is data, so a
docno such as ``CR#93E-1860`` or ``msmarco_v2.1_doc_00_880019750#4_1633802806`` is read whole.

Plain text only: a compressed file (gzip, bzip2, xz, zstd, lz4 or zip, recognised by its first
bytes whatever its name) is refused with one message saying to decompress it (the command line
also reads a pipe such as ``<(zcat run.gz)``).  A device (``/dev/zero``) is refused; a pipe is
read whole, up to 4 GiB.

CSV / TSV with a header line
----------------------------
A file whose name ends in ``.csv`` (comma) or ``.tsv`` (tab), or whose first data line names
the query and document columns (then the delimiter is a comma if that line has one, else a
tab if it has one, else whitespace), is read by column name.  Names are matched ignoring case
and surrounding spaces; other columns are ignored.  Accepted names:

========  =========================================  ==============================
field     accepted column names                      required
========  =========================================  ==============================
qid       ``qid``, ``query_id``, ``topic``,          qrels and runs
          ``topic_id``
docno     ``docno``, ``doc_id``, ``docid``           qrels and runs
rel       ``rel``, ``relevance``, ``grade``,         qrels
          ``label``
score     ``score``                                  runs
rank      ``rank``                                   runs, optional: when absent it is
                                                     1, 2, ... in trec_eval order (score
                                                     descending, ties by docno descending)
tag       ``tag``, ``run_tag``                       runs, optional: when absent ``"run"``
========  =========================================  ==============================

Diversity qrels
---------------
ndeval's format (TREC Web track 2009-2012) judges each document per subtopic (intent)::

    topic subtopic docno judgment   e.g.  1 2 clueweb09-en0003-55-31884 1

the same four fields as a TREC qrels, whose second field is then the subtopic instead of an
ignored iteration.  The rule that tells them apart (:func:`is_diversity`): **a qrels is a
diversity qrels when its second column takes more than one value within some query**; an
ordinary qrels' iteration column is constant ("0" almost always).  A diversity qrels may judge
one document on several lines (one per subtopic); only a repeated (topic, subtopic, docno) is
an error.  The rule is applied when the caller asks for it (``read_qrels(...,
subtopics=None)``: the Evaluate page does, and says when it found a diversity qrels; the
command line reads with ``subtopics=True`` when a diversity measure is asked for);
``subtopics=True`` reads a diversity qrels whatever
its second column (a file whose queries each have one subtopic), and ``subtopics=False``,
``read_qrels``' default, reads an ordinary qrels as it always has: a document judged twice for
a query is an error there, even when the two lines' second columns differ (trec_eval's
judgment groups, ``qrels.123`` of its test suite, look exactly like subtopics).  CSV/TSV files
name the column ``subtopic`` (or ``subtopic_id``, ``intent``); the same rule applies to them.

Results
-------
``read_qrels`` returns columns ``qid`` (str), ``docno`` (str), ``rel`` (float64), and for a
diversity qrels ``subtopic`` (str);
``read_run`` returns ``qid`` (str), ``docno`` (str), ``score`` (float64), ``rank`` (int64),
``tag`` (str).  Rows keep the order of the lines in the file; the index is 0, 1, 2, ...

Errors
------
Any problem raises :class:`TrecFormatError` (a ``ValueError``) naming the file, the 1-based
line number and the problem: a wrong number of columns, a score, grade or rank that is not a
number (quoted), a non-finite score or grade, the same document twice for one query, a file
with no data lines.  Only the first problem in file order is reported.

Speed
-----
A TREC file whose fields are separated by single spaces (or single tabs), the usual case, is
read by Arrow's CSV reader straight into the result's columns
(:mod:`rankwork.collection.arrow_kernels`; given a path, Arrow reads the file itself, so its bytes
are never held whole) and checked with vectorised operations that make single-separator splitting
agree with the rules above; the same document twice for a query is looked for by hashing the (qid,
docno) pairs, not with a hash table.  Any other file, any doubt, or no pyarrow installed (it is the
optional extra ``rankwork[arrow]``) takes the general path: the pandas C parser (text columns
straight into Arrow strings when pyarrow is there) and the same checks, vectorised.  A valid
file is never read line by line in Python, and both paths give the same DataFrame.  Only when a
check fails is the first bad line looked for: the first 50,000 lines by a Python scan, the rest (in
whitespace-separated files) by vectorised checks that flag rows, after which only the first
flagged line is examined in Python.  Measured on this project's 2-core machine (read_run of
bench/make_collection.py's runs): 2 million lines (73 MB) in about 0.2 s, 10 million in about
1.5 s (the general path: 0.45 s and 2.2 s); an error on the last of 10 million lines is
reported in 10-15 s.
"""

from __future__ import annotations

import codecs
import csv
import functools
import io
import itertools
import os
import re
import stat
import warnings
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Literal, NoReturn

import numpy as np
import pandas as pd

from rankwork.collection import arrow_support
from rankwork.language import N_, _, ngettext

__all__ = [
    "DEFAULT_TAG",
    "DIVERSITY_COLUMNS",
    "TrecFormatError",
    "is_diversity",
    "read_qrels",
    "read_run",
    "write_qrels",
    "write_run",
]

DEFAULT_TAG = "run"
"""Run tag used when a CSV/TSV run has no tag column, or a DataFrame to write has none."""

Source = str | os.PathLike | bytes | bytearray | memoryview | IO[str] | IO[bytes]

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

_COMMENT_LINE = re.compile(rb"(?:^|(?<=\r))#[^\r\n]*", re.MULTILINE)  # lines end at LF, CR
_COMMENT_START = re.compile(rb"(?:^|[\r\n])#")
_FIELD_SEP = re.compile(r"[ \t]+")
_NON_BLANK = re.compile(rb"[^ \t\r\n]")
_LONE_CR = re.compile(rb"\r(?!\n)")
_SPACES_LINE = re.compile(rb"^[ \t]+(?=\r?$)", re.MULTILINE)  # a line of spaces and tabs
_NUMBER = re.compile(r"[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?")
_NON_FINITE = re.compile(r"[+-]?(?:nan|inf|infinity)", re.IGNORECASE)
_INT64_MAX = 2**63 - 1
# Text columns are parsed as Arrow large strings when pyarrow is installed: the pandas C parser
# builds those directly, about four times faster than dtype=str, and turning them into pandas'
# "str" dtype (which stores large strings) copies nothing.  Without pyarrow: str.
_ARROW_TEXT = "large_string[pyarrow]"
# The fast path finds a file's layout in its first lines: at most this many bytes of them.
_HEAD_BYTES = 1 << 16
_NUMBER_FIELDS = ("rank", "score", "rel")
# Rows whose (qid, docno) hashes are shared are compared as Python tuples up to this many.
_EXACT_ROWS = 100_000
# float64 holds every whole number below this exactly (ranks are parsed as float64 there).
_FLOAT_INTS = 2.0**53
# A pipe is read whole into memory: at most this much (a file is not bounded; Arrow reads it).
_MAX_STREAM_BYTES = 4 << 30
# Values quoted in a message are cut after this many characters.
_SHOWN_CHARS = 60
# Lines past the first _QUICK_SCAN_LINES are searched for errors with vectorised checks.
_QUICK_SCAN_LINES = 50_000
_CONTENT_BYTE = np.ones(256, dtype=bool)  # False for the bytes of a blank line
_CONTENT_BYTE[[ord(" "), ord("\t"), ord("\r"), ord("\n")]] = False


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
class _Layout:
    """Where each field is on a line, and how lines are split."""

    kind: str  # "qrels", "diversity" (a qrels with subtopics) or "run"
    sep: str | None  # None: runs of spaces/tabs (TREC); else "," or "\t"
    header: bool  # first data line is a header line
    n_fields: int  # fields on a line: exactly (TREC qrels, header formats) or at least (TREC runs)
    extra_fields_ok: bool  # TREC run: fields after the sixth are ignored
    positions: dict[str, int]  # output field -> 0-based position on the line
    header_names: tuple[str, ...] = ()  # header formats: the column names as written


_TREC_LAYOUTS = {
    "qrels": _Layout("qrels", None, False, 4, False, {"qid": 0, "docno": 2, "rel": 3}),
    "diversity": _Layout(
        "diversity", None, False, 4, False, {"qid": 0, "subtopic": 1, "docno": 2, "rel": 3}
    ),
    "run": _Layout(
        "run", None, False, 6, True, {"qid": 0, "docno": 2, "rank": 3, "score": 4, "tag": 5}
    ),
}
_TREC_SYNTAX = {
    "qrels": "qid iter docno rel",
    "diversity": "topic subtopic docno judgment",
    "run": "qid Q0 docno rank score tag",
}
_TEXT_FIELDS = ("qid", "subtopic", "docno", "tag")


# ----------------------------------------------------------------------------------- reading


def read_qrels(
    source: Source, *, name: str | None = None, subtopics: bool | None = False
) -> pd.DataFrame:
    """Read relevance judgments (TREC qrels, or CSV/TSV with named columns), ordinary or
    diversity (see "Diversity qrels" in the module's docstring).

    ``source`` is a path (``str`` without a line break, or ``os.PathLike``), the file content
    (``bytes``, or a ``str`` holding at least one line break), or a binary or text file-like
    object (e.g. a Streamlit upload).  ``name`` is the file name used in error messages and to
    recognise ``.csv``/``.tsv``; by default the path, or the object's ``name`` attribute.
    ``subtopics``: False (the default) reads an ordinary qrels, whatever its second column;
    True reads a diversity qrels; None recognises which one the file is by the rule of
    :func:`is_diversity` (what the Evaluate page does).

    Returns a DataFrame with columns ``qid`` (str), ``docno`` (str), ``rel`` (float64), one
    row per judgment in file order, and for a diversity qrels also ``subtopic`` (str).  Raises
    :class:`TrecFormatError` on bad input.
    """
    if subtopics is not None:
        return _read(source, name, "diversity" if subtopics else "qrels")
    if _regular_file(source) is None:  # read twice below: a pipe or an upload only once
        data, default_name = _load(source, name)
        source, name = data, name or default_name
    try:
        frame = _read(source, name, "diversity")
    except TrecFormatError as diversity_error:
        try:  # the message of the file read as an ordinary qrels (or: it is one, e.g. a CSV)
            return _read(source, name, "qrels")
        except TrecFormatError as error:
            if _blames_a_legitimate_repeat(error, diversity_error):
                raise diversity_error from None
            raise
    if is_diversity(frame):
        return frame
    if frame.duplicated(["qid", "docno"]).any():  # an ordinary qrels judging a pair twice
        return _read(source, name, "qrels")  # raises, naming the lines as it always has
    return frame[["qid", "docno", "rel"]]


DIVERSITY_COLUMNS = ("qid", "docno", "rel", "subtopic")


def is_diversity(qrels: pd.DataFrame) -> bool:
    """The recognition rule: a qrels is a diversity qrels when its second column (`subtopic`)
    takes more than one value within some query."""
    if "subtopic" not in qrels.columns or qrels.empty:
        return False
    return bool((qrels.groupby("qid", sort=False)["subtopic"].nunique() > 1).any())


def _blames_a_legitimate_repeat(ordinary: TrecFormatError, diversity: TrecFormatError) -> bool:
    """The ordinary reading refuses a document judged twice on an earlier line than the
    diversity reading's problem: the lines it blames differ in the second column (else the
    diversity reading would refuse them too), so the file reads as a diversity qrels up to its
    own problem (a line repeating a whole judgment, a malformed line...), which is the one to
    name."""
    return ordinary.repeat and (ordinary.line or 0) < (diversity.line or 0)


def read_run(source: Source, *, name: str | None = None) -> pd.DataFrame:
    """Read a run (TREC ``qid Q0 docno rank score tag``, or CSV/TSV with named columns).

    ``source`` and ``name`` are as for :func:`read_qrels`.

    Returns a DataFrame with columns ``qid`` (str), ``docno`` (str), ``score`` (float64),
    ``rank`` (int64) and ``tag`` (str), one row per line in file order.  ``rank`` is kept
    for display; evaluation ranks by score.  Raises :class:`TrecFormatError` on bad input.
    """
    return _read(source, name, "run")


def _read(source: Source, name: str | None, kind: str) -> pd.DataFrame:
    path = _regular_file(source)  # read by the fast path itself; else the bytes are loaded
    given, default_name = (path, path) if path is not None else _load(source, name)
    name = name or default_name or f"{kind} input"
    _refuse_compressed(_start(given), name)
    frame = _read_plain_trec(given, name, kind)
    if frame is not None:
        return frame
    kernels = arrow_support.kernels()
    if kernels is not None:
        kernels.release_unused()  # what the fast path read before it gave up
    data, parse_data = _prepare(Path(given).read_bytes() if isinstance(given, str) else given)
    del given  # loaded bytes: data holds them now
    first = next(_data_lines(data), None)
    if first is None:
        raise TrecFormatError(
            name,
            None,
            _("the file has no data lines (it is empty, or holds only blank and comment lines)"),
        )
    layout = _choose_layout(kind, name, *first)
    try:
        frame = _parse(parse_data, layout)
    except (ValueError, OverflowError):  # pandas' ParserError, UnicodeDecodeError: ValueErrors
        frame = None
    if path is not None and frame is not None:
        # The bytes are needed again only to find a bad line: free them while the table is
        # checked (a file that fails a check is read again).
        del data, parse_data
    if frame is None or not _looks_valid(frame, layout):
        if path is not None and frame is not None:
            data, parse_data = _prepare(Path(path).read_bytes())
        _raise_first_problem(data, parse_data, layout, name, frame)
    if frame.empty:
        raise TrecFormatError(name, first[0], _("the file has a header line but no data lines"))
    return _finish(frame, layout)


def _regular_file(source: Source) -> str | None:
    """The path, when ``source`` is the path of a regular file (not a ``str`` holding the
    content, nor a pipe such as ``<(zcat run.gz)``, which can be read only once)."""
    if isinstance(source, str) and ("\n" in source or "\r" in source):
        return None
    if not isinstance(source, (str, os.PathLike)):
        return None
    try:
        return os.fspath(source) if stat.S_ISREG(os.stat(source).st_mode) else None
    except OSError:  # reported by _load, which reads it
        return None


# The first bytes of the compressed formats people keep runs and qrels in.
_COMPRESSED = {  # first bytes: the format, the command that decompresses it
    b"\x1f\x8b": ("gzip", "gunzip -k"),
    b"BZh": ("bzip2", "bunzip2 -k"),
    b"\xfd7zXZ\x00": ("xz", "unxz -k"),
    b"\x28\xb5\x2f\xfd": ("zstd", "unzstd"),
    b"\x04\x22\x4d\x18": ("lz4", "unlz4"),
    b"PK\x03\x04": ("zip", "unzip"),
}


def _start(source: str | bytes) -> bytes:
    """The first bytes of a path's file, or of the bytes given."""
    if isinstance(source, bytes):
        return source[:8]
    with open(source, "rb") as f:
        return f.read(8)


def _refuse_compressed(start: bytes, name: str) -> None:
    """Compressed files are refused, whatever their name, with one message.

    Arrow would decompress a path ending in .gz or .bz2 by itself, and nothing else here
    does: rather than two readers that disagree (and a decompression bomb to bound), RankLab
    reads plain text, and says how to get it (the command line also takes <(zcat FILE))."""
    for magic, (kind, command) in _COMPRESSED.items():
        if start.startswith(magic):
            raise TrecFormatError(
                name,
                None,
                _(
                    "the file is {kind}-compressed; RankLab reads plain text only: "
                    "decompress it first (e.g. with {command})"
                ).format(kind=kind, command=command),
            )


def _prepare(data: bytes) -> tuple[bytes, bytes]:
    """The file's bytes without a byte order mark, with lone CR line ends made LF (so the
    parser and the line numbering agree whatever the line ends: a line ends at LF, CR LF or
    a lone CR) and lines of spaces and tabs emptied (blank lines are skipped), and a copy
    for the parser with the comment lines emptied (the parser skips empty lines).  Each
    substitution is paid for only when it is needed; else both are the same bytes."""
    if data.startswith(codecs.BOM_UTF8):
        data = data[len(codecs.BOM_UTF8) :]
    if b"\r" in data and _LONE_CR.search(data):
        data = _LONE_CR.sub(b"\n", data)
    if _SPACES_LINE.search(data):  # a CSV/TSV parser would read empty fields from it
        data = _SPACES_LINE.sub(b"", data)
    has_comment = b"#" in data and (data.startswith(b"#") or b"\n#" in data or b"\r#" in data)
    return data, _COMMENT_LINE.sub(b"", data) if has_comment else data


def _read_plain_trec(source: str | bytes, name: str, kind: str) -> pd.DataFrame | None:
    """The common case, fast: a TREC file whose fields are separated by single spaces (or
    single tabs), read by Arrow's CSV reader (:mod:`rankwork.collection.arrow_kernels`)
    straight into the result's columns and checked with vectorised operations.  ``source`` is a
    path (Arrow reads the file itself, so its bytes are never held whole) or the file's bytes.

    Returns None, for :func:`_read`'s general path to read the file, whenever the file is not
    such a file or a check has any doubt: a header line or a CSV/TSV name, a line Arrow cannot
    split into exactly the TREC fields (a run's extra fields, runs of separators, a blank line
    holding spaces), an empty field or one holding the other separator, a comment line, a
    value that is not a number or not finite, a rank that is not a whole number below 2**53,
    or two rows whose (qid, docno) hashes are equal (a duplicate pair, or rarely a collision).
    The checks make single-separator splitting agree with splitting at runs of spaces and
    tabs, so a file read here gives exactly the DataFrame the general path gives.  Always None
    without pyarrow.
    """
    kernels = arrow_support.kernels()
    if kernels is None:
        return None
    head = _head(source)
    first = next(_data_lines(head), None)
    if first is None or _COMMENT_START.search(head):  # comments: not worth a try
        return None
    try:
        layout = _choose_layout(kind, name, *first)
    except TrecFormatError:
        return None
    if layout.header:
        return None
    line = first[1]
    if b"\t" not in line:
        delimiter, other = " ", ord("\t")
    elif b" " not in line:
        delimiter, other = "\t", ord(" ")
    else:
        return None
    names = [f"_{i}" for i in range(layout.n_fields)]
    for field, position in layout.positions.items():
        names[position] = field
    kinds = {field: "number" if field in _NUMBER_FIELDS else "text" for field in layout.positions}
    columns = {column: kinds.get(column, "ignored") for column in names}
    table = kernels.read_delimited(source, columns, delimiter)
    if table is None or table.num_rows == 0:
        return None
    # Splitting at single separators agrees with splitting at runs of spaces and tabs when no
    # field is empty (no two separators in a row, none at a line's ends) and none holds the
    # other separator; a comment line would have a qid starting with '#'.
    for column, what in columns.items():
        if what != "number":
            shortest, has_other = kernels.text_check(table[column], other)
            if shortest == 0 or has_other:
                return None
    if kernels.starts_with(table["qid"], "#"):
        return None
    if kernels.has_repeated_pair(table["qid"], table["docno"]) is not False:
        return None  # a document twice for a query (or a hash collision): let _read decide
    out: dict[str, object] = {}
    for field in ("qid", "docno", "score", "rel", "subtopic", "rank", "tag"):  # result order
        if field not in layout.positions:
            continue
        values = table[field]
        table = table.drop_columns([field])  # each number column is freed once converted
        if field not in _NUMBER_FIELDS:
            out[field] = pd.Series(values, dtype="str")  # the same Arrow strings, no copy
        elif field == "rank":
            ranks = kernels.whole_values(values, _FLOAT_INTS)
            if ranks is None:
                return None
            out[field] = ranks
        else:
            numbers = values.to_numpy()
            if not np.isfinite(numbers).all():
                return None
            out[field] = numbers
    return pd.DataFrame(out, copy=False)


def _head(source: str | bytes) -> bytes:
    """The first whole lines of ``source`` (a path or bytes), at most _HEAD_BYTES of them,
    without a byte order mark."""
    if isinstance(source, bytes):
        head = source[:_HEAD_BYTES]
    else:
        with open(source, "rb") as f:
            head = f.read(_HEAD_BYTES)
    if len(head) == _HEAD_BYTES:  # more may follow: keep whole lines only
        head = head[: head.rfind(b"\n") + 1]
    return head[len(codecs.BOM_UTF8) :] if head.startswith(codecs.BOM_UTF8) else head


def _load(source: Source, name: str | None) -> tuple[bytes, str | None]:
    """The bytes of ``source`` and its name, if it has one."""
    if isinstance(source, (bytes, bytearray, memoryview)):
        return bytes(source), None
    if isinstance(source, str) and ("\n" in source or "\r" in source):
        return source.encode("utf-8"), None
    if isinstance(source, (str, os.PathLike)):
        return _read_stream(source, name or os.fspath(source)), os.fspath(source)
    if hasattr(source, "read"):
        content = source.read()
        if isinstance(content, str):
            content = content.encode("utf-8")
        file_name = getattr(source, "name", None)
        return bytes(content), file_name if isinstance(file_name, str) else None
    raise TypeError(
        "expected a path, the file content as bytes or str, or a file object; "
        f"got {type(source).__name__}"
    )


def _read_stream(path: str | os.PathLike, name: str) -> bytes:
    """The bytes of a path that is not a regular file: a pipe such as <(zcat run.gz), read
    to its end but at most _MAX_STREAM_BYTES.  A device (/dev/zero, a terminal) is refused:
    it may never end."""
    mode = os.stat(path).st_mode  # an OSError (no such file) is the caller's to report
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        raise TrecFormatError(name, None, _("this is a device, not a file; give a file or a pipe"))
    chunks, size = [], 0
    with open(path, "rb") as f:
        while chunk := f.read(1 << 24):  # in chunks: read(n) would allocate n bytes at once
            size += len(chunk)
            if size > _MAX_STREAM_BYTES:
                raise TrecFormatError(
                    name,
                    None,
                    _("more than {n} GiB came through the pipe; save it to a file first").format(
                        n=_MAX_STREAM_BYTES >> 30
                    ),
                )
            chunks.append(chunk)
    return b"".join(chunks)


def _physical_lines(data: bytes) -> Iterator[tuple[int, bytes]]:
    """Every line with its 1-based number; a line ends at LF, CR LF or a lone CR."""
    lineno = 0
    for chunk in io.BytesIO(data):
        for line in chunk.splitlines():
            lineno += 1
            yield lineno, line


def _data_lines(data: bytes) -> Iterator[tuple[int, bytes]]:
    """Lines that are neither blank nor comments (first character ``#``), with numbers."""
    for lineno, line in _physical_lines(data):
        if line.strip(b" \t") and not line.startswith(b"#"):
            yield lineno, line


def _split(text: str, sep: str | None) -> list[str]:
    """Fields of one line: split at runs of spaces/tabs (sep None), else as CSV with ``sep``."""
    if sep is None:
        return _FIELD_SEP.split(text.strip(" \t"))
    if len(text) > csv.field_size_limit():  # a guard for csv's users; pandas has no limit
        csv.field_size_limit(len(text))
    return next(csv.reader([text], delimiter=sep))


def _choose_layout(kind: str, name: str, lineno: int, raw: bytes) -> _Layout:
    """TREC layout, or the header layout described by the first data line."""
    text = raw.decode("utf-8", errors="replace")
    suffix = Path(name).suffix.lower()
    sep = {".csv": ",", ".tsv": "\t"}.get(suffix)
    if sep is None:
        sep = "," if "," in text else "\t" if "\t" in text else None
        names = {cell.strip().lower() for cell in _split(text, sep)}
        if names.isdisjoint(_QID_NAMES) or names.isdisjoint(_DOCNO_NAMES):
            return _TREC_LAYOUTS[kind]
    header = tuple(cell.strip() for cell in _split(text, sep))
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
    return _Layout(kind, sep, True, len(header), False, positions, header)


def _parse(data: bytes, layout: _Layout, *, typed: bool = True) -> pd.DataFrame:
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


def _looks_valid(frame: pd.DataFrame, layout: _Layout) -> bool:
    """Vectorised checks; False means some line is bad and must be found by :func:`_scan`."""
    # A line with more fields than names makes pandas move leading fields into the index.
    if not isinstance(frame.index, pd.RangeIndex):
        return False
    # Whitespace splitting never yields an empty field, so "" means a line was too short;
    # in CSV it is an empty cell.  Either way a used text field has no value.
    for field in _TEXT_FIELDS:
        if field in layout.positions and (frame[field] == "").any():
            return False
    for field in ("score", "rel"):
        if field in layout.positions and not np.isfinite(frame[field].to_numpy()).all():
            return False
    return not has_duplicate_pair(frame["qid"], _repeat_key(frame, layout))


def has_duplicate_pair(qid: pd.Series, docno: pd.Series) -> bool:
    """Whether some (qid, docno) pair occurs twice: by hashing the texts when that can tell
    (:func:`_duplicate_pair_by_hashing`), else with codes from ``pd.factorize`` for all pairs
    (a hash table: ten times slower than the hashing on 2 million rows)."""
    hashed = _duplicate_pair_by_hashing(qid, docno)
    if hashed is not None:
        return hashed
    pairs, all_distinct = _pair_codes(qid, docno)
    if all_distinct:
        return False
    pairs.sort()
    return bool((pairs[1:] == pairs[:-1]).any())


def _duplicate_pair_by_hashing(qid: pd.Series, docno: pd.Series) -> bool | None:
    """Whether some (qid, docno) pair occurs twice, found by hashing the texts
    (:func:`rankwork.collection.arrow_kernels.has_repeated_pair`, a pass over the bytes): when
    no two rows' pair hashes are equal no pair repeats, and that is the answer for every valid
    file.  Otherwise the rows sharing a hash are compared exactly, so that a hash collision is
    never taken for a duplicate.  None when this cannot tell: without pyarrow, for columns that
    are not Arrow strings, or when more than _EXACT_ROWS rows share hashes (a file pasted
    twice)."""
    kernels = arrow_support.kernels()
    if kernels is None:
        return None
    qid_text, docno_text = kernels.arrow_text(qid), kernels.arrow_text(docno)
    if qid_text is None or docno_text is None:
        return None
    if kernels.has_repeated_pair(qid_text, docno_text) is False:
        return False
    rows = kernels.rows_sharing_a_pair_hash(qid_text, docno_text)
    if len(rows) > _EXACT_ROWS:
        return None
    pairs = zip(qid.iloc[rows].tolist(), docno.iloc[rows].tolist(), strict=True)
    return len(set(pairs)) < len(rows)


def _pair_codes(qid: pd.Series, docno: pd.Series) -> tuple[np.ndarray, bool]:
    """One int64 per row, equal for equal (qid, docno) pairs; and whether all docnos differ."""
    docno_codes, docnos = pd.factorize(docno)
    pairs = pd.factorize(qid)[0].astype(np.int64) * len(docnos) + docno_codes
    return pairs, len(docnos) == len(docno)


def _repeat_key(frame: pd.DataFrame, layout: _Layout) -> pd.Series:
    """What, with the query id, a line may not repeat: the document id, or in a diversity
    qrels the (subtopic, document id) pair as one text (the subtopic's length first, so that
    no two pairs give the same text)."""
    if layout.kind != "diversity":
        return frame["docno"]
    subtopic = frame["subtopic"].astype("str")
    return subtopic.str.len().astype("str") + ":" + subtopic + frame["docno"].astype("str")


def _line_key(fields: list[str], layout: _Layout) -> tuple[str, ...]:
    """A line's (qid, docno), or (qid, subtopic, docno) in a diversity qrels."""
    names = ("qid", "subtopic", "docno") if layout.kind == "diversity" else ("qid", "docno")
    return tuple(fields[layout.positions[n]] for n in names)


def _finish(frame: pd.DataFrame, layout: _Layout) -> pd.DataFrame:
    text = [c for c in _TEXT_FIELDS if c in frame.columns]
    frame = frame.astype(dict.fromkeys(text, "str"))
    if layout.kind == "qrels":
        return frame[["qid", "docno", "rel"]]
    if layout.kind == "diversity":
        return frame[list(DIVERSITY_COLUMNS)]
    out = frame[[c for c in ("qid", "docno", "score", "rank", "tag") if c in frame.columns]]
    if "rank" not in out.columns:
        out = out.assign(rank=_trec_eval_ranks(out))
    if "tag" not in out.columns:
        out = out.assign(tag=pd.Series(DEFAULT_TAG, index=out.index, dtype=str))
    return out[["qid", "docno", "score", "rank", "tag"]]


def _trec_eval_ranks(run: pd.DataFrame) -> np.ndarray:
    """1-based rank of each row within its query: score descending, ties by docno descending."""
    keys = run[["qid", "score", "docno"]].reset_index(drop=True)
    ordered = keys.sort_values(
        ["qid", "score", "docno"], ascending=[True, False, False], kind="stable"
    )
    ranks = np.empty(len(keys), dtype=np.int64)
    ranks[ordered.index.to_numpy()] = ordered.groupby("qid", sort=False).cumcount().to_numpy() + 1
    return ranks


# ------------------------------------------------------------------ slow path: find the bad line


def _raise_first_problem(
    data: bytes, parse_data: bytes, layout: _Layout, name: str, frame: pd.DataFrame | None
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
    _scan(data, layout, name, max_lines=_QUICK_SCAN_LINES)
    if layout.sep is None and re.search(rb"\r(?!\n)", data) is None:
        not_utf8 = _first_non_utf8_line(parse_data, name)
        if not_utf8 is not None:  # search the lines before it, else report it
            parse_data = parse_data[: not_utf8.start]
        try:
            table = frame if frame is not None else _parse(parse_data, layout, typed=False)
        except (ValueError, OverflowError):  # also: no data lines before the non-UTF-8 one
            table = None
        if table is not None and not isinstance(table.index, pd.RangeIndex):
            table = None  # some line had more fields than names: not split into rows
        if table is not None:
            _raise_at_first_flagged_row(data, table, layout, name)
        if not_utf8 is not None and (table is not None or not_utf8.first_data_line):
            raise not_utf8.error
    _scan(data, layout, name)
    raise TrecFormatError(
        name, None, _("the file could not be read, but no single line could be blamed")
    )


def _raise_at_first_flagged_row(
    data: bytes, table: pd.DataFrame, layout: _Layout, name: str
) -> None:
    """Raise for the first row of ``table`` that a vectorised check flags; return if none."""
    flagged = np.zeros(len(table), dtype=bool)
    for field in _TEXT_FIELDS:
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
    pairs, _codes = _pair_codes(table["qid"], _repeat_key(table, layout))
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
    fields = _split(_decode(raw, lineno, name), layout.sep)
    problem = _line_problem(fields, layout)
    if problem is not None:
        raise TrecFormatError(name, lineno, problem)
    if duplicate[row]:
        key = _line_key(fields, layout)
        first = lines[first_row + header][0]
        raise TrecFormatError(
            name, lineno, _duplicate_message(layout.kind, key, first, lineno), repeat=True
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
        return {i: line for i, line in enumerate(_data_lines(data)) if i in wanted}
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


def _scan(data: bytes, layout: _Layout, name: str, max_lines: int | None = None) -> None:
    """Check ``data`` line by line and raise :class:`TrecFormatError` for the first bad line.

    Returns normally if no line is found to be bad (among the first ``max_lines`` data lines,
    when given).
    """
    seen: dict[tuple[str, ...], int] = {}
    lines = itertools.islice(_data_lines(data), max_lines)
    if layout.header:
        next(lines, None)
    for lineno, raw in lines:
        fields = _split(_decode(raw, lineno, name), layout.sep)
        problem = _line_problem(fields, layout)
        if problem is not None:
            raise TrecFormatError(name, lineno, problem)
        key = _line_key(fields, layout)
        if key in seen:
            raise TrecFormatError(
                name, lineno, _duplicate_message(layout.kind, key, seen[key], lineno), repeat=True
            )
        seen[key] = lineno


def _line_problem(fields: list[str], layout: _Layout) -> str | None:
    """What is wrong with one line's fields, apart from repeating an earlier line's pair."""
    return _field_count_problem(len(fields), layout) or _value_problem(fields, layout)


def _field_count_problem(count: int, layout: _Layout) -> str | None:
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


def _value_problem(fields: list[str], layout: _Layout) -> str | None:
    for field in _TEXT_FIELDS:
        if field in layout.positions and not fields[layout.positions[field]]:
            return _("the {field} is empty").format(field=_field_word(field))
    for field in ("rank", "score", "rel"):
        if field not in layout.positions:
            continue
        text = fields[layout.positions[field]]
        words = _field_word(field)
        if not text:
            return _("the {field} is empty").format(field=words)
        if _NON_FINITE.fullmatch(text) or (
            _NUMBER.fullmatch(text) and not np.isfinite(float(text))
        ):
            return _("the {field} {value} is not a finite number").format(
                field=words, value=_shown(text)
            )
        if not _NUMBER.fullmatch(text):
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


def _duplicate_message(kind: str, key: tuple[str, ...], first: int, again: int) -> str:
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


# ----------------------------------------------------------------------------------- writing


def write_run(
    run: pd.DataFrame, destination: str | os.PathLike | IO[str] | None = None
) -> str | None:
    """Write ``run`` in the TREC format ``qid Q0 docno rank score tag``, one line per row.

    ``run`` needs columns ``qid``, ``docno`` and ``score``; ``rank`` and ``tag`` are used when
    present, else rank is 1, 2, ... in trec_eval order (score descending, ties by docno
    descending) and the tag is :data:`DEFAULT_TAG`.  Rows are written in their order; scores
    with the shortest text that reads back to the same float64.  ``destination`` is a path or
    a text file object; with None the text is returned.  Raises ``ValueError`` if a value
    would not read back (missing column, empty or whitespace-containing id or tag, non-finite
    score, document twice for one query).
    """
    _check_writable(run, ("qid", "docno", "score"), "run")
    if not np.isfinite(run["score"].to_numpy(dtype=np.float64)).all():
        raise ValueError("cannot write a run with a score that is NaN or infinite")
    out = pd.DataFrame(
        {
            "qid": run["qid"].astype(str),
            "q0": "Q0",
            "docno": run["docno"].astype(str),
            "rank": run["rank"].astype(np.int64)
            if "rank" in run.columns
            else _trec_eval_ranks(run),
            "score": run["score"].astype(np.float64),
            "tag": run["tag"].astype(str) if "tag" in run.columns else DEFAULT_TAG,
        }
    )
    _check_tokens(out, ("qid", "docno", "tag"), "run")
    return out.to_csv(
        destination, sep=" ", header=False, index=False, quoting=csv.QUOTE_NONE, lineterminator="\n"
    )


def write_qrels(
    qrels: pd.DataFrame, destination: str | os.PathLike | IO[str] | None = None
) -> str | None:
    """Write ``qrels`` in the TREC format ``qid 0 docno rel``, one line per row (a diversity
    qrels, with a ``subtopic`` column: ``qid subtopic docno rel``).

    ``qrels`` needs columns ``qid``, ``docno`` and ``rel``.  Grades are written as integers
    when all of them are whole numbers (``1``, not ``1.0``), else as the shortest text that
    reads back to the same float64 (note that trec_eval truncates fractional grades).
    ``destination`` is a path or a text file object; with None the text is returned.
    Raises ``ValueError`` if a value would not read back.
    """
    subtopics = "subtopic" in qrels.columns
    _check_writable(qrels, ("qid", "docno", "rel"), "qrels", subtopics)
    rel = qrels["rel"].to_numpy(dtype=np.float64)
    if not np.isfinite(rel).all():
        raise ValueError("cannot write qrels with a grade that is NaN or infinite")
    out = pd.DataFrame(
        {
            "qid": qrels["qid"].astype(str),
            "iter": qrels["subtopic"].astype(str) if subtopics else "0",
            "docno": qrels["docno"].astype(str),
            "rel": rel.astype(np.int64) if (rel == np.round(rel)).all() else rel,
        }
    )
    _check_tokens(out, ("qid", "iter", "docno") if subtopics else ("qid", "docno"), "qrels")
    return out.to_csv(
        destination, sep=" ", header=False, index=False, quoting=csv.QUOTE_NONE, lineterminator="\n"
    )


def _check_writable(
    frame: pd.DataFrame, required: tuple[str, ...], kind: str, subtopics: bool = False
) -> None:
    missing = [c for c in required if c not in frame.columns]
    if missing:
        raise ValueError(
            f"cannot write {kind}: missing column(s) {', '.join(missing)}; "
            f"columns are {', '.join(map(str, frame.columns))}"
        )
    duplicated = frame.duplicated(
        subset=["qid", "subtopic", "docno"] if subtopics else ["qid", "docno"]
    )
    if duplicated.any():
        row = frame.iloc[int(np.argmax(duplicated.to_numpy()))]  # by position: labels may repeat
        if subtopics:
            raise ValueError(
                f"cannot write {kind}: document {row['docno']!r} appears twice for query "
                f"{row['qid']!r} and subtopic {row['subtopic']!r}"
            )
        raise ValueError(
            f"cannot write {kind}: document {row['docno']!r} appears twice for query {row['qid']!r}"
        )


def _check_tokens(frame: pd.DataFrame, columns: tuple[str, ...], kind: str) -> None:
    for column in columns:
        bad = frame[column].str.contains(r"\s", regex=True) | (frame[column] == "")
        if bad.any():
            value = frame[column].iloc[int(np.argmax(bad.to_numpy()))]
            raise ValueError(
                f"cannot write {kind}: the {column} {value!r} is empty or contains whitespace, "
                "which the TREC format cannot hold"
            )
