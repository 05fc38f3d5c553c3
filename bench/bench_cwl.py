"""Benchmark: the C/W/L measures, ours (rankwork.core.measures.families.cwl) against cwl_eval 1.0.12
through ir_measures' cwl_eval provider, on a generated collection (bench/make_collection.py).

    python bench/bench_cwl.py                          # 500 queries x 1,000 documents
    python bench/bench_cwl.py --queries 2000 --repeat 3

Evaluation only, in this process: both tools get the same qrels and run, already read
(ours: the DataFrames of rankwork.collection.trec.read_qrels / read_run; ir_measures: the same
rows as dicts), and each computes INST, INSQ, NERR10, NERR8@10 and BPM@10 (max_rel=3, the
collection's top grade) for every query. The collection has a few exactly tied scores, which
ir_measures' cwl_eval provider leaves in input order (a stable sort), so ours runs under
ir_measures' preset with ties in input order too. The fastest of --repeat runs is printed
with the ratio, and for each measure both means and the largest per-query difference, as a
check that the two computed the same. No assertion on time anywhere.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import ir_measures  # noqa: E402  (test-only dependency: this is a benchmark)

from bench.make_collection import make  # noqa: E402
from bench.timing import fastest  # noqa: E402
from rankwork.collection.batch import evaluate  # noqa: E402
from rankwork.collection.trec import read_qrels, read_run  # noqa: E402
from rankwork.core import conventions as C  # noqa: E402

M = ir_measures
PAIRS = {
    "INST(max_rel=3)": M.INST(max_rel=3),
    "INSQ(max_rel=3)": M.INSQ(max_rel=3),
    "NERR10(max_rel=3)": M.NERR10(max_rel=3),
    "NERR8(max_rel=3)@10": M.NERR8(max_rel=3) @ 10,
    "BPM(max_rel=3)@10": M.BPM(max_rel=3) @ 10,
}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--queries", type=int, default=500)
    parser.add_argument("--docs", type=int, default=1000)
    parser.add_argument("--repeat", type=int, default=1)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        qrels_path, run_path = make(Path(tmp), queries=args.queries, docs=args.docs)
        qrels, run = read_qrels(qrels_path), read_run(run_path)
    q_dict: dict[str, dict[str, int]] = {}
    for qid, docno, rel in qrels[["qid", "docno", "rel"]].itertuples(index=False):
        q_dict.setdefault(qid, {})[docno] = int(rel)
    r_dict: dict[str, dict[str, float]] = {}
    for qid, docno, score in run[["qid", "docno", "score"]].itertuples(index=False):
        r_dict.setdefault(qid, {})[docno] = float(score)
    names = list(PAIRS)
    convention = C.IR_MEASURES.with_(ties="input")  # as the cwl_eval provider sorts
    ours_time, ours = fastest(
        lambda: evaluate(qrels, run, names, convention).per_query, args.repeat
    )
    theirs_time, theirs = fastest(
        lambda: list(ir_measures.iter_calc(list(PAIRS.values()), q_dict, r_dict)), args.repeat
    )
    print(f"{args.queries} queries x {args.docs} documents, evaluation only (fastest of "
          f"{args.repeat})")  # fmt: skip
    print(f"  RankLab (families.cwl)       {ours_time:8.3f} s")
    print(f"  cwl_eval through ir_measures {theirs_time:8.3f} s")
    print(f"  ratio cwl_eval / RankLab     {theirs_time / ours_time:8.1f}x")
    by_measure: dict[str, dict[str, float]] = {}
    for m in theirs:
        by_measure.setdefault(str(m.measure), {})[m.query_id] = m.value
    for name, measure in PAIRS.items():
        values = by_measure[str(measure)]
        worst = max(abs(ours.loc[qid, name] - value) for qid, value in values.items())
        mean = sum(values.values()) / len(values)
        print(f"  {name:22s} mean ours {ours[name].mean():.6f}  cwl_eval {mean:.6f}  "
              f"largest difference {worst:.2g}")  # fmt: skip


if __name__ == "__main__":
    main()
