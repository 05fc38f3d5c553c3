"""The measures' means over the query groups of a learning-to-rank data set: labels and scores
in one array each, the queries as consecutive groups, as LightGBM and XGBoost hold them."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pandas as pd

from rankwork.collection import batch
from rankwork.core.conventions import Convention
from rankwork.core.measures import parse
from rankwork.language import _


def measure_names(measures: str | Sequence[str]) -> list[str]:
    """One name or several as a list, each checked now (a bad name fails before training)."""
    names = [measures] if isinstance(measures, str) else list(measures)
    if not names:
        raise ValueError(_("Name at least one measure, e.g. 'nDCG@10'."))
    for name in names:
        parse(name)  # raises MeasureNameError (a ValueError) naming what is wrong
    return names


def group_means(
    labels: np.ndarray,
    scores: np.ndarray,
    bounds: np.ndarray,
    measures: Sequence[str],
    convention: Convention,
    weights: np.ndarray | None = None,
) -> dict[str, float]:
    """The mean over the groups of each measure: group g is rows bounds[g] to bounds[g + 1]
    (exclusive) of `labels` (its grades) and `scores` (its documents' scores), every document
    judged and retrieved. The groups become queries of a qrels and a run for
    `batch.evaluate` (group g is query g, a row its document), which ranks each by score
    descending with ties as the convention says ('input': the rows' order). With `weights`
    (one per group) the mean is weighted as LightGBM and XGBoost weight it: the sum of
    w_g x value_g over the sum of w_g, except that nDCG of a group whose labels are all 0 is
    added with weight 1 (both tools' nDCG does so)."""
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
    query = np.repeat(np.arange(len(bounds) - 1), np.diff(bounds))
    doc = np.arange(len(labels))
    qrels = pd.DataFrame({"qid": query, "docno": doc, "rel": labels})
    run = pd.DataFrame({"qid": query, "docno": doc, "score": scores})
    result = batch.evaluate(qrels, run, measures, convention)
    if weights is None:
        return {name: float(result.means[name]) for name in measures}
    # the evaluated groups (the non-empty ones), by number: the index holds them as text
    groups = result.per_query.index.astype(int)
    w = np.asarray(weights, dtype=float)[groups]
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
    nothing = np.bincount(query, weights=labels > 0, minlength=len(bounds) - 1)[groups] == 0
    means = {}
    for name in measures:
        as_added = np.where(nothing, 1.0, w) if parse(name).family == "nDCG" else w
        means[name] = float(as_added @ result.per_query[name].to_numpy() / w.sum())
    return means


def lightgbm_query_weights(row_weights: np.ndarray, bounds: np.ndarray) -> np.ndarray:
    """LightGBM's weight of each query from its rows' weights: their mean, summed in row order
    and divided in 32-bit floats as LightGBM does (src/io/metadata.cpp,
    Metadata::CalculateQueryWeights: query_weights_[i] += weights_[j], then /= the count; label_t
    is float). The sums run across all queries at once, one row position at a time."""
    w = np.asarray(row_weights, dtype=np.float32).ravel()
    starts, sizes = bounds[:-1], np.diff(bounds)
    total = np.zeros(len(sizes), dtype=np.float32)
    for j in range(int(sizes.max(initial=0))):
        longer = sizes > j
        total[longer] += w[starts[longer] + j]
    with np.errstate(invalid="ignore", divide="ignore"):  # an empty group: never evaluated
        return (total / sizes.astype(np.float32)).astype(float)
