"""ui.shared.figures: pure functions of a report's tables; the traces carry the tables' numbers."""

from __future__ import annotations

import math

import plotly.graph_objects as go
import pytest

from rankwork.core.conventions import TEXTBOOK
from rankwork.core.ranking import Ranking
from rankwork.explore.report import cutoff_curves, evaluate
from ui.shared import figures

# grades 3, 2, 0 and one unretrieved 1; exponential gain, 1/log2(i+1), k = 2
RANKING = Ranking.build([3, 2, 0], unretrieved=[1], scale_max=4)
REPORT = evaluate(RANKING, TEXTBOOK, 2)


def _trace(fig: go.Figure, name: str):
    (trace,) = [t for t in fig.data if t.name == name]
    return trace


def test_contribution_bars_show_the_list_against_the_ideal() -> None:
    fig = figures.contribution_bars(REPORT.positions, 2)
    assert isinstance(fig, go.Figure)
    actual, ideal = _trace(fig, "this list"), _trace(fig, "ideal ranking")
    assert list(actual.x) == [1, 2, 3]
    # within k = 2: 7/1 and 3/log2(3); rank 3 is beyond k and adds nothing
    assert actual.y[0] == 7 and actual.y[1] == pytest.approx(3 / math.log2(3)) and actual.y[2] == 0
    # the ideal ranking 3, 2 (then 1, cut at k): the same two ranks
    assert list(ideal.y[:2]) == pytest.approx([7, 3 / math.log2(3)])
    assert fig.layout.barmode == "group"


def test_ranks_beyond_k_are_shaded_and_labelled() -> None:
    fig = figures.contribution_bars(REPORT.positions, 2)
    (band,) = fig.layout.shapes
    assert (band.x0, band.x1) == (2.5, 3.5)
    assert fig.layout.annotations[0].text == "beyond k = 2"
    assert (
        figures.contribution_bars(evaluate(RANKING, TEXTBOOK, 3).positions, 3).layout.shapes == ()
    )


def test_cumulative_gain_runs_dcg_and_idcg() -> None:
    fig = figures.cumulative_gain(REPORT.positions, 2)
    dcg, idcg = _trace(fig, "DCG"), _trace(fig, "IDCG")
    running = 7 + 3 / math.log2(3)
    assert list(dcg.y) == pytest.approx([7, running, running])
    assert list(idcg.y) == pytest.approx([7, running, running])
    assert idcg.line.dash == "dash"


def test_cutoff_curves_plot_ndcg_p_and_r_at_every_depth() -> None:
    fig = figures.cutoff_curves(cutoff_curves(RANKING, TEXTBOOK), 2)
    assert [t.name for t in fig.data] == ["nDCG@j", "P@j", "R@j"]
    # relevant (grade >= 1): ranks 1 and 2, plus the unretrieved one: R = 3
    assert list(_trace(fig, "P@j").y) == pytest.approx([1, 1, 2 / 3])
    assert list(_trace(fig, "R@j").y) == pytest.approx([1 / 3, 2 / 3, 2 / 3])
    # nDCG@3 = (7 + 3/log2 3) / (7 + 3/log2 3 + 1/2): the ideal puts the unretrieved 1 third
    assert _trace(fig, "nDCG@j").y[2] == pytest.approx(
        (7 + 3 / math.log2(3)) / (7 + 3 / math.log2(3) + 1 / 2)
    )
    assert fig.layout.shapes[0].x0 == 2 and fig.layout.annotations[0].text == "k = 2"
    assert tuple(fig.layout.yaxis.range) == (0, 1.05)


def test_projector_sizes() -> None:
    fig = figures.cumulative_gain(REPORT.positions, 2)
    assert fig.layout.font.size == figures.FONT_SIZE >= 14
    assert fig.layout.xaxis.dtick == 1  # short lists: every rank labelled


def test_an_empty_table_gives_an_empty_figure() -> None:
    empty = REPORT.positions.iloc[0:0]
    assert len(figures.contribution_bars(empty, 5).data[0].x) == 0
