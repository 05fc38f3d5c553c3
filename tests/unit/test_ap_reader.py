"""AP read as C/W/L (rankwork.core.cwl.ap_reader) and the readers the Discounts page picks from
(`list_reader`). Every expected number is worked by hand below: L(i) = rel_i/R, W(i) =
sum_{j>=i} L(j)/j, C(i) = W(i+1)/W(i), AP = sum_i W(i) rel_i."""

from __future__ import annotations

import math

import pytest

from rankwork.core import cwl
from rankwork.core.conventions import TEXTBOOK
from rankwork.core.measures.families.ap import average_precision
from rankwork.core.ranking import Ranking


def test_one_relevant_document_unretrieved_so_w_sums_to_two_thirds():
    # rel = 1, 0, 1, 0 and a third relevant document not retrieved: R = 3, h = 2
    ranking = Ranking.build([1, 0, 1, 0], unretrieved=[1])
    reader = cwl.ap_reader(ranking, TEXTBOOK)
    t = reader.table
    # AP = (P@1 + P@3) / R = (1/1 + 2/3) / 3 = 5/9 = 0.5556
    assert reader.value == pytest.approx(5 / 9)
    assert round(reader.value, 4) == 0.5556
    assert reader.value == pytest.approx(average_precision(ranking, TEXTBOOK).value)
    # L = 1/3 at the relevant ranks 1 and 3
    assert t["stop"].tolist() == pytest.approx([1 / 3, 0, 1 / 3, 0])
    # W(4) = 0; W(3) = (1/3)/3 = 1/9; W(2) = W(3) = 1/9; W(1) = 1/9 + (1/3)/1 = 4/9
    assert t["weight"].tolist() == pytest.approx([4 / 9, 1 / 9, 1 / 9, 0])
    # sum W = 4/9 + 1/9 + 1/9 = 6/9 = 2/3 = h/R, not 1
    assert t["weight"].sum() == pytest.approx(2 / 3)
    assert reader.details["weight_in_list"] == pytest.approx(2 / 3)
    assert (reader.details["R"], reader.details["relevant_retrieved"]) == (3, 2)
    # C = W(2)/W(1) = 1/4, W(3)/W(2) = 1, W(4)/W(3) = 0, and 0 at the last rank
    assert t["continuation"].tolist() == pytest.approx([1 / 4, 1, 0, 0])
    # contributions W(i) rel_i = 4/9, 0, 1/9, 0: they sum to AP
    assert t["contribution"].tolist() == pytest.approx([4 / 9, 0, 1 / 9, 0])
    assert t["contribution"].sum() == pytest.approx(5 / 9)
    # expected depth of the readers who stop in the list: h / (1/1 + 1/3) = 2 / (4/3) = 1.5
    assert reader.details["expected_depth"] == pytest.approx(1.5)
    assert t["gain"].tolist() == [1, 0, 1, 0]
    assert list(t.columns) == [
        "rank", "doc_id", "grade", "relevant", "gain", "continuation", "weight", "stop",
        "contribution",
    ]  # fmt: skip
    assert "h/R = 2/3" in reader.note


def test_relevance_is_the_conventions_threshold_and_unjudged_is_not_relevant():
    # grades 0, 3, unjudged, 1, 2 and an unretrieved 4; threshold 2: relevant at ranks 2, 5
    # and the unretrieved one, so R = 3, h = 2
    two = TEXTBOOK.with_(rel_threshold=2.0)
    ranking = Ranking.build([0, 3, None, 1, 2], unretrieved=[4])
    reader = cwl.ap_reader(ranking, two)
    # AP = (P@2 + P@5) / 3 = (1/2 + 2/5) / 3 = 0.9 / 3 = 0.3
    assert reader.value == pytest.approx(0.3)
    assert reader.value == pytest.approx(average_precision(ranking, two).value)
    # W(5) = (1/3)/5 = 1/15 = W(4) = W(3); W(2) = 1/15 + (1/3)/2 = 7/30 = W(1)
    assert reader.table["weight"].tolist() == pytest.approx(
        [7 / 30, 7 / 30, 1 / 15, 1 / 15, 1 / 15]
    )
    # 7/30 + 7/30 + 3/15 = 20/30 = 2/3 = h/R
    assert reader.details["weight_in_list"] == pytest.approx(2 / 3)
    # C = 1, (1/15)/(7/30) = 2/7, 1, 1, 0
    assert reader.table["continuation"].tolist() == pytest.approx([1, 2 / 7, 1, 1, 0])
    # depth h / (1/2 + 1/5) = 2 / 0.7 = 20/7
    assert reader.details["expected_depth"] == pytest.approx(20 / 7)
    assert reader.table["relevant"].tolist() == [False, True, False, False, True]


def test_a_cutoff_ends_the_weights_at_k():
    # AP@2 of 1, 0, 1, 0 with R = 3: P@1 / 3 = 1/3; only rank 1 counts: W(1) = (1/3)/1,
    # every other W is 0, and the weights sum to h(2)/R = 1/3
    ranking = Ranking.build([1, 0, 1, 0], unretrieved=[1])
    reader = cwl.ap_reader(ranking, TEXTBOOK, 2)
    assert reader.name == "AP@2"
    assert reader.value == pytest.approx(1 / 3)
    assert reader.value == pytest.approx(average_precision(ranking, TEXTBOOK, 2).value)
    assert reader.table["weight"].tolist() == pytest.approx([1 / 3, 0, 0, 0])
    assert reader.table["gain"].tolist() == [1, 0, 0, 0]  # rank 3 is relevant but beyond k
    assert reader.table["continuation"].tolist() == [0, 0, 0, 0]
    assert reader.details["expected_depth"] == pytest.approx(1.0)  # 1 / (1/1)


def test_nothing_relevant_retrieved_and_nothing_relevant_at_all():
    missed = cwl.ap_reader(Ranking.build([0, 0], unretrieved=[2]), TEXTBOOK)
    assert missed.value == 0
    assert missed.table["weight"].tolist() == [0, 0]
    assert missed.table["continuation"].tolist() == [0, 0]
    assert missed.details["weight_in_list"] == 0
    assert math.isnan(missed.details["expected_depth"])  # no reader stops within the list
    assert "cwl_eval" not in missed.note
    empty = cwl.ap_reader(Ranking.build([0, 0]), TEXTBOOK)
    assert empty.value == 0 and empty.details["R"] == 0
    assert empty.details["weight_in_list"] == 0
    assert "R = 0" in empty.note


def test_the_page_passes_k_only_to_the_readers_that_read_it():
    ranking = Ranking.build([3, 2, 3, 0, 1, 2], scale_max=4)
    families = ("AP", "RR", "INST", "INSQ", "NERR8", "NERR9", "NERR10", "NERR11", "BPM")
    assert cwl.reader_families() == families
    assert cwl.list_reader("INST", ranking, TEXTBOOK, k=3).name == "INST"
    assert cwl.list_reader("NERR8", ranking, TEXTBOOK, k=3).name == "NERR8@3"
    assert cwl.list_reader("BPM", ranking, TEXTBOOK, k=3, T=2).name == "BPM(T=2)@3"
    assert cwl.list_reader("NERR10", ranking, TEXTBOOK, k=3, p=0.5).name == "NERR10(p=0.5)"
    assert cwl.list_reader("AP", ranking, TEXTBOOK, k=3).name == "AP"
    assert cwl.list_reader("RR", ranking, TEXTBOOK, k=3).name == "RR"
    assert cwl.reader_parameters("BPM") == ("k", "t")
    assert cwl.reader_parameters("AP") == ()
    # NERR8@3 by hand: g = 3/4, 2/4, 3/4; C = 1/4, 1/2, 0; V = 1, 1/4, 1/8; sum 11/8, so
    # W = 8/11, 2/11, 1/11 and EU = (8 * 0.75 + 2 * 0.5 + 1 * 0.75) / 11 = 7.75 / 11
    nerr8 = cwl.list_reader("NERR8", ranking, TEXTBOOK, k=3)
    assert nerr8.value == pytest.approx(7.75 / 11)
    assert nerr8.table["weight"].tolist()[:4] == pytest.approx([8 / 11, 2 / 11, 1 / 11, 0])


def test_rr_as_a_reader_reads_to_the_first_relevant_document() -> None:
    # 0, 0, 2, 1 with relevance at grade >= 1: the first relevant rank is r = 3. C = 1, 1, 0
    # (then 1 - rel = 0 at rank 4, never reached): V = 1, 1, 1, 0; W = 1/3 for ranks 1..3;
    # RR = W(3) * 1 = 1/3; the reader reads 3 documents, all of them inside the list
    result = cwl.rr_reader(Ranking.build([0, 0, 2, 1], scale_max=2), TEXTBOOK)
    assert result.value == pytest.approx(1 / 3, abs=1e-15)
    assert result.table["weight"].tolist() == pytest.approx([1 / 3, 1 / 3, 1 / 3, 0.0])
    assert result.table["continuation"].tolist()[:3] == [1.0, 1.0, 0.0]
    assert result.details["expected_depth"] == pytest.approx(3.0)
    assert result.details["weight_in_list"] == pytest.approx(1.0)
    # nothing relevant: the reader reads all 1000 ranks, 1/1000 each, and RR is 0
    empty = cwl.rr_reader(Ranking.build([0, 0], scale_max=2), TEXTBOOK)
    assert empty.value == 0.0 and empty.details["expected_depth"] == pytest.approx(1000)
