"""Where each run line lands in its query's ranking, for `rankwork.collection.batch`: `rank`
(score descending, ties by the convention's policy, without a Python loop per query), and the
column kernels the batch evaluation matches and orders text with (`factorize`, `positions_in`,
the byte order of docnos): Arrow's (`rankwork.collection.arrow_kernels`) when pyarrow is
installed and the column holds Arrow strings, pandas' and numpy's otherwise (`ARROW_KERNELS =
False` forces those; the tests run both).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
import pandas as pd

from rankwork.collection import arrow_support

__all__ = ["ARROW_KERNELS", "Ranks", "as_text", "factorize", "positions_in", "rank"]


@dataclass(frozen=True, eq=False)
class Ranks:
    """Where some run rows land in their query's ranking: n_ret per query, and for the rows
    asked about their 1-based rank and (ties='average') their tie group's first/last rank."""

    n_ret: np.ndarray
    pos: np.ndarray
    tie_first: np.ndarray | None
    tie_last: np.ndarray | None


def rank(run_codes, run_q, score, docno: pd.Series, ties: str, n_queries: int, rows):
    """Rank every evaluated query's lines (run_q >= 0) by score descending, ties by the policy
    ('docno_desc': docno descending in byte order, trec_eval's strcmp; 'input' and 'average':
    file order; 'reverse_input': reverse file order), and report where `rows` land.

    The lines are first put in a sequence sorted by query then score, file order within ties:
    a run written as run files are (each query one block, scores non-increasing) already is
    that sequence and is neither sorted nor copied; other runs are sorted (np.lexsort). A
    line's rank is its distance from its block's start, except inside a tie group, whose
    lines are reordered by the tie policy among the group's places."""
    if _in_sequence(run_codes, score):
        sequence, seq_q, seq_score, seq_of_rows, block_id = None, run_q, score, rows, run_codes
    else:
        kept = np.flatnonzero(run_q >= 0)
        sequence = kept[np.lexsort((-score[kept], run_q[kept]))]
        seq_q, seq_score = run_q[sequence], score[sequence]
        seq_of_line = np.full(len(run_q), -1, dtype=np.int64)
        seq_of_line[sequence] = np.arange(len(sequence))
        seq_of_rows, block_id = seq_of_line[rows], seq_q
    new_block = np.ones(len(seq_q), dtype=bool)
    new_block[1:] = block_id[1:] != block_id[:-1]
    starts = np.flatnonzero(new_block)
    n_ret = np.zeros(n_queries, dtype=np.int64)
    block_q = seq_q[starts]
    n_ret[block_q[block_q >= 0]] = np.diff(np.append(starts, len(seq_q)))[block_q >= 0]

    tied, group = _tie_groups(seq_score, new_block)
    if ties in ("docno_desc", "reverse_input") and len(tied):
        lines = tied if sequence is None else sequence[tied]
        key = _byte_order(docno, lines) if ties == "docno_desc" else lines
        # The group's places, in order, go to its lines in the new order.
        moved = lines[np.lexsort((-key, group))]
        by_line = np.argsort(moved)
        at, found = _find(moved[by_line], rows)
        seq_of_rows = np.where(found, tied[by_line][at], seq_of_rows)
    block_start = starts[np.searchsorted(starts, seq_of_rows, side="right") - 1]
    pos = seq_of_rows - block_start + 1
    if ties != "average":
        return Ranks(n_ret, pos, None, None)
    # Each row's tie group as 1-based ranks (a row in no tie is a group of one).
    tie_first, tie_last = pos.copy(), pos.copy()
    at, found = _find(tied, seq_of_rows)
    if found.any():
        first = tied[np.flatnonzero(np.diff(group, prepend=-1))]  # each group's first place
        g = group[at[found]]
        tie_first[found] = first[g] - block_start[found] + 1
        tie_last[found] = tie_first[found] + np.bincount(group)[g] - 1
    return Ranks(n_ret, pos, tie_first, tie_last)


def _tie_groups(seq_score: np.ndarray, new_block: np.ndarray):
    """The sequence places that tie with a neighbour of the same block, and their group
    numbers (0, 1, ...: consecutive places of equal score)."""
    tie_next = (seq_score[1:] == seq_score[:-1]) & ~new_block[1:]
    tied = np.flatnonzero(np.concatenate(([False], tie_next)) | np.append(tie_next, False))
    group_start = np.ones(len(tied), dtype=bool)
    group_start[1:] = ~tie_next[tied[1:] - 1]
    return tied, np.cumsum(group_start) - 1


def _find(sorted_values: np.ndarray, wanted: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """For each wanted value: its index in sorted_values (clipped) and whether it is there."""
    if not len(sorted_values):
        return np.zeros(len(wanted), dtype=np.int64), np.zeros(len(wanted), dtype=bool)
    at = np.minimum(np.searchsorted(sorted_values, wanted), len(sorted_values) - 1)
    return at, sorted_values[at] == wanted


def _in_sequence(run_codes, score) -> bool:
    """Whether each query's lines are one block with scores non-increasing."""
    change = run_codes[1:] != run_codes[:-1]
    if not ((score[1:] <= score[:-1]) | change).all():
        return False
    return not len(run_codes) or change.sum() + 1 == run_codes.max() + 1


def _byte_order(docno: pd.Series, rows: np.ndarray) -> np.ndarray:
    """The rank of each of docno[rows] among them in byte order (strcmp's, trec_eval's).
    Python compares str by code point, the byte order of their UTF-8; Arrow compares bytes."""
    kernels, arrow = _arrow(docno)
    if arrow is None:
        _unique, key = np.unique(docno.iloc[rows].to_numpy(dtype=object), return_inverse=True)
        return key
    return kernels.byte_order_keys(arrow, rows)


def factorize(values: pd.Series) -> tuple[np.ndarray, np.ndarray]:
    """`pd.factorize` (codes in order of first appearance) with the uniques as objects; int32
    codes straight from Arrow for an Arrow column (the run's qid column: 2-10 million rows)."""
    kernels, arrow = _arrow(values)
    factorized = None if arrow is None else kernels.factorize(arrow)
    if factorized is None:
        codes, uniques = pd.factorize(values)
        return codes, np.asarray(uniques, dtype=object)
    return factorized


def as_text(values: pd.Series) -> pd.Series:
    """A column as text (ids read from CSV or built by hand may be numbers)."""
    return values if pd.api.types.is_string_dtype(values.dtype) else values.astype(str)


def _arrow(values: pd.Series) -> tuple[Any, Any]:
    """The Arrow kernels (`rankwork.collection.arrow_kernels`) and the column as a pyarrow
    ChunkedArray, when pyarrow is installed and pandas keeps the column in Arrow strings (its
    default str dtype then, and what rankwork.collection.trec returns), so that matching and
    sorting run in Arrow's kernels; else (None, None) (and always with ARROW_KERNELS False)."""
    kernels = arrow_support.kernels() if ARROW_KERNELS else None
    if kernels is None:
        return None, None
    arrow = kernels.arrow_text(values)
    return (None, None) if arrow is None else (kernels, arrow)


def positions_in(values: pd.Series, names) -> tuple[np.ndarray, np.ndarray]:
    """The rows whose value is among `names` (distinct strings), and its position there."""
    kernels, arrow = _arrow(values)
    if arrow is None:
        at = pd.Index(names, dtype=object).get_indexer(values.to_numpy(dtype=object))
        rows = np.flatnonzero(at >= 0)
        return rows, at[rows]
    return kernels.positions_in(arrow, np.asarray(names, dtype=object))


ARROW_KERNELS = True  # False: the pure pandas path, as without pyarrow (the tests run both)
