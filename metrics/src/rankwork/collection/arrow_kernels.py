"""The one place where RankLab calls pyarrow directly, for speed.

pyarrow is an optional dependency (the extra ``rankwork[arrow]``; the app installs it, as pandas'
string columns and streamlit use it): this module is imported only through
:func:`rankwork.collection.arrow_support.kernels`, and only when pyarrow is installed.  pandas' own
kernels cost several times more on the large runs the command line reads (2-10 million lines), so
the TREC reader and the batch evaluation use these when they can, and their pandas equivalents
otherwise (same results):

- :func:`read_delimited`: Arrow's multi-threaded CSV reader, for TREC files whose fields are
  separated by single spaces (or single tabs): 0.12 s per 2 million run lines where the pandas
  C parser takes 0.35 s, and it reads the file itself, so the file's bytes are never held in
  memory whole;
- :func:`text_hash` and :func:`has_repeated_pair`: a 64-bit hash of every value of a text
  column, computed with numpy over the column's Arrow buffers (a pass over the bytes, no hash
  table): equal texts always get equal hashes, so "no two pair hashes are equal" proves "no
  (qid, docno) pair repeats".  Hashing 2 million document ids takes ~20 ms where a hash table
  (``pd.factorize``, ``pyarrow.compute.dictionary_encode``) takes ~300 ms, most of it cache
  misses in a table of a million entries (against pandas' and pyarrow's own duplicate
  detection on 10M lines: README.md here, ``bench/bench_duplicates.py``);
- :func:`text_check`, :func:`starts_with`, :func:`whole_values`: the reader's other checks;
- :func:`factorize`, :func:`positions_in`, :func:`byte_order_keys`: the batch evaluation's
  query codes (from the run's blocks of one query), join (Arrow's ``index_in``) and tie order
  (``sort_indices``), with 4-byte results and no copy of a whole column.

Everything here works on ``pyarrow.ChunkedArray`` columns (what Arrow's CSV reader returns
and what pandas keeps inside its "str" columns) chunk by chunk, without combining chunks
(:func:`take`): combining copies the whole column.
"""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.csv as pa_csv

__all__ = [
    "arrow_text",
    "byte_order_keys",
    "factorize",
    "has_repeated_pair",
    "positions_in",
    "read_delimited",
    "release_unused",
    "rows_sharing_a_pair_hash",
    "starts_with",
    "take",
    "text_check",
    "text_hash",
    "whole_values",
]

_MUL_LENGTH = np.uint64(0x9E3779B97F4A7C15)
_MUL_WORD = np.uint64(0xBF58476D1CE4E5B9)
_MUL_PAIR = np.uint64(0x94D049BB133111EB)
_ALL_ONES = np.uint64(0xFFFFFFFFFFFFFFFF)
# text_hash is used on columns whose values have at most this many bytes (at most 16 steps per
# value); longer values are told apart by Arrow's dictionary encoding instead.
_HASH_BYTES = 128
# Rows per step of the numpy loops below.  Their temporaries (64 KiB) then stay under glibc's
# mmap threshold and are reused from the heap: whole-chunk temporaries were mapped afresh each
# time, and the page faults (about 2 us each on this project's VM) doubled the hashing time.
_BLOCK = 8192


def read_delimited(source: str | bytes, columns: dict[str, str], delimiter: str) -> pa.Table | None:
    """Every line of ``source`` (a path, or the file's bytes) split at each ``delimiter``
    into exactly ``len(columns)`` fields; None if Arrow cannot read it so.

    ``columns`` names the fields in order, each with its kind: ``"number"`` (float64),
    ``"text"`` (large strings: what pandas' "str" columns hold, so no conversion follows) or
    ``"ignored"`` (strings with 32-bit offsets: read only to be checked).  No quoting, no
    escapes, no missing values (an empty text is text, an empty number is an error); empty
    lines are skipped; a UTF-8 byte order mark is skipped; lines end at LF, CR LF or CR.
    Numbers may have spaces or tabs around them (Arrow trims them).  Any other problem (a line
    with another number of fields, a value that is not a number, text that is not UTF-8, no
    line at all) gives None: the caller then reads the file its general way.
    """
    types = {"number": pa.float64(), "text": pa.large_string(), "ignored": pa.string()}
    try:
        # A file, not its path: given a path ending in .gz or .bz2, Arrow would decompress it,
        # which the reader's general path does not (rankwork.collection.trec refuses compressed
        # files).
        input_file = pa.BufferReader(source) if isinstance(source, bytes) else pa.OSFile(source)
    except (pa.ArrowException, OSError):
        return None
    try:
        table = pa_csv.read_csv(
            input_file,
            # Two threads parse at once: 0.19 -> 0.12 s per 2 million lines on 2 cores.
            read_options=pa_csv.ReadOptions(column_names=list(columns), use_threads=True),
            parse_options=pa_csv.ParseOptions(
                delimiter=delimiter,
                quote_char=False,
                double_quote=False,
                escape_char=False,
                newlines_in_values=False,
                ignore_empty_lines=True,
            ),
            convert_options=pa_csv.ConvertOptions(
                column_types={name: types[kind] for name, kind in columns.items()},
                null_values=[],
                strings_can_be_null=False,
                quoted_strings_can_be_null=False,
                check_utf8=True,
            ),
        )
    except pa.ArrowException:
        return None
    finally:
        input_file.close()
    # The parser's threads free their buffers into their own malloc arenas, where the main
    # thread's numpy arrays cannot reuse them: hand them back (30 MB per 2 million lines).
    release_unused()
    return table


def release_unused() -> None:
    """Give back to the system the memory Arrow's allocator holds but no longer uses (with
    the C library's malloc, as the command line has it, this is malloc_trim)."""
    pa.default_memory_pool().release_unused()


def _text_blocks(column: pa.ChunkedArray) -> Iterator[tuple[int, np.ndarray, np.ndarray]]:
    """A text column in blocks of at most _BLOCK consecutive values: for each, the row of its
    first value in the column, its offsets (int64, one more than its values) into its chunk's
    data bytes, and those bytes.  Views of the Arrow buffers, no copies."""
    row = 0
    for chunk in column.chunks:
        _, offsets_buffer, data_buffer = chunk.buffers()
        width = np.int64 if pa.types.is_large_string(chunk.type) else np.int32
        offsets = np.frombuffer(offsets_buffer, dtype=width)[chunk.offset :]
        data = np.frombuffer(data_buffer, dtype=np.uint8) if data_buffer else np.zeros(0, np.uint8)
        for first in range(0, len(chunk), _BLOCK):
            last = min(first + _BLOCK, len(chunk))
            yield row + first, offsets[first : last + 1].astype(np.int64), data
        row += len(chunk)


def text_check(column: pa.ChunkedArray, byte: int) -> tuple[int, bool]:
    """The length in bytes of the shortest value of a text column (0 if it has no value), and
    whether some value contains ``byte``."""
    shortest, found = None, False
    for _, offsets, data in _text_blocks(column):
        length = int((offsets[1:] - offsets[:-1]).min())
        shortest = length if shortest is None else min(shortest, length)
        found = found or bool((data[offsets[0] : offsets[-1]] == byte).any())
    return shortest or 0, found


def text_hash(column: pa.ChunkedArray) -> np.ndarray:
    """A uint64 hash of every value of a text column: equal texts, equal hashes.

    Each value is read as little-endian 64-bit words straight from its chunk's data buffer
    (an unaligned, byte-strided numpy view: one gather per word, the bytes past the value's end
    masked off); the length, then each word, is mixed in by a multiply-xorshift step (a
    bijection of 64-bit numbers, so two values of at most 8 bytes and the same length never
    collide).  The number of steps depends only on the value's length, so a value hashes the
    same in any chunk or column.  Made for equality tests only (the low bits are weak).
    """
    out = np.empty(len(column), dtype=np.uint64)
    for row, offsets, data in _text_blocks(column):
        out[row : row + len(offsets) - 1] = _block_hash(offsets, data)
    return out


def _block_hash(offsets: np.ndarray, data: np.ndarray) -> np.ndarray:
    start = offsets[:-1]
    length = offsets[1:] - start
    if data.size < 8:  # too short for one word: pad a copy
        data = np.concatenate([data, np.zeros(8, np.uint8)])
    last = data.size - 8  # the last position a whole word can be read from
    words = np.ndarray(shape=(last + 1,), dtype="<u8", buffer=data, strides=(1,))
    with np.errstate(over="ignore"):
        h = length.astype(np.uint64) * _MUL_LENGTH
        shortest = int(length.min()) if len(length) else 0
        longest = int(length.max()) if len(length) else 0
        for k in range(0, longest, 8):
            at = start + k
            # Near the buffer's end read the last whole word and shift the wanted bytes down.
            read_at = np.minimum(at, last)
            word = words[read_at] >> ((at - read_at).astype(np.uint64) * np.uint64(8))
            if k + 8 > shortest:  # some values end inside (or before) this word
                left = np.clip(length - k, 0, 8).astype(np.uint64)
                low_bytes = (np.uint64(1) << (np.minimum(left, 7) * np.uint64(8))) - np.uint64(1)
                word &= np.where(left >= 8, _ALL_ONES, low_bytes)
            mixed = (h ^ word) * _MUL_WORD
            mixed ^= mixed >> np.uint64(31)
            h = mixed if k < shortest else np.where(length > k, mixed, h)
    return h


def has_repeated_pair(first: pa.ChunkedArray, second: pa.ChunkedArray) -> bool | None:
    """False when no two rows have equal (first, second) texts, proven by their hashes; None
    when two rows' hashes are equal (equal texts, or rarely a collision: the caller decides
    with an exact comparison, see :func:`rows_sharing_a_pair_hash`).  Memory: one uint64 per
    row."""
    pairs = _pair_hashes(first, second)
    pairs.sort()  # numpy sorts 64-bit keys fast (2 million in ~10 ms)
    return None if (pairs[1:] == pairs[:-1]).any() else False


def rows_sharing_a_pair_hash(first: pa.ChunkedArray, second: pa.ChunkedArray) -> np.ndarray:
    """The rows whose (first, second) hash another row has too: the only rows that can
    repeat a pair, to be compared exactly."""
    pairs = _pair_hashes(first, second)
    ordered = np.sort(pairs)
    shared = ordered[1:][ordered[1:] == ordered[:-1]]
    return np.flatnonzero(np.isin(pairs, shared))


def _pair_hashes(first: pa.ChunkedArray, second: pa.ChunkedArray) -> np.ndarray:
    pairs = _column_keys(first)
    second_codes = None if _short_values(second) else _dictionary_codes(second)
    with np.errstate(over="ignore"):
        for row, offsets, data in _text_blocks(second):
            block = pairs[row : row + len(offsets) - 1]
            block *= _MUL_PAIR
            if second_codes is None:
                block ^= _block_hash(offsets, data)
            else:
                block ^= second_codes[row : row + len(block)]
            block ^= block >> np.uint64(29)
            block *= _MUL_WORD
    return pairs


def _column_keys(column: pa.ChunkedArray) -> np.ndarray:
    """One uint64 per value, equal for equal values: :func:`text_hash` when every value is
    short, else the value's code in Arrow's dictionary encoding (exact)."""
    return text_hash(column) if _short_values(column) else _dictionary_codes(column)


def _short_values(column: pa.ChunkedArray) -> bool:
    """Whether no value is longer than _HASH_BYTES, so that :func:`text_hash` takes at most
    _HASH_BYTES / 8 steps per value.  Past that its cost would grow with the rows times the
    longest value (one 10 MB document id: 1.3 million steps over every row of its block)."""
    return len(column) == 0 or pc.max(pc.binary_length(column)).as_py() <= _HASH_BYTES


def _dictionary_codes(column: pa.ChunkedArray) -> np.ndarray:
    """The code of each value in Arrow's dictionary encoding (a hash table over the values:
    a time proportional to their bytes; several times slower than text_hash on short ids).
    The chunks of the encoded column share one dictionary, so the codes are comparable."""
    encoded = pc.dictionary_encode(column)
    out = np.empty(len(column), dtype=np.uint64)
    row = 0
    for chunk in encoded.chunks:
        out[row : row + len(chunk)] = chunk.indices.to_numpy(zero_copy_only=False)
        row += len(chunk)
    return out


def whole_values(column: pa.ChunkedArray, limit: float) -> np.ndarray | None:
    """A float64 column as int64, if every value is a whole number of magnitude below
    ``limit`` (at most 2**53, so that each is exact); else None."""
    out = np.empty(len(column), dtype=np.int64)
    row = 0
    for chunk in column.chunks:
        values = chunk.to_numpy()
        for first in range(0, len(values), _BLOCK):
            block = values[first : first + _BLOCK]
            if not ((np.abs(block) < limit) & (block == np.floor(block))).all():
                return None
            out[row + first : row + first + len(block)] = block
        row += len(values)
    return out


def factorize(values: pa.ChunkedArray) -> tuple[np.ndarray, np.ndarray] | None:
    """``pd.factorize`` (codes in order of first appearance) of a text column that comes in
    long blocks of one value, as a run's qid column does: (int32 codes, uniques as objects);
    None when the blocks are too many to be worth it (the caller then uses ``pd.factorize``).

    The blocks are found by comparing each value with the previous one (Arrow), only their
    first values are factorized, and the codes are repeated over the blocks: 4 bytes per row
    and no hash table over millions of rows (``pd.factorize`` takes ~50 ms and 30 MB per 2
    million run lines, this ~10 ms and 8 MB)."""
    n = len(values)
    if n == 0:
        return np.zeros(0, np.int32), np.zeros(0, dtype=object)
    if values.null_count:  # pd.factorize gives missing values the code -1
        return None
    changed = pc.not_equal(values.slice(1), values.slice(0, n - 1))
    starts = np.flatnonzero(changed.to_numpy(zero_copy_only=False)) + 1
    starts = np.concatenate(([0], starts))
    if len(starts) > max(1_000, n // 16):
        return None
    code_of: dict[str, int] = {}
    block_codes = np.array(
        [code_of.setdefault(v, len(code_of)) for v in take(values, starts).to_pylist()],
        dtype=np.int32,
    )
    codes = np.repeat(block_codes, np.diff(np.append(starts, n)))
    return codes, np.array(list(code_of), dtype=object)


def take(values: pa.ChunkedArray, rows: np.ndarray) -> pa.Array:
    """``values[rows]``, taken chunk by chunk: Arrow's take on a chunked column first combines
    its chunks, a copy of the whole column (30 MB per 2 million document ids) to take a few."""
    sizes = np.array([len(chunk) for chunk in values.chunks], dtype=np.int64)
    starts = np.cumsum(sizes) - sizes
    chunk_of = np.searchsorted(starts, rows, side="right") - 1  # empty chunks are skipped
    by_chunk = np.argsort(chunk_of, kind="stable")
    bounds = np.searchsorted(chunk_of[by_chunk], np.arange(len(sizes) + 1))
    parts = [
        values.chunk(c).take(pa.array(rows[by_chunk[bounds[c] : bounds[c + 1]]] - starts[c]))
        for c in range(len(sizes))
        if bounds[c + 1] > bounds[c]
    ]
    grouped = pa.concat_arrays(parts) if parts else pa.array([], values.type)
    back = np.empty(len(rows), dtype=np.int64)
    back[by_chunk] = np.arange(len(rows))
    return grouped.take(pa.array(back))


def positions_in(values: pa.ChunkedArray, names: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The rows of an Arrow text column whose value is among ``names`` (distinct strings),
    and the value's position in ``names`` (int32): Arrow's index_in (a hash table over the
    names, which are few), keeping only the rows found (a run's judged documents: a few
    percent of its rows) rather than an array of the column's length."""
    found = pc.index_in(values, value_set=pa.array(names, values.type))
    rows = np.flatnonzero(pc.is_valid(found).to_numpy(zero_copy_only=False))
    return rows, pc.drop_null(found).to_numpy().astype(np.int32, copy=False)


def byte_order_keys(values: pa.ChunkedArray, rows: np.ndarray) -> np.ndarray:
    """The rank of each of ``values[rows]`` among them in byte order (strcmp's)."""
    sorter = pc.sort_indices(take(values, rows)).to_numpy()
    key = np.empty(len(rows), dtype=np.int64)
    key[sorter] = np.arange(len(rows))
    return key


def starts_with(column, prefix: str) -> bool:
    """Whether some value of an Arrow text column starts with ``prefix``."""
    return bool(pc.any(pc.starts_with(column, prefix)).as_py())


def arrow_text(values) -> pa.ChunkedArray | None:
    """The Arrow strings inside a pandas text column (its "str" dtype, or an Arrow string
    dtype), without a copy; None when pandas keeps the column otherwise (e.g. objects)."""
    if not hasattr(values.array, "__arrow_array__"):
        return None
    array = values.array.__arrow_array__()
    if isinstance(array, pa.Array):
        array = pa.chunked_array([array])
    if not (pa.types.is_string(array.type) or pa.types.is_large_string(array.type)):
        return None
    return array
