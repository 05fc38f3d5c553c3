"""The measures' means over the query groups of a learning-to-rank data set: labels and scores
in one array each, the queries as consecutive groups, as LightGBM and XGBoost hold them.

A feval is called at every boosting iteration with the same labels and groups and new scores,
so the groups are laid out once per data set (`layout`, cached on the Dataset or DMatrix
object) as 2-D arrays for `rankwork.arrays`: rows are groups, padded with a mask. Groups are
put in buckets by size (up to a power of 2), so that one long group does not pad every other
one to its length. Measures that `rankwork.arrays` does not compute under the convention go
through the batch evaluation (`rankwork.collection.batch`) instead.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any

import numpy as np
import pandas as pd
from numpy.typing import NDArray

from rankwork import arrays
from rankwork.collection import batch
from rankwork.core.conventions import Convention
from rankwork.core.gains import gain
from rankwork.core.measures import Measure, names_asked, parse
from rankwork.language import _

Floats = NDArray[np.float64]
#: per-row values of one measure from 2-D labels, scores and mask
RowMeasure = Callable[["Bucket", Floats], Floats]


def measure_names(measures: str | Sequence[str]) -> list[str]:
    """One name or several as a list, each checked now (a bad name fails before training)."""
    names = names_asked(measures)
    for name in names:
        parse(name)  # raises MeasureNameError (a ValueError) naming what is wrong
    return names


@dataclass(frozen=True)
class Bucket:
    """Groups of similar size as rows of 2-D arrays: `groups` their numbers, `take` the data
    set's row of each cell (0 where `mask` is False: no document; `mask` None when every cell
    holds one), `labels` the grades."""

    groups: NDArray[np.intp]
    take: NDArray[np.intp]
    mask: NDArray[np.bool_] | None
    labels: Floats

    @cached_property
    def exponential_gains(self) -> Floats:
        """2^g - 1 of every label (0 where no document), by the core's gain: nDCG with
        exponential gain is nDCG with linear gain over these (computed once per data set)."""
        return np.asarray(gain(self.labels, Convention(gain="exponential")), dtype=np.float64)

    def pad(self, values: NDArray[Any]) -> NDArray[Any]:
        """One value per data set row laid out as this bucket's cells (0 where no document)."""
        return values[self.take] if self.mask is None else np.where(self.mask, values[self.take], 0)


@dataclass(frozen=True)
class Layout:
    """The groups of one data set: its `labels` and `bounds` (to check they did not change),
    the `buckets`, the non-empty groups `used` (empty ones are never evaluated) and whether
    each has nothing relevant (`nothing`, label > 0 nowhere)."""

    labels: Floats
    bounds: NDArray[np.int64]
    buckets: tuple[Bucket, ...]
    used: NDArray[np.intp]
    nothing: NDArray[np.bool_]


_LAYOUTS: weakref.WeakKeyDictionary[Any, Layout] = weakref.WeakKeyDictionary()


def _buckets(bounds: NDArray[np.int64], labels: Floats) -> tuple[Bucket, ...]:
    """The non-empty groups in buckets by size class (sizes up to the same power of 2), each
    padded to its longest group."""
    starts, sizes = bounds[:-1], np.diff(bounds)
    size_class = np.ceil(np.log2(np.maximum(sizes, 1))).astype(np.int64)
    buckets = []
    for c in np.unique(size_class[sizes > 0]):
        groups = np.flatnonzero((size_class == c) & (sizes > 0))
        offsets = np.arange(sizes[groups].max())
        mask = offsets < sizes[groups, None]
        take = np.where(mask, starts[groups, None] + offsets, 0)
        grades = np.where(mask, labels[take], 0.0)
        buckets.append(Bucket(groups, take, None if mask.all() else mask, grades))
    return tuple(buckets)


def layout(data: Any, labels: Floats, bounds: NDArray[np.int64]) -> Layout:
    """The groups laid out for `rankwork.arrays`, from the cache when `data` (the Dataset or
    DMatrix) was seen with the same labels and bounds."""
    try:
        cached = _LAYOUTS.get(data)
    except TypeError:  # an object that takes no weak reference: not cached
        cached = None
    if (
        cached is not None
        and np.array_equal(cached.bounds, bounds)
        and np.array_equal(cached.labels, labels)
    ):
        return cached
    query = np.repeat(np.arange(len(bounds) - 1), np.diff(bounds))
    relevant = np.bincount(query, weights=labels > 0, minlength=len(bounds) - 1)
    made = Layout(
        labels.copy(),
        bounds.copy(),
        _buckets(bounds, labels),
        np.flatnonzero(np.diff(bounds) > 0),
        relevant == 0,
    )
    try:
        _LAYOUTS[data] = made
    except TypeError:
        pass
    return made


def _refuse_rows(
    message: str, bad: NDArray[np.bool_], values: Floats, bounds: NDArray[Any]
) -> None:
    """A ValueError (`message`, formatted) naming the first row where `bad` holds, its group
    and its value."""
    if bad.any():
        row = int(np.argmax(bad))
        group = int(np.searchsorted(bounds, row, side="right") - 1)
        raise ValueError(message.format(row=row, group=group, value=values[row]))


def check_rows(labels: Any, scores: Any, bounds: Any) -> tuple[Floats, Floats, NDArray[np.int64]]:
    """Labels (finite, >= 0), predictions (finite) and group bounds as flat arrays, checked:
    as many labels as predictions, covered by the groups."""
    labels = np.asarray(labels, dtype=float).ravel()
    scores = np.asarray(scores, dtype=float).ravel()
    bounds = np.asarray(bounds, dtype=np.int64).ravel()
    if len(scores) != len(labels) or bounds[0] != 0 or bounds[-1] != len(labels):
        raise ValueError(
            _(
                "The groups cover {groups} rows, but there are {labels} labels and {scores} "
                "predictions; they must be equal."
            ).format(groups=int(bounds[-1] - bounds[0]), labels=len(labels), scores=len(scores))
        )
    with np.errstate(invalid="ignore"):
        bad = ~(np.isfinite(labels) & (labels >= 0))
    message = _("The label of row {row} (group {group}) is {value}; it must be a number >= 0.")
    _refuse_rows(message, bad, labels, bounds)
    message = _("The prediction of row {row} (group {group}) is {value}; it must be finite.")
    _refuse_rows(message, ~np.isfinite(scores), scores, bounds)
    return labels, scores, bounds


def check_weights(weights: Any, count: int, per_row: bool) -> Floats:
    """Weights as floats: `count` of them (one per row, or one per group), finite, >= 0."""
    w = np.asarray(weights, dtype=float).ravel()
    if len(w) != count:
        message = (
            _("There are {n} weights for {count} rows; there must be one per row.")
            if per_row
            else _("There are {n} weights for {count} groups; there must be one per group.")
        )
        raise ValueError(message.format(n=len(w), count=count))
    with np.errstate(invalid="ignore"):
        bad = ~(np.isfinite(w) & (w >= 0))
    if bad.any():
        message = (
            _("The weight of row {i} is {value}; it must be a finite number >= 0.")
            if per_row
            else _("The weight of group {i} is {value}; it must be a finite number >= 0.")
        )
        i = int(np.argmax(bad))
        raise ValueError(message.format(i=i, value=w[i]))
    return w


def _fast(measure: Measure, convention: Convention, gmax: float) -> RowMeasure | None:
    """The measure per row by `rankwork.arrays` when it computes exactly what the batch
    evaluation computes under `convention` for groups whose documents are all judged and all
    retrieved (ties in row order); None otherwise (the batch evaluation then computes it)."""
    if measure.params or convention.ties != "input":
        return None
    k, family, rel = measure.cutoff, measure.family, convention.rel_threshold
    common: dict[str, Any] = {"k": k, "ties": "input"}
    if family == "nDCG":
        standard = (
            convention.gain in ("exponential", "linear")
            and convention.discount == "log"
            and convention.log_base == 2
            and convention.ideal in ("judged", "retrieved")
            and convention.ideal_cut
            and (convention.dcg_cutoff or k is None)
        )
        if not standard:
            return None
        exponential, empty = convention.gain == "exponential", convention.empty_value
        return lambda b, s: arrays.ndcg(
            b.exponential_gains if exponential else b.labels,
            s,
            mask=b.mask,
            gain="linear",
            empty_value=empty,
            **common,
        )
    if family == "ERR":
        return lambda b, s: arrays.err(b.labels, s, mask=b.mask, gmax=gmax, **common)
    binary: dict[str, Callable[..., Floats]] = {
        "P": arrays.precision,
        "R": arrays.recall,
        "AP": arrays.average_precision,
        "RR": arrays.reciprocal_rank,
    }
    if family not in binary or (family == "P" and k is None):
        return None
    function = binary[family]
    return lambda b, s: function(b.labels, s, mask=b.mask, threshold=rel, **common)


def _per_group(shape: Layout, scores: Floats, measure: RowMeasure, float32: bool) -> Floats:
    """The measure of every group (NaN for an empty group: never evaluated)."""
    values = np.full(len(shape.bounds) - 1, np.nan)
    for bucket in shape.buckets:
        s = bucket.pad(scores)
        if float32:  # compared as 32-bit floats: scores equal there are ties
            s = s.astype(np.float32)
        values[bucket.groups] = measure(bucket, s)
    return values


def _batch(
    labels: Floats, scores: Floats, bounds: NDArray[np.int64], names: list[str], c: Convention
) -> dict[str, Floats]:
    """The measures of every group by `batch.evaluate`: group g is query g, a row its
    document; NaN for an empty group."""
    query = np.repeat(np.arange(len(bounds) - 1), np.diff(bounds))
    doc = np.arange(len(labels))
    qrels = pd.DataFrame({"qid": query, "docno": doc, "rel": labels})
    run = pd.DataFrame({"qid": query, "docno": doc, "score": scores})
    result = batch.evaluate(qrels, run, names, c)
    groups = result.per_query.index.astype(int)  # the index holds the group numbers as text
    out = {}
    for name in names:
        values = np.full(len(bounds) - 1, np.nan)
        values[groups] = result.per_query[name].to_numpy()
        out[name] = values
    return out


def group_means(
    data: Any,
    labels: Any,
    scores: Any,
    bounds: Any,
    measures: Sequence[str],
    convention: Convention,
    weights: Any = None,
    weights_per: str = "group",
) -> dict[str, float]:
    """The mean over the groups of each measure: group g is rows bounds[g] to bounds[g + 1]
    (exclusive) of `labels` (its grades) and `scores` (its documents' scores), every document
    judged and retrieved, ranked by score descending with ties as the convention says
    ('input': the rows' order). `data` (the Dataset or DMatrix) keys the cached layout. Empty
    groups are left out. With `weights` (one per group) the mean is weighted as LightGBM and
    XGBoost weight it: the sum of w_g x value_g over the sum of w_g, except that nDCG of a group
    whose labels are all 0 is added with weight 1 (both tools' nDCG does so). With
    `weights_per` "row" the weights are LightGBM's, one per row, and a group's weight is
    `lightgbm_query_weights`."""
    labels, scores, bounds = check_rows(labels, scores, bounds)
    shape = layout(data, labels, bounds)
    gmax = convention.err_gmax if convention.err_gmax is not None else max(labels.max(initial=0), 1)
    values: dict[str, Floats] = {}
    slow = []
    for name in measures:
        fast = _fast(parse(name), convention, gmax)
        if fast is None:
            slow.append(name)
        else:
            try:
                values[name] = _per_group(shape, scores, fast, convention.float32_scores)
            except ValueError as error:  # named as the batch route names it: "ERR@3: ..."
                raise ValueError(f"{name}: {error}") from None
    if slow:
        values.update(_batch(labels, scores, bounds, slow, convention))
    used = shape.used
    if weights is None:
        return {name: float(values[name][used].mean()) for name in measures}
    n_groups = len(bounds) - 1
    if weights_per == "row":
        rows = check_weights(weights, len(labels), per_row=True)
        w = lightgbm_query_weights(rows, shape)[used]
    else:
        w = check_weights(weights, n_groups, per_row=False)[used]
    if not w.sum() > 0:
        raise ValueError(
            _("The query weights sum to {total}; they must sum to more than 0.").format(
                total=w.sum()
            )
        )
    # LightGBM and XGBoost add the nDCG of a query with nothing relevant (1) to the sum
    # unweighted, while its weight stays in the divisor: LightGBM 4.7 rank_metric.hpp
    # (NDCGMetric::Eval: `result_buffer_[tid][j] += 1.0f`), XGBoost 3.2.0 rank_metric.cc
    # (EvalNDCG::Eval: `ndcg_gloc(g) = minus_ ? 0.0 : 1.0; return;` before the weight).
    means = {}
    for name in measures:
        as_added = np.where(shape.nothing[used], 1.0, w) if parse(name).family == "nDCG" else w
        means[name] = float(as_added @ values[name][used] / w.sum())
    return means


def lightgbm_query_weights(row_weights: Floats, shape: Layout) -> Floats:
    """LightGBM's weight of each query from its rows' weights: their mean, summed in row order
    and divided in 32-bit floats as LightGBM does (src/io/metadata.cpp,
    Metadata::CalculateQueryWeights: query_weights_[i] += weights_[j], then /= the count; label_t
    is float). Each bucket's rows are summed by a cumulative sum along the row (in order, one
    addition at a time; the padding adds 0, which changes no float); an empty group gets 0."""
    w = np.asarray(row_weights, dtype=np.float32).ravel()
    sizes = np.diff(shape.bounds)
    total = np.zeros(len(sizes), dtype=np.float32)
    for bucket in shape.buckets:
        total[bucket.groups] = np.cumsum(bucket.pad(w), axis=1, dtype=np.float32)[:, -1]
    count = np.maximum(sizes, 1).astype(np.float32)
    return np.asarray(total / count, dtype=np.float64)
