"""Subtopics on the Playground (issue 14): typed in the list, they bring the α-nDCG, ERR-IA and
S-recall cards, the novelty table, the working and the greedy ideal; α and the intent weights
are settings; all of it is kept in the link. Every expected value is worked by hand below.

The list is the default one (d1..d6, grades 3, 2, 3, 0, 1, 2, k = 5) with the subtopics of a
worked example typed in: d1 {}, d2 {1, 2}, d3 {2}, d4 {}, d5 {3}, d6 {}. Three
subtopics, equal weights w_j = 1/3, α = 0.5:

    novelty gains  g = 0, 1/3 + 1/3 = 2/3, (1/3)(1 - 0.5)^1 = 1/6, 0, 1/3
    α-DCG@5        = (2/3)/log2(3) + (1/6)/log2(4) + (1/3)/log2(6)
    greedy ideal   d2 (2/3), then d5 (1/3, beating d3's 1/6 after d2), then d3 (1/6):
    α-DCG*@5       = (2/3)/log2(2) + (1/3)/log2(3) + (1/6)/log2(4)
    α-nDCG@5       = 0.6590623 (pyndeval's figure for this list; worked out below)
    ERR-IA@5       = (0/1 + (2/3)/2 + (1/6)/3 + 0/4 + (1/3)/5)
                     / (1 + 0.5/2 + 0.5^2/3 + 0.5^3/4 + 0.5^4/5)   (ndeval's normaliser)
    S-recall@5     = 3 of 3 subtopics = 1
"""

from __future__ import annotations

import re
from math import log2

from streamlit.testing.v1 import AppTest

from tests.app.conftest import APP, metric_values
from tests.app.test_playground import DEFAULT, errors, open_playground, shown
from tests.app.test_user_text import LINK, assert_shown_literally
from tests.markdown_text import unescaped

SUBTOPICS = {1: "1,2", 2: "2", 4: "3"}  # editor rows (0-based) of d2, d3 and d5

ALPHA_DCG = (2 / 3) / log2(3) + (1 / 6) / log2(4) + (1 / 3) / log2(6)
IDEAL = (2 / 3) / log2(2) + (1 / 3) / log2(3) + (1 / 6) / log2(4)
ALPHA_NDCG = ALPHA_DCG / IDEAL
assert round(ALPHA_NDCG, 7) == 0.6590623  # pyndeval's value for the same list
ERR_IA = (0 + (2 / 3) / 2 + (1 / 6) / 3 + 0 + (1 / 3) / 5) / (
    1 + 0.5 / 2 + 0.5**2 / 3 + 0.5**3 / 4 + 0.5**4 / 5
)
# the cards show the names people write (α-nDCG), not ir_measures' (alpha_nDCG): issue 25
WITH_SUBTOPICS = {**DEFAULT, "α-nDCG@5": ALPHA_NDCG, "ERR-IA@5": ERR_IA, "S-recall@5": 1.0}


def type_subtopics(at: AppTest, cells: dict[int, str] = SUBTOPICS) -> AppTest:
    at.session_state["ranking_editor"] = {
        "edited_rows": {row: {"subtopics": text} for row, text in cells.items()},
        "added_rows": [],
        "deleted_rows": [],
    }
    return at.run()


def cards(at: AppTest) -> dict[str, str]:
    return {m.label: m.value for m in at.metric}


def novelty_table(at: AppTest):
    (table,) = [df.value for df in at.dataframe if "repeated" in df.value.columns]
    return table


def test_without_subtopics_nothing_changes(app: AppTest) -> None:
    at = open_playground(app)
    assert cards(at) == shown(DEFAULT)  # no diversity card
    assert not [df for df in at.dataframe if "repeated" in df.value.columns]
    assert "w_alpha" not in at.session_state and "w_weights" not in at.session_state
    assert "sub" not in at.query_params


def test_typed_subtopics_bring_the_diversity_cards_and_the_novelty_table(app: AppTest) -> None:
    at = type_subtopics(open_playground(app))
    assert not at.exception
    assert cards(at) == shown(WITH_SUBTOPICS)
    table = novelty_table(at)
    assert table["doc_id"].tolist() == ["d1", "d2", "d3", "d4", "d5"]  # the ranks within k
    assert table["subtopics"].tolist() == ["", "1, 2", "2", "", "3"]
    assert table["new"].tolist() == ["", "1, 2", "", "", "3"]
    assert table["repeated"].tolist() == ["", "", "2 (seen 1×)", "", ""]
    expected = [0, 2 / 3, 1 / 6, 0, 1 / 3]
    assert [round(g, 9) for g in table["gain"]] == [round(g, 9) for g in expected]
    # the discounted novelty gain g_i / log2(i + 1), rank by rank
    terms = [g / log2(i + 2) for i, g in enumerate(expected)]
    assert [round(t, 9) for t in table["discounted_gain"]] == [round(t, 9) for t in terms]
    # the cards' help comes from the spec: its description and citation
    (card,) = [m for m in at.metric if m.label == "α-nDCG@5"]
    assert "Clarke et al., SIGIR 2008" in card.help


def test_the_working_and_the_greedy_ideal(app: AppTest) -> None:
    at = type_subtopics(open_playground(app))
    at.session_state["calc_open"] = True
    at.run()
    latex = [el.value.strip("$\n") for el in at.latex]
    # α-nDCG@5 = 0.6329 / 0.9603 = 0.6591 (α-DCG and its greedy ideal, 4 decimals)
    assert f"{ALPHA_DCG:.4f}" == "0.6329" and f"{IDEAL:.4f}" == "0.9603"
    assert any(
        x.startswith(r"\alpha\text{-nDCG@5} = \frac{\alpha\text{-DCG@5}}")
        and x.endswith(r"= \frac{0.6329}{0.9603} = 0.6591")
        for x in latex
    ), latex
    # the gains term by term: g_3 = w_2 (1 - α)^1
    assert any(r"g_{3} = 0.3333 \cdot 0.5^{1} = 0.1667" in x for x in latex)
    # ERR-IA@5 = 0.4556 / 1.3771 = 0.3308
    assert any(x.endswith(r"= \frac{0.4556}{1.3771} = 0.3308") for x in latex), latex
    (ideal,) = [df.value for df in at.dataframe if "tied" in df.value.columns]
    assert ideal["doc"].tolist() == ["d2", "d5", "d3"]
    assert [round(g, 9) for g in ideal["gain"]] == [round(g, 9) for g in (2 / 3, 1 / 3, 1 / 6)]
    assert any("NP-hard" in c.value for c in at.caption)


def test_an_unretrieved_document_with_subtopics_and_a_tie_in_the_ideal(app: AppTest) -> None:
    at = type_subtopics(open_playground(app))
    at.session_state["unretrieved_editor"] = {
        "edited_rows": {0: {"subtopics": "4"}},
        "added_rows": [],
        "deleted_rows": [],
    }
    at.run()
    # four subtopics now (w_j = 1/4): gains 0, 1/2, 1/8, 0, 1/4; S-recall@5 = 3 of 4
    dcg = (1 / 2) / log2(3) + (1 / 8) / log2(4) + (1 / 4) / log2(6)
    # the ideal: d2 (1/2); then u1 {4} and d5 {3} tie at 1/4, the larger id u1 wins; d5; d3
    ideal = (1 / 2) / log2(2) + (1 / 4) / log2(3) + (1 / 4) / log2(4) + (1 / 8) / log2(5)
    values = cards(at)
    assert values["α-nDCG@5"] == f"{dcg / ideal:.4f}"
    assert values["S-recall@5"] == f"{3 / 4:.4f}"
    at.session_state["calc_open"] = True
    at.run()
    (table,) = [df.value for df in at.dataframe if "tied" in df.value.columns]
    assert table["doc"].tolist() == ["d2", "u1", "d5", "d3"]
    assert table["tied"].tolist() == ["", "d5", "", ""]


def test_intent_weights_and_alpha(app: AppTest) -> None:
    at = type_subtopics(open_playground(app))
    at.text_input(key="w_weights").input("1:0.5, 2:0.3, 3:0.2").run()
    # gains 0, 0.5 + 0.3 = 0.8, 0.3 * 0.5 = 0.15, 0, 0.2; ideal d2 (0.8), d5 (0.2 > 0.15), d3
    dcg = 0.8 / log2(3) + 0.15 / log2(4) + 0.2 / log2(6)
    ideal = 0.8 + 0.2 / log2(3) + 0.15 / log2(4)
    assert cards(at)["α-nDCG@5"] == f"{dcg / ideal:.4f}"
    at.number_input(key="w_alpha").set_value(1.0).run()
    # α = 1: a subtopic counts once; d3 repeats subtopic 2 and gains 0
    dcg = 0.8 / log2(3) + 0.2 / log2(6)
    ideal = 0.8 + 0.2 / log2(3)
    assert cards(at)["α-nDCG(α=1)@5"] == f"{dcg / ideal:.4f}"
    assert at.query_params["w"] == "1:0.5,2:0.3,3:0.2" and at.query_params["a"] == "1"


def test_bad_weights_and_alpha_say_so_next_to_them_and_keep_the_text(app: AppTest) -> None:
    at = type_subtopics(open_playground(app))
    for typed, message in [
        ("1:0.5, 2:x", "The weight of subtopic '2' must be a number; got 'x'."),
        ("1:1 2:1", "Subtopic '3' has no weight"),
        ("1:1, 2:1, 3:1, 7:1", "Subtopic '7' has a weight, but no judged document is relevant"),
        ("1 0.5", "'1' is not a subtopic:weight pair"),
    ]:
        at.text_input(key="w_weights").input(typed).run()
        assert not at.exception
        assert any(message in e for e in errors(at)), errors(at)
        assert at.text_input(key="w_weights").value == typed  # kept as typed
        assert any("last valid result" in w.value for w in at.warning)
        assert cards(at) == shown(WITH_SUBTOPICS)
    at.text_input(key="w_weights").input("").run()
    at.number_input(key="w_alpha").set_value(1.5).run()
    assert any("α must be a number from 0 to 1; got 1.5." in e for e in errors(at))
    assert cards(at) == shown(WITH_SUBTOPICS)


def test_the_link_keeps_subtopics_weights_and_alpha(app: AppTest) -> None:
    at = type_subtopics(open_playground(app))
    at.text_input(key="w_weights").input("1:2, 2:1, 3:1").run()
    at.number_input(key="w_alpha").set_value(0.8).run()
    params = {key: at.query_params[key] for key in at.query_params}
    assert params["sub"] == ",1;2,2,,3,"
    assert params["w"] == "1:2,2:1,3:1" and params["a"] == "0.8"
    shared = open_playground(AppTest.from_file(APP, default_timeout=30), **params)
    assert not shared.warning  # a valid link
    assert cards(shared) == cards(at)
    assert shared.session_state["ranking"]["subtopics"].tolist() == [
        "", "1, 2", "2", "", "3", ""
    ]  # fmt: skip


def test_a_damaged_subtopic_link_is_named(app: AppTest) -> None:
    at = open_playground(app, g="1,0", sub="1", w=f"{LINK}:1")
    text = " ".join(unescaped(w.value) for w in at.warning)
    assert "sub has 1 items for 2 grades" in text
    assert cards(at) == shown(DEFAULT)  # the example list, as for any damaged list


def test_a_subtopic_named_in_the_weights_is_shown_literally(app: AppTest) -> None:
    at = open_playground(app, g="1,0", sub="1,")
    assert not at.warning
    at.text_input(key="w_weights").input(f"{LINK}:1").run()
    assert_shown_literally(at, f"Subtopic '{LINK}' has a weight")


def test_presentation_mode_can_show_the_diversity_cards(app: AppTest) -> None:
    # d1 {1,2}, d2 {1}: gains (1 + 1)/2 = 1 and 0.5/2 = 1/4; the list is its own greedy ideal,
    # so alpha-nDCG@5 = 1; S-recall@5 = 2/2.
    at = open_playground(app, g="1,1", sub="1;2,1", pm="1", cards="nDCG,alpha_nDCG,StRecall")
    assert not at.warning  # the link's cards are all known
    values = metric_values(at)
    assert list(values) == ["nDCG@5", "α-nDCG@5", "S-recall@5"]
    assert values["α-nDCG@5"] == "1.0000" and values["S-recall@5"] == "1.0000"
    # the same cards for a list without subtopics: the diversity ones wait for subtopics
    fresh = AppTest.from_file(app._script_path, default_timeout=30)
    at = open_playground(fresh, g="1,1", pm="1", cards="nDCG,alpha_nDCG")
    assert list(metric_values(at)) == ["nDCG@5"]
    assert any("α-nDCG: no subtopics in the list yet" in c.value for c in at.caption)


def test_check_and_try_a_mistake_read_the_playgrounds_alpha_and_weights(app: AppTest) -> None:
    # d1 {1,2}, d2 {1}, d3 none, d4 {3}, d5 {2,3}; alpha = 0.2, weights 0.1, 0.3, 0.6.
    # Gains: d1 0.1 + 0.3 = 0.4; d2 0.1 * 0.8 = 0.08; d3 0; d4 0.6; d5 (0.3 + 0.6) * 0.8 = 0.72.
    # Greedy ideal: d5 0.9; then d4 0.6 * 0.8 = 0.48 (d1: 0.1 + 0.3 * 0.8 = 0.34); then d1
    # 0.34; then d2 0.1 * 0.8 = 0.08.
    dcg = 0.4 + 0.08 / log2(3) + 0.6 / log2(5) + 0.72 / log2(6)
    ideal = 0.9 + 0.48 / log2(3) + 0.34 / 2 + 0.08 / log2(5)
    link = {"g": "1,1,0,1,1", "sub": "1;2,1,,3,2;3", "a": "0.2", "w": "1:0.1,2:0.3,3:0.6"}
    at = open_playground(app, **link)
    assert metric_values(at)["α-nDCG(α=0.2)@5"] == f"{dcg / ideal:.4f}"
    # Try a mistake: intent probabilities ignored (equal weights 1/3 at the same alpha)
    at.session_state["try_open"] = True  # built only while open
    at.run()
    at.selectbox(key="try_family").set_value("alpha_nDCG").run()
    at.multiselect(key="try_mistakes_alpha_nDCG").set_value(["intents_ignored"]).run()
    # equal weights: gains 2/3, (1/3) 0.8, 0, 1/3, (2/3) 0.8; ideal d5 2/3, d1 (1 + 0.8)/3,
    # d4 0.8/3 (tied with d2 at 0.8/3: the larger id), d2 0.8/3
    equal_dcg = 2 / 3 + (0.8 / 3) / log2(3) + (1 / 3) / log2(5) + (1.6 / 3) / log2(6)
    equal_ideal = 2 / 3 + (1.8 / 3) / log2(3) + (0.8 / 3) / 2 + (0.8 / 3) / log2(5)
    cards = metric_values(at)
    assert cards["Right α-nDCG(α=0.2)@5"] == f"{dcg / ideal:.4f}"
    assert cards["With the mistake: α-nDCG(α=0.2)@5"] == f"{equal_dcg / equal_ideal:.4f}"
    # Check my answer accepts the card's value, worked out above
    at.switch_page("app_pages/check.py").run()
    at.selectbox(key="check_family").set_value("alpha_nDCG").run()
    at.text_input(key="check_answer").input(f"{dcg / ideal:.4f}").run()
    assert not at.exception
    assert at.success[0].value.startswith("**Right.**")


def test_the_playgrounds_alpha_reaches_err_ia(app: AppTest) -> None:
    # Issue 25: ERR-IA kept α = 0.5 whatever the setting. At α = 0.8 the gains are
    # 0, 1/3 + 1/3, (1/3)(1 - 0.8)^1, 0, 1/3 and ndeval's normaliser sum_i 0.2^(i-1)/i.
    at = type_subtopics(open_playground(app))
    at.number_input(key="w_alpha").set_value(0.8).run()
    err = (2 / 3) / 2 + (0.2 / 3) / 3 + (1 / 3) / 5
    norm = sum(0.2 ** (i - 1) / i for i in range(1, 6))
    assert cards(at)["ERR-IA(α=0.8)@5"] == f"{err / norm:.4f}"


IR_MEASURES_NAME = re.compile(r"alpha_n?DCG|n?ERR_IA|StRecall|P_IA|AP_IA|alpha\\_|ERR\\_IA|alpha=")


def test_one_name_per_measure_on_screen(app: AppTest) -> None:
    # Issue 25: the cards said alpha_nDCG@5, ERR_IA@5, StRecall@5 while the working said α-nDCG,
    # ERR-IA, and one formula mixed them. On a Playground with subtopics, α ≠ 0.5, the working
    # open and a diversity measure picked under Try a mistake, no card label, formula, tab or
    # option shows an ir_measures name (the help's citation names ir_measures' on purpose).
    at = type_subtopics(open_playground(app))
    at.number_input(key="w_alpha").set_value(0.8).run()
    at.session_state["calc_open"] = True
    at.session_state["try_open"] = True
    at.run()
    at.selectbox(key="try_family").set_value("ERR_IA").run()
    at.multiselect(key="try_mistakes_ERR_IA").set_value(["subtopics_once"]).run()
    assert not at.exception
    shown = [m.label for m in at.metric] + [x.value.strip("$\n") for x in at.latex]
    shown += [t.label for t in at.tabs] + [c.value for c in at.caption]
    shown += [o for box in at.selectbox for o in box.options]
    assert {"α-nDCG(α=0.8)@5", "ERR-IA(α=0.8)@5", "S-recall@5"} <= {m.label for m in at.metric}
    assert "Right ERR-IA(α=0.8)@5" in {m.label for m in at.metric}
    assert any(x.startswith(r"\text{ERR-IA(}\alpha\text{=0.8)@5} = ") for x in shown), shown
    assert {"α-nDCG", "ERR-IA"} <= {o for box in at.selectbox for o in box.options}
    wrong = [text for text in shown if IR_MEASURES_NAME.search(text)]
    assert not wrong, wrong


def test_alpha_dcg_says_it_is_weighted_by_one_over_the_subtopics(app: AppTest) -> None:
    # Issue 25: α-nDCG's numerator is shown as 0.6329 (gains weighted by w_j = 1/3) where
    # Clarke et al.'s unweighted α-DCG@5 is 3 times it, 2/log2(3) + 0.5/log2(4) + 1/log2(6) =
    # 1.8987. The breakdown's caption and the working's numerator line say so, with both numbers,
    # and that RankLab's alpha_DCG@5 is another number: 0.6329 over ndeval's normaliser
    # 1 + 0.5/log2(3) + 0.25/log2(4) + 0.125/log2(5) + 0.0625/log2(6) = 1.5185, i.e. 0.4168.
    assert f"{3 * ALPHA_DCG:.4f}" == "1.8987"
    at = type_subtopics(open_playground(app))
    at.session_state["calc_open"] = True
    at.run()
    said = [c.value for c in at.caption if "Clarke et al.'s α-DCG@5" in c.value]
    assert len(said) == 2, [c.value for c in at.caption]  # the breakdown, the working
    for text in said:
        assert "w_j = 1/|S| = 1/3" in text and ": 0.6329." in text
        assert "|S| = 3 times that: 1.8987" in text and "α-nDCG is the same" in text
        assert "α-nDCG's numerator" in text and "α-DCG@5 here" not in text
        assert "RankLab's measure α-DCG@5 is another number" in text
