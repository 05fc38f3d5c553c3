"""The C/W/L measures (rankwork.core.cwl) on lists worked out by hand.

Each expected value below is derived in the test from the measure's continuation C(i)
(Moffat et al., TOIS 2017; cwl_eval's definitions, quoted in `rankwork.core.cwl`): the
probability of reaching rank i is V(i) = prod_{j<i} C(j), W(i) = V(i) / sum_m V(m) over the
1000 ranks cwl_eval reads, and the measure is sum_i W(i) g(i). cwl_eval itself is compared in
tests/crosscheck/test_cwl_eval.py.
"""

from __future__ import annotations

import math

import numpy as np
import pytest

from rankwork.collection.batch import evaluate, query_ranking
from rankwork.core import conventions as C
from rankwork.core.cwl import DEPTH
from rankwork.core.measures import MeasureNameError, parse
from rankwork.core.ranking import Ranking
from tests.unit.test_batch import random_collection

CONVENTION = C.IR_MEASURES


def value(name: str, grades, scale_max: float = 2.0):
    return parse(name)(Ranking.build(grades, scale_max=scale_max), CONVENTION)


def test_nerr8_stops_with_the_gain_and_at_k() -> None:
    # grades 1, 1, 2 on a 0..2 scale: g = 0.5, 0.5, 1. NERR8@3: C = 1 - g before rank 3, then 0:
    # C = (0.5, 0.5, 0); V = (1, 0.5, 0.25, 0, ...); sum V = 1.75; W = (4/7, 2/7, 1/7)
    # EU = 0.5 * 4/7 + 0.5 * 2/7 + 1 * 1/7 = 4/7; L = V(i)(1 - C(i)) = (0.5, 0.25, 0.25)
    result = value("NERR8@3", [1, 1, 2])
    assert result.value == pytest.approx(4 / 7, abs=1e-15)
    assert result.table["weight"].tolist() == pytest.approx([4 / 7, 2 / 7, 1 / 7], abs=1e-15)
    assert result.table["stop"].tolist() == pytest.approx([0.5, 0.25, 0.25], abs=1e-15)
    assert result.details["expected_depth"] == pytest.approx(1.75, abs=1e-15)


def test_nerr9_also_tires_with_the_rank() -> None:
    # grades 0, 1 on a 0..2 scale: g = 0, 0.5. NERR9@5: C(i) = i/(i+1) (1 - g_i) for i < 5:
    # C(1) = 1/2 * 1 = 0.5, C(2) = 2/3 * 0.5 = 1/3, C(3) = 3/4, C(4) = 4/5, C(5) = 0
    # V = 1, 0.5, 1/6, 1/8, 1/10; sum V = (120 + 60 + 20 + 15 + 12) / 120 = 227/120
    # EU = 0.5 * V(2) / sum V = 0.25 * 120/227 = 30/227
    result = value("NERR9@5", [0, 1])
    assert result.value == pytest.approx(30 / 227, abs=1e-15)
    assert result.details["expected_depth"] == pytest.approx(227 / 120, abs=1e-15)
    assert result.details["weight_in_list"] == pytest.approx((1 + 0.5) * 120 / 227, abs=1e-15)


def test_nerr10_is_rbp_that_stops_when_satisfied() -> None:
    # grades 0, 2 on a 0..2 scale: g = 0, 1. NERR10(p=0.5): C = p (1 - g) = 0.5, 0, ...
    # V = 1, 0.5, 0, ...; W = 2/3, 1/3; EU = 1/3
    result = value("NERR10(p=0.5)", [0, 2])
    assert result.value == pytest.approx(1 / 3, abs=1e-15)
    assert result.name == "NERR10(p=0.5)"


def test_bpm_stops_at_the_gain_wanted_or_at_k() -> None:
    # grades 1, 1, 1 on a 0..2 scale: g = 0.5 each; gain so far 0.5, 1, 1.5
    # BPM(T=1)@3: C(1) = [0.5 < 1 and 1 < 3] = 1, C(2) = [1 < 1] = 0: V = 1, 1, 0; EU = 1/2
    assert value("BPM@3", [1, 1, 1]).value == pytest.approx(0.5, abs=1e-15)
    # BPM(T=2)@2: C(1) = [0.5 < 2 and 1 < 2] = 1, C(2) = [2 < 2] = 0 (the budget): EU = 1/2
    assert value("BPM(T=2)@2", [1, 1, 1]).value == pytest.approx(0.5, abs=1e-15)
    # BPM(T=2)@10: the gain of three grade-1 documents stays 1.5 < 2, so the reader reads to
    # the budget, rank 10: V = 1 for ranks 1..10, 0 after; EU = 1.5 / 10
    assert value("BPM(T=2)@10", [1, 1, 1]).value == pytest.approx(0.15, abs=1e-15)


def test_insq_weights_are_a_closed_form() -> None:
    # INSQ(T=1): C(i) = ((i + 1)/(i + 2))^2, so V(i) = prod_{j<i} ((j+1)/(j+2))^2 = (2/(i+1))^2
    # and sum_{i<=1000} V(i) = 4 sum_{m=2}^{1001} 1/m^2. One top-grade document at rank 1:
    # EU = W(1) = 1 / that sum.
    depth = 4 * math.fsum(1 / m**2 for m in range(2, DEPTH + 2))
    result = value("INSQ", [2])
    assert result.details["expected_depth"] == pytest.approx(depth, rel=1e-13)
    assert result.value == pytest.approx(1 / depth, rel=1e-13)
    # INSQ ignores the gains: the same weights for any list
    assert value("INSQ", [0, 1, 2]).table["weight"].iloc[0] == pytest.approx(1 / depth, rel=1e-13)


def test_inst_reads_less_once_the_gain_is_found() -> None:
    # INST(T=1), one top-grade document at rank 1: T_1 = 1 - 1 = 0, C(1) = ((1+1+0-1)/(1+1+0))^2
    # = 1/4; from rank 2, T_i = 0 and C(i) = (i/(i+1))^2, so V(i) = 1/4 * (2/i)^2 = 1/i^2
    # (V(1) = 1 too). EU = W(1) = 1 / sum_{i<=1000} 1/i^2.
    depth = math.fsum(1 / i**2 for i in range(1, DEPTH + 1))
    result = value("INST", [2])
    assert result.table["continuation"].iloc[0] == pytest.approx(0.25, abs=1e-15)
    assert result.value == pytest.approx(1 / depth, rel=1e-13)
    # the same document at rank 1 but not relevant: T_1 = 1, C(1) = (2/3)^2 > 1/4, so the
    # reader reads deeper; INSQ(T=1)'s C(1) is (2/3)^2 whatever the grade
    assert value("INST", [0]).table["continuation"].iloc[0] == pytest.approx(4 / 9, abs=1e-15)
    assert value("INSQ", [2]).table["continuation"].iloc[0] == pytest.approx(4 / 9, abs=1e-15)


def test_nerr11_is_insq_that_stops_when_satisfied() -> None:
    # NERR11(T=1) on grade 1 of a 0..2 scale (g = 0.5) at rank 1: C(1) = (2/3)^2 * 0.5 = 2/9
    assert value("NERR11", [1]).table["continuation"].iloc[0] == pytest.approx(2 / 9, abs=1e-15)


def test_gains_scale_by_max_rel_clip_and_unjudged_gain_nothing() -> None:
    # max_rel=1 clips grade 2 to gain 1; a negative grade gains 0; unjudged gains 0
    result = value("NERR10(max_rel=1)", [2, -1, None, 1], scale_max=2)
    assert result.table["gain"].tolist() == [1.0, 0.0, 0.0, 1.0]
    assert result.name == "NERR10(max_rel=1)"
    # the default max_rel is the grade scale's top: grade 2 of 0..4 gains 0.5
    assert value("NERR10", [2], scale_max=4).table["gain"].tolist() == [0.5]


def test_values_lie_between_0_and_1() -> None:
    rng = np.random.default_rng(5)
    for family in ("INST", "INSQ", "NERR8@4", "NERR9@6", "NERR10", "NERR11(T=3)", "BPM@5"):
        assert 0.0 <= value(family, rng.integers(0, 3, size=12).astype(float)).value <= 1.0


def test_bad_parameters_are_refused_with_a_reason() -> None:
    with pytest.raises(MeasureNameError, match="T must be a positive number"):
        parse("INSQ(T=0)")
    with pytest.raises(MeasureNameError, match="T must be a number of at least 0.5"):
        parse("INST(T=0.4)")
    with pytest.raises(MeasureNameError, match="p must be a number between 0 and 1"):
        parse("NERR10(p=1)")
    with pytest.raises(MeasureNameError, match="NERR8 needs a cutoff"):
        parse("NERR8")
    with pytest.raises(MeasureNameError, match="max_rel must be a positive number"):
        parse("INSQ(max_rel=0)")


NAMES = ("INST", "INST(T=2.5,max_rel=1)", "INSQ(T=3)", "NERR8@5", "NERR9@3", "NERR10(p=0.7)",
         "NERR11", "BPM@4", "BPM(T=0.5)@20")  # fmt: skip


@pytest.mark.parametrize("name", ["IR_MEASURES", "TEXTBOOK"])
def test_batch_equals_single_list_core(name: str) -> None:
    convention = getattr(C, name)
    for seed in (1, 2):
        qrels, run = random_collection(seed, (0, 1, 2), True)
        qids = sorted(set(qrels["qid"]))
        got = evaluate(qrels, run, list(NAMES), convention).per_query
        for qid in qids:
            ranking = query_ranking(qrels, run, qid)
            for measure in NAMES:
                expected = parse(measure)(ranking, convention).value
                assert got.loc[qid, measure] == pytest.approx(expected, abs=1e-14), (measure, qid)


def test_continuation_is_a_probability_and_the_stops_are_not_negative() -> None:
    """For every model (INST with T >= 1/2): 0 <= C(i) <= 1, so L(i) >= 0 and W(i) >= 0."""
    rng = np.random.default_rng(11)
    names = ("INST(T=0.5)", "INST(T=3)", "INSQ(T=0.1)", "NERR8@4", "NERR9@6", "NERR10(p=0.99)",
             "NERR11(T=0.2)", "BPM(T=0.3)@5")  # fmt: skip
    for name in names:
        for _ in range(20):
            result = value(name, rng.integers(0, 3, size=int(rng.integers(1, 30))))
            table = result.table
            assert ((table["continuation"] >= 0) & (table["continuation"] <= 1)).all(), name
            assert (table["stop"] >= -1e-15).all() and (table["weight"] >= 0).all(), name


def test_inst_reads_on_less_once_gain_is_found_for_t_of_one_half() -> None:
    # T = 0.5, rank 1: C = ((1 + 1 - g - 1)/(1 + 1 - g))^2 = ((1 - g)/(2 - g))^2:
    # g = 0 gives 1/4, g = 1 gives 0: the reader who found the gain stops
    assert value("INST(T=0.5)", [0]).table["continuation"].iloc[0] == pytest.approx(0.25)
    assert value("INST(T=0.5)", [2]).table["continuation"].iloc[0] == pytest.approx(0.0)
