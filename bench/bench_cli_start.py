"""What each of the command line's start-up measures (`rankwork.__main__`) buys, against
pytrec_eval in the same run.

    python bench/bench_cli_start.py                         # 2,000 and 10,000 queries x 1,000
    python bench/bench_cli_start.py --sizes 2000x1000 --repeat 5

`rankwork` does two things around `rankwork.cli.main`: before numpy loads it sets
Arrow's allocator to malloc and OpenBLAS to one thread ("environment"), and it ends without
the interpreter's teardown ("fast exit"). Each variant below leaves some out; each runs as its
own process, from scratch, interleaved with the others, the best of --repeat, on the
collections of bench/bench_eval.py (bench/make_collection.py, under bench/out/). Printed: wall
seconds, peak RSS, and the ratio pytrec_eval's time / the variant's (bench_eval.py's target:
ours at most half of pytrec_eval's time, with no more memory).

A third measure, reading the input files in a background thread while pandas loaded, was
measured here (2026-12-01: 1.04 s with it, 1.10 s without at 2 million lines; 1.27 s against
1.22 s, and 5.05 s against 4.99 s at 10 million, in a second run) and removed: it did not
show beyond the noise.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_eval import HERE, MEASURES, PYTREC, timed  # noqa: E402
from make_collection import make  # noqa: E402

_MAIN = "import sys; import rankwork.__main__ as m; "
_RUN = "from rankwork.cli import main; "
VARIANTS = {
    "both (rankwork)": None,
    "no environment": _MAIN + _RUN + "m._exit_now(main())",
    "no fast exit": _MAIN + "m._head_start(); " + _RUN + "sys.exit(main())",
    "neither": _MAIN + _RUN + "sys.exit(main())",
}


def command(variant: str | None, qrels: Path, run: Path) -> list[str]:
    args = [str(qrels), str(run), "-q"] + [x for m in MEASURES for x in ("-m", m)]
    if variant is None:
        return [sys.executable, "-m", "rankwork", *args]
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
