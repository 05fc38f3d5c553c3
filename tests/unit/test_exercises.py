"""Seeded exercises: the same seed gives the same round, every kind meets its promise, and
answers are checked (numbers through the diagnosis). Expected values are worked by hand from
the lists the statements print."""

from math import log2

import pytest

from rankwork.core.conventions import PRESETS, TEXTBOOK, TREC_EVAL_NDCG_CUT
from rankwork.core.intents import Intents
from rankwork.core.ranking import Ranking
from rankwork.core.scenario import Scenario
from rankwork.teaching import answers as A
from rankwork.teaching import exercises as E
from rankwork.teaching.diagnose import diagnose, parse_answer
from rankwork.teaching.pitfalls import compute

ROUND = E.generate(42)


def _lists(round_):
    return [
        [(label, r.grades.tolist(), r.doc_ids, r.unretrieved.tolist()) for label, r in e.lists]
        for e in round_
    ]


def test_one_seed_gives_everyone_the_same_round():
    again = E.generate(42)
    assert _lists(again) == _lists(ROUND)
    assert [e.statement for e in again] == [e.statement for e in ROUND]
    assert _lists(E.generate(43)) != _lists(ROUND)


def test_adding_an_exercise_leaves_the_others_as_they_were():
    assert _lists(E.generate(42, ["dcg", "compare"])) == _lists(ROUND)[:2]


def test_the_dcg_exercise_worked_by_hand():
    e = ROUND[0]
    assert e.kind == "dcg" and e.k == 5
    assert "grades 2, 1, 3, 2, 0" in e.statement and "grade(s) 3, 3" in e.statement
    assert "Exponential gain 2^g - 1; discount 1/log2(i+1)" in e.statement
    # gains 3, 1, 7, 3, 0; ideal from the judged pool 3,3,3,2,2,1,0 -> gains 7,7,7,3,3
    dcg = 3 + 1 / log2(3) + 7 / 2 + 3 / log2(5)
    idcg = 7 + 7 / log2(3) + 7 / 2 + 3 / log2(5) + 3 / log2(6)
    dcg_q, idcg_q, ndcg_q = e.questions
    assert A.check(dcg_q, f"{dcg:.4f}").correct
    assert A.check(idcg_q, f"{idcg:.3f}").correct
    assert A.check(ndcg_q, f"{dcg / idcg:.2f}").correct
    assert not A.check(ndcg_q, f"{dcg / idcg + 0.01:.2f}").correct


def test_a_wrong_number_is_diagnosed():
    ndcg_q = ROUND[0].questions[2]
    # linear gain: 2 + 1/log2 3 + 3/2 + 2/log2 5 over 3 + 3/log2 3 + 3/2 + 2/log2 5 + 2/log2 6
    linear = (2 + 1 / log2(3) + 3 / 2 + 2 / log2(5)) / (
        3 + 3 / log2(3) + 3 / 2 + 2 / log2(5) + 2 / log2(6)
    )
    verdict = A.check(ndcg_q, f"{linear:.4f}")
    assert not verdict.correct
    assert "Linear gain where exponential is meant" in verdict.message
    assert verdict.diagnosis is not None and verdict.diagnosis.matches


def test_the_compare_exercise_worked_by_hand():
    e = ROUND[1]
    assert e.kind == "compare"
    assert "a = 2, b = 0, c = 1, d = 1, e = 2, f = 1, g = 2, h = 2" in e.statement
    assert "List A ranks e > c > g > d > h; list B ranks f > e > b > h > d" in e.statement
    # pool 2,2,2,2,1,1,1,0 -> ideal gains 3,3,3,3,1
    idcg = 3 + 3 / log2(3) + 3 / 2 + 3 / log2(5) + 1 / log2(6)
    a = (3 + 1 / log2(3) + 3 / 2 + 1 / log2(5) + 3 / log2(6)) / idcg  # grades 2,1,2,1,2
    b = (1 + 3 / log2(3) + 0 + 3 / log2(5) + 1 / log2(6)) / idcg  # grades 1,2,0,2,1
    ndcg_a, ndcg_b, better = e.questions
    assert A.check(ndcg_a, f"{a:.4f}").correct and A.check(ndcg_b, f"{b:.4f}").correct
    assert a > b and better.answer == "A"
    assert A.check(better, "A").correct and not A.check(better, "B").correct


def test_the_predict_exercise_worked_by_hand():
    e = ROUND[2]
    assert "List A ranks a > h > d > f > b; list B ranks h > g > f > b > a" in e.statement
    answers = {q.key: q.answer for q in e.questions}
    # grades A: 0,0,3,3,1 and B: 0,2,3,1,0: three relevant in each top 5
    assert answers["P"] == "Equal"
    assert answers["RR"] == "B"  # first relevant at rank 3 (1/3) vs rank 2 (1/2)
    assert {"A", "B"} <= set(answers.values())


@pytest.mark.parametrize("seed", range(5))
def test_every_kind_keeps_its_promise(seed):
    for e in E.generate(seed, convention=TREC_EVAL_NDCG_CUT, k=4):
        assert "linear gain g" in e.statement.lower() or e.kind == "choose"
        for q in e.questions:
            values = [step.result().value for step in q.steps]
            if e.kind == "predict":
                a, b = values
                assert q.answer == ("Equal" if a == pytest.approx(b) else "A" if a > b else "B")
            if e.kind == "choose":
                margins = [a - b for a, b in zip(values[::2], values[1::2], strict=True)]
                assert sum(m > 0 for m in margins) == 1
                assert q.options[margins.index(max(margins))] == q.answer
        if e.kind == "predict":
            assert {"A", "B"} <= {q.answer for q in e.questions}


def test_every_preset_and_cutoff_gives_a_round():
    for convention in PRESETS.values():
        for k in E.CUTOFFS:
            assert len(E.generate(3, tuple(E.KINDS), convention=convention, k=k)) == len(E.KINDS)


def test_a_round_holds_the_classic_kinds_unless_diversity_is_asked():
    assert [e.kind for e in E.generate(5)] == ["dcg", "compare", "predict", "choose"]
    assert [e.kind for e in E.generate(5, ["dcg", "diversity"])] == ["dcg", "diversity"]


def test_the_diversity_exercise_worked_by_hand():
    (e,) = E.generate(1, ["diversity"], k=3)
    assert "returned a (none), b {2}, c {1, 2}, d {2}, e {2}" in e.statement
    assert "also found f {2}, g {1, 3}" in e.statement
    # weights 1/3, alpha = 0.5. Top 3: a 0; b: subtopic 2 new, 1/3; c: 1 new, 2 seen once,
    # (1 + 0.5)/3 = 1/2.
    dcg = (1 / 3) / log2(3) + (1 / 2) / 2
    # Greedy ideal: c and g both cover two new subtopics; the later letter, g {1, 3}, wins.
    # Then c gains (0.5 + 1)/3 = 1/2; then b, d, e, f each 0.5/3 = 1/6 (f wins the tie).
    ideal = 2 / 3 + (1 / 2) / log2(3) + (1 / 6) / 2
    alpha_ndcg, recall = e.questions
    assert A.check(alpha_ndcg, f"{dcg / ideal:.4f}").correct
    assert A.check(recall, "0.6667").correct  # subtopics 1 and 2 of 3
    # Counting each subtopic once (alpha = 1): gains 0, 1/3, 1/3; ideal g (2/3), then 1/3.
    once = ((1 / 3) / log2(3) + (1 / 3) / 2) / (2 / 3 + (1 / 3) / log2(3))
    verdict = A.check(alpha_ndcg, f"{once:.4f}")
    assert not verdict.correct
    assert "subtopics_once" in {p.key for m in verdict.diagnosis.matches for p in m.mistakes}


@pytest.mark.parametrize("seed", range(8))
def test_the_diversity_exercise_keeps_its_promise(seed):
    for k in E.CUTOFFS:
        (e,) = E.generate(seed, ["diversity"], k=k)
        ((_, ranking),) = e.lists
        top = ranking.intents.retrieved[:k]
        seen = [s for subs in top for s in subs]
        assert len(seen) > len(set(seen))  # a subtopic repeats within k
        assert set(seen) < {"1", "2", "3"} == ranking.intents.covered()  # one is missed


def test_typed_answers_that_are_not_numbers_are_explained():
    q = ROUND[0].questions[0]
    assert A.check(q, "").message == "No answer yet."
    verdict = A.check(q, "seven")
    assert not verdict.correct and "'seven' is not a number" in verdict.message


def test_a_number_that_matches_no_mistake_says_so():
    verdict = A.check(ROUND[0].questions[2], "0.1234")
    assert not verdict.correct and "matches no known mistake" in verdict.message


def test_the_score_counts_right_answers():
    q = ROUND[1].questions
    checks = [A.check(q[2], "A"), A.check(q[2], "B"), A.check(q[0], "")]
    assert A.score(checks) == (1, 3)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ({"seed": -1}, "seed must be a whole number >= 0"),
        ({"seed": 1.5}, "seed must be a whole number >= 0"),
        ({"seed": 1, "k": 9}, "k must be one of 3, 4, 5"),
        ({"seed": 1, "kinds": ["essay"]}, "Unknown exercise kind 'essay'"),
    ],
)
def test_bad_round_settings_are_explained(args, message):
    with pytest.raises(ValueError, match=message):
        E.generate(**args)


def test_a_mistaken_answer_to_a_compare_question_is_diagnosed_too():
    q = ROUND[1].questions[0]
    wrong = compute("nDCG", q.steps[0].scenario, ["gain_flipped"]).value
    assert "Linear gain" in A.check(q, f"{wrong:.4f}").message
    assert q.steps[0].scenario.convention is TEXTBOOK


def test_the_sum_of_the_solutions_rounded_terms_is_right():
    # issue 25: round 1, exercise 1 lists grades 1, 3, 0, 3, 0 and misses grades 2 and 1. The
    # ideal ranking 3, 3, 2, 1, 1: IDCG@5 = 7/log2(2) + 7/log2(3) + 3/log2(4) + 1/log2(5) +
    # 1/log2(6) = 13.734038, while the terms rounded to 4 decimals, 7 + 4.4165 + 1.5 + 0.4307 +
    # 0.3869, add up to 13.7341. Three terms are rounded, each by at most 0.00005.
    e = E.generate(1)[0]
    assert "grades 1, 3, 0, 3, 0" in e.statement and "grade(s) 2, 1" in e.statement
    idcg_q = e.questions[1]
    exact = 7 + 7 / log2(3) + 3 / 2 + 1 / log2(5) + 1 / log2(6)
    assert idcg_q.steps[0].result().value == pytest.approx(exact, abs=1e-12)
    assert round(7 + 4.4165 + 1.5 + 0.4307 + 0.3869, 4) == 13.7341
    checked = A.check(idcg_q, "13.7341")
    assert checked.correct and "0.00015" in checked.message and f"{exact:.6f}" in checked.message
    assert A.check(idcg_q, "13.734").correct and A.check(idcg_q, "13.734").message == "Right."
    # beyond the rounding of three terms (13.7345 is 0.00046 away): not right
    assert not A.check(idcg_q, "13.7345").correct
    # a tolerance the teacher set is the only one
    assert not A.check(idcg_q, "13.7341", tolerance=0.00005).correct
    # nDCG@5 from the rounded DCG@5 (1 + 4.4165 + 0 + 3.0147 + 0 = 8.4312) and IDCG@5
    assert A.check(e.questions[2], f"{8.4312 / 13.7341:.4f}").correct


def test_alpha_ndcg_from_the_solutions_rounded_terms_is_right():
    # d1 {1,2}, d2 {1}, d3 none, d4 {3}, d5 {2,3}; α = 0.5, weights 1/3: novelty gains 2/3,
    # 1/6, 0, 1/3, 1/3; the greedy ideal's 2/3, 1/2, 1/6, 1/6, 0 (either tie order).
    # α-DCG@5 = 2/3 + (1/6)/log2(3) + (1/3)/log2(5) + (1/3)/log2(6) = 1.044331, whose terms
    # rounded to 4 decimals add up to 0.6667 + 0.1052 + 0.1436 + 0.129 = 1.0445; α-DCG*@5 =
    # 2/3 + (1/2)/log2(3) + (1/6)/2 + (1/6)/log2(5) = 1.137244 (1.1372 rounded).
    top = 2 / 3 + (1 / 6) / log2(3) + (1 / 3) / log2(5) + (1 / 3) / log2(6)
    bottom = 2 / 3 + 0.5 / log2(3) + (1 / 6) / 2 + (1 / 6) / log2(5)
    sets = ["1,2", "1", "", "3", "2,3"]
    ranking = Ranking.build([1, 1, 0, 1, 1], ["d1", "d2", "d3", "d4", "d5"],
                            intents=Intents.build(sets))  # fmt: skip
    s = Scenario(ranking, TEXTBOOK, 5)
    from_terms = f"{1.0445 / 1.1372:.4f}"  # 0.9185, where the value rounds to 0.9183
    assert f"{top / bottom:.4f}" == "0.9183" and from_terms == "0.9185"
    d = diagnose("alpha_nDCG", s, parse_answer(from_terms))
    assert d.right.value == pytest.approx(top / bottom) and not d.correct
    assert A.right_to_rounding(d, 4) is not None
    assert A.right_to_rounding(diagnose("alpha_nDCG", s, parse_answer("0.9190")), 4) is None
