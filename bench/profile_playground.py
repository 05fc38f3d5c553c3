"""Where the Playground's rerun after a grade edit goes (issue 32): cProfile of the script over
EDITS grade edits, in AppTest, broken down into the parts issue 32 names.

    python bench/profile_playground.py                          # 10 rows, default view
    python bench/profile_playground.py --rows 1000 --presentation
    python bench/profile_playground.py --fragment               # only the keyed fragment reruns
    python bench/profile_playground.py --edits 50 --top 40

Each edit is the bench's (bench/bench_playground.py `_edit`): the first row's grade set to 4,
then 0, and so on, as the grid sends it, on a link with `--rows` random grades (`grades()`)
and k = 10. Each rerun is the whole script (`AppTest.run()`) or, with `--fragment`, only the
fragment `@st.fragment(key="playground")`, as an edit inside it reruns on a server
(bench_playground's `fragment_reruns`, through its `edit_rerun`; a page without that fragment
says so and stops).

How: AppTest runs the script in a thread of its own, and cProfile sees only the thread it is
enabled in, so `ScriptRunner._run_script` (one run of the script, in that thread) is wrapped to
switch the profiler on around it. The profiler reads the wall clock (cProfile's default). The
thread's CPU clock (`time.thread_time`, as bench_load.py --profile uses) would leave other
processes' work out, but cProfile then calls it as a Python function at every call and return
(and each read is a system call): a profiled rerun took 7x its un-profiled time with it, about
2x with the wall clock (10 rows, 2026-12-03), and the shares leaned towards code made of many
small calls. So profile on a machine as quiet as can be.

cProfile inflates times even so: every Python function call costs it some time, so code made
of many small calls looks bigger than it is. Read the parts as shares of the profiled script
runs (`_run_script`'s cumulative time); the time itself is the un-profiled median, printed
first, from a separate loop of the same edits (the whole `AppTest.run()`, and the script's
own run in wall and CPU time).

The parts, each the cumulative time of the function(s) named in `PARTS` (matched by the end
of the file's path and the function's name), per rerun:

    parse                 ui/playground/inputs.py ranking_from (the list's rows into a Ranking;
                          state.current_ranking calls it once per change of the tables)
    evaluate              rankwork/explore/report.py evaluate, minus bounds (inside it)
    bounds                rankwork/core/bounds.py bounds
    per-rank table        ui/playground/breakdown.py render
    link encoding         ui/playground/share.py sync_url
    cards                 ui/playground/cards.py render
    settings' widgets     ui/playground/controls.py render
    list's editors        ui/playground/editors.py ranking_editor and list_tools (list_extras
                          before issue 32): the grid, the buttons, the editor of the documents
                          not retrieved
    other                 the rest of the script's run: its total minus the parts above

and, apart, the deltas: streamlit's `enqueue_message` (script_run_context.py), through which
every element and block the script draws is sent (`DeltaGenerator._enqueue`, `_block`). They
are sent from within the parts above and from the rest, so their time is in those already and
is not added to the sum. When a part's function is found under another's in the call graph
(say the parse moved into the settings), the two overlap and a note says so. Then the top
functions by cumulative time.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import statistics
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_playground import (  # noqa: E402
    REPO,
    WARMUP,
    edit_rerun,
    fragment_id,
    grades,
    playground_apptest,
)

EDITS = 30
EDITOR = "ranking_editor"  # the list's data editor (its session_state key)

Function = tuple[str, str]  # (the end of its file's path, its name)


@dataclass(frozen=True)
class Part:
    """A part of the rerun: the cumulative time of `functions`, minus that of `minus`."""

    name: str
    functions: tuple[Function, ...]
    minus: tuple[Function, ...] = ()


RUN_SCRIPT: Function = ("streamlit/runtime/scriptrunner/script_runner.py", "_run_script")
BOUNDS: Function = ("rankwork/core/bounds.py", "bounds")
PARTS = (
    Part("parse", (("ui/playground/inputs.py", "ranking_from"),)),
    Part("evaluate (minus bounds)", (("rankwork/explore/report.py", "evaluate"),), (BOUNDS,)),
    Part("bounds", (BOUNDS,)),
    Part("per-rank table", (("ui/playground/breakdown.py", "render"),)),
    Part("link encoding", (("ui/playground/share.py", "sync_url"),)),
    Part("cards", (("ui/playground/cards.py", "render"),)),
    Part("settings' widgets", (("ui/playground/controls.py", "render"),)),
    Part(
        "list's editors and buttons",
        (
            ("ui/playground/editors.py", "ranking_editor"),
            ("ui/playground/editors.py", "list_tools"),
            ("ui/playground/editors.py", "list_extras"),  # its name before issue 32
        ),
    ),
)
DELTAS = Part("deltas", (("streamlit/runtime/scriptrunner_utils/script_run_context.py",
                          "enqueue_message"),))  # fmt: skip

Key = tuple[str, int, str]  # pstats' (file, line, function)


@dataclass
class ScriptRuns:
    """Every run of the script while `watch()` is on: its wall and CPU seconds, and the
    profiler, on around each run while `profiling`."""

    profiler: cProfile.Profile
    profiling: bool = False
    wall: list[float] = field(default_factory=list)
    cpu: list[float] = field(default_factory=list)

    @contextmanager
    def watch(self) -> Iterator[None]:
        """Wrap `ScriptRunner._run_script` (run in the script's thread) for the block."""
        from streamlit.runtime.scriptrunner.script_runner import ScriptRunner

        run_script = ScriptRunner._run_script
        runs = self

        def timed(runner: ScriptRunner, rerun_data) -> None:
            wall, cpu = time.perf_counter(), time.thread_time()
            if runs.profiling:
                runs.profiler.enable()
            try:
                run_script(runner, rerun_data)
            finally:
                if runs.profiling:
                    runs.profiler.disable()
                runs.wall.append(time.perf_counter() - wall)
                runs.cpu.append(time.thread_time() - cpu)

        ScriptRunner._run_script = timed  # type: ignore[method-assign]
        try:
            yield
        finally:
            ScriptRunner._run_script = run_script  # type: ignore[method-assign]


def _matches(key: Key, function: Function) -> bool:
    file, _, name = key
    return file.replace("\\", "/").endswith(function[0]) and name == function[1]


def _cumulative(stats: pstats.Stats, functions: tuple[Function, ...]) -> float:
    """Seconds: the cumulative time of every profiled function matching one of `functions`."""
    return sum(
        row[3]
        for key, row in stats.stats.items()  # type: ignore[attr-defined]
        if any(_matches(key, f) for f in functions)
    )


def _keys(stats: pstats.Stats, part: Part) -> set[Key]:
    return {
        key
        for key in stats.stats  # type: ignore[attr-defined]
        if any(_matches(key, f) for f in part.functions)
    }


def _below(stats: pstats.Stats, starts: set[Key]) -> set[Key]:
    """Every function called, directly or not, from `starts` (the call graph's edges)."""
    callees: dict[Key, set[Key]] = {}
    for callee, row in stats.stats.items():  # type: ignore[attr-defined]
        for caller in row[4]:
            callees.setdefault(caller, set()).add(callee)
    seen: set[Key] = set()
    todo = list(starts)
    while todo:
        for callee in callees.get(todo.pop(), ()):
            if callee not in seen:
                seen.add(callee)
                todo.append(callee)
    return seen


def _where(key: Key) -> str:
    """A function's name, its file shortened (relative to the repository, or to
    site-packages)."""
    file, line, name = key
    if file == "~":
        return name  # a built-in
    path = file.replace("\\", "/")
    for root in (str(REPO) + "/", "site-packages/"):
        if root in path:
            path = path.split(root, 1)[1]
    return f"{path}:{line}({name})"


def _total(stats: pstats.Stats) -> float:
    """Seconds of the profiled script runs."""
    return _cumulative(stats, (RUN_SCRIPT,))


def report_parts(stats: pstats.Stats, edits: int) -> None:
    """ms per rerun and share of the profiled script runs for each part, `other`, and the
    deltas; a note for each part found under another's in the call graph."""
    total = _total(stats)
    print(f"\n{'part':<30}{'ms/rerun':>10}{'share':>8}  function(s)")
    parts = 0.0
    for part in (*PARTS, DELTAS):
        seconds = _cumulative(stats, part.functions) - _cumulative(stats, part.minus)
        if part is DELTAS:
            print(f"{'other':<30}{(total - parts) / edits * 1000:>10.1f}"
                  f"{(total - parts) / total:>8.0%}  the rest of the script's run")  # fmt: skip
            name = "deltas (within the above)"
        else:
            parts += seconds
            name = part.name
        named = ", ".join(f"{path} {function}" for path, function in part.functions)
        print(f"{name:<30}{seconds / edits * 1000:>10.1f}{seconds / total:>8.0%}  {named}")
    for part in PARTS:
        below = _below(stats, _keys(stats, part))
        for other in PARTS:
            if other is not part and set(other.functions) != set(part.minus):
                if _keys(stats, other) & below:
                    print(f"note: {other.name} is also called under {part.name}: "
                          "their times overlap, and 'other' is too small by as much")  # fmt: skip


def report_top(stats: pstats.Stats, edits: int, top: int) -> None:
    """The `top` functions by cumulative time: ms per rerun, share, own ms, calls per rerun."""
    total = _total(stats)
    rows = sorted(
        stats.stats.items(),  # type: ignore[attr-defined]
        key=lambda item: item[1][3],
        reverse=True,
    )[:top]
    print(f"\nthe top {top} functions by cumulative time (per rerun)")
    print(f"{'cum ms':>8}{'share':>7}{'own ms':>8}{'calls':>8}  function")
    for key, (_, calls, own, cumulative, _) in rows:
        print(f"{cumulative / edits * 1000:>8.1f}{cumulative / total:>7.0%}"
              f"{own / edits * 1000:>8.1f}{calls / edits:>8.0f}  {_where(key)}")  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, default=10, help="the list's length")
    parser.add_argument("--edits", type=int, default=EDITS, help="edits profiled (and timed)")
    parser.add_argument("--presentation", action="store_true", help="the projector view")
    parser.add_argument(
        "--fragment", action="store_true", help='rerun only @st.fragment(key="playground")'
    )
    parser.add_argument("--top", type=int, default=25, help="functions listed at the end")
    args = parser.parse_args()

    at = playground_apptest(args.rows, args.presentation)
    scope = fragment_id(at) if args.fragment else None
    if args.fragment and scope is None:
        print('the page has no @st.fragment(key="playground"): the fragment rerun is not '
              "available; profile full reruns (without --fragment)")  # fmt: skip
        raise SystemExit(1)
    runs = ScriptRuns(cProfile.Profile())
    edit = iter(range(10**9))  # the edits alternate 4 and 0 across both loops
    with runs.watch():
        for _ in range(WARMUP):
            edit_rerun(at, EDITOR, next(edit), scope)
        runs.wall.clear(), runs.cpu.clear()
        apptest = [edit_rerun(at, EDITOR, next(edit), scope) for _ in range(args.edits)]
        runs.profiling = True
        for _ in range(args.edits):
            edit_rerun(at, EDITOR, next(edit), scope)
        runs.profiling = False
    plain_wall, plain_cpu = runs.wall[: args.edits], runs.cpu[: args.edits]

    view = "presentation mode" if args.presentation else "default view"
    kind = 'only @st.fragment(key="playground")' if scope else "the whole script"
    first = ",".join(map(str, grades(args.rows)[:10])) + ("..." if args.rows > 10 else "")
    print(f"The Playground after a grade edit: {args.rows} rows (grades {first}), {view}, "
          f"each rerun {kind}; {args.edits} edits")  # fmt: skip
    ms = statistics.median
    print(f"un-profiled (median of {args.edits} edits, a separate loop): AppTest.run() "
          f"{ms(apptest) * 1000:.1f} ms; the script's run {ms(plain_wall) * 1000:.1f} ms wall, "
          f"{ms(plain_cpu) * 1000:.1f} ms of its thread's CPU")  # fmt: skip
    stats = pstats.Stats(runs.profiler)
    print(f"profiled: {_total(stats) / args.edits * 1000:.1f} ms per rerun (cProfile inflates it: "
          "read the shares)")  # fmt: skip
    report_parts(stats, args.edits)
    report_top(stats, args.edits, args.top)


if __name__ == "__main__":
    main()
