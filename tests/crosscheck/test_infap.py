"""infAP against trec_eval's (pytrec_eval, trec_eval 9's C code), on seeded random collections.

The collections of test_batch_vs_tools: grades -1..3 (trec_eval's -1: in the pool, not
judged), many tied scores (multiples of 1/8, exact in float32), judged documents never
retrieved, queries in the qrels only. Every per-query value of our batch path and of our
single-list path must equal trec_eval's `infAP`, at relevance levels 1 and 2.
"""

from __future__ import annotations

import pytest

from rankwork.collection.batch import evaluate, query_ranking
from rankwork.core import conventions as C
from rankwork.core.measures import parse
from rankwork.core.ranking import Ranking
from tests.crosscheck.test_batch_vs_tools import as_dicts, collection

pytrec_eval = pytest.importorskip("pytrec_eval")


@pytest.mark.parametrize("level", [1, 2])
@pytest.mark.parametrize("seed", [31, 32, 33, 34])
def test_infap_equals_trec_eval(seed: int, level: int) -> None:
    qrels, run = collection(seed, grades=(-1, -1, 0, 1, 2, 3))
    q, r = as_dicts(qrels, run)
    theirs = pytrec_eval.RelevanceEvaluator(q, {"infAP"}, relevance_level=level).evaluate(r)
    name = "infAP" if level == 1 else f"infAP(rel={level})"
    ap = "AP" if level == 1 else f"AP(rel={level})"
    ours = evaluate(qrels, run, [name, ap], C.IR_MEASURES, missing="skip").per_query
    assert sorted(ours.index) == sorted(theirs)
    worst = 0.0
    for qid, values in theirs.items():
        single = parse(name)(query_ranking(qrels, run, qid), C.IR_MEASURES).value
        for got in (ours.loc[qid, name], single):
            assert got == pytest.approx(values["infAP"], abs=1e-12, rel=0), qid
            worst = max(worst, abs(got - values["infAP"]))
    # not AP under another name: the pooled-unjudged documents move it
    assert (ours[name] != ours[ap]).sum() > 5
    print(f"largest difference against trec_eval infAP: {worst:.3g}")


@pytest.mark.parametrize("grade", [-1, -2, -3, -7])
def test_claim_trec_evals_infap_reads_every_negative_grade_as_pooled_unjudged(grade: int) -> None:
    # run b, a, x (x not in the qrels); qrels a 1, c 1 (not retrieved), b negative: trec_eval
    # gives the same infAP for any negative b as for -1 (pooled, not judged), and so do we.
    qrels = {"q": {"a": 1, "b": grade, "c": 1}}
    run = {"q": {"b": 3.0, "a": 2.0, "x": 1.0}}
    theirs = pytrec_eval.RelevanceEvaluator(qrels, {"infAP"}).evaluate(run)["q"]["infAP"]
    same_as_minus_one = pytrec_eval.RelevanceEvaluator(
        {"q": {"a": 1, "b": -1, "c": 1}}, {"infAP"}
    ).evaluate(run)["q"]["infAP"]
    assert theirs == same_as_minus_one
    ours = parse("infAP")(Ranking.build([grade, 1, None], ["b", "a", "x"], unretrieved=[1]),
                          C.IR_MEASURES).value  # fmt: skip
    assert ours == pytest.approx(theirs, abs=1e-12)
