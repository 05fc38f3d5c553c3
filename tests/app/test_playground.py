"""The Playground in AppTest: every interaction, with the numbers on screen checked against
values worked out by hand below (never by calling metrics/ for the expected value).

The default list is the issue's: grades 3, 2, 3, 0, 1, 2, two judged documents not retrieved
(grades 3 and 2), k = 5, the Textbook convention (gain 2^g - 1, discount 1/log2(i + 1), ideal
ranking from all judged documents cut at k, RBP p = 0.8); the example carries its grade scale
0..3, so ERR and RBP use top grade 3.
Cards show 4 decimals, so each expected value is compared as f"{value:.4f}".
"""

from __future__ import annotations

from math import log2

import numpy as np
import pytest
from cwl.ruler.measures.cwl_inst import INSTCWLMetric
from cwl.ruler.ranking import Ranking as CwlRanking
from streamlit.testing.v1 import AppTest

from tests.app.conftest import metric_values, plotly_figures, set_data_editor_edits
from tests.markdown_text import unescaped

PLAYGROUND = "app_pages/playground.py"
EDITOR = "ranking_editor"


def L(x: float) -> float:  # noqa: N802 - the log2 of the formulas
    return log2(x)


# --- the default list, by hand ---------------------------------------------------------------
# DCG@5: gains 7, 3, 7, 0, 1 at ranks 1..5 over log2(2..6)
DCG = 7 + 3 / L(3) + 7 / L(4) + 0 / L(5) + 1 / L(6)
# IDCG@5: the judged pool 3,2,3,0,1,2 + 3,2 sorted: 3, 3, 3, 2, 2 (then 2, 1, 0), cut at 5
IDCG = 7 + 7 / L(3) + 7 / L(4) + 3 / L(5) + 3 / L(6)
# The example is graded 0..3 and carries that scale: the top grade is 3 (not the default 4)
# ERR@5: R_i = (2^g - 1)/2^3 -> 7/8, 3/8, 7/8, 0, 1/8
ERR = (
    7 / 8
    + (1 / 2) * (3 / 8) * (1 / 8)
    + (1 / 3) * (7 / 8) * (1 / 8) * (5 / 8)
    + 0
    + (1 / 5) * (1 / 8) * (1 / 8) * (5 / 8) * (1 / 8) * 1
)
assert f"{ERR:.3f}" == "0.921"  # the figure (0.560 was this list read on a 0..4 scale)
# RBP(p=0.8): gains g/3, weights 0.2 * 0.8^(i-1); residual: nothing unjudged, the tail 0.8^6
RBP = 0.2 * (3 / 3 + 2 / 3 * 0.8 + 3 / 3 * 0.8**2 + 0 + 1 / 3 * 0.8**4 + 2 / 3 * 0.8**5)
RBP_UPPER = RBP + 0.8**6
# binary, relevant = grade >= 1: ranks 1, 2, 3, 5, 6 and both unretrieved: R = 7
P, R = 4 / 5, 4 / 7
F1 = 2 * P * R / (P + R)
AP = (1 / 1 + 2 / 2 + 3 / 3 + 4 / 5) / 7
RR = 1.0
RPREC = 5 / 7  # 5 relevant among the first R = 7 ranks (the list has 6)

DEFAULT = {
    "DCG@5": DCG,
    "IDCG@5": IDCG,
    "nDCG@5": DCG / IDCG,
    "ERR@5": ERR,
    "RBP(p=0.8)": RBP,
    "P@5": P,
    "R@5": R,
    "F1@5": F1,
    "AP@5": AP,
    "RR@5": RR,
    "Rprec": RPREC,
}


def shown(values: dict[str, float]) -> dict[str, str]:
    return {label: f"{value:.4f}" for label, value in values.items()}


# --- helpers ---------------------------------------------------------------------------------


def open_playground(app: AppTest, **params: str) -> AppTest:
    for key, value in params.items():
        app.query_params[key] = value
    at = app.run()
    at.switch_page(PLAYGROUND).run()
    assert not at.exception
    return at


def edit(at: AppTest, **edits) -> AppTest:
    """Apply editor edits (rows by position in the editor's current input) and rerun."""
    set_data_editor_edits(at, EDITOR, **edits)
    return at.run()


def click(at: AppTest, label: str) -> AppTest:
    (button,) = [b for b in at.button if b.label == label]
    return button.click().run()


def value(at: AppTest, label: str) -> str:
    return metric_values(at)[label]


def grades(at: AppTest) -> list[str]:
    return at.session_state["ranking"]["grade"].tolist()


def breakdown(at: AppTest) -> list:
    """The breakdown tables (within k, then beyond k): the dataframes with a cum_dcg column."""
    return [df.value for df in at.dataframe if "cum_dcg" in df.value.columns]


def errors(at: AppTest) -> list[str]:
    """The errors' text as shown (user text in them is escaped, see ui.shared.literal)."""
    return [unescaped(e.value) for e in at.error]


def assert_unchanged_with_message(at: AppTest, message: str) -> None:
    """A bad input: its message on screen, no exception, the last valid result still shown."""
    assert not at.exception
    assert any(message in e for e in errors(at)), errors(at)
    assert any("last valid result" in w.value for w in at.warning)
    assert metric_values(at) == shown(DEFAULT)


# --- first load ------------------------------------------------------------------------------


def test_default_list_shows_every_measure(app: AppTest) -> None:
    at = open_playground(app)
    assert metric_values(at) == shown(DEFAULT)
    assert all(m.delta is None or m.delta == "" for m in at.metric)  # no edit yet
    (rbp,) = [m for m in at.metric if m.label == "RBP(p=0.8)"]
    assert rbp.proto.delta_description == f"∈ [{RBP:.4f}, {RBP_UPPER:.4f}]"
    # nothing unjudged: no other card has an interval, and the caption says why
    assert [m.label for m in at.metric if m.proto.delta_description] == ["RBP(p=0.8)"]
    assert any("Judged@5 = 1.0000: every retrieved document" in c.value for c in at.caption)
    assert errors(at) == [] and not at.warning


def test_breakdown_table_comes_from_the_report_with_ranks_beyond_k_apart(app: AppTest) -> None:
    at = open_playground(app)
    within, beyond = breakdown(at)
    assert within["rank"].tolist() == [1, 2, 3, 4, 5]
    assert within["cum_dcg"].iloc[-1] == pytest.approx(DCG)
    assert within["cum_idcg"].iloc[-1] == pytest.approx(IDCG)
    assert within["discount"].tolist() == pytest.approx([1 / L(i + 1) for i in range(1, 6)])
    assert within["ideal_grade"].tolist() == [3, 3, 3, 2, 2]
    # ERR's chance to stop at rank 2: reach it (1 - 7/8), then stop (3/8)
    assert within["err_p_stop"].iloc[1] == pytest.approx(1 / 8 * 3 / 8)
    assert within["rbp_weight"].tolist() == pytest.approx([0.2 * 0.8**i for i in range(5)])
    assert beyond["rank"].tolist() == [6]
    assert beyond["dcg_contribution"].tolist() == [0]  # not counted at k = 5
    assert any("beyond k = 5" in m.value for m in at.markdown)


# --- the list editor -------------------------------------------------------------------------


def test_editing_a_grade_updates_every_card_with_its_change(app: AppTest) -> None:
    at = open_playground(app)
    edit(at, edited_rows={3: {"grade": "3"}})  # rank 4: 0 -> 3
    dcg = 7 + 3 / L(3) + 7 / L(4) + 7 / L(5) + 1 / L(6)
    # the pool gains a 3: 3, 3, 3, 3, 2 at the top
    idcg = 7 + 7 / L(3) + 7 / L(4) + 7 / L(5) + 3 / L(6)
    assert value(at, "DCG@5") == f"{dcg:.4f}"
    assert value(at, "IDCG@5") == f"{idcg:.4f}"
    assert value(at, "nDCG@5") == f"{dcg / idcg:.4f}"
    deltas = {m.label: m.delta for m in at.metric}
    assert deltas["DCG@5"] == f"{dcg - DCG:+.4f}"
    assert deltas["nDCG@5"] == f"{dcg / idcg - DCG / IDCG:+.4f}"
    assert deltas["P@5"] == f"{5 / 5 - 4 / 5:+.4f}"
    assert deltas["RR@5"] == "0.0000"  # unchanged: no sign, no arrow


def test_an_edit_applies_once_and_survives_reruns_and_page_switches(app: AppTest) -> None:
    at = open_playground(app)
    edit(at, edited_rows={3: {"grade": "3"}})
    after = metric_values(at)
    deltas = {m.label: m.delta for m in at.metric}
    at.run()
    at.run()
    assert metric_values(at) == after
    assert {m.label: m.delta for m in at.metric} == deltas  # a rerun changes nothing
    at.switch_page("app_pages/home.py").run()
    at.switch_page(PLAYGROUND).run()
    assert not at.exception
    assert metric_values(at) == after
    assert grades(at) == ["3", "2", "3", "3", "1", "2"]


def test_rows_can_be_added_and_deleted(app: AppTest) -> None:
    at = open_playground(app)
    at.selectbox(key="w_scale_max").set_value(4).run()  # the example is graded 0..3
    edit(at, added_rows=[{"grade": "4"}])
    assert at.session_state["ranking"]["doc"].tolist()[-1] == "d7"  # a fresh id
    assert at.data_editor(key=EDITOR).value["rank"].tolist() == [1, 2, 3, 4, 5, 6, 7]
    at.run()
    assert len(grades(at)) == 7  # not added twice
    # the 4 at rank 7 tops the ideal: 15, 7, 7, 7, 3
    idcg = 15 + 7 / L(3) + 7 / L(4) + 7 / L(5) + 3 / L(6)
    assert value(at, "IDCG@5") == f"{idcg:.4f}"
    edit(at, deleted_rows=[0])  # drop d1 (grade 3)
    assert at.session_state["ranking"]["doc"].tolist() == ["d2", "d3", "d4", "d5", "d6", "d7"]
    dcg = 3 + 7 / L(3) + 0 + 1 / L(5) + 3 / L(6)
    assert value(at, "DCG@5") == f"{dcg:.4f}"


def test_an_empty_grade_is_unjudged(app: AppTest) -> None:
    at = open_playground(app)
    edit(at, edited_rows={1: {"grade": ""}})  # rank 2 unjudged
    rbp = 0.2 * (3 / 3 + 0 + 3 / 3 * 0.8**2 + 0 + 1 / 3 * 0.8**4 + 2 / 3 * 0.8**5)
    residual = 0.2 * 0.8 + 0.8**6  # the unjudged rank 2 and the tail
    assert value(at, "RBP(p=0.8)") == f"{rbp:.4f}"
    (card,) = [m for m in at.metric if m.label == "RBP(p=0.8)"]
    assert card.proto.delta_description == f"∈ [{rbp:.4f}, {rbp + residual:.4f}]"
    assert value(at, "DCG@5") == f"{7 + 0 + 7 / L(4) + 0 + 1 / L(6):.4f}"
    assert value(at, "P@5") == f"{3 / 5:.4f}"  # unjudged is not relevant


def test_scores_rank_the_list(app: AppTest) -> None:
    at = open_playground(app)
    scores = [0.1, 0.9, 0.5, 0.3, 0.2, 0.8]  # for grades 3, 2, 3, 0, 1, 2
    edit(at, edited_rows={i: {"score": s} for i, s in enumerate(scores)})
    # by score: d2 (2), d6 (2), d3 (3), d4 (0), d5 (1), then d1 (3)
    dcg = 3 + 3 / L(3) + 7 / L(4) + 0 + 1 / L(6)
    assert value(at, "DCG@5") == f"{dcg:.4f}"
    assert breakdown(at)[0]["doc_id"].tolist() == ["d2", "d6", "d3", "d4", "d5"]


def test_the_unretrieved_table_changes_idcg_and_recall(app: AppTest) -> None:
    at = open_playground(app)
    at.selectbox(key="w_scale_max").set_value(4).run()  # the example is graded 0..3
    set_data_editor_edits(at, "unretrieved_editor", deleted_rows=[0, 1])
    at.run()
    idcg = 7 + 7 / L(3) + 3 / L(4) + 3 / L(5) + 1 / L(6)  # pool 3, 3, 2, 2, 1, 0
    assert value(at, "IDCG@5") == f"{idcg:.4f}"
    assert value(at, "R@5") == f"{4 / 5:.4f}"  # R = 5 now
    assert value(at, "Rprec") == f"{4 / 5:.4f}"  # 4 relevant in the top 5
    set_data_editor_edits(at, "unretrieved_editor", added_rows=[{"grade": "4"}])
    at.run()
    assert value(at, "IDCG@5") == f"{15 + 7 / L(3) + 7 / L(4) + 3 / L(5) + 3 / L(6):.4f}"


# --- buttons ---------------------------------------------------------------------------------


def test_ideal_order_reverse_and_reset(app: AppTest) -> None:
    at = open_playground(app)
    click(at, "Ideal order")
    assert grades(at) == ["3", "3", "2", "2", "1", "0"]
    dcg = 7 + 7 / L(3) + 3 / L(4) + 3 / L(5) + 1 / L(6)
    assert value(at, "DCG@5") == f"{dcg:.4f}"
    assert value(at, "nDCG@5") == f"{dcg / IDCG:.4f}"  # < 1: the unretrieved 3 is missing
    click(at, "Reverse")
    assert grades(at) == ["0", "1", "2", "2", "3", "3"]
    click(at, "Reset list")
    assert metric_values(at) == shown(DEFAULT)


def test_move_a_document_up_and_down(app: AppTest) -> None:
    at = open_playground(app)
    at.number_input(key="move_rank").set_value(4).run()
    click(at, "Up")
    assert grades(at) == ["3", "2", "0", "3", "1", "2"]
    assert at.number_input(key="move_rank").value == 3  # the selection follows the document
    assert value(at, "DCG@5") == f"{7 + 3 / L(3) + 0 + 7 / L(5) + 1 / L(6):.4f}"
    click(at, "Down")
    click(at, "Down")
    assert grades(at) == ["3", "2", "3", "1", "0", "2"]


def test_shuffle_and_random_list_are_seeded(app: AppTest) -> None:
    at = open_playground(app)
    at.number_input(key="seed").set_value(7).run()
    click(at, "Shuffle")
    once = grades(at)
    assert sorted(once) == sorted(["3", "2", "3", "0", "1", "2"])
    click(at, "Reset list")
    click(at, "Shuffle")
    assert grades(at) == once  # same seed, same list: same order
    click(at, "Random list")
    drawn = grades(at)
    assert len(drawn) == 6 and set(drawn) <= {"0", "1", "2", "3", "4"}
    click(at, "Random list")
    assert grades(at) == drawn
    assert not at.exception


@pytest.mark.parametrize(
    ("example", "label", "expected"),
    [
        ("A single relevant document", "RR@5", 1 / 3),
        ("A single relevant document", "AP@5", (1 / 3) / 1),
        ("All zeros", "nDCG@5", 0.0),
        ("All grades equal", "nDCG@5", 1.0),
        # 1,2,0,2,1 + unretrieved 2: DCG@5 = 1 + 3/log2 3 + 0 + 3/log2 5 + 1/log2 6
        (
            "1,2,0,2,1 + unretrieved 2",
            "nDCG@5",
            (1 + 3 / L(3) + 3 / L(5) + 1 / L(6)) / (3 + 3 / L(3) + 3 / L(4) + 1 / L(5) + 1 / L(6)),
        ),
    ],
)
def test_examples_load(app: AppTest, example: str, label: str, expected: float) -> None:
    at = open_playground(app)
    click(at, example)
    assert value(at, label) == f"{expected:.4f}"
    assert any(example in c.value for c in at.caption)  # what the example shows


def test_example_with_unjudged_documents(app: AppTest) -> None:
    at = open_playground(app)
    click(at, "With unjudged documents")  # 3, -, 2, -, 0, 1
    assert grades(at) == ["3", "", "2", "", "0", "1"]
    rbp = 0.2 * (3 / 3 + 2 / 3 * 0.8**2 + 1 / 3 * 0.8**5)  # the example's scale is 0..3
    assert value(at, "RBP(p=0.8)") == f"{rbp:.4f}"


def descriptions(at: AppTest) -> dict[str, str]:
    return {m.label: m.proto.delta_description for m in at.metric}


def test_cards_show_their_interval_over_the_unjudged_documents(app: AppTest) -> None:
    # grades 1, ?, 0 on the scale 0..2, k = 3, Textbook (gain 2^g - 1, ERR's top grade 2)
    at = open_playground(app, g="1,,0", top="2", k="3")
    # ? = 0: DCG = IDCG = 1 (pool 1, 0, 0); ? = 2: DCG = 1 + 3/log2 3, pool 2, 1, 0
    high_dcg, high_idcg = 1 + 3 / L(3), 3 + 1 / L(3)
    # ERR: R = 1/4 for grade 1, 3/4 for grade 2
    high_err = 1 / 4 + (1 / 2) * (3 / 4) * (3 / 4)
    shown_text = descriptions(at)
    assert value(at, "nDCG@3") == "1.0000"
    # the top grade lowers nDCG (it enters the ideal ranking too): the interval is sorted
    assert shown_text["nDCG@3"] == f"{high_dcg / high_idcg:.4f}–1.0000"
    assert shown_text["DCG@3"] == f"1.0000–{high_dcg:.4f}"
    assert shown_text["IDCG@3"] == f"1.0000–{high_idcg:.4f}"
    assert shown_text["P@3"] == f"{1 / 3:.4f}–{2 / 3:.4f}"
    assert shown_text["AP@3"] == "1.0000–1.0000"  # (1/1 + 2/2) / 2 = 1
    assert shown_text["ERR@3"] == f"0.2500–{high_err:.4f}"
    # Judged@3 beside the cards: 2 of the top 3 judged
    assert any(c.value.startswith("Judged@3 = 0.6667. Under each value") for c in at.caption)
    (ndcg,) = [m for m in at.metric if m.label == "nDCG@3"]
    assert "lowers the value" in ndcg.help


def test_the_condensed_toggle_scores_the_list_without_its_unjudged_documents(
    app: AppTest,
) -> None:
    at = open_playground(app, g="3,,2,,0,1", top="3", k="5")
    # relevant at 1, 3 (and 6, beyond k), R = 3
    assert value(at, "AP@5") == f"{(1 / 1 + 2 / 3) / 3:.4f}"
    at.toggle(key="w_condensed").set_value(True).run()
    assert not at.exception
    # condensed: 3, 2, 0, 1 at ranks 1..4 (gains 7, 3, 0, 1); the pool 3, 2, 1, 0 is unchanged
    dcg = 7 + 3 / L(3) + 0 + 1 / L(5)
    idcg = 7 + 3 / L(3) + 1 / L(4)
    assert value(at, "nDCG′@5") == f"{dcg / idcg:.4f}"
    assert value(at, "AP′@5") == f"{(1 / 1 + 2 / 2 + 3 / 4) / 3:.4f}"
    assert value(at, "P′@5") == f"{3 / 5:.4f}"
    # nothing unjudged is left to move the values; Judged@5 still reads the list as given
    assert [m.label for m in at.metric if m.proto.delta_description] == ["RBP′(p=0.8)"]
    assert any(c.value.startswith("Judged@5 = 0.6000 for the list as typed") for c in at.caption)
    assert breakdown(at)[0]["doc_id"].tolist() == ["d1", "d3", "d5", "d6"]
    (ap,) = [m for m in at.metric if m.label == "AP′@5"]
    assert "condensed list has no unjudged" in ap.help and "d2, d4" in ap.help
    assert at.query_params["cl"] == "1"
    at.toggle(key="w_condensed").set_value(False).run()
    assert value(at, "AP@5") == f"{(1 / 1 + 2 / 3) / 3:.4f}"


def test_the_card_changes_follow_the_condensed_toggle(app: AppTest) -> None:
    """Each card's change is against the value before the last change of inputs, and the
    condensed toggle is one (not only a grade)."""
    at = open_playground(app, g="3,,2,,0,1", top="3", k="5")
    # as typed: 3, ?, 2, ?, 0 within k (unjudged counts 0); the pool 3, 2, 1, 0
    dcg, idcg = 7 + 3 / L(4), 7 + 3 / L(3) + 1 / L(4)
    condensed_dcg = 7 + 3 / L(3) + 0 + 1 / L(5)  # 3, 2, 0, 1
    at.toggle(key="w_condensed").set_value(True).run()
    deltas = {m.label: m.delta for m in at.metric}
    assert deltas["nDCG′@5"] == f"{(condensed_dcg - dcg) / idcg:+.4f}"
    assert deltas["P′@5"] == f"{3 / 5 - 2 / 5:+.4f}"
    assert deltas["AP′@5"] == f"{(1 / 1 + 2 / 2 + 3 / 4) / 3 - (1 / 1 + 2 / 3) / 3:+.4f}"
    at.toggle(key="w_condensed").set_value(False).run()
    assert {m.label: m.delta for m in at.metric}["P@5"] == f"{2 / 5 - 3 / 5:+.4f}"


def test_the_card_changes_follow_a_settings_change(app: AppTest) -> None:
    at = open_playground(app)
    at.number_input(key="w_rel_threshold").set_value(2.0).run()
    # relevant = grade >= 2: P@5 4/5 -> 3/5, R@5 4/7 -> 3/6 (see test_threshold_err_gmax...)
    deltas = {m.label: m.delta for m in at.metric}
    assert deltas["P@5"] == f"{3 / 5 - 4 / 5:+.4f}"
    assert deltas["R@5"] == f"{3 / 6 - 4 / 7:+.4f}"
    assert deltas["DCG@5"] == "0.0000"  # graded: the threshold does not reach it


def test_a_link_opens_the_condensed_list(app: AppTest) -> None:
    at = open_playground(app, g="3,,2,,0,1", top="3", k="5", cl="1")
    assert value(at, "P′@5") == f"{3 / 5:.4f}"
    assert at.toggle(key="w_condensed").value is True


# --- controls and presets --------------------------------------------------------------------


def test_k_changes_every_cutoff(app: AppTest) -> None:
    at = open_playground(app)
    at.number_input(key="w_k").set_value(3).run()
    dcg = 7 + 3 / L(3) + 7 / L(4)  # the DCG@3 = 12.393
    idcg = 7 + 7 / L(3) + 7 / L(4)
    assert value(at, "DCG@3") == f"{dcg:.4f}" == "12.3928"
    assert value(at, "nDCG@3") == f"{dcg / idcg:.4f}"
    assert value(at, "P@3") == "1.0000"


@pytest.mark.parametrize(
    ("preset", "dcg", "idcg"),
    [
        # linear gain
        (
            "trec_eval ndcg_cut",
            3 + 2 / L(3) + 3 / L(4) + 0 + 1 / L(6),
            3 + 3 / L(3) + 3 / L(4) + 2 / L(5) + 2 / L(6),
        ),
        # rank-b discount, b = 2: 1, 1, 1/log2 3, 1/log2 4, 1/log2 5; linear gain
        (
            "Järvelin & Kekäläinen 2002",
            3 + 2 + 3 / L(3) + 0 + 1 / L(5),
            3 + 3 + 3 / L(3) + 2 / L(4) + 2 / L(5),
        ),
        # ideal from the retrieved list only: 3, 3, 2, 2, 1; linear gain
        (
            "scikit-learn",
            3 + 2 / L(3) + 3 / L(4) + 0 + 1 / L(6),
            3 + 3 / L(3) + 2 / L(4) + 2 / L(5) + 1 / L(6),
        ),
    ],
)
def test_presets_set_every_choice(app: AppTest, preset: str, dcg: float, idcg: float) -> None:
    at = open_playground(app)
    at.selectbox(key="w_preset").set_value(preset).run()
    assert value(at, "DCG@5") == f"{dcg:.4f}"
    assert value(at, "IDCG@5") == f"{idcg:.4f}"
    assert value(at, "nDCG@5") == f"{dcg / idcg:.4f}"
    assert any(c.value.startswith("**Reproduces:**") for c in at.caption)


def test_trec_eval_ndcg_preset_ignores_k(app: AppTest) -> None:
    # trec_eval's ndcg takes no cutoff: the whole list 3,2,3,0,1,2 over the whole judged pool
    # 3,3,3,2,2,2,1 (linear gain), whatever k is.
    at = open_playground(app)
    at.selectbox(key="w_preset").set_value("trec_eval ndcg").run()
    dcg = 3 + 2 / L(3) + 3 / L(4) + 0 + 1 / L(6) + 2 / L(7)
    idcg = 3 + 3 / L(3) + 3 / L(4) + 2 / L(5) + 2 / L(6) + 2 / L(7) + 1 / L(8)
    assert value(at, "nDCG") == f"{dcg / idcg:.4f}"
    assert value(at, "DCG") == f"{dcg:.4f}"
    assert "nDCG@5" not in metric_values(at)
    assert value(at, "P@5") == "0.8000"  # the other measures still read k
    assert at.toggle(key="w_dcg_cutoff").value is False


def test_gdeval_uses_the_natural_log_which_cancels_in_ndcg(app: AppTest) -> None:
    at = open_playground(app)
    at.selectbox(key="w_preset").set_value("gdeval").run()
    assert at.number_input(key="w_log_base").value == pytest.approx(2.718281828459045)
    assert value(at, "DCG@5") == f"{DCG * log2(2.718281828459045):.4f}"  # 1/ln = log2(e)/log2
    assert value(at, "nDCG@5") == f"{DCG / IDCG:.4f}"


def test_lightgbm_scores_a_query_with_nothing_relevant_1(app: AppTest) -> None:
    at = open_playground(app)
    click(at, "All zeros")
    assert value(at, "nDCG@5") == "0.0000"
    at.selectbox(key="w_preset").set_value("LightGBM / XGBoost").run()
    assert value(at, "nDCG@5") == "1.0000"


def test_changing_a_control_says_how_the_settings_leave_the_preset(app: AppTest) -> None:
    at = open_playground(app)
    at.segmented_control(key="w_gain").set_value("linear").run()
    assert value(at, "DCG@5") == f"{3 + 2 / L(3) + 3 / L(4) + 1 / L(6):.4f}"
    assert any("Modified from Textbook" in c.value and "gain" in c.value for c in at.caption)
    click(at, "Back to Textbook")
    assert at.segmented_control(key="w_gain").value == "exponential"
    assert metric_values(at) == shown(DEFAULT)


@pytest.mark.parametrize(
    ("discount", "parameter", "dcg"),
    [
        ("log", ("w_log_base", 3.0), DCG * log2(3)),  # 1/log3(i+1) = log2(3)/log2(i+1)
        ("jk", ("w_log_base", 2.0), 7 + 3 + 7 / L(3) + 0 + 1 / L(5)),
        ("geometric", ("w_discount_p", 0.5), 7 + 3 * 0.5 + 7 * 0.25 + 0 + 1 * 0.5**4),
        ("reciprocal", None, 7 + 3 / 2 + 7 / 3 + 0 + 1 / 5),
        ("flat", None, 7 + 3 + 7 + 0 + 1),
    ],
)
def test_discounts(app: AppTest, discount, parameter, dcg) -> None:
    at = open_playground(app)
    at.selectbox(key="w_discount").set_value(discount).run()
    if parameter:
        at.number_input(key=parameter[0]).set_value(parameter[1]).run()
    assert not at.exception
    assert value(at, "DCG@5") == f"{dcg:.4f}"


def test_ideal_source_and_cut(app: AppTest) -> None:
    at = open_playground(app)
    at.toggle(key="w_ideal_cut").set_value(False).run()
    # the whole ideal ranking counts: 3, 3, 3, 2, 2, 2, 1 (the 0 adds nothing)
    idcg = IDCG + 3 / L(7) + 1 / L(8)
    assert value(at, "IDCG@5") == f"{idcg:.4f}"
    at.selectbox(key="w_ideal").set_value("none").run()
    # scaled DCG's ideal: k = 5 documents of the top grade 3 (gain 7)
    assert value(at, "IDCG@5") == f"{sum(7 / L(i + 1) for i in range(1, 6)):.4f}"


def test_threshold_err_gmax_and_rbp_p(app: AppTest) -> None:
    at = open_playground(app)
    at.number_input(key="w_rel_threshold").set_value(2.0).run()
    # relevant = grade >= 2: ranks 1, 2, 3, 6 and both unretrieved: R = 6
    assert value(at, "P@5") == f"{3 / 5:.4f}"
    assert value(at, "R@5") == f"{3 / 6:.4f}"
    at.number_input(key="w_err_gmax").set_value(3.0).run()
    err = (
        7 / 8
        + (1 / 2) * (3 / 8) * (1 / 8)
        + (1 / 3) * (7 / 8) * (1 / 8) * (5 / 8)
        + (1 / 5) * (1 / 8) * (1 / 8) * (5 / 8) * (1 / 8)
    )
    assert value(at, "ERR@5") == f"{err:.4f}"
    at.number_input(key="w_rbp_p").set_value(0.5).run()
    rbp = 0.5 * (3 / 3 + 2 / 3 * 0.5 + 3 / 3 * 0.25 + 1 / 3 * 0.5**4 + 2 / 3 * 0.5**5)
    assert value(at, "RBP(p=0.5)") == f"{rbp:.4f}"


def test_top_grade_changes_err_and_rbp(app: AppTest) -> None:
    at = open_playground(app)
    at.selectbox(key="w_scale_max").set_value(4).run()
    # RBP gains g/4
    rbp = 0.2 * (3 / 4 + 2 / 4 * 0.8 + 3 / 4 * 0.8**2 + 1 / 4 * 0.8**4 + 2 / 4 * 0.8**5)
    assert value(at, "RBP(p=0.8)") == f"{rbp:.4f}"


def test_custom_gain_map(app: AppTest) -> None:
    at = open_playground(app)
    at.segmented_control(key="w_gain").set_value("custom").run()
    # the map starts from the exponential gains: 0, 1, 3, 7, 15 -> the same numbers
    assert value(at, "DCG@5") == f"{DCG:.4f}"
    set_data_editor_edits(at, "gain_map_editor", edited_rows={3: {"gain": 10.0}})
    at.run()
    assert value(at, "DCG@5") == f"{10 + 3 / L(3) + 10 / L(4) + 1 / L(6):.4f}"


# --- the calculation and the plots -----------------------------------------------------------


def test_show_the_calculation(app: AppTest) -> None:
    at = open_playground(app)
    assert not at.latex  # closed: nothing built
    at.number_input(key="w_k").set_value(3).run()
    at.number_input(key="w_decimals").set_value(3).run()
    at.session_state["calc_open"] = True
    at.run()
    latex = [el.value.strip("$\n") for el in at.latex]  # st.latex wraps the body in $$
    dcg_line = next(x for x in latex if x.startswith(r"\mathrm{DCG@3}"))
    assert dcg_line == (
        r"\mathrm{DCG@3} = \frac{2^{3}-1}{\log_2 2} + \frac{2^{2}-1}{\log_2 3} + "
        r"\frac{2^{3}-1}{\log_2 4} = 7 + 1.893 + 3.5 = 12.393"
    )
    assert any(x.startswith(r"\mathrm{nDCG@3} = ") for x in latex)
    # ERR's working is long: on screen it is set one "=" a row (the copyable LaTeX is one line)
    assert any(x.startswith(r"\begin{aligned}\mathrm{ERR@3} &= ") for x in latex)
    assert any(x.startswith(r"\mathrm{RBP(p=0.8)} \in") for x in latex)
    codes = [c.value for c in at.code]
    assert any(c.startswith(r"\[ \mathrm{DCG@3}") for c in codes)  # copy as LaTeX
    assert any(c.startswith("- `DCG@3 = (2^3-1)/log2(2)") for c in codes)  # copy as Markdown


def test_plots_follow_the_list(app: AppTest) -> None:
    at = open_playground(app)
    assert plotly_figures(at) == []  # closed: nothing built
    at.session_state["plots_open"] = True
    at.run()
    (bars,) = plotly_figures(at)  # only the open tab's figure is built
    actual = bars["data"][0]
    assert actual["name"] == "this list"
    assert actual["y"][:3] == pytest.approx([7, 3 / L(3), 7 / L(4)])
    at.session_state["plot_tab"] = "Cumulative gain"
    at.run()
    (cumulative,) = plotly_figures(at)
    assert cumulative["data"][0]["y"][4] == pytest.approx(DCG)
    assert cumulative["data"][1]["y"][4] == pytest.approx(IDCG)
    at.session_state["plot_tab"] = "Measures at every depth"
    at.run()
    (curves,) = plotly_figures(at)
    assert [t["name"] for t in curves["data"]] == ["nDCG@j", "P@j", "R@j"]
    assert curves["data"][1]["y"] == pytest.approx([1, 1, 1, 3 / 4, 4 / 5, 5 / 6])
    edit(at, edited_rows={0: {"grade": "0"}})
    (curves,) = plotly_figures(at)
    assert curves["data"][1]["y"][0] == 0  # P@1 after the edit


# --- the shareable link ----------------------------------------------------------------------


def test_the_url_holds_the_state_and_copy_link_shows_it(app: AppTest) -> None:
    at = open_playground(app)
    assert at.query_params == {
        "g": "3,2,3,0,1,2",
        "u": "3,2",
        "top": "3",
        "k": "5",
        "preset": "textbook",
    }
    links = [c.value for c in at.code]
    assert "/playground?g=3,2,3,0,1,2&u=3,2&top=3&k=5&preset=textbook" in links


def test_a_list_too_long_for_a_link_says_so(app: AppTest) -> None:
    at = open_playground(app)
    edit(at, added_rows=[{"grade": "1"}] * 1000)  # 1,006 documents
    assert not at.exception and len(grades(at)) == 1006
    assert value(at, "P@5") == f"{4 / 5:.4f}"  # computed all the same
    assert dict(at.query_params) == {}  # no stale link in the address bar
    assert any("too long to share as a link" in w.value for w in at.warning)


def test_a_link_round_trips_exactly(app: AppTest) -> None:
    at = open_playground(app)
    at.selectbox(key="w_scale_max").set_value(4).run()  # the example is graded 0..3
    edit(at, edited_rows={1: {"grade": ""}, 4: {"grade": "4", "doc": "best doc"}})
    at.selectbox(key="w_preset").set_value("trec_eval ndcg_cut").run()
    at.number_input(key="w_k").set_value(4).run()
    at.number_input(key="w_rbp_p").set_value(0.9).run()
    at.toggle(key="w_ideal_cut").set_value(False).run()
    before = metric_values(at)
    params = dict(at.query_params)
    assert params["d"] == "d1,d2,d3,d4,best doc,d6"

    fresh = open_playground(AppTest.from_file(app._script_path, default_timeout=30), **params)
    assert metric_values(fresh) == before
    assert fresh.selectbox(key="w_preset").value == "trec_eval ndcg_cut"
    assert fresh.toggle(key="w_ideal_cut").value is False
    assert fresh.session_state["ranking"]["grade"].tolist() == ["3", "", "3", "0", "4", "2"]
    assert not fresh.warning  # nothing was wrong with it


def test_a_tampered_link_says_what_was_wrong_and_uses_defaults(app: AppTest) -> None:
    at = open_playground(app, g="3,2,x", k="5000", preset="bogus", b="__import__('os')")
    assert not at.exception
    (warning,) = at.warning
    text = unescaped(warning.value)  # the link's values are escaped (ui.shared.literal)
    assert "damaged or edited by hand" in text
    assert "'x', is not a number" in text
    assert "k='5000' is not a whole number from 1 to 1,000" in text
    assert "preset='bogus' names no preset" in text
    assert metric_values(at) == shown(DEFAULT)
    click(at, "Dismiss")
    assert not at.warning


def test_only_the_playground_reads_the_link(app: AppTest) -> None:
    app.query_params["g"] = "1,1"
    at = app.run()  # the home page: another page's parameters are not the Playground's
    assert grades(at) == ["3", "2", "3", "0", "1", "2"]
    at.switch_page(PLAYGROUND).run()  # the Playground opened with the same query string
    assert grades(at) == ["1", "1"]


def test_presentation_mode_is_in_the_link_and_tucks_the_controls_away(app: AppTest) -> None:
    at = open_playground(app)
    at.toggle(key="w_presentation").set_value(True).run()
    assert at.query_params["pm"] == "1"
    assert "Settings" in [e.label for e in at.expander]
    assert metric_values(at).items() <= shown(DEFAULT).items()  # the picked cards (below)
    fresh = open_playground(AppTest.from_file(app._script_path, default_timeout=30), pm="1")
    assert fresh.toggle(key="w_presentation").value is True


def test_presentation_mode_shows_the_teachers_cards_and_keeps_them_in_the_link(
    app: AppTest,
) -> None:
    at = open_playground(app)
    assert list(metric_values(at)) == list(DEFAULT)  # normal mode: every card
    at.toggle(key="w_presentation").set_value(True).run()
    # the issue's default for a projector: nDCG, DCG, IDCG, ERR, RBP, P, R (in the cards' order)
    picked = ["DCG@5", "IDCG@5", "nDCG@5", "ERR@5", "RBP(p=0.8)", "P@5", "R@5"]
    assert metric_values(at) == {label: shown(DEFAULT)[label] for label in picked}
    at.button_group(key="w_cards").set_value(["RR", "nDCG", "AP"]).run()
    assert metric_values(at) == {
        label: shown(DEFAULT)[label] for label in ("nDCG@5", "AP@5", "RR@5")
    }
    assert at.query_params["cards"] == "nDCG,AP,RR"
    # a prepared demo: the link opens in presentation mode with the same cards
    params = {key: at.query_params[key] for key in at.query_params}
    fresh = open_playground(AppTest.from_file(app._script_path, default_timeout=30), **params)
    assert fresh.toggle(key="w_presentation").value is True
    assert list(metric_values(fresh)) == ["nDCG@5", "AP@5", "RR@5"]
    at.button_group(key="w_cards").set_value([]).run()
    assert not at.exception and metric_values(at) == {}
    assert "No card picked" in at.info[0].value
    at.toggle(key="w_presentation").set_value(False).run()
    assert list(metric_values(at)) == list(DEFAULT)  # normal mode shows every card again


# --- bad input: a message next to it, the last valid result stays, nothing typed is lost -----


@pytest.mark.parametrize(
    ("cell", "message"),
    [
        ("abc", "Grade at rank 1: 'abc' is not a number"),
        ("7", "Grade 7 is above the scale's maximum 3"),
        ("-1", "negative grade -1"),
        # the help says "a number from 0 to the top grade; leave empty for unjudged": what
        # Python's float() also reads (nan, inf, 1_0 = 10, full-width digits) is refused
        ("inf", "Grade at rank 1: 'inf' is not a number"),
        ("nan", "Grade at rank 1: 'nan' is not a number"),
        ("1_0", "Grade at rank 1: '1_0' is not a number"),
        ("\uff13", "Grade at rank 1: '\uff13' is not a number"),
        ("1e999", "'1e999' is infinite"),
    ],
)
def test_a_bad_grade(app: AppTest, cell: str, message: str) -> None:
    at = open_playground(app)
    edit(at, edited_rows={0: {"grade": cell}})
    assert_unchanged_with_message(at, message)
    assert grades(at)[0] == cell  # kept as typed
    at.switch_page("app_pages/home.py").run()
    at.switch_page(PLAYGROUND).run()
    assert grades(at)[0] == cell and any(message in e for e in errors(at))
    edit(at, edited_rows={0: {"grade": "3"}})  # fixed: back to normal
    assert errors(at) == [] and not at.warning
    assert metric_values(at) == shown(DEFAULT)


@pytest.mark.parametrize("k", [0, -3, 1001])
def test_k_out_of_range(app: AppTest, k: int) -> None:
    at = open_playground(app)
    at.number_input(key="w_k").set_value(k).run()
    assert_unchanged_with_message(at, f"k must be a whole number from 1 to 1,000; got {k}.")
    assert at.number_input(key="w_k").value == k
    assert at.query_params["k"] == "5"  # the link keeps the last valid state


def test_an_empty_list(app: AppTest) -> None:
    at = open_playground(app)
    edit(at, deleted_rows=[0, 1, 2, 3, 4, 5])
    assert_unchanged_with_message(at, "The ranked list is empty")
    assert len(at.session_state["ranking"]) == 0
    # the data editor's "+" (add row) sits in the toolbar above the table, not below it
    message = next(e for e in errors(at) if "list is empty" in e)
    assert "the + above it" in message and "below" not in message


@pytest.mark.parametrize(
    ("edits", "message"),
    [
        ({1: {"score": 0.5}}, "Rank 1, 3, 4, 5, 6 have no score"),
        ({1: {"doc": "d1"}}, "Doc id 'd1' appears twice"),
        ({1: {"doc": ""}}, "The doc id at rank 2 is empty"),
    ],
)
def test_bad_scores_and_doc_ids(app: AppTest, edits, message: str) -> None:
    at = open_playground(app)
    edit(at, edited_rows=edits)
    assert_unchanged_with_message(at, message)


@pytest.mark.parametrize(
    ("key", "bad", "message"),
    [
        ("w_log_base", 1.0, "The log base must be a number greater than 1"),
        ("w_rbp_p", 1.0, "RBP's persistence p must be a number strictly between 0 and 1"),
        ("w_err_gmax", 2.0, "ERR's top grade gmax = 2 is below the grade 3"),
        ("w_rel_threshold", 0.0, "The relevance threshold must be a positive grade"),
    ],
)
def test_bad_settings(app: AppTest, key: str, bad: float, message: str) -> None:
    at = open_playground(app)
    at.number_input(key=key).set_value(bad).run()
    assert_unchanged_with_message(at, message)
    assert at.number_input(key=key).value == bad


def test_err_with_a_top_grade_of_1024_is_computed_not_overflowed(app: AppTest) -> None:
    # 2.0 ** 1024 overflows a double, but R_i = (2^g - 1) / 2^1024 does not need it: the
    # default list's R_1 = 7 / 2^1024 ~ 3.9e-308, so ERR@5 is tiny, finite and shows 0.0000
    at = open_playground(app)
    at.number_input(key="w_err_gmax").set_value(1024.0).run()
    assert not at.exception and errors(at) == []
    assert value(at, "ERR@5") == "0.0000"
    assert value(at, "nDCG@5") == f"{DCG / IDCG:.4f}"  # the rest is unchanged


def test_a_gain_map_missing_a_grade(app: AppTest) -> None:
    at = open_playground(app)
    at.segmented_control(key="w_gain").set_value("custom").run()
    set_data_editor_edits(at, "gain_map_editor", deleted_rows=[3])  # no gain for grade 3
    at.run()
    assert_unchanged_with_message(at, "The gain map has no gain for grade 3")


def test_no_exception_box_through_a_whole_session(app: AppTest) -> None:
    at = open_playground(app)
    for step in (
        lambda: edit(at, edited_rows={0: {"grade": "x"}}),
        lambda: at.number_input(key="w_k").set_value(0).run(),
        lambda: click(at, "Ideal order"),
        lambda: click(at, "Shuffle"),
        lambda: at.selectbox(key="w_preset").set_value("ranx ndcg").run(),
        lambda: at.number_input(key="w_k").set_value(1000).run(),
        lambda: click(at, "Random list"),
        lambda: at.switch_page("app_pages/home.py").run(),
        lambda: at.switch_page(PLAYGROUND).run(),
    ):
        step()
        assert not at.exception
    assert at.query_params["k"] == "1000"


def test_an_example_carries_its_grade_scale(app: AppTest) -> None:
    at = open_playground(app)
    click(at, "1,2,0,2,1 + unretrieved 2")  # graded 0..2: ERR's gmax becomes 2
    assert at.session_state["settings"]["scale_max"] == 2
    # R_i = (2^g - 1)/2^2 -> 1/4, 3/4, 0, 3/4, 1/4; P(reach) 1, 3/4, 3/16, 3/16, 3/64
    err = 1 / 4 + (1 / 2) * (3 / 4) * (3 / 4) + 0 + (1 / 4) * (3 / 16) * (3 / 4)
    err += (1 / 5) * (3 / 64) * (1 / 4)
    assert value(at, "ERR@5") == f"{err:.4f}"


# --- more measures as cards (issue 15) -------------------------------------------------------


def test_more_measures_join_the_cards_from_a_link(app: AppTest) -> None:
    at = open_playground(app, more="Q,INST")
    # the default list: grades 3, 2, 3, 0, 1, 2 (0..3), judged not retrieved 3, 2; k = 5;
    # Textbook: relevant if >= 1, gain 2^g - 1. Q@5 (β = 1): R = 7 relevant judged documents,
    # gains of the list 7, 3, 7, 0, 1; the ideal's 7, 7, 7, 3, 3, 3, 1 (cg* 7, 14, 21, 24, 27).
    # At the relevant ranks 1, 2, 3, 5: (C(r) + cg(r)) / (r + cg*(r)) = 8/8, 12/16, 20/24, 22/32
    q = (8 / 8 + 12 / 16 + 20 / 24 + 22 / 32) / 7
    assert value(at, "Q@5") == f"{q:.4f}"
    # INST(T=1) with gains grade / 3, against cwl_eval's own class (the reference)
    gains = np.array([3, 2, 3, 0, 1, 2]) / 3
    inst = INSTCWLMetric(1.0).measure(CwlRanking("q", gains, np.ones(6)))
    assert value(at, "INST") == f"{inst:.4f}"
    assert list(at.multiselect(key="w_more").value) == ["Q", "INST"]
    at.multiselect(key="w_more").set_value(["Q"]).run()
    assert "INST" not in metric_values(at)
    assert at.query_params["more"] == "Q"
    at.multiselect(key="w_more").set_value([]).run()
    assert "more" not in at.query_params


def test_q_is_primed_on_the_condensed_list_and_inst_reads_the_list_as_typed(app: AppTest) -> None:
    at = open_playground(app, g="3,,2,,0,1", top="3", k="5", cl="1", more="Q,INST")
    # condensed: 3, 2, 0, 1 (R = 3 relevant: 3, 2, 1; gains 7, 3, 1; cg* 7, 10, 11)
    # relevant at ranks 1, 2, 4: 8/8, (2 + 10)/(2 + 10), (3 + 11)/(4 + 11)
    assert value(at, "Q′@5") == f"{(1 + 1 + 14 / 15) / 3:.4f}"
    gains = np.array([3, np.nan, 2, np.nan, 0, 1]) / 3  # unjudged: NaN, which cwl_eval scores 0
    inst = INSTCWLMetric(1.0).measure(CwlRanking("q", gains, np.ones(6)))
    assert value(at, "INST") == f"{inst:.4f}"


def test_an_unknown_measure_in_more_is_named_and_the_rest_shown(app: AppTest) -> None:
    at = open_playground(app, more="Q,Foo")
    assert "Q@5" in metric_values(at)
    assert any("'Foo' is not a card; showing Q." in unescaped(w.value) for w in at.warning)


def test_presentation_mode_can_show_a_measure_added_as_a_card(app: AppTest) -> None:
    at = open_playground(app, pm="1", cards="nDCG,BPM")
    # BPM(T=1)@5 on gains 3/3, 2/3, 3/3, 0, 1/3: the gain reaches T = 1 at rank 1, so the
    # reader stops there (C(1) = 0): W(1) = 1 and BPM = g(1) = 1
    cards = metric_values(at)
    assert set(cards) == {"nDCG@5", "BPM@5"} and cards["BPM@5"] == "1.0000"


def test_the_condensed_caption_names_the_cards_that_read_the_list_as_typed(app: AppTest) -> None:
    at = open_playground(app, g="3,,2,,0,1", top="3", k="5", cl="1", more="Q,Bpref,INST")
    caption = next(c.value for c in at.caption if c.value.startswith("Judged@5"))
    assert caption.endswith(
        "with the unjudged removed, but Bpref, INST, which have no condensed form."
    )


def test_bpref_has_no_range_over_the_unjudged_documents(app: AppTest) -> None:
    # 2, ?, 0, 2, ? (0..3) and a grade-3 document not retrieved: R = 3, N = 1 judged
    # non-relevant; bpref = (1/R) sum over the relevant retrieved of 1 - min(N_r, R)/min(N, R)
    # = (1 + (1 - 1/1)) / 3 = 1/3, while filling the unjudged with 0 gives 0.4444: no range
    at = open_playground(app, g="2,,0,2,", u="3", top="3", k="5", more="Bpref")
    (card,) = [m for m in at.metric if m.label == "Bpref"]
    assert card.value == f"{1 / 3:.4f}"
    assert not card.proto.delta_description
    assert "reads the unjudged documents its own way" in card.help


def show_settings(at: AppTest, shown: bool) -> AppTest:
    """Open (or close) presentation mode's Settings expander, as a click on its header does."""
    at.session_state["settings_open"] = shown
    return at.run()


def test_presentation_mode_builds_the_settings_only_when_opened(app: AppTest) -> None:
    at = open_playground(app, pm="1", k="3")
    assert not [w for w in at.number_input if w.key == "w_k"]  # closed: not built
    show_settings(at, True)
    (k_input,) = [w for w in at.number_input if w.key == "w_k"]
    assert k_input.value == 3  # opened: the settings as the link set them
    k_input.set_value(4).run()
    show_settings(at, False)
    assert "nDCG@4" in metric_values(at)  # closed again: the setting stays
    assert not at.exception


def test_presentation_mode_says_under_the_list_when_a_closed_setting_is_wrong(
    app: AppTest,
) -> None:
    at = open_playground(app, pm="1")
    show_settings(at, True)
    at.number_input(key="w_k").set_value(0).run()  # k must be 1 to 1,000
    show_settings(at, False)
    assert any("k must be a whole number" in e.value and "Open Settings" in e.value
               for e in at.error)  # fmt: skip
    assert "nDCG@5" in metric_values(at)  # the last valid result stays


def test_a_gain_map_edited_in_presentation_mode_survives_closing_the_settings(
    app: AppTest,
) -> None:
    at = open_playground(app, pm="1", cards="DCG")
    show_settings(at, True)
    at.segmented_control(key="w_gain").set_value("custom").run()
    set_data_editor_edits(at, "gain_map_editor", edited_rows={3: {"gain": 10.0}})
    at.run()
    # grade 3 now gains 10 (2^3 - 1 = 7 before): 3, 2, 3, 0, 1 at k = 5
    dcg = 10 + 3 / L(3) + 10 / L(4) + 1 / L(6)
    assert value(at, "DCG@5") == f"{dcg:.4f}"
    show_settings(at, False)  # closed: the gain map's editor is not built, the map stays
    assert value(at, "DCG@5") == f"{dcg:.4f}"
    show_settings(at, True)  # reopened: the editor is built again on the edited map
    assert value(at, "DCG@5") == f"{dcg:.4f}"
    assert not at.exception


def test_a_setting_typed_in_the_run_that_closes_the_settings_is_kept(app: AppTest) -> None:
    """Typing k and clicking the Settings header sends both in one rerun: the settings are
    built once more in that run, so the value reaches them."""
    at = open_playground(app, pm="1", k="3")
    show_settings(at, True)
    (k_input,) = [w for w in at.number_input if w.key == "w_k"]
    k_input.set_value(4)  # committed ...
    at.session_state["settings_open"] = False  # ... with the click that closes the expander
    at.run()
    assert at.session_state["settings"]["k"] == 4
    assert "nDCG@4" in metric_values(at)
    at.run()  # the next run builds nothing and keeps the value
    assert "nDCG@4" in metric_values(at)
    assert not [w for w in at.number_input if w.key == "w_k"]


def test_entering_presentation_mode_keeps_a_setting_typed_with_the_click(app: AppTest) -> None:
    at = open_playground(app)
    at.number_input(key="w_k").set_value(4)  # committed with the click on the toggle
    at.toggle(key="w_presentation").set_value(True).run()
    assert at.session_state["settings"]["k"] == 4 and "nDCG@4" in metric_values(at)


def test_presentation_mode_reports_a_gain_map_problem_under_the_list_when_closed(
    app: AppTest,
) -> None:
    at = open_playground(app, pm="1")
    show_settings(at, True)
    at.segmented_control(key="w_gain").set_value("custom").run()
    set_data_editor_edits(at, "gain_map_editor", deleted_rows=[3])  # no gain for grade 3
    show_settings(at, False)
    at.run()  # and the runs after it, which build no settings
    assert any(
        "The gain map has no gain for grade 3" in unescaped(e.value) and "Open Settings" in e.value
        for e in at.error
    )
