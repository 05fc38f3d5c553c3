"""The adapters compute the measures that `rankwork.arrays` has on padded 2-D arrays and the
others with the batch evaluation. Both routes must agree on every measure the fast one takes,
on groups of uneven sizes (one much longer than the rest: several buckets), tied scores and
groups with nothing relevant. The batch route is forced by a parameter that does not change
the value (rel=1 is the default threshold), which `_fast` refuses."""

from __future__ import annotations

import numpy as np
import pytest

from rankwork.adapters._groups import _fast, group_means, layout, lightgbm_query_weights
from rankwork.core.conventions import LIGHTGBM, XGBOOST
from rankwork.core.measures import parse

SAME = {
    "nDCG@5": None,  # nDCG has no rel parameter: compared through a linear-gain convention
    "P@5": "P(rel=1)@5",
    "R@10": "R(rel=1)@10",
    "AP": "AP(rel=1)",
    "AP@5": "AP(rel=1)@5",
    "RR": "RR(rel=1)",
}


def _data(seed: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    rng = np.random.default_rng(seed)
    sizes = np.concatenate((rng.integers(0, 9, 60), [70]))
    labels = rng.integers(0, 4, sizes.sum()).astype(float)
    labels[: sizes[0] + sizes[1]] = 0  # the first groups have nothing relevant
    scores = rng.integers(0, 4, sizes.sum()) / 4  # many ties
    return labels, scores, np.concatenate(([0], np.cumsum(sizes)))


@pytest.mark.parametrize("convention", [LIGHTGBM, XGBOOST, LIGHTGBM.with_(empty_value=0.0)])
def test_fast_and_batch_routes_agree(convention):
    labels, scores, bounds = _data(0)
    for fast_name, slow_name in SAME.items():
        if slow_name is None:
            continue
        assert _fast(parse(fast_name), convention, 3.0) is not None
        assert _fast(parse(slow_name), convention, 3.0) is None
        fast = group_means(object, labels, scores, bounds, [fast_name], convention)
        slow = group_means(object, labels, scores, bounds, [slow_name], convention)
        assert fast[fast_name] == pytest.approx(slow[slow_name], abs=1e-12), fast_name


def test_ndcg_and_err_fast_routes_agree_with_the_batch_under_a_convention_it_refuses():
    labels, scores, bounds = _data(1)
    # discount log base 2.0 written as 2.0000000000000004 is refused by _fast: the batch runs
    slow_convention = LIGHTGBM.with_(log_base=2.0000000000000004)
    assert _fast(parse("nDCG@5"), slow_convention, 3.0) is None
    fast = group_means(None, labels, scores, bounds, ["nDCG@5"], LIGHTGBM)["nDCG@5"]
    slow = group_means(None, labels, scores, bounds, ["nDCG@5"], slow_convention)["nDCG@5"]
    assert fast == pytest.approx(slow, abs=1e-9)
    fast = group_means(None, labels, scores, bounds, ["ERR@10"], LIGHTGBM)["ERR@10"]
    slow = group_means(None, labels, scores, bounds, ["ERR(max_rel=3)@10"], LIGHTGBM)
    assert fast == pytest.approx(slow["ERR(max_rel=3)@10"], abs=1e-12)


def test_lightgbm_query_weights_sum_in_row_order_in_float32():
    # In float32 (eps/2 = 5.96e-8) 1 + 3e-8 is 1, and again + 3e-8 is 1: the sum in row order is
    # 1. In another order (3e-8 + 3e-8 = 6e-8 first) or in float64 (1.00000006) it rounds to
    # 1 + 2^-23 = 1.0000001, and the mean differs from float32(1)/float32(3).
    w = np.array([1.0, 3e-8, 3e-8, 2.0, 4.0])
    bounds = np.array([0, 3, 3, 5])  # an empty group in the middle
    shape = layout(None, np.zeros(5), bounds)
    got = lightgbm_query_weights(w, shape)
    assert got[0] == float(np.float32(1.0) / np.float32(3.0))
    assert got[1] == 0.0 and got[2] == 3.0
