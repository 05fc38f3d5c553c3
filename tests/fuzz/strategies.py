"""Hypothesis strategies and invariant checks shared by the fuzz tests (tests/fuzz) and the
longer campaign (scripts/fuzz_core.py): what a hostile or careless user could give the
readers, the measure-name parser, the single-list core and the command line.

Each ``check_*`` function runs one input through an entry point and raises AssertionError when
the outcome breaks the entry point's contract:

- readers: a DataFrame of the documented columns with finite numbers, or a TrecFormatError
  whose message is one line; a file's path and its bytes give the same outcome (the path
  takes Arrow's fast path, the bytes the general one when the fast path declines);
- names: a Measure whose text parses back to itself, or a MeasureNameError;
- core: a finite value, or a ValueError with a message (no other exception, never NaN/inf);
- command line: exit 0 with three tab-separated fields per line and finite values, or exit 2
  with exactly one line on stderr and nothing on stdout.
"""

from __future__ import annotations

import contextlib
import io
import math
import os
import tempfile
import warnings
from pathlib import Path

import numpy as np
import pandas as pd
from hypothesis import strategies as st

from rankwork.cli import main
from rankwork.collection.trec import TrecFormatError, read_qrels, read_run
from rankwork.core import conventions as C
from rankwork.core.measures import EXAMPLES, SPECS, MeasureNameError, parse
from rankwork.core.ranking import Ranking

# ------------------------------------------------------------------------------ numbers

# Texts of numbers a user might write, and ones they should not: the limits of a double,
# beyond them, non-finite, other notations.
NUMBER_TEXTS = [
    "0",
    "1",
    "2",
    "3",
    "4",
    "-1",
    "0.5",
    "1e-300",
    "5e-324",
    "1023",
    "1024",
    "1e9",
    "9223372036854775808",
    "1e300",
    "1.7976931348623157e308",
    "1e400",
    "-1e400",
    "nan",
    "inf",
    "-inf",
    "1_0",
    "0x10",
    "\uff13",  # full-width 3
    "",
    "1.",
    ".5",
    "+2",
]
number_texts = st.one_of(
    st.sampled_from(NUMBER_TEXTS),
    st.integers(-5, 2000).map(str),
    st.floats(allow_nan=True, allow_infinity=True).map(repr),
)
plain_numbers = st.one_of(st.integers(0, 4).map(str), st.floats(-10, 100).map(repr))
# Values the core takes as grades: mostly 0..4 or unjudged, else extreme numbers and junk.
grade_values = st.one_of(
    st.integers(0, 4),
    st.integers(0, 4),
    st.integers(0, 4),
    st.none(),
    st.one_of(
        st.integers(-2, 5),
        st.sampled_from([0.5, 1023.0, 1024.0, 1e300, 1.7976931348623157e308, -1e308, 5e-324]),
        st.floats(allow_nan=True, allow_infinity=True),
        st.sampled_from(["", "x", "3", True]),
    ),
)


# ------------------------------------------------------------------------ TREC/CSV files

IDS = st.one_of(
    st.sampled_from(["1", "2", "10", "301", "a", "q#1", "\u4e2d", "d" * 200]),
    st.text(
        alphabet=st.characters(blacklist_categories=("Cs",), blacklist_characters=" \t\r\n"),
        min_size=1,
        max_size=6,
    ),
)
SEPARATORS = st.sampled_from([" ", " ", " ", " ", "\t", "\t", "  ", " \t", ","])
LINE_ENDS = st.sampled_from(["\n", "\n", "\r\n", "\r"])
ODD_LINES = st.sampled_from(["", " ", "\t", "  \t ", "# a comment", "#", "\x00", "\ufeff"])


SIMPLE_QUERIES = ["1", "2", "10", "301"]
SIMPLE_DOCS = ["a", "b", "c", "d1", "d10", "D301-001"]


def rarely(draw, odds: int) -> bool:
    """True one time in ``odds``."""
    return draw(st.integers(0, odds - 1)) == 0


@st.composite
def field_numbers(draw, odds: int = 5) -> str:
    """A number field: mostly an ordinary number, one time in ``odds`` anything."""
    return draw(number_texts if rarely(draw, odds) else plain_numbers)


@st.composite
def some_id(draw, simple: list[str], odds: int) -> str:
    """Mostly an id from a small pool (so that runs meet their qrels), rarely any id."""
    return draw(IDS if rarely(draw, odds) else st.sampled_from(simple))


@st.composite
def trec_lines(draw, kind: str, odds: int) -> list[str]:
    """The data lines of a TREC qrels or run file: mostly valid, some fields odd."""
    lines = []
    sep = draw(SEPARATORS) if rarely(draw, odds) else " "
    for i in range(draw(st.integers(0, 6) if rarely(draw, odds) else st.integers(1, 6))):
        qid = draw(some_id(SIMPLE_QUERIES, odds))
        docno = draw(some_id(SIMPLE_DOCS, 1)) if rarely(draw, odds) else f"d{i}"
        if rarely(draw, 2 * odds):
            sep = draw(SEPARATORS)
        if kind == "qrels":
            fields = [qid, "0", docno, draw(field_numbers(odds))]
        else:
            rank = draw(number_texts) if rarely(draw, odds) else str(i + 1)
            fields = [qid, "Q0", docno, rank, draw(field_numbers(odds)), "tag"]
            fields += ["x"] * rarely(draw, odds)
        lines.append(sep.join(fields))
    return lines


@st.composite
def csv_lines(draw, kind: str, odds: int) -> list[str]:
    """A CSV/TSV file with a header line naming its columns."""
    sep = draw(st.sampled_from([",", "\t"]))
    names = ["qid", "docno", "rel"] if kind == "qrels" else ["qid", "docno", "score", "rank"]
    names = draw(st.permutations(names))
    rows = []
    for i in range(draw(st.integers(0, 5) if rarely(draw, odds) else st.integers(1, 5))):
        row = {"qid": draw(some_id(SIMPLE_QUERIES, odds)), "docno": f"d{i}"}
        if rarely(draw, odds):
            row["docno"] = draw(some_id(SIMPLE_DOCS, 1))
        row.update({c: draw(field_numbers(odds)) for c in ("rel", "score", "rank")})
        rows.append(sep.join(row[c] for c in names))
    return [sep.join(names), *rows]


@st.composite
def files(draw, kind: str, odds: int = 4) -> tuple[str, bytes]:
    """(file name, bytes): a TREC or CSV file; one time in about ``odds`` each: odd lines
    (blank, spaces, comments), a field past csv's 131,072-character limit, a repeated line,
    a byte-level mutation (or a compressed copy), odd numbers and ids."""
    header = rarely(draw, 4)
    lines = list(draw(csv_lines(kind, odds) if header else trec_lines(kind, odds)))
    for _ in range(draw(st.integers(0, 2)) * rarely(draw, odds // 2 or 1)):
        lines.insert(draw(st.integers(0, len(lines))), draw(ODD_LINES))
    if lines and rarely(draw, 3 * odds):
        lines[0] = lines[0].replace("0", "0" + "x" * 140_000, 1)
    if len(lines) > 1 and rarely(draw, odds):
        lines.append(lines[draw(st.integers(0, len(lines) - 1))])
    end = draw(LINE_ENDS)
    text = end.join(lines) + draw(st.sampled_from([end, ""]))
    data = text.encode("utf-8")
    if rarely(draw, odds + 1):
        data = codec_mutation(draw, data)
    if header:
        name = draw(st.sampled_from(["f.csv", "f.tsv", "f.txt"]))
    else:
        name = (
            draw(st.sampled_from(["f", "f.csv", "f.tsv", "f.gz", "f.bz2"]))
            if rarely(draw, odds)
            else "f.txt"
        )
    return name, data


def codec_mutation(draw, data: bytes) -> bytes:
    """A byte-level change: a byte removed, inserted or replaced, a BOM, a cut, compression."""
    import bz2
    import gzip

    choice = draw(st.integers(0, 5))
    at = draw(st.integers(0, len(data)))
    byte = draw(st.sampled_from([b"\x00", b"\xff", b"\xc3", b"\r", b"\n", b" ", b"#", b'"']))
    if choice == 0:
        return data[:at] + data[at + 1 :]
    if choice == 1:
        return data[:at] + byte + data[at:]
    if choice == 2:
        return b"\xef\xbb\xbf" + data
    if choice == 3:
        return data[:at]
    if choice == 4:
        return gzip.compress(data, mtime=0)
    return bz2.compress(data)


# --------------------------------------------------------------------------- measure names

FAMILIES = sorted(SPECS)
PARAMETER_NAMES = sorted({p.name for spec in SPECS.values() for p in spec.params} | {"x"})


@st.composite
def parameter_values(draw) -> str:
    kind = draw(st.integers(0, 3))
    if kind == 0:
        return draw(number_texts)
    if kind == 1:
        return repr(draw(st.sampled_from(["log2", "exp-log2", "exp", ""])))
    if kind == 2:
        pairs = draw(st.lists(st.tuples(number_texts, number_texts), max_size=3))
        return "{" + ",".join(f"{a}:{b}" for a, b in pairs) + "}"
    return draw(st.sampled_from(["{0:0}", "{}", "(", "'", "{0:", "1e400"]))


@st.composite
def measure_names(draw) -> str:
    """Names near the grammar (families, parameters, cutoffs, odd values and spacing) and
    now and then any text at all."""
    if draw(st.integers(0, 9)) == 0:
        return draw(st.text(max_size=30))
    if draw(st.integers(0, 4)) == 0:
        return draw(st.sampled_from(EXAMPLES))
    family = draw(st.sampled_from(FAMILIES))
    if draw(st.integers(0, 9)) == 0:
        family = family.lower()
    text = family
    params = draw(st.lists(st.sampled_from(PARAMETER_NAMES), max_size=2))
    if params or draw(st.integers(0, 9)) == 0:
        inner = ",".join(f"{p}={draw(parameter_values())}" for p in params)
        text += f"({inner})"
    if draw(st.booleans()):
        text += "@" + draw(number_texts)
    if draw(st.integers(0, 9)) == 0:
        at = draw(st.integers(0, len(text)))
        text = text[:at] + draw(st.sampled_from([" ", "\t", "\n", "\u2028", "\x00"])) + text[at:]
    return text


valid_measures = measure_names().filter(lambda name: _parses(name))


def _parses(name: str) -> bool:
    try:
        parse(name)
    except MeasureNameError:
        return False
    return True


# Mostly names that parse (else nothing is evaluated), now and then any name; options.
CLI_MEASURES = st.lists(
    st.one_of(valid_measures, valid_measures, valid_measures, measure_names()),
    min_size=1,
    max_size=3,
)
CLI_OPTIONS = st.lists(
    st.sampled_from(
        [
            ["-q"],
            ["--missing", "skip"],
            ["--missing", "error"],
            ["--convention", "gdeval"],
            ["--convention", "ranx ndcg"],
            ["--convention", "LightGBM / XGBoost"],
            ["--convention", "nope"],
        ]
    ),
    max_size=2,
).map(lambda groups: [arg for group in groups for arg in group])


# ------------------------------------------------------------------------------- rankings

PRESETS = [*C.PRESETS.values(), C.TEXTBOOK.with_(ideal="none")]


@st.composite
def rankings(draw) -> dict:
    """Keyword arguments for Ranking.build: grades (extreme and junk too), and maybe doc ids,
    scores and unretrieved grades."""
    grades = draw(st.lists(grade_values, max_size=8))
    kwargs: dict = {"grades": grades}
    if draw(st.booleans()):
        kwargs["scores"] = draw(
            st.lists(
                st.one_of(st.floats(allow_nan=True), st.sampled_from([1.0, 1.0, 2.0])),
                min_size=len(grades),
                max_size=len(grades),
            )
        )
    if draw(st.booleans()):
        kwargs["unretrieved"] = draw(st.lists(grade_values, max_size=3))
    if draw(st.integers(0, 4)) == 0:
        kwargs["scale_max"] = draw(st.sampled_from([1.0, 4.0, 1024.0, 1e308, 0.0, -1.0]))
    return kwargs


# ------------------------------------------------------------------------------- checks


def check_reader(kind: str, name: str, data: bytes, folder: Path) -> str:
    """Read ``data`` as bytes and from a file called ``name``; the outcomes must agree and
    keep the reader's contract.  Returns "read" or "refused"."""
    reader = read_qrels if kind == "qrels" else read_run
    from_bytes = _outcome(reader, data, name)
    path = folder / name
    path.write_bytes(data)
    from_path = _outcome(reader, path, name)
    if isinstance(from_bytes, pd.DataFrame):
        assert isinstance(from_path, pd.DataFrame), (from_bytes, from_path)
        pd.testing.assert_frame_equal(from_bytes, from_path)
        _check_frame(kind, from_bytes)
        return "read"
    assert isinstance(from_path, str) and from_path == from_bytes, (from_bytes, from_path)
    return "refused"


def _outcome(reader, source, name: str) -> pd.DataFrame | str:
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # a warning would reach the user as extra lines
        try:
            return reader(source, name=name)
        except TrecFormatError as error:
            message = str(error)
            assert message.startswith(name) and len(message.splitlines()) == 1, message
            assert "no single line could be blamed" not in message, message  # a reader bug
            return message


def _check_frame(kind: str, frame: pd.DataFrame) -> None:
    columns = ["qid", "docno", "rel"] if kind == "qrels" else ["qid", "docno", "score", "rank"]
    assert list(frame.columns[: len(columns)]) == columns
    assert len(frame) > 0
    for column in ("rel", "score"):
        if column in frame.columns:
            assert np.isfinite(frame[column].to_numpy(dtype=float)).all()
    assert (frame["qid"].str.len() > 0).all() and (frame["docno"].str.len() > 0).all()
    assert not frame.duplicated(["qid", "docno"]).any()


def check_name(text: str) -> str:
    """Parse ``text``: a Measure whose text parses back to it, or a MeasureNameError."""
    try:
        measure = parse(text)
    except MeasureNameError as error:
        assert str(error)
        return "refused"
    assert parse(str(measure)) == measure, (text, str(measure))
    return "parsed"


def check_core(build: dict, name: str, convention: C.Convention) -> str:
    """One measure on one list: a finite value or a ValueError with a message."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)  # numpy's, before a ValueError
        try:
            ranking = Ranking.build(**build)
            value = parse(name)(ranking, convention).value
        except ValueError as error:
            assert str(error)
            return "refused"
    assert math.isfinite(value), (build, name, convention.name, value)
    return "value"


def check_cli(
    qrels: tuple[str, bytes], run: tuple[str, bytes], names: list[str], options: list[str]
) -> str:
    """rankwork in-process: exit 0 with good lines, or 2 with one line on stderr."""
    with tempfile.TemporaryDirectory() as folder:
        paths = []
        for prefix, (name, data) in (("qrels_", qrels), ("run_", run)):
            path = os.path.join(folder, prefix + name)
            Path(path).write_bytes(data)
            paths.append(path)
        out, err = io.StringIO(), io.StringIO()
        args = [*paths, *[a for n in names for a in ("-m", n)], *options]
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = main(args)
    errors = [line for line in err.getvalue().splitlines() if "warning:" not in line]
    if code == 2:
        assert out.getvalue() == "" and len(err.getvalue().splitlines()) == 1, err.getvalue()
        assert err.getvalue().startswith("rankwork: error: ")
        return "refused"
    assert code == 0 and errors == [], (code, err.getvalue())
    assert all(w.startswith("rankwork: warning: ") for w in err.getvalue().splitlines())
    for line in out.getvalue().splitlines():
        fields = line.split("\t")
        assert len(fields) == 3 and math.isfinite(float(fields[2])), line
    return "evaluated"
