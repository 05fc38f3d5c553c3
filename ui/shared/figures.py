"""Plotly figures of a report, as pure functions returning `go.Figure` (no Streamlit here).

Each figure reads columns of a table that `rankwork.explore.report` produced, never a value of its
own:

- `contribution_bars(positions, k)`: DCG contribution per rank, the list against the ideal;
- `cumulative_gain(positions, k)`: the running DCG and IDCG against the rank;
- `cutoff_curves(curves, k)`: nDCG@j, P@j and R@j for every depth j.

Ranks beyond the cutoff k are shaded, so what is not counted is visibly set apart. Fonts and
lines are sized for a projector. Each figure is built from one dict in a single `go.Figure`
call: plotly validates it once (about 1 ms), where `update_layout` / `add_vrect` calls cost ten
times more on every rerun.
"""

from __future__ import annotations

from typing import Any

import pandas as pd
import plotly.graph_objects as go

from i18n import _
from ui.shared.style import FONT_FAMILY

ACTUAL = "#2563eb"  # blue: the list as ranked
IDEAL = "#d97706"  # amber: the ideal ranking (a colour-blind-safe pair with the blue)
CURVES = {"nDCG": "#2563eb", "P": "#059669", "R": "#c026d3"}
FONT_SIZE = 15
#: Every figure's font: projector-sized, in the pages' font stack (CJK sans-serif for Chinese).
FONT = {"size": FONT_SIZE, "family": FONT_FAMILY}
HEIGHT = 380


def base_layout(title: str, x_title: str, y_title: str) -> dict[str, Any]:
    """The layout every RankLab figure shares: title, projector-sized font, height, margins,
    a horizontal legend above the plot and the axis titles."""
    return {
        "title": {"text": title},
        "font": FONT,
        "height": HEIGHT,
        "margin": {"l": 60, "r": 20, "t": 60, "b": 50},
        "legend": {"orientation": "h", "yanchor": "bottom", "y": 1.0, "xanchor": "right", "x": 1},
        "xaxis": {"title": {"text": x_title}},
        "yaxis": {"title": {"text": y_title}},
    }


def _figure(
    traces: list[dict[str, Any]],
    title: str,
    x_title: str,
    y_title: str,
    n: int,
    marks: tuple[list[dict], list[dict]] = ([], []),
    y_range: list[float] | None = None,
    **layout: Any,
) -> go.Figure:
    shapes, annotations = marks
    base = base_layout(title, x_title, y_title)
    if n <= 30:
        base["xaxis"]["dtick"] = 1
    base["yaxis"].update({"range": y_range} if y_range else {"rangemode": "tozero"})
    return go.Figure(
        {
            "data": traces,
            "layout": {
                **base,
                "hovermode": "x unified",
                "shapes": shapes,
                "annotations": annotations,
                **layout,
            },
        }
    )


def _beyond(k: int, last: int) -> tuple[list[dict], list[dict]]:
    """A grey band over the ranks after k (when there are any), labelled."""
    if last <= k:
        return [], []
    band = {
        "type": "rect",
        "xref": "x",
        "yref": "paper",
        "x0": k + 0.5,
        "x1": last + 0.5,
        "y0": 0,
        "y1": 1,
        "fillcolor": "grey",
        "opacity": 0.12,
        "line": {"width": 0},
        "layer": "below",
    }
    label = {
        "text": _("beyond k = {k}").format(k=k),
        "xref": "x",
        "yref": "paper",
        "x": k + 0.5,
        "y": 1,
        "xanchor": "left",
        "yanchor": "top",
        "showarrow": False,
    }
    return [band], [label]


def _last_rank(positions: pd.DataFrame) -> int:
    return int(positions["rank"].iloc[-1]) if len(positions) else 0


def _trace(kind: str, name: str, x, y, color: str, **style: Any) -> dict[str, Any]:
    return {
        "type": kind,
        "name": name,
        "x": x.tolist(),  # lists, not arrays: plotly would base64-encode arrays in the JSON
        "y": y.tolist(),
        "hovertemplate": "%{y:.4f}",
        **style,
        **({"marker": {"color": color}} if kind == "bar" else {}),
    }


def contribution_bars(positions: pd.DataFrame, k: int) -> go.Figure:
    """Bars of each rank's DCG contribution, the list's next to the ideal ranking's."""
    ranks = positions["rank"]
    return _figure(
        [
            _trace("bar", _("this list"), ranks, positions["dcg_contribution"], ACTUAL),
            _trace("bar", _("ideal ranking"), ranks, positions["ideal_contribution"], IDEAL),
        ],
        _("Gain × discount at each rank"),
        _("rank i"),
        _("contribution"),
        len(ranks),
        _beyond(k, _last_rank(positions)),
        barmode="group",
        bargap=0.25,
    )


def cumulative_gain(positions: pd.DataFrame, k: int) -> go.Figure:
    """The running DCG and IDCG (DCG@i and IDCG@i for i up to the table's depth)."""
    ranks = positions["rank"]
    line = {"mode": "lines+markers"}
    return _figure(
        [
            _trace(
                "scatter",
                "DCG",
                ranks,
                positions["cum_dcg"],
                ACTUAL,
                line={"color": ACTUAL, "width": 3},
                **line,
            ),
            _trace(
                "scatter",
                "IDCG",
                ranks,
                positions["cum_idcg"],
                IDEAL,
                line={"color": IDEAL, "width": 3, "dash": "dash"},
                **line,
            ),
        ],
        _("Running DCG and IDCG"),
        _("rank i"),
        _("cumulative gain"),
        len(ranks),
        _beyond(k, _last_rank(positions)),
    )


def cutoff_curves(curves: pd.DataFrame, k: int) -> go.Figure:
    """nDCG@j, P@j and R@j against the depth j, with the chosen k marked."""
    depth = curves["k"]
    marks: tuple[list[dict], list[dict]] = ([], [])
    if len(depth) and k <= int(depth.iloc[-1]):
        marks = (
            [
                {
                    "type": "line",
                    "xref": "x",
                    "yref": "paper",
                    "x0": k,
                    "x1": k,
                    "y0": 0,
                    "y1": 1,
                    "line": {"color": "grey", "dash": "dot"},
                }
            ],
            [
                {
                    "text": f"k = {k}",
                    "xref": "x",
                    "yref": "paper",
                    "x": k,
                    "y": 1,
                    "xanchor": "left",
                    "yanchor": "top",
                    "showarrow": False,
                }
            ],
        )
    traces = [
        _trace(
            "scatter",
            f"{measure}@j",
            depth,
            curves[measure],
            color,
            mode="lines+markers",
            line={"color": color, "width": 3},
        )
        for measure, color in CURVES.items()
    ]
    return _figure(
        traces,
        _("nDCG, P and R at every depth"),
        _("depth j"),
        _("value"),
        len(depth),
        marks,
        [0, 1.05],
    )
