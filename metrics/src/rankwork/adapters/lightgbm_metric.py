"""A `feval` for `lightgbm.train` that reports RankLab measures on every evaluated data set.

Every measure is computed per query by `rankwork.arrays` on the groups padded into 2-D arrays,
laid out once per data set and reused at every iteration, or by
`rankwork.collection.batch.evaluate` for a measure or convention that `rankwork.arrays` does not
compute (`rankwork.adapters._groups`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from rankwork.adapters._groups import group_means, measure_names
from rankwork.core.conventions import LIGHTGBM, Convention, resolve
from rankwork.language import _

#: What LightGBM calls a feval with, and what it reads back: (name, value, is_higher_better).
LightGBMFeval = Callable[[np.ndarray, Any], list[tuple[str, float, bool]]]


def lightgbm_feval(
    measures: str | Sequence[str] = "nDCG@10", *, convention: Convention | str = LIGHTGBM
) -> LightGBMFeval:
    """A `feval` for `lightgbm.train` reporting `measures` at every iteration.

    The returned function is called by LightGBM as ``feval(preds, eval_data)`` for each data
    set in ``valid_sets``: ``eval_data.get_group()`` gives the queries' sizes (consecutive
    rows), ``eval_data.get_label()`` the grades, ``eval_data.get_weight()`` the rows' weights
    (or None) and ``preds`` the model's scores. Each query's documents are ranked by score,
    descending, every measure computed per query (the module docstring says how) and
    averaged over the queries as LightGBM averages its ``ndcg@k``: a plain mean, or with row
    weights the mean weighted by
    each query's weight, the mean of its rows' weights in 32-bit floats (src/io/metadata.cpp),
    where LightGBM adds the nDCG of a query with nothing relevant with weight 1
    (src/metric/rank_metric.hpp).

    Under the default convention, `rankwork.core.conventions.LIGHTGBM`, nDCG@k is LightGBM's
    own ``ndcg@k``: gain 2^g - 1 (LightGBM's default ``label_gain``), discount 1/log2(i + 1),
    ideal ranking from the query's own labels cut at k, documents with equal scores in the
    rows' order (LightGBM's stable sort), and a query with nothing relevant scores 1. A model
    trained with another ``label_gain`` needs a convention with that gain
    (``LIGHTGBM.with_(gain="custom", gain_map=...)``).

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
        ``feval(preds, eval_data) -> [(name, value, True), ...]``: one tuple per measure, in
        the order given, named as given; ``is_higher_better`` is True (a better ranking never
        lowers a measure of effectiveness; do not stop early on counts such as NumRet).

    Raises
    ------
    ValueError
        An unknown or malformed measure name (when called); predictions, labels and groups of
        different sizes, or a grade the convention cannot take (when LightGBM calls the feval).

    Examples
    --------
    LightGBM is not needed to see what the feval computes: any object with ``get_group``,
    ``get_label`` and ``get_weight`` will do. Two queries: the first ranks its grades as 2, 0,
    1 (scores 0.9, 0.5, 0.3); the second has nothing relevant.

    >>> import numpy as np
    >>> class Data:
    ...     def get_group(self):
    ...         return np.array([3, 2])
    ...     def get_label(self):
    ...         return np.array([2.0, 0.0, 1.0, 0.0, 0.0])
    ...     def get_weight(self):
    ...         return None
    >>> feval = lightgbm_feval(["nDCG@2", "P@1"])
    >>> [(name, round(value, 4), better)
    ...  for name, value, better in feval(np.array([0.9, 0.5, 0.3, 0.1, 0.2]), Data())]
    [('nDCG@2', 0.9131, True), ('P@1', 0.5, True)]

    By hand: query 1's top two are grades 2 and 0, DCG@2 = (2^2 - 1)/log2(2) + 0 = 3; its
    ideal top two are 2 and 1, IDCG@2 = 3 + (2^1 - 1)/log2(3) = 3.6309; nDCG@2 = 0.8262.
    Query 2 has nothing relevant: 1. The mean is (0.8262 + 1)/2 = 0.9131. P@1 is 1 (grade 2
    first) and 0: mean 0.5.
    """
    names = measure_names(measures)
    convention = resolve(convention)  # before training: an unknown preset fails now

    def feval(preds: np.ndarray, eval_data: Any) -> list[tuple[str, float, bool]]:
        bounds = _bounds(eval_data.get_group())
        labels, rows = eval_data.get_label(), eval_data.get_weight()
        means = group_means(eval_data, labels, preds, bounds, names, convention, rows, "row")
        return [(name, means[name], True) for name in names]

    return feval


def _bounds(sizes: Any) -> np.ndarray:
    """The queries' row boundaries from the Dataset's group sizes, which it must have."""
    if sizes is None:
        raise ValueError(
            _("The LightGBM Dataset has no groups (query sizes): set group= when making it.")
        )
    return np.concatenate(([0], np.cumsum(np.asarray(sizes, dtype=np.int64))))
