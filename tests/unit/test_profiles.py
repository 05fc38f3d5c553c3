"""Discount profiles, the C/W/L view and where the weight goes (`rankwork.explore.profiles`).

Expected values are worked by hand here: 1/log2(3) = 0.6309, 0.5^9 = 0.001953, ...
"""

from __future__ import annotations

from math import log, log2

import numpy as np
import pytest

from rankwork.core.conventions import TEXTBOOK
from rankwork.core.ranking import Ranking
from rankwork.explore import profiles as P

LOG2 = P.discount_convention("log")
HALF = P.discount_convention("geometric", p=0.5)
FLAT = P.discount_convention("flat")


def test_weights_table_at_the_quoted_ranks():
    profiles = [P.discount_profile(c, 20, 10) for c in P.standard_conventions(log_base=10)]
    table = P.weights_at(profiles)
    assert table["rank"].tolist() == [1, 2, 3, 5, 10, 20]
    log2_column = [1, 1 / log2(3), 1 / 2, 1 / log2(6), 1 / log2(11), 1 / log2(21)]
    assert table["1/log2(i+1)"].tolist() == pytest.approx(log2_column, abs=1e-12)
    assert [round(w, 3) for w in table["1/log2(i+1)"]] == [1.0, 0.631, 0.5, 0.387, 0.289, 0.228]
    half = [1, 0.5, 0.25, 0.0625, 0.5**9, 0.5**19]
    assert table["p^(i-1), p = 0.5"].tolist() == pytest.approx(half, rel=1e-12)
    assert round(table["p^(i-1), p = 0.5"].iloc[4], 5) == 0.00195
    assert table["p^(i-1), p = 0.8"].tolist() == pytest.approx(
        [1, 0.8, 0.64, 0.8**4, 0.8**9, 0.8**19], rel=1e-12
    )
    assert table["p^(i-1), p = 0.95"].tolist() == pytest.approx(
        [1, 0.95, 0.9025, 0.95**4, 0.95**9, 0.95**19], rel=1e-12
    )
    # log base 10: every weight is ln 10 / ln 2 = 3.32 times the log2 weight
    assert table["1/log_b(i+1), b = 10"].tolist() == pytest.approx(
        [w * log(10) / log(2) for w in log2_column], rel=1e-12
    )
    # Järvelin-Kekäläinen b = 2: ranks 1 and 2 undiscounted, then 1/log2(i)
    assert table["rank-b (JK), b = 2"].tolist() == pytest.approx(
        [1, 1, 1 / log2(3), 1 / log2(5), 1 / log2(10), 1 / log2(20)], rel=1e-12
    )
    assert table["1/i"].tolist() == pytest.approx([1, 1 / 2, 1 / 3, 1 / 5, 1 / 10, 1 / 20])
    assert table["flat@10 (P@10)"].tolist() == [1, 1, 1, 1, 1, 0]


def test_normalised_weights_sum_to_one_within_k_and_vanish_after():
    weights = P.discount_profile(HALF, 6, 3).weights
    assert P.normalised(weights, 3).tolist() == pytest.approx([4 / 7, 2 / 7, 1 / 7, 0, 0, 0])
    assert P.normalised(np.zeros(4), 2).tolist() == [0, 0, 0, 0]


def test_weights_frame_is_long_and_follows_the_toggle():
    profiles = [P.discount_profile(HALF, 3, 2), P.discount_profile(FLAT, 3, 2)]
    raw = P.weights_frame(profiles, 2, normalise=False)
    assert raw["weight"].tolist() == [1, 0.5, 0.25, 1, 1, 0]
    norm = P.weights_frame(profiles, 2, normalise=True)
    assert norm["weight"].tolist() == pytest.approx([2 / 3, 1 / 3, 0, 0.5, 0.5, 0])
    assert P.weights_frame([], 2, normalise=True).empty


def test_cwl_of_a_geometric_profile_cut_at_three():
    # V = 1, 1/2, 1/4; sum 7/4 -> W = 4/7, 2/7, 1/7; C = 1/2, 1/2, 0; L = 1/2, 1/4, 1/4
    table = P.cwl(P.discount_profile(HALF, 10, 3), 3)
    assert table["V"].tolist() == [1, 0.5, 0.25]
    assert table["W"].tolist() == pytest.approx([4 / 7, 2 / 7, 1 / 7])
    assert table["C"].tolist() == [0.5, 0.5, 0]
    assert table["L"].tolist() == [0.5, 0.25, 0.25]
    assert table["L"].sum() == 1
    assert 1 / table["W"].iloc[0] == pytest.approx(1.75)  # expected depth


def test_cwl_of_flat_and_log2():
    flat = P.cwl(P.discount_profile(FLAT, 10, 4), 4)
    assert flat["W"].tolist() == [0.25] * 4
    assert flat["C"].tolist() == [1, 1, 1, 0]
    assert flat["L"].tolist() == [0, 0, 0, 1]
    log2_cut = P.cwl(P.discount_profile(LOG2, 10, 2), 2)
    assert log2_cut["V"].tolist() == pytest.approx([1, 1 / log2(3)])
    assert log2_cut["C"].iloc[0] == pytest.approx(1 / log2(3))


def test_err_profile_reads_the_cascade_of_the_list():
    # scale 4: R = 15/16 (grade 4), 0 (grade 0), 3/16 (grade 2); p_reach = 1, 1/16, 1/16
    ranking = Ranking.build([4, 0, 2], scale_max=4)
    profile = P.err_profile(ranking, TEXTBOOK, 5)
    assert profile.weights.tolist() == pytest.approx([15 / 16, 0, 3 / 256, 0, 0])
    assert profile.reach.tolist() == pytest.approx([1, 1 / 16, 1 / 16, 0, 0])
    table = P.cwl(profile, 5)  # the reader cannot go past the list's three documents
    assert table["C"].tolist() == pytest.approx([1 / 16, 1, 0])
    assert table["L"].tolist() == pytest.approx([15 / 16, 0, 1 / 16])
    assert table["V"].sum() == pytest.approx(1.125)


def test_err_profile_of_an_empty_list_weighs_nothing():
    profile = P.err_profile(Ranking.build([], scale_max=4), TEXTBOOK, 3)
    assert profile.weights.tolist() == [0, 0, 0]
    assert P.cwl(profile, 3).empty
    assert P.spend_rank(profile.weights, 3, 0.5) is None


def test_spend_ranks():
    # flat@10: 50% is spent at rank 5 exactly, 90% at rank 9
    flat = P.discount_profile(FLAT, 20, 10).weights
    assert P.spend_rank(flat, 10, 0.5) == 5
    assert P.spend_rank(flat, 10, 0.9) == 9
    # log2 within 10: total 4.5436; running sums 1, 1.631, 2.131, 2.562 (>= 2.272) ... 4.255 at
    # rank 9 (>= 0.9 * 4.5436 = 4.089)
    weights = P.discount_profile(LOG2, 20, 10).weights
    assert P.spend_rank(weights, 10, 0.5) == 4
    assert P.spend_rank(weights, 10, 0.9) == 9
    # p = 0.5 within 10: 1 of 1.998 is already 50%; 1.75 of it is 87.6%, 1.875 is 93.8%
    half = P.discount_profile(HALF, 20, 10).weights
    assert P.spend_rank(half, 10, 0.5) == 1
    assert P.spend_rank(half, 10, 0.9) == 4


def test_summary_states_depth_and_spend_for_each_profile():
    profiles = [P.discount_profile(HALF, 20, 3), P.discount_profile(FLAT, 20, 3)]
    table = P.summary(profiles, 3)
    assert table["profile"].tolist() == ["p^(i-1), p = 0.5", "flat@3 (P@3)"]
    assert table["expected depth"].tolist() == pytest.approx([1.75, 3])
    assert table["W(1)"].tolist() == pytest.approx([4 / 7, 1 / 3])
    assert table["50% of weight by rank"].tolist() == [1, 2]
    assert table["90% of weight by rank"].tolist() == [3, 3]
    assert "memoryless" in table["reader"].iloc[0]
    assert "2 documents on average" in table["reader"].iloc[0]  # 1/(1 - 0.5)


def test_the_default_log_base_is_e():
    natural = P.standard_conventions()[1]
    assert natural.log_base == pytest.approx(2.718281828)
    assert P.discount_label(natural) == "1/log_b(i+1), b = 2.72"


def test_readers_name_their_model():
    readers = {c.discount + str(c.log_base): P.discount_reader(c, 10) for c in
               P.standard_conventions(log_base=10, ps=(0.8,))}  # fmt: skip
    assert "never quite stops" in readers["log2.0"]
    assert "ln 10 / ln 2 = 3.322" in readers["log10.0"]
    assert "5 documents on average" in readers["geometric2.0"]
    assert "ranks up to b = 2 full attention" in readers["jk2.0"]
    assert "exactly k = 10" in readers["flat2.0"]
    assert "stops when satisfied" in P.ERR_READER
