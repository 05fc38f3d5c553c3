"""The Evaluate page in Debian's chromium against the served app: the sample collection loads
and its tables are drawn (the per-query table's CSV holds every run's values), then one query
of the run with tied scores opens in the Playground with its whole list, in trec_eval's order,
and the Playground's nDCG@10 card shows the page's number."""

from __future__ import annotations

import io
from pathlib import Path
from urllib.parse import parse_qs, urlparse

import pandas as pd
from playwright.sync_api import Page, expect

from rankwork.collection import trec
from rankwork.collection.batch import evaluate
from tests.e2e.helpers import ROW_HEIGHT_PX, TIMEOUT_MS, wait_for_app

SAMPLE = Path(__file__).resolve().parents[2] / "data" / "sample"
RUN, QUERY = "run_medium", "305"


def expected_list() -> tuple[list[str], float]:
    """The query's doc ids in trec_eval's order (score descending, ties by docno descending)
    and its nDCG@10, by the core."""
    qrels, run = trec.read_qrels(SAMPLE / "qrels.txt"), trec.read_run(SAMPLE / f"{RUN}.txt")
    lines = run[run["qid"] == QUERY].sort_values(["score", "docno"], ascending=False)
    value = evaluate(qrels, run, ["nDCG@10"]).per_query.loc[QUERY, "nDCG@10"]
    return lines["docno"].tolist(), float(value)


def choose(page: Page, label: str, option: str) -> None:
    """Pick `option` in the selectbox labelled `label` (type to filter, then Enter)."""
    page.get_by_test_id("stSelectbox").filter(has_text=label).click()
    page.keyboard.type(option)
    page.keyboard.press("Enter")
    wait_for_app(page)


def test_sample_table_then_open_a_query_in_the_playground(
    page: Page, console_errors: list[str]
) -> None:
    page.goto("/evaluate")
    wait_for_app(page)
    means = page.get_by_test_id("stDataFrame").first
    expect(means).to_be_visible(timeout=TIMEOUT_MS)
    box = means.bounding_box()
    assert box is not None and box["height"] >= 4 * ROW_HEIGHT_PX  # header + three runs
    expect(page.get_by_text("run_weak has no results for query 315")).to_be_visible()

    page.get_by_role("tab", name="Per query").click()
    wait_for_app(page)
    with page.expect_download() as download:
        page.get_by_role("button", name="Download as CSV (every run, full precision)").click()
    table = pd.read_csv(io.BytesIO(Path(download.value.path()).read_bytes()), dtype={"qid": str})
    assert len(table) == 90 and list(table["run"].unique()) == [
        "run_weak",
        "run_medium",
        "run_strong",
    ]

    docs, ndcg = expected_list()
    row = table[(table["run"] == RUN) & (table["qid"] == QUERY)].iloc[0]
    assert row["nDCG@10"] == ndcg

    page.get_by_role("tab", name="Open a query").click()
    wait_for_app(page)
    choose(page, "Run", RUN)
    choose(page, "Query", QUERY)
    expect(page.get_by_text(f"Query {QUERY} of {RUN}")).to_be_visible(timeout=TIMEOUT_MS)
    page.get_by_role("button", name="Open in the Playground").click()
    wait_for_app(page)

    page.wait_for_url("**/playground?**", timeout=TIMEOUT_MS)
    card = page.get_by_test_id("stMetric").filter(
        has=page.get_by_test_id("stMetricLabel").get_by_text("nDCG@10", exact=True)
    )
    expect(card.get_by_test_id("stMetricValue")).to_have_text(f"{ndcg:.4f}", timeout=TIMEOUT_MS)
    params = parse_qs(urlparse(page.url).query)
    assert (params["preset"], params["k"]) == (["trec-eval-ndcg-cut"], ["10"])
    assert params["d"][0].split(",") == docs  # the whole list, in trec_eval's order
    assert len(params["u"][0].split(",")) > 0  # judged documents not retrieved came along
    expect(page.get_by_test_id("stDataFrame").first).to_be_visible()
    assert console_errors == []


def test_compare_card_and_csv_say_the_same_difference(
    page: Page, console_errors: list[str]
) -> None:
    qrels = trec.read_qrels(SAMPLE / "qrels.txt")
    means = {
        run: evaluate(qrels, trec.read_run(SAMPLE / f"{run}.txt"), ["nDCG@10"]).per_query["nDCG@10"]
        for run in ("run_weak", "run_medium")
    }
    diff = float((means["run_medium"] - means["run_weak"]).mean())  # run_weak has no 315: 0
    page.goto("/evaluate")
    wait_for_app(page)
    page.get_by_role("tab", name="Compare runs").click()
    wait_for_app(page)
    card = page.get_by_test_id("stMetric").filter(
        has=page.get_by_test_id("stMetricLabel").get_by_text(
            "challenger − baseline (mean)", exact=True
        )
    )
    expect(card.get_by_test_id("stMetricValue")).to_have_text(f"{diff:+.4f}", timeout=TIMEOUT_MS)
    with page.expect_download() as download:
        page.get_by_test_id("stDownloadButton").get_by_role("button").click()
    table = pd.read_csv(io.BytesIO(Path(download.value.path()).read_bytes()))
    row = table[
        (table["measure"] == "nDCG@10")
        & (table["baseline"] == "run_weak")
        & (table["challenger"] == "run_medium")
    ].iloc[0]
    assert abs(row["challenger_minus_baseline"] - diff) < 1e-12
    assert "p_randomisation_holm" in table.columns and len(table) == 12


def test_a_run_chosen_again_is_kept_once(page: Page, console_errors: list[str]) -> None:
    """Issue 12.6b, in the browser: choosing runA, then runA and runB in the runs box keeps
    runA once and says so (the browser's uploader adds the files chosen to those it holds)."""
    page.goto("/evaluate")
    wait_for_app(page)
    page.get_by_test_id("stExpander").filter(has_text="Upload files").locator("summary").click()
    runs = page.get_by_test_id("stFileUploader").filter(has_text="Runs (one or more)")
    run_a = {"name": "runA.txt", "mimeType": "text/plain",
             "buffer": (SAMPLE / "run_weak.txt").read_bytes()}  # fmt: skip
    run_b = {**run_a, "name": "runB.txt", "buffer": (SAMPLE / "run_strong.txt").read_bytes()}
    runs.locator("input[type=file]").set_input_files([run_a])
    wait_for_app(page)
    expect(page.get_by_text("Kept in this session: runA.txt")).to_be_visible(timeout=TIMEOUT_MS)
    runs.locator("input[type=file]").set_input_files([run_a, run_b])
    wait_for_app(page)
    expect(
        page.get_by_text("runA.txt holds the same bytes as runA.txt: it is kept once.")
    ).to_be_visible(timeout=TIMEOUT_MS)
    expect(page.get_by_text("Kept in this session: runA.txt, runB.txt (")).to_be_visible()
    assert console_errors == []
