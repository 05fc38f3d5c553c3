"""Benchmark: the diversity measures, ours (the kernels of rankwork.core.measures.families through
`rankwork`) against TREC's ndeval through pyndeval, on a generated diversity
collection.

    python bench/bench_diversity.py                      # 200 queries x 1,000 documents
    python bench/bench_diversity.py --queries 1000 --depth 1000 --repeat 3

Two timings, each tool in its own subprocess started from scratch and timed by wall clock
(the fastest of --repeat runs; no assertion on time anywhere):

- end to end: files on disk -> per-query values of alpha_nDCG@20, ERR_IA@20, nNRBP,
  P_IA@20, AP_IA and StRecall@20. Ours: rankwork QRELS RUN -m ... -q (written to a
  file). pyndeval: the files read line by line into tuples (as its README shows), then
  pyndeval.ndeval(qrels, run, measures);
- evaluation only: the same, with the reading excluded (ours: rankwork.collection.batch.
  evaluate on the DataFrames read_qrels / read_run returned; pyndeval: ndeval on the tuples).

Each tool's mean of each measure is printed too, as a check that they computed the same
(scores are distinct, so the tools' tie rules do not matter; nNRBP's mean is over the queries
with something relevant, since ndeval gives NaN elsewhere and RankLab 0).

The collection: every query has 1-6 subtopics, about 150 judged documents (each relevant to
each subtopic with probability 0.15), and a run of --depth documents with distinct scores.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
OURS = ["alpha_nDCG@20", "ERR_IA@20", "nNRBP", "P_IA@20", "AP_IA", "StRecall@20"]
THEIRS = ["alpha-nDCG@20", "ERR-IA@20", "nNRBP", "P-IA@20", "MAP-IA", "strec@20"]

PYNDEVAL = """
import sys, time, math, pyndeval
start = time.perf_counter()
qrels = []
with open(sys.argv[1]) as f:
    for line in f:
        q, s, d, r = line.split()
        qrels.append((q, s, d, int(r)))
run = []
with open(sys.argv[2]) as f:
    for line in f:
        q, _, d, _, score, _ = line.split()
        run.append((q, d, float(score)))
read = time.perf_counter()
measures = sys.argv[3].split(",")
values = pyndeval.ndeval(qrels, run, measures=measures)
done = time.perf_counter()
print("evaluate", done - read)
for m in measures:
    vs = [v[m] for v in values.values() if not math.isnan(v[m])]
    print(m, sum(vs) / len(vs), len(vs))
"""

OURS_INNER = """
import sys, time, math
from rankwork.collection.trec import read_qrels, read_run
from rankwork.collection.batch import evaluate
qrels = read_qrels(sys.argv[1], subtopics=True)
run = read_run(sys.argv[2])
names = sys.argv[3].split(",")
start = time.perf_counter()
result = evaluate(qrels, run, names)
print("evaluate", time.perf_counter() - start)
relevant = set(qrels[qrels["rel"] > 0]["qid"])
for m in names:
    column = result.per_query[m]
    if m == "nNRBP":
        column = column[column.index.isin(relevant)]
    print(m, column.mean(), len(column))
"""


def make(path: Path, queries: int, depth: int, seed: int = 0) -> tuple[Path, Path]:
    rng = np.random.default_rng(seed)
    qrels, run = path / "div_qrels.txt", path / "div_run.txt"
    with qrels.open("w") as fq, run.open("w") as fr:
        for q in range(queries):
            n_sub = int(rng.integers(1, 7))
            docs = rng.choice(depth * 3, size=depth, replace=False)
            judged = rng.choice(depth * 3, size=150, replace=False)
            for d in judged:
                for s in range(1, n_sub + 1):
                    fq.write(f"{q} {s} D{d} {int(rng.random() < 0.15)}\n")
            scores = np.sort(rng.random(depth))[::-1] * 100
            for rank, (d, score) in enumerate(zip(docs, scores, strict=True), 1):
                fr.write(f"{q} Q0 D{d} {rank} {float(score)!r} bench\n")
    return qrels, run


def timed(args: list[str]) -> tuple[float, str]:
    start = time.perf_counter()
    done = subprocess.run(args, capture_output=True, text=True, cwd=ROOT, check=True)
    return time.perf_counter() - start, done.stdout


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--queries", type=int, default=200)
    parser.add_argument("--depth", type=int, default=1000)
    parser.add_argument("--repeat", type=int, default=1)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        qrels, run = make(Path(tmp), args.queries, args.depth)
        out = Path(tmp) / "ours.txt"
        cli = [sys.executable, "-m", "rankwork", str(qrels), str(run), "-q", "--qrels", "diversity"]
        cli += [a for m in OURS for a in ("-m", m)]
        ours_inner = [sys.executable, "-c", OURS_INNER, str(qrels), str(run), ",".join(OURS)]
        theirs = [sys.executable, "-c", PYNDEVAL, str(qrels), str(run), ",".join(THEIRS)]
        best: dict[str, float] = {}
        outputs: dict[str, str] = {}
        for _ in range(args.repeat):
            for name, command in (("ours", cli), ("ours_eval", ours_inner), ("pyndeval", theirs)):
                seconds, stdout = timed(command)
                if name == "ours":
                    out.write_text(stdout)
                if seconds < best.get(name, float("inf")):
                    best[name], outputs[name] = seconds, stdout
        inner = {
            name: float(outputs[name].splitlines()[0].split()[1])
            for name in ("ours_eval", "pyndeval")
        }
        print(f"collection: {args.queries} queries x {args.depth} documents (diversity qrels)")
        print(
            f"end to end   ours {best['ours']:.2f} s   pyndeval {best['pyndeval']:.2f} s   "
            f"ratio ours/pyndeval {best['ours'] / best['pyndeval']:.2f}"
        )
        print(
            f"evaluation   ours {inner['ours_eval']:.3f} s  pyndeval {inner['pyndeval']:.3f} s  "
            f"ratio ours/pyndeval {inner['ours_eval'] / inner['pyndeval']:.2f}"
        )
        print("means (ours | pyndeval, queries averaged):")
        ours_means = [line.split() for line in outputs["ours_eval"].splitlines()[1:]]
        their_means = [line.split() for line in outputs["pyndeval"].splitlines()[1:]]
        for (m, a, n), (t, b, n2) in zip(ours_means, their_means, strict=True):
            print(f"  {m:<14} {float(a):.12f} ({n}) | {t:<14} {float(b):.12f} ({n2})")


if __name__ == "__main__":
    main()
