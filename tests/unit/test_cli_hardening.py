"""Issue 11, the command line: every bad input or output ends with exit status 2 and exactly
one line on stderr, or with correct output (items 2-4, 6-9 and 13).

Most tests call main() in-process; the few that need a real process (an output encoding, a
full or closed stdout, warnings printed by Python itself) start one.
"""

from __future__ import annotations

import math
import os
import subprocess
import sys
from pathlib import Path

import pytest

from rankwork.cli import main

ROOT = Path(__file__).resolve().parents[2]
QRELS = "q 0 a 1\nq 0 b 2\n"
RUN = "q Q0 a 1 2.0 t\nq Q0 b 2 1.0 t\n"


@pytest.fixture
def pair(tmp_path: Path) -> tuple[str, str]:
    qrels, run = tmp_path / "qrels.txt", tmp_path / "run.txt"
    qrels.write_text(QRELS)
    run.write_text(RUN)
    return str(qrels), str(run)


def cli(capsys, *args: str) -> tuple[int, str, list[str]]:
    code = main(list(args))
    captured = capsys.readouterr()
    return code, captured.out, captured.err.splitlines()


def process(*args: str, **kwargs) -> subprocess.CompletedProcess:
    env = {**os.environ, **kwargs.pop("env", {})}
    kwargs.setdefault("stdout", subprocess.PIPE)
    return subprocess.run(
        [sys.executable, "-m", "rankwork", *args],
        cwd=ROOT,
        env=env,
        stderr=subprocess.PIPE,
        timeout=120,
        check=False,
        **kwargs,
    )


def test_err_with_a_top_grade_of_1024(pair, capsys):
    # a (grade 1) then b (grade 2), gmax 1024: ERR = 2^-1024 + 1.5 * 2^-1024 (worked out in
    # tests/unit/test_measure_limits.py)
    code, out, err = cli(capsys, *pair, "-m", "ERR(max_rel=1024)@10")
    assert (code, err) == (0, [])
    assert out == f"ERR(max_rel=1024)@10\tall\t{math.ldexp(2.5, -1024)!r}\n"


@pytest.mark.parametrize("cutoff", ["1e9", "9223372036854775808", "1e300"])
def test_huge_cutoffs_are_echoed_as_typed(pair, capsys, cutoff):
    # NumRet = 2 documents; R = 2 of 2 relevant; P = 2/k
    names = [f"NumRet@{cutoff}", f"R@{cutoff}", f"P@{cutoff}"]
    code, out, err = cli(capsys, *pair, *[a for n in names for a in ("-m", n)])
    assert (code, err) == (0, [])
    assert out.splitlines() == [
        f"NumRet@{cutoff}\tall\t2.0",
        f"R@{cutoff}\tall\t1.0",
        f"P@{cutoff}\tall\t{2 / float(cutoff)!r}",
    ]


@pytest.mark.parametrize(
    "name, message",
    [
        ("DCG(dcg={0:0})", "dcg must be 'log2' or 'exp-log2'"),
        ("F(beta=1e400)@5", "the number 1e400 is too large"),
        ("P(rel=1e400)@5", "the number 1e400 is too large"),
        ("nDCG(gains={})@10", "with at least one grade"),
    ],
)
def test_a_measures_parameters_are_blamed_on_the_m_argument(pair, capsys, name, message):
    code, out, err = cli(capsys, *pair, "-m", name)
    assert (code, out, len(err)) == (2, "", 1)
    assert err[0].startswith(f"rankwork: error: -m {name!r}: ") and message in err[0]


def test_a_gain_map_that_overflows_is_blamed_on_the_m_argument(pair, capsys):
    name = "DCG(gains={0:0,1:1.7976931348623157e308,2:1.7976931348623157e308})@10"
    code, out, err = cli(capsys, *pair, "-m", name)
    assert (code, out, len(err)) == (2, "", 1)
    assert err[0].startswith(f"rankwork: error: -m {name}: the value for query q")


def test_grades_at_the_top_of_a_double_are_an_error_naming_the_line(tmp_path, capsys):
    # nDCG of q: DCG = M + M / log2 3 = inf. Before: NaN on q's line and 1.0 on 'all'.
    big = "1.7976931348623157e308"
    qrels, run = tmp_path / "qrels.txt", tmp_path / "run.txt"
    qrels.write_text(f"p 0 a 1\nq 0 a {big}\nq 0 b {big}\n")
    run.write_text("p Q0 a 1 1 t\nq Q0 a 1 2.0 t\nq Q0 b 2 1.0 t\n")
    code, out, err = cli(capsys, str(qrels), str(run), "-m", "nDCG@10", "-q")
    assert (code, out, len(err)) == (2, "", 1)
    assert err[0].startswith(f"rankwork: error: {qrels}, line 2: nDCG@10: the value")


def test_a_path_with_a_line_break_is_not_read_as_content(pair, capsys):
    code, out, err = cli(capsys, "1 0 d1 1\n1 0 d2 2\n", pair[1], "-m", "P@5")
    assert (code, out) == (2, "")
    assert err == [
        "rankwork: error: QRELS '1 0 d1 1\\n1 0 d2 2\\n': a file name with a line break is not read"
    ]


@pytest.mark.parametrize("name", ["P@5\t", "P@5\nAP", "P\u2028@5", "RR\r"])
def test_a_measure_name_that_would_break_the_output_is_refused(pair, capsys, name):
    code, out, err = cli(capsys, *pair, "-m", name)
    assert (code, out, len(err)) == (2, "", 1)
    assert "may not hold a tab or a line break" in err[0]


def test_a_device_as_qrels_is_refused_without_reading_it(pair, capsys):
    code, out, err = cli(capsys, "/dev/zero", pair[1])
    assert (code, out) == (2, "")
    assert err == [
        "rankwork: error: /dev/zero: this is a device, not a file; give a file or a pipe"
    ]


def test_an_id_the_output_encoding_cannot_hold_is_one_line_of_error(tmp_path):
    qrels, run = tmp_path / "qrels.txt", tmp_path / "run.txt"
    qrels.write_text("\u4e2d 0 a 1\n", encoding="utf-8")
    run.write_text("\u4e2d Q0 a 1 1.0 t\n", encoding="utf-8")
    done = process(str(qrels), str(run), "-q", "-m", "P@1", env={"PYTHONIOENCODING": "cp1252"})
    assert (done.returncode, done.stdout) == (2, b"")
    assert done.stderr.decode().splitlines() == [
        "rankwork: error: the output holds '\\u4e2d', which the output encoding "
        "cp1252 cannot write; set PYTHONIOENCODING=utf-8"
    ]


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
def test_a_full_disk_is_one_line_of_error(pair):
    with open("/dev/full", "wb") as full:
        done = process(*pair, stdout=full)
    assert done.returncode == 2
    assert done.stderr.decode().splitlines() == [
        "rankwork: error: cannot write the results: No space left on device"
    ]


def test_a_closed_stdout_is_one_line_of_error(pair):
    done = subprocess.run(
        [sys.executable, "-m", "rankwork", *pair],
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        preexec_fn=lambda: os.close(1),  # the child starts with no stdout at all
        timeout=120,
        check=False,
    )
    assert done.returncode == 2
    assert done.stderr.decode().splitlines() == [
        "rankwork: error: there is no standard output to write the results to (it is closed)"
    ]


def test_no_library_warning_reaches_stderr(tmp_path, pair):
    # A rank of 1e300 made pandas warn ("invalid value encountered in cast") before the error;
    # F(beta=1e154) made numpy warn about an overflow on a run that exits 0.
    run = tmp_path / "ranks.txt"
    run.write_text("q Q0 a 1e300 2.0 t\nq Q0 b 2 1.0 t\n")
    bad = process(pair[0], str(run), "-m", "P@2")
    assert bad.returncode == 2
    assert bad.stderr.decode().splitlines() == [
        f"rankwork: error: {run}, line 1: the rank '1e300' is not a whole number "
        "(is the rank column swapped with the score?)"
    ]
    good = process(*pair, "-m", "F(beta=1e154)@5")
    # R = 2 relevant, both retrieved: F tends to R@5 = 1 as beta grows
    assert (good.returncode, good.stderr, good.stdout) == (0, b"", b"F(beta=1e154)@5\tall\t1.0\n")
