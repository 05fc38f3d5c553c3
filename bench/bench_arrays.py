"""Benchmark: nDCG@10 over 2-D arrays, rankwork.arrays.ndcg against scikit-learn's ndcg_score.

    python bench/bench_arrays.py                    # 8,000 queries x 40 documents, best of 5
    python bench/bench_arrays.py --queries 2000 --repeat 3

Both in this process, on the same float64 arrays (labels: whole grades 0..4, most of them 0):

- ties averaged: scores rounded to one decimal, so most rows hold ties;
  rankwork.arrays.ndcg(labels, scores, k=10, gain="linear") (ties="average", the default)
  against sklearn.metrics.ndcg_score(labels, scores, k=10). Target: ratio <= 0.1.
- ties ignored: distinct scores (uniform doubles), on which every order agrees;
  rankwork.arrays.ndcg(..., ties="input") against ndcg_score(..., ignore_ties=True).
  Target: ratio <= 1.0.

Each call is timed by wall clock, the fastest of --repeat runs is printed, with the ratio
ours / scikit-learn. As a check that both computed the same, the means are compared, and the
per-row values on the first --check rows (ndcg_score called on each row alone). No assertion
on time anywhere.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import numpy as np
from sklearn.metrics import ndcg_score

from rankwork import arrays

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # for bench.timing, as bench_cwl.py does

from bench.timing import fastest  # noqa: E402

TARGETS = {"ties averaged": 0.1, "ties ignored": 1.0}


def largest_difference(
    labels: np.ndarray, scores: np.ndarray, ours: np.ndarray, rows: int, ignore_ties: bool
) -> float:
    """The largest |ours - ndcg_score| over the first `rows` rows, each row scored alone."""
    return max(
        abs(
            ours[q]
            - ndcg_score(labels[q : q + 1], scores[q : q + 1], k=10, ignore_ties=ignore_ties)
        )
        for q in range(min(rows, len(labels)))
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--queries", type=int, default=8000)
    parser.add_argument("--docs", type=int, default=40)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--check", type=int, default=500, help="rows checked one by one")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    rng = np.random.default_rng(args.seed)
    shape = (args.queries, args.docs)
    labels = rng.choice(5, size=shape, p=[0.6, 0.2, 0.1, 0.06, 0.04]).astype(np.float64)
    cases = {
        "ties averaged": (np.round(rng.random(shape), 1), "average", False),
        "ties ignored": (rng.random(shape), "input", True),
    }
    print(f"nDCG@10 (linear gain), {args.queries} queries x {args.docs} documents, "
          f"fastest of {args.repeat}")  # fmt: skip
    for name, (scores, ties, ignore_ties) in cases.items():
        ours_time, ours = fastest(
            lambda s=scores, t=ties: arrays.ndcg(labels, s, k=10, gain="linear", ties=t),
            args.repeat,
        )
        theirs_time, theirs = fastest(
            lambda s=scores, i=ignore_ties: ndcg_score(labels, s, k=10, ignore_ties=i),
            args.repeat,
        )
        assert isinstance(ours, np.ndarray) and isinstance(theirs, float)
        worst = largest_difference(labels, scores, ours, args.check, ignore_ties)
        sklearn_call = "ndcg_score(k=10" + (", ignore_ties=True)" if ignore_ties else ")")
        print(f"{name} (ours: ties={ties!r}; scikit-learn: {sklearn_call})")
        print(f"  rankwork.arrays.ndcg   {ours_time * 1000:9.1f} ms")
        print(f"  scikit-learn           {theirs_time * 1000:9.1f} ms")
        print(f"  ratio ours / sklearn   {ours_time / theirs_time:9.3f}x  "
              f"(target <= {TARGETS[name]}x)")  # fmt: skip
        print(f"  mean ours {ours.mean():.12f}  scikit-learn {theirs:.12f}  "
              f"largest row difference (first {args.check} rows) {worst:.2g}")  # fmt: skip


if __name__ == "__main__":
    main()
