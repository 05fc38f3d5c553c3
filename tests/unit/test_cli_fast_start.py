"""python -m metrics's own process: the input files prefetched while pandas loads, and the exit
without the interpreter's teardown (metrics.__main__._head_start and _exit_now).

Neither may change what the command prints: the prefetched table is taken only when the reader
asks for exactly that read, and the output is flushed before the process ends.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from metrics import __main__ as entry
from metrics import cli
from metrics.collection import arrow_kernels, trec

ROOT = Path(__file__).resolve().parents[2]
QRELS = "1 0 a 1\n1 0 b 0\n2 0 a 2\n"
RUN = "1 Q0 a 1 2.0 t\n1 Q0 c 2 1.0 t\n2 Q0 b 1 3.0 t\n2 Q0 a 2 1.5 t\n"


@pytest.fixture
def head_start(monkeypatch):
    """_head_start in this process, with the environment restored afterwards."""
    monkeypatch.setattr(os, "environ", dict(os.environ))
    yield entry._head_start
    for path in {key[0] for key in arrow_kernels._prefetched}:
        arrow_kernels.drop_prefetched(path)


@pytest.mark.parametrize("separator", [" ", "\t"])
def test_the_prefetched_tables_are_the_ones_the_reader_asks_for(
    tmp_path, monkeypatch, head_start, separator
):
    qrels, run = tmp_path / "qrels.txt", tmp_path / "run.txt"
    qrels.write_text(QRELS.replace(" ", separator))
    run.write_text(RUN.replace(" ", separator))
    head_start(["-m", "P@1", str(qrels), "--missing", "zero", str(run), "-q"])
    assert len(arrow_kernels._prefetched) == 2
    reads = []
    monkeypatch.setattr(arrow_kernels, "_read_delimited", lambda *args: reads.append(args))
    assert trec.read_qrels(str(qrels))["docno"].tolist() == ["a", "b", "a"]
    assert trec.read_run(str(run))["docno"].tolist() == ["a", "c", "b", "a"]
    assert not arrow_kernels._prefetched  # both taken ...
    assert not reads  # ... and nothing read again


def test_files_the_fast_path_does_not_read_are_left_alone(tmp_path, head_start):
    csv, missing = tmp_path / "run.csv", tmp_path / "absent.txt"
    csv.write_text("qid,docno,score\n1,a,2\n")
    head_start([str(missing), str(csv)])
    assert not arrow_kernels._prefetched


@pytest.mark.parametrize(
    "argv, paths",
    [
        (["q", "r"], ["q", "r"]),
        (["-m", "P@10", "q", "--measure", "AP", "r", "-q"], ["q", "r"]),
        (
            ["--missing", "skip", "--convention", "x", "q", "r1", "r2", "--compare"],
            ["q", "r1", "r2"],
        ),
        (["--measure=AP", "-mRR", "q", "--", "-r"], ["q", "-r"]),
        (["--help"], []),
    ],
)
def test_input_paths_are_the_positional_arguments(argv, paths):
    assert entry._input_paths(argv) == paths


def program(*args: str, **kwargs) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "metrics", *args],
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
        [sys.executable, "-m", "metrics", str(qrels), str(run), "-q"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=ROOT,
    )
    assert child.stdout.readline().startswith(b"nDCG@10\t0\t")
    child.stdout.close()
    assert child.wait(timeout=60) == 0
    assert child.stderr.read() == b""
