"""One measure of one ranked list, with its worked solution: `measure("nDCG@5", grades)`.

The list is built and checked by `Ranking.build`, ordered by `order` under the convention, and
measured by the family's own single-list function (`rankwork.core.measures`): the numbers are
those of the Playground, and, under the default convention (trec_eval's, the command line's
and `rankwork.collection.batch.evaluate`'s), those of one query of a collection.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace

from rankwork.core.conventions import PRESETS, TREC_EVAL_NDCG_CUT, Convention, preset
from rankwork.core.measures import parse
from rankwork.core.ranking import Ranking
from rankwork.core.result import Result


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
        The grades of judged documents that are not in the list: they enter the ideal
        ranking (IDCG) and R, the number of relevant documents (recall, AP).
    doc_ids : sequence, optional
        One id per document (default ``d1, d2, ...``); with `scores`, ties are broken by them
        when the convention says so.
    scores : sequence of numbers, optional
        One score per document: the list is then ordered by descending score, and equal
        scores by the convention's tie rule (trec_eval's: larger doc id first).
    convention : Convention or str, optional
        A `Convention`, or a preset's name from ``PRESETS`` (ignoring case), e.g.
        ``"Textbook"``. The default is trec_eval's ``ndcg_cut`` preset, the one the command
        line and ``rankwork.collection.batch.evaluate`` use: linear gain ``g``, discount
        ``1/log2(i+1)``, the ideal ranking from every judged document.

    Returns
    -------
    Result
        ``value``, the per-rank ``table`` whose ``contribution`` column makes the value,
        ``family`` and ``convention`` (with the name's parameters applied); ``latex()`` and
        ``markdown()`` give the worked solution, and Jupyter shows it (``_repr_html_``).

    Raises
    ------
    ValueError
        For a name that does not parse or names no measure, a preset name that does not
        exist, or a grade, score or doc id that is not valid (each error names the value).

    Examples
    --------
    nDCG@5 = DCG@5 / IDCG@5 with DCG@k = sum_{i<=k} gain(g_i) / log2(i+1). Under the default
    (linear gain) DCG@5 = 3 + 2/log2(3) + 3/2 + 0 + 1/log2(6) = 6.1487 and the ideal list
    3, 3, 2, 2, 1 (the unretrieved 2 included) gives IDCG@5 = 7.1410, so nDCG@5 = 0.8610:

    >>> from rankwork.core.single_list import measure
    >>> result = measure("nDCG@5", [3, 2, 3, 0, 1], unretrieved=[2])
    >>> f"{result.value:.4f}"
    '0.8610'

    Textbook's exponential gain 2^g - 1: DCG@5 = 7 + 3/log2(3) + 7/2 + 0 + 1/log2(6) = 12.7796,
    IDCG@5 = 7 + 7/log2(3) + 3/2 + 3/log2(5) + 1/log2(6) = 14.5954:

    >>> f'{measure("nDCG@5", [3, 2, 3, 0, 1], unretrieved=[2], convention="Textbook").value:.4f}'
    '0.8756'

    P(rel=2)@5 counts grades >= 2 among the top 5, with its working:

    >>> print(measure("P(rel=2)@5", [3, 2, 3, 0, 1]).latex())
    \\[ \\mathrm{P@5} = \\frac{3}{5} = 0.6 \\]

    With scores, a tie is broken by the convention: trec_eval's puts the larger doc id
    first, so c (grade 1) is ranked above a (grade 0) and RR = 1/1:

    >>> measure("RR", [0, 1, 1], doc_ids=["a", "b", "c"], scores=[0.9, 0.5, 0.9]).value
    1.0
    """
    parsed = parse(name)
    base = _preset(convention)
    ranking = Ranking.build(grades, doc_ids=doc_ids, scores=scores, unretrieved=unretrieved)
    result = parsed(ranking, base)
    return replace(result, family=parsed.family, convention=parsed.convention(base))


def _preset(convention: Convention | str) -> Convention:
    """`convention` itself, or the preset of that name, ignoring case as the command line does
    (`preset` names the presets when there is none)."""
    if isinstance(convention, Convention):
        return convention
    by_lower = {name.lower(): name for name in PRESETS}
    return preset(by_lower.get(str(convention).strip().lower(), str(convention)))
