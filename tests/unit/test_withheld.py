"""Judgments withheld at random (rankwork.collection.withheld), worked by hand."""

from __future__ import annotations

import pandas as pd
import pytest

from rankwork.collection.withheld import MEASURES, degradation, withhold

QRELS = pd.DataFrame(
    {
        "qid": ["1"] * 4 + ["2"] * 3 + ["3"],
        "docno": ["a", "b", "c", "d", "e", "f", "g", "h"],
        "rel": [1.0, 0.0, 2.0, 1.0, 1.0, 0.0, 1.0, 1.0],
    }
)


def test_each_query_loses_its_share_rounded_half_up() -> None:
    out = withhold(QRELS, 0.5, seed=3)
    withheld = out["rel"] == -1
    # query 1: 4 judgments, half = 2; query 2: 3, 1.5 rounds up to 2; query 3: 1, 0.5 -> 1
    assert withheld.groupby(out["qid"]).sum().to_dict() == {"1": 2, "2": 2, "3": 1}
    kept = ~withheld
    assert out.loc[kept, "rel"].tolist() == QRELS.loc[kept, "rel"].tolist()
    # 10%: 0.4, 0.3 and 0.1 judgments round down to none
    assert withhold(QRELS, 0.1, seed=3)["rel"].tolist() == QRELS["rel"].tolist()
    assert QRELS["rel"].min() == 0.0  # the input is left as it was


def test_the_same_seed_withholds_the_same_judgments() -> None:
    pd.testing.assert_frame_equal(withhold(QRELS, 0.5, 7), withhold(QRELS, 0.5, 7))


def test_a_share_outside_0_1_is_refused() -> None:
    with pytest.raises(ValueError, match="from 0 up to 1; got 1.0"):
        withhold(QRELS, 1.0, 0)


def test_degradation_starts_from_every_judgment() -> None:
    # run: a (relevant) at rank 1, then b (not), then x (never judged)
    run = pd.DataFrame({"qid": ["1"] * 3, "docno": ["a", "b", "x"], "score": [3.0, 2.0, 1.0]})
    table = degradation(QRELS[QRELS["qid"] == "1"], {"r": run}, shares=[0.5], seeds=2)
    assert sorted(set(table["share"])) == [0.0, 0.5]
    full = table[table["share"] == 0].set_index("measure")
    # AP with every judgment: a relevant at rank 1 of R = 3 (a, c, d): 1/3
    assert full.loc["AP", "mean"] == pytest.approx(1 / 3)
    assert (full["change"] == 0).all()
    assert set(table["measure"]) == set(MEASURES)
