"""α-DCG's subtopic weights (issue 25 §4): RankLab, like ndeval's intent-aware measures, weighs
subtopic j by w_j (1/|S| by default), where Clarke et al. (SIGIR 2008) count each subtopic as
1. The core gives both sums (`_unweighted` in rankwork.core.diversity), the calculation says
which is which. Every number is worked by hand below.

The list: d1 {}, d2 {1, 2}, d3 {2}, d4 {}, d5 {3}; three subtopics; α = 0.5; k = 5.
    Clarke's gains (each subtopic 1):   0, 1 + 1 = 2, (1 - 0.5)^1 = 0.5, 0, 1
    equal weights w = 1/3:               the same over 3: 0, 2/3, 1/6, 0, 1/3
    intent weights 0.5, 0.3, 0.2:        0, 0.5 + 0.3 = 0.8, 0.3 * 0.5 = 0.15, 0, 0.2
    Clarke's greedy ideal: d2 (2), d5 (1, beating d3's 0.5), d3 (0.5)
    ndeval's normaliser of alpha_DCG@5: 1/log2(2) + 0.5/log2(3) + 0.25/log2(4) + 0.125/log2(5)
        + 0.0625/log2(6) = 1.5185, so alpha_DCG@5 = 0.6329 / 1.5185 = 0.4168, not 0.6329
"""

from __future__ import annotations

from math import log2

import pytest

from rankwork.core.conventions import TEXTBOOK
from rankwork.core.intents import Intents
from rankwork.core.measures import parse
from rankwork.core.ranking import Ranking
from rankwork.core.working.novelty import weighting

IDS = ["d1", "d2", "d3", "d4", "d5"]
SETS = ["", "1,2", "2", "", "3"]
CLARKE_DCG = 2 / log2(3) + 0.5 / log2(4) + 1 / log2(6)
CLARKE_IDEAL = 2 / log2(2) + 1 / log2(3) + 0.5 / log2(4)


def ranking(weights=None) -> Ranking:
    return Ranking.build([1] * 5, doc_ids=IDS, intents=Intents.build(SETS, weights=weights))


def test_equal_weights_divide_clarkes_alpha_dcg_by_the_number_of_subtopics() -> None:
    result = parse("alpha_nDCG@5")(ranking(), TEXTBOOK)
    weighted = (2 / 3) / log2(3) + (1 / 6) / log2(4) + (1 / 3) / log2(6)
    assert result.details["discounted_sum"] == pytest.approx(weighted, abs=1e-12)
    assert result.details["unweighted_sum"] == pytest.approx(CLARKE_DCG, abs=1e-12)
    assert CLARKE_DCG == pytest.approx(3 * weighted)  # |S| times
    # α-nDCG: the factor cancels, Clarke's α-nDCG is this one
    assert result.value == pytest.approx(CLARKE_DCG / CLARKE_IDEAL, abs=1e-12)
    assert result.details["unweighted_value"] == pytest.approx(result.value, abs=1e-12)
    note = weighting(result, 4)
    assert f"{weighted:.4f}" == "0.6329" and f"{CLARKE_DCG:.4f}" == "1.8987"
    assert "w_j = 1/|S| = 1/3" in note and ": 0.6329." in note
    assert "Clarke et al.'s α-DCG@5 (SIGIR 2008)" in note and "|S| = 3 times that: 1.8987" in note


def test_the_note_names_the_numerator_not_ranklabs_alpha_dcg() -> None:
    # 0.6329 is α-nDCG's numerator; RankLab's alpha_DCG@5 divides it by ndeval's normaliser
    weighted = (2 / 3) / log2(3) + (1 / 6) / log2(4) + (1 / 3) / log2(6)
    normaliser = sum(0.5**i / log2(i + 2) for i in range(5))
    assert f"{normaliser:.4f}" == "1.5185" and f"{weighted / normaliser:.4f}" == "0.4168"
    assert parse("alpha_DCG@5")(ranking(), TEXTBOOK).value == pytest.approx(
        weighted / normaliser, abs=1e-12
    )
    for weights in (None, {"1": 0.5, "2": 0.3, "3": 0.2}):
        note = weighting(parse("alpha_nDCG@5")(ranking(weights), TEXTBOOK), 4)
        assert note.startswith("Σ g_i/log2(i+1), α-nDCG's numerator, weighs")
        assert "α-DCG@5 here" not in note
        assert "RankLab's measure α-DCG@5 is another number" in note
        assert "ndeval's normaliser Σ_(i≤5) (1 − α)^(i−1)/log2(i+1)" in note
    # at another α the note names that measure, as the app shows it
    note = weighting(parse("alpha_nDCG(alpha=0.8)@5")(ranking(), TEXTBOOK), 4)
    assert "RankLab's measure α-DCG(α=0.8)@5 is another number" in note


def test_intent_weights_are_not_a_factor_clarkes_alpha_dcg_ignores_them() -> None:
    result = parse("alpha_nDCG@5")(ranking({"1": 0.5, "2": 0.3, "3": 0.2}), TEXTBOOK)
    weighted = 0.8 / log2(3) + 0.15 / log2(4) + 0.2 / log2(6)
    assert result.details["discounted_sum"] == pytest.approx(weighted, abs=1e-12)
    assert result.details["unweighted_sum"] == pytest.approx(CLARKE_DCG, abs=1e-12)
    assert CLARKE_DCG != pytest.approx(3 * weighted, abs=1e-3)  # not |S| times any more
    # Clarke's α-nDCG has no weights: it is the α-nDCG of equal weights, not this one
    clarke = CLARKE_DCG / CLARKE_IDEAL
    assert result.details["unweighted_value"] == pytest.approx(clarke, abs=1e-12)
    ideal = 0.8 / log2(2) + 0.2 / log2(3) + 0.15 / log2(4)  # d2, d5 (0.2 > 0.15), d3
    assert result.value == pytest.approx(weighted / ideal, abs=1e-12)
    assert result.value != pytest.approx(clarke, abs=1e-3)
    note = weighting(result, 4)
    assert f"{weighted:.4f}" in note and f"{CLARKE_DCG:.4f}" in note and f"{clarke:.4f}" in note
    assert "not |S| times" in note and "1/|S|" not in note


def test_one_subtopic_has_nothing_to_weigh() -> None:
    one = Ranking.build([1, 1], doc_ids=["a", "b"], intents=Intents.build(["1", "1"]))
    result = parse("alpha_nDCG@2")(one, TEXTBOOK)
    assert result.details["unweighted_sum"] == result.details["discounted_sum"]
    assert weighting(result, 4) == ""
