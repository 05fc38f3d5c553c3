"""Read TREC qrels and runs (and CSV/TSV files with named columns).

The reader is this module (the fast path, the general path, the checks of the table) and three
beside it: `trec_source` (the file's bytes), `trec_format` (the layouts, the parser, what can be
wrong with a line, `TrecFormatError`) and `trec_problems` (the slow path that finds the first bad
line). `trec_write` writes runs and qrels that read back to the same DataFrame.

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

import re
from pathlib import Path

import numpy as np
import pandas as pd

from rankwork.collection import arrow_support
from rankwork.collection.trec_format import (
    DEFAULT_TAG,
    NUMBER_FIELDS,
    TEXT_FIELDS,
    Layout,
    TrecFormatError,
    choose_layout,
    numbered_data_lines,
    pair_codes,
    parse_table,
    repeat_key,
)
from rankwork.collection.trec_problems import raise_first_problem
from rankwork.collection.trec_source import (
    Source,
    first_bytes,
    load_bytes,
    prepare_bytes,
    read_head,
    refuse_compressed,
    regular_file,
)
from rankwork.collection.trec_write import trec_eval_ranks
from rankwork.language import _

__all__ = [
    "DIVERSITY_COLUMNS",
    "TrecFormatError",
    "has_duplicate_pair",
    "is_diversity",
    "read_qrels",
    "read_run",
]

_COMMENT_START = re.compile(rb"(?:^|[\r\n])#")
# Rows whose (qid, docno) hashes are shared are compared as Python tuples up to this many.
_EXACT_ROWS = 100_000
# float64 holds every whole number below this exactly (ranks are parsed as float64 there).
_FLOAT_INTS = 2.0**53


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
    if regular_file(source) is None:  # read twice below: a pipe or an upload only once
        data, default_name = load_bytes(source, name)
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
    path = regular_file(source)  # read by the fast path itself; else the bytes are loaded
    given, default_name = (path, path) if path is not None else load_bytes(source, name)
    name = name or default_name or f"{kind} input"
    refuse_compressed(first_bytes(given), name)
    frame = _read_plain_trec(given, name, kind)
    if frame is not None:
        return frame
    kernels = arrow_support.kernels()
    if kernels is not None:
        kernels.release_unused()  # what the fast path read before it gave up
    data, parse_data = prepare_bytes(Path(given).read_bytes() if isinstance(given, str) else given)
    del given  # loaded bytes: data holds them now
    first = next(numbered_data_lines(data), None)
    if first is None:
        raise TrecFormatError(
            name,
            None,
            _("the file has no data lines (it is empty, or holds only blank and comment lines)"),
        )
    layout = choose_layout(kind, name, *first)
    try:
        frame = parse_table(parse_data, layout)
    except (ValueError, OverflowError):  # pandas' ParserError, UnicodeDecodeError: ValueErrors
        frame = None
    if path is not None and frame is not None:
        # The bytes are needed again only to find a bad line: free them while the table is
        # checked (a file that fails a check is read again).
        del data, parse_data
    if frame is None or not _looks_valid(frame, layout):
        if path is not None and frame is not None:
            data, parse_data = prepare_bytes(Path(path).read_bytes())
        raise_first_problem(data, parse_data, layout, name, frame)
    if frame.empty:
        raise TrecFormatError(name, first[0], _("the file has a header line but no data lines"))
    return _finish(frame, layout)


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
    head = read_head(source)
    first = next(numbered_data_lines(head), None)
    if first is None or _COMMENT_START.search(head):  # comments: not worth a try
        return None
    try:
        layout = choose_layout(kind, name, *first)
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
    kinds = {field: "number" if field in NUMBER_FIELDS else "text" for field in layout.positions}
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
        if field not in NUMBER_FIELDS:
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


def _looks_valid(frame: pd.DataFrame, layout: Layout) -> bool:
    """Vectorised checks; False means some line is bad and must be found by :func:`scan`."""
    # A line with more fields than names makes pandas move leading fields into the index.
    if not isinstance(frame.index, pd.RangeIndex):
        return False
    # Whitespace splitting never yields an empty field, so "" means a line was too short;
    # in CSV it is an empty cell.  Either way a used text field has no value.
    for field in TEXT_FIELDS:
        if field in layout.positions and (frame[field] == "").any():
            return False
    for field in ("score", "rel"):
        if field in layout.positions and not np.isfinite(frame[field].to_numpy()).all():
            return False
    return not has_duplicate_pair(frame["qid"], repeat_key(frame, layout))


def has_duplicate_pair(qid: pd.Series, docno: pd.Series) -> bool:
    """Whether some (qid, docno) pair occurs twice: by hashing the texts when that can tell
    (:func:`_duplicate_pair_by_hashing`), else with codes from ``pd.factorize`` for all pairs
    (a hash table: ten times slower than the hashing on 2 million rows)."""
    hashed = _duplicate_pair_by_hashing(qid, docno)
    if hashed is not None:
        return hashed
    pairs, all_distinct = pair_codes(qid, docno)
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


def _finish(frame: pd.DataFrame, layout: Layout) -> pd.DataFrame:
    text = [c for c in TEXT_FIELDS if c in frame.columns]
    frame = frame.astype(dict.fromkeys(text, "str"))
    if layout.kind == "qrels":
        return frame[["qid", "docno", "rel"]]
    if layout.kind == "diversity":
        return frame[list(DIVERSITY_COLUMNS)]
    out = frame[[c for c in ("qid", "docno", "score", "rank", "tag") if c in frame.columns]]
    if "rank" not in out.columns:
        out = out.assign(rank=trec_eval_ranks(out))
    if "tag" not in out.columns:
        out = out.assign(tag=pd.Series(DEFAULT_TAG, index=out.index, dtype=str))
    return out[["qid", "docno", "score", "rank", "tag"]]
