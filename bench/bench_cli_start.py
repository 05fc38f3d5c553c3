"""What each of the command line's start-up tricks (metrics/__main__.py) buys, against
pytrec_eval in the same run.

    python bench/bench_cli_start.py                         # 2,000 and 10,000 queries x 1,000
    python bench/bench_cli_start.py --sizes 2000x1000 --repeat 5

`python -m metrics` does three things around `metrics.cli.main`: it sets Arrow's allocator
to malloc and OpenBLAS to one thread before numpy loads ("environment"), reads the qrels and
the run in a background thread while pandas loads ("prefetch"), and ends without the
interpreter's teardown ("fast exit"). Each variant below leaves some out; each runs as its
own process, from scratch, the best of --repeat, on the collections of bench/bench_eval.py
(bench/make_collection.py, under bench/out/). Printed: wall seconds, peak RSS, and the ratio
pytrec_eval's time / the variant's (the figure bench_eval.py's target is about).
"""

from __future__ import annotations

import argparse
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_eval import HERE, MEASURES, PYTREC, timed  # noqa: E402
from make_collection import make  # noqa: E402

_MAIN = "import sys; import metrics.__main__ as m; "
_RUN = "from metrics.cli import main; "
VARIANTS = {
    "all three (python -m metrics)": None,
    "no prefetch": _MAIN + "m._environment(); " + _RUN + "m._exit_now(main())",
    "no environment": _MAIN + "m._prefetch(sys.argv[1:]); " + _RUN + "m._exit_now(main())",
    "no fast exit": _MAIN + "m._head_start(sys.argv[1:]); " + _RUN + "sys.exit(main())",
    "none": _MAIN + _RUN + "sys.exit(main())",
}


def command(variant: str | None, qrels: Path, run: Path) -> list[str]:
    args = [str(qrels), str(run), "-q"] + [x for m in MEASURES for x in ("-m", m)]
    if variant is None:
        return [sys.executable, "-m", "metrics", *args]
    return [sys.executable, "-c", variant, *args]


def bench(queries: int, docs: int, repeat: int) -> None:
    folder = HERE / "out" / f"{queries}x{docs}"
    qrels, run = folder / "qrels.txt", folder / "run.txt"
    if not (qrels.exists() and run.exists()):
        print(f"making {folder} ...", flush=True)
        make(folder, queries, docs)
    runs = {name: command(code, qrels, run) for name, code in VARIANTS.items()}
    runs["pytrec_eval"] = [sys.executable, "-c", PYTREC, str(qrels), str(run)]
    best: dict[str, tuple[float, float]] = {}
    for _ in range(repeat):  # interleaved, so that every variant sees the same load
        for name, cmd in runs.items():
            seconds, mb, _ = timed(cmd, subprocess.DEVNULL)
            if name not in best or seconds < best[name][0]:
                best[name] = (seconds, mb)
    reference = best["pytrec_eval"][0]
    print(f"\n{queries:,} queries x {docs:,} documents (best of {repeat})")
    print(f"{'variant':<32}{'wall s':>8}{'peak MB':>9}{'pytrec_eval / it':>18}")
    for name, (seconds, mb) in best.items():
        print(f"{name:<32}{seconds:8.2f}{mb:9.0f}{reference / seconds:18.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", nargs="+", default=["2000x1000", "10000x1000"])
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    for size in args.sizes:
        queries, docs = (int(x) for x in size.split("x"))
        bench(queries, docs, args.repeat)


if __name__ == "__main__":
    main()
