"""pyarrow is an optional extra (``rankwork[arrow]``): without it the TREC reader and the batch
evaluation take their pandas paths and give the same DataFrames, errors and numbers.

tests/library/pyarrow_probe.py reads the same files and evaluates the same collections twice,
each in a fresh interpreter: once as installed here (with pyarrow: the Arrow fast paths run) and
once with every ``import pyarrow`` failing as where it is not installed.  The two outputs must be
equal, whole.  The probe also reports what ``import rankwork`` and ``import
rankwork.collection.trec`` add to ``sys.modules``: no pyarrow and no scipy, in either run (with
pyarrow installed pandas imports it itself; rankwork must add no module of its own, nor load
the Arrow kernels).
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PROBE = Path(__file__).with_name("pyarrow_probe.py")


def run_lines(rnd: random.Random) -> list[str]:
    """60 queries of 1-30 documents in blocks, scores descending with ties, some doc ids
    outside ASCII (their byte order is not their code point order in every tool)."""
    lines = []
    for q in range(60):
        docs = rnd.sample(range(400), rnd.randint(1, 30))
        scores = sorted((rnd.randint(0, 12) / 4 for _ in docs), reverse=True)
        for rank, (d, s) in enumerate(zip(docs, scores, strict=True), start=1):
            doc = f"é{d}" if d % 7 == 0 else f"D{d}"
            lines.append(f"q{q} Q0 {doc} {rank} {s} bm25")
    return lines


def qrels_lines(rnd: random.Random) -> list[str]:
    lines = []
    for q in range(62):  # two queries the run lacks
        for d in rnd.sample(range(400), rnd.randint(1, 25)):
            doc = f"é{d}" if d % 7 == 0 else f"D{d}"
            lines.append(f"q{q} 0 {doc} {rnd.choice([0, 0, 1, 2, 3, -1])}")
    return lines


def write_files(folder: Path) -> None:
    rnd = random.Random(26)
    run, qrels = run_lines(rnd), qrels_lines(rnd)
    shuffled = rnd.sample(run, len(run))
    texts = {
        # the fast path's files: single separators
        "run_blocks.txt": "\n".join(run) + "\n",
        "run_shuffled.txt": "\n".join(shuffled) + "\n",
        "run_tabs.txt": "\n".join(line.replace(" ", "\t") for line in run) + "\n",
        "run_crlf_bom.txt": "\ufeff" + "\r\n".join(run[:50]) + "\r\n",
        "qrels.txt": "\n".join(qrels) + "\n",
        # the general path's files
        "run_mixed.txt": "# made by hand\n" + "\n".join(run[:40]).replace(" Q0 ", "  Q0\t") + "\n",
        "run_csv.csv": "qid,docno,score\n"
        + "\n".join(",".join(line.split()[i] for i in (0, 2, 4)) for line in run[:40])
        + "\n",
        "qrels_diversity.txt": "1 1 a 1\n1 2 a 0\n1 2 b 1\n2 1 c 2\n",
        "qrels_grades.txt": "1 0 a 2.5\n1 0 b -1\n2 0 c 0\n",
        # errors, each to be named with its line
        "run_duplicate.txt": "\n".join([*run[:30], run[3]]) + "\n",
        "run_bad_score.txt": "1 Q0 a 1 2.5 t\n1 Q0 b 2 x t\n",
        "run_short_line.txt": "1 Q0 a 1 2.5 t\n1 Q0 b 2\n",
        "qrels_duplicate.txt": "1 0 a 1\n1 0 b 1\n1 0 a 0\n",
        "qrels_empty.txt": "# nothing\n\n",
    }
    for name, text in texts.items():
        (folder / name).write_text(text, encoding="utf-8")
    (folder / "run_not_utf8.txt").write_bytes(b"1 Q0 a 1 2 t\n1 Q0 \xff 2 1 t\n")


def probe(mode: str, folder: Path) -> dict:
    env = {**os.environ, "PYTHONPATH": str(ROOT / "metrics" / "src")}
    done = subprocess.run(
        [sys.executable, str(PROBE), mode, str(folder)],
        capture_output=True,
        text=True,
        env=env,
        cwd=folder.parent,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


@pytest.fixture(scope="module")
def outputs(tmp_path_factory) -> dict[str, dict]:
    pytest.importorskip("pyarrow", reason="compares the Arrow fast paths with the pandas ones")
    folder = tmp_path_factory.mktemp("collection")
    write_files(folder)
    return {mode: probe(mode, folder) for mode in ("installed", "blocked")}


def test_without_pyarrow_nothing_imports_it_and_the_kernels_stay_unloaded(outputs):
    assert outputs["blocked"]["pyarrow_loaded"] == []
    assert outputs["blocked"]["kernels_loaded"] == []
    # the comparison below means something: with pyarrow the Arrow paths did run
    assert outputs["installed"]["kernels_loaded"] == ["rankwork.collection.arrow_kernels"]


@pytest.mark.parametrize("mode", ["installed", "blocked"])
def test_importing_rankwork_and_its_reader_adds_neither_pyarrow_nor_scipy(outputs, mode):
    assert outputs[mode]["import_adds"] == []


def test_the_reader_gives_the_same_frames_and_errors_without_pyarrow(outputs):
    installed, blocked = outputs["installed"]["reads"], outputs["blocked"]["reads"]
    assert blocked.keys() == installed.keys()
    for name in installed:
        assert blocked[name] == installed[name], name
    # both kinds of outcome were compared: frames, and errors naming a line
    assert isinstance(installed["run_blocks.txt"]["path"], dict)
    assert installed["run_duplicate.txt"]["path"].startswith("error: ")
    assert ", line 31: " in installed["run_duplicate.txt"]["path"]


def test_the_batch_evaluation_gives_the_same_numbers_without_pyarrow(outputs):
    installed, blocked = outputs["installed"]["evaluations"], outputs["blocked"]["evaluations"]
    assert blocked == installed
    assert len(installed["run_blocks.txt"]["per_query"]["rows"]) == 62
