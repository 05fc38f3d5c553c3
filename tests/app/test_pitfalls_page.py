"""The Pitfalls lab and the Playground's "Try a mistake" panel, in AppTest. Expected values are
worked by hand below (never computed by calling metrics/).

The Playground's default list: grades 3, 2, 3, 0, 1, 2; judged but not retrieved 3 and 2; k = 5;
Textbook (gain 2^g - 1, discount 1/log2(i + 1), ideal from all judged documents cut at k).
"""

from __future__ import annotations

from math import log, log2

from streamlit.testing.v1 import AppTest

from tests.app.conftest import metric_values, set_data_editor_edits
from tests.markdown_text import unescaped

LAB = "app_pages/pitfalls.py"

DCG = 7 + 3 / log2(3) + 7 / 2 + 0 + 1 / log2(6)
IDCG = 7 + 7 / log2(3) + 7 / 2 + 3 / log2(5) + 3 / log2(6)  # judged pool 3,3,3,2,2
IDCG_LIST = 7 + 7 / log2(3) + 3 / 2 + 3 / log2(5) + 1 / log2(6)  # the list's own 3,3,2,2,1
DCG_LN = 7 / log(2) + 3 / log(3) + 7 / log(4) + 0 + 1 / log(6)  # natural log
# linear gain: 3,2,3,0,1 over the list's own ideal 3,3,2,2,1
DCG_LINEAR = 3 + 2 / log2(3) + 3 / 2 + 0 + 1 / log2(6)
IDCG_LINEAR_LIST = 3 + 3 / log2(3) + 2 / 2 + 2 / log2(5) + 1 / log2(6)


def open_lab(app: AppTest) -> AppTest:
    at = app.run()
    at.switch_page(LAB).run()
    assert not at.exception
    return at


def switch(at: AppTest, key: str, on: bool = True) -> AppTest:
    at.toggle(key=f"lab_{key}").set_value(on).run()
    assert not at.exception
    return at


def test_nothing_switched_on_invites_a_toggle(app: AppTest) -> None:
    at = open_lab(app)
    assert "Switch on a mistake" in at.info[0].value
    assert not at.metric


def test_the_ideal_from_the_list_right_and_wrong_side_by_side(app: AppTest) -> None:
    at = switch(open_lab(app), "ideal_from_retrieved")
    cards = metric_values(at)
    assert cards["Right nDCG@5"] == f"{DCG / IDCG:.4f}"
    assert cards["With the mistake: nDCG@5"] == f"{DCG / IDCG_LIST:.4f}"
    delta = at.metric[1].proto.delta
    assert delta == f"{DCG / IDCG_LIST - DCG / IDCG:+.4f}"
    right, wrong = (df.value for df in at.dataframe)
    assert right["ideal grade"].tolist()[:5] == [3, 3, 3, 2, 2]
    assert wrong["ideal grade"].tolist()[:5] == [3, 3, 2, 2, 1]
    assert "Re-sorting only what was retrieved" in "\n".join(m.value for m in at.markdown)
    codes = [c.value for c in at.code]
    # the line that differs, and the whole programs (run by tests/unit/test_snippets.py)
    assert "ideal = sorted((g for g in grades if g > 0), reverse=True)[:k]" in codes
    assert "ideal = sorted((g for g in judged if g > 0), reverse=True)[:k]" in codes
    assert any(c.startswith("import numpy as np") and "ndcg = " in c for c in codes)


def test_ranks_without_an_ideal_document_read_a_dash_not_none(app: AppTest) -> None:
    # the ideal ranking is cut at k = 5: rank 6 of the right table has no ideal grade
    at = switch(open_lab(app), "ideal_from_retrieved")
    right, wrong = at.dataframe
    assert right.value["ideal grade"].isna().tolist()[5]
    assert right.proto.placeholder == "–" and wrong.proto.placeholder == "–"


def test_a_mistake_that_changes_nothing_says_why(app: AppTest) -> None:
    at = switch(open_lab(app), "natural_log")
    cards = metric_values(at)
    assert cards["Right nDCG@5"] == cards["With the mistake: nDCG@5"] == f"{DCG / IDCG:.4f}"
    assert "No change on this list" in at.info[0].value
    assert "the factor cancels in nDCG" in at.info[0].value
    at.selectbox(key="lab_family").set_value("DCG").run()
    assert metric_values(at)["With the mistake: DCG@5"] == f"{DCG_LN:.4f}"


def test_mistakes_combine(app: AppTest) -> None:
    at = switch(switch(open_lab(app), "gain_flipped"), "ideal_from_retrieved")
    assert metric_values(at)["With the mistakes: nDCG@5"] == f"{DCG_LINEAR / IDCG_LINEAR_LIST:.4f}"


def test_a_mistake_is_shown_on_its_example_in_one_click(app: AppTest) -> None:
    at = switch(open_lab(app), "gain_flipped")
    at.button(key="lab_show_gain_flipped").click().run()
    assert not at.exception
    assert at.selectbox(key="lab_family").value == "nDCG"
    # Wikipedia's example, k = 6: linear gain gives its published 0.785; 2^g - 1 gives 0.7511
    cards = metric_values(at)
    assert cards["With the mistake: nDCG@6"] == "0.7850"
    assert cards["Right nDCG@6"] == "0.7511"


def test_a_broken_playground_list_is_reported(app: AppTest) -> None:
    at = app.run()
    at.switch_page("app_pages/playground.py").run()
    set_data_editor_edits(at, "ranking_editor", edited_rows={0: {"grade": "-"}})
    at.run()
    at.switch_page(LAB).run()
    assert not at.exception
    assert "Grade at rank 1: '-' is not a number" in unescaped(at.error[0].value)


def test_the_playground_offers_a_mistake_in_place(app: AppTest) -> None:
    at = app.run()
    at.switch_page("app_pages/playground.py").run()
    at.session_state["try_open"] = True  # built only while open
    at.run()
    at.multiselect(key="try_mistakes_nDCG").select("ideal_from_retrieved").run()
    assert not at.exception
    cards = metric_values(at)
    assert cards["Right nDCG@5"] == f"{DCG / IDCG:.4f}"
    assert cards["With the mistake: nDCG@5"] == f"{DCG / IDCG_LIST:.4f}"
    at.multiselect(key="try_mistakes_nDCG").unselect("ideal_from_retrieved").run()
    at.multiselect(key="try_mistakes_nDCG").select("natural_log").run()
    assert any("the factor cancels in nDCG" in i.value for i in at.info)


def test_every_mistake_shows_on_its_example_without_error(app: AppTest) -> None:
    at = open_lab(app)
    for key in [t.key.removeprefix("lab_") for t in at.toggle if t.key.startswith("lab_")]:
        at.toggle(key=f"lab_{key}").set_value(True).run()
        at.button(key=f"lab_show_{key}").click().run()
        assert not at.exception, key
        right, wrong = (m.value for m in at.metric)
        assert right != wrong, key  # each example is chosen to show its mistake
        at.toggle(key=f"lab_{key}").set_value(False).run()


def test_the_condensed_playground_list_offers_the_unjudged_kept_mistake(app: AppTest) -> None:
    # the Playground's list 3, ?, 2, ?, 0, 1 (grades 0..3, ? unjudged), k = 5, condensed
    for key, value in {"g": "3,,2,,0,1", "top": "3", "k": "5", "cl": "1"}.items():
        app.query_params[key] = value
    at = app.run()
    at.switch_page("app_pages/playground.py").run()
    at.switch_page(LAB).run()
    at.selectbox(key="lab_family").set_value("AP").run()
    assert "condensed list" in " ".join(c.value for c in at.caption)
    at = switch(at, "unjudged_kept")
    cards = metric_values(at)
    # condensed 3, 2, 0, 1: relevant at ranks 1, 2, 4 of R = 3: AP′@5 = (1 + 2/2 + 3/4) / 3;
    # kept: relevant at ranks 1, 3 within k = 5 (and 6 beyond it): AP@5 = (1 + 2/3) / 3
    assert cards["Right AP′@5"] == f"{(1 + 1 + 3 / 4) / 3:.4f}"
    assert cards["With the mistake: AP@5"] == f"{(1 + 2 / 3) / 3:.4f}"


def test_without_the_condensed_list_the_mistake_says_what_it_needs(app: AppTest) -> None:
    at = open_lab(app)
    at.selectbox(key="lab_family").set_value("AP").run()
    at = switch(at, "unjudged_kept")
    assert "switch on the condensed list" in " ".join(i.value for i in at.info)
