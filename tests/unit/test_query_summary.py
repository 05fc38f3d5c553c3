"""rankwork.stats.query_summary: R, list length and first relevant rank per query, read off the
batch measures, checked on a collection worked by hand."""

from __future__ import annotations

import math

import pandas as pd
import pytest

from rankwork.collection.batch import evaluate
from rankwork.stats.query_summary import (
    SUMMARY_MEASURES,
    means_without,
    nothing_relevant,
    summarise,
)

QRELS = pd.DataFrame(
    [("a", "d1", 0), ("a", "d2", 2), ("a", "d9", 1), ("b", "d1", 0), ("c", "d3", 1)],
    columns=["qid", "docno", "rel"],
)
RUN = pd.DataFrame(
    # query a: d1 (0), d5 (unjudged), d2 (2): first relevant at rank 3; b: nothing relevant
    [("a", "d1", 3.0), ("a", "d5", 2.0), ("a", "d2", 1.0), ("b", "d1", 1.0)],
    columns=["qid", "docno", "score"],
)


def test_summary_by_hand() -> None:
    result = evaluate(QRELS, RUN, ["P@2", *SUMMARY_MEASURES])  # query c is missing: scored 0
    facts = summarise(result.per_query)
    assert facts.loc["a"].tolist()[:2] == [2, 3] and facts.loc["a", "first_relevant"] == 3
    assert facts.loc["b", "relevant"] == 0 and math.isnan(facts.loc["b", "first_relevant"])
    assert facts.loc["c", "retrieved"] == 0 and facts.loc["c", "relevant"] == 1
    assert nothing_relevant(facts) == ["b"]
    assert means_without(result.per_query, ["b"])["P@2"] == pytest.approx(0.0)
    assert means_without(result.per_query, ["b", "c"])["RR"] == pytest.approx(1 / 3)


def test_summary_needs_its_measures() -> None:
    with pytest.raises(ValueError, match="NumRet, RR"):
        summarise(pd.DataFrame({"NumRel": [1.0]}))
