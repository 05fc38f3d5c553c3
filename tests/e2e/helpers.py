"""Helpers for driving the Streamlit app in chromium (ideas from streamlit's own e2e suite,
``streamlit/streamlit:e2e_playwright/shared/app_utils.py`` and ``dataframe_utils.py``).

- ``wait_for_app(page)``: after ``goto`` and after every interaction that reruns the script.
- ``collect_console_errors(page)``: start collecting console errors / page exceptions (the
  ``console_errors`` fixture in conftest.py does this for you).
- ``edit_data_editor_cell(page, row, col, text)``: type into a cell of the canvas-based
  ``st.data_editor`` and wait for the rerun.
- ``stop_process(proc)``: stop a served app (also used by bench/serving.py).
"""

from __future__ import annotations

import subprocess
import time

from playwright.sync_api import Locator, Page, expect

# Glide Data Grid geometry used by st.dataframe / st.data_editor (default row height).
ROW_HEIGHT_PX = 35  # row 0 is the header; data row r is centred at (r + 1.5) * ROW_HEIGHT_PX
TIMEOUT_MS = 25_000


def wait_for_app(page: Page, initial_wait_ms: int = 200, timeout_ms: int = TIMEOUT_MS) -> None:
    """Wait until the app is connected and its script has finished running.

    Call it after ``page.goto(...)`` and after each interaction that triggers a rerun. The short
    initial wait gives the frontend time to flip to "running" before we look for "notRunning"
    (streamlit's own ``wait_for_app_run`` does the same).
    """
    page.wait_for_timeout(initial_wait_ms)
    page.locator("[data-testid='stApp'][data-test-connection-state='CONNECTED']").wait_for(
        state="attached", timeout=timeout_ms
    )
    page.locator("[data-testid='stApp'][data-test-script-state='notRunning']").wait_for(
        state="attached", timeout=timeout_ms
    )


# Opening a page's own URL (e.g. /playground?k=3) makes Streamlit's frontend look for the server
# under that path first: GET /playground/_stcore/health and /host-config answer 404, and the
# frontend then falls back to /. Chromium logs those 404s as console errors; they are not the
# app's, so they are not collected.
_BASE_PATH_PROBES = ("/_stcore/health", "/_stcore/host-config")


def _is_base_path_probe(text: str, url: str) -> bool:
    return "404" in text and url.endswith(_BASE_PATH_PROBES)


def stop_process(proc: subprocess.Popen, timeout_s: float = 10) -> None:
    """Stop a served app: SIGTERM, then SIGKILL if it is still there after `timeout_s`."""
    proc.terminate()
    try:
        proc.wait(timeout=timeout_s)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait(timeout=timeout_s)


def collect_console_errors(page: Page) -> list[str]:
    """Return a list that fills with the page's console errors and uncaught exceptions."""
    errors: list[str] = []

    def on_console(msg) -> None:
        if msg.type == "error":
            where = msg.location.get("url", "") if msg.location else ""
            if _is_base_path_probe(msg.text, where):
                return
            errors.append(f"console.error: {msg.text}" + (f" ({where})" if where else ""))

    page.on("console", on_console)
    page.on("pageerror", lambda exc: errors.append(f"pageerror: {exc}"))
    return errors


def wait_until_still(page: Page, locator: Locator, timeout_ms: int = TIMEOUT_MS) -> dict:
    """Wait until `locator` stops moving (elements drawn above it can push it down after the
    script has finished, e.g. cards or charts); return its bounding box."""
    deadline = time.monotonic() + timeout_ms / 1000
    box = locator.bounding_box()
    while time.monotonic() < deadline:
        page.wait_for_timeout(150)
        again = locator.bounding_box()
        if again == box and box is not None:
            return box
        box = again
    raise AssertionError(f"{locator} kept moving for {timeout_ms} ms")


def data_editor(page: Page, index: int = 0) -> Locator:
    """The ``index``-th data editor / dataframe on the page (both render as ``stDataFrame``)."""
    return page.get_by_test_id("stDataFrame").nth(index)


def edit_data_editor_cell(
    page: Page, row: int, col: int, text: str, *, editor: Locator | None = None
) -> None:
    """Type ``text`` into cell (``row``, ``col``) of an ``st.data_editor``; wait for the rerun.

    ``row`` is the 0-based data row (the header is not counted). ``col`` is the 0-based column
    as drawn, counting the index column when it is shown (``hide_index=True`` hides it) but not
    the row-marker column of ``num_rows="dynamic"`` editors. Works for text and number columns
    (the overlay editor is an ``<input>`` or ``<textarea>``), not for selectbox/checkbox columns.

    The grid is a canvas, so there are no DOM cells: we click a cell of the first data row
    (horizontally in the middle, vertically at ``1.5 * ROW_HEIGHT_PX``), move to the first
    column with ``Home`` and then with the arrow keys, press ``Enter`` to open the overlay editor,
    fill it, and press ``Enter`` to commit (moving again, up to three times, when the editor
    opened on a read-only column because a key press was lost). Column widths stretch with the
    container, so no pixel maths on columns.
    """
    grid = editor if editor is not None else data_editor(page)
    grid.scroll_into_view_if_needed()
    expect(grid).to_be_visible(timeout=TIMEOUT_MS)
    box = wait_until_still(page, grid)
    cell_input = page.get_by_test_id("portal").locator(
        ".gdg-clip-region input, .gdg-clip-region textarea"
    )
    for _ in range(3):
        grid.click(position={"x": box["width"] / 2, "y": ROW_HEIGHT_PX * 1.5})
        page.keyboard.press("Home")  # first column of the row
        for _ in range(row):
            page.keyboard.press("ArrowDown")
        for _ in range(col):
            page.keyboard.press("ArrowRight")
        page.keyboard.press("Enter")
        expect(cell_input.first).to_be_visible(timeout=TIMEOUT_MS)
        if cell_input.first.is_enabled():
            break
        # on a loaded machine a key press can be lost, and the editor opens on a read-only
        # column (the rank): close it and move again (seen in CI, 2026-12-01)
        page.keyboard.press("Escape")
    else:
        raise AssertionError(f"The cell editor of row {row}, column {col} did not open.")
    cell_input.first.fill(text)
    page.keyboard.press("Enter")
    wait_for_app(page)
