"""Mutation testing of the measure core and the batch kernels with mutmut (issue 13), not in CI.

    .venv/bin/python scripts/mutation.py                        # every target, 60-minute budget
    .venv/bin/python scripts/mutation.py --files families,common --budget 20
    .venv/bin/python scripts/mutation.py --sample 0.2           # a fifth of every function's
    .venv/bin/python scripts/mutation.py --report               # the last run's score, survivors
    .venv/bin/python scripts/mutation.py --rerun-survivors      # after adding tests
    .venv/bin/python scripts/mutation.py --mutants 'rankwork.core.measures.families.err.x_err_*'

mutmut changes one operator, constant or call of a function at a time (a mutant) and runs the
tests that reach that function; a mutant no test notices survived. The work folder (default
.mutation/, gitignored) holds a copy of metrics/ and tests/ that the script refreshes on each
run, mutmut's mutated copy (mutants/) and every result so far: a run resumes where the last
one stopped and checks only the mutants not yet checked (`--rerun-survivors` or `--mutants`
check some again; `--fresh` starts over). When the budget is spent the run is interrupted and
the mutants it did not reach stay unchecked. The report ends with every surviving mutant as
file:line and the change.

A surviving mutant costs every test that reaches its function, about 30 s for most of the
core (tests/unit/test_batch.py compares every measure to the batch kernels under every
preset), so all 2,915 mutants take hours on 2 cores; `--sample` checks a random share of each
function's mutants instead.

mutmut 3 mutates code inside functions and methods only: module-level tables (the specs'
lambdas), decorated functions (properties) and code run at import are not mutated.
"""

from __future__ import annotations

import argparse
import ast
import filecmp
import json
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MUTMUT = Path(sys.executable).with_name("mutmut")

TARGETS = {
    "families": "metrics/src/rankwork/core/measures/families",
    "common": "metrics/src/rankwork/core/measures/common.py",
    "gains": "metrics/src/rankwork/core/gains.py",
    "discounts": "metrics/src/rankwork/core/discounts.py",
    "ranking": "metrics/src/rankwork/core/ranking.py",
    "spec": "metrics/src/rankwork/core/measures/spec.py",
    "names": "metrics/src/rankwork/core/measures/names.py",
    "segments": "metrics/src/rankwork/core/segments.py",
    "batch_measures": "metrics/src/rankwork/collection/batch_measures.py",
}

# The tests that exercise the targets, in-process (mutmut reaches only code the test process
# runs). About a minute for all of them on a 2-core machine.
TESTS = (
    "tests/unit/test_graded.py",
    "tests/unit/test_binary.py",
    "tests/unit/test_ranking.py",
    "tests/unit/test_conventions.py",
    "tests/unit/test_measures.py",
    "tests/unit/test_specs.py",
    "tests/unit/test_measure_limits.py",
    "tests/unit/test_properties.py",
    "tests/unit/test_batch.py",
    "tests/unit/test_batch_arrow.py",
    "tests/unit/test_batch_data_line.py",
    "tests/unit/test_batch_top_grade.py",
    "tests/crosscheck/test_vs_tools.py",
    "tests/crosscheck/test_batch_vs_tools.py",
)

# mutmut's exit codes, grouped as the report counts them (mutmut.stats.status_by_exit_code)
STATUS = {1: "killed", 3: "killed", 0: "survived", 5: "no tests", 33: "no tests", 34: "skipped"}
STATUS.update(dict.fromkeys((36, 24, -24, 152, 255), "timeout"))
STATUS.update(dict.fromkeys((-11, -9), "segfault"))
STATUS[2] = "interrupted"
COLUMNS = ("total", "checked", "killed", "timeout", "survived", "no tests", "other", "unchecked")


def status_of(code: int | None) -> str:
    if code is None:
        return "unchecked"
    return STATUS.get(code, "other")


def sync(source: Path, target: Path) -> None:
    """Copy the .py (and data) files of `source` that differ into `target`, keeping their
    times, so that mutmut mutates again only the files that changed."""
    for path in source.rglob("*"):
        if path.is_dir() or "__pycache__" in path.parts or path.suffix == ".pyc":
            continue
        dest = target / path.relative_to(source)
        if dest.exists() and filecmp.cmp(path, dest, shallow=False):
            continue
        dest.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(path, dest)


def prepare(work: Path, tests: list[str], fresh: bool) -> None:
    if fresh and work.exists():
        shutil.rmtree(work)
    work.mkdir(parents=True, exist_ok=True)
    for folder in ("metrics", "tests"):
        sync(ROOT / folder, work / folder)
    shutil.copy2(ROOT / "pyproject.toml", work / "pyproject.toml")
    lines = ["[mutmut]", "source_paths = metrics/src", "only_mutate ="]
    lines += [f"    {path}" for path in TARGETS.values()]
    lines += ["pytest_add_cli_args_test_selection ="] + [f"    {t}" for t in tests]
    lines += ["pytest_add_cli_args =", "    -p", "    no:cacheprovider", ""]
    (work / "setup.cfg").write_text("\n".join(lines))


def meta(work: Path, path: str) -> dict:
    file = work / "mutants" / (path + ".meta")
    return json.loads(file.read_text()) if file.exists() else {}


def results(work: Path) -> dict[str, dict[str, int | None]]:
    """Exit code (None: not checked yet) of every mutant, by target file."""
    return {path: meta(work, path).get("exit_code_by_key", {}) for path in TARGETS.values()}


def module_of(path: str) -> str:
    return path[: -len(".py")].replace("/", ".")


def sample(names: list[str], fraction: float, seed: int) -> list[str]:
    """A random `fraction` of the mutants of every function (at least one each), so that a
    short run still reaches every function, the ones with slow tests included (mutmut itself
    starts with the mutants whose tests are fastest)."""
    rng = random.Random(seed)
    by_function: dict[str, list[str]] = {}
    for name in names:
        by_function.setdefault(name.partition("__mutmut_")[0], []).append(name)
    chosen = []
    for group in by_function.values():
        chosen += rng.sample(group, max(1, round(fraction * len(group))))
    return chosen


def run(work: Path, names: list[str], budget_s: float, children: int) -> None:
    """`mutmut run` in the work folder, interrupted (as Ctrl-C would) when the budget is
    spent; mutmut saves each result as it comes, so an interrupted run keeps what it did.
    mutmut's own output goes to mutmut.log in the work folder."""
    command = [str(MUTMUT), "run", "--max-children", str(children), *names]
    print(f"mutmut run on {len(names)} name(s), budget {budget_s / 60:.0f} min", flush=True)
    started = time.monotonic()
    log_path = work / "mutmut.log"
    with log_path.open("w") as log:
        # A shell starts a background job (`... &`) with SIGINT ignored, and so would mutmut
        # be: give it the default back, and its own process group, so that the budget can stop
        # it and the workers it forked.
        process = subprocess.Popen(
            command,
            cwd=work,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
        )
        deadline, interrupted, shown = started + budget_s, False, started
        while process.poll() is None:
            time.sleep(2.0)
            now = time.monotonic()
            if not interrupted and now > deadline:
                print("budget spent: interrupting mutmut", flush=True)
                process.send_signal(signal.SIGINT)
                interrupted, deadline = True, now + 60
            elif interrupted and now > deadline:
                os.killpg(process.pid, signal.SIGTERM)  # what is still running stays unchecked
                deadline = now + 3600
            if now - shown > 60:
                shown = now
                print(f"  {(now - started) / 60:.0f} min: {_progress(log_path)}", flush=True)
        if interrupted:
            try:
                os.killpg(process.pid, signal.SIGTERM)  # workers left behind by mutmut
            except ProcessLookupError:
                pass
    minutes = (time.monotonic() - started) / 60
    print(f"mutmut exited {process.returncode} after {minutes:.1f} min: {_progress(log_path)}")
    if process.returncode not in (0, None) and not interrupted:
        print(log_path.read_text(errors="replace")[-3000:])


def _progress(log_path: Path) -> str:
    """mutmut's last progress line, e.g. '120/900  🎉 100 🫥 0  ⏰ 1  🤔 0  🙁 19  🔇 0'."""
    text = log_path.read_text(errors="replace")
    lines = [line.strip() for line in re.split(r"[\r\n]", text) if "🎉" in line]
    return lines[-1] if lines else "starting"


def describe(work: Path, name: str, path: str) -> tuple[int, str]:
    """The line of the original file a mutant changes, and the change ('old -> new')."""
    cwd = os.getcwd()
    os.chdir(work)  # mutmut reads its files relative to the work folder
    try:
        from mutmut.mutation.diff_apply import get_diff_for_mutant

        diff = get_diff_for_mutant(name, path=path).splitlines()
    finally:
        os.chdir(cwd)
    old = [line[1:] for line in diff if line.startswith("-") and not line.startswith("---")]
    new = [line[1:] for line in diff if line.startswith("+") and not line.startswith("+++")]
    hunk = next((line for line in diff if line.startswith("@@")), "@@ -1 @@")
    offset = int(re.match(r"@@ -(\d+)", hunk).group(1))
    # the diff numbers the lines of the function from 1 at its `def` (context lines included)
    head = next((i for i, line in enumerate(diff) if line.startswith("@@")), 0)
    first_changed = next(
        (i for i, line in enumerate(diff[head + 1 :]) if line[:1] in "-+"), 0
    )  # context lines before the change
    line = _function_line(work / path, name) + offset - 1 + first_changed
    change = " / ".join(s.strip() for s in old) + "  ->  " + " / ".join(s.strip() for s in new)
    return line, change


def _function_line(file: Path, name: str) -> int:
    """The line of the `def` of the function a mutant belongs to."""
    mangled = name.rpartition(".")[2].partition("__mutmut_")[0]
    if mangled.startswith("xǁ"):
        cls, func = mangled[2:].split("ǁ")
    else:
        cls, func = None, mangled[2:]
    tree = ast.parse(file.read_text())
    for node in tree.body:
        if cls is None and isinstance(node, ast.FunctionDef) and node.name == func:
            return node.lineno
        if isinstance(node, ast.ClassDef) and node.name == cls:
            for item in node.body:
                if isinstance(item, ast.FunctionDef) and item.name == func:
                    return item.lineno
    return 0


def report(work: Path, files: list[str]) -> int:
    by_file = results(work)
    if not any(by_file[f] for f in files):
        print(f"No results in {work}; run the script without --report first.")
        return 1
    rows, total = [], Counter()
    for path in files:
        count = Counter(status_of(code) for code in by_file[path].values())
        count["total"] = len(by_file[path])
        count["checked"] = count["total"] - count["unchecked"]
        count["other"] = sum(v for s, v in count.items() if s not in COLUMNS)
        total.update({c: count[c] for c in COLUMNS})
        rows.append((path, count))
    rows.append(("all", total))
    print()
    print(f"{'file':40}" + "".join(f"{c:>10}" for c in COLUMNS) + f"{'score':>8}")
    for path, count in rows:
        detected = count["killed"] + count["timeout"]
        score = f"{100 * detected / count['checked']:.1f}%" if count["checked"] else "-"
        print(f"{path:40}" + "".join(f"{count[c]:>10}" for c in COLUMNS) + f"{score:>8}")
    print("score = (killed + timeout) / checked; 'no tests': no selected test reaches the function")
    lines = []
    for path in files:
        for name, code in sorted(by_file[path].items(), key=lambda kv: _natural(kv[0])):
            status = status_of(code)
            if status in ("survived", "no tests", "other"):
                line, change = describe(work, name, path)
                tag = "" if status == "survived" else f" [{status}]"
                lines.append(f"{path}:{line}: {name.rpartition('.')[2]}{tag}: {change}")
    print(f"\nSurviving mutants ({len(lines)}):")
    for text in lines:
        print("  " + text)
    return 0


def _natural(name: str) -> tuple[str, int]:
    stem, _, number = name.rpartition("__mutmut_")
    return stem, int(number) if number.isdigit() else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--files",
        default=",".join(TARGETS),
        help=f"comma-separated targets (default all): {', '.join(TARGETS)}",
    )
    parser.add_argument("--budget", type=float, default=60, help="minutes (default 60)")
    parser.add_argument("--tests", nargs="+", default=list(TESTS), help="test files to run")
    parser.add_argument("--work", type=Path, default=ROOT / ".mutation", help="work folder")
    parser.add_argument("--max-children", type=int, default=os.cpu_count() or 2)
    parser.add_argument("--fresh", action="store_true", help="forget earlier results")
    parser.add_argument("--report", action="store_true", help="only print the last results")
    parser.add_argument(
        "--rerun-survivors", action="store_true", help="check the surviving mutants again"
    )
    parser.add_argument("--mutants", nargs="+", help="check these mutant names (globs) again")
    parser.add_argument(
        "--sample",
        type=float,
        default=1.0,
        help="check this fraction of each function's unchecked mutants, drawn at random "
        "(default 1: all); a surviving mutant costs every test that reaches its function",
    )
    parser.add_argument("--seed", type=int, default=0, help="of --sample (default 0)")
    args = parser.parse_args(argv)
    unknown = [f for f in args.files.split(",") if f not in TARGETS]
    if unknown:
        parser.error(f"unknown target(s) {', '.join(unknown)}; choose from {', '.join(TARGETS)}")
    files = [TARGETS[f] for f in args.files.split(",")]
    work = args.work.resolve()
    if args.report:
        return report(work, files)
    prepare(work, args.tests, args.fresh)
    if args.mutants:
        names = args.mutants
    else:
        by_file = results(work)
        wanted = ("survived", "no tests") if args.rerun_survivors else ("unchecked",)
        names = [n for f in files for n, c in by_file[f].items() if status_of(c) in wanted]
        if args.sample < 1 and not args.rerun_survivors:
            names = sample(names, args.sample, args.seed)
        if not names and not args.rerun_survivors and not any(by_file[f] for f in files):
            names = [module_of(f) + ".*" for f in files]  # first run: nothing generated yet
    if names:
        run(work, names, args.budget * 60, args.max_children)
    else:
        print("Nothing left to check for these files (--rerun-survivors or --fresh to redo).")
    return report(work, files)


if __name__ == "__main__":
    sys.exit(main())
