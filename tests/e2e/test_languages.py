"""RankLab in 简体中文 in Debian's chromium: pick the language in the sidebar on the Playground,
edit a grade, see the page in Chinese with the same numbers as in English (a `.` decimal
point), copy the link and open it in a new browser context: the page opens in Chinese."""

from __future__ import annotations

from math import log2

from playwright.sync_api import Browser, Page, expect

import i18n
from tests.e2e.conftest import VIEWPORT
from tests.e2e.helpers import TIMEOUT_MS, edit_data_editor_cell, wait_for_app
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
    expect(page.get_by_role("heading", name=vietnamese("Rank by rank"))).to_be_visible()
    # the default list's nDCG@5, as in English (test_playground's hand-worked value)
    expect(card(page, "nDCG@5")).to_have_text(f"{NDCG:.4f}", timeout=TIMEOUT_MS)
    assert console_errors == []
