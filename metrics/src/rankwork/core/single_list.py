"""One measure of one ranked list, with its worked solution: `measure("nDCG@5", grades)`.

The list is built and checked by `Ranking.build`, ordered by `order` under the convention, and
measured by the family's own single-list function (`rankwork.core.measures`): the numbers are
those of the Playground, and, under the default convention (trec_eval's, the command line's
and `rankwork.collection.batch.evaluate`'s), those of one query of a collection.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence, Set
from dataclasses import replace

import numpy as np

from rankwork.core.conventions import TREC_EVAL_NDCG_CUT, Convention, resolve
from rankwork.core.measures import Measure, MeasureNameError, parse
from rankwork.core.ranking import Ranking, RankingError
from rankwork.core.result import Result
from rankwork.language import _


def measure(
    name: str,
    grades: Sequence[object],
    *,
    unretrieved: Iterable[object] = (),
    doc_ids: Sequence[object] | None = None,
    scores: Sequence[object] | None = None,
    convention: Convention | str = TREC_EVAL_NDCG_CUT,
) -> Result:
    """The measure `name` of one ranked list, with its per-rank table and worked solution.

    Parameters
    ----------
    name : str
        The measure in ir_measures spelling: ``nDCG@5``, ``P(rel=2)@5``, ``ERR@10``,
        ``RBP(p=0.8)``, ``AP``, ``RR``, ... Its parameters override the convention's fields
        (``rel=2`` the relevance threshold, ``dcg='exp-log2'`` the exponential gain).
    grades : sequence of numbers
        The grade of each retrieved document, in rank order (best first); ``None`` (or NaN)
        for a document nobody judged, which gains nothing and is not relevant.
    unretrieved : iterable of numbers, optional
        Grades of judged documents not in the list: in the ideal ranking (IDCG) and R (recall, AP).
    doc_ids : sequence, optional
        One id per document (default ``d1, d2, ...``), breaking ties of `scores`.
    scores : sequence of numbers, optional
        One score per document: the list is then ordered by descending score, and equal
        scores by the convention's tie rule (trec_eval's: larger doc id first).
    convention : Convention or str, optional
        A `Convention` or a ``PRESETS`` name in any case, e.g. ``"textbook"``; by default
        trec_eval's ``ndcg_cut`` (the command line's, ``rankwork.evaluate``'s): linear gain
        ``g``, discount ``1/log2(i+1)``, the ideal ranking from every judged document.

    Returns
    -------
    Result
        ``name`` as given, ``value``, the per-rank ``table`` (its ``contribution`` column makes
        the value), ``family``, and the ``convention`` applied, named for the name's changes;
        ``latex()`` and ``markdown()`` give the worked solution, shown by Jupyter too.

    Raises
    ------
    ValueError
        `MeasureNameError` for a name that is not a string, does not parse or names no measure;
        a preset name that does not exist; `RankingError` for `grades`, `unretrieved`, `doc_ids`
        or `scores` not a list, tuple or array, or holding an invalid value (each one named).

    Examples
    --------
    nDCG@5 = DCG@5 / IDCG@5 with DCG@k = sum_{i<=k} gain(g_i) / log2(i+1). Under the default
    (linear gain) DCG@5 = 3 + 2/log2(3) + 3/2 + 0 + 1/log2(6) = 6.1487 and the ideal list
    3, 3, 2, 2, 1 (the unretrieved 2 included) gives IDCG@5 = 7.1410, so nDCG@5 = 0.8610:

    >>> from rankwork.core.single_list import measure
    >>> f'{measure("nDCG@5", [3, 2, 3, 0, 1], unretrieved=[2]).value:.4f}'
    '0.8610'

    Textbook's exponential gain 2^g - 1: DCG@5 = 7 + 3/log2(3) + 7/2 + 0 + 1/log2(6) = 12.7796,
    IDCG@5 = 7 + 7/log2(3) + 3/2 + 3/log2(5) + 1/log2(6) = 14.5954:

    >>> f'{measure("nDCG@5", [3, 2, 3, 0, 1], unretrieved=[2], convention="Textbook").value:.4f}'
    '0.8756'

    P(rel=2)@5 counts grades >= 2 in the top 5, 3/5; the convention is named for the threshold:

    >>> result = measure("P(rel=2)@5", [3, 2, 3, 0, 1])
    >>> result.name, result.convention.name
    ('P(rel=2)@5', 'trec_eval ndcg_cut + relevant if ≥ 2')
    >>> print(result.latex())
    \\[ \\mathrm{P@5} = \\frac{3}{5} = 0.6 \\]

    With scores, trec_eval's tie rule puts the larger doc id first: c (grade 1) above a, RR 1/1:

    >>> measure("RR", [0, 1, 1], doc_ids=["a", "b", "c"], scores=[0.9, 0.5, 0.9]).value
    1.0
    """
    parsed = _parsed_name(name)
    base = resolve(convention)
    _check_arguments(grades, unretrieved, doc_ids, scores)
    ranking = Ranking.build(grades, doc_ids=doc_ids, scores=scores, unretrieved=unretrieved)
    return _as_named(parsed(ranking, base), name, parsed, base)


def _parsed_name(name: object) -> Measure:
    """The measure `name` parses to; a name that is not a string is refused."""
    if not isinstance(name, str):
        raise MeasureNameError(
            _(
                "The measure name must be a string such as 'nDCG@10' or 'P(rel=2)@5'; "
                "got {value!r}."
            ).format(value=name)
        )
    return parse(name)


def _check_arguments(grades: object, unretrieved: object, doc_ids: object, scores: object) -> None:
    """Each per-document argument is an ordered collection (`doc_ids`, `scores` when given)."""
    _check_values("grades", grades)
    _check_values("unretrieved", unretrieved)
    for argument, optional in (("doc_ids", doc_ids), ("scores", scores)):
        if optional is not None:
            _check_values(argument, optional)


def _as_named(result: Result, name: str, parsed: Measure, base: Convention) -> Result:
    """`result` under `name` as given, with its family and the convention it was computed under
    (the base with the name's parameters, named for what they change)."""
    return replace(
        result,
        name=name,
        working_name=result.name,
        family=parsed.family,
        convention=_named_for_changes(base, parsed.convention(base)),
    )


def _check_values(argument: str, values: object) -> None:
    """`values` is an ordered collection of values, one per document: a string (read character
    by character), a mapping (read by its keys), a set (in no order) or an array that is not
    1-D is refused."""
    unordered = isinstance(values, (str, bytes, Mapping, Set))
    if values is None or unordered or not isinstance(values, Iterable) or _not_1d(values):
        raise RankingError(
            _(
                "{argument} must be a list, tuple or array with one value per document; "
                "got {value!r}."
            ).format(argument=argument, value=values)
        )


def _not_1d(values: Iterable[object]) -> bool:
    """An array of 0 or several dimensions (a list is read as it is given)."""
    return isinstance(values, np.ndarray) and values.ndim != 1


def _named_for_changes(base: Convention, applied: Convention) -> Convention:
    """`applied` (the base with the measure name's parameters) named for what they change, as
    the app names a modified preset: 'trec_eval ndcg_cut + exponential gain' for
    nDCG(dcg='exp-log2'); `base` itself when they change nothing."""
    changes = {field: new for field, (_old, new) in base.differences(applied).items()}
    return base.with_(**changes) if changes else base
