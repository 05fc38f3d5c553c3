"""Every session key belongs to a declared page model (issue 27): a visit of every page leaves no
stray key, and no key is declared by two models. Keys made by a page's parts at run time (an
exercise's answer boxes) are declared as families; the keys a visit leaves are counted by
scripts/count_session_keys.py."""

from __future__ import annotations

from streamlit.testing.v1 import AppTest

from ui.shared.models import MODELS
from ui.shared.navigation import PAGES
from ui.shared.state import overlapping, stray


def visit_every_page(app: AppTest) -> tuple[AppTest, set[str]]:
    """Open the app and each page in the table in turn; the app and every key seen on the way."""
    at = app.run()
    seen = set(at.session_state)
    for entry in PAGES:
        at.switch_page(entry.file).run()
        assert not at.exception, entry.file
        seen |= set(at.session_state)
    return at, seen


def test_every_session_key_belongs_to_a_declared_model(app: AppTest) -> None:
    _at, seen = visit_every_page(app)
    assert stray(seen, MODELS) == []


def test_a_key_set_by_no_model_is_found() -> None:
    assert stray(["settings", "w_k", "quiz_1_x", "ev_measures", "wk", "settingsx"], MODELS) == [
        "settingsx",
        "wk",
    ]


def test_no_key_is_declared_twice() -> None:
    assert overlapping(MODELS) == {}
