"""Position sweeps, swap deltas, redundancy and the landscape (`rankwork.explore.behaviour`),
checked against arithmetic written out here."""

from __future__ import annotations

from math import log2

import numpy as np
import pytest

from rankwork.core import conventions as C
from rankwork.core.ranking import Ranking, order
from rankwork.explore import behaviour as B

TEXTBOOK = C.TEXTBOOK  # gain 2^g - 1, 1/log2(i+1), ERR and RBP top grade = scale maximum


def test_one_relevant_document_sweep_matches_the_identities():
    # grade 2 on a 0..4 scale: R = (2^2 - 1)/2^4 = 3/16; RBP gain 2/4, weight 0.2 * 0.8^(r-1)
    table = B.sweep(2, 12, TEXTBOOK, 5, scale_max=4)
    r = np.arange(1, 13)
    assert table["rank"].tolist() == r.tolist()
    assert table["nDCG"].tolist() == pytest.approx(1 / np.log2(r + 1))
    assert table["ERR"].tolist() == pytest.approx(3 / 16 / r)
    assert table["RBP"].tolist() == pytest.approx(0.2 * 0.8 ** (r - 1) * 0.5)
    assert table["P@k"].tolist() == pytest.approx([0.2] * 5 + [0] * 7)
    assert table["R@k"].tolist() == [1] * 5 + [0] * 7
    assert table["AP"].tolist() == pytest.approx(1 / r)
    assert table["RR"].tolist() == pytest.approx(1 / r)
    check = B.identity_check(table, B.identities(12, TEXTBOOK, 5))
    assert check["holds"].all()


def test_a_second_relevant_document_breaks_the_identities():
    # moving grade 2, second grade 2 fixed at rank 3; with the moving one at rank 1:
    # RR = 1, AP = (1/1 + 2/3)/2 = 5/6, nDCG = 3(1 + 1/2) / 3(1 + 1/log2 3)
    table = B.sweep(2, 6, TEXTBOOK, 5, scale_max=4, second=(3, 2))
    first = table.iloc[0]
    assert first["RR"] == 1
    assert first["AP"] == pytest.approx(5 / 6)
    assert first["nDCG"] == pytest.approx(1.5 / (1 + 1 / log2(3)))
    assert first["R@k"] == 1 and first["P@k"] == pytest.approx(0.4)
    assert table.iloc[2].drop("rank").isna().all()  # rank 3 is the second document's
    # moving one at rank 5: RR = 1/3 (the fixed one comes first), AP = (1/3 + 2/5)/2
    fifth = table.iloc[4]
    assert fifth["RR"] == pytest.approx(1 / 3)
    assert fifth["AP"] == pytest.approx((1 / 3 + 2 / 5) / 2)
    check = B.identity_check(table, B.identities(6, TEXTBOOK, 5)).set_index("identity")
    assert not check["holds"].any()
    assert check.loc["R@k = 1 while r <= k", "largest gap"] == pytest.approx(0.5)


def test_sweep_rejects_a_second_document_outside_the_list():
    with pytest.raises(ValueError, match="between 1 and 4"):
        B.sweep(2, 4, TEXTBOOK, 5, scale_max=4, second=(5, 1))


def test_identities_follow_the_discount():
    table = B.identities(3, TEXTBOOK.with_(discount="geometric", discount_p=0.5), 2)
    assert table["nDCG"].tolist() == [1, 0.5, 0.25]
    assert table["P@k"].tolist() == [0.5, 0.5, 0]


def test_swap_deltas_by_hand():
    # [0, 3] on a 0..3 scale, k = 2: nDCG = 7/log2(3) / 7 = 0.6309; swapped it is 1
    ranking = Ranking.build([0, 3], scale_max=3)
    ndcg = B.swap_deltas(ranking, TEXTBOOK, 2, "nDCG")
    assert ndcg.value == pytest.approx(1 / log2(3))
    gain = 1 - 1 / log2(3)
    assert ndcg.delta.ravel().tolist() == pytest.approx([0, gain, gain, 0])
    assert ndcg.method == "breakdown"
    # ERR: R = 7/8 at rank 2 -> 7/16; swapped 7/8
    err = B.swap_deltas(ranking, TEXTBOOK, 2, "ERR")
    assert err.delta[0, 1] == pytest.approx(7 / 8 - 7 / 16)
    assert err.method == "rebuilt lists"
    # RBP (graded, p = 0.8): 0.2 * 0.8 * 1 -> 0.2 * 1
    rbp = B.swap_deltas(ranking, TEXTBOOK, 2, "RBP")
    assert rbp.delta[1, 0] == pytest.approx(0.2 - 0.16)
    # AP: 1/2 -> 1
    assert B.swap_deltas(ranking, TEXTBOOK, 2, "AP").delta[0, 1] == pytest.approx(0.5)


@pytest.mark.parametrize("measure", ["nDCG", "RBP"])
@pytest.mark.parametrize(
    "convention",
    [TEXTBOOK, C.TREC_EVAL_NDCG, TEXTBOOK.with_(discount="flat"), C.RANX, C.IR_MEASURES],
    ids=lambda c: c.name,
)
def test_breakdown_deltas_equal_rebuilt_lists(measure, convention):
    rng = np.random.default_rng(7)
    grades = [None if g == 5 else float(g) for g in rng.integers(0, 6, 14)]
    ranking = Ranking.build(grades, unretrieved=[4, 2], scale_max=4)
    ordered = order(ranking, convention)
    fast = B.swap_deltas(ordered, convention, 6, measure)
    assert fast.method == "breakdown"
    compute = B._at(measure, 6)
    base = compute(ordered, convention).value
    for i in range(len(grades)):
        for j in range(len(grades)):
            if i != j:
                slow = compute(B.swapped(ordered, i, j), convention).value - base
                assert fast.delta[i, j] == pytest.approx(slow, abs=1e-12)


def test_largest_swaps_are_ordered_by_size():
    # [1, 0, 2] on a 0..2 scale, RBP graded p = 0.8: r = 1/2, 0, 1; w = 0.2, 0.16, 0.128
    ranking = Ranking.build([1, 0, 2], doc_ids=["a", "b", "c"], scale_max=2)
    ordered = order(ranking, TEXTBOOK)
    table = B.largest_swaps(B.swap_deltas(ordered, TEXTBOOK, 3, "RBP"), ordered.doc_ids, 2)
    # swap 1-3: (0.5 - 1)(0.128 - 0.2) = 0.036; 2-3: (0 - 1)(0.128 - 0.16) = 0.032;
    # 1-2: (0.5 - 0)(0.16 - 0.2) = -0.02
    assert table["rank i"].tolist() == [1, 2] and table["rank j"].tolist() == [3, 3]
    assert table["doc i"].tolist() == ["a", "b"] and table["doc j"].tolist() == ["c", "c"]
    assert table["delta"].tolist() == pytest.approx([0.036, 0.032])


def test_tie_averaged_ndcg_is_rebuilt_and_long_lists_are_cut():
    tied = Ranking.build([2, 0, 1], scores=[1, 1, 0.5], scale_max=2)
    assert B.swap_deltas(tied, C.SKLEARN, 3, "nDCG").method == "rebuilt lists"
    long = Ranking.build([1, 0] * 30, scale_max=1)
    deltas = B.swap_deltas(long, TEXTBOOK, 10, "AP")
    assert deltas.size == B.SWAP_MAX_RANKS == 40
    assert deltas.truncated and deltas.list_length == 60
    with pytest.raises(ValueError, match="nDCG, ERR, RBP, AP"):
        B.swap_deltas(long, TEXTBOOK, 10, "P")


def test_swapped_keeps_scores_with_positions():
    ordered = order(Ranking.build([2, 0], doc_ids=["a", "b"], scores=[2, 1]), TEXTBOOK)
    out = B.swapped(ordered, 0, 1)
    assert out.doc_ids == ("b", "a") and out.grades.tolist() == [0, 2]
    assert out.scores.tolist() == [2, 1]


def test_redundancy_err_saturates_and_ndcg_keeps_adding():
    # grade 4 on a 0..4 scale: R = 15/16. Three copies in the pool, k = 3.
    table = B.redundancy(4, 3, TEXTBOOK, 3, scale_max=4)
    r = 15 / 16
    err = [0, r, r + r * (1 - r) / 2, r + r * (1 - r) / 2 + r * (1 - r) ** 2 / 3]
    assert table["ERR"].tolist() == pytest.approx(err)
    idcg = 1 + 1 / log2(3) + 1 / 2
    assert table["nDCG"].tolist() == pytest.approx([0, 1 / idcg, (1 + 1 / log2(3)) / idcg, 1])
    assert table["ERR added"].tolist() == pytest.approx(np.diff([0] + err).tolist())
    assert table["nDCG added"].iloc[3] == pytest.approx(0.5 / idcg)


def test_landscape_of_equal_grades_is_a_single_point():
    scape = B.landscape(Ranking.build([2, 2, 2, 2], scale_max=4), TEXTBOOK, 3)
    assert scape.exact and scape.distinct == 1 and len(scape.values) == 1
    summary = B.landscape_summary(scape).set_index("measure")
    assert summary.loc["nDCG", ["this list", "min", "max"]].tolist() == [1, 1, 1]
    assert summary.loc["nDCG", "share equal"] == 1


def test_landscape_of_two_documents():
    # [0, 1]: the other ordering [1, 0] is ideal. nDCG = 1/log2(3) now, 1 after the swap.
    scape = B.landscape(Ranking.build([0, 1], scale_max=1), TEXTBOOK, 2)
    assert sorted(scape.values["nDCG"]) == pytest.approx([1 / log2(3), 1])
    summary = B.landscape_summary(scape).set_index("measure")
    assert summary.loc["nDCG", "this list"] == pytest.approx(1 / log2(3))
    assert summary.loc["nDCG", ["share below", "share equal", "share above"]].tolist() == [
        0,
        0.5,
        0.5,
    ]
    assert summary.loc["RR", "mean"] == pytest.approx(0.75)  # (1 + 1/2) / 2
    hist = B.landscape_histograms(scape)
    shares = hist.groupby("measure")["share"].sum()
    assert shares.tolist() == pytest.approx([1] * len(B.orderings.MEASURES))  # each measure's
    ndcg = hist[hist["measure"] == "nDCG"]
    # 21 bins of width 0.05 centred on 0, 0.05, ..., 1: from -0.025 to 1.025
    assert len(ndcg) == 21
    assert ndcg["left"].iloc[0] == pytest.approx(-0.025)
    assert ndcg["right"].iloc[-1] == pytest.approx(1.025)
    assert ndcg["share"].iloc[-1] == 0.5  # nDCG = 1 in the last bin [0.975, 1.025)
    assert ndcg["share"].iloc[13] == 0.5  # 1/log2(3) = 0.631 in [0.625, 0.675)
    rr = hist[hist["measure"] == "RR"]
    assert rr["share"].iloc[10] == 0.5  # RR = 1/2 exactly in the middle of [0.475, 0.525)


def test_landscape_samples_long_lists():
    grades = list(np.random.default_rng(1).integers(0, 5, 30))
    scape = B.landscape(Ranking.build(grades, scale_max=4), TEXTBOOK, 10)
    assert not scape.exact
    assert len(scape.values) == 2000
    assert (scape.values["nDCG"] <= 1 + 1e-12).all()
