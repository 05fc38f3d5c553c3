"""Write a synthetic TREC collection (qrels + run) for the benchmarks, deterministically.

    python bench/make_collection.py                      # 10,000 queries x 1,000 documents
    python bench/make_collection.py --queries 2000 --out bench/out/q2000

Same arguments, same bytes: everything is drawn from one seeded numpy Generator.

The shape of a real ad hoc collection:
- documents come from a corpus of `--corpus` ids (`D0000123`), so a document is retrieved for
  many queries and the same docno is judged for several;
- every query retrieves `--docs` distinct documents, scores strictly decreasing except for a
  few exact ties (scores are printed with 4 decimals), written in rank order, grouped by query;
- about `--judged` documents per query are judged (Poisson), two thirds of them drawn from the
  run (mostly from the top ranks, as pooling does) and one third from the rest of the corpus
  (judged but not retrieved); grades 0..3, better grades more likely near the top;
- query ids are `1`..`N` written in numeric order (so byte order differs: 10 < 9).

Files: `<out>/qrels.txt` (`qid 0 docno grade`) and `<out>/run.txt`
(`qid Q0 docno rank score tag`).
"""

from __future__ import annotations

import argparse
from pathlib import Path

import numpy as np

GRADE_P_TOP = np.array([0.35, 0.30, 0.20, 0.15])  # grades 0..3 of judged documents near the top
GRADE_P_LOW = np.array([0.70, 0.20, 0.07, 0.03])  # ... and of the others


def make(
    out: Path,
    queries: int = 10_000,
    docs: int = 1_000,
    judged: float = 30.0,
    corpus: int = 1_000_000,
    seed: int = 20260101,
) -> tuple[Path, Path]:
    """Write qrels.txt and run.txt under `out` and return their paths."""
    if docs > corpus // 2:
        raise ValueError("--corpus must be at least twice --docs.")
    rng = np.random.default_rng(seed)
    out.mkdir(parents=True, exist_ok=True)
    qrels_path, run_path = out / "qrels.txt", out / "run.txt"
    ranks = np.arange(1, docs + 1)
    rank_text = [str(r) for r in ranks]
    with open(qrels_path, "w") as qrels, open(run_path, "w") as run:
        for q in range(1, queries + 1):
            qid = str(q)
            retrieved = rng.choice(corpus, size=docs, replace=False)
            # Strictly decreasing scores with about 1% exact ties at 4 decimals.
            gaps = rng.exponential(0.01, size=docs)
            gaps[rng.random(docs) < 0.01] = 0.0
            scores = 50.0 - np.cumsum(gaps)
            score_text = [f"{s:.4f}" for s in scores]
            # Score ties are printed equal; keep the float the file will hold.
            run.write(
                "".join(
                    f"{qid} Q0 D{d:07d} {r} {s} ranklab\n"
                    for d, r, s in zip(retrieved.tolist(), rank_text, score_text, strict=True)
                )
            )
            n_judged = max(1, int(rng.poisson(judged)))
            n_in_run = min(docs, (2 * n_judged) // 3)
            # Pooled from the top: rank positions drawn with a bias towards rank 1.
            weights = 1.0 / np.sqrt(ranks)
            at = rng.choice(docs, size=n_in_run, replace=False, p=weights / weights.sum())
            top = at < docs // 10
            grades = np.where(
                top,
                rng.choice(4, size=n_in_run, p=GRADE_P_TOP),
                rng.choice(4, size=n_in_run, p=GRADE_P_LOW),
            )
            outside = rng.choice(corpus, size=n_judged - n_in_run + docs, replace=False)
            outside = np.setdiff1d(outside, retrieved, assume_unique=True)[: n_judged - n_in_run]
            outside_grades = rng.choice(4, size=len(outside), p=GRADE_P_LOW)
            judged_docs = np.concatenate([retrieved[at], outside])
            judged_grades = np.concatenate([grades, outside_grades])
            order = np.argsort(judged_docs)
            qrels.write(
                "".join(
                    f"{qid} 0 D{d:07d} {g}\n"
                    for d, g in zip(
                        judged_docs[order].tolist(), judged_grades[order].tolist(), strict=True
                    )
                )
            )
    return qrels_path, run_path


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--queries", type=int, default=10_000, help="number of queries")
    parser.add_argument("--docs", type=int, default=1_000, help="retrieved documents per query")
    parser.add_argument("--judged", type=float, default=30.0, help="mean judged docs per query")
    parser.add_argument("--corpus", type=int, default=1_000_000, help="number of distinct docnos")
    parser.add_argument("--seed", type=int, default=20260101)
    parser.add_argument("--out", type=Path, default=None, help="folder (default bench/out/QxD)")
    args = parser.parse_args(argv)
    out = args.out or Path(__file__).parent / "out" / f"{args.queries}x{args.docs}"
    qrels, run = make(out, args.queries, args.docs, args.judged, args.corpus, args.seed)
    print(f"{qrels}\n{run}")


if __name__ == "__main__":
    main()
