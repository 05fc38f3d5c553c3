"""The Explore pages' figure builders (ui/shared/explore_figures.py): pure functions of their
tables."""

from __future__ import annotations

import numpy as np
import pandas as pd
import plotly.graph_objects as go
import pytest

from ui.shared import explore_figures as F


def _weights() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "profile": ["a"] * 3 + ["b"] * 3,
            "rank": [1, 2, 3] * 2,
            "weight": [0.5, 0.3, 0.2, 1 / 3, 1 / 3, 1 / 3],
        }
    )


def test_profile_weights_draws_one_line_per_profile():
    fig = F.profile_weights(_weights(), k=2, log_y=True, normalised=True)
    assert isinstance(fig, go.Figure)
    assert [t.name for t in fig.data] == ["a", "b"]
    assert list(fig.data[0].y) == [0.5, 0.3, 0.2]
    assert fig.layout.yaxis.type == "log"
    assert "within k = 2" in fig.layout.title.text
    assert fig.layout.shapes[0].x0 == 2.5  # the cutoff line between ranks 2 and 3
    linear = F.profile_weights(_weights(), k=3, log_y=False, normalised=False)
    assert linear.layout.yaxis.type == "linear" and not linear.layout.shapes


def test_weight_spent_accumulates_within_k():
    fig = F.weight_spent(_weights(), k=2)
    assert list(fig.data[0].y) == pytest.approx([0.5, 0.8])
    assert list(fig.data[1].x) == [1, 2]
    assert sorted(s.y0 for s in fig.layout.shapes) == [0.5, 0.9]


def test_gain_curves():
    table = pd.DataFrame({"grade": [0, 1, 2], "linear": [0, 1, 2], "exponential": [0, 1, 3]})
    fig = F.gain_curves(table)
    assert [t.name for t in fig.data] == ["linear", "exponential"]
    assert list(fig.data[1].y) == [0, 1, 3]


def test_tradeoff_curves_pairs_a_curve_with_a_level_per_gain():
    curves = pd.DataFrame(
        {
            "gain": ["linear"] * 2 + ["exponential"] * 2 + ["linear"] * 2,
            "discount": ["log2"] * 4 + ["flat"] * 2,
            "n": [1, 2, 1, 2, 1, 2],
            "one": [2, 2, 3, 3, 2, 2],
            "many": [1, 1.631, 1, 1.631, 1, 2],
        }
    )
    fig = F.tradeoff_curves(curves, "log2", 2, 1, 2)
    # grade 1 gains 1 under both gains: one trace for both, named after both
    assert [t.name for t in fig.data] == [
        "linear = exponential: n × grade 1",
        "linear: 1 × grade 2",
        "exponential: 1 × grade 2",
    ]
    assert list(fig.data[0].y) == [1, 1.631]
    assert list(fig.data[1].y) == [2, 2] and list(fig.data[2].y) == [3, 3]
    assert fig.data[1].line.color != fig.data[2].line.color
    assert fig.layout.shapes[0].x0 == 2  # the chosen n


def test_position_sweep_leaves_a_gap_for_nan():
    table = pd.DataFrame({"rank": [1, 2, 3], "RR": [1, np.nan, 1 / 3]})
    fig = F.position_sweep(table, "title")
    assert list(fig.data[0].y) == [1, None, 1 / 3]
    assert fig.data[0].line.color == F.MEASURE_COLORS["RR"]


def test_swap_matrix_is_a_grid_of_clickable_squares():
    delta = np.array([[0, 0.2, -0.1], [0.2, 0, 0.05], [-0.1, 0.05, 0]])
    fig = F.swap_matrix(delta, ["a", "b", "c"], "nDCG")
    points = fig.data[0]
    assert points.marker.symbol == "square"
    assert len(points.x) == 6  # the diagonal is not a swap
    cells = {
        (int(c[0]), int(c[1])): v
        for c, v in zip(points.customdata, points.marker.color, strict=True)
    }
    assert cells == {(1, 2): 0.2, (1, 3): -0.1, (2, 1): 0.2, (2, 3): 0.05, (3, 1): -0.1,
                     (3, 2): 0.05}  # fmt: skip
    assert list(points.customdata[0][2:4]) == ["a", "b"]  # read back by a click
    assert (points.marker.cmin, points.marker.cmax) == (-0.2, 0.2)  # symmetric around 0
    assert fig.layout.yaxis.range == (3.6, 0.4)  # rank 1 on top
    assert fig.layout.yaxis.scaleanchor == "x"  # square cells
    assert fig.layout.clickmode == "event+select"


def test_swap_matrix_of_no_documents_is_empty():
    fig = F.swap_matrix(np.zeros((0, 0)), [], "ERR")
    assert len(fig.data[0].x) == 0


def test_redundancy_draws_values_and_increments():
    table = pd.DataFrame(
        {"copies": [0, 1], "ERR": [0, 0.9], "nDCG": [0, 0.3], "ERR added": [0, 0.9],
         "nDCG added": [0, 0.3]}
    )  # fmt: skip
    fig = F.redundancy(table)
    assert [t.name for t in fig.data] == [
        "ERR",
        "ERR added by this copy",
        "nDCG",
        "nDCG added by this copy",
    ]
    assert list(fig.data[2].y) == [0, 0.3]


def test_landscape_has_a_panel_and_a_marker_per_measure():
    hist = pd.DataFrame(
        {
            "measure": ["nDCG"] * 2 + ["RR"] * 2,
            "left": [0, 0.5] * 2,
            "right": [0.5, 1] * 2,
            "share": [0.25, 0.75, 0.5, 0.5],
        }
    )
    fig = F.landscape(hist, {"nDCG": 0.8, "RR": 1.0})
    bars = [t for t in fig.data if t.type == "bar"]
    marks = [t for t in fig.data if t.type == "scatter"]
    assert list(bars[0].x) == [0.25, 0.75] and list(bars[0].y) == [0.25, 0.75]
    assert list(marks[0].x) == [0.8, 0.8] and list(marks[1].x) == [1.0, 1.0]
    assert [a.text for a in fig.layout.annotations] == ["nDCG", "RR"]


# Okabe & Ito, "Color Universal Design (CUD): how to make figures and presentations that are
# friendly to colorblind people" (2008), the eight colours as RGB: black (0,0,0), orange
# (230,159,0), sky blue (86,180,233), bluish green (0,158,115), yellow (240,228,66), blue
# (0,114,178), vermillion (213,94,0), reddish purple (204,121,167).
OKABE_ITO_RGB = {
    (0, 0, 0), (230, 159, 0), (86, 180, 233), (0, 158, 115),
    (240, 228, 66), (0, 114, 178), (213, 94, 0), (204, 121, 167),
}  # fmt: skip


def _rgb(hex_colour: str) -> tuple[int, int, int]:
    return tuple(int(hex_colour[i : i + 2], 16) for i in (1, 3, 5))


def test_discount_profiles_use_the_okabe_ito_palette_with_a_dash_each():
    assert {_rgb(c) for c in F.OKABE_ITO} == OKABE_ITO_RGB
    looks = [F.profile_line(slot) for slot in range(9)]  # the discounts page's nine profiles
    assert len({(line["color"], line["dash"]) for line in looks}) == 9
    assert len({line["dash"] for line in looks}) == 6  # telling them apart needs no colour


def test_a_profile_keeps_its_look_whichever_others_are_drawn():
    slots = {"a": 0, "b": 1}
    only_b = _weights()[lambda f: f["profile"] == "b"]
    for fig in (
        F.profile_weights(only_b, k=2, log_y=False, normalised=False, slots=slots),
        F.weight_spent(only_b, k=2, slots=slots),
    ):
        (line,) = [t.line for t in fig.data]
        assert (line.color, line.dash) == (F.OKABE_ITO[1], F.PROFILE_DASHES[1])


def test_swap_matrix_hover_shows_doc_ids_as_text_and_a_click_reads_them_as_given() -> None:
    """A doc id is user text: plotly would draw <a href> in the hover as a link."""
    fig = F.swap_matrix(np.zeros((2, 2)), ["<a href='x'>d</a>", "b"], "nDCG")
    data = fig.data[0].customdata[0]
    assert list(data[2:4]) == ["<a href='x'>d</a>", "b"]
    assert list(data[4:6]) == ["&lt;a href='x'&gt;d&lt;/a&gt;", "b"]
    assert "customdata[4]" in fig.data[0].hovertemplate
    assert "customdata[2]" not in fig.data[0].hovertemplate


def test_cwl_reader_draws_the_gains_as_bars_and_c_w_l_as_three_distinct_lines():
    table = pd.DataFrame(
        {
            "rank": [1, 2],
            "gain": [1.0, 0.0],
            "continuation": [0.25, 0.0],
            "weight": [0.8, 0.2],
            "stop": [0.75, 0.25],
        }
    )
    fig = F.cwl_reader(table, "INST on this list")
    bars, *lines = fig.data
    assert bars.type == "bar" and list(bars.y) == [1.0, 0.0]
    assert [t.name for t in lines] == ["C(i): reads on", "W(i): attention", "L(i): stops here"]
    assert [list(t.y) for t in lines] == [[0.25, 0.0], [0.8, 0.2], [0.75, 0.25]]
    assert len({(t.line.color, t.line.dash) for t in lines}) == 3
    assert len({t.line.dash for t in lines}) == 3  # told apart without colour
    assert {_rgb(c) for c in [bars.marker.color] + [t.line.color for t in lines]} <= OKABE_ITO_RGB
    assert fig.layout.title.text == "INST on this list"
