"""The Evaluate page's pure helpers: its figures (built from metrics' tables, nothing
recomputed) and the drill-down's list order and Playground settings."""

from __future__ import annotations

import math

import numpy as np
import pandas as pd
import pytest

from rankwork.core.conventions import TREC_EVAL_NDCG_CUT
from rankwork.core.measures import parse
from rankwork.core.ranking import Ranking
from rankwork.stats.comparison import per_query_differences
from ui.evaluate import figures
from ui.evaluate.choices import Choices
from ui.evaluate.drilldown import playground_settings, preview, ranked
from ui.playground.inputs import convention_from

RUNS = pd.DataFrame(
    {
        "measure": ["m", "m", "n", "n"],
        "run": ["a", "b", "a", "b"],
        "mean": [0.5, 0.6, 0.2, 0.1],
        "ci_low": [0.4, 0.5, 0.1, 0.0],
        "ci_high": [0.7, 0.65, 0.3, 0.2],
    }
)


def test_means_bars_one_trace_per_run_with_asymmetric_whiskers() -> None:
    fig = figures.means_bars(RUNS)
    assert [t.name for t in fig.data] == ["a", "b"]
    a = fig.data[0]
    assert list(a.x) == ["m", "n"] and list(a.y) == [0.5, 0.2]
    assert a.error_y.array == pytest.approx([0.2, 0.1])
    assert a.error_y.arrayminus == pytest.approx([0.1, 0.1])
    assert fig.data[0].marker.color != fig.data[1].marker.color


def test_difference_bars_keep_the_sorted_order_and_colour_outcomes() -> None:
    diffs = per_query_differences(
        pd.Series({"1": 0.2, "2": 0.5, "3": 0.4}), pd.Series({"1": 0.6, "2": 0.5, "3": 0.1})
    )
    fig = figures.difference_bars(diffs, "A", "B", "m")
    assert list(fig.layout.xaxis.categoryarray) == ["1", "2", "3"]
    by_name = {t.name: t for t in fig.data}
    assert list(by_name["win (1)"].x) == ["1"] and by_name["win (1)"].y == pytest.approx((0.4,))
    assert list(by_name["loss (1)"].x) == ["3"]
    assert by_name["tie (1)"].marker.color == figures.OUTCOME_COLORS["tie"]


def test_distribution_shows_every_query_with_its_id() -> None:
    fig = figures.distribution({"a": pd.Series([0.1, 0.9], index=["7", "8"])}, "m")
    assert list(fig.data[0].y) == [0.1, 0.9] and list(fig.data[0].text) == ["7", "8"]
    assert fig.data[0].boxpoints == "all"


def test_group_bars_draw_no_whisker_for_a_group_of_one() -> None:
    table = pd.DataFrame(
        {"run": ["a", "a"], "measure": ["m", "m"], "group": ["x", "y"], "n": [3, 1],
         "mean": [0.5, 0.2], "low": [0.4, np.nan], "high": [0.6, np.nan]}
    )  # fmt: skip
    bars = figures.group_bars(table, "m").data[0]
    assert list(bars.x) == ["x", "y"]
    assert bars.error_y.array == pytest.approx([0.1, 0.0])


HOSTILE = "<a href='https://evil.example'>x</a>"  # plotly draws <a href> as a link
SHOWN = "&lt;a href='https://evil.example'&gt;x&lt;/a&gt;"  # plotly shows it as typed


def test_names_and_ids_from_files_are_plotly_text_not_html() -> None:
    runs = RUNS.replace({"run": {"a": HOSTILE}})
    assert figures.means_bars(runs).data[0].name == SHOWN
    box = figures.distribution({HOSTILE: pd.Series([0.1], index=[HOSTILE])}, "m").data[0]
    assert (box.name, list(box.text)) == (SHOWN, [SHOWN])
    assert "<a " not in box.hovertemplate
    diffs = per_query_differences(pd.Series({HOSTILE: 0.2}), pd.Series({HOSTILE: 0.6}))
    fig = figures.difference_bars(diffs, HOSTILE, "B", "m")
    assert list(fig.layout.xaxis.categoryarray) == [SHOWN]
    assert "<a " not in fig.layout.title.text and "<a " not in fig.data[0].hovertemplate
    table = pd.DataFrame(
        {"run": [HOSTILE], "measure": ["m"], "group": [HOSTILE], "n": [3],
         "mean": [0.5], "low": [0.4], "high": [0.6]}
    )  # fmt: skip
    bars = figures.group_bars(table, "m").data[0]
    assert (bars.name, list(bars.x)) == (SHOWN, [SHOWN])


def test_ranked_puts_the_list_in_trec_eval_order_keeping_raw_grades() -> None:
    ranking = Ranking.build(
        [1, None, -1, 2], doc_ids=["d1", "d2", "d3", "d4"], scores=[1.0, 2.0, 2.0, 0.5],
        unretrieved=[3], scale_max=3,
    )  # fmt: skip
    out = ranked(ranking, TREC_EVAL_NDCG_CUT)
    assert out.doc_ids == ("d3", "d2", "d1", "d4")  # the tie at 2.0: docno descending
    assert out.grades[0] == -1 and math.isnan(out.grades[1])  # as judged, not as used
    assert out.scores.tolist() == [2.0, 2.0, 1.0, 0.5]
    assert out.unretrieved.tolist() == [3.0]
    shown = preview(out)
    assert shown["grade"].tolist() == ["-1", "unjudged", "1", "2"]


def test_playground_settings_reproduce_the_measure() -> None:
    ranking = Ranking.build([1, 0, 2], doc_ids=["a", "b", "c"], scores=[3, 2, 1], scale_max=3)
    choices = Choices({}, TREC_EVAL_NDCG_CUT.name, "zero")
    plain = playground_settings(ranking, "nDCG@10", choices)
    assert plain["preset"] == TREC_EVAL_NDCG_CUT.name and plain["gain"] == "linear"
    assert (plain["k"], plain["scale_max"]) == (10, 3)
    exp = playground_settings(ranking, "nDCG(dcg='exp-log2')@5", choices)
    assert (exp["gain"], exp["k"]) == ("exponential", 5)
    assert playground_settings(ranking, "AP", choices)["k"] == 3  # no cutoff: the whole list
    assert playground_settings(ranking, "P(rel=2)@2", choices)["rel_threshold"] == 2.0
    for name, settings in (("nDCG(dcg='exp-log2')@5", exp), ("nDCG@10", plain)):
        playground = convention_from(settings)
        assert not parse(name).convention(TREC_EVAL_NDCG_CUT).differences(playground)
