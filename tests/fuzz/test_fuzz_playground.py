"""Fuzz: the Playground in AppTest opened with fuzzed links (issue 11). Whatever the link: no
exception, the cards show finite numbers, no text from the link is rendered as Markdown or
HTML, and a bad grade typed next keeps the last valid result on screen with the cell named.
A small, seeded number of examples (each is three AppTest runs); scripts/fuzz_app.py runs many
more."""

from __future__ import annotations

import math

import pytest
from hypothesis import example, given
from streamlit.testing.v1 import AppTest

from tests.app.conftest import APP, metric_values
from tests.fuzz.app_inputs import assert_literal, bodies, fuzz_settings, links
from tests.markdown_text import unescaped

pytestmark = pytest.mark.app  # opens a page in AppTest (tiers: tests/conftest.py)
PLAYGROUND = "app_pages/playground.py"
FUZZ = fuzz_settings(12)


def open_link(params: dict[str, str]) -> AppTest:
    at = AppTest.from_file(APP, default_timeout=60)
    for key, value in params.items():
        at.query_params[key] = value
    at.run()
    at.switch_page(PLAYGROUND).run()
    return at


def check_playground(params: dict[str, str]) -> None:
    """The invariants, for one link (also run by scripts/fuzz_app.py)."""
    at = open_link(params)
    assert not at.exception, (params, [e.value for e in at.exception])
    cards = metric_values(at)
    assert cards, params
    for label, value in cards.items():
        assert math.isfinite(float(value)), (params, label, value)
    assert_literal(bodies(at))
    at.session_state["ranking_editor"] = {
        "edited_rows": {0: {"grade": "nan"}},
        "added_rows": [],
        "deleted_rows": [],
    }
    at.run()
    assert not at.exception, (params, [e.value for e in at.exception])
    assert metric_values(at) == cards  # the last valid result stays
    shown = [unescaped(e.value) for e in at.error]
    assert any("Grade at rank 1: 'nan' is not a number" in e for e in shown), shown
    assert at.session_state["ranking"]["grade"][0] == "nan"  # as typed


@FUZZ
@given(links())
@example({"top": "2"})
@example({"preset": "![](https://evil.example/beacon.png)", "g": "3,[x](https://evil.example)"})
@example({"eg": "1024"})
def test_any_link_opens_the_playground(params: dict[str, str]) -> None:
    check_playground(params)
