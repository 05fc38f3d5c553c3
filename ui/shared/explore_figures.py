"""Plotly figures of the Explore pages, as pure functions returning `go.Figure` (no Streamlit).

Each figure draws columns of a table from rankwork.explore.profiles, rankwork.explore.tradeoffs or
rankwork.explore.behaviour, never a value of its own:

- `profile_weights(frame, k, log_y, normalised)`: the weight of every rank under each profile;
- `weight_spent(frame, k)`: the share of each profile's weight within k spent by rank i;
- `cwl_reader(table, title)`: C(i), W(i) and L(i) of one measure's reader over the list's gains;
- `gain_curves(table)`: gain by grade for each gain function;
- `tradeoff_curves(curves, discount, a, b)`: n grade-b documents against one grade-a document;
- `position_sweep(table)`: every measure as one relevant document moves down the list;
- `swap_matrix(delta, doc_ids, measure)`: the swap deltas as a clickable grid of squares;
- `redundancy(table)`: ERR and nDCG as copies of a relevant document pile up;
- `novelty(table, k)`: α-nDCG@k and nDCG@k of a covering and a repeating list against α;
- `withheld(table, run)`: each measure of one run as a share of the judgments is withheld;
- `landscape(histograms, current)`: each measure's distribution over orderings, this list marked.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import numpy as np
import pandas as pd
import plotly.graph_objects as go
from plotly.subplots import make_subplots

from i18n import N_, _
from ui.shared.figures import FONT, HEIGHT
from ui.shared.literal import plot_literal

PALETTE = (
    "#2563eb", "#d97706", "#059669", "#c026d3", "#dc2626",
    "#0891b2", "#65a30d", "#7c3aed", "#475569", "#db2777",
)  # fmt: skip
MEASURE_COLORS = {
    "nDCG": "#2563eb",
    "ERR": "#dc2626",
    "RBP": "#d97706",
    "P": "#059669",
    "P@k": "#059669",
    "R@k": "#c026d3",
    "AP": "#7c3aed",
    "RR": "#0891b2",
}
DASHES = {"RR": "dash", "R@k": "dash"}  # RR lies on AP and R@k on P@k's shape: keep both seen
# Discount profiles: the Okabe-Ito qualitative palette (Okabe & Ito, "Color Universal Design",
# 2008), told apart by people with any common colour-vision deficiency, each colour with its own
# line style so that no two of the page's nine profiles look alike even in grey.
OKABE_ITO = (
    "#000000", "#E69F00", "#0072B2", "#009E73", "#D55E00", "#56B4E9", "#CC79A7", "#F0E442",
)  # fmt: skip
PROFILE_DASHES = ("solid", "dash", "dot", "dashdot", "longdash", "longdashdot")
THIS_LIST = "#111827"
SWAP_CELL_PX = 56  # largest square of the swap grid
SWAP_PLOT_PX = 600
SWAP_AREA_PX = SWAP_PLOT_PX - 140  # the grid's height inside the margins


def _layout(fig: go.Figure, title: str, x_title: str, y_title: str, **layout) -> go.Figure:
    fig.update_layout(
        title={"text": title},
        font=FONT,
        height=HEIGHT,
        margin={"l": 60, "r": 20, "t": 60, "b": 50},
        legend={"orientation": "h", "yanchor": "top", "y": -0.18, "xanchor": "left", "x": 0},
        **layout,
    )
    fig.update_xaxes(title_text=x_title)
    fig.update_yaxes(title_text=y_title)
    return fig


def _mark_k(fig: go.Figure, k: int, last: int) -> None:
    if k < last:
        fig.add_vline(x=k + 0.5, line_dash="dot", line_color="grey", annotation_text=f"k = {k}")


def profile_line(slot: int) -> dict[str, object]:
    """The colour and dash of the profile in position `slot` of a page's list of profiles
    (fixed by the slot, so a profile keeps its look whichever others are shown)."""
    return {
        "color": OKABE_ITO[slot % len(OKABE_ITO)],
        "dash": PROFILE_DASHES[slot % len(PROFILE_DASHES)],
        "width": 3,
    }


def _slots(
    frame: pd.DataFrame, slots: Mapping[str, int] | None
) -> list[tuple[str, int, pd.DataFrame]]:
    groups = list(frame.groupby("profile", sort=False))
    return [
        (name, i if slots is None else slots[name], group) for i, (name, group) in enumerate(groups)
    ]


def profile_weights(
    frame: pd.DataFrame,
    k: int,
    log_y: bool,
    normalised: bool,
    slots: Mapping[str, int] | None = None,
) -> go.Figure:
    """One line per profile (frame: profile, rank, weight, as
    rankwork.explore.profiles.weights_frame), styled by `profile_line` of its slot (`slots`: profile
    -> slot; default: frame order)."""
    fig = go.Figure(
        [
            go.Scatter(
                name=name,
                x=group["rank"],
                y=group["weight"],
                mode="lines+markers",
                line=profile_line(slot),
                marker={"size": 5},
                hovertemplate=f"{name}<br>"
                + _("rank {x}: {y}").format(x="%{x}", y="%{y:.4g}")
                + "<extra></extra>",
            )
            for name, slot, group in _slots(frame, slots)
        ]
    )
    last = int(frame["rank"].max()) if len(frame) else 0
    _mark_k(fig, k, last)
    if normalised:
        title = _("Weight of each rank (normalised to sum 1 within k = {k})").format(k=k)
    else:
        title = _("Weight of each rank (raw)")
    fig = _layout(fig, title, _("rank i"), _("weight"))
    fig.update_layout(height=HEIGHT + 120)
    fig.update_yaxes(type="log" if log_y else "linear")
    return fig


def weight_spent(frame: pd.DataFrame, k: int, slots: Mapping[str, int] | None = None) -> go.Figure:
    """Share of each profile's weight within k spent by rank i (i <= k), with the 50% and 90%
    lines (frame: profile, rank, weight, normalised within k); lines as in `profile_weights`."""
    within = frame[frame["rank"] <= k]
    traces = []
    for name, slot, group in _slots(within, slots):
        traces.append(
            go.Scatter(
                name=name,
                x=group["rank"],
                y=group["weight"].cumsum(),
                mode="lines+markers",
                line=profile_line(slot),
                hovertemplate=f"{name}<br>"
                + _("by rank {x}: {y}").format(x="%{x}", y="%{y:.1%}")
                + "<extra></extra>",
            )
        )
    fig = go.Figure(traces)
    for share in (0.5, 0.9):
        fig.add_hline(y=share, line_dash="dot", line_color="grey", annotation_text=f"{share:.0%}")
    fig = _layout(
        fig,
        _("Where does the weight go? Share spent by rank i (k = {k})").format(k=k),
        _("rank i"),
        "",
    )
    fig.update_yaxes(range=[0, 1.05], tickformat=".0%")
    return fig


READER_LINES = (
    ("continuation", N_("C(i): reads on")),
    ("weight", N_("W(i): attention")),
    ("stop", N_("L(i): stops here")),
)  # labels in English, shown with _(); the hover shows the symbol before the colon
GAIN_BARS = "#56B4E9"  # Okabe-Ito sky blue, under the three lines' black, orange and blue


def cwl_reader(table: pd.DataFrame, title: str) -> go.Figure:
    """The gain g(i) of each rank as bars, and C(i), W(i) and L(i) as lines styled by
    `profile_line` (table: rank, gain, continuation, weight, stop, as the readers of
    rankwork.core.cwl give them; every row is drawn)."""
    bars = go.Bar(
        name=_("gain g(i)"),
        x=table["rank"],
        y=table["gain"],
        marker={"color": GAIN_BARS, "opacity": 0.45},
        hovertemplate="g = %{y:.4g}<extra></extra>",
    )
    lines = [
        go.Scatter(
            name=_(label),
            x=table["rank"],
            y=table[column],
            mode="lines+markers",
            line=profile_line(slot),
            marker={"size": 6},
            hovertemplate=f"{label.split(':')[0]} = %{{y:.4g}}<extra></extra>",
        )
        for slot, (column, label) in enumerate(READER_LINES)
    ]
    fig = _layout(go.Figure([bars, *lines]), title, _("rank i"), "", hovermode="x unified")
    fig.update_layout(height=HEIGHT + 60)
    fig.update_xaxes(dtick=1 if len(table) <= 20 else None)
    fig.update_yaxes(range=[0, 1.05])
    return fig


def gain_curves(table: pd.DataFrame) -> go.Figure:
    """Gain by grade, one line per gain column of `table` (grade, then one column per gain)."""
    fig = go.Figure(
        [
            go.Scatter(
                name=name,
                x=table["grade"],
                y=table[name],
                mode="lines+markers",
                line={"color": PALETTE[i % len(PALETTE)], "width": 3},
                marker={"size": 9},
                hovertemplate=_("{name}: gain({x}) = {y}").format(name=name, x="%{x}", y="%{y:.4g}")
                + "<extra></extra>",
            )
            for i, name in enumerate(c for c in table.columns if c != "grade")
        ]
    )
    fig = _layout(fig, _("Gain of each grade"), _("grade g"), _("gain(g)"))
    fig.update_xaxes(dtick=1)
    return fig


def _same_curves(groups: list[tuple[str, pd.DataFrame]], column: str) -> list[list[int]]:
    """Indices of the groups, bundled where their `column` curves coincide."""
    bundles: list[list[int]] = []
    for index, (_name, group) in enumerate(groups):
        values = group[column].to_numpy()
        for bundle in bundles:
            if np.allclose(groups[bundle[0]][1][column].to_numpy(), values):
                bundle.append(index)
                break
        else:
            bundles.append([index])
    return bundles


def tradeoff_curves(curves: pd.DataFrame, discount: str, a: float, b: float, n: int) -> go.Figure:
    """For each gain under `discount`: DCG of n grade-b documents at ranks 1..n (solid) and of
    one grade-a document at rank 1 (dashed, flat), against n, the chosen n marked (curves from
    rankwork.explore.tradeoffs.tradeoff_curves). Gains whose curves coincide (every gain gives grade
    1 a gain of 1) share one trace named after all of them, so no line hides another."""
    chosen = curves[curves["discount"] == discount]
    groups = list(chosen.groupby("gain", sort=False))
    color = {name: PALETTE[i % len(PALETTE)] for i, (name, _group) in enumerate(groups)}
    traces = []
    for column, label, style in (
        ("many", _("n × grade {b:g}").format(b=b), {"width": 3}),
        ("one", _("1 × grade {a:g}").format(a=a), {"width": 2, "dash": "dash"}),
    ):
        for bundle in _same_curves(groups, column):
            names = " = ".join(groups[i][0] for i in bundle)
            group = groups[bundle[0]][1]
            shade = color[groups[bundle[0]][0]] if len(bundle) == 1 else THIS_LIST
            traces.append(
                go.Scatter(
                    name=f"{names}: {label}",
                    x=group["n"],
                    y=group[column],
                    mode="lines+markers" if column == "many" else "lines",
                    line={"color": shade, **style},
                    hovertemplate=f"{names}: {label} = %{{y:.3f}}<extra></extra>",
                )
            )
    fig = go.Figure(traces)
    fig.add_vline(x=n, line_dash="dot", line_color="grey", annotation_text=f"n = {n}")
    fig = _layout(
        fig,
        _("n documents of grade {b:g} against one of grade {a:g} ({discount})").format(
            a=a, b=b, discount=discount
        ),
        _("n (documents of grade b at ranks 1..n)"),
        "DCG",
    )
    fig.update_layout(height=HEIGHT + 80)
    return fig


def position_sweep(table: pd.DataFrame, title: str) -> go.Figure:
    """Every measure column of `table` (rank, then one column per measure) against the rank of
    the moving document; NaN (the rank the second document holds) leaves a gap."""
    fig = go.Figure(
        [
            go.Scatter(
                name=name,
                x=table["rank"],
                y=[None if np.isnan(v) else v for v in table[name]],
                mode="lines+markers",
                line={"color": MEASURE_COLORS.get(name), "width": 3, "dash": DASHES.get(name)},
                marker={"size": 6},
                hovertemplate=f"{name} = %{{y:.4f}}<extra></extra>",
            )
            for name in table.columns
            if name != "rank"
        ]
    )
    fig = _layout(
        fig, title, _("rank r of the relevant document"), _("value"), hovermode="x unified"
    )
    fig.update_layout(height=HEIGHT + 60)
    fig.update_yaxes(range=[0, 1.05])
    return fig


def swap_matrix(delta: np.ndarray, doc_ids: Sequence[str], measure: str) -> go.Figure:
    """The swap deltas as a grid of square markers (rank i down, rank j across), coloured by
    the change (blue: the swap helps, red: it hurts). Each off-diagonal cell is a point whose
    customdata is [i, j, doc i, doc j, doc i, doc j as plotly text] (1-based ranks; the ids as
    given, read back by a click, then escaped for the hover: ui.shared.literal.plot_literal)."""
    m = len(delta)
    i, j = np.nonzero(~np.eye(m, dtype=bool))
    values = delta[i, j]
    reach = float(np.abs(values).max()) if values.size else 0.0
    size = max(4.0, min(SWAP_CELL_PX, 0.85 * SWAP_AREA_PX / max(m, 1)))
    ids = np.asarray(doc_ids, dtype=object)
    shown = np.asarray([plot_literal(d) for d in doc_ids], dtype=object)
    fig = go.Figure(
        go.Scatter(
            x=j + 1,
            y=i + 1,
            mode="markers",
            marker={
                "symbol": "square",
                "size": size,
                "color": values,
                "colorscale": "RdBu",
                "cmin": -reach if reach else -1.0,
                "cmax": reach if reach else 1.0,
                "colorbar": {"title": {"text": f"Δ{measure}"}},
                "line": {"width": 1, "color": "#cbd5e1"},  # near-zero squares stay visible
            },
            customdata=(
                np.column_stack([i + 1, j + 1, ids[i], ids[j], shown[i], shown[j]]) if m else None
            ),
            hovertemplate=(
                _("swap ranks {i} ({doc_i}) and {j} ({doc_j})").format(
                    i="%{customdata[0]}",
                    doc_i="%{customdata[4]}",
                    j="%{customdata[1]}",
                    doc_j="%{customdata[5]}",
                )
                + f"<br>Δ{measure} = %{{marker.color:+.4f}}<extra></extra>"
            ),
            showlegend=False,
        )
    )
    fig = _layout(
        fig,
        _("Δ{measure} if the documents at ranks i and j swapped").format(measure=measure),
        _("rank j"),
        _("rank i"),
    )
    fig.update_layout(height=SWAP_PLOT_PX, clickmode="event+select", dragmode=False)
    ticks = {"dtick": 1 if m <= 20 else 5, "showgrid": False, "zeroline": False}
    fig.update_xaxes(range=[0.4, m + 0.6], constrain="domain", **ticks)
    fig.update_yaxes(range=[m + 0.6, 0.4], scaleanchor="x", constrain="domain", **ticks)
    return fig


def _solid_and_dotted(x, solid, dotted, color: str, dotted_markers: bool = False) -> list:
    """Two lines of one colour over `x`: `solid` (thick, with markers) and `dotted` (thin),
    each given as (legend name, y values, hover text before the value)."""
    styles = (
        (solid, "lines+markers", {"width": 3}),
        (dotted, "lines+markers" if dotted_markers else "lines", {"width": 2, "dash": "dot"}),
    )
    return [
        go.Scatter(
            name=name,
            x=x,
            y=y,
            mode=mode,
            line={"color": color, **line},
            hovertemplate=f"{hover}%{{y:.4f}}<extra></extra>",
        )
        for (name, y, hover), mode, line in styles
    ]


def redundancy(table: pd.DataFrame) -> go.Figure:
    """ERR and nDCG (solid) and what each copy adds (dotted) against the number of copies."""
    traces = []
    for name in ("ERR", "nDCG"):
        traces += _solid_and_dotted(
            table["copies"],
            (name, table[name], f"{name} = "),
            (
                _("{measure} added by this copy").format(measure=name),
                table[f"{name} added"],
                _("{measure} added = ").format(measure=name),
            ),
            MEASURE_COLORS[name],
            dotted_markers=True,
        )
    fig = _layout(
        go.Figure(traces),
        _("Repeating a highly relevant document: ERR saturates, nDCG keeps adding"),
        _("copies at the top of the list"),
        _("value"),
        hovermode="x unified",
    )
    fig.update_xaxes(dtick=1)
    fig.update_yaxes(range=[0, 1.05])
    return fig


# the lists of rankwork.explore.novelty.LISTS (its keys), as the legend names them
LIST_NAMES = {"covering": N_("covering"), "repeating": N_("repeating")}


def novelty(table: pd.DataFrame, k: int) -> go.Figure:
    """α-nDCG@k of each list against α (solid), and its nDCG@k (dotted), from
    `rankwork.explore.novelty.alpha_sweep`."""
    traces = []
    for (name, rows), color in zip(table.groupby("list", sort=False), PALETTE, strict=False):
        shown = _(LIST_NAMES[name]) if name in LIST_NAMES else name
        traces += _solid_and_dotted(
            rows["alpha"],
            (f"α-nDCG@{k}, {shown}", rows["alpha_nDCG"], f"{shown}: α-nDCG = "),
            (f"nDCG@{k}, {shown}", rows["nDCG"], f"{shown}: nDCG = "),
            color,
        )
    fig = _layout(
        go.Figure(traces),
        _("The same relevant documents: nDCG cannot tell them apart, α-nDCG can"),
        _("α (the penalty for a subtopic seen before)"),
        _("value"),
        hovermode="x unified",
    )
    fig.update_yaxes(range=[0, 1.05])
    return fig


def withheld(table: pd.DataFrame, run: str) -> go.Figure:
    """Each measure's mean for `run` against the share of judgments withheld (from
    `rankwork.collection.withheld.degradation`)."""
    rows = table[table["run"] == run]
    traces = [
        go.Scatter(
            name=measure,
            x=part["share"] * 100,
            y=part["mean"],
            mode="lines+markers",
            line={"color": color, "width": 3},
            hovertemplate=f"{measure} = %{{y:.4f}}<extra></extra>",
        )
        for (measure, part), color in zip(
            rows.groupby("measure", sort=False), PALETTE, strict=False
        )
    ]
    fig = _layout(
        go.Figure(traces),
        _("{run}: AP falls as judgments go, the others hold").format(run=plot_literal(run)),
        _("judgments withheld (%)"),
        _("mean over the queries"),
        hovermode="x unified",
    )
    fig.update_yaxes(range=[0, 1.05])
    return fig


def landscape(histograms: pd.DataFrame, current: Mapping[str, float]) -> go.Figure:
    """One panel per measure: the share of orderings in each bin (histograms: measure, left,
    right, share) and a vertical line at this list's value (`current`)."""
    names = list(dict.fromkeys(histograms["measure"]))
    cols = 3
    rows = max(1, -(-len(names) // cols))
    fig = make_subplots(rows=rows, cols=cols, subplot_titles=names, vertical_spacing=0.16)
    for index, name in enumerate(names):
        row, col = index // cols + 1, index % cols + 1
        bins = histograms[histograms["measure"] == name]
        top = float(bins["share"].max())
        fig.add_trace(
            go.Bar(
                name=name,
                x=(bins["left"] + bins["right"]) / 2,
                y=bins["share"],
                width=bins["right"] - bins["left"],
                marker_color=MEASURE_COLORS.get(name, PALETTE[0]),
                showlegend=False,
                hovertemplate=_("{name} in [{left}, {right}): {share} of orderings").format(
                    name=name,
                    left="%{customdata[0]:.3f}",
                    right="%{customdata[1]:.3f}",
                    share="%{y:.1%}",
                )
                + "<extra></extra>",
                customdata=np.column_stack([bins["left"], bins["right"]]),
            ),
            row=row,
            col=col,
        )
        fig.add_trace(
            go.Scatter(
                name=_("this list"),
                x=[current[name], current[name]],
                y=[0.0, top * 1.08],
                mode="lines",
                line={"color": THIS_LIST, "width": 3, "dash": "dash"},
                showlegend=index == 0,
                hovertemplate=_("this list: {name} = {value:.4f}").format(
                    name=name, value=current[name]
                )
                + "<extra></extra>",
            ),
            row=row,
            col=col,
        )
    fig.update_layout(
        title={"text": _("Each measure over the orderings of this list's grades")},
        font=FONT,
        height=300 * rows + 80,
        margin={"l": 60, "r": 20, "t": 90, "b": 40},
        bargap=0.05,
        legend={"orientation": "h", "yanchor": "bottom", "y": 1.04, "xanchor": "right", "x": 1},
    )
    fig.update_yaxes(tickformat=".0%")
    return fig
