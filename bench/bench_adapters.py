"""Benchmark: one call of the LightGBM feval and the XGBoost custom metric on a large data set.

    python bench/bench_adapters.py                  # 10,000 queries x 100 documents, best of 5
    python bench/bench_adapters.py --queries 2000 --repeat 3

A booster is trained for one round (lambdarank / rank:ndcg, with the data set as its
validation set), then, in this process, on the same predictions:

- LightGBM: ``lightgbm_feval("nDCG@10")(preds, valid)`` against ``booster.eval_valid()``
  (LightGBM's own ndcg@10, C++, on the scores it holds; no prediction), and against the
  previous path of the adapters (every group through `rankwork.collection.batch`).
- XGBoost: ``xgboost_metric("nDCG@10")(preds, dmatrix)`` against ``booster.eval(dmatrix)``
  with ``eval_metric="ndcg@10"`` (its own ndcg@10, which also predicts: an upper bound of its
  metric's cost).

The first call of a feval lays the groups out (cached for the data set); the later calls, what
every boosting iteration pays, reuse it. Both are printed. Fastest of --repeat runs, wall
clock, ratio ours / theirs. The values are printed side by side as a check; no assertion on
time.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import lightgbm as lgb
import numpy as np
import xgboost as xgb

from rankwork.adapters import lightgbm_feval, xgboost_metric
from rankwork.adapters._groups import _batch
from rankwork.core.conventions import LIGHTGBM

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # for bench.timing, as bench_cwl.py does

from bench.timing import fastest  # noqa: E402


def data(queries: int, docs: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    rng = np.random.default_rng(0)
    x = rng.normal(size=(queries * docs, 5))
    labels = np.clip(np.round(x[:, 0] + rng.normal(0, 1, len(x))), 0, 4)
    return x, labels, np.full(queries, docs)


def report(name: str, ours: float, theirs: float, what: str) -> None:
    print(
        f"{name:<44} {ours * 1000:7.1f} ms  {what} {theirs * 1000:7.1f} ms"
        f"  ratio {ours / theirs:.3f}"
    )


def bench_lightgbm(x: np.ndarray, y: np.ndarray, sizes: np.ndarray, repeat: int) -> None:
    valid = lgb.Dataset(x, label=y, group=sizes, free_raw_data=False)
    params = {"objective": "lambdarank", "metric": "ndcg", "eval_at": [10], "verbose": -1}
    booster = lgb.Booster(params, valid)
    booster.update()
    booster.add_valid(valid, "valid")
    preds = booster.predict(x)
    feval = lightgbm_feval("nDCG@10")
    first, _ = fastest(lambda: feval(preds, valid), 1)
    ours, value = fastest(lambda: feval(preds, valid), repeat)
    theirs, own = fastest(booster.eval_valid, repeat)
    bounds = np.concatenate(([0], np.cumsum(sizes)))
    labels = valid.get_label()
    before, old = fastest(lambda: _batch(labels, preds, bounds, ["nDCG@10"], LIGHTGBM), repeat)
    print(
        f"LightGBM: ours {value[0][1]!r}, LightGBM's {own[0][2]!r}, batch {old['nDCG@10'].mean()!r}"
    )
    report("lightgbm_feval, first call (lays out groups)", first, theirs, "LightGBM's own")
    report("lightgbm_feval, later calls", ours, theirs, "LightGBM's own")
    report("lightgbm_feval, later calls", ours, before, "previous batch path")


def bench_xgboost(x: np.ndarray, y: np.ndarray, sizes: np.ndarray, repeat: int) -> None:
    dmatrix = xgb.DMatrix(x, label=y)
    dmatrix.set_group(sizes)
    params = {"objective": "rank:ndcg", "eval_metric": "ndcg@10", "nthread": 1}
    booster = xgb.train(params, dmatrix, num_boost_round=1)
    preds = booster.predict(dmatrix)
    metric = xgboost_metric("nDCG@10")
    first, _ = fastest(lambda: metric(preds, dmatrix), 1)
    ours, value = fastest(lambda: metric(preds, dmatrix), repeat)
    theirs, own = fastest(lambda: booster.eval(dmatrix), repeat)
    print(f"XGBoost: ours {value[0][1]!r}, XGBoost's {own}")
    report("xgboost_metric, first call (lays out groups)", first, theirs, "XGBoost's eval")
    report("xgboost_metric, later calls", ours, theirs, "XGBoost's eval")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--queries", type=int, default=10_000)
    parser.add_argument("--docs", type=int, default=100)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    x, y, sizes = data(args.queries, args.docs)
    print(f"{args.queries} queries x {args.docs} documents, fastest of {args.repeat}")
    bench_lightgbm(x, y, sizes, args.repeat)
    bench_xgboost(x, y, sizes, args.repeat)


if __name__ == "__main__":
    main()
