"""The Pitfalls lab's mistakes over a whole collection (rankwork.collection.pitfalls) against
independent sources: trec_eval (pytrec_eval) for the means, counts made by hand from the raw
sample files for the pooled ratios, scipy's ttest_rel and statsmodels' Holm adjustment for the
comparisons, and arithmetic written here. The wrong and right programs the lab shows are run
and must give the lab's numbers."""

from __future__ import annotations

import math
import re

import numpy as np
import pandas as pd
import pytest
from scipy.stats import ttest_rel

from rankwork.collection import pitfalls
from tests import sample_by_hand as hand

multitest = pytest.importorskip("statsmodels.stats.multitest")

QRELS = str(hand.SAMPLE / "qrels.txt")
RUN_FILES = tuple((name, str(hand.SAMPLE / f"run_{name}.txt")) for name in hand.RUNS)
TREC_NAMES = {"P@10": "P_10", "R@10": "recall_10", "R@100": "recall_100"}


@pytest.fixture(scope="module")
def averages() -> pitfalls.Averages:
    return pitfalls.averages_of_files(QRELS, RUN_FILES)


def value(averages: pitfalls.Averages, run: str, measure: str, column: str) -> float:
    table = averages.table
    return float(table[(table["run"] == run) & (table["measure"] == measure)][column].iloc[0])


# --- micro-averaging reported as macro ------------------------------------------------------


@pytest.mark.parametrize("run", hand.RUNS)
@pytest.mark.parametrize("measure", list(TREC_NAMES))
def test_the_mean_is_trec_evals(averages, run, measure):
    assert value(averages, run, measure, "macro") == pytest.approx(
        hand.mean(run, TREC_NAMES[measure]), abs=1e-12
    )


@pytest.mark.parametrize("run", hand.RUNS)
@pytest.mark.parametrize("measure", list(TREC_NAMES))
def test_the_mean_over_queries_with_a_relevant_document(averages, run, measure):
    some = {q for q, docs in hand.relevant().items() if docs}
    assert len(some) == 28
    assert value(averages, run, measure, "macro_with_relevant") == pytest.approx(
        hand.mean(run, TREC_NAMES[measure], some), abs=1e-12
    )


@pytest.mark.parametrize("run", hand.RUNS)
def test_the_pooled_ratios_are_the_hand_counts(averages, run):
    assert value(averages, run, "R@100", "micro") == pytest.approx(
        hand.pooled_recall(run, 100), abs=1e-15
    )
    assert value(averages, run, "R@10", "micro") == pytest.approx(
        hand.pooled_recall(run, 10), abs=1e-15
    )
    # P@10 pools hits over 10 per query: the same as the mean of the hits / 10
    p10 = sum(hand.hits(run, 10).values()) / (10 * 30)
    assert value(averages, run, "P@10", "micro") == pytest.approx(p10, abs=1e-15)
    assert value(averages, run, "P@10", "macro") == pytest.approx(p10, abs=1e-12)


def test_the_sample_by_hand(averages):
    relevant = hand.relevant()
    counts = {q: len(docs) for q, docs in relevant.items()}
    assert averages.queries == len(counts) == 30
    assert averages.relevant_total == sum(counts.values()) == 393
    assert averages.heaviest == "321" and counts["321"] == max(counts.values()) == 23
    assert averages.micro_weight("321") == pytest.approx(23 / 393)
    assert averages.empty == ["307", "322"] == sorted(q for q, n in counts.items() if n == 0)
    assert "315" not in hand.run("weak") and "315" in relevant
    assert averages.missing == {"weak": ["315"], "medium": [], "strong": []}


def test_trec_eval_counts_a_query_without_relevant_documents_as_0():
    """What the lab says: such a query is in trec_eval's results, with recall 0."""
    per_query = hand.trec_eval("strong", {"recall_100"})
    assert per_query["307"]["recall_100"] == per_query["322"]["recall_100"] == 0.0


def test_the_order_and_the_spread_of_the_runs(averages):
    for measure in TREC_NAMES:
        macro = {run: hand.mean(run, TREC_NAMES[measure]) for run in hand.RUNS}
        row = averages.orders.set_index("measure").loc[measure]
        assert row["macro_order"] == tuple(sorted(macro, key=macro.get, reverse=True))
        assert row["macro_spread"] == pytest.approx(max(macro.values()) - min(macro.values()))
    # pooled: the same order on the sample, strong > medium > weak, with a wider spread
    micro = {run: hand.pooled_recall(run, 100) for run in hand.RUNS}
    row = averages.orders.set_index("measure").loc["R@100"]
    assert row["micro_order"] == ("strong", "medium", "weak") == row["macro_order"]
    assert row["same_order"]
    assert row["micro_spread"] == pytest.approx(micro["strong"] - micro["weak"])
    assert row["micro_spread"] > row["macro_spread"]


def test_two_queries_reverse_the_order():
    # q1: 1 relevant, q2: 9. A finds q1's and 1 of q2's; B none of q1's and 4 of q2's.
    two = pitfalls.two_queries()
    got = two.table.set_index("run")
    assert got.loc["A", "macro"] == pytest.approx((1 / 1 + 1 / 9) / 2)
    assert got.loc["A", "micro"] == pytest.approx((1 + 1) / (1 + 9))
    assert got.loc["B", "macro"] == pytest.approx((0 / 1 + 4 / 9) / 2)
    assert got.loc["B", "micro"] == pytest.approx((0 + 4) / (1 + 9))
    row = two.orders.iloc[0]
    assert row["macro_order"] == ("A", "B") and row["micro_order"] == ("B", "A")
    assert not row["same_order"]


def test_only_p_and_r_are_averaged():
    with pytest.raises(ValueError, match="P and R only"):
        pitfalls.averages_of_files(QRELS, RUN_FILES[:1], ["AP"])


def run_program(text: str, variable: str, monkeypatch) -> float:
    monkeypatch.chdir(hand.SAMPLE.parents[1])  # the programs name data/sample/...
    namespace: dict[str, object] = {}
    exec(compile(text, "<program>", "exec"), namespace)  # noqa: S102 (our own text)
    return float(namespace[variable])  # type: ignore[arg-type]


@pytest.mark.parametrize("run", hand.RUNS)
@pytest.mark.parametrize("k", [10, 100])
def test_the_recall_programs(averages, run, k, monkeypatch, capsys):
    files = ("data/sample/qrels.txt", f"data/sample/run_{run}.txt")
    wrong = run_program(pitfalls.recall_program(*files, k, wrong=True), "mean_recall", monkeypatch)
    right = run_program(pitfalls.recall_program(*files, k, wrong=False), "mean_recall", monkeypatch)
    assert wrong == pytest.approx(hand.pooled_recall(run, k), abs=1e-15)
    assert wrong == pytest.approx(value(averages, run, f"R@{k}", "micro"), abs=1e-15)
    assert right == pytest.approx(hand.mean(run, f"recall_{k}"), abs=1e-12)
    assert right == pytest.approx(value(averages, run, f"R@{k}", "macro"), abs=1e-12)
    printed = capsys.readouterr().out.splitlines()
    assert printed == [f"mean R@{k} = {wrong:.4f}", f"mean R@{k} = {right:.4f}"]


# --- the best of many comparisons without correction ----------------------------------------


@pytest.fixture(scope="module")
def medium_ap() -> np.ndarray:
    return pitfalls.per_query_of_files(QRELS, str(hand.SAMPLE / "run_medium.txt"))


def test_the_per_query_ap_is_trec_evals(medium_ap):
    per_query = hand.trec_eval("medium", {"map"})
    queries = sorted(hand.qrels())  # trec_eval's order: the ids as strings
    np.testing.assert_allclose(
        medium_ap, [per_query.get(q, {}).get("map", 0.0) for q in queries], rtol=0, atol=1e-12
    )


def by_scipy(values: np.ndarray, m: int, seed: int, sigma: float = 0.05) -> pd.DataFrame:
    """The documented draw and tests, with scipy and statsmodels."""
    noise = np.random.default_rng(seed).normal(0.0, sigma, size=(m, values.size))
    tests = [ttest_rel(values + e, values) for e in noise]
    p = np.array([t.pvalue for t in tests])
    return pd.DataFrame(
        {
            "mean_difference": noise.mean(axis=1),
            "t": [t.statistic for t in tests],
            "p": p,
            "holm": multitest.multipletests(p, method="holm")[1],
        }
    )


@pytest.mark.parametrize(("m", "seed"), [(20, 1), (20, 0), (2, 5), (57, 3), (100, 12)])
def test_the_comparisons_are_scipys_and_statsmodels(medium_ap, m, seed):
    got = pitfalls.null_comparisons(medium_ap, m, seed)
    want = by_scipy(medium_ap, m, seed)
    assert got.table["variant"].tolist() == list(range(1, m + 1))
    for column in ("mean_difference", "t", "p", "holm"):
        np.testing.assert_allclose(got.table[column], want[column], rtol=1e-9, atol=1e-15)
    assert got.table["significant"].tolist() == (want["p"] < 0.05).tolist()
    assert got.table["significant_holm"].tolist() == (want["holm"] < 0.05).tolist()
    assert got.significant == int((want["p"] < 0.05).sum())
    assert got.significant_holm == int((want["holm"] < 0.05).sum())
    best = int(np.argmin(want["p"]))
    assert got.best == best + 1
    assert got.best_p == pytest.approx(want["p"][best], rel=1e-9)
    assert got.best_holm == pytest.approx(want["holm"][best], rel=1e-9)
    assert got.expected == pytest.approx(0.05 * m)


def test_the_first_draw_shows_the_mistake(medium_ap):
    """The lab opens on seed 1, m = 20: one variant below 0.05 alone, none after Holm (and seed
    0, the constant's comment says, has none below 0.05 at all)."""
    assert (pitfalls.SEED, pitfalls.VARIANTS) == (1, 20)
    first = by_scipy(medium_ap, 20, 1)
    assert (first["p"] < 0.05).sum() == 1 and (first["holm"] < 0.05).sum() == 0
    assert (by_scipy(medium_ap, 20, 0)["p"] < 0.05).sum() == 0


def test_the_chance_of_a_false_positive_by_hand():
    assert pitfalls.chance_of_a_false_positive(1) == pytest.approx(0.05)
    assert pitfalls.chance_of_a_false_positive(2) == pytest.approx(1 - 0.95 * 0.95)  # 0.0975
    assert pitfalls.chance_of_a_false_positive(20) == pytest.approx(1 - 0.95**20)
    assert pitfalls.chance_of_a_false_positive(20) == pytest.approx(0.6415, abs=5e-5)
    assert pitfalls.chance_of_a_false_positive(100) == pytest.approx(0.9941, abs=5e-5)
    assert pitfalls.chance_of_a_false_positive(10, 0.01) == pytest.approx(1 - 0.99**10)


def test_the_same_seed_gives_the_same_table(medium_ap):
    first = pitfalls.null_comparisons(medium_ap, 30, 7).table
    pd.testing.assert_frame_equal(first, pitfalls.null_comparisons(medium_ap, 30, 7).table)
    other = pitfalls.null_comparisons(medium_ap, 30, 8).table
    assert not np.allclose(first["p"], other["p"])


def test_what_the_lab_says_about_many_draws(medium_ap):
    """The sentences of the lab, on many seeds: each test alone is below 0.05 in 5% of draws
    (10,000 tests: 5% +- 0.7%, over 3 standard errors); at least one of 20 in 1 - 0.95^20 =
    64% of draws (300 draws: +- 9%, over 3 standard errors); after Holm, at most 5% (+ 4%)."""
    alone = np.concatenate(
        [pitfalls.null_comparisons(medium_ap, 100, seed).table["p"] for seed in range(100)]
    )
    assert abs((alone < 0.05).mean() - 0.05) < 0.007
    draws = [pitfalls.null_comparisons(medium_ap, 20, seed) for seed in range(1000, 1300)]
    any_alone = np.mean([d.significant > 0 for d in draws])
    any_holm = np.mean([d.significant_holm > 0 for d in draws])
    assert abs(any_alone - (1 - 0.95**20)) < 0.09
    assert any_holm < 0.09


@pytest.mark.parametrize("bad", [1, 101, 0, -3, 2.5, "20", None, math.nan, math.inf, True])
def test_a_bad_number_of_variants_is_refused_with_what_is_allowed(medium_ap, bad):
    with pytest.raises(ValueError, match="whole number from 2 to 100"):
        pitfalls.null_comparisons(medium_ap, bad, 1)


def test_the_bounds_of_m_and_a_bad_seed(medium_ap):
    assert pitfalls.check_variants(2) == 2 and pitfalls.check_variants(100.0) == 100
    with pytest.raises(ValueError, match="seed must be a whole number from 0"):
        pitfalls.null_comparisons(medium_ap, 20, -1)


@pytest.mark.parametrize(("m", "seed"), [(20, 1), (20, 2), (45, 9)])
def test_the_comparison_programs(medium_ap, m, seed, monkeypatch, capsys):
    got = pitfalls.null_comparisons(medium_ap, m, seed)
    want = by_scipy(medium_ap, m, seed)
    best = int(np.argmin(want["p"]))
    label = "per-query AP of data/sample/run_medium.txt"
    texts = {w: pitfalls.comparisons_program(medium_ap, label, m, seed, wrong=w) for w in (1, 0)}
    wrong = run_program(texts[1], "best_p", monkeypatch)
    right = run_program(texts[0], "best_p", monkeypatch)
    assert wrong == pytest.approx(want["p"][best], rel=1e-12)
    assert wrong == pytest.approx(got.best_p, rel=1e-9)
    assert right == pytest.approx(want["holm"][best], rel=1e-12)
    assert right == pytest.approx(got.best_holm, rel=1e-9)
    printed = capsys.readouterr().out.splitlines()
    verdict = {True: "significant", False: "not significant"}
    assert printed == [
        f"variant {best + 1}: p = {wrong:.4f}, {verdict[wrong < 0.05]}",
        f"variant {best + 1}: p = {right:.4f}, {verdict[right < 0.05]}",
    ]
    assert re.search(r"^m, seed, sigma = \d+, \d+, 0\.05$", texts[0], re.M)
