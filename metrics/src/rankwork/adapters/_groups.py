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
) -> dict[str, float]:
    """The mean over the groups of each measure: group g is rows bounds[g] to bounds[g + 1]
    (exclusive) of `labels` (its grades) and `scores` (its documents' scores), every document
    judged and retrieved. The groups become queries of a qrels and a run for
    `batch.evaluate` (group g is query g, a row its document), which ranks each by score
    descending with ties as the convention says ('input': the rows' order)."""
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
    return {name: float(result.means[name]) for name in measures}
