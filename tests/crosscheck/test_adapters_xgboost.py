"""`rankwork.adapters.xgboost_metric` against XGBoost 3.2.0 itself, iteration by iteration.

A real `xgb.train` run (objective rank:ndcg, 20 iterations, fixed seed, one thread) evaluates
XGBoost's own `ndcg@5` and `ndcg@10` and the custom metric's `nDCG@5` and `nDCG@10` on the
training set and on a validation set. The data hit every rule of XGBoost's nDCG (dmlc/xgboost
v3.2.0, src/metric/rank_metric.cc EvalNDCG, src/common/ranking_utils.{h,cc}): exponential gain
on graded labels 0-3 with ties, uneven groups (1 to 14 documents, some shorter than k), queries
whose labels are all zero (XGBoost scores them 1) and tied predictions (3 feature values per
column: documents with the same features get the same score, kept in row order by XGBoost's
stable sort).

Tolerance: 1e-12. XGBoost prints its own metric with 17 digits (src/learner.cc EvalOneIter:
`os.precision(max_digits10)`, fixed), which `evals_result` reads back; but its Python package
prints a custom metric's value with "%f" (python-package/xgboost/core.py, Booster.eval_set),
6 decimals. So the custom metric's full values are recorded as XGBoost calls it, and compared
with XGBoost's at 1e-12; `evals_result`'s rounded copy is checked at 5e-7.
"""

from __future__ import annotations

import numpy as np
import pytest
import xgboost as xgb

from rankwork.adapters import xgboost_metric
from tests.crosscheck.test_adapters_lightgbm import ROUNDS, _ranking_data

TOL = 1e-12


def _dmatrix(seed: int, weighted: bool) -> xgb.DMatrix:
    x, y, sizes = _ranking_data(seed)
    data = xgb.DMatrix(x, label=y)
    data.set_group(sizes)
    if weighted:  # for ranking, XGBoost takes one weight per group
        data.set_weight(np.random.default_rng(seed + 2).uniform(0.1, 3.0, len(sizes)))
    return data


def _train(metric, weighted: bool = False) -> tuple[dict, dict]:
    """XGBoost's evals_result and, per data set, the values the metric returned."""
    train, valid = _dmatrix(0, weighted), _dmatrix(1, weighted)
    names = {id(train): "train", id(valid): "valid"}
    returned: dict = {"train": [], "valid": []}

    def recording(predt, dmatrix):
        pairs = metric(predt, dmatrix)
        returned[names[id(dmatrix)]].append(dict(pairs))
        return pairs

    params = {
        "objective": "rank:ndcg",
        "eval_metric": ["ndcg@5", "ndcg@10"],
        "seed": 7,
        "nthread": 1,
        "max_depth": 3,
        "eta": 0.1,
    }
    result: dict = {}
    xgb.train(
        params,
        train,
        num_boost_round=ROUNDS,
        evals=[(train, "train"), (valid, "valid")],
        evals_result=result,
        custom_metric=recording,
        verbose_eval=False,
    )
    return result, returned


@pytest.mark.parametrize("weighted", [False, True])
def test_the_metric_equals_xgboosts_ndcg_at_every_iteration(weighted):
    # weighted: XGBoost averages the groups' nDCG weighted by the group weights
    result, returned = _train(xgboost_metric(["nDCG@5", "nDCG@10"]), weighted)
    for data in ("train", "valid"):
        assert len(returned[data]) == ROUNDS
        for k in (5, 10):
            theirs = result[data][f"ndcg@{k}"]
            ours = [values[f"nDCG@{k}"] for values in returned[data]]
            assert len(theirs) == ROUNDS
            assert np.max(np.abs(np.subtract(theirs, ours))) <= TOL, (data, k)
            assert len(set(theirs)) > 5  # the model, and its nDCG, changed during training
            # what evals_result keeps of the custom metric: the value printed with "%f"
            assert np.max(np.abs(np.subtract(result[data][f"nDCG@{k}"], ours))) <= 5e-7


def test_a_group_with_nothing_relevant_scores_one_as_in_xgboost():
    # one group of two documents, both labelled 0: XGBoost's ndcg@2 is 1 (ndcg@2- is 0)
    data = xgb.DMatrix(np.array([[0.0], [1.0]]), label=np.array([0.0, 0.0]))
    data.set_group([2])
    result: dict = {}
    xgb.train(
        {"objective": "rank:ndcg", "eval_metric": ["ndcg@2", "ndcg@2-"]},
        data,
        num_boost_round=1,
        evals=[(data, "d")],
        evals_result=result,
        custom_metric=xgboost_metric("nDCG@2"),
        verbose_eval=False,
    )
    assert result["d"]["ndcg@2"] == [1.0] and result["d"]["nDCG@2"] == [1.0]
    assert result["d"]["ndcg@2-"] == [0.0]


def _on_fixed_scores(labels, scores, metric: str, **params) -> float:
    """XGBoost's metric on one group with fixed scores: the scores are the base margin and one
    round with learning rate 0 leaves them as they are (as tests/crosscheck/test_claims.py)."""
    data = xgb.DMatrix(np.zeros((len(labels), 1)), label=labels, base_margin=scores)
    data.set_group([len(labels)])
    result: dict = {}
    xgb.train(
        {"objective": "rank:ndcg", "eval_metric": metric, "eta": 0.0, "max_depth": 1, **params},
        data,
        num_boost_round=1,
        evals=[(data, "d")],
        evals_result=result,
        verbose_eval=False,
    )
    return result["d"][metric][0]


def test_the_xgboost_presets_notes():
    # "With ndcg_exp_gain=false XGBoost's gain is the label itself (linear gain)": grades 2, 0, 1
    # in score order; linear DCG@3 = 2 + 0 + 1/2 = 2.5, IDCG@3 = 2 + 1/log2(3) = 2.6309 ->
    # 0.9502 (exponential: 3.5 / (3 + 1/log2(3)) = 0.9639)
    graded = ([2.0, 0.0, 1.0], [0.9, 0.8, 0.1])
    linear = 2.5 / (2 + 1 / np.log2(3))
    assert _on_fixed_scores(*graded, "ndcg@3", ndcg_exp_gain=False) == pytest.approx(linear)
    assert _on_fixed_scores(*graded, "ndcg@3") == pytest.approx(3.5 / (3 + 1 / np.log2(3)))
    # "its pre@k divides by min(k, n) and its map@k by min(k, the number of relevant
    # documents)": labels 1, 0, 1, 1 in score order (R = 3, n = 4)
    binary = ([1.0, 0.0, 1.0, 1.0], [0.9, 0.8, 0.5, 0.1])
    assert _on_fixed_scores(*binary, "pre@6") == pytest.approx(3 / 4)  # not 3/6
    assert _on_fixed_scores(*binary, "map@2") == pytest.approx(1 / 2)  # (1/1) / min(2, 3)
