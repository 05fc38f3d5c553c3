"""The test tiers: every test carries exactly one tier marker, given by the folder it lives in.

- ``fast``: tests/unit, crosscheck, conformance, fuzz, library: the library and the app's parts
  in-process, against hand-worked examples and the reference tools; no AppTest, no browser.
- ``app``: tests/app, every page in Streamlit's AppTest, no browser; also the fuzz tests that
  open a page (they say so with ``pytestmark = pytest.mark.app``).
- ``e2e``: tests/e2e, the browser tier: Playwright drives Debian's chromium against a served app.
- ``packaging``: tests/library/test_packaging.py, the library built into a wheel and installed
  into a fresh venv as its users get it (a minute or two; pip needs the package index).

A test file in a tier folder needs no marker; one that belongs to another tier than its folder's
says so with a module-level ``pytestmark = pytest.mark.<tier>`` (or the marker on a test). The
markers are registered here, from ``TIERS``; ``--strict-markers`` (pyproject.toml) refuses any
other name.

The fast tier is checked while it runs: a ``fast`` test that runs an AppTest fails, saying to mark
it ``app``, and one that asks for a browser fixture is refused at collection.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parent

TIERS = {
    "fast": "tests of the library and the app's parts in-process (tests/unit, crosscheck, "
    "conformance, fuzz, library): no AppTest, no browser",
    "app": "the pages in Streamlit's AppTest, no browser (tests/app; the fuzz tests that open "
    "a page)",
    "e2e": "the browser tier: Playwright drives Debian's chromium against a served app (tests/e2e)",
    "packaging": "the library built into a wheel and installed into a fresh venv from the package "
    "index (tests/library/test_packaging.py)",
}
FOLDER_TIER = {
    "unit": "fast",
    "crosscheck": "fast",
    "conformance": "fast",
    "fuzz": "fast",
    "library": "fast",
    "app": "app",
    "e2e": "e2e",
}
# pytest-playwright's fixtures and the served app's: each starts a browser or a server
BROWSER_FIXTURES = frozenset(
    {"playwright", "browser_type", "browser", "context", "page", "app_url"}
)
APP_TEST_MODULE = "streamlit.testing.v1.app_test"
# fixtures whose tests all run on one pytest-xdist worker, so that a run pays their set-up once
ONE_WORKER = ("ranx",)  # numba compiles ranx's measures (tests/crosscheck/conftest.py)


def pytest_configure(config: pytest.Config) -> None:
    for name, meaning in TIERS.items():
        config.addinivalue_line("markers", f"{name}: {meaning}")


def tier_of(item: pytest.Item) -> str:
    """The item's tier: its own or its module's tier marker, else its folder's."""
    declared = {mark.name for mark in item.iter_markers() if mark.name in TIERS}
    if len(declared) > 1:
        raise pytest.UsageError(f"{item.nodeid} is marked {sorted(declared)}: one tier only")
    if declared:
        return declared.pop()
    folder = item.path.relative_to(TESTS).parts[0]
    if folder not in FOLDER_TIER:
        raise pytest.UsageError(
            f"{item.nodeid} is in no tier: put it in one of tests/{{{', '.join(FOLDER_TIER)}}}"
        )
    return FOLDER_TIER[folder]


def xdist_group(item: pytest.Item) -> str | None:
    """The pytest-xdist group of a test, if it shares an expensive set-up (``--dist loadgroup``
    runs a group on one worker): the fixture of ``ONE_WORKER`` it uses, else its module when it
    uses a module-scoped fixture (a wheel built, a page opened), so that it is built once."""
    names = getattr(item, "fixturenames", ())
    shared = [name for name in ONE_WORKER if name in names]
    if shared:
        return shared[0]
    fixtures = getattr(item, "_fixtureinfo", None)  # pytest's own record of the test's fixtures
    scopes = {defs[-1].scope for defs in fixtures.name2fixturedefs.values()} if fixtures else ()
    return item.nodeid.split("::")[0] if "module" in scopes else None


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Mark every test with its tier and its pytest-xdist group; refuse a fast test that asks
    for a browser or a server."""
    grouping = config.pluginmanager.hasplugin("xdist")
    for item in items:
        tier = tier_of(item)
        item.add_marker(tier)
        group = xdist_group(item) if grouping else None
        if group:
            item.add_marker(pytest.mark.xdist_group(group))
        browser = BROWSER_FIXTURES.intersection(getattr(item, "fixturenames", ()))
        if tier == "fast" and browser:
            raise pytest.UsageError(
                f"{item.nodeid} is in the fast tier but uses {sorted(browser)}: "
                "browser tests live in tests/e2e"
            )


class AppTestInFastTier(AssertionError):
    """A test of the fast tier ran Streamlit's AppTest."""


@contextmanager
def no_app_test(nodeid: str) -> Iterator[None]:
    """Make AppTest refuse to run while a fast test runs, and fail it if it imports AppTest."""
    loaded = sys.modules.get(APP_TEST_MODULE)
    if loaded is None:
        yield
        if APP_TEST_MODULE in sys.modules:
            raise AppTestInFastTier(f"{nodeid} imports AppTest: mark it app (tests/conftest.py)")
        return

    def refuse(*args: object, **kwargs: object) -> None:
        raise AppTestInFastTier(f"{nodeid} runs AppTest: mark it app (tests/conftest.py)")

    run = loaded.AppTest._run
    loaded.AppTest._run = refuse
    try:
        yield
    finally:
        loaded.AppTest._run = run


@pytest.hookimpl(wrapper=True)
def pytest_runtest_setup(item: pytest.Item) -> Iterator[None]:
    if item.get_closest_marker("fast") is None:
        return (yield)
    with no_app_test(item.nodeid):
        return (yield)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item: pytest.Item) -> Iterator[None]:
    if item.get_closest_marker("fast") is None:
        return (yield)
    with no_app_test(item.nodeid):
        return (yield)
