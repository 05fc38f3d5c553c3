"""The C/W/L measures (INST, INSQ, NERR8-11, BPM) against cwl_eval 1.0.12, on seeded collections.

Two ways in: ir_measures 0.4.3's cwl_eval provider (the names as ir_measures spells them, the
whole collection, qrels grades clipped to [min_rel, max_rel] and scaled to [0, 1]) for the
batch and the single-list path; and cwl_eval's metric classes called directly on lists with
unjudged documents (NaN gains, which cwl_eval scores 0) and longer than its depth of 1000.
ir_measures orders a run by score with ties in input order (its cwl provider's stable sort),
so the runs here have no tied scores: every tool then reads the same list.
"""

from __future__ import annotations

import ir_measures
import numpy as np
import pandas as pd
import pytest
from cwl.ruler.measures.cwl_bpm import BPMCWLMetric
from cwl.ruler.measures.cwl_insq import INSQCWLMetric
from cwl.ruler.measures.cwl_inst import INSTCWLMetric
from cwl.ruler.measures.cwl_nerr import (
    NERReq8CWLMetric,
    NERReq9CWLMetric,
    NERReq10CWLMetric,
    NERReq11CWLMetric,
)
from cwl.ruler.ranking import Ranking as CwlRanking

from rankwork.collection.batch import evaluate, query_ranking
from rankwork.core import conventions as C
from rankwork.core.measures import MeasureNameError, parse
from rankwork.core.ranking import Ranking
from tests.crosscheck.test_batch_vs_tools import as_dicts

M = ir_measures
# ir_measures' measure -> RankLab's name (max_rel given explicitly: ir_measures requires it;
# T as a float: ir_measures refuses T=3)
NAMES = {
    M.INST(max_rel=3): "INST(max_rel=3)",
    M.INST(T=2.5, max_rel=3): "INST(T=2.5,max_rel=3)",
    M.INST(max_rel=2): "INST(max_rel=2)",
    M.INSQ(max_rel=3): "INSQ(max_rel=3)",
    M.INSQ(T=3.0, max_rel=3): "INSQ(T=3,max_rel=3)",
    M.NERR8(max_rel=3) @ 10: "NERR8(max_rel=3)@10",
    M.NERR9(max_rel=3) @ 5: "NERR9(max_rel=3)@5",
    M.NERR10(max_rel=3): "NERR10(max_rel=3)",
    M.NERR10(p=0.6, max_rel=3): "NERR10(p=0.6,max_rel=3)",
    M.NERR11(max_rel=3): "NERR11(max_rel=3)",
    M.NERR11(T=2.0, max_rel=3): "NERR11(T=2,max_rel=3)",
    M.BPM(max_rel=3) @ 10: "BPM(max_rel=3)@10",
    M.BPM(T=2.0, max_rel=3) @ 20: "BPM(T=2,max_rel=3)@20",
}


def untied_collection(seed: int, n_queries: int = 30):
    """qrels (grades 0..3, some judged documents never retrieved) and a run with distinct
    scores, lists of 0 to 80 documents with about half of them unjudged."""
    rng = np.random.default_rng(seed)
    qrels, run = [], []
    for q in range(n_queries):
        qid = f"q{q}"
        n = int(rng.integers(0, 80))
        docs = [f"D{j}" for j in rng.choice(300, size=n, replace=False)]
        scores = rng.permutation(n) + rng.random()
        run += zip([qid] * n, docs, scores, strict=True)
        qrels += [(qid, d, int(rng.integers(0, 4))) for d in docs if rng.random() < 0.5]
        qrels += [(qid, f"U{j}", int(rng.integers(0, 4))) for j in range(rng.integers(1, 6))]
    qrels_df = pd.DataFrame(qrels, columns=["qid", "docno", "rel"]).astype({"rel": float})
    run_df = pd.DataFrame(run, columns=["qid", "docno", "score"])
    return qrels_df, run_df.iloc[rng.permutation(len(run_df))]


@pytest.mark.parametrize("seed", [31, 32, 33])
def test_equal_to_ir_measures_cwl_eval_provider(seed: int) -> None:
    qrels, run = untied_collection(seed)
    q, r = as_dicts(qrels, run)
    theirs: dict[str, dict[str, float]] = {}
    for m in ir_measures.iter_calc(list(NAMES), q, r):
        theirs.setdefault(NAMES[m.measure], {})[m.query_id] = m.value
    assert set(theirs) == set(NAMES.values())
    ours = evaluate(qrels, run, list(NAMES.values()), C.IR_MEASURES).per_query
    worst = 0.0
    for name, per_query in theirs.items():
        for qid, expected in per_query.items():
            single = parse(name)(query_ranking(qrels, run, qid), C.IR_MEASURES).value
            assert ours.loc[qid, name] == pytest.approx(expected, abs=1e-12, rel=0), (name, qid)
            assert single == pytest.approx(expected, abs=1e-12, rel=0), (name, qid)
            worst = max(worst, abs(ours.loc[qid, name] - expected), abs(single - expected))
    print(f"largest difference against cwl_eval (through ir_measures): {worst:.3g}")


CLASSES = [
    (lambda: INSTCWLMetric(1.0), "INST", None),
    (lambda: INSTCWLMetric(0.5), "INST(T=0.5)", None),
    (lambda: INSQCWLMetric(2.0), "INSQ(T=2)", None),
    (lambda: NERReq8CWLMetric(7), "NERR8", 7),
    (lambda: NERReq9CWLMetric(2), "NERR9", 2),
    (lambda: NERReq10CWLMetric(0.95), "NERR10(p=0.95)", None),
    (lambda: NERReq11CWLMetric(0.5), "NERR11(T=0.5)", None),
    (lambda: BPMCWLMetric(1.5, 30), "BPM(T=1.5)", 30),
]


@pytest.mark.parametrize("make, name, k", CLASSES, ids=[c[1] for c in CLASSES])
def test_equal_to_cwl_eval_classes_with_unjudged_and_long_lists(make, name, k) -> None:
    rng = np.random.default_rng(7)
    worst = 0.0
    for n in (1, 3, 25, 999, 1000, 1003):
        grades = rng.integers(0, 5, size=n).astype(float)
        unjudged = rng.random(n) < 0.3
        ranking = Ranking.build([None if u else g for g, u in zip(grades, unjudged, strict=True)],
                                scale_max=4)  # fmt: skip
        metric = make()
        gains = np.where(unjudged, np.nan, grades / 4)
        expected = metric.measure(CwlRanking("q", gains, np.ones(n)))
        ours = parse(name if k is None else f"{name}@{k}")(ranking, C.IR_MEASURES)
        assert ours.value == pytest.approx(expected, abs=1e-12, rel=0), n
        assert ours.details["expected_depth"] == pytest.approx(metric.expected_items, rel=1e-12)
        worst = max(worst, abs(ours.value - expected))
    print(f"{name}: largest difference against cwl_eval {worst:.3g}")


def test_below_t_one_half_cwl_evals_inst_is_no_probability_so_ranklab_refuses_it() -> None:
    """The reason INST(T) needs T >= 0.5 here (rankwork.core.cwl.inst): cwl_eval's own C(1)
    for T = 0.1 and a top-grade document at rank 1 (T_1 = 0.1 - 1 = -0.9) is
    ((1 + 0.1 - 0.9 - 1)/(1 + 0.1 - 0.9))^2 = (-0.8/0.2)^2 = 16, above 1."""
    c = INSTCWLMetric(0.1).c_vector(CwlRanking("q", np.array([1.0, 1.0]), np.ones(2)))
    assert c[0] == pytest.approx(16.0)
    with pytest.raises(MeasureNameError, match="T must be a number of at least 0.5"):
        parse("INST(T=0.1)")
