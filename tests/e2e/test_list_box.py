"""The Playground's text box in chromium: worked example B is one paste, and the box and the
canvas grid stay in step (an earlier grid edit is not re-applied to the pasted list)."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from tests.e2e.helpers import TIMEOUT_MS, edit_data_editor_cell, wait_for_app
from tests.e2e.test_playground import GRADE_COLUMN, card

EXAMPLE_B = "101:2 203:1 305:2 408:1\n101 450 305 120 203 999 555"


def test_example_b_is_one_paste(page: Page, console_errors: list[str]) -> None:
    page.goto("/playground")
    wait_for_app(page)
    # an edit in the grid first (rank 2 -> 3): the paste must replace it, not inherit it
    edit_data_editor_cell(page, row=1, col=GRADE_COLUMN, text="3")
    box = page.get_by_role("textbox", name="Type or paste the list")
    expect(box).to_have_value("3, 3, 3, 0, 1, 2 | 3, 2", timeout=TIMEOUT_MS)

    box.fill(EXAMPLE_B)
    box.press("Control+Enter")
    wait_for_app(page)
    # top 5 = 101, 450, 305, 120, 203; relevant: 101, 305, 203 of the 4 judged relevant
    p, r = 3 / 5, 3 / 4
    expect(card(page, "P@5")).to_have_text(f"{p:.4f}", timeout=TIMEOUT_MS)
    expect(card(page, "R@5")).to_have_text(f"{r:.4f}")
    expect(card(page, "F1@5")).to_have_text(f"{2 * p * r / (p + r):.4f}")  # 0.6667
    expect(box).to_have_value(EXAMPLE_B)

    # and back: grade 450 (rank 2) in the grid; the box follows, the cards too (4 of 5)
    edit_data_editor_cell(page, row=1, col=GRADE_COLUMN, text="1")
    expect(box).to_have_value(
        "101:2 450:1 305:2 203:1 408:1\n101 450 305 120 203 999 555", timeout=TIMEOUT_MS
    )
    expect(card(page, "P@5")).to_have_text(f"{4 / 5:.4f}")
    assert console_errors == []
