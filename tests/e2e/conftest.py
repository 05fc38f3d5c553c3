"""End-to-end tests: Playwright (pytest-playwright) drives Debian's chromium against the served app.

Fixtures
--------
``app_url``
    Session-scoped. Starts ``python -m streamlit run app.py`` from the repository root on a free
    port on 127.0.0.1, waits until ``/_stcore/health`` answers ``ok`` and yields the base URL
    (``http://127.0.0.1:<port>``). The server is stopped when the session ends.
``page``
    pytest-playwright's page, in a fresh browser context per test whose ``base_url`` is the app,
    so ``page.goto("/")`` opens the default page and ``page.goto("/<url_path>?k=5")`` another.
``console_errors``
    A list that collects the page's console errors and uncaught exceptions; a test ends with
    ``assert console_errors == []``.

Every test under tests/e2e is marked ``e2e``, the browser tier, by tests/conftest.py, so
``pytest -m "not e2e"`` runs everything but the browser tests. Under pytest-xdist each worker that
runs browser tests serves its own app, on its own free port, with its own browser. Shared helpers
(``wait_for_app``, ``edit_data_editor_cell``, ...) live in ``tests/e2e/helpers.py``:
``from tests.e2e.helpers import wait_for_app``.

A typical test::

    from playwright.sync_api import Page, expect
    from tests.e2e.helpers import edit_data_editor_cell, wait_for_app

    def test_edit_grade_updates_ndcg(page: Page, console_errors: list[str]) -> None:
        page.goto("/")
        wait_for_app(page)
        edit_data_editor_cell(page, row=0, col=1, text="3")
        expect(page.get_by_test_id("stMetricValue").first).to_have_text("0.9595")
        assert console_errors == []

The browser is never downloaded (``playwright install`` is not used and cannot reach its
servers): ``scripts/test.sh`` installs the Debian package ``chromium`` and the fixtures below
point Playwright at ``/usr/bin/chromium``.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.helpers import TIMEOUT_MS, collect_console_errors, stop_process

# Every expectation waits as long as the slowest render seen here: with one pytest-xdist worker
# per core, two servers and two browsers share the machine, and Playwright's default 5 s was
# too short for a page's cards to appear after its warning or navigation
expect.set_options(timeout=TIMEOUT_MS)

REPO_ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",  # we run as root in CI
    "--disable-gpu",
    "--disable-dev-shm-usage",
    # the machine's network is closed: stop chromium from calling home at every start
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
SERVER_START_TIMEOUT_S = 60.0
VIEWPORT = {"width": 1280, "height": 900}


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict) -> dict:
    """Launch Debian's chromium (never a Playwright-downloaded browser)."""
    if not os.access(CHROMIUM, os.X_OK):
        pytest.fail(
            f"{CHROMIUM} is missing: run `bash scripts/test.sh` (it installs it) or "
            "`apt-get update && apt-get install -y chromium`",
            pytrace=False,
        )
    args = list(CHROMIUM_ARGS)
    if browser_type_launch_args.get("headless", True):
        args.insert(0, "--headless")
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": args}


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict, app_url: str) -> dict:
    """A fixed viewport (the data editor is a canvas: layout must not depend on the machine)
    and ``base_url`` set to the served app."""
    return {**browser_context_args, "base_url": app_url, "viewport": VIEWPORT}


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _health(url: str) -> str | None:
    try:
        with urllib.request.urlopen(url, timeout=2) as response:
            return response.read().decode("utf-8", "replace").strip()
    except (urllib.error.URLError, ConnectionError, TimeoutError, OSError):
        return None


@pytest.fixture(scope="session")
def app_url() -> Iterator[str]:
    """Serve app.py with streamlit on a free local port; yield ``http://127.0.0.1:<port>``."""
    port = _free_port()
    base = f"http://127.0.0.1:{port}"
    cmd = [
        sys.executable, "-m", "streamlit", "run", "app.py",
        "--server.headless=true",
        "--server.address=127.0.0.1",
        f"--server.port={port}",
        "--browser.gatherUsageStats=false",
        "--server.fileWatcherType=none",  # tests never edit sources; don't watch them
    ]  # fmt: skip
    # The server's output goes to files, not pipes: a full pipe would block the server.
    with tempfile.TemporaryDirectory(prefix="ranklab-e2e-") as tmp:
        out_path, err_path = Path(tmp, "stdout.txt"), Path(tmp, "stderr.txt")
        with out_path.open("wb") as out, err_path.open("wb") as err:
            proc = subprocess.Popen(
                cmd, cwd=REPO_ROOT, stdout=out, stderr=err, stdin=subprocess.DEVNULL
            )
        try:
            deadline = time.monotonic() + SERVER_START_TIMEOUT_S
            while _health(f"{base}/_stcore/health") != "ok":
                if proc.poll() is not None or time.monotonic() > deadline:
                    why = (
                        f"exited with status {proc.returncode}"
                        if proc.poll() is not None
                        else f"not healthy after {SERVER_START_TIMEOUT_S:.0f} s"
                    )
                    pytest.fail(
                        f"streamlit server {why}: {' '.join(cmd)}\n"
                        f"--- stderr ---\n{err_path.read_text(errors='replace')}\n"
                        f"--- stdout ---\n{out_path.read_text(errors='replace')}",
                        pytrace=False,
                    )
                time.sleep(0.25)
            yield base
        finally:
            stop_process(proc)


@pytest.fixture
def console_errors(page: Page) -> list[str]:
    """Console errors and uncaught page exceptions seen during the test (assert it is empty)."""
    return collect_console_errors(page)
