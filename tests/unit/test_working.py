"""The working of every measure the check page can ask about (rankwork/core/working/lines.py),
including the wrong calculations: each line's numbers are worked by hand on Wikipedia's list (grades
3,2,3,0,1,2 retrieved, 3 and 2 judged but not retrieved; Textbook convention, k = 5)."""

from rankwork.core.conventions import TEXTBOOK
from rankwork.core.ranking import Ranking
from rankwork.core.scenario import Scenario
from rankwork.core.working import lines as working
from rankwork.teaching.pitfalls import compute, transformed

WIKI = Scenario(Ranking.build([3, 2, 3, 0, 1, 2], unretrieved=[3, 2]), TEXTBOOK, 5)


def lines(family, mistakes=()):
    result = compute(family, WIKI, mistakes)
    convention = transformed(family, WIKI, mistakes).convention
    return working.lines(family, result, convention)


def texts(family, mistakes=()):
    return [line.text for line in lines(family, mistakes)]


def notes(family, mistakes=()):
    return [line.note for line in lines(family, mistakes)]


def test_binary_measures():
    # 4 relevant (grade >= 1) in the top 5: 3, 2, 3, 1; R = 7 relevant judged documents
    assert texts("P") == ["P@5 = 4/5 = 0.8"]
    assert texts("R") == ["R@5 = 4/7 = 0.5714"]
    assert texts("F1") == ["F1@5 = 2PR/(P+R) = 2h/(R+k) = 2*4/(7+5) = 0.6667"]
    assert texts("AP") == ["AP@5 = (1/1 + 2/2 + 3/3 + 4/5) / 7 = 0.5429"]
    assert texts("RR") == ["RR@5 = 1/1 = 1"]


def test_the_working_of_a_mistake_shows_the_mistake():
    assert texts("P", ["integer_division"]) == ["P@5 = floor(4/5) = 0"]
    assert texts("P", ["precision_by_length"]) == ["P@5 = 4/6 = 0.6667"]
    assert texts("R", ["recall_retrieved_only"]) == ["R@5 = 4/5 = 0.8"]
    # the natural log names ln in the formula: 7/ln 2 = 10.0989
    assert texts("DCG", ["natural_log"])[0].startswith("DCG@5 = (2^3-1)/ln(2) + ")


def test_ndcg_shows_dcg_idcg_and_their_ratio():
    dcg, idcg, ndcg = texts("nDCG")
    dcg_note, idcg_note, _ndcg_note = notes("nDCG")
    # the terms as shown add up to 12.7797, while the unrounded DCG@5 = 7 + 3/log2(3) + 3.5 +
    # 1/log2(6) = 12.779642 rounds to 12.7796, the value the ratio divides
    assert dcg.endswith("= 7 + 1.8928 + 3.5 + 0 + 0.3869 = 12.7797")
    assert idcg.endswith("= 7 + 4.4165 + 3.5 + 1.292 + 1.1606 = 17.3691")
    assert "12.779642" in dcg_note and not idcg_note
    assert ndcg == "nDCG@5 = DCG@5 / IDCG@5 = 12.7796 / 17.3691 = 0.7358"


def test_a_discount_a_mistake_edited_is_written_as_the_weight_used():
    # off by one: rank 1 weighs 1/log2(3) = 0.6309, not 1/log2(2); 7 * 0.6309 = 4.4165
    assert texts("DCG", ["log2_off_by_one"])[0].startswith("DCG@5 = (2^3-1)*0.6309 + ")
    # 1/log2(1) at rank 1: an infinite weight, shown as such
    assert texts("DCG", ["log2_of_rank"])[0].startswith("DCG@5 = (2^3-1)*inf + (2^2-1)*1 + ")
