"""The discounts page (app_pages/discounts.py): plotted weights, the weights table, the C/W/L
summary and ERR's stopping distribution, against arithmetic written out here."""

from __future__ import annotations

from math import log2

import pytest

from tests.app.explore_helpers import figure, open_page, table_with, texts, trace

PAGE = "app_pages/discounts.py"
RANKS = range(1, 21)


def test_weights_table_at_ranks_1_2_3_5_10_20(app):
    at = open_page(app, PAGE)
    table = table_with(at, "1/log2(i+1)")
    assert table["rank"].tolist() == [1, 2, 3, 5, 10, 20]
    # 1/log2(2) = 1, 1/log2(3) = 0.631, 1/log2(4) = 0.5, 1/log2(6) = 0.387, 1/log2(11) = 0.289,
    # 1/log2(21) = 0.228
    log2_weights = table["1/log2(i+1)"].tolist()
    assert [round(w, 3) for w in log2_weights] == [1.0, 0.631, 0.5, 0.387, 0.289, 0.228]
    assert log2_weights[1] == pytest.approx(1 / log2(3), abs=1e-12)
    # p = 0.5: 1, 0.5, 0.25, 0.5^4 = 0.0625, 0.5^9 = 0.001953, 0.5^19 = 0.0000019
    half = table["p^(i-1), p = 0.5"].tolist()
    assert half[:4] == [1, 0.5, 0.25, 0.0625]
    assert round(half[4], 5) == 0.00195 and half[5] == pytest.approx(1 / 524288)
    assert table["p^(i-1), p = 0.8"].tolist() == pytest.approx(
        [1, 0.8, 0.64, 0.4096, 0.134217728, 0.8**19]
    )
    assert table["p^(i-1), p = 0.95"].tolist() == pytest.approx(
        [1, 0.95, 0.9025, 0.81450625, 0.95**9, 0.95**19]
    )
    # 1/ln(i+1) (b = e): log2 weights times ln(e)/ln(2) = 1.4427
    assert table["1/log_b(i+1), b = 2.72"].tolist() == pytest.approx(
        [w * 1.4426950408889634 for w in log2_weights]
    )
    assert table["1/i"].tolist() == pytest.approx([1, 0.5, 1 / 3, 0.2, 0.1, 0.05])


def test_plotted_raw_weights_of_every_profile(app):
    at = open_page(app, PAGE)
    fig = figure(at, "disc_profiles")
    assert trace(fig, "1/log2(i+1)")["y"] == pytest.approx([1 / log2(i + 1) for i in RANKS])
    assert trace(fig, "p^(i-1), p = 0.8")["y"] == pytest.approx([0.8 ** (i - 1) for i in RANKS])
    assert trace(fig, "rank-b (JK), b = 2")["y"] == pytest.approx(
        [1, 1] + [1 / log2(i) for i in range(3, 21)]
    )
    assert trace(fig, "flat@10 (P@10)")["y"] == [1] * 10 + [0] * 10
    assert fig["layout"]["yaxis"]["type"] == "linear"


def test_err_stopping_distribution_of_the_playground_list(app):
    # the default list 3,2,3,0,1,2 on a 0..4 scale: R_i = (2^g - 1)/16 = 7/16, 3/16, 7/16, 0,
    # 1/16, 3/16; p_stop(i) = R_i times the chance no earlier rank satisfied the reader
    at = open_page(app, PAGE)
    stop = trace(figure(at, "disc_profiles"), "ERR stopping (current list)")["y"]
    reach = [1, 9 / 16, 9 / 16 * 13 / 16, 9 / 16 * 13 / 16 * 9 / 16]
    reach += [reach[3], reach[3] * 15 / 16]
    expected = [
        r * s for r, s in zip(reach, [7 / 16, 3 / 16, 7 / 16, 0, 1 / 16, 3 / 16], strict=True)
    ]
    assert stop[:6] == pytest.approx(expected)
    assert stop[0] == 0.4375 and stop[2] == pytest.approx(819 / 4096)
    assert stop[6:] == [0] * 14  # past the six documents


def test_normalised_and_log_axis(app):
    at = open_page(app, PAGE)
    at.toggle(key="disc_norm").set_value(True).run()
    at.toggle(key="disc_logy").set_value(True).run()
    fig = figure(at, "disc_profiles")
    # p = 0.5 within k = 10: 0.5^(i-1) / (1 + 0.5 + ... + 0.5^9) = 0.5^(i-1) / 1.998046875
    half = trace(fig, "p^(i-1), p = 0.5")["y"]
    assert half[:10] == pytest.approx([0.5 ** (i - 1) / 1.998046875 for i in range(1, 11)])
    assert half[10:] == [0] * 10
    assert trace(fig, "flat@10 (P@10)")["y"] == [0.1] * 10 + [0] * 10
    assert fig["layout"]["yaxis"]["type"] == "log"
    assert "normalised to sum 1 within k = 10" in fig["layout"]["title"]["text"]


def test_cwl_summary_depth_and_where_the_weight_goes(app):
    at = open_page(app, PAGE)
    summary = table_with(at, "expected depth").set_index("profile")
    # log2 within 10: 1 + 0.6309 + 0.5 + 0.4307 + 0.3869 + 0.3562 + 0.3333 + 0.3155 + 0.3010
    # + 0.2891 = 4.5436; running sums 1, 1.631, 2.131, 2.562 pass half (2.272) at rank 4,
    # and 4.255 passes 90% (4.089) at rank 9
    log2_depth = sum(1 / log2(i + 1) for i in range(1, 11))
    assert summary.loc["1/log2(i+1)", "expected depth"] == pytest.approx(log2_depth)
    assert round(log2_depth, 4) == 4.5436
    assert summary.loc["1/log2(i+1)", "W(1)"] == pytest.approx(1 / log2_depth)
    assert summary.loc["1/log2(i+1)", "50% of weight by rank"] == 4
    assert summary.loc["1/log2(i+1)", "90% of weight by rank"] == 9
    # p = 0.5: depth 1.998; rank 1 alone is half, 1 + .5 + .25 + .125 = 1.875 passes 90%
    assert summary.loc["p^(i-1), p = 0.5", "expected depth"] == pytest.approx(1.998046875)
    assert summary.loc["p^(i-1), p = 0.5", "90% of weight by rank"] == 4
    # p = 0.8: total (1 - 0.8^10)/0.2 = 4.463; 1 + .8 + .64 = 2.44 passes half (2.232) at 3
    assert summary.loc["p^(i-1), p = 0.8", "expected depth"] == pytest.approx((1 - 0.8**10) / 0.2)
    assert summary.loc["p^(i-1), p = 0.8", "50% of weight by rank"] == 3
    # flat@10: the reader reads all ten
    assert summary.loc["flat@10 (P@10)", "expected depth"] == 10
    assert summary.loc["flat@10 (P@10)", "50% of weight by rank"] == 5
    # 1/i: H_10 = 2.929; 1 + 1/2 = 1.5 passes half at rank 2
    assert summary.loc["1/i", "50% of weight by rank"] == 2
    page = texts(at)
    assert "patient reader who never quite stops" in page
    assert "memoryless reader who goes on with probability p = 0.8" in page
    assert "5 documents on average" in page  # 1/(1 - 0.8)
    assert "stops when satisfied" in page
    spent = figure(at, "disc_spent")
    assert trace(spent, "flat@10 (P@10)")["y"] == pytest.approx([i / 10 for i in range(1, 11)])


def test_cwl_table_of_a_chosen_profile(app):
    at = open_page(app, PAGE)
    at.selectbox(key="disc_cwl_profile").set_value("p^(i-1), p = 0.5").run()
    table = table_with(at, "L")
    # C(i) = 0.5 up to k - 1, 0 at k = 10; L(i) = V(i) - V(i+1) = 0.5^i, L(10) = 0.5^9
    assert table["C"].tolist() == [0.5] * 9 + [0]
    assert table["L"].tolist() == pytest.approx([0.5**i for i in range(1, 10)] + [0.5**9])


@pytest.mark.parametrize("size", [0, 1, 1000])
def test_renders_for_0_1_and_1000_documents(app, size):
    grades = [(i * 7) % 5 for i in range(size)]
    at = open_page(app, PAGE, grades)
    names = [t["name"] for t in figure(at, "disc_profiles")["data"]]
    if size == 0:
        assert "ERR's stopping distribution needs the Playground's list" in texts(at)
        assert "The ranked list is empty" in texts(at)
        assert "ERR stopping (current list)" not in names
    else:
        assert "ERR stopping (current list)" in names
    assert len(table_with(at, "1/log2(i+1)")) == 6


def test_the_caption_names_this_pages_k_not_the_playgrounds(app):
    at = open_page(app, PAGE)  # the Playground's k is 5; this page's slider starts at 10
    (caption,) = [c.value for c in at.caption if c.value.startswith("From the Playground")]
    assert "this page's k = 10 (not the Playground's)" in caption
    assert "k = 5" not in caption
    at.slider(key="disc_k").set_value(7).run()
    assert any("this page's k = 7" in c.value for c in at.caption)
