"""Condensed lists (`judged_only=True`) against ir_measures, on seeded random collections.

ir_measures 0.4 gives nDCG, AP, P, R, RR and Rprec a `judged_only` parameter, "ignore returned
documents that do not have relevance judgments" (its SUPPORTED_PARAMS description, checked
below). Every per-query value of both our batch path and our single-list path must equal its
value. Grades 0..3 (no negative grade: the tools differ on whether -1 is judged).
"""

from __future__ import annotations

import ir_measures
import pytest

from rankwork.collection.batch import evaluate, query_ranking
from rankwork.core import conventions as C
from rankwork.core.measures import parse
from tests.crosscheck.test_batch_vs_tools import as_dicts, collection

NAMES = {
    ir_measures.nDCG(judged_only=True) @ 10: "nDCG(judged_only=True)@10",
    ir_measures.nDCG(judged_only=True): "nDCG(judged_only=True)",
    ir_measures.AP(judged_only=True): "AP(judged_only=True)",
    ir_measures.AP(judged_only=True) @ 10: "AP(judged_only=True)@10",
    ir_measures.P(judged_only=True) @ 5: "P(judged_only=True)@5",
    ir_measures.P(judged_only=True, rel=2) @ 10: "P(rel=2,judged_only=True)@10",
    ir_measures.R(judged_only=True) @ 10: "R(judged_only=True)@10",
    ir_measures.RR(judged_only=True): "RR(judged_only=True)",
    ir_measures.Rprec(judged_only=True): "Rprec(judged_only=True)",
}


def test_ir_measures_describes_judged_only_as_removing_unjudged() -> None:
    desc = ir_measures.nDCG.SUPPORTED_PARAMS["judged_only"].desc
    assert desc == "ignore returned documents that do not have relevance judgments"


@pytest.mark.parametrize("seed", [21, 22, 23])
def test_condensed_measures_equal_ir_measures(seed: int) -> None:
    qrels, run = collection(seed, grades=(0, 1, 2, 3))
    q, r = as_dicts(qrels, run)
    theirs: dict[str, dict[str, float]] = {}
    for m in ir_measures.iter_calc(list(NAMES), q, r):
        theirs.setdefault(NAMES[m.measure], {})[m.query_id] = m.value
    ours = evaluate(qrels, run, list(NAMES.values()), C.IR_MEASURES).per_query  # qrels-only: 0
    worst = 0.0
    for name, per_query in theirs.items():
        assert set(per_query) <= set(ours.index)
        for qid, expected in per_query.items():
            got = ours.loc[qid, name]
            single = parse(name)(query_ranking(qrels, run, qid), C.IR_MEASURES).value
            assert got == pytest.approx(expected, abs=1e-12, rel=0), (name, qid)
            assert single == pytest.approx(expected, abs=1e-12, rel=0), (name, qid)
            worst = max(worst, abs(got - expected), abs(single - expected))
    print(f"largest difference against ir_measures: {worst:.3g}")


def test_condensing_changes_the_values_here() -> None:
    """The collections have unjudged documents above judged ones, so the check above is not
    the usual measure compared with itself."""
    qrels, run = collection(21, grades=(0, 1, 2, 3))
    both = evaluate(qrels, run, ["AP", "AP(judged_only=True)"], C.IR_MEASURES, missing="skip")
    differ = both.per_query["AP"] != both.per_query["AP(judged_only=True)"]
    assert differ.sum() > 5
