"""AP's reader has two depths (issue 25 §2): the expected depth of the C/W/L reader built from
AP's continuation probabilities, h / Σ_{j rel} 1/j (Moffat et al., TOIS 35(3), 2017; cwl_eval's
expected items), and the mean depth of AP's own readers who stop within the list, who stop at
each relevant rank alike, (1/h) Σ_{j rel} j (Robertson, SIGIR 2008). The texts used to call the
first the second."""

from __future__ import annotations

import pytest

from rankwork.core.conventions import TEXTBOOK
from rankwork.core.cwl import ap_reader
from rankwork.core.ranking import Ranking


def test_both_depths_of_1_0_1_by_hand() -> None:
    # [1, 0, 1], both relevant documents retrieved: R = h = 2, relevant ranks 1 and 3.
    # AP's readers: L(1) = L(3) = 1/R = 1/2; those who stop read 1 or 3 documents:
    # (1 + 3) / 2 = 2.0.
    # The C/W/L reader from AP's C: W(1) = (1/2)(1/1 + 1/3) = 2/3, W(2) = W(3) = (1/2)(1/3) =
    # 1/6 (sum h/R = 1); its depth 1/W(1) rescaled, (h/R)/W(1) = 1 / (2/3) = 1.5, is
    # h / (1/1 + 1/3) = 2 / (4/3) = 1.5. It stops at rank 1 with chance (W(1) - W(2))/W(1) =
    # (1/2)/(2/3) = 3/4 and at rank 3 with 1/4: 3/4 * 1 + 1/4 * 3 = 1.5.
    reader = ap_reader(Ranking.build([1, 0, 1]), TEXTBOOK)
    assert reader.details["stopping_depth"] == pytest.approx(2.0)
    assert reader.details["expected_depth"] == pytest.approx(1.5)
    note = reader.note
    assert "(1/h) Σ j = 2 " in note and "h / Σ 1/j = 1.5 " in note
    assert "C/W/L reader built from AP's C" in note
    assert "Moffat et al., TOIS 35(3), 2017" in note and "Robertson, SIGIR 2008" in note
    # the old text called 1.5 the depth of "the readers who stop within the list"
    assert "The expected depth is that of the readers who stop within the list" not in note


def test_a_relevant_document_missed_changes_neither_depth_but_h() -> None:
    # [0, 1, 0, 0, 1] with R = 3 (one relevant document not retrieved): relevant ranks 2, 5,
    # h = 2. AP's readers who stop within the list: (2 + 5)/2 = 3.5; C/W/L: 2 / (1/2 + 1/5) =
    # 20/7.
    ranking = Ranking.build([0, 1, 0, 0, 1], unretrieved=[1])
    reader = ap_reader(ranking, TEXTBOOK)
    assert reader.details["R"] == 3
    assert reader.details["stopping_depth"] == pytest.approx(3.5)
    assert reader.details["expected_depth"] == pytest.approx(20 / 7)
