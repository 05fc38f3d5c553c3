"""A query whose only judgment is negative (``301 0 d1 -1``): trec_eval's C code, as
pytrec_eval wraps it, crashes or hangs on it now and then (issue 33: a segmentation fault with
map, ndcg_cut, P, recip_rank, Rprec, bpref, ndcg and recall), so the cross-checks keep such
queries out (tests/crosscheck/test_vs_tools.py, test_batch_vs_tools.py). RankLab's value is
pinned here instead, worked by hand.

By hand: the one judged document has grade -1. Whether the convention reads it as unjudged
(trec_eval's) or clips it to 0, no document has a grade >= 1, so the query has no relevant
document: R = 0, and DESIGN.md's default for a query with no relevant document is the value 0
(included in the mean). So every measure below is 0 on it, the mean too.
"""

from __future__ import annotations

import pytest

from rankwork.cli import main

MEASURES = ["AP", "nDCG@10", "P@10", "RR", "Rprec", "Bpref", "nDCG", "R@10"]


@pytest.mark.parametrize("measure", MEASURES)
def test_a_query_judged_only_negative_scores_0(tmp_path, capsys, measure) -> None:
    qrels, run = tmp_path / "qrels.txt", tmp_path / "run.txt"
    qrels.write_text("301 0 d1 -1\n")
    run.write_text("301 Q0 d1 1 2.0 r\n301 Q0 d2 2 1.0 r\n")
    assert main([str(qrels), str(run), "-m", measure, "-q"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines() == [f"{measure}\t301\t0.0", f"{measure}\tall\t0.0"]
