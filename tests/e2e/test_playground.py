"""The Playground in Debian's chromium against the served app: type a grade into the canvas
editor, see nDCG@k change to the value worked out by hand; open a shared link, see the same
numbers; no console errors."""

from __future__ import annotations

from math import log2
from urllib.parse import unquote

from playwright.sync_api import Page, expect

from tests.e2e.helpers import TIMEOUT_MS, edit_data_editor_cell, wait_for_app

# The default list: grades 3, 2, 3, 0, 1, 2 and unretrieved 3, 2; k = 5; gain 2^g - 1,
# discount 1/log2(i + 1); the ideal ranking is the judged pool's 3, 3, 3, 2, 2.
IDCG = 7 + 7 / log2(3) + 7 / 2 + 3 / log2(5) + 3 / log2(6)
NDCG = (7 + 3 / log2(3) + 7 / 2 + 0 + 1 / log2(6)) / IDCG
GRADE_COLUMN = 2  # as drawn: rank, doc id, grade, score (the index is hidden)


def card(page: Page, label: str):
    """The value of the metric card labelled `label`."""
    metric = page.get_by_test_id("stMetric").filter(
        has=page.get_by_test_id("stMetricLabel").get_by_text(label, exact=True)
    )
    return metric.get_by_test_id("stMetricValue")


def test_typing_a_grade_updates_ndcg(page: Page, console_errors: list[str]) -> None:
    page.goto("/playground")
    wait_for_app(page)
    expect(card(page, "nDCG@5")).to_have_text(f"{NDCG:.4f}", timeout=TIMEOUT_MS)

    edit_data_editor_cell(page, row=3, col=GRADE_COLUMN, text="3")  # rank 4: 0 -> 3
    # DCG gains 7/log2(5) at rank 4; the pool's top five become 3, 3, 3, 3, 2
    dcg = 7 + 3 / log2(3) + 7 / 2 + 7 / log2(5) + 1 / log2(6)
    idcg = 7 + 7 / log2(3) + 7 / 2 + 7 / log2(5) + 3 / log2(6)
    expect(card(page, "nDCG@5")).to_have_text(f"{dcg / idcg:.4f}", timeout=TIMEOUT_MS)
    expect(page.get_by_test_id("stMetricDelta").first).to_be_visible()
    assert "g=3,2,3,3,1,2&" in unquote(page.url)  # the address bar holds the new list
    assert console_errors == []


def test_an_edit_redraws_what_reads_the_list_and_keeps_the_rest(
    page: Page, console_errors: list[str]
) -> None:
    # A grade edit reruns only ui/playground/live.py's fragment: the per-rank table, the open
    # "Try a mistake" panel (with its link to another page) and the settings are all still
    # there after it, once each, and the new numbers are on the cards.
    page.goto("/playground")
    wait_for_app(page)
    page.get_by_text("Try a mistake", exact=True).click()
    lab = page.get_by_role("link", name="Open the Pitfalls lab")
    expect(lab).to_be_visible()
    cutoff = page.get_by_role("spinbutton", name="Cutoff k")
    expect(cutoff).to_have_value("5")
    edit_data_editor_cell(page, row=3, col=GRADE_COLUMN, text="3")  # rank 4: 0 -> 3
    dcg = 7 + 3 / log2(3) + 7 / 2 + 7 / log2(5) + 1 / log2(6)
    idcg = 7 + 7 / log2(3) + 7 / 2 + 7 / log2(5) + 3 / log2(6)
    expect(card(page, "nDCG@5")).to_have_text(f"{dcg / idcg:.4f}", timeout=TIMEOUT_MS)
    expect(lab).to_have_count(1)
    expect(page.get_by_text("Rank by rank", exact=True)).to_have_count(1)
    expect(cutoff).to_have_count(1)
    expect(cutoff).to_have_value("5")
    expect(page.get_by_test_id("stException")).to_have_count(0)
    assert console_errors == []


def test_copy_link_opens_the_same_page(page: Page, console_errors: list[str]) -> None:
    page.goto("/playground")
    wait_for_app(page)
    edit_data_editor_cell(page, row=0, col=GRADE_COLUMN, text="1")  # rank 1: 3 -> 1
    # the edited list 1,2,3,0,1 at k = 5 (gain 2^g - 1, discount 1/log2(i+1)): DCG@5 =
    # 1 + 3/log2(3) + 7/2 + 0 + 1/log2(6) = 1 + 1.8928 + 3.5 + 0.3869 = 6.7796; read the cards
    # only once the rerun shows it (under load the old cards are still on screen for a while)
    expect(card(page, "DCG@5")).to_have_text("6.7796", timeout=TIMEOUT_MS)
    values = page.get_by_test_id("stMetricValue").all_inner_texts()

    page.get_by_role("button", name="Copy link").click()
    link = page.get_by_test_id("stCode").filter(has_text="/playground?").inner_text().strip()
    assert link.startswith(page.url.split("/playground")[0] + "/playground?g=1,2,3,0,1,2")

    shared = page.context.new_page()
    shared.goto(link)
    wait_for_app(shared)
    expect(card(shared, "DCG@5")).to_have_text(values[0], timeout=TIMEOUT_MS)
    assert shared.get_by_test_id("stMetricValue").all_inner_texts() == values
    assert console_errors == []


def test_a_shared_link_shows_its_numbers(page: Page, console_errors: list[str]) -> None:
    # trec_eval's ndcg_cut: linear gain; grades 3, 0, 2 with one unretrieved 1; k = 2
    page.goto("/playground?g=3,0,2&u=1&top=4&k=2&preset=trec-eval-ndcg-cut")
    wait_for_app(page)
    dcg = 3 / 1 + 0 / log2(3)
    idcg = 3 / 1 + 2 / log2(3)  # the judged pool sorted: 3, 2, 1, 0; cut at 2
    expect(card(page, "DCG@2")).to_have_text(f"{dcg:.4f}", timeout=TIMEOUT_MS)
    expect(card(page, "IDCG@2")).to_have_text(f"{idcg:.4f}")
    expect(card(page, "nDCG@2")).to_have_text(f"{dcg / idcg:.4f}")
    expect(card(page, "R@2")).to_have_text(f"{1 / 3:.4f}")  # 1 of 3 relevant documents
    expect(page.get_by_text("Reproduces:")).to_be_visible()
    assert console_errors == []


def test_a_tampered_link_explains_and_falls_back(page: Page, console_errors: list[str]) -> None:
    page.goto("/playground?g=3,2,x&k=0")
    wait_for_app(page)
    expect(page.get_by_text("damaged or edited by hand")).to_be_visible(timeout=TIMEOUT_MS)
    expect(card(page, "nDCG@5")).to_have_text(f"{NDCG:.4f}")
    assert console_errors == []
