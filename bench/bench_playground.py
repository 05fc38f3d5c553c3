"""Rerun time of the Playground for 10, 100 and 1,000 rows, and the time a new session takes
to show a shared link's numbers, each next to a trivial Streamlit page and to a page with the
Playground's elements and none of RankLab's code.

    python bench/bench_playground.py              # served apps in chromium (the headline)
    python bench/bench_playground.py --apptest    # also the script time alone, in AppTest
    python bench/bench_playground.py --apptest-only       # only that (with --presentation too)
    python bench/bench_playground.py --new-session-only   # just the shared-link figures
    python bench/bench_playground.py --root OLD_TREE      # serve another checkout's app.py
    python bench/bench_playground.py --presentation       # the links open in presentation mode
    python bench/bench_playground.py --busy               # with one core kept busy meanwhile
    python bench/bench_playground.py --reps 3             # fewer repetitions: a smoke test

What is measured, and why a served app: a rerun is what a person waits for after an edit, from
the moment the edit is committed (Enter in the grid) until the page shows the new numbers. That
includes what Streamlit costs for any page (the grid's delay before it sends an edit, the
websocket, the delta messages, the browser redrawing), which is why the target compares against
a trivial page served and edited the same way: the ratio says how much the Playground adds.
AppTest alone would compare our script with a ~2 ms one and leave out everything a person
actually waits for; `--apptest` prints it anyway, to show where the time goes.

Two moments of each edit, both measured in the page from the Enter key's own event (a recorder
checks the page on every animation frame): "new numbers", when the watched text first differs
(the first card's value: what a class sees change), and "page finished", when the page also
says that the script has finished (its last messages have reached the browser; the grids,
drawn on canvases, may paint a frame or two later).

The pages are served on 127.0.0.1 by `streamlit run` and driven by Debian's chromium (headless)
in the same run. The trivial page (bench/trivial_app.py) is a six-row st.data_editor and one
line of text. Each repetition opens the page afresh (the grid's selection after an edit is not
a reliable start for the next), types 4 into the first grade cell (which holds less) and times
the Enter that commits it. The Playground opens on a link with n random grades and k = 10.
Reported: the medians of REPS repetitions after WARMUP, in ms, and the ratios to the trivial
page. Targets (issue 12): 10 and 100 rows at most 1.5x the trivial page, 1,000 rows at most 2x.

The floor: bench/same_elements_app.py draws the elements the Playground's projector view sends
on an edit (the same kinds and counts of blocks and widgets, a grid of n rows, seven metrics,
the per-rank table) with numbers from a few numpy sums. Timed the same way, it says what these
elements cost in Streamlit and the browser, whatever the code behind them; the Playground's
ratio to it is what RankLab itself adds. It is also timed with only its header, grid and cards
(`&part=screen`), what a projector shows.

New session: what a student waits for after clicking a shared link. Each repetition opens
SHARED_LINK in a new browser context (no cache, no cookies: a new Streamlit session, the page's
HTML and JavaScript loaded afresh) and times goto -> the first metric card shows a number; the
trivial page is timed the same way to its first content (its line of text), the same-elements
page to its first metric. Median of NEW_SESSION_REPS after one untimed warm-up each (the
server's first run imports the app), and the ratios. Target (issue 12): at most 1.5x the
trivial page.

The script alone (`--apptest`, `--apptest-only`): the median `AppTest.run()` after a grade
edit (the grid's edit written into session_state, as the browser sends it), for the trivial
page and the Playground at 10, 100 and 1,000 rows, in two columns. "Full rerun (AppTest.run)"
reruns the whole script, as AppTest always does. "Fragment rerun (what an edit reruns)" reruns
only the keyed fragment `@st.fragment(key="playground")` that holds the list and everything
computed from it (issue 32): on a server, an edit of a widget inside a fragment reruns only
that fragment, the settings column outside it stays as it was. AppTest 1.67 has no way to ask
for that, so `fragment_reruns` makes its runner do it (see there). A page without that
fragment (before issue 32's change) gets the full rerun only, and says so. Targets (issue 32),
for the rerun an edit makes (the fragment's when there is one): at most 40 ms at 10 rows and
80 ms at 1,000 rows. bench/profile_playground.py says where that time goes.

`--busy`: while everything is measured, another process keeps one core fully loaded (a Python
busy loop, started before the servers and stopped at the end). A classroom server with thirty
sessions is a machine where CPU is scarce: the busy figures say how an edit fares when the
server does not have the machine to itself (here, half of a 2-core machine is taken). Every
title says which it was: "busy: one core loaded by another process" or "idle". It works with
every mode (served, `--apptest-only`, `--new-session-only`).
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from playwright.sync_api import Browser, Locator, Page, sync_playwright

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "bench"))

from serving import served  # noqa: E402

from tests.e2e.conftest import CHROMIUM, CHROMIUM_ARGS, VIEWPORT  # noqa: E402
from tests.e2e.helpers import (  # noqa: E402
    ROW_HEIGHT_PX,
    data_editor,
    wait_for_app,
    wait_until_still,
)

SIZES = (10, 100, 1000)
REPS, WARMUP = 15, 2
SHARED_LINK = "/playground?g=3,2,3,0,1,2&u=3,2&top=3&k=5&preset=textbook"
NEW_SESSION_REPS = 6
NEW_SESSION_TARGET = 1.5
SEED = 1
GRADE_COLUMN = 2  # rank, doc id, grade, score
TARGETS = {10: 1.5, 100: 1.5, 1000: 2.0}  # rows -> at most this many times the trivial page
FRAGMENT_KEY = "playground"  # the keyed fragment an edit reruns (issue 32)
#: issue 32: rows -> edit -> new numbers at most this many times the same-elements page's
FLOOR_TARGETS = {10: 1.5, 100: 1.5, 1000: 1.6}
NEW_SESSION_FLOOR_TARGET = 1.3  # issue 32: a new session, times the same-elements page's
SCRIPT_TARGETS_MS = {10: 40.0, 1000: 80.0}  # rows -> the script after an edit, at most (issue 32)
BUSY, IDLE = "busy: one core loaded by another process", "idle"

# Installed in the page just before Enter: on every animation frame, note when the watched
# text first differs (the new numbers are on screen) and then when the script has finished.
# Both are measured from the Enter key's own event, so Python's round trips are not counted.
_RECORD = """([selector, before]) => {
    const seen = {start: null, numbers: null, done: null};
    window.__rerun = seen;
    const onKey = (event) => {
        if (event.key !== "Enter") return;
        seen.start = performance.now();
        document.removeEventListener("keydown", onKey, {capture: true});
    };
    document.addEventListener("keydown", onKey, {capture: true});
    const app = document.querySelector("[data-testid='stApp']");
    const tick = () => {
        const el = document.querySelector(selector);
        const now = performance.now();
        if (seen.numbers === null && el && el.innerText !== before) seen.numbers = now;
        if (seen.numbers !== null && app.dataset.testScriptState === "notRunning") seen.done = now;
        else requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
}"""


@contextmanager
def machine_load(busy: bool) -> Iterator[str]:
    """What the titles say of the machine during the block: when `busy`, another process spins
    on one core from the start of the block to its end (a classroom server's CPU is scarce)."""
    if not busy:
        yield IDLE
        return
    spinner = subprocess.Popen([sys.executable, "-c", "while True: pass"])
    try:
        yield BUSY
    finally:
        spinner.terminate()
        spinner.wait()


@dataclass(frozen=True)
class Rerun:
    """One edit's times in seconds from Enter: new numbers on screen, and the script finished
    (the rest of the page redrawn)."""

    numbers: float
    done: float


def _timed(page: Page, commit: Callable[[], None], selector: str) -> Rerun:
    """The times from `commit()` until the element's text changed, and until the script
    finished."""
    before = page.locator(selector).first.inner_text()
    page.evaluate(_RECORD, [selector, before])
    commit()
    page.wait_for_function("() => window.__rerun.done !== null", polling=50, timeout=60_000)
    seen = page.evaluate("() => window.__rerun")
    if seen["start"] is None or not seen["start"] <= seen["numbers"] <= seen["done"]:
        raise RuntimeError(f"the recorder saw no Enter, or the text change before it: {seen}")
    return Rerun((seen["numbers"] - seen["start"]) / 1000, (seen["done"] - seen["start"]) / 1000)


def _median_ms(one_rerun: Callable[[int], float]) -> float:
    times = [one_rerun(i) for i in range(WARMUP + REPS)][WARMUP:]
    return statistics.median(times) * 1000


def _median_reruns(one_rerun: Callable[[], Rerun]) -> Rerun:
    """The medians, in ms, of REPS edits after WARMUP."""
    times = [one_rerun() for _ in range(WARMUP + REPS)][WARMUP:]
    numbers = statistics.median(r.numbers for r in times)
    done = statistics.median(r.done for r in times)
    return Rerun(numbers * 1000, done * 1000)


def trivial_rerun_ms(page: Page, url: str) -> Rerun:
    # its first row holds grade 3: typing 4 changes the sum
    return _median_reruns(lambda: _first_edit(page, url, 0, "[data-testid='stMarkdown']"))


def grades(n: int) -> list[int]:
    """n random grades 0..4, the first one below 4 (so typing 4 changes it)."""
    drawn = [int(g) for g in np.random.default_rng(SEED).integers(0, 5, n)]
    return [min(drawn[0], 3), *drawn[1:]]


def playground_rerun_ms(
    page: Page, url: str, n: int, mode: str = "", path: str = "/playground"
) -> Rerun:
    """`mode`: "" (the default view) or "&pm=1" (presentation mode, the projector view);
    `path`: "/" for the same-elements page, which reads the same link."""
    link = f"{url}{path}?g={','.join(map(str, grades(n)))}&k=10{mode}"
    return _median_reruns(
        lambda: _first_edit(page, link, GRADE_COLUMN, "[data-testid='stMetricValue']")
    )


def _first_edit(page: Page, url: str, column: int, watched: str) -> Rerun:
    """Open `url` (a fresh session), type 4 into the first row's cell in `column` of the first
    data editor; the times from Enter until `watched` shows new text and until the script has
    finished."""
    page.goto(url)
    wait_for_app(page)
    _open_cell_editor(page, column).fill("4")
    return _timed(page, lambda: page.keyboard.press("Enter"), watched)


def _open_cell_editor(page: Page, column: int, attempts: int = 3) -> Locator:
    """Open the overlay editor of the first data row's cell in `column` of the first data
    editor. On a loaded machine a key press can be lost and the overlay open on another cell
    (the read-only rank opens a disabled one, the doc id one holding "d1"): then close it and
    try again. Nothing is timed
    here, so a retry does not change the measurement."""
    grid = data_editor(page)
    for _ in range(attempts):
        grid.scroll_into_view_if_needed()
        box = wait_until_still(page, grid)
        grid.click(position={"x": box["width"] / 2, "y": ROW_HEIGHT_PX * 1.5})
        page.keyboard.press("Home")
        for _ in range(column):
            page.keyboard.press("ArrowRight")
        page.keyboard.press("Enter")  # opens the cell's editor
        cell = page.get_by_test_id("portal").locator(".gdg-clip-region input, textarea").first
        cell.wait_for(state="visible", timeout=30_000)
        if cell.is_enabled() and cell.input_value().strip().isdigit():  # a grade, not a doc id
            return cell
        page.keyboard.press("Escape")
    raise RuntimeError(f"could not open an editable cell in column {column}")


def _open_fresh(browser: Browser, url: str, first: str) -> float:
    """Seconds from opening `url` in a new browser context to `first` (a selector) visible."""
    context = browser.new_context(viewport=VIEWPORT)
    page = context.new_page()
    start = time.perf_counter()
    page.goto(url, wait_until="commit")
    page.locator(first).first.wait_for(state="visible", timeout=60_000)
    elapsed = time.perf_counter() - start
    context.close()
    return elapsed


def new_session_ms(
    browser: Browser, trivial_url: str, app_url: str, same_url: str, mode: str = ""
) -> tuple[float, float, float]:
    """Median ms of a new session to the trivial page's first content, to the shared
    Playground link's first numbers and to the same-elements page's, in turn (so that all
    three see the same load)."""
    pages = (
        (trivial_url, "[data-testid='stMarkdown']"),
        (app_url + SHARED_LINK + mode, "[data-testid='stMetricValue']"),
        (same_url + SHARED_LINK.removeprefix("/playground"), "[data-testid='stMetricValue']"),
    )
    for url, first in pages:
        _open_fresh(browser, url, first)  # warm-up: the server's first run imports the app
    times: tuple[list[float], ...] = ([], [], [])
    for _ in range(NEW_SESSION_REPS):
        for found, (url, first) in zip(times, pages, strict=True):
            found.append(_open_fresh(browser, url, first))
    trivial, playground, same = (statistics.median(t) * 1000 for t in times)
    return trivial, playground, same


def report_new_session(trivial: float, playground: float, same: float, condition: str) -> None:
    print(
        f"\nNew session on a shared link: median of {NEW_SESSION_REPS}, a new context each"
        f" ({condition})"
    )
    print(f"{'page':<44}{'ms':>8}{'x trivial':>12}")
    rows = (
        ("trivial page -> its first content", trivial),
        ("Playground link -> first numbers", playground),
        ("same-elements page -> first numbers", same),
    )
    for name, ms in rows:
        print(f"{name:<44}{ms:>8.0f}{ms / trivial:>12.2f}")
    verdict = "met" if playground / trivial <= NEW_SESSION_TARGET else "NOT met"
    print(f"target: at most {NEW_SESSION_TARGET:g}x the trivial page: {verdict}")
    ratio = playground / same
    verdict = "met" if ratio <= NEW_SESSION_FLOOR_TARGET else "NOT met"
    print(
        f"target (issue 32): at most {NEW_SESSION_FLOOR_TARGET:g}x the same-elements page: "
        f"{ratio:.2f}x, {verdict}"
    )


def playground_apptest(n: int, presentation: bool = False):
    """The Playground in AppTest on a link with n grades and k = 10 (in presentation mode when
    asked), after its first full run."""
    from streamlit.testing.v1 import AppTest

    _keep_pages()
    at = AppTest.from_file(str(REPO / "app.py"), default_timeout=60)
    at.query_params["g"] = ",".join(map(str, grades(n)))
    at.query_params["k"] = "10"
    if presentation:
        at.query_params["pm"] = "1"
    return at.run().switch_page("app_pages/playground.py").run()


def _keep_pages() -> None:
    """Make each of AppTest's runs start with the pages the last full run registered through
    `st.navigation`, as a server's session does: it keeps one `PagesManager` for all its runs,
    while AppTest makes a new one for each run (streamlit/testing/v1/app_test.py, `_run`), so
    that in a fragment rerun, where app.py does not run, `st.page_link` would find no page."""
    from streamlit.testing.v1 import app_test

    if getattr(app_test.PagesManager, "kept", False):
        return

    class KeptPages(app_test.PagesManager):  # type: ignore[misc, name-defined]
        kept = True
        pages = None

        def __init__(self, *args, **kwargs) -> None:
            super().__init__(*args, **kwargs)
            if KeptPages.pages is not None:
                self._set_pages(dict(KeptPages.pages))

        def set_pages_and_resolve(self, pages, fallback_page_hash=""):
            KeptPages.pages = dict(pages)
            return super().set_pages_and_resolve(pages, fallback_page_hash)

    app_test.PagesManager = KeptPages


def fragment_id(at, key: str = FRAGMENT_KEY) -> str | None:
    """The id of the fragment declared with `key` (`@st.fragment(key=...)`) in the last full
    run of `at`, or None when the page has none."""
    ids = at._fragment_storage._ids_by_target_key.get(key)  # {id: None} in registration order
    return next(iter(ids)) if ids else None


@contextmanager
def fragment_reruns(fragment: str | None) -> Iterator[None]:
    """Within the block, `AppTest.run()` reruns only `fragment` (an id from `fragment_id`), as
    an edit of a widget inside it does on a server; None: full reruns, as AppTest always does.

    AppTest 1.67 cannot ask for a fragment's rerun, but its runner builds a `RerunData` for
    each run (streamlit/testing/v1/local_script_runner.py), so that name is replaced by one
    that adds the fragment to the run's queue. Restored on leaving the block: with it in place,
    a `st.rerun()` inside the fragment would rerun it over and over until the timeout."""
    if fragment is None:
        yield
        return
    from streamlit.testing.v1 import local_script_runner

    original = local_script_runner.RerunData

    def scoped(**fields):  # a new queue each time: the runner consumes it
        return original(**fields, fragment_id_queue=[fragment], is_fragment_scoped_rerun=True)

    local_script_runner.RerunData = scoped  # type: ignore[assignment]
    try:
        yield
    finally:
        local_script_runner.RerunData = original  # type: ignore[misc]


def edit_rerun(at, key: str, i: int, fragment: str | None = None) -> float:
    """Seconds of `AppTest.run()` after the i-th grade edit of the data editor `key` (the whole
    script, or only `fragment`); an exception in the page stops the bench."""
    _edit(at, key, i)
    with fragment_reruns(fragment):
        seconds = _clock(at.run)
    if at.exception:
        raise RuntimeError(f"the rerun failed: {at.exception[0].message}")
    return seconds


def apptest_rerun_ms(
    n: int | None, presentation: bool = False, fragment: bool = False
) -> float | None:
    """Median ms of the rerun after an edit, in AppTest in this process: the Playground (n
    rows, in presentation mode when asked; the whole script, or only its keyed fragment when
    `fragment`: None if it has none) or, for n None, the trivial page (the whole script)."""
    from streamlit.testing.v1 import AppTest

    if n is None:
        at = AppTest.from_file(str(REPO / "bench" / "trivial_app.py")).run()
        return _median_ms(lambda i: edit_rerun(at, "grades", i))
    at = playground_apptest(n, presentation)
    scope = fragment_id(at) if fragment else None
    if fragment and scope is None:
        return None
    return _median_ms(lambda i: edit_rerun(at, "ranking_editor", i, scope))


def _edit(at, key: str, i: int):
    """The grid's edit of the first row's grade, as the browser sends it: 4 on even `i`, 0 on
    odd ones (so that every edit changes the numbers)."""
    at.session_state[key] = {
        "edited_rows": {0: {"grade": "4" if i % 2 == 0 else "0"}},
        "added_rows": [],
        "deleted_rows": [],
    }
    return at


def _clock(action: Callable[[], object]) -> float:
    start = time.perf_counter()
    action()
    return time.perf_counter() - start


def report_reruns(title: str, trivial: Rerun, playground: dict[int, Rerun]) -> None:
    """Both times of each edit against the trivial page's, and the verdict on each."""
    print(f"\n{title}")
    head = ("new numbers (ms)", "x trivial", "page finished (ms)", "x trivial")
    print(f"{'page':<22}" + "".join(f"{h:>20}" for h in head))
    for name, rerun in (
        ("trivial page", trivial),
        *((f"Playground, {n} rows", r) for n, r in playground.items()),
    ):
        cells = (
            rerun.numbers,
            rerun.numbers / trivial.numbers,
            rerun.done,
            rerun.done / trivial.done,
        )
        print(
            f"{name:<22}"
            + "".join(f"{c:>20.{0 if i % 2 == 0 else 2}f}" for i, c in enumerate(cells))
        )
    for n, most in TARGETS.items():
        for part, ratio in (
            ("new numbers", playground[n].numbers / trivial.numbers),
            ("page finished", playground[n].done / trivial.done),
        ):
            verdict = "met" if ratio <= most else "NOT met"
            print(f"target: {n} rows, {part} at most {most:g}x the trivial page: {verdict}")


def report_floor(
    trivial: Rerun,
    same: dict[int, Rerun],
    screen: dict[int, Rerun],
    playground: dict[int, Rerun],
    condition: str,
) -> None:
    """The same-elements page (bench/same_elements_app.py), whole and only its header, grid
    and cards, against the trivial page, and the Playground against the whole one: what these
    elements cost in Streamlit, and what RankLab adds."""
    print(
        "\nThe Playground's elements without RankLab's code (bench/same_elements_app.py)"
        f" ({condition})"
    )
    head = ("new numbers (ms)", "x trivial", "Playground x this")
    print(f"{'page':<30}" + "".join(f"{h:>20}" for h in head))
    for n in SIZES:
        ratio = playground[n].numbers / same[n].numbers
        for name, rerun, against in (
            (f"same elements, {n} rows", same[n], f"{ratio:>20.2f}"),
            (f"header, grid, cards, {n} rows", screen[n], ""),
        ):
            print(
                f"{name:<30}{rerun.numbers:>20.0f}{rerun.numbers / trivial.numbers:>20.2f}{against}"
            )
    for n, most in FLOOR_TARGETS.items():
        ratio = playground[n].numbers / same[n].numbers
        verdict = "met" if ratio <= most else "NOT met"
        print(
            f"target (issue 32): {n} rows, new numbers at most {most:g}x the same-elements "
            f"page: {ratio:.2f}x, {verdict}"
        )


def main() -> None:
    global REPS, NEW_SESSION_REPS
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--apptest", action="store_true", help="also time the script alone")
    parser.add_argument(
        "--new-session-only", action="store_true", help="only the shared-link new-session figure"
    )
    parser.add_argument("--root", type=Path, default=REPO, help="the checkout to serve")
    parser.add_argument(
        "--presentation", action="store_true", help="time the edits in presentation mode"
    )
    parser.add_argument(
        "--apptest-only", action="store_true", help="only the script time, in AppTest"
    )
    parser.add_argument(
        "--busy", action="store_true", help="keep one core busy in another process meanwhile"
    )
    parser.add_argument(
        "--reps",
        type=int,
        help=f"repetitions of each timing ({REPS}, new sessions {NEW_SESSION_REPS})",
    )
    args = parser.parse_args()
    if args.reps is not None:
        REPS = NEW_SESSION_REPS = args.reps
    with machine_load(args.busy) as condition:
        if args.apptest_only:
            report_apptest(args.presentation, condition)
        else:
            served_figures(args, condition)


def served_figures(args: argparse.Namespace, condition: str) -> None:
    """The served apps in chromium (and the script alone after them with `--apptest`)."""
    with (
        served("bench/trivial_app.py") as trivial_server,
        served("app.py", args.root) as app_server,
        served("bench/same_elements_app.py") as same_server,
        sync_playwright() as playwright,
    ):
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM, args=["--headless", *CHROMIUM_ARGS]
        )
        mode = "&pm=1" if args.presentation else ""
        if not args.new_session_only:
            page = browser.new_page(viewport=VIEWPORT)
            trivial = trivial_rerun_ms(page, trivial_server.url)
            playground = {n: playground_rerun_ms(page, app_server.url, n, mode) for n in SIZES}
            same = {n: playground_rerun_ms(page, same_server.url, n, path="/") for n in SIZES}
            screen = {
                n: playground_rerun_ms(page, same_server.url, n, "&part=screen", path="/")
                for n in SIZES
            }
            page.close()
        new_session = new_session_ms(
            browser, trivial_server.url, app_server.url, same_server.url, mode
        )
        browser.close()
    if not args.new_session_only:
        report_reruns(
            "Served app in chromium: Enter -> new numbers on screen, and -> the script finished"
            + (", presentation mode" if args.presentation else "")
            + f" ({condition})",
            trivial,
            playground,
        )
        report_floor(trivial, same, screen, playground, condition)
    report_new_session(*new_session, condition)
    if args.apptest and not args.new_session_only:
        report_apptest(args.presentation, condition)


def report_apptest(presentation: bool, condition: str) -> None:
    """The script alone after a grade edit, full and fragment reruns, against the trivial
    page's full rerun, and issue 32's verdicts on the rerun an edit makes."""
    trivial = apptest_rerun_ms(None)
    full = {n: apptest_rerun_ms(n, presentation) for n in SIZES}
    fragment: dict[int, float | None] = {}
    for n in SIZES:
        fragment[n] = apptest_rerun_ms(n, presentation, fragment=True)
        if fragment[n] is None:
            break  # the page has no such fragment: no size has
    available = all(ms is not None for ms in fragment.values())
    view = "presentation mode" if presentation else "default view"
    print(f"\nThe script alone after a grade edit, in AppTest: {view} ({condition})")
    if not available:
        print(f'the page has no @st.fragment(key="{FRAGMENT_KEY}"): the fragment rerun is not '
              "available, only the full rerun is shown")  # fmt: skip
    head = ("full rerun (AppTest.run), ms", "x trivial")
    if available:
        head += ("fragment rerun (what an edit reruns), ms", "x trivial")
    print(f"{'page':<22}" + "".join(f"{h:>{len(h) + 3}}" for h in head))
    widths = [len(h) + 3 for h in head]
    print(f"{'trivial page':<22}{trivial:>{widths[0]}.1f}{1:>{widths[1]}.2f}")
    for n in SIZES:
        cells = [full[n], full[n] / trivial]
        if available:
            cells += [fragment[n], fragment[n] / trivial]  # type: ignore[operator]
        print(
            f"{f'Playground, {n} rows':<22}"
            + "".join(
                f"{c:>{w}.{1 if i % 2 == 0 else 2}f}"
                for i, (c, w) in enumerate(zip(cells, widths, strict=True))
            )
        )
    reruns, which = (fragment, "fragment rerun") if available else (full, "full rerun")
    for n, most in SCRIPT_TARGETS_MS.items():
        ms = reruns[n]
        verdict = "met" if ms <= most else "NOT met"  # type: ignore[operator]
        print(f"target (issue 32): {n} rows, the script after an edit ({which}) at most "
              f"{most:g} ms: {ms:.1f} ms, {verdict}")  # fmt: skip


if __name__ == "__main__":
    main()
