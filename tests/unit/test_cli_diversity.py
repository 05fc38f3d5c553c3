"""rankwork with a diversity qrels (ndeval's `topic subtopic docno judgment`): the
diversity measures in trec_eval's output format, how the qrels is recognised (--qrels), and
the messages when the qrels and the measures do not fit.

Expected numbers are worked by hand here (the list of tests/unit/test_diversity_batch.py's
`hand`, written as files).
"""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from tests.unit.test_cli import cli

ROOT = Path(__file__).resolve().parents[2]

# Topic q: subtopics 1 and 2 (weight 1/2 each); d1 {1}, d2 {1, 2}, d3 {2}, d4 relevant to
# none. Topic z judges one document, relevant to nothing.
QRELS = """\
q 1 d1 1
q 2 d1 0
q 1 d2 1
q 2 d2 2
q 2 d3 1
q 1 d4 0
z 1 a 0
"""
# q ranks d1, d4, d2 (d3 never retrieved), then the unjudged x: novelty gains 1/2, 0, 3/4, 0.
RUN = """\
q Q0 d1 1 4 t
q Q0 d4 2 3 t
q Q0 d2 3 2 t
q Q0 x 4 1 t
z Q0 a 1 1 t
"""
LOG3 = math.log2(3)
# sum g_i/log2(i+1) = 1/2 + (3/4)/2; the greedy ideal d2, d3, d1 has gains 1, 1/4, 1/4
ALPHA_NDCG_3 = (0.5 + 0.375) / (1 + 0.25 / LOG3 + 0.25 / 2)
# 1/2 + 3/4 * 1/4 over the ideal's 1 + 1/4 * 1/2 + 1/4 * 1/4 (the factor 1 - (1-α)β cancels)
NNRBP = (0.5 + 0.75 * 0.25) / (1 + 0.125 + 0.0625)


def values(out: str) -> dict[tuple[str, str], float]:
    rows = [line.split("\t") for line in out.splitlines()]
    assert all(len(row) == 3 for row in rows)
    return {(m, q): float(v) for m, q, v in rows}


def test_diversity_measures_per_query_and_mean(files, capsys) -> None:
    qrels, run = files("div.txt", QRELS), files("run.txt", RUN)
    names = ["alpha_nDCG@3", "nNRBP", "StRecall@1", "P@2"]
    code, out, err = cli(capsys, qrels, run, *(a for n in names for a in ("-m", n)), "-q")
    assert code == 0
    got = values(out)
    assert list(got) == [(n, q) for q in ("q", "z") for n in names] + [(n, "all") for n in names]
    assert got["alpha_nDCG@3", "q"] == pytest.approx(ALPHA_NDCG_3, rel=1e-15)
    assert got["nNRBP", "q"] == pytest.approx(NNRBP, rel=1e-15)
    assert got["StRecall@1", "q"] == 0.5
    assert got["P@2", "q"] == 0.5  # d1 (largest judgment 1) relevant, d4 (0) not
    assert all(got[n, "z"] == 0.0 for n in names)  # nothing relevant: 0, not nan
    assert got["alpha_nDCG@3", "all"] == pytest.approx(ALPHA_NDCG_3 / 2, rel=1e-15)
    # values at full double precision, as for the other measures
    line = next(x for x in out.splitlines() if x.startswith("alpha_nDCG@3\tq\t"))
    assert line.split("\t")[2] == repr(got["alpha_nDCG@3", "q"])
    # --qrels auto found a diversity qrels, and says so on stderr
    assert "div.txt is read as a diversity qrels" in err and "--qrels trec" in err
    assert "(3 subtopics over 2 queries)" in err  # q: 1 and 2; z: 1


def test_parameters_as_ir_measures_spells_them(files, capsys) -> None:
    """alpha=0 removes the redundancy penalty: gains 1/2, 0, 1; α-DCG@3's normaliser is then
    sum 1/log2(i+1)."""
    qrels, run = files("div.txt", QRELS), files("run.txt", RUN)
    code, out, _ = cli(capsys, qrels, run, "-m", "alpha_DCG(alpha=0)@3")
    assert code == 0
    assert values(out)["alpha_DCG(alpha=0)@3", "all"] == pytest.approx(
        (0.5 + 1 / 2) / (1 + 1 / LOG3 + 1 / 2) / 2, rel=1e-15
    )


def test_qrels_trec_reads_an_ordinary_qrels_and_refuses_the_repeat(files, capsys) -> None:
    qrels, run = files("div.txt", QRELS), files("run.txt", RUN)
    code, out, err = cli(capsys, qrels, run, "-m", "P@2", "--qrels", "trec")
    assert (code, out) == (2, "")
    assert f"{qrels}, line 2: document 'd1' is judged twice for query 'q'" in err
    assert len(err.splitlines()) == 1


def test_one_subtopic_queries_are_read_and_the_lack_of_diversity_is_said(files, capsys) -> None:
    """Each query with one subtopic (an ordinary qrels' constant iteration, or a diversity
    qrels of unambiguous queries): a diversity measure reads it as a diversity qrels and says
    that there is nothing to diversify. q: d1 relevant at rank 1 and d2 at rank 3; S-recall@1
    = 1 (the one subtopic is covered at once)."""
    qrels = files("one.txt", "q 7 d1 1\nq 7 d2 1\nz 3 a 1\n")
    run = files("run.txt", RUN)
    expected = {("StRecall@1", "q"): 1.0, ("StRecall@1", "z"): 1.0, ("StRecall@1", "all"): 1.0}
    code, out, err = cli(capsys, qrels, run, "-m", "StRecall@1", "-q")
    assert code == 0 and values(out) == expected
    assert "read as a diversity qrels" in err and "every query of" in err
    code, out, err = cli(capsys, qrels, run, "-m", "StRecall@1", "--qrels", "diversity", "-q")
    assert code == 0 and values(out) == expected
    assert "read as a diversity qrels" not in err and "has one subtopic" in err


def test_an_ordinary_qrels_reads_as_before(files, capsys) -> None:
    """No diversity measure: the qrels is read as an ordinary one, with no note; --qrels trec
    refuses the diversity measures by name."""
    qrels = files("qrels.txt", "q 0 d1 1\nq 0 d2 0\nz 0 a 1\n")
    run = files("run.txt", RUN)
    code, out, err = cli(capsys, qrels, run, "-m", "P@1")
    assert (code, err) == (0, "")
    code, out, err = cli(capsys, qrels, run, "-m", "P@1", "-m", "ERR_IA@20", "--qrels", "trec")
    assert (code, out) == (2, "")
    assert f"{qrels}: ERR_IA@20: this measure needs a diversity qrels" in err


def test_a_repeated_judgment_names_both_lines(files, capsys) -> None:
    qrels = files("div.txt", QRELS + "q 2 d2 0\n")
    code, out, err = cli(capsys, qrels, files("run.txt", RUN), "-m", "AP_IA")
    assert (code, out) == (2, "")
    assert (
        f"{qrels}, line 8: document 'd2' is judged twice for query 'q' and subtopic '2' "
        "(lines 4 and 8)"
    ) in err


def test_trec_eval_judgment_groups_are_read_as_subtopics_only_for_a_diversity_measure(
    capsys,
) -> None:
    """trec_eval's qrels.123 (three judgment groups, iter 0, 1, 2, for -R qrels_jg) looks
    exactly like a diversity qrels. Asked for P@10 it is read as trec_eval's plain reader
    reads it, and refused; asked for a diversity measure, as a diversity qrels, and said."""
    # CI puts a copy of shared/ beside the clone (as tests/unit/test_trec.py reads it)
    suite = ROOT.parent / "shared" / "conformance" / "trec_eval"
    if not suite.exists():
        pytest.skip(f"trec_eval's test files are not at {suite}")
    qrels, run = str(suite / "qrels.123"), str(suite / "results.test")
    code, out, err = cli(capsys, qrels, run, "-m", "P@10")
    assert code == 2 and "line 3682" in err and "judged twice" in err
    code, out, err = cli(capsys, qrels, run, "-m", "P@10", "-m", "StRecall@10")
    assert code == 0 and "read as a diversity qrels" in err and "(9 subtopics" in err
