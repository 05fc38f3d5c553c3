"""Check my answer in Debian's chromium: on the Playground's first example (grades 3, 2, 3, 0,
1, 2; judged but not retrieved 3 and 2; Textbook: gain 2^g - 1, discount 1/log2(i + 1), ideal
from all judged documents cut at k), type the nDCG@5 one gets with the ideal ranking taken from
the retrieved list only, and see that explanation with its calculation."""

from __future__ import annotations

from math import log2

from playwright.sync_api import Page, expect

from tests.e2e.helpers import TIMEOUT_MS, wait_for_app

# the page's default k is the Playground's, 5
DCG = 7 + 3 / log2(3) + 7 / 2 + 0 + 1 / log2(6)  # gains 7, 3, 7, 0, 1
IDCG_LIST = 7 + 7 / log2(3) + 3 / 2 + 3 / log2(5) + 1 / log2(6)  # the list's own 3, 3, 2, 2, 1
WRONG = f"{DCG / IDCG_LIST:.4f}"  # 0.8756


def test_the_ideal_from_the_retrieved_list_is_recognised(
    page: Page, console_errors: list[str]
) -> None:
    page.goto("/check")
    wait_for_app(page)
    box = page.get_by_label("Your value of nDCG@5")
    box.fill(WRONG)
    box.press("Enter")
    wait_for_app(page)
    expect(page.get_by_text(f"IDCG from the retrieved list only → {WRONG}")).to_be_visible(
        timeout=TIMEOUT_MS
    )
    explanation = page.get_by_text("Re-sorting only what was retrieved", exact=False).first
    expect(explanation).to_be_visible(timeout=TIMEOUT_MS)
    # the first match is open and shows its calculation, KaTeX-rendered
    expect(page.locator(".katex").first).to_be_visible(timeout=TIMEOUT_MS)
    assert console_errors == []
