"""rankwork.collection.trec's fast path (Arrow's CSV reader, hashed duplicate check) against its
general path (the pandas C parser, exact checks): same DataFrame, or the same error, for every
input.

The general path is what rankwork.collection.trec did before the fast path existed;
tests/unit/test_trec.py checks it against trec_eval's rules.  Here the fast path is switched off
(``general``) to get the reference, and the inputs are generated with every defect the fast path
must notice: runs of separators, tabs and spaces mixed, blank lines holding spaces, comment lines,
extra fields, empty fields, bad or non-finite numbers, hexadecimal or fractional ranks, duplicates,
text that is not UTF-8, byte order marks, CR and CR LF line ends.
"""

from __future__ import annotations

import os
import random
import threading
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from rankwork.collection import arrow_kernels, trec
from rankwork.collection.trec import TrecFormatError, read_qrels, read_run

READERS = {"run": read_run, "qrels": read_qrels}


def outcome(reader, source, name="f.txt"):
    """The DataFrame read, or the error's message."""
    try:
        return reader(source, name=name)
    except TrecFormatError as error:
        return f"error: {error}"


def general(monkeypatch, reader, source, name="f.txt"):
    """What the general path alone gives."""
    with monkeypatch.context() as patch:
        patch.setattr(trec, "_read_plain_trec", lambda source, name, kind: None)
        return outcome(reader, source, name)


def assert_same(got, expected):
    if isinstance(got, str) or isinstance(expected, str):
        assert got == expected
    else:
        pd.testing.assert_frame_equal(got, expected)


def fast_only(monkeypatch):
    """Make the general path's parser fail the test if it is reached."""

    def parse(*args, **kwargs):
        raise AssertionError("the general path was taken")

    monkeypatch.setattr(trec, "parse_table", parse)


# ---------------------------------------------------------------------------- generated files


def generated(kind: str, rnd: random.Random) -> bytes:
    """A TREC file: plain (single spaces or single tabs) or, with some probability per line,
    with one of the defects that the fast path must leave to the general path."""
    defect = rnd.choice([0.0, 0.0, 0.02, 0.1, 0.4])
    sep = " " if rnd.random() < 0.7 else "\t"

    def maybe(good: str, *bad: str) -> str:
        return rnd.choice(bad) if rnd.random() < defect else good

    lines = [maybe("", "\ufeff")] if rnd.random() < 0.1 else []
    for _ in range(rnd.randint(1, 30)):
        if rnd.random() < defect / 3:
            lines.append(rnd.choice(["", "# c", "#", "   ", "\t", "# a b c d e", "# 1 0 a 1"]))
            continue
        qid = maybe(str(rnd.randint(1, 3)), "", "#1", "1\t", "\xff")
        docno = maybe(
            rnd.choice(["D", "FBIS3-", "CR#9", "é", "a\x00", "x\x0b"]) + str(rnd.randint(0, 9999)),
            "",
            "a b",
            "a\tb",
            "D1",
            "\xff",
            "NA",
        )
        number = maybe(
            repr(round(rnd.uniform(-5, 50), rnd.choice([0, 2, 6]))),
            "nan",
            "inf",
            "x",
            "1e999",
            "",
            "1,5",
            " 2",
        )
        if kind == "run":
            rank = maybe(str(rnd.randint(0, 999)), "1.0", "0x10", "2.5", "1e2", "9007199254740993")
            fields = [qid, maybe("Q0", "", "Q 0"), docno, rank, number, maybe("t", "", "t x")]
        else:
            fields = [qid, maybe("0", "", "0 0"), docno, number]
        if rnd.random() < defect / 3:
            fields.append("junk")
        lines.append(maybe(sep, "  ", " \t", "\t ", "\t\t").join(fields))
    end = maybe("\n", "\r\n", "\r", " \n")
    text = end.join(lines) + (end if rnd.random() < 0.8 else "")
    return text.encode("utf-8", errors="surrogateescape").replace(b"\xc3\xbf", b"\xff")


@pytest.mark.parametrize("seed", range(8))
def test_fast_and_general_paths_agree_on_generated_files(seed, tmp_path, monkeypatch):
    fast = 0
    for trial in range(60):
        rnd = random.Random(1000 * seed + trial)
        kind = rnd.choice(["run", "qrels"])
        data = generated(kind, rnd)
        reader = READERS[kind]
        expected = general(monkeypatch, reader, data)
        assert_same(outcome(reader, data), expected)
        path = tmp_path / "f.txt"
        path.write_bytes(data)
        got = outcome(reader, path, name="f.txt")
        assert_same(got, expected)
        fast += trec._read_plain_trec(data, "f.txt", kind) is not None
    assert fast >= 10  # the fast path was exercised, not only the general one


# -------------------------------------------------------------------------------- which path


@pytest.mark.parametrize(
    "content",
    [
        b"1 Q0 a 1 2.5 t\n1 Q0 b 2 1 t\n2 Q0 a 1 -1e-3 t\n",
        b"1\tQ0\ta\t1\t2.5\tt\n1\tQ0\tb\t2\t 1\tt\n",  # spaces around a number are fine
        b"\xef\xbb\xbf1 Q0 a 1 2.5 t\r\n\r\n1 Q0 b 2 1 t\r\n",
        b"1 Q0 a 1 2.5 t\r1 Q0 b 2 1 t\r",
        b"1 Q0 CR#9 1 2.5 t\n1 Q0 a\x00 2 1 t\n1 Q0 a 3 1 t\n",
    ],
)
def test_plain_files_take_the_fast_path(content, monkeypatch):
    expected = general(monkeypatch, read_run, content)
    fast_only(monkeypatch)
    pd.testing.assert_frame_equal(read_run(content), expected)


@pytest.mark.parametrize(
    "content",
    [
        b"# a comment\n1 Q0 a 1 2 t\n",  # a comment in the first lines
        b"1 Q0 a 1 2 t\n1\tQ0 b 2 1 t\n",  # tabs and spaces
        b"1 Q0 a 1 2 t extra\n",  # fields after the sixth
        b"qid docno score\n1 a 2\n",  # a header line
    ],
)
def test_other_files_take_the_general_path(content, monkeypatch):
    fast_only(monkeypatch)
    with pytest.raises(AssertionError, match="general path"):
        read_run(content)


def test_a_path_is_read_by_arrow_not_loaded_whole(tmp_path, monkeypatch):
    path = tmp_path / "run.txt"
    path.write_text("1 Q0 a 1 2 t\n1 Q0 b 2 1 t\n")

    def refuse(self):
        raise AssertionError("the whole file was loaded")

    monkeypatch.setattr(Path, "read_bytes", refuse)
    fast_only(monkeypatch)
    assert read_run(path)["docno"].tolist() == ["a", "b"]


def test_a_pipe_is_read_once(tmp_path):
    # Process substitution, e.g. <(zcat run.gz), gives a pipe: its first lines cannot be read
    # twice, so it is loaded (and then read from memory by either path).
    fifo = tmp_path / "run.pipe"
    os.mkfifo(fifo)
    content = "".join(f"1 Q0 d{i} {i} {1 / (i + 1)!r} t\n" for i in range(20_000))

    def write():
        with open(fifo, "w") as f:
            f.write(content)

    writer = threading.Thread(target=write)
    writer.start()
    run = read_run(fifo)
    writer.join()
    pd.testing.assert_frame_equal(run, read_run(content))
    assert len(run) == 20_000


# ------------------------------------------------------------------------------ duplicates


DUPLICATE = b"1 Q0 a 1 3 t\n2 Q0 a 1 3 t\n1 Q0 b 2 2 t\n1 Q0 a 3 1 t\n"


def test_a_duplicate_found_by_hashing_is_reported_as_before(monkeypatch):
    err = outcome(read_run, DUPLICATE)
    assert err == general(monkeypatch, read_run, DUPLICATE)
    assert err == (
        "error: f.txt, line 4: document 'a' appears twice for query '1' (lines 1 and 4); "
        "a run may rank each document only once per query"
    )
    qrels = b"1 0 a 1\n1 0 b 0\n1 0 a 2\n"
    assert outcome(read_qrels, qrels) == general(monkeypatch, read_qrels, qrels)
    assert "document 'a' is judged twice for query '1' (lines 1 and 3)" in outcome(
        read_qrels, qrels
    )


def test_a_duplicate_in_a_file_the_general_path_reads_from_disk(tmp_path):
    # The general path frees the file's bytes while it checks the table and reads the file
    # again to find the line.
    path = tmp_path / "run.txt"
    path.write_bytes(b"# c\n" + DUPLICATE)
    err = outcome(read_run, path, name="run.txt")
    assert err.startswith("error: run.txt, line 5: document 'a' appears twice for query '1'")


def collide(monkeypatch):
    """Every text hashes alike: every pair of rows is a possible duplicate."""
    monkeypatch.setattr(
        arrow_kernels, "_block_hash", lambda offsets, data: np.zeros(len(offsets) - 1, "u8")
    )


@pytest.mark.parametrize("exact_rows", [100_000, 0], ids=["rows compared", "all pairs coded"])
def test_hash_collisions_are_never_taken_for_duplicates(monkeypatch, exact_rows):
    content = b"1 Q0 a 1 3 t\n1 Q0 b 2 2 t\n2 Q0 a 1 3 t\n"
    expected = general(monkeypatch, read_run, content)
    collide(monkeypatch)
    monkeypatch.setattr(trec, "_EXACT_ROWS", exact_rows)
    pd.testing.assert_frame_equal(read_run(content), expected)  # exact comparison: no duplicate
    assert outcome(read_run, DUPLICATE).endswith(
        "(lines 1 and 4); a run may rank each document only once per query"
    )


def test_docnos_that_differ_only_in_length_or_in_later_bytes(monkeypatch):
    # Masked words of "a", "a\0" and "a\0\0" are equal; the length tells them apart.  Ids of 8
    # bytes and more differ only in their second word.
    docnos = ["a", "a\x00", "a\x00\x00", "abcdefgh", "abcdefgh1", "abcdefgh2", "12345678abcdefgh"]
    content = "".join(f"1 Q0 {d} {i} {-i} t\n" for i, d in enumerate(docnos)).encode()
    fast_only(monkeypatch)
    assert read_run(content)["docno"].tolist() == docnos


def test_ranks_the_fast_path_leaves_to_pandas(monkeypatch):
    # Ranks are parsed as float64 by Arrow: beyond 2**53 they might not be exact, and Arrow
    # would read "0x10" as a hexadecimal integer.
    big = read_run(b"1 Q0 a 9007199254740993 1 t\n")
    assert big["rank"].tolist() == [9007199254740993]
    err = outcome(read_run, b"1 Q0 a 0x10 1 t\n")
    assert err == general(monkeypatch, read_run, b"1 Q0 a 0x10 1 t\n")
    assert "the rank '0x10' is not a number" in err


def test_a_comment_line_past_the_first_lines(monkeypatch):
    # Beyond the first 64 KiB (where comments are looked for before reading), a comment line
    # that splits into the right number of fields shows as a qid starting with '#'.
    lines = [f"1 Q0 d{i} {i} {1 / (i + 1)!r} t" for i in range(4_000)]
    content = "\n".join(lines[:3_000] + ["#2 Q0 z 1 2 t"] + lines[3_000:]).encode()
    expected = general(monkeypatch, read_run, content)
    assert len(expected) == 4_000
    pd.testing.assert_frame_equal(read_run(content), expected)
