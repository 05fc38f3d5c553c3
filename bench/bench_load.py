"""A class on one link: N sessions open a shared Playground link on one `streamlit run` and edit.

    python bench/bench_load.py                  # N = 1, 10, 30, arriving within 2 s and 60 s
    python bench/bench_load.py --counts 1 5     # other class sizes
    python bench/bench_load.py --windows 10     # students arrive within 10 s
    python bench/bench_load.py --root OLD_TREE  # serve another checkout's app.py (before/after)
    python bench/bench_load.py --counts 30 100 --windows 2 --open-only   # what a class costs
    python bench/bench_load.py --profile        # where a new session's script time goes

The client is not a browser: each session is a websocket to the server's `/_stcore/stream`
speaking Streamlit's own protobuf messages the way its frontend does (streamlit/proto:
BackMsg, ClientState, WidgetStates, ForwardMsg). So the figures measure the server, not 30
headless browsers on a two-core machine. A session:

1. connects with the subprotocol "streamlit" (what the frontend sends; no Origin header, so
   the server's same-origin check passes, as for any non-browser client);
2. sends a rerun BackMsg carrying the link's query string and page name (`/playground?...`);
3. reads the ForwardMsgs. **First numbers** = from sending the rerun request to the first delta
   holding the nDCG metric card (what a student sees first);
4. after the script has finished and a short pause (the student reads), sends the edit the
   data editor sends when a grade is typed: a rerun whose WidgetStates holds the editor's
   JSON edit state (`{"edited_rows": {"0": {"grade": "0"}}, ...}`) under the editor's widget
   id, with the editor's fragment id when it sits in an `st.fragment`. **Edit -> numbers** =
   from sending it to the nDCG card showing a new value;
5. stays connected until every session of the round is done (so the memory figure is the
   server holding N live sessions), then closes.

Not included: the static files a browser loads (index.html, JS; cached by browsers and cheap
for the server) and the browser's own rendering. An **error** is a session that timed out,
lost its connection, got an exception element or an error alert, or never saw nDCG change.
**Memory**: resident set (VmRSS from /proc) of the server process and its children, sampled
every 0.1 s: the peak in each round, and the idle figure before the first round. Disconnected
sessions are kept by Streamlit for `server.disconnectedSessionTTL` (120 s), so a round's
figure includes what earlier rounds left. **Server CPU** = user + system seconds the server
spent in the round (/proc/<pid>/stat).

N = 1 is run ONE_REPS times in a row (one session alone each time) so the baseline is not a
single sample. Larger N open their sessions at random moments (seeded, uniform) within each of
`--windows` seconds: by default 2 s (a burst: a class told "open the link now") and 60 s (the
issue's "within a minute"). One untimed session first warms the server up (imports, caches), as
the teacher's own visit does. Everything is on 127.0.0.1; the run stops by itself:
each session has a timeout and the whole run a hard one (`--timeout`), after which the server
is stopped and what was measured is printed.

**Per session** (the rows with N > 1): the server's CPU seconds over the sessions served (so
1 / that = sessions per second per core: the server is one Python process whose script threads
share the GIL, so it uses about one core however many it has), and the peak RSS over the RSS
before the round, per session held (an estimate: Python rarely returns freed memory, so run
each class size on its own server, `--counts 100`, for the cleanest figure). `--open-only`
leaves out the edit: the cost of a new session alone.

`--profile` runs no server: it opens the link in a new AppTest session (after one warm-up
session, as the server has) and prints the script run's CPU time and its largest costs under
cProfile (the script thread's CPU time): the project's functions by cumulative time, then
every function by its own time.

Target (issue 12, item 5): no errors, and at N = 30 the worst first-numbers time within 5x
the worst at N = 1 (the verdict is printed for each window).
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import io
import json
import os
import pstats
import random
import statistics
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import parse_qsl

import websockets
from streamlit.proto.Alert_pb2 import Alert
from streamlit.proto.BackMsg_pb2 import BackMsg
from streamlit.proto.Dataframe_pb2 import Dataframe
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg
from streamlit.proto.WidgetStates_pb2 import WidgetState

sys.path.insert(0, str(Path(__file__).resolve().parent))
from serving import REPO, served  # noqa: E402

LINK_QUERY = "g=3,2,3,0,1,2&u=3,2&top=3&k=5&preset=textbook"
PAGE = "playground"
WATCHED = "nDCG"  # the metric card whose value is timed
EDIT = {"edited_rows": {"0": {"grade": "0"}}, "added_rows": [], "deleted_rows": []}
COUNTS = (1, 10, 30)
ONE_REPS = 5
PROFILE_REPS = 5
WINDOWS_S = (2.0, 60.0)
SEED = 12
THINK_S = 0.5
SESSION_TIMEOUT_S = 120.0
TIMEOUT_S = 600.0
TARGET = 5.0
_DONE = {ForwardMsg.FINISHED_SUCCESSFULLY, ForwardMsg.FINISHED_FRAGMENT_RUN_SUCCESSFULLY}


# --- one session ---------------------------------------------------------------------------


@dataclass
class Seen:
    """What one script run sent: when the watched card came, and what a client needs next."""

    watched_at: float | None = None
    watched_value: str | None = None
    editor_id: str = ""
    editor_fragment: str = ""
    page_hash: str = ""
    errors: list[str] = field(default_factory=list)


@dataclass
class SessionResult:
    first_s: float | None = None  # rerun request -> first nDCG card
    edit_s: float | None = None  # edit sent -> nDCG card with a new value
    error: str | None = None


def _rerun(page_hash: str = "", widgets: list[WidgetState] = ()) -> bytes:
    msg = BackMsg()
    msg.rerun_script.query_string = LINK_QUERY
    msg.rerun_script.page_name = PAGE
    msg.rerun_script.page_script_hash = page_hash
    msg.rerun_script.widget_states.widgets.extend(widgets)
    return msg.SerializeToString()


def _note(seen: Seen, fwd: ForwardMsg, start: float, unlike: str | None) -> None:
    """Record what `fwd` tells: the watched card (a value other than `unlike`), the editor,
    the page, errors."""
    kind = fwd.WhichOneof("type")
    if kind == "navigation":
        seen.page_hash = fwd.navigation.page_script_hash
    if kind != "delta" or fwd.delta.WhichOneof("type") != "new_element":
        return
    element = fwd.delta.new_element
    which = element.WhichOneof("type")
    if which == "metric" and element.metric.label.startswith(WATCHED):
        if seen.watched_at is None and element.metric.body != unlike:
            seen.watched_at = time.perf_counter() - start
            seen.watched_value = element.metric.body
    elif which == "dataframe" and element.dataframe.editing_mode != Dataframe.READ_ONLY:
        if not seen.editor_id:  # the first editor on the page is the ranked list
            seen.editor_id = element.dataframe.id
            seen.editor_fragment = fwd.delta.fragment_id
    elif which == "exception":
        seen.errors.append(f"exception: {element.exception.message}")
    elif which == "alert" and element.alert.format == Alert.ERROR:
        seen.errors.append(f"error alert: {element.alert.body}")


async def _read_run(ws, start: float, unlike: str | None = None) -> Seen:
    """Read ForwardMsgs until the script run finishes (a rerun it asks for is followed)."""
    seen = Seen()
    while True:
        fwd = ForwardMsg()
        fwd.ParseFromString(await ws.recv())
        _note(seen, fwd, start, unlike)
        if fwd.WhichOneof("type") == "script_finished":
            if fwd.script_finished in _DONE:
                return seen
            if fwd.script_finished == ForwardMsg.FINISHED_WITH_COMPILE_ERROR:
                seen.errors.append("script did not compile")
                return seen


class Gathering:
    """The sessions of a round: each arrives once its edit came back (or it failed), and all
    stay connected until the last one has arrived."""

    def __init__(self, n: int) -> None:
        self.missing = n
        self.everyone = asyncio.Event()

    def arrive(self) -> None:
        self.missing -= 1
        if self.missing == 0:
            self.everyone.set()


async def session(
    ws_url: str, delay: float, gathering: Gathering, edit: bool = True
) -> SessionResult:
    """One student: wait `delay`, open the link, read, edit a grade (unless not `edit`), stay
    until all are done."""
    await asyncio.sleep(delay)
    result = SessionResult()
    arrived = False
    try:
        async with asyncio.timeout(SESSION_TIMEOUT_S):
            async with websockets.connect(
                ws_url, subprotocols=["streamlit"], max_size=None, compression=None
            ) as ws:
                start = time.perf_counter()
                await ws.send(_rerun())
                first = await _read_run(ws, start)
                result.first_s = first.watched_at
                problem = _problem(first, "no nDCG card on the linked page")
                if problem is None and not first.editor_id:
                    problem = "no data editor on the linked page"
                if problem is None and edit:
                    await asyncio.sleep(THINK_S)
                    state = WidgetState(id=first.editor_id, string_value=json.dumps(EDIT))
                    msg = BackMsg.FromString(_rerun(first.page_hash, [state]))
                    msg.rerun_script.fragment_id = first.editor_fragment
                    start = time.perf_counter()
                    await ws.send(msg.SerializeToString())
                    edited = await _read_run(ws, start, unlike=first.watched_value)
                    result.edit_s = edited.watched_at
                    problem = _problem(edited, "nDCG did not change after the edit")
                result.error = problem
                gathering.arrive()
                arrived = True
                await gathering.everyone.wait()
    except TimeoutError:
        if not arrived:  # (a session already done only waited for the others)
            result.error = f"timed out after {SESSION_TIMEOUT_S:g} s"
    except (OSError, websockets.exceptions.WebSocketException) as err:
        result.error = f"connection: {type(err).__name__}: {err}"
    finally:
        if not arrived:
            gathering.arrive()
    return result


def _problem(seen: Seen, missing: str) -> str | None:
    if seen.errors:
        return "; ".join(seen.errors)
    return missing if seen.watched_at is None else None


async def round_of(ws_url: str, n: int, window: float, edit: bool = True) -> list[SessionResult]:
    """N sessions starting at seeded random moments within `window` seconds."""
    gathering = Gathering(n)
    starts = [random.Random(SEED + i).uniform(0, window) for i in range(n)] if n > 1 else [0.0]
    return list(await asyncio.gather(*(session(ws_url, t, gathering, edit) for t in starts)))


# --- the server's resources ----------------------------------------------------------------


def _tree(pid: int) -> list[int]:
    """`pid` and its descendants (from /proc/<pid>/task/*/children)."""
    found, todo = [], [pid]
    while todo:
        current = todo.pop()
        found.append(current)
        for task in Path(f"/proc/{current}/task").glob("*"):
            try:
                todo.extend(int(c) for c in (task / "children").read_text().split())
            except OSError:
                pass
    return found


def rss_mb(pid: int) -> float:
    total_kb = 0
    for member in _tree(pid):
        try:
            for line in Path(f"/proc/{member}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    total_kb += int(line.split()[1])
        except OSError:
            pass
    return total_kb / 1024


def cpu_s(pid: int) -> float:
    """User + system CPU seconds of `pid` and its descendants."""
    ticks = 0
    for member in _tree(pid):
        try:
            fields = Path(f"/proc/{member}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        ticks += int(fields[11]) + int(fields[12])  # utime, stime
    return ticks / os.sysconf("SC_CLK_TCK")


@contextmanager
def peak_rss(pid: int) -> Iterator[list[float]]:
    """Sample the RSS every 0.1 s while the block runs; the list holds the peak afterwards."""
    peak = [rss_mb(pid)]
    stop = threading.Event()

    def sample() -> None:
        while not stop.wait(0.1):
            peak[0] = max(peak[0], rss_mb(pid))

    thread = threading.Thread(target=sample, daemon=True)
    thread.start()
    try:
        yield peak
    finally:
        stop.set()
        thread.join()
        peak[0] = max(peak[0], rss_mb(pid))


# --- the run ---------------------------------------------------------------------------------


@dataclass
class Row:
    n: int
    window: float
    results: list[SessionResult]
    peak_mb: float
    cpu: float
    before_mb: float  # the server's RSS when the round began

    @property
    def cpu_per_session(self) -> float:
        return self.cpu / len(self.results)

    @property
    def mb_per_session(self) -> float:
        return (self.peak_mb - self.before_mb) / len(self.results)

    def times(self, name: str) -> list[float]:
        return [getattr(r, name) for r in self.results if getattr(r, name) is not None]

    @property
    def errors(self) -> list[str]:
        return [r.error for r in self.results if r.error]


async def measure(
    url: str, pid: int, counts: list[int], windows: list[float], rows: list[Row], edit: bool
) -> None:
    ws_url = url.replace("http://", "ws://") + "/_stcore/stream"
    await round_of(ws_url, 1, 0.0)  # warm-up, not counted
    for n in counts:
        for window in [0.0] if n == 1 else windows:
            results: list[SessionResult] = []
            cpu_before, rss_before = cpu_s(pid), rss_mb(pid)
            with peak_rss(pid) as peak:
                for _ in range(ONE_REPS if n == 1 else 1):
                    results += await round_of(ws_url, n, window, edit)
            cpu = cpu_s(pid) - cpu_before
            rows.append(Row(n, window, results, peak[0], cpu, rss_before))


def _ms(values: list[float], how) -> str:
    return f"{how(values) * 1000:.0f}" if values else "-"


def report(rows: list[Row], idle_mb: float, edit: bool) -> None:
    base = next((r for r in rows if r.n == 1), None)
    what = "open the link, edit a grade" if edit else "open the link only"
    print(f"\nPlayground link, {LINK_QUERY} ({what}); server idle RSS {idle_mb:.0f} MB")
    head = (
        f"{'N':>3} {'within':>7} {'sessions':>8} "
        f"{'first median':>13} {'first worst':>12} {'x N=1':>6} "
        f"{'edit median':>12} {'edit worst':>11} {'x N=1':>6} {'errors':>7} "
        f"{'peak RSS MB':>12} {'CPU s':>6}"
    )
    print(head + "\n" + "-" * len(head))
    for row in rows:
        first, edit = row.times("first_s"), row.times("edit_s")

        def ratio(values: list[float], name: str) -> str:
            base_values = base.times(name) if base else []
            if not values or not base_values:
                return "-"
            return f"{max(values) / max(base_values):.1f}"

        print(
            f"{row.n:>3} {f'{row.window:g} s':>7} {len(row.results):>8} "
            f"{_ms(first, statistics.median):>13} "
            f"{_ms(first, max):>12} {ratio(first, 'first_s'):>6} "
            f"{_ms(edit, statistics.median):>12} {_ms(edit, max):>11} "
            f"{ratio(edit, 'edit_s'):>6} {len(row.errors):>7} {row.peak_mb:>12.0f} {row.cpu:>6.1f}"
        )
    print("times in ms; 'within' = the sessions' start times spread over that many seconds;")
    print("'x N=1' = worst time / worst time at N = 1; CPU s = the server's, in that row")
    for row in rows:
        for message in sorted(set(row.errors)):
            print(f"N = {row.n}: {row.errors.count(message)} x {message}")
    report_per_session([row for row in rows if row.n > 1])
    if not base or not base.times("first_s"):
        return
    largest = max(r.n for r in rows)
    for row in rows:
        if row.n == largest > 1 and row.times("first_s"):
            ratio = max(row.times("first_s")) / max(base.times("first_s"))
            ok = ratio <= TARGET and not row.errors and not base.errors
            print(
                f"target: no errors and worst first numbers at N = {row.n} (within "
                f"{row.window:g} s) within {TARGET:g}x N = 1 ({ratio:.1f}x): "
                f"{'met' if ok else 'NOT met'}"
            )


def report_per_session(rows: list[Row]) -> None:
    """The server's CPU and memory per session served, and so sessions per second per core."""
    if not rows:
        return
    print("\nper session (N > 1): server CPU, sessions per CPU second, RSS growth")
    for row in rows:
        print(
            f"N = {row.n:>3} within {row.window:g} s: {row.cpu_per_session * 1000:.0f} ms CPU "
            f"-> {1 / row.cpu_per_session:.1f} sessions/s per core; RSS {row.before_mb:.0f} -> "
            f"{row.peak_mb:.0f} MB, {row.mb_per_session:.2f} MB per session"
        )


# --- where a new session's script time goes (AppTest, no server) ----------------------------


def profile_new_session(top: int = 20) -> None:
    """cProfile of the Playground's script run for a new session opening the link: one warm-up
    session first (imports, st.cache_data, as the server's warm-up), then a new session's
    first run of the page. The script runs in AppTest's script thread, where the profiler is
    switched on (cProfile sees only the thread it runs in). AppTest compiles the scripts anew
    for each run (a new ScriptCache each time); a server compiles them once for all its
    sessions (`Runtime._script_cache`), so here too one cache is shared."""
    from streamlit.runtime.scriptrunner.script_cache import ScriptCache
    from streamlit.testing.v1 import AppTest, app_test, local_script_runner
    from streamlit.testing.v1.local_script_runner import LocalScriptRunner

    shared_cache = ScriptCache()
    app_test.ScriptCache = local_script_runner.ScriptCache = lambda: shared_cache  # type: ignore

    # the script thread's CPU time, not the wall clock: other work on the machine does not count
    profiler, profiling = cProfile.Profile(time.thread_time), [False]
    run_thread = LocalScriptRunner._run_script_thread

    def profiled(runner: LocalScriptRunner) -> None:
        if not profiling[0]:
            return run_thread(runner)
        profiler.enable()
        try:
            return run_thread(runner)
        finally:
            profiler.disable()

    LocalScriptRunner._run_script_thread = profiled  # type: ignore[method-assign]

    def new_session() -> AppTest:
        at = AppTest.from_file(str(REPO / "app.py"), default_timeout=60)
        for key, value in parse_qsl(LINK_QUERY):
            at.query_params[key] = value
        return at.run()  # app.py's first run shows Home; the page is switched to next

    def first_run(profile: bool = False) -> tuple[float, float]:
        """A new session's first run of the page: (wall, CPU) seconds."""
        at = new_session()
        profiling[0] = profile
        wall, cpu = time.perf_counter(), time.process_time()
        at.switch_page(f"app_pages/{PAGE}.py").run()
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
        profiling[0] = False
        assert not at.exception, at.exception
        return wall, cpu

    first_run()  # warm-up
    plain = [first_run() for _ in range(PROFILE_REPS)]
    print(f"a new session's first Playground run, {LINK_QUERY} (AppTest, median of "
          f"{PROFILE_REPS}): {statistics.median(w for w, _ in plain) * 1000:.0f} ms wall, "
          f"{statistics.median(c for _, c in plain) * 1000:.0f} ms CPU")  # fmt: skip
    first_run(profile=True)
    stats = pstats.Stats(profiler)
    total = stats.total_tt  # type: ignore[attr-defined]
    print(f"the same under cProfile: {total * 1000:.0f} ms of the script thread's CPU (the "
          "profiler's overhead included)")  # fmt: skip
    ours = str(REPO)
    rows = [
        (cum, name)
        for (file, line, func), (_, _, _, cum, _) in stats.stats.items()  # type: ignore[attr-defined]
        if file.startswith(ours) and "/.venv/" not in file
        for name in [f"{Path(file).relative_to(REPO)}:{line}({func})"]
    ]
    print(f"\nthe project's functions by cumulative time (share of the profiled {total:.3f} s):")
    for cum, name in sorted(rows, reverse=True)[:top]:
        print(f"{cum * 1000:>8.1f} ms {cum / total:>5.0%}  {name}")
    text = io.StringIO()
    pstats.Stats(profiler, stream=text).sort_stats("tottime").print_stats(top)
    print("\nevery function by its own time:")
    print(text.getvalue().split("\n\n", 2)[-1].rstrip())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--counts", type=int, nargs="+", default=list(COUNTS))
    parser.add_argument(
        "--windows", type=float, nargs="+", default=list(WINDOWS_S), help="seconds to open N"
    )
    parser.add_argument("--timeout", type=float, default=TIMEOUT_S, help="for the whole run")
    parser.add_argument("--root", type=Path, default=REPO, help="the checkout to serve")
    parser.add_argument("--open-only", action="store_true", help="no edit: a new session only")
    parser.add_argument("--profile", action="store_true", help="profile a new session, no server")
    args = parser.parse_args()
    if args.profile:
        profile_new_session()
        return
    rows: list[Row] = []
    with served("app.py", args.root.resolve()) as server:
        print(f"server pid {server.pid} at {server.url}", file=sys.stderr, flush=True)
        idle = rss_mb(server.pid)
        try:
            asyncio.run(
                asyncio.wait_for(
                    measure(
                        server.url, server.pid, args.counts, args.windows, rows, not args.open_only
                    ),
                    args.timeout,
                )
            )
        except TimeoutError:
            print(f"stopped after the hard timeout of {args.timeout:g} s", file=sys.stderr)
    report(rows, idle, not args.open_only)


if __name__ == "__main__":
    main()
