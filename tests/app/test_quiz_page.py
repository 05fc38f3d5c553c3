"""The Exercises page in AppTest: a round read from the link, answers checked and scored, a wrong
number diagnosed, the worked solution on request, the sheet downloads and presentation mode.
Expected values are worked by hand from the lists the page prints (round 42, Textbook, k = 5).
"""

from __future__ import annotations

from math import log2

from streamlit.testing.v1 import AppTest

from tests.app.conftest import metric_values

QUIZ = "app_pages/quiz.py"
KEY = "quiz_42_textbook_5_dcg-compare-predict-choose"
# exercise 1: grades 2, 1, 3, 2, 0; not retrieved 3, 3 (gains 3,1,7,3,0; ideal 3,3,3,2,2)
DCG = 3 + 1 / log2(3) + 7 / 2 + 3 / log2(5)
IDCG = 7 + 7 / log2(3) + 7 / 2 + 3 / log2(5) + 3 / log2(6)
LINEAR = (2 + 1 / log2(3) + 3 / 2 + 2 / log2(5)) / (
    3 + 3 / log2(3) + 3 / 2 + 2 / log2(5) + 2 / log2(6)
)


def open_round(app: AppTest, **params: str) -> AppTest:
    for name, value in params.items():
        app.query_params[name] = value
    at = app.run()
    at.switch_page(QUIZ).run()
    assert not at.exception
    return at


def test_the_link_gives_the_round(app: AppTest) -> None:
    at = open_round(app, seed="42")
    statements = "\n".join(m.value for m in at.markdown)
    assert "grades 2, 1, 3, 2, 0 (rank 1 first)" in statements
    assert "List A ranks e > c > g > d > h; list B ranks f > e > b > h > d" in statements
    assert metric_values(at)["Score"] == "0 / 12"
    assert at.code[0].value.endswith("/quiz?seed=42&qconv=textbook&qk=5&ex=dcg&ex=compare&"
                                     "ex=predict&ex=choose")  # fmt: skip


def test_answers_are_checked_and_scored(app: AppTest) -> None:
    at = open_round(app, seed="42")
    at.text_input(key=f"{KEY}_1_DCG").input(f"{DCG:.3f}").run()
    at.text_input(key=f"{KEY}_1_nDCG").input(f"{LINEAR:.4f}").run()
    at.radio(key=f"{KEY}_2_better").set_value("A").run()  # A's nDCG@5 0.8328 beats B's 0.5664
    assert not at.exception
    assert [s.value for s in at.success] == ["Right.", "Right."]
    (warning,) = at.warning
    assert "Linear gain where exponential is meant" in warning.value
    cards = metric_values(at)
    assert cards["Score"] == "2 / 12" and cards["Answered"] == "3 / 12"


def test_the_worked_solution_on_request(app: AppTest) -> None:
    at = open_round(app, seed="42")
    at.toggle(key=f"{KEY}_1_solution").set_value(True).run()
    latex = "\n".join(el.value for el in at.latex)
    assert r"\frac{2^{2}-1}{\log_2 2}" in latex  # rank 1, grade 2
    assert f"= {DCG:.3f}" in latex and f"= {IDCG:.4f}" in latex
    assert f"= {DCG / IDCG:.4f}" in latex


def test_the_sheet_and_its_solutions_download(app: AppTest) -> None:
    at = open_round(app, seed="42")
    labels = [el.proto.label for el in at.get("download_button")]
    assert labels == [
        "Sheet (Markdown)",
        "Solutions (Markdown)",
        "Sheet (LaTeX)",
        "Solutions (LaTeX)",
    ]


def test_presentation_mode_tucks_the_settings_away(app: AppTest) -> None:
    at = open_round(app, seed="42")
    assert "Round settings" not in [e.label for e in at.expander]
    at.toggle(key="w_presentation").set_value(True).run()
    assert not at.exception
    assert "Round settings" in [e.label for e in at.expander]


def test_a_bad_link_falls_back_to_a_valid_round(app: AppTest) -> None:
    at = open_round(app, seed="not-a-number", qk="9")
    assert at.number_input(key="seed").value == 1
    assert at.selectbox(key="qk").value == 5
    assert metric_values(at)["Score"] == "0 / 12"


def test_no_kind_chosen_says_so(app: AppTest) -> None:
    at = open_round(app, seed="42")
    at.multiselect(key="ex").set_value([]).run()
    assert "Choose at least one kind" in at.info[0].value
