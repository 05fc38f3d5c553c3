"""rankwork's own process: the environment set before numpy, pyarrow and pandas load,
and the exit without the interpreter's teardown (rankwork.__main__._head_start and _exit_now).

Neither may change what the command prints: the output is flushed before the process ends.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from rankwork import __main__ as entry
from rankwork import cli

ROOT = Path(__file__).resolve().parents[2]
QRELS = "1 0 a 1\n1 0 b 0\n2 0 a 2\n"
RUN = "1 Q0 a 1 2.0 t\n1 Q0 c 2 1.0 t\n2 Q0 b 1 3.0 t\n2 Q0 a 2 1.5 t\n"


def test_the_head_start_sets_the_environment_and_keeps_what_the_user_set(monkeypatch):
    monkeypatch.setattr(os, "environ", {"OPENBLAS_NUM_THREADS": "4"})
    entry._head_start()
    assert os.environ == {"OPENBLAS_NUM_THREADS": "4", "ARROW_DEFAULT_MEMORY_POOL": "system"}


def program(*args: str, **kwargs) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "rankwork", *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
        **kwargs,
    )


def test_the_program_prints_what_main_returns(tmp_path, capsys):
    qrels, run, csv = tmp_path / "qrels.txt", tmp_path / "run.txt", tmp_path / "run.csv"
    qrels.write_text(QRELS)
    run.write_text(RUN)
    csv.write_text("qid,docno,score\n1,a,2\n1,c,1\n2,b,3\n2,a,1.5\n")
    for run_file in (run, csv):
        args = [str(qrels), str(run_file), "-m", "P@1", "-m", "AP", "-q"]
        assert cli.main(args) == 0
        expected = capsys.readouterr()
        done = program(*args)
        assert (done.returncode, done.stdout, done.stderr) == (0, expected.out, expected.err)


def test_the_program_reports_bad_input_as_main_does(tmp_path, capsys):
    qrels, run = tmp_path / "qrels.txt", tmp_path / "run.txt"
    qrels.write_text(QRELS)
    run.write_text(RUN + "1 Q0 a 3 0.5 t\n")
    args = [str(qrels), str(run)]
    assert cli.main(args) == 2
    expected = capsys.readouterr().err
    done = program(*args)
    assert (done.returncode, done.stdout, done.stderr) == (2, "", expected)
    assert "line 5: document 'a' appears twice for query '1'" in expected


def test_a_reader_that_stops_early_ends_the_program_quietly(tmp_path):
    # More output than a pipe holds: the writer meets the closed pipe, and the program still
    # exits with status 0 and no traceback.
    qrels, run = tmp_path / "qrels.txt", tmp_path / "run.txt"
    qrels.write_text("".join(f"{q} 0 a 1\n" for q in range(5_000)))
    run.write_text("".join(f"{q} Q0 a 1 1.0 t\n" for q in range(5_000)))
    child = subprocess.Popen(
        [sys.executable, "-m", "rankwork", str(qrels), str(run), "-q"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=ROOT,
    )
    assert child.stdout.readline().startswith(b"nDCG@10\t0\t")
    child.stdout.close()
    assert child.wait(timeout=60) == 0
    assert child.stderr.read() == b""
