"""Fuzz: the generators of the second hardening campaign (issue 33), seeded and bounded (a few
seconds each; the link round trip is tests/unit/test_playground_link.py's property);
scripts/fuzz_campaign.py runs them for longer. tests/fuzz/hardening.py says what each input is
and what every outcome must be."""

from __future__ import annotations

import warnings

import pytest
from hypothesis import example, given
from streamlit.testing.v1 import AppTest

from tests.fuzz.app_inputs import fuzz_settings
from tests.fuzz.hardening import (
    box_texts,
    check_box_in_playground,
    check_box_round_trip,
    check_box_text,
    check_core_call,
    check_mutated_link,
    core_calls,
    grid_lists,
    mutated_state_links,
    playground_page,
)


@fuzz_settings(400)
@given(box_texts())
@example("{}\n[]")  # 33.1: an IndexError, not the parser's error
@example(";")
def test_any_text_in_the_box_is_read_or_refused_with_a_place(text: str) -> None:
    check_box_text(text)


@pytest.fixture(scope="module")
def playground() -> AppTest:
    """One Playground for every example, as one person typing text after text (a fresh page
    per example would cost a second or two each)."""
    return playground_page()


@pytest.mark.app  # types into the Playground in AppTest (tiers: tests/conftest.py)
@fuzz_settings(40)
@given(box_texts())
@example("{}\n[]")  # 33.1: Streamlit's exception box
def test_the_playground_box_never_shows_an_exception(playground: AppTest, text: str) -> None:
    check_box_in_playground(playground, text)


@fuzz_settings(300)
@given(grid_lists())
@example(  # 33.2a: the ids form read back as TREC lines
    {
        "grades": [1.0, None, None, None, None, None],
        "doc_ids": ["a", "Q0", "b", "c", "d", "e"],
        "scores": None,
        "unretrieved": [],
        "unretrieved_ids": [],
    }
)
@example(  # 33.2b: a quoted id cut at a line break other than \n
    {
        "grades": [2.0],
        "doc_ids": ["a\x1cb"],
        "scores": None,
        "unretrieved": [],
        "unretrieved_ids": [],
    }
)
def test_the_box_reads_back_what_it_writes_for_any_list_of_the_grid(lst: dict) -> None:
    check_box_round_trip(lst)


@fuzz_settings(25)
@given(mutated_state_links())
@example({"g": ""})  # 33.3: one unjudged document
@example({"g": "1,1", "sub": "1,2", "w": "1:1_0,2:1"})  # 33.4
def test_a_mutated_link_of_a_valid_state_decodes_to_a_valid_state(link: dict) -> None:
    check_mutated_link(link)


@fuzz_settings(400)
@given(core_calls())
@example(("ranking", {"build": {"grades": [10**400]}, "measure": "AP"}))  # 33.5
@example(("ranking", {"build": {"grades": [1], "scale_max": 10**400}, "measure": "AP"}))
def test_the_core_refuses_ints_beyond_a_double_with_a_value_error(call) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)  # numpy's, before a ValueError
        check_core_call(call)
