"""The Playground's text box (ui.playground.list_box) in AppTest: each form fills the two tables,
bad text leaves them as they were and points at the token, and the box and the grid stay in step.

Expected values are worked by hand below, never read from metrics/.
"""

from __future__ import annotations

import math

from streamlit.testing.v1 import AppTest

from tests.app.conftest import metric_values, set_data_editor_edits
from tests.app.test_playground import open_playground

PLAYGROUND = "app_pages/playground.py"
BOX = "list_box"
NON_RELEVANT = "list_box_unjudged_zero"
EXAMPLE_B = "101:2 203:1 305:2 408:1\n101 450 305 120 203 999 555"


def type_text(at: AppTest, text: str) -> AppTest:
    at.text_area(key=BOX).set_value(text).run()
    assert not at.exception
    return at


def tables(at: AppTest) -> tuple[list, list, list, list]:
    ranking, unretrieved = at.session_state["ranking"], at.session_state["unretrieved"]
    scores = ["" if math.isnan(s) else s for s in ranking["score"]]
    return ranking["doc"].tolist(), ranking["grade"].tolist(), scores, unretrieved["grade"].tolist()


def captions(at: AppTest) -> list[str]:
    return [c.value for c in at.caption]


def test_the_box_starts_with_the_default_list(app: AppTest) -> None:
    at = open_playground(app)
    assert at.text_area(key=BOX).value == "3, 2, 3, 0, 1, 2 | 3, 2"


def test_grades_only_fill_both_tables(app: AppTest) -> None:
    at = type_text(open_playground(app), "1, , 2, ?, 0 | 2")
    docs, grades, scores, missed = tables(at)
    assert docs == ["d1", "d2", "d3", "d4", "d5"]
    assert grades == ["1", "", "2", "", "0"]
    assert scores == [""] * 5 and missed == ["2"]
    # k = 5, relevant = grade >= 1: ranks 1 and 3, plus the one not retrieved -> R = 3
    values = metric_values(at)
    assert values["P@5"] == f"{2 / 5:.4f}"
    assert values["R@5"] == f"{2 / 3:.4f}"
    assert any("Read as grades: 5 ranked (3 judged), 1 judged document" in c for c in captions(at))


def test_example_b_is_one_paste(app: AppTest) -> None:
    at = type_text(open_playground(app), EXAMPLE_B)
    docs, grades, _, missed = tables(at)
    assert docs == ["101", "450", "305", "120", "203", "999", "555"]
    assert grades == ["2", "", "2", "", "1", "", ""]
    assert missed == ["1"]  # 408, judged, not retrieved
    # top 5 = 101, 450, 305, 120, 203; relevant among them 101, 305, 203 (3); relevant in all 4
    p, r = 3 / 5, 3 / 4
    values = metric_values(at)
    assert values["P@5"] == "0.6000" == f"{p:.4f}"
    assert values["R@5"] == "0.7500" == f"{r:.4f}"
    assert values["F1@5"] == "0.6667" == f"{2 * p * r / (p + r):.4f}"
    assert at.text_area(key=BOX).value == EXAMPLE_B  # kept as typed


def test_ranked_ids_without_a_judgment_can_be_non_relevant(app: AppTest) -> None:
    at = type_text(open_playground(app), EXAMPLE_B)
    at.checkbox(key=NON_RELEVANT).check().run()
    assert tables(at)[1] == ["2", "0", "2", "0", "1", "0", "0"]
    at.checkbox(key=NON_RELEVANT).uncheck().run()
    assert tables(at)[1] == ["2", "", "2", "", "1", "", ""]


def test_a_trec_fragment_fills_the_scores_too(app: AppTest) -> None:
    text = "q1 Q0 a 1 3.5 run\nq1 Q0 b 2 7 run\nq1 0 b 1\nq1 0 c 2\n"
    at = type_text(open_playground(app), text)
    assert tables(at) == (["a", "b"], ["", "1"], [3.5, 7.0], ["2"])
    # ranked by score: b (grade 1) then a (unjudged); relevant: b and c -> P@5 = 1/5, R = 1/2
    values = metric_values(at)
    assert values["P@5"] == f"{1 / 5:.4f}"
    assert values["R@5"] == f"{1 / 2:.4f}"


def test_a_grade_above_the_scale_raises_the_top_grade(app: AppTest) -> None:
    at = type_text(open_playground(app), "6, 0")
    assert at.session_state["settings"]["scale_max"] == 6
    assert tables(at)[1] == ["6", "0"]
    assert any("the top grade is now 6" in c for c in captions(at))


def test_bad_text_points_at_the_token_and_leaves_the_tables(app: AppTest) -> None:
    at = open_playground(app)
    before, values = tables(at), metric_values(at)
    type_text(at, "3, 2\n101:2 203:x")
    assert tables(at) == before and metric_values(at) == values
    (error,) = [e.value for e in at.error]
    assert error.startswith("Not read (line 2, column 11): a judgment's grade must be a number")
    assert "The tables are unchanged." in error
    assert [c.value for c in at.code if "^" in c.value] == ["101:2 203:x\n          ^"]
    assert at.text_area(key=BOX).value == "3, 2\n101:2 203:x"  # what was typed stays
    at.run()
    assert at.text_area(key=BOX).value == "3, 2\n101:2 203:x"


def test_text_of_brackets_only_says_the_box_holds_no_grades(app: AppTest) -> None:
    """Issue 33.1: no exception box; the message at the box, the last result kept."""
    at = open_playground(app)
    before, values = tables(at), metric_values(at)
    type_text(at, "{}\n[]")
    (error,) = [e.value for e in at.error]
    assert error.startswith("Not read (line 1, column 1): the box holds no grades")
    assert tables(at) == before and metric_values(at) == values
    assert at.text_area(key=BOX).value == "{}\n[]"


def test_a_grid_edit_rewrites_the_box(app: AppTest) -> None:
    at = type_text(open_playground(app), EXAMPLE_B)
    set_data_editor_edits(at, "ranking_editor", edited_rows={1: {"grade": "1"}})  # 450 -> 1
    at.run()
    assert at.text_area(key=BOX).value == (
        "101:2 450:1 305:2 203:1 408:1\n101 450 305 120 203 999 555"
    )
    # and the box's text read back gives the grid it came from
    before = tables(at)
    type_text(at, at.text_area(key=BOX).value + " ")
    assert tables(at) == before


def test_a_grid_edit_replaces_bad_text_and_its_message(app: AppTest) -> None:
    at = type_text(open_playground(app), "3, x")
    set_data_editor_edits(at, "unretrieved_editor", edited_rows={0: {"grade": "1"}})
    at.run()
    assert at.text_area(key=BOX).value == "3, 2, 3, 0, 1, 2 | 1, 2"
    assert not at.error


def test_the_box_survives_a_page_switch(app: AppTest) -> None:
    at = type_text(open_playground(app), EXAMPLE_B)
    at.switch_page("app_pages/home.py").run()
    at.switch_page(PLAYGROUND).run()
    assert not at.exception
    assert at.text_area(key=BOX).value == EXAMPLE_B
    assert metric_values(at)["P@5"] == "0.6000"
