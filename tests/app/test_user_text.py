"""Issue 11.14: text that came from a user (a shared link, an uploaded file's name or content)
is shown as literal text on every page, never rendered as Markdown or HTML.

Each test opens a page with a hostile value and checks every Markdown element AppTest holds
(warnings, errors, infos, captions, markdown): the value appears in what the element shows
(tests.markdown_text.shown, a CommonMark renderer) and forms no link or image there. The e2e
test tests/e2e/test_user_text.py checks the same in the browser.
"""

from __future__ import annotations

import pytest
from streamlit.testing.v1 import AppTest

from tests.markdown_text import formed_elements, shown

LINK = "[Login](https://evil.example/x)"
IMAGE = "![](https://evil.example/beacon.png)"


def bodies(at: AppTest) -> list[str]:
    """The Markdown bodies of the page's text elements."""
    elements = [*at.warning, *at.error, *at.info, *at.success, *at.caption, *at.markdown]
    return [e.value for e in elements]


def assert_shown_literally(at: AppTest, text: str) -> None:
    assert not at.exception, at.exception
    holding = [b for b in bodies(at) if text in shown(b)]
    assert holding, f"{text!r} is not shown: {bodies(at)}"
    for body in bodies(at):
        assert not {"a", "img"} & formed_elements(body), body


def open_page(app: AppTest, page: str, **params: str) -> AppTest:
    for key, value in params.items():
        app.query_params[key] = value
    at = app.run()
    at.switch_page(page).run()
    return at


@pytest.mark.parametrize("hostile", [LINK, IMAGE])
def test_a_playground_link_is_echoed_literally(app: AppTest, hostile: str) -> None:
    at = open_page(app, "app_pages/playground.py", preset=hostile, g=f"1,{hostile}")
    assert_shown_literally(at, f"preset='{hostile}'")
    assert_shown_literally(at, hostile[:37])  # the damaged grade, shortened as the link is


def test_a_doc_id_from_a_link_is_shown_literally_in_the_list_error(app: AppTest) -> None:
    """A valid link whose doc ids the user then duplicates: the error quotes the id."""
    at = open_page(app, "app_pages/playground.py", g="1,2", d=f"a,{LINK}")
    assert not at.warning  # a valid link
    at.session_state["ranking_editor"] = {
        "edited_rows": {0: {"doc": LINK}},
        "added_rows": [],
        "deleted_rows": [],
    }
    at.run()
    assert_shown_literally(at, f"Doc id '{LINK}' appears twice")


def test_an_exercises_link_is_echoed_literally(app: AppTest) -> None:
    at = open_page(app, "app_pages/exercises.py", seed=LINK, qk=IMAGE)
    assert_shown_literally(at, f"seed='{LINK}'")
    assert_shown_literally(at, f"qk='{IMAGE}'")


def test_uploaded_names_and_contents_are_shown_literally(app: AppTest) -> None:
    at = open_page(app, "app_pages/evaluate.py")
    qrels = ("qrels.txt", b"1 0 a 1\n1 0 b 0\n")
    at.file_uploader(key="ev_upload_qrels").set_value((*qrels, "text/plain"))
    at.run()
    runs = [
        (f"{LINK}.txt", b"1 Q0 a 1 2.0 x\n1 Q0 b 2 1.0 x\n", "text/plain"),
        (f"{IMAGE}.txt", f"1 Q0 {LINK} 1 {IMAGE} x\n".encode(), "text/plain"),
    ]
    at.file_uploader(key="ev_upload_runs").set_value(runs)
    at.run()
    assert_shown_literally(at, f"{LINK}.txt")  # the caption of the files read
    assert_shown_literally(at, f"{IMAGE}.txt, line 1")  # the error naming the broken file
    assert_shown_literally(at, f"'{IMAGE}'")  # ... quoting its content
