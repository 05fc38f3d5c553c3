"""Bad input never crashes an Explore page: whatever state the Playground is in (a convention
that does not fit the grades, a list the convention rejects, a cell being typed), each page
renders, says what is wrong where it matters, and shows what it can."""

from __future__ import annotations

import pytest

from tests.app.explore_helpers import texts
from ui.playground.inputs import gain_map_frame, ranking_frame

PAGES = ["app_pages/discounts.py", "app_pages/gains.py", "app_pages/behaviour.py"]
DISCOUNTS, BEHAVIOUR = {PAGES[0]}, {PAGES[2]}
LIST_PAGES = DISCOUNTS | BEHAVIOUR  # the gains page reads neither the list nor the convention
# case: (settings changed, grades, a message the page must show, the pages that show it)
CASES = {
    "ERR's top grade below the grades": ({"err_gmax": 1.0}, [3, 2, 0], "ERR's top", LIST_PAGES),
    "RBP's top grade below the grades": ({"rbp_gmax": 1.0}, [3, 2, 0], "RBP's top", BEHAVIOUR),
    "a custom gain missing a grade": ({"gain": "custom"}, [3, 2, 0], "no gain for", BEHAVIOUR),
    "a negative grade rejected": ({}, [3, -1, 0], "negative grade", LIST_PAGES),
    "k = 0": ({"k": 0}, [3, 2, 0], "uses k = 5 meanwhile", LIST_PAGES),
    "a log base of 1": ({"log_base": 1.0}, [3, 2], "uses the Textbook convention", LIST_PAGES),
    "only unjudged documents": ({}, [None, None], "", set()),
    "tied scores averaged": ({"ties": "average"}, [3, 2, 0, 1], "tie-averaged", BEHAVIOUR),
}


@pytest.mark.parametrize("page", PAGES)
@pytest.mark.parametrize("case", CASES)
def test_page_renders_with_a_message(app, page, case):
    changes, grades, message, where = CASES[case]
    at = app.run()
    settings = dict(at.session_state["settings"]) | changes
    if changes.get("gain") == "custom":
        settings["gain_map"] = ((0.0, 0.0), (1.0, 1.0))
        at.session_state["gain_map"] = gain_map_frame(settings["gain_map"])
    at.session_state["settings"] = settings
    scores = [1.0, 1.0, 0.5, 0.5] if changes.get("ties") == "average" else None
    at.session_state["ranking"] = ranking_frame(grades, scores=scores)
    at.switch_page(page).run()
    assert not at.exception, [e.value for e in at.exception]
    if page in where:
        assert message in texts(at)
