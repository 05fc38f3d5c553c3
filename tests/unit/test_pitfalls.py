"""Each pitfall's wrong number, worked by hand, differs from the right one where the mistake
matters and equals it where it should not.

List A (Wikipedia's DCG example): grades 3,2,3,0,1,2 retrieved, two more judged documents
graded 3 and 2 not retrieved. With exponential gain 2^g - 1 the gains are 7,3,7,0,1,3 and the
judged pool sorted is 3,3,3,2,2,2,1 (gains 7,7,7,3,3,3,1).
"""

from math import inf, isinf, isnan, log, log2

import pytest

from rankwork.core.conventions import TEXTBOOK
from rankwork.core.ranking import Ranking
from rankwork.core.scenario import Scenario, correct
from rankwork.explore.report import evaluate
from rankwork.teaching.pitfalls import BY_KEY, CATALOGUE, CONDENSABLE, FAMILIES, MEASURES, compute

LIST_A = Ranking.build([3, 2, 3, 0, 1, 2], unretrieved=[3, 2])
DCG_A = 7 + 3 / log2(3) + 7 / log2(4) + 0 + 1 / log2(6) + 3 / log2(7)
IDCG_A = 7 + 7 / log2(3) + 7 / log2(4) + 3 / log2(5) + 3 / log2(6) + 3 / log2(7)


def scenario(ranking=LIST_A, k=6, **changes):
    convention = TEXTBOOK.with_(**changes) if changes else TEXTBOOK
    return Scenario(ranking, convention, k)


def wrong(family, s, key):
    return compute(family, s, [key]).value


def test_the_right_values_of_list_a():
    s = scenario()
    assert correct("DCG", s).value == pytest.approx(DCG_A)
    assert correct("IDCG", s).value == pytest.approx(IDCG_A)
    assert correct("nDCG", s).value == pytest.approx(DCG_A / IDCG_A)


def test_log2_of_rank_gives_what_numpy_gives():
    # grades 0, 1, 2 at k = 3: rank 1 weighs 1/log2(1) = inf and gains 0: 0 * inf = nan, and
    # the nan spreads through the sum (the old lab skipped it and showed DCG 2.893)
    s = scenario(Ranking.build([0, 1, 2]), k=3)
    assert isnan(wrong("DCG", s, "log2_of_rank"))
    # the ideal 2, 1 has a positive gain at rank 1: IDCG = 3 * inf + 1 / log2(2) = inf
    assert isinf(wrong("IDCG", s, "log2_of_rank"))
    assert isnan(wrong("nDCG", s, "log2_of_rank"))  # nan / inf
    # nothing relevant: IDCG = 0 (the ideal ranking is empty), so nDCG = 0 by the convention
    empty = scenario(Ranking.build([0, 0]), k=2)
    assert isnan(wrong("DCG", empty, "log2_of_rank"))
    assert wrong("nDCG", empty, "log2_of_rank") == 0.0


def test_log2_of_rank_divides_by_zero():
    s = scenario()
    assert isinf(wrong("DCG", s, "log2_of_rank"))
    assert isnan(wrong("nDCG", s, "log2_of_rank"))  # inf / inf


def test_off_by_one_discount():
    s = scenario()
    expected = 7 / log2(3) + 3 / log2(4) + 7 / log2(5) + 1 / log2(7) + 3 / log2(8)
    assert wrong("DCG", s, "log2_off_by_one") == pytest.approx(expected)
    ideal = 7 / log2(3) + 7 / log2(4) + 7 / log2(5) + 3 / log2(6) + 3 / log2(7) + 3 / log2(8)
    assert wrong("nDCG", s, "log2_off_by_one") == pytest.approx(expected / ideal)


def test_natural_log_changes_dcg_but_not_ndcg():
    s = scenario()
    expected = 7 / log(2) + 3 / log(3) + 7 / log(4) + 1 / log(6) + 3 / log(7)
    assert wrong("DCG", s, "natural_log") == pytest.approx(expected)
    assert wrong("nDCG", s, "natural_log") == pytest.approx(DCG_A / IDCG_A)


def test_linear_gain_gives_wikipedias_number_and_is_harmless_on_binary_grades():
    assert wrong("nDCG", scenario(), "gain_flipped") == pytest.approx(0.785, abs=5e-4)
    binary = scenario(Ranking.build([1, 0, 1], unretrieved=[1]), k=3)
    assert wrong("nDCG", binary, "gain_flipped") == correct("nDCG", binary).value


def test_mixed_gain_can_exceed_one():
    linear_ideal = 3 + 3 / log2(3) + 3 / log2(4) + 2 / log2(5) + 2 / log2(6) + 2 / log2(7)
    assert linear_ideal == pytest.approx(8.740, abs=5e-4)  # Wikipedia's IDCG6
    value = wrong("nDCG", scenario(), "mixed_gain")
    assert value == pytest.approx(DCG_A / linear_ideal)
    assert value > 1


def test_ideal_from_the_retrieved_list():
    # the list's own grades sorted: 3,3,2,2,1,0 -> gains 7,7,3,3,1,0
    ideal = 7 + 7 / log2(3) + 3 / log2(4) + 3 / log2(5) + 1 / log2(6)
    assert wrong("IDCG", scenario(), "ideal_from_retrieved") == pytest.approx(ideal)
    assert wrong("nDCG", scenario(), "ideal_from_retrieved") == pytest.approx(DCG_A / ideal)


def test_ideal_uncut_and_cut_at_r():
    dcg3 = 7 + 3 / log2(3) + 7 / 2
    full = IDCG_A + 1 / log2(8)  # the seventh ideal document, grade 1
    assert wrong("nDCG", scenario(k=3), "ideal_uncut") == pytest.approx(dcg3 / full)
    # with threshold 2, R = 6 relevant (3,2,3,2,3,2): the ideal cut at R = 6 ranks
    s = scenario(k=3, rel_threshold=2.0)
    assert wrong("nDCG", s, "ideal_cut_at_r") == pytest.approx(dcg3 / IDCG_A)
    assert wrong("nDCG", s, "ideal_uncut") == pytest.approx(dcg3 / full)


def test_recall_that_ignores_unretrieved_relevant_documents():
    s = scenario()
    assert correct("R", s).value == pytest.approx(5 / 7)
    assert wrong("R", s, "recall_retrieved_only") == 1.0


def test_integer_division():
    s = scenario()
    assert correct("P", s).value == pytest.approx(5 / 6)
    assert wrong("P", s, "integer_division") == 0.0
    assert wrong("R", s, "integer_division") == 0.0


def test_epsilon_keeps_a_perfect_list_below_one():
    s = scenario(Ranking.build([3, 2, 1]), k=3)
    assert correct("nDCG", s).value == 1.0
    value = wrong("nDCG", s, "epsilon_denominator")
    assert value < 1.0
    assert value == pytest.approx(1.0, abs=1e-8)


def test_negative_grade_in_exponential_gain():
    s = scenario(Ranking.build([-1, 2]), k=2, negative="clip")
    assert correct("DCG", s).value == pytest.approx(3 / log2(3))
    assert wrong("DCG", s, "negative_exponential") == pytest.approx(-0.5 + 3 / log2(3))


def test_duplicate_counted_twice():
    s = scenario(Ranking.build([2, 0, 1]), k=3)
    assert correct("nDCG", s).value == pytest.approx((3 + 1 / 2) / (3 + 1 / log2(3)))
    # the grade-2 document again at rank 2: list 2,2,0,1, cut at 3: DCG 3 + 3/log2(3) = 4.8928;
    # the judgments hold each document once: IDCG over 2, 1, 0 = 3 + 1/log2(3) = 3.6309
    expected = (3 + 3 / log2(3)) / (3 + 1 / log2(3))
    # the figures: 4.8928 / 3.6309 (= 1.3476 from the rounded parts): above 1
    assert (f"{3 + 3 / log2(3):.4f}", f"{3 + 1 / log2(3):.4f}") == ("4.8928", "3.6309")
    assert expected > 1
    assert wrong("nDCG", s, "duplicate_counted") == pytest.approx(expected)
    assert wrong("IDCG", s, "duplicate_counted") == pytest.approx(3 + 1 / log2(3))
    # R counts the judged documents once too: hits 2 of R = 2 relevant, the copy counted twice
    assert wrong("R", s, "duplicate_counted") == pytest.approx(2 / 2)
    assert wrong("P", s, "duplicate_counted") == pytest.approx(2 / 3)


def test_relevant_sets_of_two_queries_merged():
    s = scenario(Ranking.build([1, 0, 1]), k=3)
    assert correct("R", s).value == 1.0
    assert wrong("R", s, "merged_queries") == 0.5  # 2 found of 2 + 2 pooled


def test_k_clipped_to_a_short_list():
    s = scenario(Ranking.build([1, 0, 1]), k=5)
    assert correct("P", s).value == pytest.approx(2 / 5)
    assert wrong("P", s, "k_clipped") == pytest.approx(2 / 3)
    within = scenario(Ranking.build([1, 0, 1]), k=2)
    assert not BY_KEY["k_clipped"].applies(within)
    assert wrong("P", within, "k_clipped") == correct("P", within).value


def test_ties_by_input_order():
    # research fixture T1: d1 (relevant) and d2 tie; trec_eval puts d2 first (docno desc)
    tied = Ranking.build([1, 0, 0], ["d1", "d2", "d3"], [1.0, 1.0, 0.5])
    s = scenario(tied, k=3)
    assert correct("RR", s).value == 0.5
    assert wrong("RR", s, "ties_input_order") == 1.0
    untied = Ranking.build([1, 0, 0], ["d1", "d2", "d3"], [2.0, 1.0, 0.5])
    assert not BY_KEY["ties_input_order"].applies(scenario(untied))


def test_err_top_grade():
    # D10: binary labels, relevant document at rank 1: 1/2 with gmax 1, 1/16 with gmax 4
    s = scenario(Ranking.build([1, 0, 1], scale_max=1), k=1)
    assert correct("ERR", s).value == 0.5
    assert wrong("ERR", s, "err_gmax_4") == 1 / 16
    s = scenario(Ranking.build([2, 0], scale_max=4), k=2)
    assert correct("ERR", s).value == pytest.approx(3 / 16)
    assert wrong("ERR", s, "err_gmax_list") == pytest.approx(3 / 4)


def test_rbp_raw_grade():
    # D11, fixture G1 in run order 1,3,unjudged,0, p = 0.8, scale max 3
    g1 = Ranking.build([1, 3, None, 0], unretrieved=[2, 1], scale_max=3)
    s = scenario(g1, k=None)
    assert correct("RBP", s).value == pytest.approx(0.2 * (1 / 3 + 3 / 3 * 0.8))
    assert wrong("RBP", s, "rbp_raw_grade") == pytest.approx(0.2 * (1 + 3 * 0.8))


def test_precision_divided_by_list_length():
    s = scenario(Ranking.build([1, 0, 1, 0]), k=2)
    assert correct("P", s).value == 0.5
    assert wrong("P", s, "precision_by_length") == 0.25


def test_mistakes_combine():
    # linear gain and the ideal from the list: scikit-learn's nDCG by two mistakes
    ideal = 3 + 3 / log2(3) + 2 / log2(4) + 2 / log2(5) + 1 / log2(6)
    dcg = 3 + 2 / log2(3) + 3 / log2(4) + 1 / log2(6) + 2 / log2(7)
    value = compute("nDCG", scenario(), ["gain_flipped", "ideal_from_retrieved"]).value
    assert value == pytest.approx(dcg / ideal)


def test_every_pitfall_is_documented_and_names_real_families():
    assert len({p.key for p in CATALOGUE}) == len(CATALOGUE)
    for p in CATALOGUE:
        assert p.title and p.why and p.where
        assert set(p.families) <= set(MEASURES)
        assert p.transform is not None or p.adjust is not None


def test_unknown_pitfall_and_family_are_explained():
    with pytest.raises(ValueError, match="Unknown pitfall 'nope'"):
        compute("nDCG", scenario(), ["nope"])
    with pytest.raises(ValueError, match="Unknown measure 'MAP'"):
        compute("MAP", scenario(), [])
    assert inf > wrong("nDCG", scenario(), "gain_flipped")


def test_cutoff_one_short():
    # list A at k = 6 read only to rank 5: DCG@5 over IDCG@5
    s = scenario()
    dcg5 = 7 + 3 / log2(3) + 7 / log2(4) + 0 + 1 / log2(6)
    idcg5 = 7 + 7 / log2(3) + 7 / log2(4) + 3 / log2(5) + 3 / log2(6)
    assert wrong("nDCG", s, "cutoff_one_short") == pytest.approx(dcg5 / idcg5)
    assert wrong("P", s, "cutoff_one_short") == pytest.approx(4 / 5)  # 3,2,3,0,1
    assert not BY_KEY["cutoff_one_short"].applies(scenario(k=1))


def test_a_condensed_scenario_scores_what_the_playground_cards_show() -> None:
    """The lab, the check page and "Try a mistake" compare with the Playground's cards: under
    the condensed toggle every card reads the condensed list, so `correct` must too."""
    ranking = Ranking.build([3, None, 2, None, 0, 1], scale_max=3)
    cards = evaluate(ranking, TEXTBOOK, 5, condensed=True, more=FAMILIES).results  # any a card
    scenario = Scenario(ranking, TEXTBOOK, 5, condensed=True)
    for family in FAMILIES:
        right = correct(family, scenario)
        assert (right.name, right.value) == (cards[family].name, cards[family].value), family
    assert set(CONDENSABLE) == set(FAMILIES) - {"IDCG"}  # the pool, IDCG's input, stays
