"""RankLab in 简体中文 in Debian's chromium: pick the language in the sidebar on the Playground,
edit a grade, see the page in Chinese with the same numbers as in English (a `.` decimal
point), copy the link and open it in a new browser context: the page opens in Chinese. The document
says its language (`<html lang>`) and Chinese is drawn in a sans-serif CJK font, never the
brush-style Kaiti chromium picked without them (issue 25); the Vietnamese Compare cards are
whole at 1280 x 720."""

from __future__ import annotations

from math import log2

from playwright.sync_api import Browser, Page, expect

import i18n
from tests.e2e.conftest import VIEWPORT
from tests.e2e.helpers import TIMEOUT_MS, edit_data_editor_cell, wait_for_app
from tests.e2e.test_layout import PROJECTOR, cut_card_texts
from tests.e2e.test_playground import GRADE_COLUMN, NDCG, card

# the words as the catalogues have them (the page names are the glossary's, which
# tests/unit/test_translations.py holds them to)
chinese = i18n.translations("zh").gettext
vietnamese = i18n.translations("vi").gettext

# the default list after rank 4's grade 0 -> 3 (as in test_playground): gain 2^g - 1,
# discount 1/log2(i + 1), the judged pool's top five 3, 3, 3, 3, 2
DCG = 7 + 3 / log2(3) + 7 / 2 + 7 / log2(5) + 1 / log2(6)
IDCG = 7 + 7 / log2(3) + 7 / 2 + 7 / log2(5) + 3 / log2(6)


def test_the_playground_in_chinese_and_its_link(
    page: Page, browser: Browser, app_url: str, console_errors: list[str]
) -> None:
    page.goto("/playground")
    wait_for_app(page)
    expect(page.get_by_role("heading", name="Playground")).to_be_visible(timeout=TIMEOUT_MS)

    page.get_by_test_id("stSidebar").get_by_test_id("stSelectbox").click()
    page.get_by_role("option", name="简体中文").click()
    expect(page.get_by_role("heading", name="实验台")).to_be_visible(timeout=TIMEOUT_MS)
    expect(page.get_by_role("heading", name=chinese("Rank by rank"))).to_be_visible()
    expect(page.get_by_text(chinese("Show the calculation"))).to_be_visible()
    expect(page.locator("html")).to_have_attribute("lang", "zh-Hans")  # the picker sets it

    edit_data_editor_cell(page, row=3, col=GRADE_COLUMN, text="3")  # rank 4: 0 -> 3
    expect(card(page, "nDCG@5")).to_have_text(f"{DCG / IDCG:.4f}", timeout=TIMEOUT_MS)
    expect(card(page, "DCG@5")).to_have_text(f"{DCG:.4f}")
    values = page.get_by_test_id("stMetricValue").all_inner_texts()
    assert "lang=zh" in page.url

    page.get_by_role("button", name=chinese("Copy link")).click()
    link = page.get_by_test_id("stCode").filter(has_text="/playground?").inner_text().strip()
    assert "lang=zh" in link and "g=3,2,3,3,1,2" in link

    fresh = browser.new_context(viewport=VIEWPORT)  # a student: a new session, no state
    shared = fresh.new_page()
    shared.goto(link)
    wait_for_app(shared)
    expect(shared.get_by_role("heading", name="实验台")).to_be_visible(timeout=TIMEOUT_MS)
    expect(card(shared, "nDCG@5")).to_have_text(f"{DCG / IDCG:.4f}", timeout=TIMEOUT_MS)
    assert shared.get_by_test_id("stMetricValue").all_inner_texts() == values
    fresh.close()
    assert console_errors == []


def test_a_vietnamese_link_opens_the_playground_in_vietnamese(
    page: Page, console_errors: list[str]
) -> None:
    page.goto("/playground?lang=vi")
    wait_for_app(page)
    expect(page.get_by_role("heading", name="Bàn thử nghiệm")).to_be_visible(timeout=TIMEOUT_MS)
    expect(page.locator("html")).to_have_attribute("lang", "vi")
    expect(page.get_by_role("heading", name=vietnamese("Rank by rank"))).to_be_visible()
    # the default list's nDCG@5, as in English (test_playground's hand-worked value)
    expect(card(page, "nDCG@5")).to_have_text(f"{NDCG:.4f}", timeout=TIMEOUT_MS)
    assert console_errors == []


def fonts_drawing(page: Page, selector: str) -> list[str]:
    """The fonts chromium draws the first element matching `selector` with (DevTools'
    CSS.getPlatformFontsForNode: the fonts used, not the CSS stack asked for)."""
    session = page.context.new_cdp_session(page)
    session.send("DOM.enable")
    session.send("CSS.enable")
    root = session.send("DOM.getDocument")["root"]["nodeId"]
    node = session.send("DOM.querySelector", {"nodeId": root, "selector": selector})["nodeId"]
    fonts = session.send("CSS.getPlatformFontsForNode", {"nodeId": node})["fonts"]
    return [font["familyName"] for font in fonts]


def test_chinese_is_drawn_in_a_sans_serif_font(page: Page, console_errors: list[str]) -> None:
    """Issue 25, section 3: with TeX's fonts installed, chromium drew Chinese in a brush-style
    Kaiti (AR PL KaitiM), the first CJK font the system lists, since the document had no
    language and the font stack no CJK font. The document says zh-Hans, and the title and a
    caption are drawn in a sans-serif CJK font (Noto Sans CJK SC, which scripts/test.sh
    installs)."""
    page.goto("/playground?lang=zh")
    wait_for_app(page)
    expect(page.get_by_role("heading", name="实验台")).to_be_visible(timeout=TIMEOUT_MS)
    expect(page.locator("html")).to_have_attribute("lang", "zh-Hans")
    for selector in ("h1", "[data-testid=stCaptionContainer]"):
        fonts = fonts_drawing(page, selector)
        assert "Noto Sans CJK SC" in fonts, (selector, fonts)
        assert not any("kai" in font.lower() for font in fonts), (selector, fonts)
    assert console_errors == []


def test_the_compare_cards_are_whole_in_vietnamese_on_a_projector(
    page: Page, console_errors: list[str]
) -> None:
    """Issue 25, section 3: in Vietnamese at 1280 x 720 the Compare card's label and its
    interval were cut (the upper bound disappeared): every card text is shown whole."""
    page.set_viewport_size(PROJECTOR)
    page.goto("/evaluate?lang=vi")
    wait_for_app(page)
    page.get_by_role("tab", name=vietnamese("Compare runs")).click()
    wait_for_app(page)
    difference = page.get_by_test_id("stMetric").filter(
        has_text=vietnamese("challenger − baseline (mean)")
    )
    expect(difference).to_be_visible(timeout=TIMEOUT_MS)
    expect(difference.get_by_test_id("stMetricDelta")).to_contain_text("]")  # the upper bound
    assert cut_card_texts(page) == []
    assert console_errors == []
