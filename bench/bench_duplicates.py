"""Does the TREC reader's own 64-bit string hash earn its place? Time, in one run, the reader's
duplicate detection (the same document twice for a query) with the custom hash against pandas'
and pyarrow's own duplicate detection, on the same columns of a generated run.

    python bench/bench_duplicates.py                    # 10M lines (10,000 queries x 1,000)
    python bench/bench_duplicates.py --queries 2000     # 2M lines

The collection is bench/make_collection.py's (written once into --out, default
/tmp/rankwork-bench-duplicates/QxD, and reused). The run is read once by
`rankwork.collection.trec.read_run`; its (qid, docno) columns (pandas "str" columns over Arrow
strings, as the reader returns them) are then checked by:

- hash: `trec.has_duplicate_pair`, the reader's check (`arrow_kernels.has_repeated_pair`: one
  uint64 per row, hashed over the Arrow buffers with numpy, then sorted; the rows sharing a hash
  are compared exactly);
- pandas: `DataFrame.duplicated(["qid", "docno"]).any()`;
- pyarrow group_by: `Table.group_by(["qid", "docno"], use_threads=False).aggregate([])`, fewer
  groups than rows (single-threaded: on this 2-core machine shared with others, faster);
- pyarrow unique: `pc.unique` of the texts qid + NUL + docno, fewer values than rows (exact when
  no qid holds a NUL byte, as here).

Each check runs on the valid run (no pair repeats) and on the same columns with one row repeated
at the end; the three must agree on both. Printed: the fastest of --repeat times of each check,
the reader's wall time, the end-to-end wall time of `rankwork.evaluate(qrels, run, ["nDCG@10",
"AP"])` from the files, and the hash's saving against the fastest of the other three, as a share
of each wall time (with the fastest other check in place of the hash). The machine is shared: run it
when it is quiet; the fastest of several runs is the steadier number.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pandas as pd
import pyarrow as pa
import pyarrow.compute as pc

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from make_collection import make  # noqa: E402
from timing import fastest  # noqa: E402

import rankwork  # noqa: E402
from rankwork.collection import arrow_kernels  # noqa: E402
from rankwork.collection.trec import has_duplicate_pair, read_run  # noqa: E402

PAIR = ["qid", "docno"]


def by_pandas(pairs: pd.DataFrame) -> bool:
    return bool(pairs.duplicated(PAIR).any())


def by_group_by(pairs: pd.DataFrame) -> bool:
    table = pa.table({name: arrow_kernels.arrow_text(pairs[name]) for name in PAIR})
    return table.group_by(PAIR, use_threads=False).aggregate([]).num_rows < table.num_rows


def by_unique(pairs: pd.DataFrame) -> bool:
    qid, docno = (arrow_kernels.arrow_text(pairs[name]) for name in PAIR)
    joined = pc.binary_join_element_wise(qid, docno, pa.scalar("\x00", qid.type))
    return len(pc.unique(joined)) < len(joined)


def by_hash(pairs: pd.DataFrame) -> bool:
    return has_duplicate_pair(pairs["qid"], pairs["docno"])


CHECKS: dict[str, Callable[[pd.DataFrame], bool]] = {
    "hash": by_hash,
    "pandas": by_pandas,
    "pyarrow group_by": by_group_by,
    "pyarrow unique": by_unique,
}


def with_a_repeat(pairs: pd.DataFrame) -> pd.DataFrame:
    """The same pairs with the middle row repeated at the end (same Arrow string columns)."""
    middle = pairs.iloc[[len(pairs) // 2]]
    return pd.concat([pairs, middle], ignore_index=True)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--queries", type=int, default=10_000)
    parser.add_argument("--docs", type=int, default=1_000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--out", type=Path, default=None)
    args = parser.parse_args(argv)
    out = args.out or Path("/tmp/rankwork-bench-duplicates") / f"{args.queries}x{args.docs}"
    qrels_path, run_path = out / "qrels.txt", out / "run.txt"
    if not run_path.exists():
        start = time.perf_counter()
        make(out, queries=args.queries, docs=args.docs)
        print(f"wrote {run_path} in {time.perf_counter() - start:.0f} s")
    print(f"at {time.strftime('%H:%M:%S %Z')}, {args.queries * args.docs:,} run lines")

    read_s, run = fastest(lambda: read_run(run_path), max(2, args.repeat - 1))
    pairs = run[PAIR]
    repeated = with_a_repeat(pairs)
    times: dict[str, float] = {}
    for name, check in CHECKS.items():
        times[name], found = fastest(lambda check=check, pairs=pairs: check(pairs), args.repeat)
        found_repeat = check(repeated)
        print(f"{name:16} {times[name]:7.3f} s   repeat found: {found}, {found_repeat}")
        if found or not found_repeat:
            raise SystemExit(f"{name} got the wrong answer: {found}, {found_repeat}")
    del run, pairs, repeated

    names = ["nDCG@10", "AP"]
    evaluate_s, _ = fastest(lambda: rankwork.evaluate(qrels_path, run_path, names), 2)
    other = min((name for name in CHECKS if name != "hash"), key=times.__getitem__)
    saving = times[other] - times["hash"]
    print(f"read_run           {read_s:7.3f} s (with the hash)")
    print(f"rankwork.evaluate  {evaluate_s:7.3f} s (with the hash; {', '.join(names)})")
    print(f"{other} / hash: {times[other] / times['hash']:.1f}x; the hash saves {saving:.3f} s")
    for what, wall in (("read_run", read_s), ("rankwork.evaluate", evaluate_s)):
        share = saving / (wall + saving)
        print(f"  = {share:.0%} of {what}'s wall time with {other}'s check in its place")


if __name__ == "__main__":
    main()
