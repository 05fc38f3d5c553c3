"""The long fuzz campaign over the core and the command line (issue 11), not run in CI.

    .venv/bin/python scripts/fuzz_core.py               # 10,000 inputs per entry point
    .venv/bin/python scripts/fuzz_core.py --examples 500 --seed 1 --entries names,core

The same strategies and checks as tests/fuzz (tests/fuzz/strategies.py), driven by hypothesis
with a fixed seed; a failed check is recorded and the campaign goes on, so that it ends with
how many inputs each entry point read, refused, and crashed on (with the first few crashes).
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import traceback
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from hypothesis import HealthCheck, given, seed, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from tests.fuzz import strategies as s  # noqa: E402

CRASHES_SHOWN = 5


ENTRIES = ("readers", "names", "core", "cli")


def campaign(examples: int, seed_value: int, entries: tuple[str, ...]) -> dict[str, Counter]:
    counts: dict[str, Counter] = {}
    crashes: dict[str, list[str]] = {}

    def record(entry: str, check, *args) -> None:
        tally = counts.setdefault(entry, Counter())
        try:
            tally[check(*args)] += 1
        except Exception:  # noqa: BLE001 (every failure is a finding, recorded, not raised)
            tally["crash"] += 1
            found = crashes.setdefault(entry, [])
            if len(found) < CRASHES_SHOWN:
                found.append(f"input: {args!r:.600}\n{traceback.format_exc(limit=4)}")

    config = settings(
        max_examples=examples,
        deadline=None,
        database=None,
        suppress_health_check=list(HealthCheck),
    )
    folder = Path(tempfile.mkdtemp(prefix="fuzz_core_"))

    @seed(seed_value)
    @config
    @given(st.sampled_from(["qrels", "run"]), st.data())
    def readers(kind, data):
        name, content = data.draw(s.files(kind))
        record("readers", s.check_reader, kind, name, content, folder)

    @seed(seed_value)
    @config
    @given(s.measure_names())
    def names(text):
        record("measure names", s.check_name, text)

    @seed(seed_value)
    @config
    @given(s.rankings(), s.valid_measures, st.sampled_from(s.PRESETS))
    def core(build, name, convention):
        record("core API", s.check_core, build, name, convention)

    @seed(seed_value)
    @config
    @given(s.files("qrels", odds=12), s.files("run", odds=12), s.CLI_MEASURES, s.CLI_OPTIONS)
    def cli(qrels, run, measure_list, options):
        record("command line", s.check_cli, qrels, run, measure_list, options)

    for entry in (readers, names, core, cli):
        if entry.__name__ not in entries:
            continue
        entry()
        name, tally = list(counts.items())[-1]
        print(f"{name:<14} {sum(tally.values()):>7,} inputs  {dict(sorted(tally.items()))}")
        for crash in crashes.get(name, []):
            print(crash)
        sys.stdout.flush()
    return counts


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--examples", type=int, default=10_000, help="inputs per entry point")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--entries",
        default=",".join(ENTRIES),
        help=f"entry points to fuzz, comma-separated (default: all of {','.join(ENTRIES)})",
    )
    args = parser.parse_args()
    counts = campaign(args.examples, args.seed, tuple(args.entries.split(",")))
    crashed = sum(tally["crash"] for tally in counts.values())
    print(f"crashes: {crashed}")
    return 1 if crashed else 0


if __name__ == "__main__":
    sys.exit(main())
