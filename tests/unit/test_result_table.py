"""`Result.table` built when first read (issue 32): a Result made with a function for its table
reads as one made with the table itself, builds it once, and pickles with the table built."""

from __future__ import annotations

import pickle

import pandas as pd
import pytest

from rankwork.core.conventions import TEXTBOOK
from rankwork.core.measures.families.dcg import dcg, ndcg
from rankwork.core.measures.families.precision import precision
from rankwork.core.ranking import Ranking
from rankwork.core.result import Result


def test_a_table_given_as_a_function_is_built_once_when_read() -> None:
    calls = []

    def build() -> pd.DataFrame:
        calls.append(1)
        return pd.DataFrame({"rank": [1, 2], "contribution": [0.5, 0.25]})

    result = Result("P@2", 0.75, build)
    assert calls == []  # the value alone builds nothing
    assert float(result) == 0.75
    assert result.table["contribution"].sum() == 0.75
    assert result.table is result.table
    assert calls == [1]


def test_a_result_pickles_with_its_table_built() -> None:
    # st.cache_data and copies pickle Results: a function cannot be pickled, its table can
    result = Result("P@1", 1.0, lambda: pd.DataFrame({"rank": [1], "contribution": [1.0]}))
    copy = pickle.loads(pickle.dumps(result))
    assert copy.value == 1.0
    assert copy.table.equals(result.table)


def test_the_table_cannot_be_replaced() -> None:
    result = Result("P@1", 1.0, pd.DataFrame({"contribution": [1.0]}))
    with pytest.raises(AttributeError):
        result.table = pd.DataFrame()  # type: ignore[misc]


def test_precision_and_dcg_tables_sum_to_their_values() -> None:
    # P@3 of grades 2, 0, 1: 2 relevant of 3 = 2/3, each relevant rank contributes 1/3.
    # DCG@3 under the textbook convention (exponential gain 2^g - 1, 1/log2(i + 1)):
    # 3/1 + 0 + 1/2 = 3.5
    p = precision(Ranking.build([2, 0, 1]), TEXTBOOK, 3)
    assert p.value == pytest.approx(2 / 3)
    assert p.table["contribution"].tolist() == pytest.approx([1 / 3, 0, 1 / 3])
    d = dcg(Ranking.build([2, 0, 1]), TEXTBOOK, 3)
    assert d.value == pytest.approx(3.5)
    assert d.table["contribution"].sum() == pytest.approx(3.5)
    # the table of DCG is nDCG's with DCG's terms as contributions; nDCG's own is unchanged
    full = ndcg(Ranking.build([2, 0, 1]), TEXTBOOK, 3)
    assert d.table["contribution"].tolist() == full.table["dcg_contribution"].tolist()
    assert full.table["contribution"].sum() == pytest.approx(full.value)
