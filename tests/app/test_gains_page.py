"""The gains page (app_pages/gains.py): gains by grade and the trade-off explorer, against
arithmetic written out here."""

from __future__ import annotations

from math import log2

import pytest

from tests.app.conftest import set_data_editor_edits
from tests.app.explore_helpers import figure, open_page, table_with, texts, trace

PAGE = "app_pages/gains.py"
ONE_OF_GRADE_1 = 1.0  # 2^1 - 1 = 1 = linear gain of grade 1
TWO = 1 + 1 / log2(3)  # two grade-1 documents: 1 + 0.631 = 1.631
THREE = TWO + 1 / 2  # three: 2.131


def _row(table, gain, discount="1/log2(i+1)"):
    return table[(table["gain"] == gain) & (table["discount"] == discount)].iloc[0]


def test_gain_by_grade_table_and_plot(app):
    at = open_page(app, PAGE)
    table = table_with(at, "exponential")
    assert table["grade"].tolist() == [0, 1, 2, 3, 4]
    assert table["linear"].tolist() == [0, 1, 2, 3, 4]
    assert table["exponential"].tolist() == [0, 1, 3, 7, 15]  # 2^g - 1
    assert table["custom"].tolist() == [0, 1, 4, 9, 16]  # the starting map, g^2
    fig = figure(at, "gains_plot")
    assert trace(fig, "exponential")["y"] == [0, 1, 3, 7, 15]
    assert trace(fig, "linear")["x"] == [0, 1, 2, 3, 4]


def test_tradeoff_defaults_one_grade_2_against_two_grade_1(app):
    at = open_page(app, PAGE)
    table = table_with(at, "winner")
    exp, lin = _row(table, "exponential"), _row(table, "linear")
    # exponential: 2^2 - 1 = 3 at rank 1 against 1 + 1/log2(3) = 1.631
    assert exp["one of grade 2"] == 3 and exp["2 of grade 1"] == pytest.approx(TWO)
    assert round(exp["2 of grade 1"], 3) == 1.631
    assert exp["winner"] == "one" and exp["ratio one/many"] == pytest.approx(3 / TWO)
    # linear: 2 against the same 1.631
    assert lin["one of grade 2"] == 2 and lin["2 of grade 1"] == pytest.approx(TWO)
    assert lin["winner"] == "one" and lin["ratio one/many"] == pytest.approx(2 / TWO)
    # how many grade-1 documents it takes: 3 (2.131 > 2) linear; exponential needs 6:
    # five give 2.131 + 1/log2(5) + 1/log2(6) = 2.949 < 3, six 2.949 + 1/log2(7) = 3.305
    assert lin["grade-1 documents needed to win"] == 3
    assert exp["grade-1 documents needed to win"] == 6
    page = texts(at)
    assert "one grade-2 document (3.000) beats 2 grade-1 documents (1.631)" in page
    assert "one grade-2 document (2.000) beats 2 grade-1 documents (1.631)" in page
    assert "3 grade-1 documents (2.131) are the fewest that beat it" in page
    assert "6 grade-1 documents (3.305) are the fewest that beat it" in page


def test_tradeoff_chart_shows_three_grade_1_documents_between_the_two_gains(app):
    at = open_page(app, PAGE)
    fig = figure(at, "gains_tradeoff_plot")
    many = trace(fig, "linear = exponential = custom: n × grade 1")["y"]
    assert many[:3] == pytest.approx([ONE_OF_GRADE_1, TWO, THREE])
    assert round(many[2], 3) == 2.131
    assert trace(fig, "linear: 1 × grade 2")["y"][0] == 2
    assert trace(fig, "exponential: 1 × grade 2")["y"][0] == 3
    assert trace(fig, "custom: 1 × grade 2")["y"][0] == 4


def test_three_grade_1_documents_beat_grade_2_under_linear_gain_only(app):
    at = open_page(app, PAGE)
    at.slider(key="gains_n").set_value(3).run()
    table = table_with(at, "winner")
    lin, exp = _row(table, "linear"), _row(table, "exponential")
    assert lin["3 of grade 1"] == pytest.approx(THREE)
    assert lin["winner"] == "many"  # 2.131 > 2
    assert exp["winner"] == "one"  # 3 > 2.131
    assert exp["ratio one/many"] == pytest.approx(3 / THREE)
    assert "3 grade-1 documents (2.131) beat one grade-2 document (2.000)" in texts(at)


def test_tradeoff_under_other_discounts(app):
    at = open_page(app, PAGE)
    table = table_with(at, "winner")
    # rank-b (JK, b = 2): ranks 1 and 2 both weigh 1, so two grade-1 documents tie grade 2
    assert _row(table, "linear", "rank-b (JK), b = 2")["winner"] == "tie"
    # geometric p = 0.8: 1 + 0.8 = 1.8; 1/i: 1 + 1/2 = 1.5; no discount: 2
    assert _row(table, "exponential", "p^(i-1), p = 0.8")["2 of grade 1"] == pytest.approx(1.8)
    assert _row(table, "exponential", "1/i")["2 of grade 1"] == pytest.approx(1.5)
    assert _row(table, "exponential", "flat (no discount)")["2 of grade 1"] == 2
    # 1/i with exponential gain: H_10 = 2.929 < 3 < H_11 = 3.020, so 11 documents
    assert _row(table, "exponential", "1/i")["grade-1 documents needed to win"] == 11
    at.selectbox(key="gains_discount").set_value("p^(i-1), p = 0.8").run()
    fig = figure(at, "gains_tradeoff_plot")
    assert trace(fig, "linear = exponential = custom: n × grade 1")["y"][:3] == pytest.approx(
        [1, 1.8, 2.44]
    )


def test_editing_the_custom_gain(app):
    at = open_page(app, PAGE)
    set_data_editor_edits(at, "gains_custom_map_editor", edited_rows={2: {"gain": 2.5}})
    at.run()
    assert table_with(at, "exponential")["custom"].tolist() == [0, 1, 2.5, 9, 16]
    assert _row(table_with(at, "winner"), "custom")["one of grade 2"] == 2.5
    set_data_editor_edits(at, "gains_custom_map_editor", edited_rows={3: {"gain": None}})
    at.run()
    assert not at.exception
    assert "The custom gain is left out meanwhile" in texts(at)
    assert "custom" not in table_with(at, "exponential").columns


def test_a_smaller_scale_keeps_the_typed_gains(app):
    at = open_page(app, PAGE)
    set_data_editor_edits(at, "gains_custom_map_editor", edited_rows={1: {"gain": 1.5}})
    at.run()
    at.slider(key="gains_top").set_value(2).run()
    table = table_with(at, "exponential")
    assert table["grade"].tolist() == [0, 1, 2]
    assert table["custom"].tolist() == [0, 1.5, 4]


@pytest.mark.parametrize("size", [0, 1, 1000])
def test_renders_whatever_the_playground_list(app, size):
    at = open_page(app, PAGE, [(i * 3) % 5 for i in range(size)])
    assert _row(table_with(at, "winner"), "exponential")["one of grade 2"] == 3
