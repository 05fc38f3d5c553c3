"""Doc ids in the Playground's link are percent-encoded once, by the URL (issue 12: a non-ASCII
id showed as doc-%25CE%25B1, encoded twice); a comma or % inside an id still round-trips, and
links made before the fix still open."""

from __future__ import annotations

from streamlit.testing.v1 import AppTest

from tests.app.test_playground import open_playground


def link(at: AppTest) -> str:
    (shown,) = [c.value for c in at.code if "/playground?" in c.value]
    return shown


def test_a_non_ascii_id_is_encoded_once(app: AppTest) -> None:
    at = open_playground(app, g="2,1", d="doc-α,x")
    assert at.session_state["ranking"]["doc"].tolist() == ["doc-α", "x"]
    # α is U+03B1, UTF-8 bytes CE B1: %CE%B1 once, never %25CE%25B1
    assert "&d=doc-%CE%B1,x&" in link(at)
    assert "%25" not in link(at)
    assert at.query_params["d"] == "doc-α,x"


def test_commas_and_percent_signs_in_ids_round_trip(app: AppTest) -> None:
    # the list's own separator and the escape are written %2C and %25 before the URL encodes
    # the value, which turns their % into %25 once
    at = open_playground(app, g="2,1", d="a%2Cb,50%25")
    assert at.session_state["ranking"]["doc"].tolist() == ["a,b", "50%"]
    assert "&d=a%252Cb,50%2525&" in link(at)


def test_a_link_made_before_the_fix_still_opens(app: AppTest) -> None:
    # the old link's d=doc-%25CE%25B1 reaches the page decoded once: doc-%CE%B1
    at = open_playground(app, g="2,1", d="doc-%CE%B1,x")
    assert at.session_state["ranking"]["doc"].tolist() == ["doc-α", "x"]
    assert not at.warning
