"""The Pitfalls lab's code is run, not just shown: every mistake's wrong and right program, for
every measure the mistake touches, on the mistake's example list, returns the value the lab
shows for that list (nan and inf included). A few values are also worked out by hand here, and
trec_eval's tie order is checked against trec_eval itself (pytrec_eval)."""

from __future__ import annotations

import math
import re
import warnings
from math import log2

import pytest
import pytrec_eval

from rankwork.core.scenario import correct
from rankwork.teaching.demos import PITFALL_DEMOS
from rankwork.teaching.pitfalls import BY_KEY, CATALOGUE, compute
from rankwork.teaching.snippets import CODE, VARIABLE, is_same, program, run

# every family a program is written for (the lab shows the demo's family for any other)
CASES = [(p.key, family) for p in CATALOGUE for family in p.families if family in VARIABLE]


def test_every_mistake_has_code_and_an_example() -> None:
    assert set(CODE) == set(BY_KEY) == set(PITFALL_DEMOS)


@pytest.mark.parametrize(("key", "family"), CASES)
def test_the_wrong_program_returns_the_labs_wrong_value(key: str, family: str) -> None:
    scenario = PITFALL_DEMOS[key].scenario
    shown = compute(family, scenario, [key]).value
    assert is_same(run(program(key, family, scenario, wrong=True), family), shown)


@pytest.mark.parametrize(("key", "family"), CASES)
def test_the_right_program_returns_the_labs_right_value(key: str, family: str) -> None:
    scenario = PITFALL_DEMOS[key].scenario
    shown = correct(family, scenario).value
    assert is_same(run(program(key, family, scenario, wrong=False), family), shown)


@pytest.mark.parametrize("key", list(BY_KEY))
def test_the_mistake_shows_on_its_example(key: str) -> None:
    """Each example is chosen to show its mistake: the two programs disagree there."""
    demo = PITFALL_DEMOS[key]
    wrong = run(program(key, demo.family, demo.scenario, wrong=True), demo.family)
    right = run(program(key, demo.family, demo.scenario, wrong=False), demo.family)
    assert not is_same(wrong, right)


def _value(key: str, wrong: bool) -> float:
    demo = PITFALL_DEMOS[key]
    return run(program(key, demo.family, demo.scenario, wrong=wrong), demo.family)


def test_duplicate_by_hand() -> None:
    # run d1 d1 d2 d3 with grades 2, 2, 0, 1, k = 3; the judgments hold d1 once
    assert _value("duplicate_counted", wrong=True) == pytest.approx(
        (3 + 3 / log2(3)) / (3 + 1 / log2(3))  # 4.8928 / 3.6309 = 1.3476 > 1
    )
    assert _value("duplicate_counted", wrong=False) == pytest.approx(
        (3 + 1 / 2) / (3 + 1 / log2(3))  # d1 d2 d3: 3.5 / 3.6309 = 0.9639
    )


def test_log2_of_rank_warns_and_returns_inf_as_numpy_does() -> None:
    demo = PITFALL_DEMOS["log2_of_rank"]  # Wikipedia's list: grade 3 at rank 1
    text = program("log2_of_rank", "DCG", demo.scenario, wrong=True)
    namespace: dict[str, object] = {}
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        exec(text, namespace)  # noqa: S102
    assert any(issubclass(w.category, RuntimeWarning) for w in caught)
    assert math.isinf(namespace["dcg"])  # 7 * inf + ...
    assert math.isnan(namespace["ndcg"])  # inf / inf


def test_ties_right_program_orders_as_trec_eval() -> None:
    """trec_eval (through pytrec_eval) on the example: d1 and d2 tie, d1 is relevant."""
    demo = PITFALL_DEMOS["ties_input_order"]
    ranking = demo.scenario.ranking
    qrels = {"q": {d: int(g) for d, g in zip(ranking.doc_ids, ranking.grades, strict=True)}}
    run_ = {"q": {d: float(s) for d, s in zip(ranking.doc_ids, ranking.scores, strict=True)}}
    trec = pytrec_eval.RelevanceEvaluator(qrels, {"recip_rank"}).evaluate(run_)["q"]
    assert _value("ties_input_order", wrong=False) == pytest.approx(trec["recip_rank"])
    assert trec["recip_rank"] == pytest.approx(1 / 2)  # 'd2' > 'd1': d2 comes first
    assert _value("ties_input_order", wrong=True) == 1.0  # input order: d1 first


def test_programs_name_their_variable() -> None:
    for key, family in CASES:
        text = program(key, family, PITFALL_DEMOS[key].scenario, wrong=True)
        assert re.search(rf"^\s*{VARIABLE[family]}\b[^=]*=", text, re.M), (key, family)


def test_unjudged_kept_by_hand() -> None:
    # 1, ?, 0, 1, ?, 1 with R = 3. Kept as non-relevant: relevant at ranks 1, 4, 6,
    # AP = (1/1 + 2/4 + 3/6) / 3 = 2/3. Condensed to 1, 0, 1, 1: AP′ = (1/1 + 2/3 + 3/4) / 3.
    assert _value("unjudged_kept", wrong=True) == pytest.approx(2 / 3, abs=1e-15)
    assert _value("unjudged_kept", wrong=False) == pytest.approx((1 + 2 / 3 + 3 / 4) / 3)
    assert correct("AP", PITFALL_DEMOS["unjudged_kept"].scenario).name == "AP′@6"
