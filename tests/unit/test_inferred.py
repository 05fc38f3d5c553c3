"""infAP (`rankwork.core.measures.families.infap`, single list and batch kernel), worked by hand
from trec_eval's m_infAP.c formula: for a judged relevant document at rank i with r judged
relevant, n judged non-relevant and u pooled-but-unjudged documents above it,
E[P@i] = 1/i + ((i-1)/i) * ((r+n+u)/(i-1)) * ((r+ε)/(r+n+2ε)) (1 at rank 1), ε = 0.00001,
infAP = sum / R.

The list: ranks 1..7 graded 1, -1, 0, ?, 1, -1, 1 (-1: in the pool, not judged; ?: in no
judgment), one judged relevant document not retrieved: R = 4. The trec_eval preset reads
negative grades as unjudged.
"""

from __future__ import annotations

import pandas as pd
import pytest

from rankwork.collection.batch import evaluate
from rankwork.core import conventions as C
from rankwork.core.measures import parse
from rankwork.core.ranking import Ranking

EPS = 0.00001
# rank 1: 1.  rank 5: r=1, n=1 (rank 3), u=1 (rank 2); rank 4 is outside the pool.
AT_5 = 1 / 5 + (4 / 5) * ((1 + 1 + 1) / 4) * ((1 + EPS) / (1 + 1 + 2 * EPS))  # = 1/2
# rank 7: r=2, n=1, u=2 (ranks 2 and 6)
AT_7 = 1 / 7 + (6 / 7) * ((2 + 1 + 2) / 6) * ((2 + EPS) / (2 + 1 + 2 * EPS))
INF_AP = (1 + AT_5 + AT_7) / 4


def listed() -> Ranking:
    return Ranking.build([1, -1, 0, None, 1, -1, 1], unretrieved=[1])


def test_infap_by_hand() -> None:
    assert AT_5 == pytest.approx(0.5)
    result = parse("infAP")(listed(), C.TREC_EVAL_NDCG_CUT)
    assert result.value == pytest.approx(INF_AP, abs=1e-15)
    assert result.table["pooled_unjudged"].tolist() == [0, 1, 0, 0, 0, 1, 0]
    assert result.table["contribution"].sum() == pytest.approx(INF_AP)


def test_with_the_whole_pool_judged_infap_is_ap() -> None:
    # 1, 0, 1, 0 with R = 2: AP = (1 + 2/3)/2; infAP at rank 3: 1/3 + (2/3)(2/2)(1+ε)/(1+1+2ε)
    judged = Ranking.build([1, 0, 1, 0])
    assert parse("infAP")(judged, C.TREC_EVAL_NDCG_CUT).value == pytest.approx((1 + 2 / 3) / 2)


def test_clip_makes_the_pooled_documents_judged_non_relevant() -> None:
    # -1 -> 0: rank 5 has r=1, n=2, u=0; rank 7 has r=2, n=3, u=0
    clipped = C.TREC_EVAL_NDCG_CUT.with_(negative="clip")
    at_5 = 1 / 5 + (4 / 5) * (3 / 4) * ((1 + EPS) / (1 + 2 + 2 * EPS))
    at_7 = 1 / 7 + (6 / 7) * (5 / 6) * ((2 + EPS) / (2 + 3 + 2 * EPS))
    value = parse("infAP")(listed(), clipped).value
    assert value == pytest.approx((1 + at_5 + at_7) / 4)


def test_no_relevant_document_gives_zero_and_no_cutoff_is_allowed() -> None:
    assert parse("infAP")(Ranking.build([0, -1, None]), C.TREC_EVAL_NDCG_CUT).value == 0.0
    with pytest.raises(ValueError, match="infAP takes no cutoff"):
        parse("infAP@10")


def test_batch_infap_by_hand() -> None:
    grades = [1, -1, 0, None, 1, -1, 1]
    qrels = pd.DataFrame(
        [("q", f"d{i + 1}", g) for i, g in enumerate(grades) if g is not None]
        + [("q", "x", 1), ("p", "d1", 1)],
        columns=["qid", "docno", "rel"],
    ).astype({"rel": float})
    run = pd.DataFrame(
        [("q", f"d{i + 1}", 10.0 - i) for i in range(7)] + [("p", "d9", 1.0)],
        columns=["qid", "docno", "score"],
    )
    got = evaluate(qrels, run, ["infAP"], C.TREC_EVAL_NDCG_CUT).per_query["infAP"]
    assert got["q"] == pytest.approx(INF_AP, abs=1e-15)
    assert got["p"] == 0.0  # its relevant document not retrieved
