"""Time the Evaluate page on a 1M-line run, through the page itself (AppTest with uploads).

    python bench/bench_evaluate_page.py                     # 1,000 queries x 1,000 documents
    python bench/bench_evaluate_page.py --queries 2000      # 2M lines

The collection comes from bench/make_collection.py (written once under bench/out/). The script
runs app.py in AppTest, opens the Evaluate page, uploads the qrels and the run as a user would
(`file_uploader.set_value`), and times, by wall clock:

- upload -> results: the whole rerun that reads the run (the TREC reader), evaluates it with
  the default measures (nDCG@10, P@10, AP, RR plus the per-query facts), bootstraps each mean's
  95% interval (10,000 resamples) and renders the means tab — what a user waits for;
- the same page again (a rerun with every result cached on the files' bytes);
- the per-query tab (a table of every query and the distribution plot);
- a second run of the same size uploaded next to the first: read, evaluate, and compare the two
  (bootstrap interval of the difference, randomisation test with 10,000 permutations, t-test);
- the drill-down: open one query's list in the Playground.

AppTest runs the script in this process without a browser, so the times are the script's (the
server and the browser add tens of milliseconds). The page's means are checked against
rankwork.collection.batch.evaluate on the same files.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(HERE))

from make_collection import make  # noqa: E402
from streamlit.testing.v1 import AppTest  # noqa: E402

from rankwork.collection import trec  # noqa: E402
from rankwork.collection.batch import evaluate  # noqa: E402

PAGE = "app_pages/evaluate.py"
TIMEOUT_S = 600


def timed(label: str, action) -> float:
    start = time.perf_counter()
    at = action()
    seconds = time.perf_counter() - start
    if at.exception:
        raise SystemExit(f"{label}: the page raised {at.exception[0].message}")
    print(f"{label:<58} {seconds:7.2f} s")
    return seconds


def upload(at: AppTest, slot: str, files: list[tuple[str, bytes]]) -> AppTest:
    value = [(name, data, "text/plain") for name, data in files]
    at.file_uploader(key=f"ev_upload_{slot}").set_value(value if slot == "runs" else value[0])
    return at.run(timeout=TIMEOUT_S)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--queries", type=int, default=1000)
    parser.add_argument("--docs", type=int, default=1000)
    args = parser.parse_args(argv)
    out = HERE / "out" / f"{args.queries}x{args.docs}"
    if not (out / "run.txt").exists():
        print(f"writing the collection under {out} ...")
        make(out, args.queries, args.docs)
    qrels_bytes, run_bytes = (out / "qrels.txt").read_bytes(), (out / "run.txt").read_bytes()
    lines = run_bytes.count(b"\n")
    print(f"run: {lines:,} lines ({len(run_bytes) / 1e6:.1f} MB), {args.queries:,} queries")

    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=TIMEOUT_S).run()
    at.switch_page(PAGE).run()
    upload(at, "qrels", [("qrels.txt", qrels_bytes)])
    total = timed(
        f"upload a {lines / 1e6:g}M-line run -> means with 95% CIs",
        lambda: upload(at, "runs", [("run.txt", run_bytes)]),
    )
    shown = next(df.value for df in at.dataframe if "queries" in df.value.columns)
    core = evaluate(trec.read_qrels(qrels_bytes), trec.read_run(run_bytes), ["nDCG@10", "AP"])
    for measure in ("nDCG@10", "AP"):
        assert abs(shown.loc[0, measure] - core.means[measure]) < 1e-12, measure
    timed("the same page again (cached)", lambda: at.run())
    at.session_state["ev_tab"] = "Per query"
    timed("per-query tab (table and distribution)", lambda: at.run())
    at.session_state["ev_tab"] = "Compare runs"
    timed(
        "a second 1M-line run: read, evaluate, compare the two",
        lambda: upload(at, "runs", [("run.txt", run_bytes), ("run_again.txt", run_bytes)]),
    )
    at.session_state["ev_tab"] = "Open a query"
    at.run()
    button = next(b for b in at.button if b.label == "Open in the Playground")
    timed("open a query in the Playground", lambda: button.click().run())
    print(f"\n1M-line run evaluated in the page: {total:.2f} s (means checked against the core)")


if __name__ == "__main__":
    main()
