"""rankwork.collection.batch's Arrow kernels on the shapes a large run takes
(rankwork.collection.arrow_kernels): the query codes from the run's blocks of one query, and pandas'
factorize when the lines are so mixed that the blocks are too many; the join and tie order without
combining chunks.  Both give the numbers the plain pandas path gives."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from rankwork.collection import arrow_kernels, batch_ranks
from rankwork.collection.batch import evaluate

MEASURES = ["nDCG@10", "P@5", "AP", "RR", "R@20", "Bpref"]


def collection(shuffle: bool, seed: int = 3):
    """300 queries of up to 40 documents, with score ties; run lines in query blocks (sorted
    by score) or shuffled (then nearly every line is a block of its own)."""
    rng = np.random.default_rng(seed)
    run_rows, qrels_rows = [], []
    for q in range(300):
        qid = f"q{q}"
        docs = [f"d{d}" for d in rng.choice(500, size=int(rng.integers(1, 40)), replace=False)]
        scores = np.sort(rng.integers(0, 20, size=len(docs)) / 4.0)[::-1]
        run_rows += [(qid, d, s) for d, s in zip(docs, scores, strict=True)]
        qrels_rows += [(qid, d, float(rng.integers(0, 3))) for d in docs if rng.random() < 0.3]
        qrels_rows += [(qid, f"u{q}", 1.0)]
    if shuffle:
        run_rows = [run_rows[i] for i in rng.permutation(len(run_rows))]
    run = pd.DataFrame(run_rows, columns=["qid", "docno", "score"])
    qrels = pd.DataFrame(qrels_rows, columns=["qid", "docno", "rel"])
    # Several Arrow chunks per column, as the readers produce.
    for frame in (run, qrels):
        for column in ("qid", "docno"):
            parts = np.array_split(frame[column].to_numpy(dtype=object), 7)
            frame[column] = pd.Series(pd.concat([pd.Series(p, dtype="str") for p in parts]).array)
    return qrels, run


@pytest.mark.parametrize("shuffle", [False, True], ids=["blocks", "shuffled"])
def test_arrow_kernels_give_the_plain_pandas_numbers(monkeypatch, shuffle):
    qrels, run = collection(shuffle)
    assert arrow_kernels.arrow_text(run["docno"]).num_chunks == 7
    blocks = arrow_kernels.factorize(arrow_kernels.arrow_text(run["qid"]))
    assert (blocks is None) == shuffle  # shuffled: too many blocks, pandas factorizes
    arrow = evaluate(qrels, run, MEASURES).per_query
    monkeypatch.setattr(batch_ranks, "ARROW_KERNELS", False)
    plain = evaluate(qrels, run, MEASURES).per_query
    pd.testing.assert_frame_equal(arrow, plain, rtol=0, atol=0)
