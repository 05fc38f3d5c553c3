"""The measures behind the Incomplete judgments section (rankwork.collection.withheld) against
the tools that define them, on the sample collection with judgments withheld: AP, bpref and
infAP against trec_eval (pytrec_eval; a withheld judgment is grade -1, trec_eval's "pooled,
not judged"), AP' and nDCG'@10 against ir_measures' judged_only versions on the same qrels
with the withheld judgments left out (a document ir_measures finds in the qrels is judged)."""

from __future__ import annotations

from pathlib import Path

import ir_measures
import numpy as np
import pytest
import pytrec_eval

from rankwork.collection.trec import read_qrels, read_run
from rankwork.collection.withheld import degradation, withhold

SAMPLE = Path(__file__).resolve().parents[2] / "data" / "sample"
SEEDS = 3


def _pytrec(qrels, run, measures) -> dict[str, float]:
    judged: dict[str, dict[str, int]] = {}
    for q, d, r in zip(qrels["qid"], qrels["docno"], qrels["rel"], strict=True):
        judged.setdefault(q, {})[d] = int(r)
    scored: dict[str, dict[str, float]] = {}
    for q, d, s in zip(run["qid"], run["docno"], run["score"], strict=True):
        scored.setdefault(q, {})[d] = float(s)
    per_query = pytrec_eval.RelevanceEvaluator(judged, set(measures)).evaluate(scored)
    queries = sorted(judged)  # -c: a query the run lacks scores 0
    return {m: float(np.mean([per_query.get(q, {}).get(m, 0.0) for q in queries]))
            for m in measures}  # fmt: skip


def _ir_measures(qrels, run, name: str) -> float:
    kept = qrels[qrels["rel"] >= 0]
    judged = [ir_measures.Qrel(q, d, int(r)) for q, d, r in kept.itertuples(index=False)]
    scored = [ir_measures.ScoredDoc(q, d, float(s)) for q, d, s in
              run[["qid", "docno", "score"]].itertuples(index=False)]  # fmt: skip
    measure = ir_measures.parse_measure(name)
    per_query = {m.query_id: m.value for m in ir_measures.iter_calc([measure], judged, scored)}
    return float(np.mean([per_query.get(q, 0.0) for q in sorted(set(kept["qid"]))]))


@pytest.mark.parametrize("share", [0.0, 0.3, 0.5])
def test_the_degraded_means_equal_the_tools(share: float) -> None:
    qrels = read_qrels(SAMPLE / "qrels.txt")
    run = read_run(SAMPLE / "run_medium.txt")
    table = degradation(qrels, {"medium": run}, shares=[share], seeds=SEEDS)
    ours = table[table["share"] == share].set_index("measure")["mean"]
    seeds = [0] if share == 0 else range(SEEDS)
    draws = [withhold(qrels, share, seed) for seed in seeds]
    trec = [_pytrec(q, run, ["map", "bpref", "infAP"]) for q in draws]
    for label, key in (("AP", "map"), ("bpref", "bpref"), ("infAP", "infAP")):
        assert ours[label] == pytest.approx(np.mean([t[key] for t in trec]), abs=1e-12), label
    for label, name in (("AP′", "AP(judged_only=True)"), ("nDCG′@10", "nDCG(judged_only=True)@10")):
        theirs = np.mean([_ir_measures(q, run, name) for q in draws])
        assert ours[label] == pytest.approx(theirs, abs=1e-12), label
