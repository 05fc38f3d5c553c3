"""The Evaluate page's plotly figures, pure functions returning `go.Figure` (no Streamlit).

Each draws columns of a table that metrics produced, never a number of its own:

- `means_bars(runs)`: each run's mean per measure with its bootstrap interval (`batch.compare`);
- `distribution(values, label)`: every query's value, per run, as a box with all its points;
- `difference_bars(diffs, ...)`: per-query differences sorted, coloured win / tie / loss
  (`comparison.per_query_differences`);
- `group_bars(table, measure)`: each group's mean and interval per run (`groups.per_group_means`).

Runs keep one colour each (the Explore pages' palette) in every figure. Run names, query ids and
groups come from the user's files: they go into plotly as `ui.shared.literal.plot_literal` text.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import pandas as pd
import plotly.graph_objects as go

from i18n import NP_, _, pgettext
from ui.shared.explore_figures import PALETTE
from ui.shared.figures import base_layout
from ui.shared.literal import plot_literal

OUTCOME_COLORS = {"win": "#059669", "tie": "#9ca3af", "loss": "#dc2626"}
OUTCOME_WORDS = {  # shown with pgettext("outcome", ...)
    "win": NP_("outcome", "win"),
    "tie": NP_("outcome", "tie"),
    "loss": NP_("outcome", "loss"),
}


def run_colors(runs: Sequence[str]) -> dict[str, str]:
    return {run: PALETTE[i % len(PALETTE)] for i, run in enumerate(runs)}


def _figure(traces: list[dict[str, Any]], title: str, x_title: str, y_title: str, **layout):
    return go.Figure({"data": traces, "layout": {**base_layout(title, x_title, y_title), **layout}})


def _interval_bars(frame: pd.DataFrame, x: str, run: str, color: str, low: str, high: str):
    return {
        "type": "bar",
        "name": plot_literal(run),
        "x": [plot_literal(v) for v in frame[x].astype(str)],
        "y": frame["mean"].tolist(),
        "marker": {"color": color},
        "error_y": {
            "type": "data",
            "symmetric": False,
            "array": (frame[high] - frame["mean"]).fillna(0).tolist(),
            "arrayminus": (frame["mean"] - frame[low]).fillna(0).tolist(),
        },
        "customdata": frame[[low, high]].to_numpy().tolist(),
        "hovertemplate": "%{y:.4f}  [%{customdata[0]:.4f}, %{customdata[1]:.4f}]",
    }


def means_bars(runs: pd.DataFrame) -> go.Figure:
    """Bars of each run's mean per measure, whiskers at the 95% bootstrap interval."""
    colors = run_colors(list(dict.fromkeys(runs["run"])))
    traces = [
        _interval_bars(runs[runs["run"] == run], "measure", run, color, "ci_low", "ci_high")
        for run, color in colors.items()
    ]
    return _figure(
        traces,
        _("Mean over queries, with its {level} interval").format(level="95%"),
        _("measure"),
        _("mean"),
        barmode="group",
    )


def distribution(values: Mapping[str, pd.Series], label: str) -> go.Figure:
    """One box per run with every query's value as a point (hover: the query id)."""
    colors = run_colors(list(values))
    traces = [
        {
            "type": "box",
            "name": plot_literal(run),
            "y": series.tolist(),
            "text": [plot_literal(q) for q in series.index],
            "boxpoints": "all",
            "jitter": 0.4,
            "pointpos": 0,
            "marker": {"color": colors[run], "size": 7, "opacity": 0.7},
            "line": {"color": colors[run]},
            "hovertemplate": _("query %{text}: %{y:.4f}")
            + "<extra>"
            + plot_literal(run)
            + "</extra>",
        }
        for run, series in values.items()
    ]
    title = _("{label}: one point per query").format(label=label)
    return _figure(traces, title, _("run"), label, showlegend=False)


def difference_bars(diffs: pd.DataFrame, baseline: str, challenger: str, measure: str):
    """One bar per query, challenger - baseline, sorted from the largest gain to the largest
    loss; green wins, red losses, grey ties (drawn as a thin mark at 0)."""
    baseline, challenger = plot_literal(baseline), plot_literal(challenger)
    traces = []
    for outcome, color in OUTCOME_COLORS.items():
        rows = diffs[diffs["outcome"] == outcome]
        traces.append(
            {
                "type": "bar",
                "name": f"{pgettext('outcome', OUTCOME_WORDS[outcome])} ({len(rows)})",
                "x": [plot_literal(q) for q in rows.index],
                "y": rows["difference"].tolist(),
                "marker": {"color": color, "line": {"color": color, "width": 2}},
                "customdata": rows[["baseline", "challenger"]].to_numpy().tolist(),
                "hovertemplate": _("query %{x}: %{y:+.4f}")
                + "<br>"
                + f"{baseline} %{{customdata[0]:.4f}} → {challenger} %{{customdata[1]:.4f}}"
                + "<extra></extra>",
            }
        )
    order = [plot_literal(q) for q in diffs.index]
    x_title = _("query (sorted by difference)")
    return _figure(
        traces,
        _("{measure}: {challenger} − {baseline}, per query").format(
            measure=measure, challenger=challenger, baseline=baseline
        ),
        x_title,
        _("difference in {measure}").format(measure=measure),
        xaxis={"title": {"text": x_title}, "type": "category",
               "categoryorder": "array", "categoryarray": order},
        barmode="overlay",
    )  # fmt: skip


def group_bars(table: pd.DataFrame, measure: str) -> go.Figure:
    """Each group's mean of `measure` per run, whiskers at the 95% interval (none for a group
    of one query)."""
    rows = table[table["measure"] == measure]
    colors = run_colors(list(dict.fromkeys(rows["run"])))
    traces = [
        _interval_bars(rows[rows["run"] == run], "group", run, color, "low", "high")
        for run, color in colors.items()
    ]
    title = _("{measure} by query group").format(measure=measure)
    return _figure(traces, title, _("group"), measure, barmode="group")
