"""Subtopics in chromium (issue 14): paste a list, type each document's subtopics into the grid,
see α-nDCG appear; swap two documents and see it change to the value worked out by hand.

The list is the issue's: d, a, b, z, c with subtopics d {}, a {1, 2}, b {2}, z (unjudged) {},
c {3}; three subtopics of weight 1/3, α = 0.5, k = 5.

    novelty gains  0, 1/3 + 1/3 = 2/3, (1/3)(1 - 0.5) = 1/6, 0, 1/3
    greedy ideal   a (2/3), c (1/3), b (1/6)
    α-nDCG@5 = ((2/3)/log2 3 + (1/6)/log2 4 + (1/3)/log2 6)
               / ((2/3)/log2 2 + (1/3)/log2 3 + (1/6)/log2 4) = 0.6590623 (pyndeval's figure)

Moving c up one rank (swapping c and z) puts its 1/3 at rank 4 instead of 5; the ideal stays.
"""

from __future__ import annotations

from math import log2
from urllib.parse import unquote

from playwright.sync_api import Page, expect

from tests.e2e.helpers import TIMEOUT_MS, edit_data_editor_cell, wait_for_app
from tests.e2e.test_playground import card

SUBTOPICS_COLUMN = 4  # as drawn: rank, doc id, grade, score, subtopics
IDEAL = (2 / 3) / log2(2) + (1 / 3) / log2(3) + (1 / 6) / log2(4)
BEFORE = ((2 / 3) / log2(3) + (1 / 6) / log2(4) + (1 / 3) / log2(6)) / IDEAL
AFTER = ((2 / 3) / log2(3) + (1 / 6) / log2(4) + (1 / 3) / log2(5)) / IDEAL
assert round(BEFORE, 7) == 0.6590623


def test_swapping_two_documents_changes_alpha_ndcg(page: Page, console_errors: list[str]) -> None:
    page.goto("/playground")
    wait_for_app(page)
    box = page.get_by_role("textbox", name="Type or paste the list")
    box.fill("d:0 a:1 b:1 c:1\nd a b z c")  # z has no judgment: unjudged
    box.press("Control+Enter")
    wait_for_app(page)
    expect(card(page, "α-nDCG@5")).to_have_count(0)  # no subtopics yet: no card
    diversity_settings = page.get_by_text("Diversity (subtopics)", exact=True)
    expect(diversity_settings).to_have_count(0)

    for row, subtopics in ((1, "1,2"), (2, "2"), (4, "3")):  # a, b and c
        edit_data_editor_cell(page, row=row, col=SUBTOPICS_COLUMN, text=subtopics)
    expect(card(page, "α-nDCG@5")).to_have_text(f"{BEFORE:.4f}", timeout=TIMEOUT_MS)
    # an edit of the grid reruns only the list's fragment (ui/playground/live.py); the settings
    # column, drawn by full runs, must still learn that the list now has subtopics
    expect(diversity_settings).to_be_visible()
    expect(card(page, "S-recall@5")).to_have_text(f"{1:.4f}")

    move = page.get_by_label("Move rank")
    move.fill("5")
    move.press("Enter")
    wait_for_app(page)
    page.get_by_role("button", name="Up").click()  # c from rank 5 to 4, z down to 5
    wait_for_app(page)
    expect(card(page, "α-nDCG@5")).to_have_text(f"{AFTER:.4f}", timeout=TIMEOUT_MS)
    assert "&sub=,1;2,2,3,&" in unquote(page.url) + "&"  # the link follows the list
    assert console_errors == []
