"""The LightGBM / XGBoost preset against LightGBM itself (4.7): its `ndcg@k` metric.

LightGBM only reports nDCG while training, so the test trains one round that cannot change the
ranking: the documents' scores are given as `init_score`, and the one tree cannot split
(`min_data_in_leaf` larger than the data), so every document's score moves by the same tiny
amount and the order, ties included, is the init scores'. LightGBM then prints the mean of its
per-query nDCG@k: gain 2^g - 1, 1/log2(i + 1), ideal from the group's own labels cut at k,
stable sort (input order within ties), a group with nothing relevant = 1.
"""

import lightgbm as lgb
import numpy as np
import pytest

from rankwork.core.conventions import LIGHTGBM
from rankwork.core.measures.families.dcg import ndcg
from rankwork.core.ranking import Ranking


def _groups(seed: int):
    rng = np.random.default_rng(seed)
    groups = []
    for q in range(60):
        n = int(rng.integers(1, 15))
        labels = rng.integers(0, 4, n)
        if q % 7 == 0:
            labels[:] = 0  # nothing relevant: LightGBM scores it 1
        scores = rng.integers(0, 5, n).astype(float)  # few values: many ties
        groups.append((labels, scores))
    return groups


def _lightgbm_mean_ndcg(groups, k: int) -> float:
    labels = np.concatenate([g[0] for g in groups])
    scores = np.concatenate([g[1] for g in groups])
    data = lgb.Dataset(
        np.zeros((len(labels), 1)),
        label=labels,
        group=[len(g[0]) for g in groups],
        init_score=scores,
    )
    params = {
        "objective": "lambdarank",
        "metric": "ndcg",
        "eval_at": [k],
        "verbose": -1,
        "num_leaves": 2,
        "min_data_in_leaf": 10**6,
        "learning_rate": 1e-12,
    }
    record: dict = {}
    lgb.train(
        params,
        data,
        num_boost_round=1,
        valid_sets=[data],
        callbacks=[lgb.record_evaluation(record)],
    )
    return record["training"][f"ndcg@{k}"][0]


@pytest.mark.parametrize("seed", [0, 1])
@pytest.mark.parametrize("k", [1, 3, 5, 10])
def test_lightgbm_preset_reproduces_lightgbm(seed, k):
    groups = _groups(seed)
    ours = np.mean(
        [ndcg(Ranking.build(labels, scores=scores), LIGHTGBM, k).value for labels, scores in groups]
    )
    assert ours == pytest.approx(_lightgbm_mean_ndcg(groups, k), abs=1e-9)
