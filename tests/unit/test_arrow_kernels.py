"""rankwork.collection.arrow_kernels: each kernel against the plain pandas / pyarrow / Python it
stands in for.

The kernels read Arrow buffers directly (offsets, data bytes, chunk by chunk), so the tests
vary what the buffers look like: several chunks, empty chunks, sliced arrays (an offset into
the buffers), 32- and 64-bit offsets, and data buffers that end exactly where the last value
ends (the hash then reads its last word from before the value).
"""

from __future__ import annotations

import random

import numpy as np
import pandas as pd
import pyarrow as pa
import pytest

from rankwork.collection import arrow_kernels as ak

VALUES = ["", "a", "ab", "abcdefg", "abcdefgh", "abcdefghi", "a\x00", "a\x00\x00", "é", "D0000123"]
VALUES += ["msmarco_v2.1_doc_00_880019750#4_1633802806", "x" * 17, "x" * 24, "x" * 25]


def exact_buffers(values: list[str], large: bool = True) -> pa.Array:
    """A string array whose data buffer holds exactly the values' bytes, nothing after."""
    data = b"".join(v.encode() for v in values)
    offsets = np.cumsum([0] + [len(v.encode()) for v in values]).astype(
        np.int64 if large else np.int32
    )
    kind = pa.large_string() if large else pa.string()
    return pa.Array.from_buffers(
        kind, len(values), [None, pa.py_buffer(offsets.tobytes()), pa.py_buffer(data)]
    )


def chunked(values: list[str], cuts: list[int], large: bool = True) -> pa.ChunkedArray:
    bounds = [0, *cuts, len(values)]
    kind = pa.large_string() if large else pa.string()
    return pa.chunked_array(
        [pa.array(values[a:b], kind) for a, b in zip(bounds, bounds[1:], strict=False)], kind
    )


# ------------------------------------------------------------------------------- hashing


def test_equal_texts_hash_equal_wherever_they_are():
    rng = random.Random(0)
    values = [rng.choice(VALUES) for _ in range(500)]
    reference = ak.text_hash(pa.chunked_array([pa.array(values, pa.large_string())]))
    layouts = [
        chunked(values, [1, 1, 100, 499]),  # empty chunks too
        chunked(values, [250], large=False),
        pa.chunked_array([exact_buffers(values)]),
        pa.chunked_array([exact_buffers(values, large=False)]),
        pa.chunked_array([exact_buffers(["zz", *values])[1:]]),  # sliced: an offset
    ]
    for layout in layouts:
        assert (ak.text_hash(layout) == reference).all()
    by_value = dict(zip(values, reference.tolist(), strict=True))
    assert len(set(by_value.values())) == len(by_value)  # these few never collide


@pytest.mark.parametrize("last", ["", "a", "abcdefg", "abcdefghij", "é"])
def test_a_value_at_the_very_end_of_its_buffer(last):
    # The last whole word is read from before the value and shifted; a buffer of fewer than
    # 8 bytes is padded first.
    alone = ak.text_hash(pa.chunked_array([exact_buffers([last])]))
    after = ak.text_hash(pa.chunked_array([exact_buffers(["0123456789", last])]))
    inside = ak.text_hash(pa.chunked_array([exact_buffers([last, "0123456789"])]))
    assert alone[0] == after[1] == inside[0]


def test_short_values_of_one_length_never_collide():
    values = [bytes([a, b]).decode("latin-1") for a in range(256) for b in range(256)]
    hashes = ak.text_hash(pa.chunked_array([pa.array(values, pa.large_string())]))
    assert len(np.unique(hashes)) == len(values)


def test_values_that_differ_only_in_length_or_trailing_bytes():
    values = ["a", "a\x00", "a\x00\x00", "ab", "abcdefgh", "abcdefgh\x00", "abcdefghX"]
    hashes = ak.text_hash(pa.chunked_array([pa.array(values, pa.large_string())]))
    assert len(set(hashes.tolist())) == len(values)


def test_repeated_pairs():
    qid = pa.chunked_array([pa.array(["1", "1", "2", "2"], pa.large_string())])
    docno = chunked(["a", "b", "a", "b"], [1])
    assert ak.has_repeated_pair(qid, docno) is False  # the same docno in two queries is fine
    docno = chunked(["a", "b", "c", "a"], [2])
    assert (
        ak.has_repeated_pair(
            pa.chunked_array([pa.array(["1", "1", "1", "1"], pa.large_string())]), docno
        )
        is None
    )


def test_the_rows_that_may_repeat_a_pair():
    qid = chunked(["1", "1", "2", "1", "2", "1"], [3])
    docno = chunked(["a", "b", "a", "a", "c", "b"], [1])
    assert ak.has_repeated_pair(qid, docno) is None
    assert ak.rows_sharing_a_pair_hash(qid, docno).tolist() == [0, 1, 3, 5]


def test_a_hash_collision_is_reported_as_a_possible_repeat(monkeypatch):
    monkeypatch.setattr(ak, "_block_hash", lambda offsets, data: np.zeros(len(offsets) - 1, "u8"))
    qid = pa.chunked_array([pa.array(["1", "1"], pa.large_string())])
    docno = pa.chunked_array([pa.array(["a", "b"], pa.large_string())])
    assert ak.has_repeated_pair(qid, docno) is None  # the caller then compares exactly


# ---------------------------------------------------------------------------- checks


def test_text_check():
    assert ak.text_check(chunked(["ab", "c", "d\te"], [1]), ord("\t")) == (1, True)
    assert ak.text_check(chunked(["ab", "", "de"], [2]), ord("\t")) == (0, False)
    assert ak.text_check(pa.chunked_array([exact_buffers(["xx", "a b"])[1:]]), ord("x")) == (
        3,
        False,
    )


def test_starts_with():
    assert ak.starts_with(chunked(["1", "#c", "2"], [1]), "#")
    assert not ak.starts_with(chunked(["1", "c#", "2"], [1]), "#")


def test_whole_values():
    column = pa.chunked_array([pa.array([1.0, -0.0, 2.0**53 - 1]), pa.array([7.0])])
    assert ak.whole_values(column, 2.0**53).tolist() == [1, 0, 2**53 - 1, 7]
    assert ak.whole_values(pa.chunked_array([pa.array([1.0, 2.5])]), 2.0**53) is None
    assert ak.whole_values(pa.chunked_array([pa.array([2.0**53])]), 2.0**53) is None
    assert ak.whole_values(pa.chunked_array([pa.array([float("inf")])]), 2.0**53) is None


# ----------------------------------------------------------------------- batch kernels


@pytest.mark.parametrize("blocks", ["contiguous", "interleaved"])
def test_factorize_is_pandas_factorize(blocks):
    rng = np.random.default_rng(1)
    qids = [str(q) for q in rng.permutation(40) for _ in range(30)]
    if blocks == "interleaved":  # some queries in several blocks
        qids = qids[600:900] + qids[:600] + qids[900:] + qids[:10]
    column = chunked(qids, [7, 7, 500, 1100])
    codes, uniques = ak.factorize(column)
    expected_codes, expected_uniques = pd.factorize(pd.Series(qids))
    assert codes.dtype == np.int32
    assert codes.tolist() == expected_codes.tolist()
    assert uniques.tolist() == list(expected_uniques)


def test_factorize_leaves_many_blocks_and_missing_values_to_pandas():
    many = [str(i % 3) for i in range(20_000)]  # 20,000 blocks of one line
    assert ak.factorize(pa.chunked_array([pa.array(many, pa.large_string())])) is None
    assert ak.factorize(pa.chunked_array([pa.array(["a", None], pa.large_string())])) is None
    codes, uniques = ak.factorize(pa.chunked_array([], pa.large_string()))
    assert (len(codes), len(uniques)) == (0, 0)


def test_take_is_arrow_take():
    values = [f"v{i}" for i in range(300)]
    column = chunked(values, [0, 100, 100, 250])
    rng = np.random.default_rng(2)
    for rows in [
        np.array([], np.int64),
        np.array([299, 0, 150, 100, 99]),
        rng.integers(0, 300, 50),
    ]:
        assert ak.take(column, rows).to_pylist() == [values[r] for r in rows]


def test_positions_in_is_index_in():
    column = chunked(["b", "x", "a", "b", "y", "a"], [2, 2])
    rows, positions = ak.positions_in(column, np.array(["a", "b", "c"], dtype=object))
    assert rows.tolist() == [0, 2, 3, 5]
    assert positions.tolist() == [1, 0, 1, 0]
    assert positions.dtype == np.int32


def test_byte_order_keys_is_strcmp_order():
    values = ["d10", "d9", "é", "e", "D1", "d10 "]
    column = chunked(values, [3])
    rows = np.array([5, 0, 1, 2, 3])
    keys = ak.byte_order_keys(column, rows)
    ordered = sorted(rows.tolist(), key=lambda r: values[r].encode())
    assert [rows[i] for i in np.argsort(keys)] == ordered


def test_arrow_text():
    assert isinstance(ak.arrow_text(pd.Series(["a", "b"], dtype="str")), pa.ChunkedArray)
    assert ak.arrow_text(pd.Series(["a", "b"], dtype=object)) is None
    assert ak.arrow_text(pd.Series([1, 2], dtype="int64[pyarrow]")) is None


# ----------------------------------------------------------------------------- reading

COLUMNS = {"qid": "text", "_1": "ignored", "docno": "text", "rel": "number"}


def test_read_delimited_gives_none_for_what_it_cannot_read():
    assert ak.read_delimited(b"1 0 a 1\n", COLUMNS, " ").num_rows == 1
    for bad in [b"", b"1 0 a\n", b"1 0 a 1 x\n", b"1 0 a x\n", b"1 0 \xff 1\n", b'1 0 "a b" 1\n']:
        assert ak.read_delimited(bad, COLUMNS, " ") is None, bad
