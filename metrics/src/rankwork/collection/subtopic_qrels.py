"""A diversity qrels (`topic subtopic docno judgment`, a `subtopic` column: see
`rankwork.collection.trec`) in the two forms the batch evaluation reads.

1. `collapse`: one row per (query, document) whose grade is the document's largest judgment
   over its subtopics. Every measure that reads grades (nDCG, P, AP, ...) reads this, so on a
   diversity qrels a document counts as relevant when it is relevant to any subtopic, as
   ndeval reads it, and graded measures see its best grade.
2. `subtopic_arrays`: the relevant (document, subtopic) pairs, numbered for the diversity
   kernels (`rankwork.core.segments.Subtopics`).

A document is relevant to a subtopic when its judgment for it is > 0 (ndeval's rule; pyndeval
and ir_measures count judgments >= 1, the same for whole-number judgments). The subtopics of a
query are those some judged document is relevant to, as in `rankwork.core.intents`; intent
weights are uniform. `intents_of` gives one query's judgments as the single-list core's
`Intents`, the same way, for "open in the Playground".
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from rankwork.core.intents import Intents
from rankwork.core.segments import Subtopics
from rankwork.language import _


class RepeatedJudgment(ValueError):
    """A (query, subtopic, document) judged on two rows; `row` is the second (0-based)."""

    def __init__(self, message: str, row: int):
        super().__init__(message)
        self.row = row


def _text(values: pd.Series) -> pd.Series:
    return values if pd.api.types.is_string_dtype(values.dtype) else values.astype(str)


def collapse(qrels: pd.DataFrame) -> tuple[pd.DataFrame, np.ndarray, np.ndarray]:
    """The ordinary qrels of a diversity qrels (columns qid, docno, rel: one row per (query,
    document), its largest judgment, rows in order of first appearance), the row of `qrels`
    each row comes from (the first line with that largest judgment: errors name it), and for
    every row of `qrels` the row of the result it went into. Raises RepeatedJudgment."""
    qid, docno, subtopic = (_text(qrels[c]) for c in ("qid", "docno", "subtopic"))
    repeated = pd.DataFrame({"q": qid, "s": subtopic, "d": docno}).duplicated().to_numpy()
    if repeated.any():
        row = int(np.flatnonzero(repeated)[0])
        raise RepeatedJudgment(
            _("query {qid} judges document {docno} twice for subtopic {subtopic}.").format(
                qid=qid.iloc[row], docno=docno.iloc[row], subtopic=subtopic.iloc[row]
            ),
            row,
        )
    q_code, _uniques = pd.factorize(qid)
    d_code, docnos = pd.factorize(docno)
    pair, _pairs = pd.factorize(q_code.astype(np.int64) * max(len(docnos), 1) + d_code)
    rel = qrels["rel"].to_numpy(dtype=float)
    by_pair = np.lexsort((-rel, pair))  # stable: the first line among equal judgments
    first = np.ones(len(by_pair), dtype=bool)
    first[1:] = pair[by_pair][1:] != pair[by_pair][:-1]
    origin = by_pair[first]  # pair codes number pairs by first appearance: origin[p] is pair p's
    graded = pd.DataFrame(
        {
            "qid": qid.iloc[origin].to_numpy(),
            "docno": docno.iloc[origin].to_numpy(),
            "rel": rel[origin],
        }
    )
    return graded, origin, pair


def subtopic_arrays(
    qrels: pd.DataFrame,
    line_pair: np.ndarray,
    n_queries: int,
    pool_row: np.ndarray,
    pool_q: np.ndarray,
    ret_row: np.ndarray,
) -> Subtopics:
    """The relevant (document, subtopic) pairs of a diversity qrels for the kernels.

    line_pair  for every qrels row, its row of the collapsed qrels (`collapse`)
    pool_row, pool_q
               the collapsed rows in the judged pool (evaluated queries, a grade after the
               negative-grade policy), ascending, and their query indexes
    ret_row    the collapsed row of each judged retrieved row (`Prepared.ret_*`, in order)
    """
    relevant = np.flatnonzero(qrels["rel"].to_numpy(dtype=float) > 0)
    pair = line_pair[relevant]
    at = np.minimum(np.searchsorted(pool_row, pair), max(len(pool_row) - 1, 0))
    in_pool = (pool_row[at] == pair) if len(pool_row) else np.zeros(len(pair), dtype=bool)
    relevant, pair, pool_at = relevant[in_pool], pair[in_pool], at[in_pool]
    q = pool_q[pool_at].astype(np.int64)
    # Subtopic codes numbered by (query, name in byte order): str order is code point order,
    # which is the byte order of UTF-8 (C's strcmp, ndeval's).
    name_rank, names = pd.factorize(_text(qrels["subtopic"]).iloc[relevant], sort=True)
    sub_key, sub = np.unique(q * max(len(names), 1) + name_rank, return_inverse=True)
    sub_q = sub_key // max(len(names), 1)
    # The ideal's candidates, by (query, doc id in byte order).
    doc_rank, _docs = pd.factorize(_text(qrels["docno"]).iloc[relevant], sort=True)
    doc_key, doc = np.unique(q * (int(doc_rank.max(initial=0)) + 1) + doc_rank, return_inverse=True)
    doc_q = doc_key // (int(doc_rank.max(initial=0)) + 1)
    by_doc = np.lexsort((sub, doc))
    # The retrieved ones, by (retrieved row, subtopic name).
    ret_of_pair = np.full(int(line_pair.max(initial=-1)) + 1, -1, dtype=np.int64)
    ret_of_pair[ret_row] = np.arange(len(ret_row))
    ret = ret_of_pair[pair]
    hit = np.flatnonzero(ret >= 0)
    by_ret = hit[np.lexsort((sub[hit], ret[hit]))]
    return Subtopics(
        n_sub=np.bincount(sub_q, minlength=n_queries),
        sub_q=sub_q,
        ret_row=ret[by_ret],
        ret_sub=sub[by_ret],
        doc_q=doc_q,
        doc_sub_doc=doc[by_doc],
        doc_sub=sub[by_doc],
    )


def intents_of(judged: pd.DataFrame, doc_ids: list[str]) -> Intents:
    """One query's subtopic judgments (rows of a diversity qrels) as the core's `Intents`:
    the subtopics (judgment > 0) of each retrieved document, in `doc_ids` order, and every
    other judged document with its subtopics (none, for a document relevant to none)."""
    docno, subtopic = _text(judged["docno"]).tolist(), _text(judged["subtopic"]).tolist()
    subtopics: dict[str, set[str]] = {d: set() for d in docno}
    for d, s, rel in zip(docno, subtopic, judged["rel"].to_numpy(dtype=float), strict=True):
        if rel > 0:
            subtopics[d].add(s)
    retrieved = set(doc_ids)
    return Intents.build(
        [sorted(subtopics.get(d, ())) for d in doc_ids],
        unretrieved=[(d, sorted(s)) for d, s in subtopics.items() if d not in retrieved],
    )
