"""The metric behaviour page (app_pages/behaviour.py): position sweep, swap deltas, redundancy
and landscape, against arithmetic written out here.

The Playground's default list is 3,2,3,0,1,2 (d1..d6) with judged but unretrieved grades 3 and
2, grades 0..4, the Textbook convention (gain 2^g - 1, 1/log2(i+1)) and k = 5.
"""

from __future__ import annotations

from math import log2

import pytest

from rankwork.collection.trec import read_qrels, read_run
from tests.app.explore_helpers import decoded, figure, open_page, table_with, texts, trace
from tests.crosscheck.test_withheld import SAMPLE, _pytrec  # trec_eval through pytrec_eval

PAGE = "app_pages/behaviour.py"
R = range(1, 21)
# gains 7,3,7,0,1,3; ideal: the judged grades 3,3,3,2,2,2,1,0 cut at 5
IDCG5 = 7 + 7 / log2(3) + 7 / 2 + 3 / log2(5) + 3 / log2(6)
DCG5 = 7 + 3 / log2(3) + 7 / 2 + 0 + 1 / log2(6)


def _cell(fig: dict, i: int, j: int) -> float:
    """The swap grid's colour (the delta) at ranks i, j."""
    points = decoded(fig["data"][0])
    for data, value in zip(points["customdata"], points["marker"]["color"], strict=True):
        if int(data[0]) == i and int(data[1]) == j:
            return value
    raise AssertionError(f"no cell {i}, {j}")


# --- position sweep --------------------------------------------------------------------------


def test_sweep_of_one_grade_2_document(app):
    at = open_page(app, PAGE)
    fig = figure(at, "beh_sweep_plot")
    assert trace(fig, "nDCG")["y"] == pytest.approx([1 / log2(r + 1) for r in R])
    assert trace(fig, "RR")["y"] == pytest.approx([1 / r for r in R])
    assert trace(fig, "AP")["y"] == pytest.approx([1 / r for r in R])
    # ERR: R = (2^2 - 1)/2^4 = 3/16, found at rank r: 3/16 / r
    assert trace(fig, "ERR")["y"] == pytest.approx([3 / 16 / r for r in R])
    # RBP: (1 - 0.8) 0.8^(r-1) times the graded gain 2/4
    assert trace(fig, "RBP")["y"] == pytest.approx([0.2 * 0.8 ** (r - 1) * 0.5 for r in R])
    assert trace(fig, "P@k")["y"] == pytest.approx([0.2] * 5 + [0] * 15)  # 1/k, k = 5
    assert trace(fig, "R@k")["y"] == [1] * 5 + [0] * 15
    identities = table_with(at, "identity")
    assert identities["holds"].tolist() == ["✓ holds"] * 5


def test_a_second_document_breaks_the_identities(app):
    at = open_page(app, PAGE)
    at.toggle(key="beh_second").set_value(True).run()  # a grade-2 document fixed at rank 3
    fig = figure(at, "beh_sweep_plot")
    ap, rr = trace(fig, "AP")["y"], trace(fig, "RR")["y"]
    assert ap[0] == pytest.approx((1 / 1 + 2 / 3) / 2)  # moving one at 1, fixed one at 3
    assert rr[0] == 1
    assert ap[2] is None and rr[2] is None  # rank 3 is taken
    assert ap[4] == pytest.approx((1 / 3 + 2 / 5) / 2) and rr[4] == pytest.approx(1 / 3)
    # nDCG with the moving one at 1: 3(1 + 1/2) / 3(1 + 1/log2 3)
    assert trace(fig, "nDCG")["y"][0] == pytest.approx(1.5 / (1 + 1 / log2(3)))
    assert table_with(at, "identity")["holds"].tolist() == ["✗ breaks"] * 5


# --- swap deltas -----------------------------------------------------------------------------


def test_swap_grid_of_the_playground_list(app):
    at = open_page(app, PAGE)
    assert at.metric[0].value == f"{DCG5 / IDCG5:.4f}" == "0.7358"
    fig = figure(at, "beh_swap_grid")
    # swap ranks 1 and 4: gains 7 and 0 trade discounts 1 and 1/log2(5)
    assert _cell(fig, 1, 4) == pytest.approx(7 * (1 / log2(5) - 1) / IDCG5)
    assert _cell(fig, 4, 1) == _cell(fig, 1, 4)
    # ranks 1 and 6: rank 6 is beyond k = 5, so the 7 leaves and a 3 comes in at rank 1
    assert _cell(fig, 1, 6) == pytest.approx((3 - 7) / IDCG5)
    assert _cell(fig, 1, 3) == 0  # two grade-3 documents
    largest = table_with(at, "delta")
    assert largest["rank i"].tolist() == [1, 1, 1, 3, 1]
    assert largest["rank j"].tolist() == [6, 4, 5, 6, 2]
    assert largest["doc j"].tolist() == ["d6", "d4", "d5", "d6", "d2"]
    assert largest["delta"].iloc[3] == pytest.approx((3 - 7) * 0.5 / IDCG5)


def test_err_swap_grid_rebuilds_the_lists(app):
    at = open_page(app, PAGE)
    at.radio(key="beh_swap_measure").set_value("ERR").run()
    # R = (2^g - 1)/16 = 7/16, 3/16, 7/16, 0, 1/16: ERR@5 = sum p_stop(i)/i
    err = 7 / 16 + (9 / 16 * 3 / 16) / 2 + (9 / 16 * 13 / 16 * 7 / 16) / 3
    err += (9 / 16 * 13 / 16 * 9 / 16 * 1 / 16) / 5
    assert at.metric[0].value == f"{err:.4f}"
    # ranks 1 and 2 swapped: 2,3,3,0,1 -> R = 3/16, 7/16, 7/16, 0, 1/16
    swapped = 3 / 16 + (13 / 16 * 7 / 16) / 2 + (13 / 16 * 9 / 16 * 7 / 16) / 3
    swapped += (13 / 16 * 9 / 16 * 9 / 16 * 1 / 16) / 5
    assert _cell(figure(at, "beh_swap_grid"), 1, 2) == pytest.approx(swapped - err)
    assert "rebuilding each of the 15 swapped lists" in texts(at)


def test_the_swap_button_changes_the_playground_list(app):
    at = open_page(app, PAGE)
    at.number_input(key="beh_swap_i").set_value(1).run()
    at.number_input(key="beh_swap_j").set_value(4).run()
    at.button(key="beh_swap_button").click().run()
    assert not at.exception
    assert at.session_state["ranking"]["doc"].tolist() == ["d4", "d2", "d3", "d1", "d5", "d6"]
    assert at.session_state["ranking"]["grade"].tolist() == ["0", "2", "3", "3", "1", "2"]
    assert "Swapped d1 and d4 on the Playground's list." in texts(at)
    now = (3 / log2(3) + 7 / 2 + 7 / log2(5) + 1 / log2(6)) / IDCG5
    assert at.metric[0].value == f"{now:.4f}"
    at.switch_page("app_pages/playground.py").run()
    assert not at.exception
    assert at.session_state["ranking"]["doc"].tolist()[:4] == ["d4", "d2", "d3", "d1"]


# --- redundancy ------------------------------------------------------------------------------


def test_redundancy_err_saturates_ndcg_keeps_adding(app):
    at = open_page(app, PAGE)
    fig = figure(at, "beh_redundancy_plot")
    # grade 4: R = 15/16; the c-th copy adds (1/c) R (1 - R)^(c-1)
    err = trace(fig, "ERR")["y"]
    assert err[:3] == pytest.approx([0, 15 / 16, 15 / 16 + (1 / 2) * (1 / 16) * (15 / 16)])
    # nDCG of the whole list of 10 (IDCG: ten grade-4 documents): copy c adds disc(c)/sum
    total = sum(1 / log2(i + 1) for i in range(1, 11))
    ndcg = trace(fig, "nDCG")["y"]
    assert ndcg[1] == pytest.approx(1 / total) and ndcg[10] == pytest.approx(1)
    assert trace(fig, "nDCG added by this copy")["y"][10] == pytest.approx(1 / log2(11) / total)
    assert "The first copy brings ERR to **0.9375**" in texts(at)


# --- diversity -------------------------------------------------------------------------------


def test_diversity_alpha_ndcg_tells_covering_from_repeating(app):
    at = open_page(app, PAGE)
    fig = figure(at, "beh_novelty_plot")
    # k = 3, equal weights 1/3 per meaning. Covering: car, cat, OS each new, gain 1/3 each; its
    # greedy ideal also covers the three meanings first: alpha-nDCG@3 = 1 for every alpha.
    assert trace(fig, "α-nDCG@3, covering")["y"] == pytest.approx([1.0] * 11)
    # Repeating: car three times, gains 1/3, (1/3)(1 - a), (1/3)(1 - a)^2, over the ideal's
    # 1/3 at each of the first three ranks.
    ideal = 1 + 1 / log2(3) + 1 / 2
    repeating = trace(fig, "α-nDCG@3, repeating")["y"]
    for a, value in zip([i / 10 for i in range(11)], repeating, strict=True):
        assert value == pytest.approx((1 + (1 - a) / log2(3) + (1 - a) ** 2 / 2) / ideal)
    # nDCG: every document relevant, both lists ideal
    assert trace(fig, "nDCG@3, repeating")["y"] == pytest.approx([1.0] * 11)
    half = (1 + 0.5 / log2(3) + 0.25 / 2) / ideal
    assert f"**1.0000** for the covering list and **{half:.4f}** for the repeating" in texts(at)


def test_diversity_greedy_ideal_can_be_beaten(app):
    at = open_page(app, PAGE)
    # d1 {2,4}, d2 {1,3}: gains 2/4, 2/4. Greedy: d1, d2, d3 tie at 2/4 -> d3 {2,3}; then d1
    # and d2 tie at (1 + 0.5)/4 -> d2; then d1 (0.5 + 1)/4; then d4 0.5/4.
    above = (0.5 + 0.5 / log2(3)) / (0.5 + 0.375 / log2(3))
    assert f"α-nDCG@2 = **{above:.4f}**" in texts(at)
    table = table_with(at, "picked")
    assert table["picked"].tolist() == ["d3", "d2", "d1", "d4"]
    assert table["gain"].tolist() == pytest.approx([0.5, 0.375, 0.375, 0.125])
    assert table["tied with"].tolist() == ["d1, d2", "d1", "", ""]


# --- landscape -------------------------------------------------------------------------------


def test_landscape_of_the_playground_list(app):
    at = open_page(app, PAGE)
    assert "All 180 distinct orderings of the 6 grades." in texts(at)  # 6!/(2! 2!)
    summary = table_with(at, "share below").set_index("measure")
    assert summary.loc["nDCG", "this list"] == pytest.approx(DCG5 / IDCG5)
    # best: 3,3,2,2,1 on top (the 0 last); worst: 0,1,2,2,3 on top
    best = 7 + 7 / log2(3) + 3 / 2 + 3 / log2(5) + 1 / log2(6)
    worst = 0 + 1 / log2(3) + 3 / 2 + 3 / log2(5) + 7 / log2(6)
    assert summary.loc["nDCG", "max"] == pytest.approx(best / IDCG5)
    assert summary.loc["nDCG", "min"] == pytest.approx(worst / IDCG5)
    # P@5 is 1 only with the grade-0 document last: 5!/(2! 2!) = 30 of the 180 orderings
    assert summary.loc["P", "this list"] == 0.8
    assert summary.loc["P", "share above"] == pytest.approx(30 / 180)
    assert summary.loc["P", "share equal"] == pytest.approx(150 / 180)
    assert summary.loc["RR", "this list"] == 1
    fig = figure(at, "beh_landscape_plot")
    marks = [t for t in fig["data"] if t.get("name") == "this list"]
    assert marks[0]["x"] == pytest.approx([DCG5 / IDCG5] * 2)


def test_equal_grades_always_have_ndcg_1(app):
    at = open_page(app, PAGE, [2, 2, 2, 2, 2])
    summary = table_with(at, "share below").set_index("measure")
    assert summary.loc["nDCG", ["this list", "min", "max"]].tolist() == [1, 1, 1]
    page = texts(at)
    assert "Every ordering has the same nDCG@5 (1.0000)" in page
    assert "single distinct ordering" in page


# --- 0, 1 and 1000 documents -----------------------------------------------------------------


def test_an_empty_list_still_shows_what_needs_no_list(app):
    at = open_page(app, PAGE, [])
    page = texts(at)
    assert "The swap deltas need the Playground's list: The ranked list is empty" in page
    assert "The landscape needs the Playground's list" in page
    assert len(trace(figure(at, "beh_sweep_plot"), "nDCG")["y"]) == 20
    figure(at, "beh_redundancy_plot")


def test_one_document(app):
    at = open_page(app, PAGE, [3])
    assert "A swap needs at least two documents" in texts(at)
    assert "single distinct ordering" in texts(at)
    summary = table_with(at, "share below").set_index("measure")
    assert summary.loc["nDCG", "this list"] == 1


def test_a_thousand_documents(app):
    grades = [(i * 7) % 5 for i in range(1000)]
    at = open_page(app, PAGE, grades)
    page = texts(at)
    assert "the first 40 of the 1000 ranks" in page
    assert "2,000 random orderings (seeded" in page
    assert "distinct orderings" in page and "about 10^" in page
    points = decoded(figure(at, "beh_swap_grid")["data"][0])
    assert len(points["x"]) == 40 * 39  # every pair of the first 40 ranks, both ways
    assert max(int(c[0]) for c in points["customdata"]) == 40


# --- incomplete judgments --------------------------------------------------------------------


def test_incomplete_judgments_start_from_trec_evals_values(app):
    at = open_page(app, PAGE)
    fig = figure(at, "beh_withheld_plot")
    full = _pytrec(
        read_qrels(SAMPLE / "qrels.txt"), read_run(SAMPLE / "run_medium.txt"), ["map", "bpref"]
    )
    assert trace(fig, "AP")["x"][:1] == [0] and trace(fig, "AP")["y"][0] == pytest.approx(
        full["map"], abs=1e-12
    )
    assert trace(fig, "bpref")["y"][0] == pytest.approx(full["bpref"], abs=1e-12)
    # withholding judgments turns relevant documents into unjudged ones: AP can only fall
    ap = trace(fig, "AP")["y"]
    assert ap[-1] < ap[0]
    at.segmented_control(key="beh_withheld_run").set_value("strong").run()
    assert "strong: AP falls" in figure(at, "beh_withheld_plot")["layout"]["title"]["text"]
