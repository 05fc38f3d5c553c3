"""End-to-end benchmark: TREC files on disk -> per-query nDCG@10, P@10, AP and RR.

    python bench/bench_eval.py                       # 2,000 x 1,000 and 10,000 x 1,000
    python bench/bench_eval.py --sizes 500x1000 --repeat 3

Each tool runs in its own subprocess, started from scratch (interpreter, imports, reading,
evaluating), and is timed by wall clock; its peak memory is the RSS high-water mark the
kernel reports for that child (os.wait4's ru_maxrss):

- ours:        rankwork QRELS RUN -m nDCG@10 -m P@10 -m AP -m RR -q  (per-query
               lines written to a file)
- pytrec_eval: pytrec_eval.parse_qrel / parse_run (the files into dicts, as its users do),
               then RelevanceEvaluator(qrels, {ndcg_cut.10, P.10, map, recip_rank}).evaluate
- ranx:        Qrels.from_file / Run.from_file (kind="trec"), then
               evaluate(qrels, run, [ndcg@10, precision@10, map, mrr], return_mean=False);
               run once on a tiny collection first so that numba's compiled code is cached

The collections come from bench/make_collection.py (made on first use under bench/out/).
Every tool's mean of each measure is printed too, as a check that they computed the same.
With --repeat N each tool runs N times and the fastest run is reported (its memory with it).
Target: ours at most half of pytrec_eval's wall time, with no more peak memory.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))

from make_collection import make  # noqa: E402

PYTREC = """
import sys, pytrec_eval
with open(sys.argv[1]) as f:
    qrels = pytrec_eval.parse_qrel(f)
with open(sys.argv[2]) as f:
    run = pytrec_eval.parse_run(f)
names = {"ndcg_cut_10": "nDCG@10", "P_10": "P@10", "map": "AP", "recip_rank": "RR"}
evaluator = pytrec_eval.RelevanceEvaluator(qrels, {"ndcg_cut.10", "P.10", "map", "recip_rank"})
per_query = evaluator.evaluate(run)
for key, name in names.items():
    values = [v[key] for v in per_query.values()]
    print(name, sum(values) / len(values))
"""

RANX = """
import sys
from ranx import Qrels, Run, evaluate
qrels = Qrels.from_file(sys.argv[1], kind="trec")
run = Run.from_file(sys.argv[2], kind="trec")
names = {"ndcg@10": "nDCG@10", "precision@10": "P@10", "map": "AP", "mrr": "RR"}
per_query = evaluate(qrels, run, list(names), return_mean=False)
for key, name in names.items():
    print(name, per_query[key].mean())
"""

MEASURES = ("nDCG@10", "P@10", "AP", "RR")


def timed(command: list[str], stdout) -> tuple[float, float, str]:
    """Run `command`; its wall seconds, its peak RSS in MB and its stderr."""
    start = time.perf_counter()
    child = subprocess.Popen(command, stdout=stdout, stderr=subprocess.PIPE, cwd=ROOT, text=True)
    err = child.stderr.read()
    _, status, usage = os.wait4(child.pid, 0)
    seconds = time.perf_counter() - start
    child.returncode = os.waitstatus_to_exitcode(status)
    child.stderr.close()
    if child.returncode != 0:
        raise RuntimeError(f"{command[:3]} failed ({child.returncode}): {err}")
    return seconds, usage.ru_maxrss / 1024.0, err  # ru_maxrss is in KiB on Linux


def commands(qrels: Path, run: Path) -> dict[str, list[str]]:
    ours = [sys.executable, "-m", "rankwork", str(qrels), str(run), "-q"]
    for m in MEASURES:
        ours += ["-m", m]
    return {
        "ours": ours,
        "pytrec_eval": [sys.executable, "-c", PYTREC, str(qrels), str(run)],
        "ranx": [sys.executable, "-c", RANX, str(qrels), str(run)],
    }


def means_of_ours(path: Path) -> dict[str, float]:
    out = {}
    for line in path.read_text().splitlines():
        name, qid, value = line.split("\t")
        if qid == "all":
            out[name] = float(value)
    return out


def means_printed(text: str) -> dict[str, float]:
    return {name: float(value) for name, value in (line.split() for line in text.splitlines())}


def bench(queries: int, docs: int, repeat: int) -> dict[str, tuple[float, float]]:
    folder = HERE / "out" / f"{queries}x{docs}"
    qrels, run = folder / "qrels.txt", folder / "run.txt"
    if not (qrels.exists() and run.exists()):
        print(f"making {folder} ...", flush=True)
        make(folder, queries, docs)
    lines = sum(1 for _ in open(run, "rb"))
    print(f"\n{queries:,} queries x {docs:,} documents = {lines:,} run lines ({run})")
    best: dict[str, tuple[float, float]] = {}
    means: dict[str, dict[str, float]] = {}
    for tool, command in commands(qrels, run).items():
        for _ in range(repeat):
            with tempfile.NamedTemporaryFile("w+", suffix=".txt") as out:
                seconds, mb, _ = timed(command, out)
                out.flush()
                path = Path(out.name)
                means[tool] = (
                    means_of_ours(path) if tool == "ours" else means_printed(path.read_text())
                )
            if tool not in best or seconds < best[tool][0]:
                best[tool] = (seconds, mb)
    ours_s, ours_mb = best["ours"]
    print(f"{'tool':<12} {'wall s':>8} {'peak MB':>9} {'time / ours':>12} {'memory / ours':>14}")
    for tool, (seconds, mb) in best.items():
        print(f"{tool:<12} {seconds:8.2f} {mb:9.0f} {seconds / ours_s:12.2f} {mb / ours_mb:14.2f}")
    print(
        "means: "
        + "; ".join(
            f"{m} " + " ".join(f"{tool}={means[tool].get(m, float('nan')):.6f}" for tool in means)
            for m in MEASURES
        )
    )
    ref_s, ref_mb = best["pytrec_eval"]
    verdict = "met" if ours_s <= ref_s / 2 and ours_mb <= ref_mb else "NOT met"
    print(
        f"target (<= half of pytrec_eval's time, <= its memory): {verdict} "
        f"({ours_s / ref_s:.2f} x its time, {ours_mb / ref_mb:.2f} x its memory)"
    )
    return best


def warm_up_ranx() -> None:
    """Compile (and cache) ranx's numba functions on a tiny collection."""
    folder = HERE / "out" / "warmup"
    if not (folder / "run.txt").exists():
        make(folder, 20, 100, corpus=10_000)
    timed(commands(folder / "qrels.txt", folder / "run.txt")["ranx"], subprocess.DEVNULL)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument(
        "--sizes", default="2000x1000,10000x1000", help="QUERIESxDOCS, comma-separated"
    )
    parser.add_argument("--repeat", type=int, default=1, help="runs per tool (fastest kept)")
    args = parser.parse_args(argv)
    print(f"python {sys.version.split()[0]}, {os.cpu_count()} CPUs")
    warm_up_ranx()
    for size in args.sizes.split(","):
        queries, docs = (int(x) for x in size.lower().split("x"))
        bench(queries, docs, args.repeat)


if __name__ == "__main__":
    main()
