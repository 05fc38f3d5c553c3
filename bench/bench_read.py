"""Time rankwork.collection.trec.read_run on generated 1M- and 10M-line TREC runs.

    python bench/bench_read.py            # 1M and 10M lines
    python bench/bench_read.py 200000     # other sizes

Each run has 1,000 documents per query, unique docnos, scores with six decimals and a short
tag (about 39 bytes a line, so 10M lines is about 390 MB).  The files are generated with a
fixed seed into a temporary directory that is removed afterwards.  Printed per size: file
size, write time (rankwork.collection.trec_write.write_run), read time (wall clock and CPU), and
the peak resident memory of this process so far.  Timings are for one read on this machine; other
processes on the machine add noise, so the CPU time is the steadier number.
"""

from __future__ import annotations

import resource
import sys
import tempfile
import time
from pathlib import Path

import numpy as np
import pandas as pd

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from rankwork.collection.trec import read_run  # noqa: E402
from rankwork.collection.trec_write import write_run  # noqa: E402

DOCS_PER_QUERY = 1_000
SEED = 20240601


def make_run(lines: int, seed: int = SEED) -> pd.DataFrame:
    """A run of ``lines`` rows: qids 0, 1, ...; rank 1..1000 in each; unique docnos."""
    rng = np.random.default_rng(seed)
    row = np.arange(lines, dtype=np.int64)
    rank = row % DOCS_PER_QUERY + 1
    # An affine map modulo a prime is a bijection, so docnos are distinct but look shuffled.
    doc_ids = (row * 7_919 + 12_345) % 1_000_000_007
    return pd.DataFrame(
        {
            "qid": (row // DOCS_PER_QUERY).astype(str),
            "docno": pd.Series(doc_ids).astype(str).str.zfill(10).radd("GX"),
            "score": np.round(100.0 / rank + rng.random(lines), 6),
            "rank": rank,
            "tag": "bench",
        }
    )


def peak_rss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # Linux reports KiB


def bench(lines: int, directory: Path) -> None:
    run = make_run(lines)
    path = directory / f"run-{lines}.txt"
    start = time.perf_counter()
    write_run(run, path)
    write_s = time.perf_counter() - start
    del run
    size_mb = path.stat().st_size / 1e6

    wall, cpu = time.perf_counter(), time.process_time()
    loaded = read_run(path)
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    assert len(loaded) == lines
    print(
        f"{lines:>11,} lines  {size_mb:7.1f} MB  write {write_s:6.2f} s  "
        f"read {wall:6.2f} s wall, {cpu:6.2f} s CPU  "
        f"({lines / wall / 1e6:.2f} M lines/s)  peak RSS {peak_rss_mb():7.0f} MB"
    )
    path.unlink()


def main(argv: list[str]) -> None:
    sizes = [int(arg) for arg in argv] or [1_000_000, 10_000_000]
    with tempfile.TemporaryDirectory(prefix="ranklab-bench-read-") as tmp:
        for lines in sizes:
            bench(lines, Path(tmp))


if __name__ == "__main__":
    main(sys.argv[1:])
