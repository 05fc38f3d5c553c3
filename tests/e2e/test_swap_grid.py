"""The behaviour page's swap grid in Debian's chromium: click a square, see the two documents
swap on the Playground's list (its nDCG card and its link), click again to swap them back."""

from __future__ import annotations

from math import log2
from urllib.parse import unquote

from playwright.sync_api import Page, expect

from tests.e2e.helpers import TIMEOUT_MS, wait_for_app

# The default list 3,2,3,0,1,2 (d1..d6), unretrieved 3 and 2, k = 5, gain 2^g - 1, 1/log2(i+1)
IDCG = 7 + 7 / log2(3) + 7 / 2 + 3 / log2(5) + 3 / log2(6)
BEFORE = (7 + 3 / log2(3) + 7 / 2 + 0 + 1 / log2(6)) / IDCG  # 0.7358
# d1 (grade 3) and d4 (grade 0) swapped: 0,2,3,3,1,2
AFTER = (0 + 3 / log2(3) + 7 / 2 + 7 / log2(5) + 1 / log2(6)) / IDCG  # 0.5063


def metric(page: Page, label: str):
    """The value of the st.metric labelled `label`."""
    card = page.get_by_test_id("stMetric").filter(
        has=page.get_by_test_id("stMetricLabel").get_by_text(label, exact=True)
    )
    return card.get_by_test_id("stMetricValue")


def go_to(page: Page, title: str) -> None:
    page.get_by_test_id("stSidebarNav").get_by_text(title, exact=True).click()
    wait_for_app(page)


def click_cell(page: Page, i: int, j: int) -> None:
    """Click the square at rank i (down) and rank j (across) of the swap grid: its pixel
    position comes from plotly's own axes (data -> pixels), so no layout is assumed."""
    chart = page.locator("[class*='st-key-beh_swap_grid'] .js-plotly-plot")
    chart.scroll_into_view_if_needed()
    expect(chart.locator(".scatterlayer .point").first).to_be_visible(timeout=TIMEOUT_MS)
    where = chart.evaluate(
        """(gd, cell) => {
            const L = gd._fullLayout, box = gd.getBoundingClientRect();
            return {x: box.left + L.xaxis._offset + L.xaxis.l2p(cell.j),
                    y: box.top + L.yaxis._offset + L.yaxis.l2p(cell.i)};
        }""",
        {"i": i, "j": j},
    )
    page.mouse.move(where["x"], where["y"])
    page.mouse.click(where["x"], where["y"])
    wait_for_app(page)


def test_clicking_a_square_swaps_the_documents_on_the_playground(
    page: Page, console_errors: list[str]
) -> None:
    page.goto("/")
    wait_for_app(page)
    go_to(page, "Metric behaviour")
    expect(metric(page, "nDCG@5 of the list now")).to_have_text(f"{BEFORE:.4f}", timeout=TIMEOUT_MS)

    click_cell(page, 1, 4)
    expect(page.get_by_test_id("stAlertContentSuccess")).to_contain_text(
        "Swapped d1 and d4 on the Playground's list.", timeout=TIMEOUT_MS
    )
    expect(metric(page, "nDCG@5 of the list now")).to_have_text(f"{AFTER:.4f}", timeout=TIMEOUT_MS)

    go_to(page, "Playground")
    expect(metric(page, "nDCG@5")).to_have_text(f"{AFTER:.4f}", timeout=TIMEOUT_MS)
    assert "g=0,2,3,3,1,2&" in unquote(page.url)  # the Playground's list, in its link

    go_to(page, "Metric behaviour")  # the same square swaps them back
    click_cell(page, 1, 4)
    expect(metric(page, "nDCG@5 of the list now")).to_have_text(f"{BEFORE:.4f}", timeout=TIMEOUT_MS)
    go_to(page, "Playground")
    expect(metric(page, "nDCG@5")).to_have_text(f"{BEFORE:.4f}", timeout=TIMEOUT_MS)
    assert console_errors == []
