"""A `custom_metric` for `xgboost.train` that reports RankLab measures on every evaluated set.

Every measure is computed per query by `rankwork.arrays` on the groups padded into 2-D arrays,
laid out once per data set and reused at every iteration, or by
`rankwork.collection.batch.evaluate` for a measure or convention that `rankwork.arrays` does not
compute (`rankwork.adapters._groups`).

XGBoost's Python package prints a custom metric's value with 6 decimals (``"%f"`` in
``Booster.eval_set``), so ``evals_result`` holds it rounded; the value `xgboost_metric`'s
function returns is the full double.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from rankwork.adapters._groups import group_means, measure_names
from rankwork.core.conventions import XGBOOST, Convention, resolve

#: What XGBoost calls a custom metric with, and what it reads back: (name, value) pairs.
XGBoostMetric = Callable[[np.ndarray, Any], list[tuple[str, float]]]


def xgboost_metric(
    measures: str | Sequence[str] = "nDCG@10", *, convention: Convention | str = XGBOOST
) -> XGBoostMetric:
    """A `custom_metric` for `xgboost.train` reporting `measures` at every iteration.

    The returned function is called by XGBoost as ``custom_metric(predt, dmatrix)`` for each
    data set in ``evals``: ``dmatrix.get_uint_info("group_ptr")`` gives the queries' row
    boundaries, ``dmatrix.get_label()`` the grades, ``dmatrix.get_weight()`` the groups'
    weights (empty when there are none) and ``predt`` the model's scores. Each query's
    documents are ranked by score, descending, every measure computed per query (the module
    docstring says how) and averaged over the queries as XGBoost averages its ``ndcg@k``: a
    plain mean, or the mean weighted by the group weights, where XGBoost adds the nDCG of a
    group with nothing relevant with weight 1 (src/metric/rank_metric.cc, EvalNDCG).

    Under the default convention, `rankwork.core.conventions.XGBOOST`, nDCG@k is XGBoost's
    own ``ndcg@k``: gain 2^g - 1 (``ndcg_exp_gain``, the default), discount 1/log2(i + 1),
    ideal ranking from the query's own labels cut at k, documents with equal 32-bit scores in
    the rows' order (XGBoost's stable sort), and a query with nothing relevant scores 1
    (``ndcg@k-`` scores it 0: ``XGBOOST.with_(empty_value=0.0)``). With
    ``ndcg_exp_gain=False`` use ``XGBOOST.with_(gain="linear")``.

    XGBoost prints and keeps in ``evals_result`` the value rounded to 6 decimals; the value
    returned here is the full double (see the module docstring).

    Parameters
    ----------
    measures : str or sequence of str
        RankLab measure names, ir_measures spelling: "nDCG@10", "ERR@10", "AP", "P@5", ...
        They are checked here, before training.
    convention : Convention or str
        A Convention, or a preset's name (``rankwork.PRESETS``, any case).
        The choices behind the numbers (gain, ideal, ties, ...).

    Returns
    -------
    callable
        ``custom_metric(predt, dmatrix) -> [(name, value), ...]``: one pair per measure, in the
        order given, named as given.

    Raises
    ------
    ValueError
        An unknown or malformed measure name (when called); predictions, labels and groups of
        different sizes, or a grade the convention cannot take (when XGBoost calls the metric).

    Examples
    --------
    XGBoost is not needed to see what the metric computes: any object with ``get_uint_info``,
    ``get_label`` and ``get_weight`` will do. Two queries: the first ranks its grades as 0, 3,
    1 (scores 0.8, 0.6, 0.6: a tie kept in row order), the second is one relevant document.

    >>> import numpy as np
    >>> class Data:
    ...     def get_uint_info(self, field):
    ...         return np.array([0, 3, 4], dtype=np.uint32)  # field == "group_ptr"
    ...     def get_label(self):
    ...         return np.array([0.0, 3.0, 1.0, 1.0], dtype=np.float32)
    ...     def get_weight(self):
    ...         return np.array([], dtype=np.float32)
    >>> metric = xgboost_metric(["nDCG@2", "RR"])
    >>> [(name, round(value, 4))
    ...  for name, value in metric(np.array([0.8, 0.6, 0.6, 0.1], dtype=np.float32), Data())]
    [('nDCG@2', 0.7894), ('RR', 0.75)]

    By hand: query 1's top two are grades 0 and 3, DCG@2 = 0 + (2^3 - 1)/log2(3) = 4.4165;
    its ideal top two are 3 and 1, IDCG@2 = 7 + 1/log2(3) = 7.6309; nDCG@2 = 0.5788.
    Query 2 scores 1. The mean is (0.5788 + 1)/2 = 0.7894. RR: 1/2 and 1, mean 0.75.
    """
    names = measure_names(measures)
    convention = resolve(convention)  # before training: an unknown preset fails now

    def custom_metric(predt: np.ndarray, dmatrix: Any) -> list[tuple[str, float]]:
        bounds, weights = _bounds(dmatrix, len(predt)), _weights(dmatrix)
        means = group_means(dmatrix, dmatrix.get_label(), predt, bounds, names, convention, weights)
        return [(name, means[name]) for name in names]

    return custom_metric


def _bounds(dmatrix: Any, rows: int) -> np.ndarray:
    """The queries' row boundaries; no groups make the whole set one query, as in XGBoost."""
    bounds = dmatrix.get_uint_info("group_ptr")
    return bounds if len(bounds) else np.array([0, rows])


def _weights(dmatrix: Any) -> np.ndarray | None:
    """The groups' weights, one per group, or None when the DMatrix has none."""
    weights = dmatrix.get_weight()
    return weights if len(weights) else None
