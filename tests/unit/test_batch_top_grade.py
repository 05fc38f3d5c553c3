"""A query whose top grade occurs only among documents that were not retrieved: the batch path
must take ERR's top grade from the scale (the qrels), not from the retrieved documents.

qrels {a: 1, b: 0, c: 3}, run a, b. The scale's top grade is 3 (c, never retrieved), so under
Textbook R_a = (2^1 - 1) / 2^3 = 1/8 and ERR@10 = 1/8 = 0.125. A top grade taken from the
retrieved documents (1) would give R_a = 1/2 and ERR@10 = 0.5."""

from __future__ import annotations

import pandas as pd
import pytest

from rankwork.collection.batch import evaluate
from rankwork.core import conventions as C
from rankwork.core.measures.families.err import err
from rankwork.core.ranking import Ranking

QRELS = pd.DataFrame({"qid": ["q"] * 3, "docno": ["a", "b", "c"], "rel": [1.0, 0.0, 3.0]})
RUN = pd.DataFrame(
    {"qid": ["q", "q"], "docno": ["a", "b"], "score": [2.0, 1.0], "rank": [1, 2], "tag": "t"}
)


def test_batch_err_reads_the_top_grade_of_the_qrels_not_of_the_list() -> None:
    result = evaluate(QRELS, RUN, ["ERR@10"], C.TEXTBOOK)
    assert result.per_query.loc["q", "ERR@10"] == pytest.approx(1 / 8)


def test_the_single_list_core_agrees() -> None:
    ranking = Ranking.build([1, 0], doc_ids=["a", "b"], unretrieved=[3], scale_max=3)
    assert err(ranking, C.TEXTBOOK, 10).value == pytest.approx(1 / 8)
