"""A page's address is its name, a former address still opens the page with its link's
parameters, and an address that names no page says so (ui/shared/navigation.py), in the browser,
whose address bar and path resolution AppTest does not have; and the condensed calculation's primes
as KaTeX draws them (rankwork/core/working/latex.py), which AppTest cannot see either."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from tests.e2e.helpers import TIMEOUT_MS, wait_for_app

ROUND_1 = "seed=1&qconv=textbook&qk=5&ex=dcg&ex=compare&ex=predict&ex=choose"
ROUND_1_START = "grades 1, 3, 0, 3, 0 (rank 1 first)"  # tests/unit/test_exercises.py


def test_the_exercises_page_is_at_its_name(page: Page, console_errors: list[str]) -> None:
    page.goto(f"/exercises?{ROUND_1}")
    wait_for_app(page)
    expect(page.get_by_role("heading", name="Exercises")).to_be_visible(timeout=TIMEOUT_MS)
    expect(page.get_by_text(ROUND_1_START)).to_be_visible()
    assert console_errors == []


def test_an_old_quiz_link_opens_the_same_round(page: Page, console_errors: list[str]) -> None:
    # round 42 at k = 4 (round 1 at k = 5 is the default, which the address bar leaves out)
    page.goto("/quiz?seed=42&qk=4&ex=dcg&ex=compare")
    wait_for_app(page)
    expect(page.get_by_text("grades 2, 1, 3, 2, 0 (rank 1 first)")).to_be_visible(
        timeout=TIMEOUT_MS
    )  # tests/unit/test_exercises.py: exercise 1 of round 42
    expect(page.get_by_text("Compute DCG@4, IDCG@4 and nDCG@4")).to_be_visible()
    expect(page).to_have_url(re.compile(r"/exercises\?seed=42&qk=4&ex="))
    assert page.get_by_text("There is no page").count() == 0
    assert console_errors == []


def test_an_unknown_address_says_there_is_no_page(page: Page) -> None:
    page.goto("/exercisez")
    wait_for_app(page)
    expect(page.get_by_text("There is no page at the address /exercisez.")).to_be_visible(
        timeout=TIMEOUT_MS
    )
    expect(page.get_by_role("heading", name="RankLab")).to_be_visible()


def test_a_page_opened_from_an_unknown_address_is_not_called_unknown(page: Page) -> None:
    # the first run after a click in the sidebar may still carry the unknown address in
    # st.context.url: the warning belongs to the home page Streamlit fell back to, not to the
    # page the click opened
    page.goto("/exercisez")
    wait_for_app(page)
    expect(page.get_by_text("There is no page at the address")).to_be_visible(timeout=TIMEOUT_MS)
    page.keyboard.press("Escape")  # Streamlit's own "Page not found" dialog, over the page
    page.get_by_test_id("stSidebarNav").get_by_text("Playground").click()
    wait_for_app(page)
    expect(page.get_by_role("heading", name="Playground")).to_be_visible(timeout=TIMEOUT_MS)
    expect(page.get_by_text("There is no page at the address")).to_have_count(0)


def test_the_condensed_calculation_sets_its_primes_as_superscripts(page: Page) -> None:
    # [3, ?, 2, 0, 1, ?, 3] condensed (tests/unit/test_latex.py works its numbers): KaTeX draws
    # a bare ′ inside \mathrm on the baseline, where it read as a slash ('DCG/@6')
    page.goto("/playground?g=3,,2,0,1,,3&u=2&k=6&cl=1")
    wait_for_app(page)
    page.get_by_text("Show the calculation").click()
    wait_for_app(page)
    shown = page.locator(".katex-display:visible .katex-html")
    expect(shown.first).to_be_visible(timeout=TIMEOUT_MS)
    assert "DCG′@6" in shown.first.inner_text().replace("\n", "")
    primes = page.locator(".katex-display:visible .katex-html .msupsub", has_text="′")
    assert primes.count() >= 5  # DCG′@6, IDCG′@6, and nDCG′@6 over DCG′@6 / IDCG′@6
