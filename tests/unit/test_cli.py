"""rankwork: output format, options, and every kind of bad input (exit status 2, a
one-line message naming the file, the line and the problem, nothing on stdout).

Expected numbers are worked by hand in each test.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from rankwork.cli import main
from rankwork.core.measures import SPECS

ROOT = Path(__file__).resolve().parents[2]

QRELS = """\
# topic 10 has two relevant documents, d2 and d5 (d5 never retrieved)
10 0 d1 0
10 0 d2 1
10 0 d5 2
9 0 a 1
8 0 x 1
"""
# Topic 10: d1 (score 3), then d2 and d3 tied at 2 ('d3' > 'd2': d3 first), so d2 is at rank
# 3. Topic 9: 'a' at rank 1. Topic 8 is not in the run; topic 7 is not in the qrels.
RUN = """\
10 Q0 d2 1 2.0 t
10 Q0 d1 2 3.0 t
10 Q0 d3 3 2.0 t
9 Q0 a 1 1.5 t
7 Q0 z 1 1.0 t
"""


def cli(capsys, *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


# -------------------------------------------------------------------------------- results


def test_per_query_lines_in_trec_eval_order(files, capsys) -> None:
    qrels, run = files("qrels.txt", QRELS), files("run.txt", RUN)
    code, out, err = cli(capsys, qrels, run, "-m", "RR", "-m", "P( rel = 2 )@3", "-q")
    assert code == 0
    # trec_eval's order is strcmp's: "10" < "8" < "9". Topic 8 is an empty ranking (0).
    assert out.splitlines() == [
        "RR\t10\t0.3333333333333333",  # d2 at rank 3
        "P( rel = 2 )@3\t10\t0.0",  # d5 (grade 2) was not retrieved
        "RR\t8\t0.0",
        "P( rel = 2 )@3\t8\t0.0",
        "RR\t9\t1.0",
        "P( rel = 2 )@3\t9\t0.0",
        f"RR\tall\t{(1 / 3 + 0 + 1) / 3!r}",
        "P( rel = 2 )@3\tall\t0.0",
    ]
    # the missing and the ignored topic are named on stderr
    assert "8" in err and "score 0" in err and "7" in err and "ignored" in err


def test_all_only_without_q_and_missing_skip(files, capsys) -> None:
    qrels, run = files("qrels.txt", QRELS), files("run.txt", RUN)
    code, out, err = cli(capsys, qrels, run, "-m", "AP", "--missing", "skip")
    assert code == 0
    # AP of topic 10: (1/3) / R, R = 2; topic 9: 1. Topic 8 left out.
    assert out == f"AP\tall\t{(1 / 6 + 1) / 2!r}\n"
    assert "left out" in err


def test_default_measures(files, capsys) -> None:
    code, out, _ = cli(capsys, files("q.txt", QRELS), files("r.txt", RUN))
    assert code == 0
    assert [line.split("\t")[0] for line in out.splitlines()] == ["nDCG@10", "P@10", "AP", "RR"]


def test_convention_option_changes_tie_order(files, capsys) -> None:
    qrels, run = files("qrels.txt", QRELS), files("run.txt", RUN)
    # ranx keeps the file order inside the tie: d2 before d3, so d2 is at rank 2.
    code, out, _ = cli(capsys, qrels, run, "-m", "RR", "-q", "--convention", "RANX NDCG")
    assert code == 0
    assert out.splitlines()[0] == "RR\t10\t0.5"


def test_err_warns_about_gdeval_top_grade(files, capsys) -> None:
    code, out, err = cli(capsys, files("q.txt", QRELS), files("r.txt", RUN), "-m", "ERR@10")
    assert code == 0 and out.startswith("ERR@10\tall\t")
    assert "top grade is 4" in err and "largest grade is 2" in err


def test_help_documents_every_measure_and_option(capsys) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["--help"])
    assert exit_info.value.code == 0
    text = capsys.readouterr().out
    for family in SPECS:
        assert f"  {family} " in text
    for option in ("-m MEASURE", "-q", "--missing", "zero", "skip", "error", "--compare"):
        assert option in text
    assert "--convention" in text


def test_module_runs_as_a_program(files) -> None:
    qrels, run = files("qrels.txt", QRELS), files("run.txt", RUN)
    done = subprocess.run(
        [sys.executable, "-m", "rankwork", qrels, run, "-m", "P@1", "-q"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )
    assert done.returncode == 0
    assert done.stdout.splitlines()[-1] == f"P@1\tall\t{(0 + 0 + 1) / 3!r}"
    bad = subprocess.run(
        [sys.executable, "-m", "rankwork", qrels, str(Path(run).parent / "nope.txt")],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )
    assert bad.returncode == 2 and bad.stdout == ""
    assert len(bad.stderr.splitlines()) == 1


# ------------------------------------------------------------------------------ bad input


def bad(capsys, *args: str) -> str:
    """Run, check exit status 2, nothing on stdout and a one-line message; return it."""
    code, out, err = cli(capsys, *args)
    assert code == 2
    assert out == ""
    assert len(err.splitlines()) == 1, err
    assert err.startswith("rankwork: error: ")
    return err


def test_missing_file(files, capsys) -> None:
    run = files("run.txt", RUN)
    err = bad(capsys, str(Path(run).parent / "absent.qrels"), run)
    assert "absent.qrels" in err and "No such file" in err


def test_run_line_with_too_few_columns(files, capsys) -> None:
    run = files("run.txt", "10 Q0 d1 1 3.0 t\n10 Q0 d2 1 2.0\n")
    err = bad(capsys, files("q.txt", QRELS), run)
    assert f"{run}, line 2:" in err and "5 columns" in err


def test_score_not_a_number(files, capsys) -> None:
    run = files("run.txt", "# a comment\n10 Q0 d1 1 high t\n")
    err = bad(capsys, files("q.txt", QRELS), run)
    assert f"{run}, line 2:" in err and "'high' is not a number" in err


def test_duplicate_document_in_a_run_query(files, capsys) -> None:
    run = files("run.txt", "10 Q0 d1 1 3.0 t\n10 Q0 d2 2 2.0 t\n10 Q0 d1 3 1.0 t\n")
    err = bad(capsys, files("q.txt", QRELS), run)
    assert f"{run}, line 3:" in err and "'d1' appears twice" in err


def test_grade_not_a_number(files, capsys) -> None:
    qrels = files("q.txt", "10 0 d1 1\n10 0 d2 yes\n")
    err = bad(capsys, qrels, files("r.txt", RUN))
    assert f"{qrels}, line 2:" in err and "'yes' is not a number" in err


def test_document_judged_twice(files, capsys) -> None:
    qrels = files("q.txt", "10 0 d1 1\n10 0 d1 0\n")
    err = bad(capsys, qrels, files("r.txt", RUN))
    assert f"{qrels}, line 2:" in err and "judged twice" in err


def test_empty_run(files, capsys) -> None:
    run = files("run.txt", "\n# nothing\n")
    err = bad(capsys, files("q.txt", QRELS), run)
    assert run in err and "no data lines" in err


def test_unknown_measure_reads_no_file(files, capsys) -> None:
    err = bad(capsys, "/nonexistent/q", "/nonexistent/r", "-m", "nDCG@10", "-m", "MAP")
    assert "-m 'MAP'" in err and "Unknown measure 'MAP'" in err


def test_grade_above_err_top_grade(files, capsys) -> None:
    qrels = files("q.txt", "# graded\n10 0 d1 1\n\n10 0 d2 6\n")
    err = bad(capsys, qrels, files("r.txt", RUN), "-m", "ERR@10")
    assert f"{qrels}, line 4:" in err and "ERR@10" in err and "grade 6" in err


def test_grade_missing_from_a_gain_map(files, capsys) -> None:
    qrels = files("q.txt", "10 0 d1 1\n10 0 d2 2\n9 0 a 4\n")
    err = bad(capsys, qrels, files("r.txt", RUN), "-m", "nDCG(gains={0:0,1:1,2:3})@10")
    assert f"{qrels}, line 3:" in err and "no gain for grade 4" in err


def test_negative_grade_under_a_convention_that_rejects_it(files, capsys) -> None:
    qrels = files("q.txt", "10 0 d1 1\n10 0 d2 -1\n")
    err = bad(capsys, qrels, files("r.txt", RUN), "--convention", "textbook")
    assert f"{qrels}, line 2:" in err and "negative grade -1" in err


def test_missing_error(files, capsys) -> None:
    run = files("r.txt", RUN)
    err = bad(capsys, files("q.txt", QRELS), run, "--missing", "error")
    assert run in err and "no results in the run: 8" in err


def test_several_runs_need_compare(files, capsys) -> None:
    run = files("r.txt", RUN)
    err = bad(capsys, files("q.txt", QRELS), run, run)
    assert "--compare" in err


def test_bad_option_and_missing_arguments(capsys) -> None:
    assert "--missing" in bad(capsys, "q", "r", "--missing", "maybe")
    assert "required" in bad(capsys)


def test_unknown_convention(files, capsys) -> None:
    err = bad(capsys, "q", "r", "--convention", "nonsense")
    assert "unknown --convention 'nonsense'" in err


# ------------------------------------------------------------------------------- --compare

# Four topics, each with one relevant document ('r'); run A finds it at ranks 1, 1, 2, 4 and
# run B at ranks 2, 1, 4, absent (topic 4). RR per topic: A = 1, 1, 1/2, 1/4; B = 1/2, 1,
# 1/4, 0.
COMPARE_QRELS = "".join(f"{q} 0 r 1\n" for q in (1, 2, 3, 4))


def compare_run(ranks: dict[int, int]) -> str:
    lines = []
    for q in (1, 2, 3, 4):
        for rank in range(1, 5):
            doc = "r" if ranks.get(q) == rank else f"n{rank}"
            lines.append(f"{q} Q0 {doc} {rank} {10 - rank} t\n")
    return "".join(lines)


def test_compare_means_intervals_and_paired_tests(files, capsys) -> None:
    from scipy import stats as scipy_stats

    qrels = files("q.txt", COMPARE_QRELS)
    a = files("a.txt", compare_run({1: 1, 2: 1, 3: 2, 4: 4}))
    b = files("b.txt", compare_run({1: 2, 2: 1, 3: 4}))
    code, out, _ = cli(capsys, qrels, a, b, "-m", "RR", "--compare")
    assert code == 0
    runs_block, pairs_block = out.rstrip("\n").split("\n\n")
    runs = [line.split("\t") for line in runs_block.splitlines()]
    pairs = [line.split("\t") for line in pairs_block.splitlines()]
    assert runs[0] == ["measure", "run", "mean", "ci_low", "ci_high", "queries"]
    rr_a, rr_b = [1, 1, 1 / 2, 1 / 4], [1 / 2, 1, 1 / 4, 0]
    for row, values in zip(runs[1:], (rr_a, rr_b), strict=True):
        assert row[:2] == ["RR", a if values is rr_a else b]
        mean, low, high = (float(x) for x in row[2:5])
        assert mean == pytest.approx(sum(values) / 4, abs=1e-15)
        assert min(values) <= low <= mean <= high <= max(values)
        assert row[5] == "4"
    assert "\t".join(pairs[0]) == (
        "measure\tbaseline\tchallenger\tchallenger_minus_baseline\tci_low\tci_high\t"
        "p_randomisation\tp_t\tp_randomisation_holm\tp_t_holm\tqueries\teffect_size"
    )
    measure, baseline, challenger, diff, low, high, p_rand, p_t, p_rand_holm, p_t_holm, n, d_z = (
        pairs[1]
    )
    # the run given first is the baseline: b - a, as the Evaluate page's compare tab says it
    d = [y - x for x, y in zip(rr_a, rr_b, strict=True)]  # -1/2, 0, -1/4, -1/4
    assert (measure, baseline, challenger, n) == ("RR", a, b, "4")
    assert float(diff) == pytest.approx(-1 / 4, abs=1e-15)
    assert min(d) <= float(low) <= float(diff) <= float(high) <= max(d)
    assert (p_rand_holm, p_t_holm) == (p_rand, p_t)  # one comparison: nothing to adjust
    assert float(p_t) == pytest.approx(scipy_stats.ttest_rel(rr_a, rr_b).pvalue, rel=1e-9)
    # d_z of b - a = t / sqrt(n), with scipy's t of b against a
    assert float(d_z) == pytest.approx(scipy_stats.ttest_rel(rr_b, rr_a).statistic / 2, rel=1e-9)
    # Exact sign-flip p: of the 8 sign patterns of the non-zero differences (1/2, 1/4, 1/4),
    # those with |sum| >= 1 are +++ and ---: 2/8. A sample of 10,000 is near it.
    assert float(p_rand) == pytest.approx(2 / 8, abs=0.02)


def test_compare_needs_two_runs_and_two_queries(files, capsys) -> None:
    qrels, run = files("q.txt", "1 0 r 1\n"), files("r.txt", "1 Q0 r 1 1.0 t\n")
    assert "at least two runs" in bad(capsys, qrels, run, "--compare")
    err = bad(capsys, qrels, run, run, "--compare")
    assert "--compare" in err and "at least 2 queries" in err


@pytest.mark.parametrize("measure", ["RR", "AP"])
def test_compare_same_run_twice_prints_no_nan(files, capsys, measure) -> None:
    """Issue 33.6: the t-test and d_z divide by the differences' standard deviation, 0 here;
    the three columns say 'undefined' (no parser reads it as a number), stderr says why."""
    import io

    import pandas as pd

    qrels = files("q.txt", COMPARE_QRELS)
    a = files("a.txt", compare_run({1: 1, 2: 3}))
    code, out, err = cli(capsys, qrels, a, a, "-m", measure, "--compare")
    assert code == 0
    assert "nan" not in out.lower().replace("undefined", "")
    header, pair = (line.split("\t") for line in out.rstrip("\n").split("\n\n")[1].splitlines())
    row = dict(zip(header, pair, strict=True))
    assert row["challenger"] == f"{a}#2" and float(row["challenger_minus_baseline"]) == 0.0
    # every difference 0, and every sign flip gives |mean| >= 0: the randomisation p is 1
    assert float(row["p_randomisation"]) == 1.0
    assert [row["p_t"], row["p_t_holm"], row["effect_size"]] == ["undefined"] * 3
    table = pd.read_csv(io.StringIO(out.rstrip("\n").split("\n\n")[1]), sep="\t")
    assert not table.isna().any().any()  # pandas reads no NaN from it
    assert "t-test is undefined" in err
    assert "print 'undefined' for p_t, p_t_holm, effect_size" in err


def test_compare_a_constant_shift_has_no_t_test_either(files, capsys) -> None:
    """b ranks the relevant document second where a ranks it first, on both queries: RR 1 vs
    1/2, every difference -1/2; the spread is 0, so t = -1/2 / 0 is undefined too."""
    qrels = files("q.txt", "1 0 r 1\n2 0 r 1\n")
    a = files("a.txt", "1 Q0 r 1 9 t\n1 Q0 n 2 8 t\n2 Q0 r 1 9 t\n2 Q0 n 2 8 t\n")
    b = files("b.txt", "1 Q0 n 1 9 t\n1 Q0 r 2 8 t\n2 Q0 n 1 9 t\n2 Q0 r 2 8 t\n")
    code, out, err = cli(capsys, qrels, a, b, "-m", "RR", "--compare")
    assert code == 0
    header, pair = (line.split("\t") for line in out.rstrip("\n").split("\n\n")[1].splitlines())
    row = dict(zip(header, pair, strict=True))
    assert float(row["challenger_minus_baseline"]) == -0.5
    assert [row["p_t"], row["p_t_holm"], row["effect_size"]] == ["undefined"] * 3
    assert "t-test is undefined" in err


def test_help_documents_every_compare_column(capsys) -> None:
    from rankwork.stats.comparison import PAIR_COLUMNS

    with pytest.raises(SystemExit):
        main(["--help"])
    shown = capsys.readouterr().out
    described = shown[shown.index("--compare output:") :]
    for column in ["run", "mean", "ci_low", "ci_high", "queries", *PAIR_COLUMNS]:
        assert f"{column} (" in described or f"{column};" in described or f"{column}," in described
    assert "'undefined'" in described
