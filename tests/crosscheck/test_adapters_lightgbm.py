"""`rankwork.adapters.lightgbm_feval` against LightGBM 4.7 itself, iteration by iteration.

A real `lgb.train` run (lambdarank, 20 iterations, fixed seeds) records LightGBM's own
`ndcg@5` and `ndcg@10` and the feval's `nDCG@5` and `nDCG@10` on the training set and on a
validation set with `lgb.record_evaluation`. The data are made to hit every rule of LightGBM's
nDCG (src/metric/rank_metric.hpp, dcg_calculator.cpp): uneven groups (1 to 14 documents, some
shorter than k), ties in the labels, queries whose labels are all zero (LightGBM scores them
1), and ties in the predictions (the features take 3 values, so documents with the same
features get the same score from every tree; LightGBM's stable sort keeps them in row order).

Tolerance: 1e-12. LightGBM computes in double and `record_evaluation` keeps the doubles it
returns (no printing), and so does the feval; they differ only by the order of the floating
point operations (about 1e-16).
"""

from __future__ import annotations

import lightgbm as lgb
import numpy as np
import pytest
import pytrec_eval

from rankwork.adapters import lightgbm_feval

TOL = 1e-12
ROUNDS = 20


def _ranking_data(seed: int) -> tuple[np.ndarray, np.ndarray, list[int]]:
    rng = np.random.default_rng(seed)
    sizes = [int(n) for n in rng.integers(1, 15, 40)]
    features = rng.integers(0, 3, (sum(sizes), 3)).astype(float)  # few values: tied scores
    signal = features[:, 0] + features[:, 1] * features[:, 2] / 2
    labels = np.clip(np.round(signal + rng.normal(0, 0.8, sum(sizes))), 0, 3)
    start = 0
    for q, n in enumerate(sizes):
        if q % 6 == 0:
            labels[start : start + n] = 0  # nothing relevant: LightGBM scores the query 1
        start += n
    return features, labels, sizes


def _row_weights(n: int, seed: int) -> np.ndarray:
    """Weights that differ from row to row, so that a query's weight is a real mean."""
    return np.random.default_rng(seed).uniform(0.1, 3.0, n)


def _train(feval, weighted: bool = False) -> dict:
    x, y, groups = _ranking_data(0)
    vx, vy, vgroups = _ranking_data(1)
    w = _row_weights(len(y), 2) if weighted else None
    vw = _row_weights(len(vy), 3) if weighted else None
    train = lgb.Dataset(x, label=y, group=groups, weight=w)
    valid = lgb.Dataset(vx, label=vy, group=vgroups, weight=vw, reference=train)
    params = {
        "objective": "lambdarank",
        "metric": "ndcg",
        "eval_at": [5, 10],
        "verbose": -1,
        "seed": 7,
        "deterministic": True,
        "num_threads": 1,
        "min_data_in_leaf": 5,
        "num_leaves": 7,
        "learning_rate": 0.05,
    }
    record: dict = {}
    lgb.train(
        params,
        train,
        num_boost_round=ROUNDS,
        valid_sets=[train, valid],
        valid_names=["train", "valid"],
        feval=feval,
        callbacks=[lgb.record_evaluation(record)],
    )
    return record


def test_the_data_hit_every_rule():
    x, y, sizes = _ranking_data(0)
    bounds = np.cumsum([0, *sizes])
    groups = [y[a:b] for a, b in zip(bounds[:-1], bounds[1:], strict=True)]
    assert any(len(g) < 5 for g in groups) and any(len(g) > 10 for g in groups)
    assert any(len(g) > 1 and not g.any() for g in groups)  # all-zero labels
    assert any(len(set(g[g > 0])) < (g > 0).sum() for g in groups)  # tied labels
    assert len({tuple(r) for r in x}) == 27  # 27 distinct feature rows for 300+ documents


@pytest.mark.parametrize("weighted", [False, True])
def test_the_feval_equals_lightgbms_ndcg_at_every_iteration(weighted):
    # weighted: LightGBM averages the queries' nDCG weighted by the mean of their rows' weights
    record = _train(lightgbm_feval(["nDCG@5", "nDCG@10"]), weighted)
    for data in ("train", "valid"):
        for k in (5, 10):
            theirs, ours = record[data][f"ndcg@{k}"], record[data][f"nDCG@{k}"]
            assert len(theirs) == len(ours) == ROUNDS
            assert np.max(np.abs(np.subtract(theirs, ours))) <= TOL, (data, k)
            assert len(set(theirs)) > 5  # the model, and its nDCG, changed during training


def _trec_names(n: int) -> list[str]:
    """Doc ids for rows 0..n-1 that trec_eval, breaking ties by docno descending, ranks in row
    order (LightGBM's stable sort): row 0 gets the largest id."""
    return [f"d{n - j:06d}" for j in range(n)]


def _pytrec_means(labels, preds, sizes) -> dict[str, float]:
    """AP and P@5 by pytrec_eval (trec_eval's map and P_5), every group a query."""
    bounds = np.cumsum([0, *sizes])
    qrels, run = {}, {}
    for q, (a, b) in enumerate(zip(bounds[:-1], bounds[1:], strict=True)):
        names = _trec_names(b - a)
        qrels[str(q)] = {d: int(g) for d, g in zip(names, labels[a:b], strict=True)}
        run[str(q)] = {d: float(s) for d, s in zip(names, preds[a:b], strict=True)}
        # trec_eval compares scores as 32-bit floats: no tie there that the doubles lack
        assert len(set(preds[a:b])) == len(set(preds[a:b].astype(np.float32)))
    found = pytrec_eval.RelevanceEvaluator(qrels, {"map", "P.5"}).evaluate(run)
    return {name: np.mean([v[key] for v in found.values()]) for name, key in MEASURES.items()}


def _err_by_hand(labels, preds, sizes, k: int) -> float:
    """ERR@k (Chapelle et al. 2009), R_i = (2^g - 1)/2^gmax, gmax the largest label of the
    data set (the grade scale's maximum, as the LIGHTGBM convention's err_gmax=None takes
    it), each group ranked by prediction descending, ties in row order."""
    gmax = labels.max()
    bounds = np.cumsum([0, *sizes])
    values = []
    for a, b in zip(bounds[:-1], bounds[1:], strict=True):
        order = sorted(range(b - a), key=lambda j: (-preds[a + j], j))
        err, reach = 0.0, 1.0
        for i, j in enumerate(order[:k], start=1):
            stop = (2 ** labels[a + j] - 1) / 2**gmax
            err += reach * stop / i
            reach *= 1 - stop
        values.append(err)
    return float(np.mean(values))


MEASURES = {"AP": "map", "P@5": "P_5"}


def test_other_measures_equal_pytrec_eval_and_err_by_hand_at_every_iteration():
    # the predictions LightGBM passes the feval on the validation set, at each iteration
    _, vy, vgroups = _ranking_data(1)
    inner = lightgbm_feval(["ERR@10", "AP", "P@5"])
    seen = []

    def feval(preds, data):
        if len(preds) == len(vy) and np.array_equal(data.get_label(), vy):
            seen.append(preds.copy())
        return inner(preds, data)

    record = _train(feval)
    assert len(seen) == ROUNDS
    for i, preds in enumerate(seen):
        theirs = _pytrec_means(vy, preds, vgroups)
        for name in MEASURES:
            assert record["valid"][name][i] == pytest.approx(theirs[name], abs=TOL), (i, name)
        by_hand = _err_by_hand(vy, preds, vgroups, 10)
        assert record["valid"]["ERR@10"][i] == pytest.approx(by_hand, abs=TOL), i
    assert len({tuple(p) for p in seen}) > 5  # the predictions changed during training


def test_a_bad_measure_name_fails_before_training():
    with pytest.raises(ValueError, match="nDGC"):
        lightgbm_feval("nDGC@10")
