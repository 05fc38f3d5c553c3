"""The Exercises page in AppTest: a round read from the link, answers checked and scored, a wrong
number diagnosed, the worked solution on request, the sheet downloads and presentation mode.
Expected values are worked by hand from the lists the page prints (round 42, Textbook, k = 5).
"""

from __future__ import annotations

from math import log2

from streamlit.testing.v1 import AppTest

from tests.app.conftest import metric_values
from tests.markdown_text import unescaped

QUIZ = "app_pages/exercises.py"
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
    assert at.code[0].value.endswith("/exercises?seed=42&qconv=textbook&qk=5&ex=dcg&ex=compare&"
                                     "ex=predict&ex=choose")  # fmt: skip


def test_answers_are_checked_and_scored(app: AppTest) -> None:
    at = open_round(app, seed="42")
    at.text_input(key=f"{KEY}_1_DCG").input(f"{DCG:.3f}").run()
    at.text_input(key=f"{KEY}_1_nDCG").input(f"{LINEAR:.4f}").run()
    at.radio(key=f"{KEY}_2_better").set_value("A").run()  # A's nDCG@5 0.8328 beats B's 0.5664
    assert not at.exception
    assert [unescaped(s.value) for s in at.success] == ["Right.", "Right."]
    (warning,) = at.warning
    assert "Linear gain where exponential is meant" in warning.value
    cards = metric_values(at)
    assert cards["Score"] == "2 / 12" and cards["Answered"] == "3 / 12"


def test_the_worked_solution_on_request(app: AppTest) -> None:
    at = open_round(app, seed="42")
    at.toggle(key=f"{KEY}_1_solution").set_value(True).run()
    latex = "\n".join(el.value for el in at.latex)
    assert r"\frac{2^{2}-1}{\log_2 2}" in latex  # rank 1, grade 2
    # DCG@5's terms as shown, 3 + 0.6309 + 3.5 + 1.292 + 0, add up to 8.4229 (the line's
    # last row); the unrounded DCG@5 = 8.42296 rounds to 8.423, the ratio's numerator
    assert "= 8.4229" in latex and f"= {IDCG:.4f}" in latex
    assert rf"\frac{{{DCG:.3f}}}{{{IDCG:.4f}}} = {DCG / IDCG:.4f}" in latex


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


def test_presentation_mode_is_in_the_rounds_link(app: AppTest) -> None:
    at = open_round(app, seed="42")
    assert "pm=1" not in at.code[0].value
    at.toggle(key="w_presentation").set_value(True).run()
    assert at.code[0].value.endswith("&pm=1")  # the address shown to share
    fresh = open_round(AppTest.from_file(app._script_path, default_timeout=30), seed="42", pm="1")
    assert fresh.toggle(key="w_presentation").value is True
    assert "Round settings" in [e.label for e in fresh.expander]
    fresh.toggle(key="w_presentation").set_value(False).run()  # turned off, it stays off
    assert fresh.toggle(key="w_presentation").value is False
    assert "Round settings" not in [e.label for e in fresh.expander]


def test_a_bad_presentation_flag_in_a_rounds_link_is_named(app: AppTest) -> None:
    at = open_round(app, seed="42", pm="yes")
    assert "pm='yes' is not 0 or 1; presentation mode is unchanged." in link_warning(at)
    assert at.toggle(key="w_presentation").value is False


def test_a_bad_link_falls_back_to_a_valid_round(app: AppTest) -> None:
    at = open_round(app, seed="not-a-number", qk="9")
    assert at.number_input(key="ex_seed").value == 1
    assert at.selectbox(key="ex_k").value == 5
    assert metric_values(at)["Score"] == "0 / 12"


def test_no_kind_chosen_says_so(app: AppTest) -> None:
    at = open_round(app, seed="42")
    at.multiselect(key="ex_kinds").set_value([]).run()
    assert "Choose at least one kind" in at.info[0].value


# --- a damaged link says what it could not use ----------------------------------------------

ROUND_1 = "/exercises?seed=1&qconv=textbook&qk=5&ex=dcg&ex=compare&ex=predict&ex=choose"
ROUND_42_START = "grades 2, 1, 3, 2, 0 (rank 1 first)"  # exercise 1 of round 42 (see above)
DAMAGED = "This link was damaged or edited by hand, so part of it was not used:"


def link_warning(at: AppTest) -> str:
    """The link's warning as shown (the link's values in it are escaped: ui.shared.literal)."""
    (warning,) = at.warning
    assert warning.value.startswith(DAMAGED)
    return unescaped(warning.value)


def statements(at: AppTest) -> str:
    return "\n".join(m.value for m in at.markdown)


def test_a_damaged_seed_is_named_and_round_1_used(app: AppTest) -> None:
    at = open_round(app, seed="zz", g="3,2")  # g is the Playground's, not the quiz's
    assert link_warning(at).endswith(
        "- seed='zz' is not a whole number from 0 to 999,999; using round 1."
    )
    assert at.number_input(key="ex_seed").value == 1
    assert at.code[0].value.endswith(ROUND_1)
    assert statements(at) == statements(open_round(AppTest.from_file(app._script_path), seed="1"))
    assert at.query_params["g"] == "3,2"  # left alone
    (dismiss,) = [b for b in at.button if b.label == "Dismiss"]
    dismiss.click().run()
    assert not at.warning and not at.exception
    assert at.code[0].value.endswith(ROUND_1)


def test_a_damaged_k_is_named_and_the_rest_of_the_link_kept(app: AppTest) -> None:
    at = open_round(app, seed="42", qk="0")
    assert link_warning(at).endswith(
        "- qk='0' is not a cutoff the exercises use (3, 4 or 5); using k = 5."
    )
    assert at.selectbox(key="ex_k").value == 5
    assert at.number_input(key="ex_seed").value == 42
    assert ROUND_42_START in statements(at)
    assert metric_values(at)["Score"] == "0 / 12"


def test_an_unknown_kind_is_named_and_the_known_ones_kept(app: AppTest) -> None:
    app.query_params["ex"] = ["compare", "bogus"]
    at = open_round(app, seed="42")
    assert link_warning(at).endswith(
        "- ex='bogus' is not a kind of exercise (dcg, compare, predict, choose, diversity); "
        "using the others, compare."
    )
    assert at.multiselect(key="ex_kinds").value == ["compare"]
    assert at.code[0].value.endswith("/exercises?seed=42&qconv=textbook&qk=5&ex=compare")
    assert metric_values(at)["Score"] == "0 / 3"  # nDCG of A, of B, which is better


def test_a_link_of_unknown_kinds_only_uses_the_default_kinds(app: AppTest) -> None:
    at = open_round(app, seed="42", ex="bogus")
    assert link_warning(at).endswith("using the default kinds.")
    assert at.multiselect(key="ex_kinds").value == ["dcg", "compare", "predict", "choose"]
    assert ROUND_42_START in statements(at)


def test_every_damaged_part_is_named(app: AppTest) -> None:
    at = open_round(app, seed="zz", qk="0", ex="bogus", qconv="nope")
    lines = link_warning(at).split("\n\n", 1)[1].splitlines()
    assert [line.split(" ", 2)[1] for line in lines] == [
        "seed='zz'",
        "qconv='nope'",
        "qk='0'",
        "ex='bogus'",
    ]
    assert "names no convention; using Textbook." in lines[1]
    assert at.code[0].value.endswith(ROUND_1)


def test_a_repeated_round_number_is_named(app: AppTest) -> None:
    app.query_params["seed"] = ["42", "7"]
    at = open_round(app)
    assert link_warning(at).endswith("- seed is given 2 times ('42', '7'); using round 1.")
    assert at.number_input(key="ex_seed").value == 1


def test_a_valid_link_gives_its_round_without_a_warning(app: AppTest) -> None:
    at = open_round(app, seed="42", qk="5", qconv="textbook")
    assert not at.warning
    assert ROUND_42_START in statements(at)
    assert metric_values(at)["Score"] == "0 / 12"


def test_the_shared_address_gives_its_settings(app: AppTest) -> None:
    # the address the page shows writes the convention's slug and the kinds' keys, while the
    # bound widgets keep the shown text in the URL: both open the same round, without a warning
    app.query_params["ex"] = ["compare", "dcg"]
    at = open_round(app, seed="42", qk="4", qconv="trec-eval-ndcg-cut")
    assert not at.warning
    assert at.selectbox(key="ex_conv").value == "trec-eval-ndcg-cut"
    assert at.selectbox(key="ex_k").value == 4
    assert at.multiselect(key="ex_kinds").value == ["compare", "dcg"]
    shared = "/exercises?seed=42&qconv=trec-eval-ndcg-cut&qk=4&ex=compare&ex=dcg"
    assert at.code[0].value.endswith(shared)
    fresh = AppTest.from_file(app._script_path)
    fresh.query_params["ex"] = ["Compare two lists", "Compute DCG, IDCG and nDCG"]
    same = open_round(fresh, seed="42", qk="4", qconv="trec_eval ndcg_cut")
    assert not same.warning
    assert same.code[0].value.endswith(shared)
    assert statements(same) == statements(at)


def test_the_link_carries_the_teachers_tolerance(app: AppTest) -> None:
    # DCG = 8.42296 (worked above); 8.422 is 0.00096 from it: wrong to the 3 decimals typed
    # (±0.0005), right within the teacher's ±0.001
    at = open_round(app, seed="42")
    at.text_input(key=f"{KEY}_1_DCG").input("8.422").run()
    assert not at.success
    at = open_round(AppTest.from_file(app._script_path), seed="42", qtol="0.001")
    assert at.number_input(key="ex_tol").value == 0.001
    assert at.code[0].value.endswith("&ex=choose&qtol=0.001")
    at.text_input(key=f"{KEY}_1_DCG").input("8.422").run()
    assert [unescaped(s.value) for s in at.success] == ["Right."]
    assert metric_values(at)["Score"] == "1 / 12"


def test_a_damaged_tolerance_is_named(app: AppTest) -> None:
    at = open_round(app, seed="42", qtol="0")
    assert link_warning(at).endswith(
        "- qtol='0' is not a tolerance from 0.00001 to 0.5; answers are checked to the "
        "decimals typed."
    )
    assert at.number_input(key="ex_tol").value is None
    assert ROUND_42_START in statements(at)


def test_the_sum_of_the_solutions_rounded_terms_scores(app: AppTest) -> None:
    # issue 25: round 1, exercise 1, IDCG@5 = 7 + 7/log2(3) + 3/2 + 1/log2(5) + 1/log2(6) =
    # 13.734038; the worked solution's terms 7 + 4.4165 + 1.5 + 0.4307 + 0.3869 add up to 13.7341
    at = open_round(app, seed="1")
    key = "quiz_1_textbook_5_dcg-compare-predict-choose"
    at.text_input(key=f"{key}_1_IDCG").input("13.7341").run()
    assert not at.exception
    (success,) = at.success
    assert unescaped(success.value).startswith("Right, to the rounding of the terms")
    assert metric_values(at)["Score"] == "1 / 12"
