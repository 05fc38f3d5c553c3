"""The discounts page (app_pages/discounts.py): plotted weights, the weights table, the C/W/L
summary, ERR's stopping distribution and the readers of the C/W/L measures and AP on the
Playground's list, against arithmetic written out here (or, for a measure's value, the core's
`parse(name)`, never the page)."""

from __future__ import annotations

from math import log2

import pytest

from rankwork.core.conventions import TEXTBOOK
from rankwork.core.measures import SPECS, parse
from rankwork.core.ranking import Ranking
from tests.app.conftest import metric_values
from tests.app.explore_helpers import figure, open_page, table_with, texts, trace
from tests.markdown_text import unescaped
from ui.playground.inputs import ranking_frame

PAGE = "app_pages/discounts.py"
RANKS = range(1, 21)
EVERY_PROFILE = ["log2", "log_b", "jk", "p1", "p2", "p3", "1/i", "flat", "err"]


def every_profile(at):
    """Plot all nine profiles (the page plots log2 and p = 0.8 until others are picked)."""
    return at.multiselect(key="disc_shown").set_value(EVERY_PROFILE).run()


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
    at = every_profile(open_page(app, PAGE))
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
    at = every_profile(open_page(app, PAGE))
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
    at = every_profile(open_page(app, PAGE))
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
    at = every_profile(open_page(app, PAGE))
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
    at = every_profile(open_page(app, PAGE, grades))
    names = [t["name"] for t in figure(at, "disc_profiles")["data"]]
    if size == 0:
        assert "ERR's stopping distribution needs the Playground's list" in texts(at)
        assert "The ranked list is empty" in texts(at)
        assert "ERR stopping (current list)" not in names
    else:
        assert "ERR stopping (current list)" in names
    assert len(table_with(at, "1/log2(i+1)")) == 6


def test_the_plots_show_log2_against_p_0_8_until_others_are_picked(app):
    at = open_page(app, PAGE)
    for key in ("disc_profiles", "disc_spent"):
        fig = figure(at, key)
        assert [t["name"] for t in fig["data"]] == ["1/log2(i+1)", "p^(i-1), p = 0.8"]
        looks = [(t["line"]["color"], t["line"]["dash"]) for t in fig["data"]]
        assert len(set(looks)) == 2
    before = {t["name"]: t["line"] for t in figure(at, "disc_profiles")["data"]}
    # picking more keeps each profile's colour and dash; the tables still list all nine
    every_profile(at)
    after = {t["name"]: t["line"] for t in figure(at, "disc_profiles")["data"]}
    assert len(after) == 9 and len({(v["color"], v["dash"]) for v in after.values()}) == 9
    assert {name: after[name] for name in before} == before
    assert len(table_with(at, "expected depth")) == 9


def test_the_picked_profiles_follow_their_parameters(app):
    at = open_page(app, PAGE)
    at.slider(key="disc_p1").set_value(0.7).run()  # the second geometric profile: 0.8 -> 0.7
    names = [t["name"] for t in figure(at, "disc_profiles")["data"]]
    assert names == ["1/log2(i+1)", "p^(i-1), p = 0.7"]
    assert trace(figure(at, "disc_profiles"), "p^(i-1), p = 0.7")["y"][:3] == pytest.approx(
        [1, 0.7, 0.49]
    )


def test_the_caption_names_this_pages_k_not_the_playgrounds(app):
    at = open_page(app, PAGE)  # the Playground's k is 5; this page's slider starts at 10
    (caption,) = [c.value for c in at.caption if c.value.startswith("From the Playground")]
    assert "this page's k = 10 (not the Playground's)" in caption
    assert "k = 5" not in caption
    at.slider(key="disc_k").set_value(7).run()
    assert any("this page's k = 7" in c.value for c in at.caption)


# ---------------------------------------------------------- readers who adapt to the list
# The default list 3, 2, 3, 0, 1, 2 on a 0..4 scale: cwl_eval's gains g = grade/4 are
# 0.75, 0.5, 0.75, 0, 0.25, 0.5.
DEFAULT = [3, 2, 3, 0, 1, 2]


def pick_reader(at, family):
    return at.selectbox(key="disc_reader").set_value(family).run()


def reader_table(at):
    return table_with(at, "continuation")


def core_value(name, grades, unretrieved=(), convention=TEXTBOOK):
    """The measure as the core computes it for this list (not the page)."""
    ranking = Ranking.build(grades, unretrieved=unretrieved, scale_max=4)
    return parse(name)(ranking, convention).value


def test_the_reader_section_renders_inst_with_its_value_c_w_l_and_gains(app):
    at = open_page(app, PAGE)
    assert "Readers who adapt to the list" in [s.value for s in at.subheader]
    table = reader_table(at)
    assert table["rank"].tolist() == [1, 2, 3, 4, 5, 6]
    assert table["gain"].tolist() == [0.75, 0.5, 0.75, 0, 0.25, 0.5]
    # INST, T = 1: C(i) = ((i + T + T_i - 1)/(i + T + T_i))^2, T_i = 1 - (gain so far):
    # T_1 = 0.25: (1.25/2.25)^2 = (5/9)^2; T_2 = -0.25: (1.75/2.75)^2 = (7/11)^2
    assert table["continuation"].tolist()[:2] == pytest.approx([(5 / 9) ** 2, (7 / 11) ** 2])
    value = core_value("INST", DEFAULT)
    assert metric_values(at)["INST"] == f"{value:.4f}"
    assert table["contribution"].sum() == pytest.approx(value, abs=1e-12)
    fig = figure(at, "disc_reader_figure")
    assert trace(fig, "gain g(i)")["y"] == [0.75, 0.5, 0.75, 0, 0.25, 0.5]
    assert trace(fig, "W(i): attention")["y"] == pytest.approx(table["weight"].tolist())
    looks = {(t["line"]["color"], t["line"]["dash"]) for t in fig["data"] if t["type"] != "bar"}
    assert len(looks) == 3
    page = texts(at)
    assert SPECS["INST"].reader in page and SPECS["INST"].description in page
    assert "spread over 1000 ranks" in page


def test_changing_the_list_changes_insts_weights_but_not_insqs(app):
    at = open_page(app, PAGE)
    weights = {}
    for grades in (DEFAULT, [0, 0, 4, 4, 0, 1]):
        at.session_state["ranking"] = ranking_frame(grades)
        for family in ("INST", "INSQ"):
            weights[family, tuple(grades)] = reader_table(pick_reader(at, family))["weight"]
    first, second = tuple(DEFAULT), (0, 0, 4, 4, 0, 1)
    assert weights["INSQ", first].tolist() == weights["INSQ", second].tolist()
    assert weights["INST", first].tolist() != pytest.approx(weights["INST", second].tolist())
    # INSQ, T = 1: C(i) = ((i + 1)/(i + 2))^2, so the chance of reaching rank i is
    # prod_{j<i} C(j) = (2/(i + 1))^2 and W(i) = (2/(i + 1))^2 / sum_{m=1}^{1000} (2/(m + 1))^2
    depth = sum((2 / (m + 1)) ** 2 for m in range(1, 1001))
    insq = [(2 / (i + 1)) ** 2 / depth for i in range(1, 7)]
    assert weights["INSQ", first].tolist() == pytest.approx(insq, rel=1e-12)
    assert metric_values(at)["expected depth"] == f"{depth:.2f}"  # 2.58
    assert metric_values(at)["INSQ"] == f"{core_value('INSQ', list(second)):.4f}"


def test_nerr8_reads_the_pages_cutoff(app):
    at = pick_reader(open_page(app, PAGE), "NERR8")
    at.slider(key="disc_k").set_value(3).run()
    table = reader_table(at)
    # C = 1 - g below k, 0 at k = 3: 0.25, 0.5, 0; reach 1, 1/4, 1/8 (sum 11/8), so
    # W = 8/11, 2/11, 1/11 and EU = (8 * 0.75 + 2 * 0.5 + 1 * 0.75)/11 = 7.75/11
    assert table["continuation"].tolist()[:3] == [0.25, 0.5, 0]
    assert table["weight"].tolist() == pytest.approx([8 / 11, 2 / 11, 1 / 11, 0, 0, 0])
    values = metric_values(at)
    assert values["NERR8@3"] == f"{7.75 / 11:.4f}" == f"{core_value('NERR8@3', DEFAULT):.4f}"
    assert values["attention inside the list"] == "100.0%"
    assert "Reads at most k = 3 documents" in texts(at)


def test_the_parameter_reaches_the_reader(app):
    at = pick_reader(open_page(app, PAGE), "NERR10")
    at.slider(key="disc_reader_p").set_value(0.5).run()
    assert metric_values(at)["NERR10(p=0.5)"] == f"{core_value('NERR10(p=0.5)', DEFAULT):.4f}"
    at = pick_reader(at, "BPM")
    at.number_input(key="disc_reader_t").set_value(2.0).run()
    table = reader_table(at)
    # BPM, T = 2, k = 10: the gain so far 0.75, 1.25, 2.0 reaches T at rank 3, where it stops
    assert table["continuation"].tolist()[:3] == [1, 1, 0]
    assert metric_values(at)["BPM(T=2)@10"] == f"{core_value('BPM(T=2)@10', DEFAULT):.4f}"


def test_ap_as_a_reader_on_a_hand_worked_list(app):
    # 1, 0, 1, 0 and a relevant document not retrieved: R = 3, AP = (1/1 + 2/3)/3 = 5/9
    at = pick_reader(open_page(app, PAGE, [1, 0, 1, 0], unretrieved=[1]), "AP")
    table = reader_table(at)
    # W(i) = (1/R) sum_{j>=i} rel_j/j: 1/3 (1 + 1/3) = 4/9, 1/9, 1/9, 0
    assert table["weight"].tolist() == pytest.approx([4 / 9, 1 / 9, 1 / 9, 0])
    # they sum to relevant retrieved / R = 2/3, not 1
    assert table["weight"].sum() == pytest.approx(2 / 3)
    values = metric_values(at)
    assert values["AP"] == "0.5556" == f"{core_value('AP', [1, 0, 1, 0], [1]):.4f}"
    assert values["attention inside the list"] == "66.7%"
    assert values["expected depth"] == "1.50"  # 2 / (1/1 + 1/3)
    page = texts(at)
    assert SPECS["AP"].reader in page
    # cwl_eval's AP rescales W to sum 1: 5/9 * 3/2 = 5/6 (tests/crosscheck runs cwl_eval)
    assert "AP × R/h = 0.8333" in page


def test_ap_when_the_list_retrieves_nothing_relevant(app):
    at = pick_reader(open_page(app, PAGE, [0, 0], unretrieved=[2]), "AP")
    values = metric_values(at)
    assert values["AP"] == "0.0000"
    assert values["expected depth"] == "none"
    assert values["attention inside the list"] == "0.0%"


def test_a_bad_t_is_an_error_at_its_control(app):
    at = open_page(app, PAGE)
    at.number_input(key="disc_reader_t").set_value(0.0).run()
    assert not at.exception
    assert any(
        "T, the gain the reader wants, must be a positive number" in unescaped(e.value)
        for e in at.error
    )
    assert "INST" not in metric_values(at)


def test_no_list_is_an_info_not_an_error(app):
    at = open_page(app, PAGE, [])
    assert not at.exception
    infos = [unescaped(i.value) for i in at.info]
    assert any(
        i.startswith("The readers need the Playground's list") and "The ranked list is empty" in i
        for i in infos
    )
    assert "disc_reader_figure" not in [str(c.key) for c in at.get("plotly_chart")]


def test_rr_as_a_reader_on_the_page(app):
    at = pick_reader(open_page(app, PAGE, [0, 0, 2, 1]), "RR")
    # the first relevant rank is 3: the reader reads 3 documents, RR = 1/3
    values = metric_values(at)
    assert values["RR"] == f"{1 / 3:.4f}"
    assert values["expected depth"] == "3.00"
