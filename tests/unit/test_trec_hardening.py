"""Issue 11, the TREC/CSV readers: files they refused or could not bound (items 5, 6, 11, 12
and 16), read through a path (Arrow's fast path first) and as bytes (an upload)."""

from __future__ import annotations

import bz2
import gzip
import os
import threading
from pathlib import Path

import numpy as np
import pandas as pd
import pyarrow as pa
import pytest

from rankwork.collection import arrow_kernels, trec_source
from rankwork.collection.trec import TrecFormatError, read_qrels, read_run

TWO = pd.DataFrame({"qid": ["1", "1"], "docno": ["d1", "d2"], "rel": [1.0, 2.0]})


def both_ways(tmp_path: Path, name: str, data: bytes, reader=read_qrels) -> list[pd.DataFrame]:
    """The file read from a path and from its bytes (as the Evaluate page's uploads are)."""
    path = tmp_path / name
    path.write_bytes(data)
    return [reader(path), reader(data, name=name)]


def same(frame: pd.DataFrame, expected: pd.DataFrame) -> None:
    pd.testing.assert_frame_equal(frame.astype({"qid": object, "docno": object}), expected)


# ------------------------------------------------------- item 11: lone CR with blank lines


@pytest.mark.parametrize(
    "data",
    [
        b"1 0 d1 1\r  \r1 0 d2 2\r",  # lone CR, a line of spaces
        b"1 0 d1 1\r\t\r1 0 d2 2\n",  # lone CR, a line with a tab, an LF at the end
        b"1 0 d1 1\r1 0 d2 2\r \r",  # a line of one space last
        b"# judged\r1 0 d1 1\r\r \r1 0 d2 2",  # a comment, an empty line, no line end at the end
    ],
)
def test_lone_cr_line_ends_with_blank_lines_are_read(tmp_path, data):
    for frame in both_ways(tmp_path, "qrels.txt", data):
        same(frame, TWO.astype({"qid": object, "docno": object}))


@pytest.mark.parametrize("name, sep", [("qrels.tsv", "\t"), ("qrels.csv", ",")])
def test_lines_of_spaces_and_tabs_in_a_csv_file_are_blank_lines(tmp_path, name, sep):
    # They were parsed as rows of empty fields, then no line could be blamed for them.
    data = f"qid{sep}docno{sep}rel\r\n1{sep}d1{sep}1\r\n \t\r\n1{sep}d2{sep}2\r\n\t".encode()
    for frame in both_ways(tmp_path, name, data):
        same(frame, TWO.astype({"qid": object, "docno": object}))


def test_a_bad_line_in_a_lone_cr_file_is_numbered_as_before(tmp_path):
    with pytest.raises(TrecFormatError, match=r"qrels.txt, line 3: the relevance grade 'x'"):
        both_ways(tmp_path, "qrels.txt", b"1 0 d1 1\r \r1 0 d2 x\r")


# ------------------------------------------------------------- item 5: csv's field limit


def test_a_long_field_on_a_first_line_with_a_comma(tmp_path):
    # The comma made the reader try the line as a CSV header, through csv's 131,072 limit.
    long = "x" * 140_000
    data = f"1,0 {long} 0 1\n".encode()
    for frame in both_ways(tmp_path, "qrels.txt", data):
        assert frame["qid"].tolist() == ["1,0"] and frame["docno"].tolist() == ["0"]


@pytest.mark.parametrize("suffix, sep", [(".csv", ","), (".tsv", "\t")])
def test_a_long_field_in_a_csv_file_before_a_bad_line(tmp_path, suffix, sep):
    long = "y" * 140_000
    data = sep.join(["qid", "docno", "rel"]) + "\n" + sep.join(["1", long, "1"]) + "\n"
    data += sep.join(["1", "d2", "two"]) + "\n"
    with pytest.raises(TrecFormatError, match=r"line 3: the relevance grade 'two' is not a num"):
        both_ways(tmp_path, "qrels" + suffix, data.encode())


# ------------------------------------------------------------- item 12: compressed files

PLAIN = b"# two judgments\n1 0 d1 1\n1 0  d2 2\n"  # a comment, a double space


@pytest.mark.parametrize(
    "name, pack, kind",
    [
        ("qrels.gz", gzip.compress, "gzip"),
        ("qrels.txt", gzip.compress, "gzip"),  # whatever the name
        ("qrels.bz2", bz2.compress, "bzip2"),
        ("qrels.csv.gz", gzip.compress, "gzip"),
    ],
)
def test_compressed_files_are_refused_with_one_message(tmp_path, name, pack, kind):
    path = tmp_path / name
    path.write_bytes(pack(PLAIN))
    for source in (path, str(path), path.read_bytes()):
        with pytest.raises(TrecFormatError, match=rf"the file is {kind}-compressed; RankLab"):
            read_qrels(source, name=name)


def test_a_plain_file_named_gz_is_read_as_plain_text(tmp_path):
    # Arrow decompressed by the name: the same file name now means the same thing everywhere.
    path = tmp_path / "qrels.gz"
    path.write_bytes(b"1 0 d1 1\n1 0 d2 2\n")
    same(read_qrels(path), TWO.astype({"qid": object, "docno": object}))
    assert (
        arrow_kernels.read_delimited(
            str(path), {"qid": "text", "_1": "ignored", "docno": "text", "rel": "number"}, " "
        ).num_rows
        == 2
    )


# --------------------------------------------------------- item 6: a source without an end


def test_a_device_is_refused_and_a_pipe_is_read(tmp_path):
    with pytest.raises(TrecFormatError, match=r"/dev/zero: this is a device, not a file"):
        read_qrels("/dev/zero")
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    writer = threading.Thread(target=lambda: fifo.write_bytes(b"1 0 d1 1\n1 0 d2 2\n"))
    writer.start()
    frame = read_qrels(fifo)
    writer.join()
    same(frame, TWO.astype({"qid": object, "docno": object}))


def test_a_pipe_longer_than_the_cap_is_refused(tmp_path, monkeypatch):
    monkeypatch.setattr(trec_source, "_MAX_STREAM_BYTES", 10)
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    writer = threading.Thread(target=lambda: fifo.write_bytes(b"1 0 d1 1\n1 0 d2 2\n"))
    writer.start()
    with pytest.raises(TrecFormatError, match=r"more than 0 GiB came through the pipe"):
        read_qrels(fifo)
    writer.join()


# ------------------------------------------------------------- item 16: one very long id


def test_hashing_takes_a_bounded_number_of_steps_per_value(tmp_path, monkeypatch):
    """The numpy hash loops once per 8 bytes of the longest value of a block, over every row
    of the block: a 10 MB id took 1.3 million steps (14-24 s).  Long values are told apart
    by Arrow's dictionary encoding instead, whose time grows with their bytes."""
    longest_hashed = []
    block_hash = arrow_kernels._block_hash

    def spy(offsets, data):
        longest_hashed.append(int(np.diff(offsets).max(initial=0)))
        return block_hash(offsets, data)

    monkeypatch.setattr(arrow_kernels, "_block_hash", spy)
    long = "d" * 1_000_000
    data = f"1 0 {long} 1\n1 0 d2 1\n2 0 {long} 0\n".encode()
    for frame in both_ways(tmp_path, "qrels.txt", data):
        assert frame["docno"].str.len().tolist() == [1_000_000, 2, 1_000_000]
    assert longest_hashed and max(longest_hashed) <= 128
    with pytest.raises(TrecFormatError, match=r"line 2: document 'd{60}'\.\.\. \(1000000 char"):
        read_run(f"1 Q0 {long} 1 2 t\n1 Q0 {long} 2 1 t\n".encode())
    assert max(longest_hashed) <= 128


def test_dictionary_codes_find_repeated_long_pairs():
    long = "z" * 200

    def column(*chunks):
        return pa.chunked_array([pa.array(chunk, pa.large_string()) for chunk in chunks])

    qid, docno = column(["1", "1"], ["2", "1"]), column([long, "a"], [long, long])
    assert arrow_kernels.has_repeated_pair(qid, docno) is None  # rows 0 and 3: (1, long)
    assert arrow_kernels.rows_sharing_a_pair_hash(qid, docno).tolist() == [0, 3]
    assert arrow_kernels.has_repeated_pair(qid, column(["a", "b"], ["c", long])) is False
