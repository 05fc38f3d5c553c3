"""What `import rankwork` costs, against `import pandas` in the same environment (issue 26's
target: at most 1.3 times).

    python bench/bench_import.py              # best of 15
    python bench/bench_import.py --repeat 30

Also timed, for a sense of what a first evaluation loads: the reader and the batch evaluation
(`rankwork.collection.trec`, `rankwork.collection.batch`: pandas and numpy come with them) and
the single-list core (`rankwork.core.measures`).

Each import runs in a fresh interpreter (nothing cached in sys.modules; the files are in the
page cache after the first round), interleaved so that both see the same load, and times
itself: `time.perf_counter()` around the import statement alone, so the interpreter's own
start-up (the same for both) is not counted.  The rankwork imported is this checkout's
(metrics/src first on PYTHONPATH).  Printed: the best time of each, their ratio, and the modules
`import rankwork` loads beyond those `import pandas` loads (which must not include scipy,
pyarrow, streamlit, plotly or Babel).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

SOURCES = Path(__file__).resolve().parents[1] / "metrics" / "src"
TIMED = (
    "import time, sys, json; before = set(sys.modules); start = time.perf_counter(); "
    "import {modules}; took = time.perf_counter() - start; "
    "print(json.dumps([took, sorted(set(sys.modules) - before)]))"
)
IMPORTS = {
    "pandas": "pandas",
    "rankwork": "rankwork",
    "reader + batch": "rankwork.collection.trec, rankwork.collection.batch",
    "single-list core": "rankwork.core.measures",
}


def timed_import(modules: str) -> tuple[float, list[str]]:
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join(filter(None, [str(SOURCES), os.environ.get("PYTHONPATH")])),
    }
    done = subprocess.run(
        [sys.executable, "-c", TIMED.format(modules=modules)],
        capture_output=True,
        text=True,
        env=env,
        check=True,
    )
    took, loaded = json.loads(done.stdout)
    return took, loaded


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=15, help="fresh processes per module")
    repeat = parser.parse_args().repeat
    best = dict.fromkeys(IMPORTS, float("inf"))
    loaded: dict[str, list[str]] = {}
    for _ in range(repeat):
        for name, modules in IMPORTS.items():
            took, loaded[name] = timed_import(modules)
            best[name] = min(best[name], took)
    for name, took in best.items():
        ratio = took / best["pandas"]
        print(f"import {name:<17} {took * 1000:7.1f} ms  {ratio:5.2f} x pandas  (best of {repeat})")
    print(f"ratio rankwork / pandas: {best['rankwork'] / best['pandas']:.2f} (target <= 1.3)")
    extra = sorted(set(loaded["rankwork"]) - set(loaded["pandas"]))
    tops = sorted({name.split(".")[0] for name in extra})
    print(f"import rankwork loads {len(extra)} modules beyond pandas', from: {', '.join(tops)}")


if __name__ == "__main__":
    main()
