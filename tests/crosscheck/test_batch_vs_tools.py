"""rankwork.collection.batch against the reference tools, run here on random collections.

- pytrec_eval (trec_eval 9.x's C code): runs with many tied scores (multiples of 1/8, exact in
  float32, the precision trec_eval 9 compares scores in), negative grades (unjudged for both),
  judged documents never retrieved, queries in the qrels only and in the run only. Every
  per-query value of every measure both have must agree to 1e-12.
- ranx: the same kind of collection with grades 0..3. ranx breaks score ties by whatever its
  unstable sort does, so it is given each query in trec_eval's order (ours, the order
  pytrec_eval agrees with above) as distinct scores; ranx then computes every measure
  itself, and its missing queries (make_comparable=True: an empty ranking, 0) must agree with
  ours. One known difference is skipped: ranx's bpref is NaN (0/0) for a query with no
  judged non-relevant document, where trec_eval counts each term as 1.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from rankwork.collection.batch import evaluate
from rankwork.core import conventions as C

pytrec_eval = pytest.importorskip("pytrec_eval")


def collection(seed: int, grades: tuple[int, ...], n_queries: int = 40):
    """qrels and run as DataFrames, deterministic for a seed."""
    rng = np.random.default_rng(seed)
    qrels, run = [], []
    for q in range(n_queries):
        qid = f"{rng.integers(1, 400)}-{q}"
        n_docs = int(rng.integers(0, 60))
        docs = [f"D{j}" for j in rng.choice(200, size=n_docs, replace=False)]
        scores = rng.integers(0, 24, size=n_docs) / 8.0
        if q % 9 != 4:  # every ninth query is in the qrels only
            run += zip([qid] * n_docs, docs, scores, strict=True)
        if q % 11 != 7:  # ... and every eleventh in the run only
            start = len(qrels)
            qrels += [(qid, d, int(rng.choice(grades))) for d in docs if rng.random() < 0.5]
            qrels += [(qid, f"U{j}", int(rng.choice(grades))) for j in range(rng.integers(6))]
            qrels.append((qid, "always", int(rng.choice(grades))))
            if all(rel < 0 for *_, rel in qrels[start:]):  # pytrec_eval crashes on it (issue 33)
                qrels.append((qid, "zero", 0))
    qrels_df = pd.DataFrame(qrels, columns=["qid", "docno", "rel"]).astype({"rel": float})
    order = rng.permutation(len(run))
    run_df = pd.DataFrame([run[i] for i in order], columns=["qid", "docno", "score"])
    return qrels_df, run_df


def as_dicts(qrels: pd.DataFrame, run: pd.DataFrame):
    q: dict[str, dict[str, int]] = {}
    for qid, docno, rel in qrels.itertuples(index=False):
        q.setdefault(qid, {})[docno] = int(rel)
    r: dict[str, dict[str, float]] = {}
    for qid, docno, score in run.itertuples(index=False):
        r.setdefault(qid, {})[docno] = float(score)
    return q, r


# trec_eval name -> ours ({r}: the relevance threshold, set with pytrec_eval's relevance_level)
PYTREC = {
    "ndcg_cut_5": "nDCG@5",
    "ndcg_cut_10": "nDCG@10",
    "ndcg_cut_100": "nDCG@100",
    "ndcg": "nDCG",
    "map": "AP{r}",
    "map_cut_10": "AP{r}@10",
    "map_cut_100": "AP{r}@100",
    "P_5": "P{r}@5",
    "P_10": "P{r}@10",
    "P_100": "P{r}@100",
    "recall_10": "R{r}@10",
    "recall_100": "R{r}@100",
    "recip_rank": "RR{r}",
    "Rprec": "Rprec{r}",
    "bpref": "Bpref{r}",
    "success_1": "Success{r}@1",
    "success_5": "Success{r}@5",
    "success_10": "Success{r}@10",
    "num_ret": "NumRet",
    "num_rel": "NumRel{r}",
    "num_rel_ret": "NumRelRet{r}",
    "set_P": "P{r}",
    "set_recall": "R{r}",
    "set_F": "F1{r}",
    "set_map": "SetAP{r}",
}
PYTREC_REQUEST = {
    "ndcg_cut.5,10,100",
    "ndcg",
    "map",
    "map_cut.10,100",
    "P.5,10,100",
    "recall.10,100",
    "recip_rank",
    "Rprec",
    "bpref",
    "success.1,5,10",
    "num_ret",
    "num_rel",
    "num_rel_ret",
    "set_P",
    "set_recall",
    "set_F",
    "set_map",
}


@pytest.mark.parametrize("level", [1, 2])
@pytest.mark.parametrize("seed", [11, 12, 13])
def test_against_pytrec_eval(seed: int, level: int) -> None:
    qrels, run = collection(seed, grades=(-1, 0, 1, 2, 3))
    q, r = as_dicts(qrels, run)
    evaluator = pytrec_eval.RelevanceEvaluator(q, PYTREC_REQUEST, relevance_level=level)
    theirs = evaluator.evaluate(r)
    rel = f"(rel={level})" if level != 1 else ""
    names = {t: o.format(r=rel) for t, o in PYTREC.items()}
    # trec_eval 9 compares scores as float32: the IR_MEASURES preset (exact here anyway).
    skip = evaluate(qrels, run, list(names.values()), C.IR_MEASURES, missing="skip")
    ours = skip.per_query
    assert sorted(ours.index) == sorted(theirs)  # queries in both: pytrec_eval's set
    for qid, values in theirs.items():
        for trec_name, ours_name in names.items():
            expected = values[trec_name]
            assert ours.loc[qid, ours_name] == pytest.approx(expected, abs=1e-12, rel=0), (
                qid,
                trec_name,
            )
    # missing='zero': the qrels-only queries are empty rankings, 0 in the mean.
    zero = evaluate(qrels, run, list(names.values()), C.IR_MEASURES)
    n_qrels = qrels["qid"].nunique()
    for trec_name, ours_name in names.items():
        if trec_name != "num_rel":  # an empty ranking still has its relevant documents
            total = sum(values[trec_name] for values in theirs.values())
            assert zero.means[ours_name] == pytest.approx(total / n_qrels, abs=1e-12)


def test_pytrec_eval_default_double_scores_agree_when_scores_are_float32_exact() -> None:
    """Our default (64-bit scores, trec_eval 10) and pytrec_eval's float32 rank alike when
    no two scores differ only past float32's precision (multiples of 1/8)."""
    qrels, run = collection(21, grades=(0, 1, 2))
    q, r = as_dicts(qrels, run)
    theirs = pytrec_eval.RelevanceEvaluator(q, {"ndcg_cut.10", "map"}).evaluate(r)
    ours = evaluate(qrels, run, ["nDCG@10", "AP"], missing="skip").per_query
    for qid, values in theirs.items():
        assert ours.loc[qid, "nDCG@10"] == pytest.approx(values["ndcg_cut_10"], abs=1e-12)
        assert ours.loc[qid, "AP"] == pytest.approx(values["map"], abs=1e-12)


# ranx name -> ours (ranx's '-l2' suffix: relevance threshold 2)
RANX = {
    "ndcg@5": "nDCG@5",
    "ndcg@10": "nDCG@10",
    "ndcg_burges@10": "nDCG(dcg='exp-log2')@10",
    "map": "AP",
    "map@10": "AP@10",
    "mrr": "RR",
    "mrr@5": "RR@5",
    "precision@5": "P@5",
    "precision@10": "P@10",
    "recall@10": "R@10",
    "recall@100": "R@100",
    "r-precision": "Rprec",
    "hit_rate@5": "Success@5",
    "f1@10": "F1@10",
    "bpref": "Bpref",
    "precision@5-l2": "P(rel=2)@5",
    "map-l2": "AP(rel=2)",
    "recall@10-l2": "R(rel=2)@10",
}


@pytest.mark.parametrize("seed", [31, 32, 33])
def test_against_ranx(seed: int, ranx) -> None:
    qrels, run = collection(seed, grades=(0, 1, 2, 3))
    trec_ties = C.RANX.with_(ties="docno_desc")
    ours = evaluate(qrels, run, list(RANX.values()), trec_ties).per_query
    # ranx gets each query in trec_eval's order (docno descending inside ties) as distinct
    # scores n, n-1, ..., 1, so that its own (unstable) tie order cannot matter.
    ranked = run.sort_values(["qid", "score", "docno"], ascending=[True, False, False])
    position = ranked.groupby("qid").cumcount().to_numpy()
    size = ranked.groupby("qid")["docno"].transform("size").to_numpy()
    ranked = ranked.assign(score=(size - position).astype(float))
    tie_free = evaluate(qrels, ranked, list(RANX.values()), C.RANX).per_query
    pd.testing.assert_frame_equal(ours, tie_free, rtol=0, atol=0)

    q, r = as_dicts(qrels, ranked)
    # 1. The queries of both, every measure.
    both = [qid for qid in q if qid in r]
    ranx_run = ranx.Run.from_dict({qid: r[qid] for qid in both})
    ranx.evaluate(ranx.Qrels.from_dict({qid: q[qid] for qid in both}), ranx_run, list(RANX))
    judged_nonrel = qrels[qrels["rel"] < 1].groupby("qid").size()
    for ranx_name, ours_name in RANX.items():
        for qid, value in ranx_run.scores[ranx_name].items():
            if ranx_name == "bpref" and np.isnan(value):
                # ranx divides by min(N, R) = 0 when no document is judged non-relevant;
                # trec_eval (and pytrec_eval above) then counts each term as 1.
                assert judged_nonrel.get(qid, 0) == 0
                continue
            assert ours.loc[qid, ours_name] == pytest.approx(value, abs=1e-12, rel=0), (
                ranx_name,
                qid,
            )
    # 2. With the qrels-only queries as empty rankings (make_comparable), all queries. Not
    # bpref: ranx 0.3.21 then returns 0 for some queries that score 1 when evaluated
    # without the added empty ones (e.g. seed 32, query 79-6).
    ranx_qrels = ranx.Qrels.from_dict(q)
    ranx_run = ranx.Run.from_dict(r).make_comparable(ranx_qrels)
    names = [name for name in RANX if name != "bpref"]
    ranx.evaluate(ranx_qrels, ranx_run, names)
    assert sorted(ranx_run.scores["map"]) == sorted(ours.index)
    for ranx_name in names:
        for qid, value in ranx_run.scores[ranx_name].items():
            assert ours.loc[qid, RANX[ranx_name]] == pytest.approx(value, abs=1e-12, rel=0), (
                ranx_name,
                qid,
            )


@pytest.mark.parametrize("grades", [(-1, 0, 1, 2, 3), (-1, -1, 0, 1, 2, 3)])
def test_no_collection_query_is_judged_only_negative(grades):
    """pytrec_eval crashes (now and then) on a query whose judgments are all negative (issue
    33): `collection` adds a 0 judgment to such a query, for both tools alike."""
    for seed in range(40):
        qrels, _run = collection(seed, grades)
        assert (qrels.groupby("qid")["rel"].max() >= 0).all(), seed
