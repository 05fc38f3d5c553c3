"""Write TREC runs and qrels (`write_run`, `write_qrels`) that `rankwork.collection.trec` reads
back to the same DataFrame; `trec_eval_ranks`, the ranks trec_eval gives a run's rows.
"""

from __future__ import annotations

import csv
import os
from typing import IO

import numpy as np
import pandas as pd

from rankwork.collection.trec_format import DEFAULT_TAG

__all__ = [
    "trec_eval_ranks",
    "write_qrels",
    "write_run",
]


def trec_eval_ranks(run: pd.DataFrame) -> np.ndarray:
    """1-based rank of each row within its query: score descending, ties by docno descending."""
    keys = run[["qid", "score", "docno"]].reset_index(drop=True)
    ordered = keys.sort_values(
        ["qid", "score", "docno"], ascending=[True, False, False], kind="stable"
    )
    ranks = np.empty(len(keys), dtype=np.int64)
    ranks[ordered.index.to_numpy()] = ordered.groupby("qid", sort=False).cumcount().to_numpy() + 1
    return ranks


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
            "rank": run["rank"].astype(np.int64) if "rank" in run.columns else trec_eval_ranks(run),
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
