"""The Playground's subtopic inputs as plain data (issue 14): the weights text, the tables'
subtopics cells into the core's Intents, α and the weights checked, and the link parameters
(sub, usub, a, w), with links made before subtopics existed opening as they did."""

from __future__ import annotations

import math

import pytest

from rankwork.core.conventions import TEXTBOOK
from rankwork.core.intents import parse_weights, weights_text
from ui.playground import link as playground_link
from ui.playground.inputs import (
    Diversity,
    default_settings,
    diversity_from,
    evaluate_finite,
    intents_from,
    ranking_frame,
    ranking_from,
    unretrieved_frame,
    unretrieved_ids,
)


def test_weights_text_reads_pairs_and_writes_them_back() -> None:
    assert parse_weights("") == {} and parse_weights(None) == {}
    assert parse_weights("1:0.5, 2 : 0.3 3:0.2") == {"1": 0.5, "2": 0.3, "3": 0.2}
    assert parse_weights("a:b:2") == {"a:b": 2.0}  # the last colon splits name and weight
    assert weights_text({"10": 1.0, "2": 0.25}) == "2:0.25, 10:1"  # natural order


@pytest.mark.parametrize(
    "typed, message",
    [
        ("1 0.5", "'1' is not a subtopic:weight pair"),
        ("1:", "'1:' is not a subtopic:weight pair"),
        ("1:2, 1:3", "subtopic '1' has two weights"),
        ("1:x", "The weight of subtopic '1' must be a number; got 'x'."),
        ("1:-1", "must be a number >= 0; got '-1'"),
        ("1:nan", "The weight of subtopic '1' must be a number; got 'nan'."),  # issue 33 §4's rule
    ],
)
def test_bad_weights_text_is_named(typed: str, message: str) -> None:
    with pytest.raises(ValueError, match=message.replace("(", r"\(").replace(")", r"\)")):
        parse_weights(typed)


def test_unretrieved_documents_are_named_u1_u2_skipping_ids_in_use() -> None:
    assert unretrieved_ids(3, ["u1", "d1", "u3"]) == ["u2", "u4", "u5"]


def test_tables_without_subtopics_have_no_intents() -> None:
    assert intents_from(ranking_frame([1, 0]), unretrieved_frame([2])) is None
    ranking = ranking_from(ranking_frame([1, 0]), unretrieved_frame([2]), 4)
    assert ranking.intents is None


def test_tables_with_subtopics_become_intents() -> None:
    table = ranking_frame([1, 0], ["u1", "b"], None, ["1, 2", ""])
    intents = intents_from(table, unretrieved_frame([2], ["3"]))
    assert intents is not None
    assert intents.retrieved == (frozenset({"1", "2"}), frozenset())
    assert intents.unretrieved == (("u2", frozenset({"3"})),)  # u1 is taken by the list


def test_alpha_and_weights_are_checked_against_the_list() -> None:
    ranking = ranking_from(ranking_frame([1, 1], None, None, ["1", "2"]), unretrieved_frame([]), 4)
    settings = {**default_settings(), "weights": "1:3, 2:1", "alpha": 0.8}
    assert diversity_from(settings, ranking) == Diversity(0.8, (("1", 3.0), ("2", 1.0)))
    with pytest.raises(ValueError, match="Subtopic '2' has no weight"):
        diversity_from({**settings, "weights": "1:1"}, ranking)
    with pytest.raises(ValueError, match="α must be a number from 0 to 1; got 1.5."):
        diversity_from({**settings, "alpha": 1.5}, ranking)
    with pytest.raises(ValueError, match="α must be a number from 0 to 1; got nothing."):
        diversity_from({**settings, "alpha": None}, ranking)


def test_the_link_round_trips_subtopics_weights_and_alpha() -> None:
    ranking = ranking_from(
        ranking_frame([0, 1, 1], ["d", "a", "b"], None, ["", "1, x;y", "50%"]),
        unretrieved_frame([1, 2], ["2", ""]),
        4,
    )
    settings = {**default_settings(), "scale_max": 4, "weights": "1:1, x;y:2, 50%:1, 2:1"}
    settings["alpha"] = 0.25
    params = playground_link.encode(ranking, settings)
    assert params["sub"] == ",1;x%3By,50%25"  # ; and % inside a name are escaped
    assert params["usub"] == "2,"
    assert params["a"] == "0.25"
    decoded = playground_link.decode(params)
    assert decoded.problems == []
    assert decoded.ranking["subtopics"].tolist() == ["", "1, x;y", "50%"]
    assert decoded.unretrieved["subtopics"].tolist() == ["2", ""]
    assert parse_weights(decoded.settings["weights"]) == parse_weights(settings["weights"])
    assert decoded.settings["alpha"] == 0.25


def test_a_link_without_subtopics_is_written_and_read_as_before() -> None:
    ranking = ranking_from(ranking_frame([3, 2]), unretrieved_frame([1]), 4)
    params = playground_link.encode(ranking, {**default_settings(), "scale_max": 4})
    assert params == {"g": "3,2", "u": "1", "top": "4", "k": "5", "preset": "textbook"}
    decoded = playground_link.decode(params)
    assert decoded.problems == []
    assert decoded.ranking["subtopics"].tolist() == ["", ""]
    assert decoded.settings["alpha"] == 0.5 and decoded.settings["weights"] == ""


@pytest.mark.parametrize(
    "params, problem",
    [
        ({"g": "1,2", "sub": "1"}, "sub has 1 items for 2 grades"),
        ({"g": "1", "u": "1", "sub": "1", "usub": "1,2"}, "usub has 2 items for 1"),
        ({"g": "1,2", "sub": "1,2", "w": "1:1"}, "Subtopic '2' has no weight"),
        ({"g": "1,2", "sub": "1,2", "a": "-1"}, "α must be a number from 0 to 1; got -1."),
    ],
)
def test_a_damaged_subtopic_link_is_named(params: dict, problem: str) -> None:
    decoded = playground_link.decode(params)
    assert any(problem in p for p in decoded.problems), decoded.problems


def test_a_zero_weight_leaves_its_subtopic_out_and_huge_weights_are_refused() -> None:
    # d, a {1, 2}, b {2}, z, c {3}; weights 0, 0, 1: only c's subtopic 3 counts. c is at
    # rank 5 (1/log2 6) and first in the ideal (1/log2 2 = 1): α-nDCG@5 = 1/log2(6)
    table = ranking_frame([0, 1, 1, None, 1], list("dabzc"), None, ["", "1,2", "2", "", "3"])
    ranking = ranking_from(table, unretrieved_frame([]), 4)
    settings = {**default_settings(), "weights": "1:0, 2:0, 3:1"}
    report = evaluate_finite(ranking, TEXTBOOK, 5, diversity_from(settings, ranking))
    assert report.value("alpha_nDCG") == pytest.approx(1 / math.log2(6), abs=1e-12)
    with pytest.raises(ValueError, match="add up to more than the largest double"):
        diversity_from({**settings, "weights": "1:1e308, 2:1e308, 3:1"}, ranking)
