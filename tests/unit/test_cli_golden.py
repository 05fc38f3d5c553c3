"""`rankwork` on the sample collection (data/sample) prints, byte for byte, what it
printed before metrics/ was split into sub-packages (issue 13).

The golden files in tests/data/cli_sample_golden/ are that program's own output: they were
written by the code of commit 5ec42b5e4fe9e9da51993e45327643aafea41978 (the last one before
the move), running exactly the commands in CASES, and committed before anything moved. So
they are not an independent check of the numbers: they only pin what the command line
prints (stdout, stderr and the exit status) against a later rearrangement of the code. The
numbers themselves are checked against trec_eval's C code (pytrec_eval) and ranx elsewhere,
in tests/crosscheck (e.g. test_batch_vs_tools.py, test_cli_missing.py).

One edit since, by hand: SetAP, the first measure added after the move, joined the list of
valid measures that bad_measure.stderr quotes ("Rprec, SetAP, Bpref"); and Q-measure (issue 15
§2) joined it the same way ("AP@100, Q, Q(beta=2)@10, RR"), the line being
`rankwork.core.measures.EXAMPLES` joined as the parser's message joins it. The C/W/L measures
(issue 15 §2) were appended to that line the same way ("StRecall@20, INST, ..., BPM(T=2)@10").
Since issue 27 a family added later is not appended: its examples are left out of the
comparison (`_golden_names_only`), so that adding a measure touches only its module, its test and
the catalogues.

And one rewrite of compare_three.stdout, of its p_t and p_t_holm columns only, when the Student
t distribution of rankwork.stats.stats moved from a hand-written incomplete beta to
scipy.stats.t.sf: the nine p-values changed in their 14th or 15th significant digit. Checked
then against scipy.stats.ttest_rel and statsmodels' Holm adjustment on the per-query values
that `rankwork -q` prints: the new p-values are within 5.3e-15 of them, relatively
(the old ones were within 9.8e-15). Every other byte stayed the same.

And one more column in compare_three.stdout, effect_size (issue 15: the paired standardized
difference d_z), appended to each pair's line: every other byte stayed the same. Checked then
against scipy.stats.ttest_rel's t / sqrt(n) on the per-query values `rankwork -q`
prints: within 2.2e-16, relatively.

Every byte is compared but a value's last digits: numpy's sums pick their SIMD kernel by the
CPU, so one sum can end in another last bit on another machine (RBP(p=0.8) of query 312 in
assessor2_per_query prints 0.41141582885999506 on an AMD EPYC where the file, written
elsewhere, has 0.411415828859995). A value equal within 1e-13, relatively, matches; the rest of
each line, stderr and the exit status must match exactly.
"""

from __future__ import annotations

import math
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = ROOT / "tests" / "data" / "cli_sample_golden"
Q, S = "data/sample/qrels.txt", "data/sample/run_"
MANY = ["-m", "nDCG@10", "-m", "P@5", "-m", "AP", "-m", "RR", "-m", "ERR@10"]
MANY += ["-m", "RBP(p=0.8)", "-m", "Bpref", "-m", "Rprec"]
PARAMETERISED = ["-m", "nDCG(dcg='exp-log2')@10", "-m", "P(rel=2)@5", "-m", "R@100"]
PARAMETERISED += ["-m", "F1@10", "-m", "ERR(max_rel=3)@10", "-m", "RBP(p=0.8,rel=1)"]
PARAMETERISED += ["-m", "RBP_resid(p=0.8)", "-m", "Success@10", "-m", "Judged@10"]
PARAMETERISED += ["-m", "NumRel", "-m", "NumRet", "-m", "NumRelRet", "-m", "AP@100"]
COMPARED = ["-m", "nDCG@10", "-m", "AP", "-m", "RBP(p=0.8)", "--compare"]

# name -> the command line's arguments (paths relative to the repository's root)
CASES = {
    "strong_per_query": [Q, S + "strong.txt", *MANY, "-q"],
    "medium_per_query": [Q, S + "medium.txt", *MANY, "-q"],  # many tied scores
    "weak_default": [Q, S + "weak.txt"],  # query 315 missing: a warning on stderr
    "weak_skip_per_query": [Q, S + "weak.txt", "--missing", "skip", "-q"],
    "weak_parameterised": [Q, S + "weak.txt", *PARAMETERISED, "-q"],
    "strong_ir_measures": [Q, S + "strong.txt", *MANY, "--convention", "ir_measures"],
    "assessor2_per_query": ["data/sample/qrels_assessor2.txt", S + "medium.txt", *MANY, "-q"],
    "compare_three": [Q, *(S + r + ".txt" for r in ("weak", "medium", "strong")), *COMPARED],
    "bad_measure": [Q, S + "strong.txt", "-m", "nDCG@x"],
    "missing_error": [Q, S + "weak.txt", "--missing", "error"],
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_the_output_is_the_golden_one(name):
    done = subprocess.run(
        [sys.executable, "-m", "rankwork", *CASES[name]], capture_output=True, cwd=ROOT, check=False
    )
    expected = (GOLDEN / f"{name}.stdout").read_bytes(), (GOLDEN / f"{name}.stderr").read_bytes()
    status = int((GOLDEN / f"{name}.status").read_text())
    assert (done.returncode, _golden_names_only(done.stderr, expected[1])) == (status, expected[1])
    assert _fields(done.stdout) == _fields(expected[0])


VALID = re.compile(rb"Valid measures: (.*)\.$", re.MULTILINE)


def _golden_names_only(printed: bytes, golden: bytes) -> bytes:
    """`printed` with the names of its "Valid measures: ..." list that the golden list lacks
    left out: the examples of a family added since the file was written (its module declares
    them, docs/adding-a-measure.md), so that a new family does not rewrite the golden file."""
    new, old = VALID.search(printed), VALID.search(golden)
    if new is None or old is None:
        return printed
    known = old.group(1).split(b", ")
    kept = [name for name in new.group(1).split(b", ") if name in known]
    return printed[: new.start(1)] + b", ".join(kept) + printed[new.end(1) :]


def test_only_names_added_since_are_left_out_of_the_golden_list():
    golden = b"rankwork: error: x. Valid measures: nDCG@10, AP.\n"
    assert (
        _golden_names_only(b"rankwork: error: x. Valid measures: nDCG@10, DCGsq@10, AP.\n", golden)
        == golden
    )
    assert _golden_names_only(b"rankwork: error: x. Valid measures: AP.\n", golden) != golden
    assert (
        _golden_names_only(b"rankwork: error: y. Valid measures: nDCG@10, AP.\n", golden) != golden
    )


class _Value(float):
    """A printed value that equals another within 1e-13, relatively (the last bits of a sum)."""

    def __eq__(self, other):
        return isinstance(other, float) and math.isclose(self, other, rel_tol=1e-13, abs_tol=0)

    __hash__ = float.__hash__


def _fields(out: bytes) -> list[list[object]]:
    """Each line's tab-separated fields, a field that parses as a finite number as a _Value."""
    rows = []
    for line in out.decode().splitlines():
        row = []
        for field in line.split("\t"):
            try:
                value = float(field)
            except ValueError:
                value = None
            row.append(_Value(value) if value is not None and math.isfinite(value) else field)
        rows.append(row)
    return rows
