"""Check my answer, in AppTest: the verdict, the matches with their calculations, the right
calculation when nothing matches, and bad input kept as typed. Every expected number is worked
out by hand below (never computed by calling metrics/).

The Playground's default list: grades 3, 2, 3, 0, 1, 2; judged but not retrieved 3 and 2; k = 5;
Textbook (gain 2^g - 1, discount 1/log2(i + 1), ideal from all judged documents cut at k).
"""

from __future__ import annotations

from math import log2

from streamlit.testing.v1 import AppTest

from tests.app.conftest import set_data_editor_edits
from tests.app.test_playground import open_playground
from tests.markdown_text import unescaped

CHECK = "app_pages/check.py"

DCG = 7 + 3 / log2(3) + 7 / 2 + 0 + 1 / log2(6)  # 12.7796
IDCG = 7 + 7 / log2(3) + 7 / 2 + 3 / log2(5) + 3 / log2(6)  # judged pool 3,3,3,2,2: 17.3691
# the ideal taken from the retrieved list only: 3, 3, 2, 2, 1
IDCG_LIST = 7 + 7 / log2(3) + 3 / 2 + 3 / log2(5) + 1 / log2(6)  # 14.5954


def open_check(app: AppTest) -> AppTest:
    at = app.run()
    at.switch_page(CHECK).run()
    assert not at.exception
    return at


def answer(at: AppTest, text: str) -> AppTest:
    at.text_input(key="check_answer").input(text).run()
    assert not at.exception
    return at


def all_latex(at: AppTest) -> str:
    return "\n".join(el.value for el in at.latex)


def test_a_right_answer_rounded_to_two_decimals(app: AppTest) -> None:
    at = answer(open_check(app), f"{DCG / IDCG:.2f}")  # 0.74
    (success,) = at.success
    assert success.value.startswith(
        f"**Right.** nDCG@5 = {DCG / IDCG:.4f}; your 0.74 is within ±0.005"
    )


def test_the_ideal_from_the_retrieved_list_is_named_with_its_calculation(app: AppTest) -> None:
    at = answer(open_check(app), f"{DCG / IDCG_LIST:.4f}")  # 0.8756
    assert "Not nDCG@5 under this convention" in at.warning[0].value
    titles = [e.label for e in at.expander]
    assert titles[0] == f"IDCG from the retrieved list only → {DCG / IDCG_LIST:.4f}"
    assert f"Relevant documents never retrieved are ignored → {DCG / IDCG_LIST:.4f}" in titles
    # the tie order differs too, but cannot matter: the list has no scores
    lightgbm = "the LightGBM / XGBoost convention (ideal ranking, value when nothing is relevant)"
    assert f"{lightgbm} → {DCG / IDCG_LIST:.4f}" in titles
    # the first match's working: the list's own ideal 3, 3, 2, 2, 1
    assert f"= {IDCG_LIST:.4f}" in all_latex(at)
    assert r"\frac{2^{2}-1}{\log_2 4}" in all_latex(at)  # ideal rank 3 now has grade 2


def test_nothing_matches_shows_the_right_calculation(app: AppTest) -> None:
    at = answer(open_check(app), "0.1234")
    assert "no convention or common mistake we know gives 0.1234" in unescaped(at.error[0].value)
    latex = all_latex(at)
    # DCG@5's terms as shown, 7 + 1.8928 + 3.5 + 0 + 0.3869, add up to 12.7797 (the line's
    # total); the unrounded DCG@5 rounds to 12.7796, the ratio's numerator
    assert "= 12.7797" in latex and f"= {IDCG:.4f}" in latex
    assert rf"\frac{{{DCG:.4f}}}{{{IDCG:.4f}}} = {DCG / IDCG:.4f}" in latex


def test_a_bad_answer_is_explained_and_kept(app: AppTest) -> None:
    at = answer(open_check(app), "seven")
    assert "'seven' is not a number" in unescaped(at.error[0].value)
    assert at.text_input(key="check_answer").value == "seven"


def test_a_typed_list_and_p_at_k_beyond_its_end(app: AppTest) -> None:
    at = open_check(app)
    at.radio(key="check_source").set_value("typed").run()
    at.text_input(key="check_grades").input("1, 0, 1").run()
    at.text_input(key="check_missed").input("").run()
    at.selectbox(key="check_family").set_value("P").run()
    # P@5 = 2/5; clipping k to the 3 documents gives 2/3
    at = answer(at, "0.6667")
    titles = [e.label for e in at.expander]
    assert f"k larger than the list clipped to the list → {2 / 3:.4f}" in titles
    assert f"P@k divided by the list length → {2 / 3:.4f}" in titles  # coincides here
    assert r"\mathrm{P@3} = \frac{2}{3} = 0.6667" in all_latex(at)  # k clipped to 3


def test_a_bad_typed_list_is_explained_and_kept(app: AppTest) -> None:
    at = open_check(app)
    at.radio(key="check_source").set_value("typed").run()
    at.text_input(key="check_grades").input("3, x, 1").run()
    assert "Grade at rank 2: 'x' is not a number" in unescaped(at.error[0].value)
    assert at.text_input(key="check_grades").value == "3, x, 1"


def test_rbp_has_no_cutoff(app: AppTest) -> None:
    at = open_check(app)
    at.selectbox(key="check_family").set_value("RBP").run()
    assert at.number_input(key="check_k").disabled
    # RBP(p=0.8), gains g/3 (the default example is graded 0..3):
    # 0.2 * (3/3 + 2/3 0.8 + 3/3 0.8^2 + 1/3 0.8^4 + 2/3 0.8^5)
    rbp = 0.2 * (3 / 3 + 2 / 3 * 0.8 + 3 / 3 * 0.8**2 + 1 / 3 * 0.8**4 + 2 / 3 * 0.8**5)
    at = answer(at, f"{rbp:.4f}")
    assert at.success[0].value.startswith("**Right.** RBP(p=0.8)")


def test_a_broken_playground_list_is_reported(app: AppTest) -> None:
    at = app.run()
    at.switch_page("app_pages/playground.py").run()
    set_data_editor_edits(at, "ranking_editor", edited_rows={1: {"grade": "two"}})
    at.run()
    at.switch_page(CHECK).run()
    assert not at.exception
    assert "Grade at rank 2: 'two' is not a number" in unescaped(at.error[0].value)


def test_an_answer_rounded_twice_is_told_to_check_its_rounding(app: AppTest) -> None:
    # RR of 21 non-relevant documents then a relevant one: 1/22 = 0.04545...; rounded once to
    # 3 decimals 0.045, rounded to 4 (0.0455) and again to 3: 0.046
    at = open_check(app)
    at.radio(key="check_source").set_value("typed").run()
    at.text_input(key="check_grades").input(", ".join(["0"] * 21 + ["1"])).run()
    at.text_input(key="check_missed").input("").run()
    at.selectbox(key="check_family").set_value("RR").run()
    at.number_input(key="check_k").set_value(25).run()
    at = answer(at, "0.046")
    (warning,) = at.warning
    assert warning.value.startswith("Right to 3 decimals — check your rounding: RR@25 = 0.0454…")
    assert not at.error


def test_a_modified_convention_is_named_by_its_preset_and_what_changed(app: AppTest) -> None:
    at = app.run()
    at.switch_page("app_pages/playground.py").run()
    at.segmented_control(key="w_gain").set_value("linear").run()
    at.switch_page(CHECK).run()
    captions = " ".join(c.value for c in at.caption)
    assert "Convention: Textbook + linear gain." in captions  # was "Convention: Custom."
    at.selectbox(key="check_family").set_value("DCG").run()
    # DCG@5 with linear gain on the default list: 3 + 2/log2(3) + 3/2 + 0 + 1/log2(6)
    at = answer(at, f"{3 + 2 / log2(3) + 3 / 2 + 1 / log2(6):.4f}")
    assert at.success[0].value.startswith("**Right.**")
    assert "Custom" not in " ".join([m.value for m in at.markdown] + [c.value for c in at.caption])


def test_a_diversity_answer_counting_each_subtopic_once_is_named(app: AppTest) -> None:
    # Playground list d1 {1,2}, d2 {1}, d3 none, d4 {3}, d5 {2,3}; alpha = 0.5, k = 5.
    at = open_playground(app, g="1,1,0,1,1", sub="1;2,1,,3,2;3")
    at.switch_page(CHECK).run()
    at.selectbox(key="check_family").set_value("alpha_nDCG").run()
    # Each subtopic counted once (alpha = 1): gains 2/3, 0, 0, 1/3, 0; the ideal d5 {2,3},
    # then d1 (subtopic 1 only): (2/3 + (1/3)/log2 5) / (2/3 + (1/3)/log2 3) = 0.9239
    once = (2 / 3 + (1 / 3) / log2(5)) / (2 / 3 + (1 / 3) / log2(3))
    at = answer(at, f"{once:.4f}")
    titles = [e.label for e in at.expander]
    assert f"Each subtopic counted once per list → {once:.4f}" in titles
    # the measure as people write it (specs.display_name), not ir_measures' alpha_nDCG@5
    assert "Not α-nDCG@5 under this convention" in unescaped(at.warning[0].value)
    # the wrong working, read from the wrong Result: the ideal's gains 2/3 then 1/3
    assert r"\frac{0.6667}{\log_2 2} + \frac{0.3333}{\log_2 3}" in all_latex(at)


def test_the_condensed_playground_list_is_checked_as_its_cards_show_it(app: AppTest) -> None:
    # the Playground's list 3, ?, 2, ?, 0, 1 (0..3), k = 5, condensed: 3, 2, 0, 1, with the
    # judged pool 3, 2, 0, 1 (R = 3 relevant). AP′@5: relevant at ranks 1, 2, 4 of the
    # condensed list: (1/1 + 2/2 + 3/4) / 3 = 0.9167; kept in place, ranks 1, 3 (and 6):
    # AP@5 = (1/1 + 2/3) / 3 = 0.5556
    for key, value in {"g": "3,,2,,0,1", "top": "3", "k": "5", "cl": "1"}.items():
        app.query_params[key] = value
    at = app.run()
    at.switch_page("app_pages/playground.py").run()
    at.switch_page(CHECK).run()
    assert "The condensed list (unjudged removed" in " ".join(c.value for c in at.caption)
    at.selectbox(key="check_family").set_value("AP").run()
    at = answer(at, f"{(1 + 1 + 3 / 4) / 3:.4f}")
    assert at.success[0].value.startswith(f"**Right.** AP′@5 = {(1 + 1 + 3 / 4) / 3:.4f}")
    at = answer(at, f"{(1 + 2 / 3) / 3:.4f}")
    titles = [e.label for e in at.expander]
    assert any(
        t.startswith("AP′ and nDCG′ with unjudged documents kept as non-relevant") for t in titles
    )


def test_log2_of_the_rank_is_named_first_with_its_working(app: AppTest) -> None:
    at = open_check(app)
    at.selectbox(key="check_family").set_value("DCG").run()
    # log2(i), rank 1 undiscounted: 7/1 + 3/log2(2) + 7/log2(3) + 0/log2(4) + 1/log2(5)
    slipped = 7 + 3 + 7 / log2(3) + 1 / log2(5)  # 14.8472
    at = answer(at, f"{slipped:.4f}")
    title = at.expander[0].label
    assert title.startswith("you used log2(i) instead of log2(i+1): rank 1 undiscounted")
    assert title.endswith(f"→ {slipped:.4f}")
    shown = "\n".join(m.value for m in at.markdown)
    assert "**You used log2(i) instead of log2(i+1)" in shown and "log2(1) = 0" in shown
    assert r"\frac{2^{2}-1}{1}" not in all_latex(at)  # rank 2 is written over log2(2)
    assert r"\frac{2^{2}-1}{\log_2 2}" in all_latex(at)


def test_the_sum_of_the_calculations_rounded_terms_is_right(app: AppTest) -> None:
    at = open_check(app)
    at.selectbox(key="check_family").set_value("DCG").run()
    # DCG@5 = 7 + 3/log2(3) + 3.5 + 0 + 1/log2(6) = 12.779642; its terms rounded to 4 decimals,
    # 7 + 1.8928 + 3.5 + 0 + 0.3869, add up to 12.7797, the total the calculation shows
    assert round(7 + 1.8928 + 3.5 + 0 + 0.3869, 4) == 12.7797 and f"{DCG:.4f}" == "12.7796"
    at = answer(at, "12.7797")
    (success,) = at.success
    assert success.value.startswith("Right, to the rounding of the terms")
    assert f"{DCG:.6f}" in success.value
    assert "= 12.7797" in all_latex(at)  # the calculation, folded, is there to compare


def test_err_from_the_calculations_rounded_terms_is_right(app: AppTest) -> None:
    at = open_check(app)
    at.radio(key="check_source").set_value("typed").run()
    at.text_input(key="check_grades").input("0, 0, 0, 1, 3").run()
    at.text_input(key="check_missed").input("").run()
    at.selectbox(key="check_top").set_value(3).run()
    at.selectbox(key="check_family").set_value("ERR").run()
    # ERR@5 with top grade 3: 1/4 * (2^1-1)/2^3 = 0.03125 and 1/5 * (2^3-1)/2^3 * 7/8 =
    # 0.153125, so 0.184375; the terms rounded to 4 decimals (half to even) add up to
    # 0.0312 + 0.1531 = 0.1843, the total the calculation shows
    at = answer(at, "0.1843")
    (success,) = at.success
    assert success.value.startswith("Right, to the rounding of the terms")
    assert "ERR@5 = 0.184375" in success.value
    shown = all_latex(at)  # the sum, set one "=" a row
    assert "= 0 + 0 + 0 + 0.0312 + 0.1531" in shown and "= 0.1843" in shown
    assert not answer(at, "0.1850").success  # 0.000625 away: not the rounding
