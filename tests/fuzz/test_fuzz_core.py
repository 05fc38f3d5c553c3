"""Fuzzing the core and the command line (issue 11): readers, measure names, the single-list
core under every preset, and rankwork, on inputs a hostile or careless user could
give (tests/fuzz/strategies.py says what each must do).

Seeded (derandomize) and bounded so that the whole file runs in well under a minute and a
half; scripts/fuzz_core.py runs the same checks on 10,000 inputs per entry point.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.fuzz.strategies import (
    CLI_MEASURES,
    CLI_OPTIONS,
    PRESETS,
    check_cli,
    check_core,
    check_name,
    check_reader,
    files,
    measure_names,
    rankings,
    valid_measures,
)

ROOT = Path(__file__).resolve().parents[2]


def seeded(examples: int):
    return settings(
        derandomize=True,
        max_examples=examples,
        deadline=None,
        database=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
    )


@seeded(120)
@given(kind=st.sampled_from(["qrels", "run"]), file=st.data())
def test_readers_keep_their_contract(kind, file):
    name, data = file.draw(files(kind))
    with tempfile.TemporaryDirectory() as folder:
        check_reader(kind, name, data, Path(folder))


@seeded(400)
@given(measure_names())
def test_measure_names_parse_or_are_refused(text):
    check_name(text)


@seeded(300)
@given(rankings(), valid_measures, st.sampled_from(PRESETS))
def test_the_core_gives_a_finite_value_or_a_value_error(build, name, convention):
    check_core(build, name, convention)


@seeded(60)
@given(files("qrels", odds=12), files("run", odds=12), CLI_MEASURES, CLI_OPTIONS)
def test_the_command_line_exits_0_with_values_or_2_with_one_line(qrels, run, names, options):
    check_cli(qrels, run, names, options)


@seeded(4)
@given(files("qrels"), st.lists(valid_measures, min_size=1, max_size=2))
def test_the_command_line_in_its_own_process(qrels, names):
    """A few real processes: what main() cannot show in-process (warnings printed by Python
    at exit, the encoding of the real stdout)."""
    name, data = qrels
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / name
        path.write_bytes(data)
        run = Path(folder) / "run.txt"
        run.write_text("1 Q0 a 1 2.0 t\n2 Q0 b 1 1.0 t\n")
        args = [str(path), str(run), *[a for n in names for a in ("-m", n)], "-q"]
        done = subprocess.run(
            [sys.executable, "-m", "rankwork", *args],
            cwd=ROOT,
            capture_output=True,
            timeout=120,
            check=False,
        )
    errors = [line for line in done.stderr.decode().splitlines() if "warning:" not in line]
    if done.returncode == 2:
        assert done.stdout == b"" and len(done.stderr.decode().splitlines()) == 1
    else:
        assert done.returncode == 0 and errors == [], done.stderr.decode()
        for line in done.stdout.decode().splitlines():
            assert len(line.split("\t")) == 3 and "nan" not in line and "inf" not in line
