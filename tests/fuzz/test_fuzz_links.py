"""Fuzz: `ui.playground.link.decode` on arbitrary and mutated Playground links (issue 11). Whatever
the link, decoding never raises and gives a state the Playground can show, with finite numbers,
that encodes to a link with nothing wrong in it. Seeded (derandomize) and bounded; the long
campaign is scripts/fuzz_app.py."""

from __future__ import annotations

from hypothesis import example, given

from tests.fuzz.app_inputs import assert_valid_state, fuzz_settings, links
from ui.playground import link as playground_link

FUZZ = fuzz_settings(100)


@FUZZ
@given(links())
@example({"top": "2"})  # 11.1: no list, and the example list's grade 3 is above top
@example({"top": "1", "g": "x"})  # 11.1: a damaged list
@example({"g": "\uff13,1_0,nan"})  # 11.10: what float() takes and a link does not
@example({"eg": "1024"})  # ERR's 2^gmax overflows
@example({"gain": "custom", "gm": "0:0,1:1e308,2:1e308,3:1e308,4:1e308"})  # DCG overflows
@example({"preset": "[Login](https://evil.example/x)"})  # 11.14
def test_any_link_decodes_to_a_valid_state(params: dict[str, str]) -> None:
    assert_valid_state(playground_link.decode(params))
