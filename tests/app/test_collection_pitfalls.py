"""The Pitfalls lab's part "Mistakes over a whole collection", in AppTest. Expected numbers come
from pytrec_eval (the means), from counts made by hand in the raw sample files (the pooled
ratios), and from scipy's ttest_rel and statsmodels' Holm adjustment (the comparisons); never
from metrics/."""

from __future__ import annotations

import numpy as np
import pytest
from scipy.stats import ttest_rel
from streamlit.testing.v1 import AppTest

from tests import sample_by_hand as hand
from tests.app.conftest import metric_values
from tests.markdown_text import unescaped

multitest = pytest.importorskip("statsmodels.stats.multitest")

LAB = "app_pages/pitfalls.py"


def open_section(app: AppTest, key: str) -> AppTest:
    at = app.run()
    at.switch_page(LAB).run()
    at.session_state[key] = True  # the expander, opened
    at.run()
    assert not at.exception
    return at


def table(at: AppTest, column: str):
    """The one dataframe on the page with `column`."""
    (found,) = [df.value for df in at.dataframe if column in df.value.columns]
    return found


def captions(at: AppTest) -> str:
    return "\n".join(c.value for c in at.caption)


def test_closed_sections_add_nothing_to_the_list_part(app: AppTest) -> None:
    at = app.run()
    at.switch_page(LAB).run()
    assert not at.exception
    assert [h.value for h in at.header] == ["Mistakes over a whole collection"]
    assert not at.dataframe and not at.metric and not at.code  # built when opened


def test_means_and_pooled_ratios(app: AppTest) -> None:
    at = open_section(app, "lab_micro_open")
    shown = table(at, "micro").set_index(["run", "measure"])
    for run in hand.RUNS:
        assert shown.loc[(run, "R@100"), "macro"] == pytest.approx(
            hand.mean(run, "recall_100"), abs=1e-12
        )
        assert shown.loc[(run, "P@10"), "macro"] == pytest.approx(hand.mean(run, "P_10"))
        assert shown.loc[(run, "R@100"), "micro"] == pytest.approx(
            hand.pooled_recall(run, 100), abs=1e-15
        )
    assert not shown.isna().any().any()
    # the programs' values, next to them (the strong run is picked first)
    text = captions(at)
    assert f"Sets mean_recall = {hand.pooled_recall('strong', 100):.4f}: the pooled" in text
    assert f"Sets mean_recall = {hand.mean('strong', 'recall_100'):.4f}, the mean over" in text
    assert "Run weak has no results for query 315: scored 0" in text
    markdown = "\n".join(m.value for m in at.markdown)
    assert "Queries 307 and 322 have no relevant document: recall is 0 there" in markdown
    assert "pooled: A 0.2000, B 0.4000" in markdown  # (1 + 1)/(1 + 9), (0 + 4)/(1 + 9)
    # by the mean A = (1/1 + 1/9)/2 = 0.5556, B = (0/1 + 4/9)/2 = 0.2222
    assert f"by the mean: A {(1 + 1 / 9) / 2:.4f}, B {(4 / 9) / 2:.4f}" in markdown
    # the order of the three runs under each average, from pytrec_eval's means and the counts
    for measure, trec, k in (("R@10", "recall_10", 10), ("R@100", "recall_100", 100)):
        by_mean = sorted(hand.RUNS, key=lambda r: -hand.mean(r, trec))
        pooled = sorted(hand.RUNS, key=lambda r: -hand.pooled_recall(r, k))
        assert by_mean == pooled, measure  # so the page must say the order is kept
    assert "On this collection pooling keeps the order of the runs." in markdown
    codes = [c.value for c in at.code]
    assert len(codes) == 2 and all("data/sample/run_strong.txt" in c for c in codes)


def test_the_programs_follow_the_run_picked(app: AppTest) -> None:
    at = open_section(app, "lab_micro_open")
    at.radio(key="lab_micro_run").set_value("weak").run()
    assert not at.exception
    assert f"Sets mean_recall = {hand.pooled_recall('weak', 100):.4f}: the pooled" in captions(at)
    assert all("data/sample/run_weak.txt" in c.value for c in at.code)


def by_scipy(m: int, seed: int) -> tuple[np.ndarray, np.ndarray]:
    """p and Holm's p of the documented draw on run_medium's per-query AP (trec_eval's)."""
    per_query = hand.trec_eval("medium", {"map"})
    ap = np.array([per_query.get(q, {}).get("map", 0.0) for q in sorted(hand.qrels())])
    noise = np.random.default_rng(seed).normal(0.0, 0.05, size=(m, ap.size))
    p = np.array([ttest_rel(ap + e, ap).pvalue for e in noise])
    return p, multitest.multipletests(p, method="holm")[1]


def test_the_comparisons_first_draw(app: AppTest) -> None:
    at = open_section(app, "lab_comparisons_open")
    p, adjusted = by_scipy(20, 1)
    best = int(np.argmin(p))
    cards = metric_values(at)
    assert cards["p < 0.05, uncorrected"] == f"{(p < 0.05).sum()} of 20" == "1 of 20"
    assert cards[f"Smallest p (variant {best + 1})"] == f"{p[best]:.4f}"
    assert cards["Its Holm-adjusted p"] == f"{adjusted[best]:.4f}"
    assert cards["Holm-adjusted p < 0.05"] == "0 of 20"
    shown = table(at, "holm")
    np.testing.assert_allclose(shown["p"], p, rtol=1e-9)
    np.testing.assert_allclose(shown["holm"], adjusted, rtol=1e-9)
    assert np.isfinite(shown[["mean_difference", "t", "p", "holm"]].to_numpy()).all()
    markdown = "\n".join(m.value for m in at.markdown)
    assert f"1 − (1 − 0.05)^20 = **{1 - 0.95**20:.4f}**" in markdown  # 0.6415
    assert "Seed 1:" in captions(at)


def test_changing_m_changes_the_table(app: AppTest) -> None:
    at = open_section(app, "lab_comparisons_open")
    at.number_input(key="lab_variants").set_value(50).run()
    assert not at.exception
    shown = table(at, "holm")
    assert len(shown) == 50
    p, adjusted = by_scipy(50, 1)
    np.testing.assert_allclose(shown["holm"], adjusted, rtol=1e-9)
    assert f"1 − (1 − 0.05)^50 = **{1 - 0.95**50:.4f}**" in "\n".join(m.value for m in at.markdown)


@pytest.mark.parametrize("typed", [500, 1, -3])
def test_m_out_of_range_is_said_at_the_control(app: AppTest, typed: int) -> None:
    at = open_section(app, "lab_comparisons_open")
    at.number_input(key="lab_variants").set_value(30).run()
    at.number_input(key="lab_variants").set_value(typed).run()
    assert not at.exception
    (error,) = at.error
    assert f"whole number from 2 to 100; got {typed}." in unescaped(error.value)
    assert "The table is for m = 30." in error.value
    assert len(table(at, "holm")) == 30


def test_draw_again_changes_the_seed_and_the_draw(app: AppTest) -> None:
    at = open_section(app, "lab_comparisons_open")
    before = table(at, "holm")["p"].to_numpy()
    at.button(key="lab_draw_again").click().run()
    assert not at.exception
    assert "Seed 2:" in captions(at)
    after = table(at, "holm")["p"].to_numpy()
    np.testing.assert_allclose(after, by_scipy(20, 2)[0], rtol=1e-9)
    assert not np.allclose(before, after)


def test_the_verdict_on_the_smallest_p_follows_the_draw(app: AppTest) -> None:
    at = open_section(app, "lab_comparisons_open")
    # seed 1: the smallest p is below 0.05; the variant's mean difference is the mean of its
    # noise row, which decides whether it is better or worse than the run
    p, _ = by_scipy(20, 1)
    best = int(np.argmin(p))
    noise = np.random.default_rng(1).normal(0, 0.05, size=(20, len(hand.qrels())))[best]
    side = "better" if noise.mean() > 0 else "worse"
    markdown = "\n".join(m.value for m in at.markdown)
    assert f"Reporting variant {best + 1} as significantly different from the run" in markdown
    assert f"(it is {side}: mean difference {noise.mean():+.4f})" in markdown
    # a draw with nothing below 0.05 says so instead of calling a variant significant
    seed = next(s for s in range(2, 40) if by_scipy(20, s)[0].min() >= 0.05)
    at.session_state["lab_seed"] = seed
    at.run()
    markdown = "\n".join(m.value for m in at.markdown)
    assert f"This draw has no variant below 0.05, as (1 − 0.05)^20 = {0.95**20:.4f}" in markdown
    assert "Reporting variant" not in markdown
