"""The projector view (issue 12, item 4) at a classroom projector's 1280 x 720: a link with
``pm=1`` opens presentation mode with the sidebar collapsed; on the Playground the list and the
teacher's cards (default nDCG, DCG, IDCG, ERR, RBP, P, R) are all on the first screen, without
scrolling, in large type (RBP's interval too), and a grade typed there updates them; on the
Exercises page the score and the first exercise's answer boxes are.

Issue 25: the list is drawn as legibly as the cards (its grid zoomed, text about 20 px);
with the sidebar opened the cards reflow below the list, no text of theirs cut, in every
language; the caption says which end of a range is which fill (a room cannot hover).

Each test saves a screenshot under pytest's tmp_path; docs/projector-*.png are such
screenshots (`pytest tests/e2e/test_projector.py --basetemp=DIR`, then copy them)."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Locator, Page, expect

from tests.e2e.helpers import TIMEOUT_MS, edit_data_editor_cell, wait_for_app
from tests.e2e.test_layout import PROJECTOR, cut_card_texts, cut_elements
from tests.e2e.test_playground import GRADE_COLUMN, card
from ui.playground.editors import LARGE_ROW_HEIGHT

# The default list by hand (Textbook, k = 5, grades 3,2,3,0,1,2 on the scale 0..3, judged but
# not retrieved 3, 2): P@5 = 4/5; with rank 4 made 1, P@5 = 5/5.
DEFAULT_CARDS = ["DCG@5", "IDCG@5", "nDCG@5", "ERR@5", "RBP(p=0.8)", "P@5", "R@5"]


def in_viewport(locator: Locator) -> bool:
    """The whole element is inside the 1280 x 720 viewport, with the page not scrolled."""
    box = locator.bounding_box()
    return (
        box is not None
        and box["x"] >= 0
        and box["y"] >= 0
        and box["x"] + box["width"] <= PROJECTOR["width"]
        and box["y"] + box["height"] <= PROJECTOR["height"]
    )


def font_px(locator: Locator) -> float:
    return float(locator.evaluate("el => parseFloat(getComputedStyle(el).fontSize)"))


def sidebar_collapsed(page: Page) -> bool:
    return page.get_by_test_id("stSidebar").get_attribute("data-collapsed") == "true"


def test_a_presentation_link_opens_the_playground_on_one_screen(
    page: Page, console_errors: list[str], tmp_path: Path
) -> None:
    page.set_viewport_size(PROJECTOR)
    page.goto("/playground?pm=1")
    wait_for_app(page)
    expect(card(page, "P@5")).to_have_text("0.8000", timeout=TIMEOUT_MS)
    page.wait_for_timeout(500)  # let the layout settle
    assert sidebar_collapsed(page)
    assert page.evaluate("window.scrollY") == 0
    labels = page.get_by_test_id("stMetricLabel").all_inner_texts()
    assert [label.strip() for label in labels] == DEFAULT_CARDS
    for metric in page.get_by_test_id("stMetric").all():
        assert in_viewport(metric), metric.inner_text()
    grid = page.get_by_test_id("stDataFrame").first
    assert in_viewport(grid)
    # large type: the values (2.8 rem at most, 26% of a card's width when the list beside
    # them takes its 45% in large type too), and RBP's interval beside its value
    assert font_px(card(page, "nDCG@5")) >= 36
    interval = page.get_by_test_id("stMetricDeltaDescription").locator("p")
    expect(interval).to_have_text("∈ [0.5057, 0.7678]")  # 0.2 Σ g/3 0.8^(i-1), + 0.8^6
    assert font_px(interval) >= 19  # 1.3 rem at most, 13% of the card's width: on one line
    assert cut_elements(page) == []
    page.screenshot(path=tmp_path / "projector-playground.png")
    # a grade typed in the enlarged grid updates the cards on the same screen
    edit_data_editor_cell(page, row=3, col=GRADE_COLUMN, text="1")  # rank 4: 0 -> 1
    expect(card(page, "P@5")).to_have_text("1.0000", timeout=TIMEOUT_MS)
    assert in_viewport(grid) and in_viewport(page.get_by_test_id("stMetric").last)
    assert console_errors == []


def test_ten_ranks_and_the_teachers_cards_still_fit(page: Page, tmp_path: Path) -> None:
    page.set_viewport_size(PROJECTOR)
    page.goto("/playground?g=3,2,3,0,1,2,1,1,2,1&top=4&k=10&preset=textbook&pm=1"
              "&cards=nDCG,ERR,RBP,P,R,F1,AP,RR,Rprec")  # fmt: skip
    wait_for_app(page)
    expect(card(page, "RR@10")).to_have_text("1.0000", timeout=TIMEOUT_MS)
    page.wait_for_timeout(500)
    labels = [t.strip() for t in page.get_by_test_id("stMetricLabel").all_inner_texts()]
    assert labels == ["nDCG@10", "ERR@10", "RBP(p=0.8)", "P@10", "R@10", "F1@10", "AP@10",
                      "RR@10", "Rprec"]  # fmt: skip
    for metric in page.get_by_test_id("stMetric").all():
        assert in_viewport(metric), metric.inner_text()
    grid = page.get_by_test_id("stDataFrame").first
    assert in_viewport(grid)
    assert grid.bounding_box()["height"] >= 12 * LARGE_ROW_HEIGHT  # header, 10 ranks, "add"
    page.screenshot(path=tmp_path / "projector-ten-ranks.png")


def test_turning_presentation_mode_off_brings_the_sidebar_back(page: Page) -> None:
    page.set_viewport_size(PROJECTOR)
    page.goto("/playground")
    wait_for_app(page)
    assert not sidebar_collapsed(page)
    page.get_by_text("Presentation mode").click()
    wait_for_app(page)
    expect(page.get_by_test_id("stSidebar")).to_have_attribute("data-collapsed", "true")
    page.get_by_text("Presentation mode").click()
    wait_for_app(page)
    expect(page.get_by_test_id("stSidebar")).to_have_attribute("data-collapsed", "false")


def test_a_presentation_link_opens_an_exercise_on_one_screen(
    page: Page, console_errors: list[str], tmp_path: Path
) -> None:
    page.set_viewport_size(PROJECTOR)
    page.goto("/quiz?seed=42&pm=1")
    wait_for_app(page)
    page.wait_for_timeout(500)
    assert sidebar_collapsed(page)
    assert page.evaluate("window.scrollY") == 0
    for metric in page.get_by_test_id("stMetric").all():  # Score, Answered
        assert in_viewport(metric), metric.inner_text()
    assert in_viewport(page.get_by_role("heading", name="Exercise 1:"))
    assert in_viewport(page.get_by_test_id("stDataFrame").first)  # the exercise's list
    for name in ("DCG@5 of the list", "IDCG@5 of the list", "nDCG@5 of the list"):
        assert in_viewport(page.get_by_role("textbox", name=name, exact=True)), name
    page.screenshot(path=tmp_path / "projector-exercises.png")
    assert console_errors == []


def grid_font_px(page: Page) -> float:
    """The size the list's grid draws its text at: Streamlit's grid theme draws it in
    fontSizes.sm, 0.875 rem (static/js/DataFrame.*.js), on a canvas no style rule reaches; the
    browser enlarges it by the grid's CSS zoom (`currentCSSZoom`, Chromium 128+)."""
    return page.get_by_test_id("stDataFrame").first.evaluate(
        "el => 0.875 * parseFloat(getComputedStyle(document.documentElement).fontSize)"
        " * el.currentCSSZoom"
    )


def test_the_list_is_as_legible_as_the_cards(page: Page) -> None:
    """Issue 25, section 4: the list's grades were drawn in 14 px beside 45 px card values;
    they are drawn at 19.6 px at least (the cards' labels are 22 px), the list still on the
    first screen with the cards."""
    page.set_viewport_size(PROJECTOR)
    page.goto("/playground?pm=1")
    wait_for_app(page)
    expect(card(page, "P@5")).to_have_text("0.8000", timeout=TIMEOUT_MS)
    assert grid_font_px(page) >= 19.5
    assert in_viewport(page.get_by_test_id("stDataFrame").first)


@pytest.mark.parametrize("lang", ["en", "zh", "vi"])
def test_opening_the_sidebar_in_presentation_mode_cuts_no_card(
    page: Page, console_errors: list[str], lang: str, tmp_path: Path
) -> None:
    """Issue 25, section 4: with the sidebar opened in presentation mode at 1280 x 720 every
    card read "13.…", "0.8…", "RBP(p=…" and the grid lost its score column: the cards reflow
    (below the list when the two do not fit side by side) and the grid shows every column."""
    page.set_viewport_size(PROJECTOR)
    page.goto(f"/playground?pm=1&lang={lang}&g=3,2,3,0,1,2&s=13.5,0.8,0.7,0.6,0.5,0.4")
    wait_for_app(page)
    expect(page.get_by_test_id("stMetricValue").first).to_be_visible(timeout=TIMEOUT_MS)
    page.get_by_test_id("stExpandSidebarButton").click()
    expect(page.get_by_test_id("stSidebar")).to_have_attribute("data-collapsed", "false")
    wait_for_app(page)
    page.wait_for_timeout(500)
    assert cut_card_texts(page) == []
    assert cut_elements(page) == []
    scroller = page.get_by_test_id("stDataFrame").first.locator(".dvn-scroller").first
    assert scroller.evaluate("el => el.scrollWidth <= el.clientWidth + 1")  # every column
    assert grid_font_px(page) >= 19.5
    page.screenshot(path=tmp_path / f"projector-sidebar-{lang}.png")
    assert console_errors == []


def test_the_caption_says_what_a_range_is(page: Page) -> None:
    """Issue 25, section 4: the caption under the cards said "hover a card for which is which",
    which a room cannot do; it now says what low–high is, and each card shows its range. Grades
    1, ?, 0 on 0..2, k = 3, Textbook (gain 2^g - 1): nDCG@3 is 1 with ? = 0 (DCG = IDCG = 1),
    1 with ? = 1 (DCG = IDCG = 1 + 1/log2 3) and (1 + 3/log2 3) / (3 + 1/log2 3) = 0.79671 with
    ? = 2 (the top grade enters the ideal ranking too), so its range is 0.7967–1.0000."""
    page.set_viewport_size(PROJECTOR)
    page.goto("/playground?g=1,,0&top=2&k=3&pm=1")
    wait_for_app(page)
    caption = page.get_by_test_id("stCaptionContainer").filter(has_text="Judged@3")
    expect(caption).to_contain_text(
        "the least and the greatest value over every whole grade, 0 to the top, the unjudged "
        "documents could have",
        timeout=TIMEOUT_MS,
    )
    assert "hover" not in caption.inner_text()
    expect(page.get_by_test_id("stMetric").filter(has_text="nDCG@3")).to_contain_text(
        "0.7967–1.0000"
    )
