"""The diversity measures of one list (rankwork.core.diversity), worked by hand.

The example: five documents, three subtopics, every document judged, α = 0.5, equal weights
w = 1/3:

    rank  doc  subtopics   c before (1, 2, 3)   novelty gain g_i
    1     d1   1, 2        0, 0, -              (1 + 1) / 3     = 2/3
    2     d2   1           1, -, -              0.5 / 3         = 1/6
    3     d3   -           -                    0
    4     d4   3           -, -, 0              1 / 3           = 1/3
    5     d5   2, 3        -, 1, 1              (0.5 + 0.5) / 3 = 1/3

The greedy ideal (raw gains, before the 1/3): d1 and d5 both gain 2 at rank 1, and the larger
doc id wins: d5. Then d1 gains 1 + 0.5 = 1.5, d2 1, d4 0.5: d1. Then d2 gains 0.5 (subtopic 1
seen once) and d4 0.5 (subtopic 3 seen once): a tie, d4 wins; then d2 (0.5); d3 gains nothing
and is not placed. Ideal gains: 2/3, 1/2, 1/6, 1/6.
"""

from __future__ import annotations

import math

import pytest

from rankwork.core import diversity as D
from rankwork.core.conventions import TEXTBOOK, Convention
from rankwork.core.intents import Intents, parse_subtopics
from rankwork.core.measures import parse
from rankwork.core.ranking import Ranking, order

L2 = math.log2
SETS = ["1,2", "1", "", "3", "2, 3"]
IDS = ["d1", "d2", "d3", "d4", "d5"]
EXAMPLE = Ranking.build([1, 1, 0, 1, 1], doc_ids=IDS, intents=Intents.build(SETS))
GAINS = [2 / 3, 1 / 6, 0, 1 / 3, 1 / 3]
IDEAL = [2 / 3, 1 / 2, 1 / 6, 1 / 6]


def value(name: str, ranking: Ranking = EXAMPLE) -> float:
    return parse(name)(ranking, TEXTBOOK).value


def test_the_novelty_gains_and_the_working_table() -> None:
    table = parse("alpha_nDCG@5")(EXAMPLE, TEXTBOOK).table
    assert table["gain"].tolist() == pytest.approx(GAINS)
    assert table["new"].tolist() == ["1, 2", "", "", "3", ""]
    assert table["repeated"].tolist() == ["", "1 (seen 1×)", "", "", "2 (seen 1×), 3 (seen 1×)"]
    assert table["ideal_doc"].tolist() == ["d5", "d1", "d4", "d2", ""]
    assert table["ideal_gain"].tolist() == pytest.approx(IDEAL + [0])


def test_the_greedy_ideal_names_the_ties_it_broke() -> None:
    steps = D.greedy_ideal(D.judged(order(EXAMPLE, TEXTBOOK)), 0.5)
    assert [(c.doc_id, c.tied) for c in steps] == [("d5", ("d1",)), ("d1", ()), ("d4", ("d2",)),
                                                  ("d2", ())]  # fmt: skip


def test_alpha_dcg_and_alpha_ndcg() -> None:
    dcg = 2 / 3 + (1 / 6) / L2(3) + (1 / 3) / L2(5) + (1 / 3) / L2(6)
    every_subtopic = 1 + 0.5 / L2(3) + 0.25 / 2 + 0.125 / L2(5) + 0.0625 / L2(6)
    ideal = 2 / 3 + (1 / 2) / L2(3) + (1 / 6) / 2 + (1 / 6) / L2(5)
    assert value("alpha_DCG@5") == pytest.approx(dcg / every_subtopic, abs=1e-12)
    assert value("alpha_nDCG@5") == pytest.approx(dcg / ideal, abs=1e-12)
    # @2: the list's 2/3 + (1/6)/log2 3 over the ideal's 2/3 + (1/2)/log2 3
    assert value("alpha_nDCG@2") == pytest.approx(
        (2 / 3 + (1 / 6) / L2(3)) / (2 / 3 + 0.5 / L2(3)), abs=1e-12
    )


def test_alpha_changes_the_gains() -> None:
    # α = 1: only a subtopic's first document counts: gains 2/3, 0, 0, 1/3, 0
    dcg = 2 / 3 + (1 / 3) / L2(5)
    ideal = 2 / 3 + (1 / 3) / L2(3)  # d5 {2,3}, then d1 gains only subtopic 1
    assert value("alpha_nDCG(alpha=1)@5") == pytest.approx(dcg / ideal, abs=1e-12)


def test_err_ia_and_nerr_ia() -> None:
    err = 2 / 3 + (1 / 6) / 2 + (1 / 3) / 4 + (1 / 3) / 5
    every_subtopic = 1 + 0.5 / 2 + 0.25 / 3 + 0.125 / 4 + 0.0625 / 5
    ideal = 2 / 3 + (1 / 2) / 2 + (1 / 6) / 3 + (1 / 6) / 4
    assert value("ERR_IA@5") == pytest.approx(err / every_subtopic, abs=1e-12)
    assert value("nERR_IA@5") == pytest.approx(err / ideal, abs=1e-12)


def test_nrbp_and_nnrbp() -> None:
    # (1 - (1 - α)β) = 0.75 with α = β = 0.5
    nrbp = 0.75 * (2 / 3 + (1 / 6) / 2 + (1 / 3) / 8 + (1 / 3) / 16)
    ideal = 0.75 * (2 / 3 + (1 / 2) / 2 + (1 / 6) / 4 + (1 / 6) / 8)
    assert value("NRBP") == pytest.approx(nrbp, abs=1e-12)
    assert value("nNRBP") == pytest.approx(nrbp / ideal, abs=1e-12)
    # β = 0.8: 1 - 0.5 * 0.8 = 0.6
    nrbp8 = 0.6 * (2 / 3 + (1 / 6) * 0.8 + (1 / 3) * 0.8**3 + (1 / 3) * 0.8**4)
    assert value("NRBP(beta=0.8)") == pytest.approx(nrbp8, abs=1e-12)


def test_p_ia_ap_ia_and_subtopic_recall() -> None:
    # 6 (document, subtopic) pairs in the top 5, each weighted 1/3, over k = 5
    assert value("P_IA@5") == pytest.approx(6 / 3 / 5, abs=1e-12)
    assert value("P_IA@2") == pytest.approx(3 / 3 / 2, abs=1e-12)
    # AP_1 = (1/1 + 2/2)/2 = 1; AP_2 = (1/1 + 2/5)/2 = 0.7; AP_3 = (1/4 + 2/5)/2 = 0.325
    assert value("AP_IA") == pytest.approx((1 + 0.7 + 0.325) / 3, abs=1e-12)
    assert value("StRecall@1") == pytest.approx(2 / 3)
    assert value("StRecall@3") == pytest.approx(2 / 3)
    assert value("StRecall@4") == pytest.approx(1.0)


def test_every_working_sums_to_its_value() -> None:
    for name in ["alpha_DCG@5", "alpha_nDCG@3", "ERR_IA@5", "nERR_IA@4", "NRBP", "nNRBP",
                 "P_IA@5", "AP_IA", "StRecall@4"]:  # fmt: skip
        result = parse(name)(EXAMPLE, TEXTBOOK)
        assert result.table["contribution"].sum() == pytest.approx(result.value, abs=1e-12)


def test_intent_weights() -> None:
    # weights 1:2, 2:1, 3:1 -> w = 1/2, 1/4, 1/4
    weighted = Ranking.build(
        [1] * 5, doc_ids=IDS, intents=Intents.build(SETS, weights={"1": 2, "2": 1, "3": 1})
    )
    # P_1@5 = 2/5, P_2@5 = 2/5, P_3@5 = 2/5: P-IA@5 = 2/5 whatever the weights
    assert value("P_IA@5", weighted) == pytest.approx(0.4)
    assert value("AP_IA", weighted) == pytest.approx(1 / 2 * 1 + 1 / 4 * 0.7 + 1 / 4 * 0.325)
    # gains: d1 1/2 + 1/4, d2 1/2 * 0.5, d3 0, d4 1/4, d5 (1/4 + 1/4) * 0.5
    err = 3 / 4 + (1 / 4) / 2 + (1 / 4) / 4 + (1 / 4) / 5
    every_subtopic = 1 + 0.5 / 2 + 0.25 / 3 + 0.125 / 4 + 0.0625 / 5
    assert value("ERR_IA@5", weighted) == pytest.approx(err / every_subtopic, abs=1e-12)


def test_one_subtopic_and_alpha_zero_is_ndcg_with_binary_gain() -> None:
    grades = [0, 1, 1, 0, 1, 0]
    subtopics = ["1" if g else "" for g in grades]
    missed = [("u1", "1"), ("u2", "")]
    ranking = Ranking.build(
        grades, unretrieved=[1, 0], intents=Intents.build(subtopics, missed), scale_max=1
    )
    linear = Convention(gain="linear", ideal="judged")
    for k in (1, 3, 6, 8):
        ndcg = parse(f"nDCG@{k}")(ranking, linear).value
        assert value(f"alpha_nDCG(alpha=0)@{k}", ranking) == pytest.approx(ndcg, abs=1e-12)


def test_one_intent_err_ia_is_err_with_binary_grades_over_its_all_relevant_value() -> None:
    grades = [0, 1, 1, 0, 1]
    ranking = Ranking.build(grades, intents=Intents.build(["1" if g else "" for g in grades]))
    binary = Convention(err_gmax=1.0)
    for k in (2, 5):
        err = parse(f"ERR@{k}")(Ranking.build(grades, scale_max=1), binary).value
        all_relevant = parse(f"ERR@{k}")(Ranking.build([1] * k, scale_max=1), binary).value
        assert value(f"ERR_IA@{k}", ranking) == pytest.approx(err / all_relevant, abs=1e-12)


def test_a_query_with_nothing_relevant_scores_zero_everywhere() -> None:
    nothing = Ranking.build([0, 0], intents=Intents.build(["", ""]))
    for name in ["alpha_DCG@5", "alpha_nDCG@5", "ERR_IA@5", "nERR_IA@5", "NRBP", "nNRBP",
                 "P_IA@5", "AP_IA", "StRecall@5"]:  # fmt: skip
        assert value(name, nothing) == 0.0


def test_the_ideal_reads_the_unretrieved_documents() -> None:
    # list: one document on subtopic 1; a judged document on 1 and 2 was not retrieved.
    ranking = Ranking.build([1], intents=Intents.build(["1"], [("u1", "1,2")]))
    # gains: 1/2 at rank 1; ideal u1: (1 + 1)/2 = 1, then d1: 0.5/2
    assert value("alpha_nDCG@2", ranking) == pytest.approx(0.5 / (1 + 0.25 / L2(3)))
    assert value("StRecall@1", ranking) == pytest.approx(0.5)


@pytest.mark.parametrize(
    ("build", "message"),
    [
        (lambda: Intents.build(["1", "2"], weights={"1": 1}), r"Subtopic '2' has no weight"),
        (lambda: Intents.build(["1"], weights={"1": 1, "9": 1}), r"Subtopic '9' has a weight"),
        (lambda: Intents.build(["1"], weights={"1": -1}), r"must be a number >= 0"),
        (lambda: Intents.build(["1"], weights={"1": "x"}), r"must be a number; got 'x'"),
        (lambda: Intents.build(["1"], weights={"1": 0}), r"weights are all 0"),
        (lambda: Intents.build(["1"], [("", "2")]), r"Unretrieved document 1 has no doc id"),
        (lambda: Intents.build([{"a b"}]), r"without commas or spaces; got 'a b'"),
        (lambda: Ranking.build([1, 0], intents=Intents.build(["1"])), r"subtopics for 1 documents"),
    ],
)
def test_bad_subtopic_judgments_say_what_to_do(build, message) -> None:
    with pytest.raises(ValueError, match=message):
        build()


def test_a_list_without_subtopics_and_bad_parameters_say_what_to_do() -> None:
    with pytest.raises(D.NoSubtopicsError, match=r"need subtopic judgments"):
        value("alpha_nDCG@5", Ranking.build([1, 0]))
    with pytest.raises(ValueError, match=r"alpha must be a number from 0 to 1"):
        parse("alpha_nDCG(alpha=1.5)@5")
    with pytest.raises(ValueError, match=r"beta must be a number from 0 up to"):
        parse("NRBP(beta=1)")
    with pytest.raises(ValueError, match=r"alpha_nDCG needs a cutoff"):
        parse("alpha_nDCG")
    twice = Ranking.build([1], doc_ids=["d1"], intents=Intents.build(["1"], [("d1", "2")]))
    with pytest.raises(ValueError, match=r"both in the list and among the unretrieved"):
        value("alpha_nDCG@2", twice)


def test_subtopics_are_read_as_typed() -> None:
    assert parse_subtopics(" 1, 3  car") == {"1", "3", "car"}
    assert parse_subtopics("") == frozenset()
    assert parse_subtopics(None) == frozenset()
    assert parse_subtopics(2) == {"2"}
    assert parse_subtopics(["1", "2"]) == {"1", "2"}


# pyndeval's own example (github.com/seanmacavaney/pyndeval, tests/test_pyndeval.py), values as
# published there to 4 decimals: A {a}, D {b}, E unjudged, B {b} retrieved; C {c} not.
PUBLISHED = {
    "ERR_IA@5": 0.3933, "ERR_IA@10": 0.3907, "ERR_IA@20": 0.3907,
    "nERR_IA@5": 0.8297, "nERR_IA@10": 0.8297, "nERR_IA@20": 0.8297,
    "alpha_DCG@5": 0.4052, "alpha_DCG@10": 0.3998, "alpha_DCG@20": 0.3997,
    "alpha_nDCG@5": 0.7868, "alpha_nDCG@10": 0.7868, "alpha_nDCG@20": 0.7868,
    "NRBP": 0.3906, "nNRBP": 0.8620, "AP_IA": 0.5000,
    "P_IA@5": 0.2000, "P_IA@10": 0.1000, "P_IA@20": 0.0500,
    "StRecall@5": 0.6666, "StRecall@10": 0.6666, "StRecall@20": 0.6666,
}  # fmt: skip


@pytest.mark.parametrize(("name", "published"), PUBLISHED.items())
def test_pyndevals_published_example(name: str, published: float) -> None:
    ranking = Ranking.build(
        [1, 1, None, 1],
        doc_ids=["A", "D", "E", "B"],
        intents=Intents.build(["a", "b", "", "b"], [("C", "c")]),
    )
    assert value(name, ranking) == pytest.approx(published, abs=1e-4)
