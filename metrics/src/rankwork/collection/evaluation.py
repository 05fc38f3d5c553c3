"""`rankwork.evaluate`: a test collection's measures from qrels and a run in any form that
`rankwork.collection.inputs` reads, with the conventions, the missing-query policy and the
measure names of the command line (`rankwork.cli`), computed by `rankwork.collection.batch`.
"""

from __future__ import annotations

import warnings
from collections.abc import Iterable
from typing import Literal, TypeAlias, overload

import pandas as pd

from rankwork.collection import batch, inputs
from rankwork.collection.inputs import Source
from rankwork.core.conventions import TREC_EVAL_NDCG_CUT, Convention, resolve
from rankwork.core.measures import Measure, MeasureNameError, names_asked, parse

__all__ = ["evaluate"]

Missing: TypeAlias = Literal["zero", "skip", "error"]


@overload
def evaluate(
    qrels: Source,
    run: Source,
    measures: str | Iterable[str],
    *,
    per_query: Literal[False] = False,
    convention: Convention | str = TREC_EVAL_NDCG_CUT,
    missing: Missing = "zero",
) -> dict[str, float]: ...


@overload
def evaluate(
    qrels: Source,
    run: Source,
    measures: str | Iterable[str],
    *,
    per_query: Literal[True],
    convention: Convention | str = TREC_EVAL_NDCG_CUT,
    missing: Missing = "zero",
) -> pd.DataFrame: ...


def evaluate(
    qrels: Source,
    run: Source,
    measures: str | Iterable[str],
    *,
    per_query: bool = False,
    convention: Convention | str = TREC_EVAL_NDCG_CUT,
    missing: Missing = "zero",
) -> dict[str, float] | pd.DataFrame:
    """Evaluate a run against qrels: every measure for every query, and their means.

    The numbers are the command line's (``rankwork QRELS RUN -m ...``) and, for the measures
    trec_eval has, trec_eval's: a query's ranking is its documents by score descending, ties
    broken by document id descending in byte order (trec_eval's strcmp); a retrieved document
    the qrels do not judge is not relevant (gain 0); a negative grade is unjudged; a binary
    measure's relevant documents are those of grade >= 1 (``P(rel=2)@5``: >= 2); the ideal
    ranking of nDCG is every judged document of the query, best first. For example, with
    linear gain and the log2 discount (trec_eval's ``ndcg_cut.k``)::

        nDCG@k = DCG@k / IDCG@k,   DCG@k = sum_{i=1..k} g_i / log2(i + 1)

    where g_i is the grade of the document at rank i and IDCG@k the DCG@k of the ideal
    ranking. The mean is over the qrels' queries (see ``missing``); queries of the run that
    the qrels do not have are ignored.

    Parameters
    ----------
    qrels : path, dict or DataFrame
        The relevance judgments: a TREC qrels file (``qid iter docno rel``) or CSV/TSV file,
        plain or gzip; a ``.parquet`` file (needs pyarrow: ``pip install rankwork[arrow]``);
        a dict ``{query id: {document id: grade}}`` (pytrec_eval's); or a DataFrame with the
        columns ``query_id, doc_id, relevance`` (ir_measures), ``q_id, doc_id, score``
        (ranx) or ``qid, docno, rel``. A file is read as a diversity qrels (``topic subtopic
        docno judgment``) when a diversity measure (e.g. ``alpha_nDCG@20``) is asked for.
    run : path, dict or DataFrame
        The ranked results: a TREC run file (``qid Q0 docno rank score tag``) or CSV/TSV,
        plain or gzip; a ``.parquet`` file; a dict ``{query id: {document id: score}}``; or a
        DataFrame with the columns ``query_id, doc_id, score`` (ir_measures), ``q_id, doc_id,
        score`` (ranx) or ``qid, docno, score``. The rank column of a file is ignored.
        In a dict or DataFrame, ids become text alike for qrels and run (``1``, ``1.0`` and
        ``"1"`` are all ``"1"``) and a grade or score is a number or text that is one as in a
        TREC file (``"2"``), never a boolean (`rankwork.collection.inputs` says exactly).
    measures : str or iterable of str
        Measure names in ir_measures' spelling, e.g. ``"nDCG@10"``, ``"P(rel=2)@5"``,
        ``"AP"``, ``"RR@10"``, ``"nDCG(dcg='exp-log2')@10"``; one name or several (at
        least one).
    per_query : bool, default False
        False: return the means; True: return every query's values.
    convention : Convention or str, default the preset ``"trec_eval ndcg_cut"``
        The choices every measure follows (`rankwork.core.conventions.Convention`), or the
        name of a preset in ``rankwork.PRESETS``, matched ignoring case (the command line's
        ``--convention``). A name's own parameters (``rel=2``, ``dcg='exp-log2'``) override it.
    missing : {"zero", "skip", "error"}, default "zero"
        A query of the qrels with no result in the run: ``"zero"`` scores it 0 (an empty
        ranking) and counts it in the mean, as trec_eval -c and ir_measures do; ``"skip"``
        leaves it out, as trec_eval 9 does without -c; ``"error"`` raises, as trec_eval 10
        does without -c. The command line's ``--missing``.

    Returns
    -------
    dict of str to float, or pandas.DataFrame
        ``per_query=False``: ``{name: mean}``, keyed by each measure's name as given.
        ``per_query=True``: a DataFrame with a ``query_id`` column (str, in trec_eval's order:
        byte order of the ids) and one float column per measure, named as given.

    Raises
    ------
    ValueError
        Its subclasses name what is wrong and where: `rankwork.MeasureNameError` for a
        measure name that does not parse, ``measures`` that are not names (``None``, ``5``)
        or no measure at all (``[]``); `rankwork.InputError` for qrels or a run that cannot
        be used (a DataFrame without the expected columns or with one of them twice, a grade
        or score that is not a number or is a boolean, a document twice in a query, an input
        of another type, a run none of whose queries is in the qrels: ids are compared as
        text, and ``1``, ``1.0`` and ``"1"`` are all ``"1"``, see
        `rankwork.collection.inputs`);
        `rankwork.TrecFormatError` for a file that cannot be read (with its line); and
        `rankwork.BatchError` for a collection a measure cannot take, or with
        ``missing="error"``, a query the run misses.

    Warns
    -----
    UserWarning
        For each qrels query the run misses and each run query the qrels lack (the lines the
        command line prints on stderr), and for ERR's top grade when the qrels' is another.

    Examples
    --------
    Query q1: d1 (grade 2) at rank 1, d2 (grade 0) at 2, d3 (grade 1) at 3. Query q2: d5
    (not judged) at rank 1, d4 (grade 1) at 2. P@2 is 1/2 for both; RR is 1/1 and 1/2; AP is
    (1/1 + 2/3)/2 = 5/6 and (1/2)/1 = 1/2, mean 2/3:

    >>> from rankwork import evaluate
    >>> qrels = {"q1": {"d1": 2, "d2": 0, "d3": 1}, "q2": {"d4": 1}}
    >>> run = {"q1": {"d1": 0.9, "d2": 0.8, "d3": 0.7}, "q2": {"d5": 0.5, "d4": 0.4}}
    >>> means = evaluate(qrels, run, ["P@2", "RR", "AP"])
    >>> {name: round(value, 6) for name, value in means.items()}
    {'P@2': 0.5, 'RR': 0.75, 'AP': 0.666667}

    Per query, and nDCG@3 with trec_eval's linear gain: q1's DCG is 2/log2(2) + 0 +
    1/log2(4) = 2.5 and its ideal (2, 1, 0) gives 2 + 1/log2(3) = 2.630930, so 2.5/2.630930 =
    0.950234; q2's is (1/log2(3))/1 = 0.630930:

    >>> evaluate(qrels, run, ["nDCG@3", "RR"], per_query=True).round(6)
      query_id    nDCG@3   RR
    0       q1  0.950234  1.0
    1       q2  0.630930  0.5
    """
    names = names_asked(measures)
    base = resolve(convention)
    parsed = _parsed(names, base)
    subtopics = any(measure.spec.subtopics for measure in parsed)
    qrels_df = inputs.read_qrels(qrels, subtopics=subtopics)
    run_df = inputs.read_run(run)
    inputs.check_queries_meet(qrels_df, run_df)
    result = batch.evaluate(qrels_df, run_df, names, base, missing, option='missing="{value}"')
    for message in result.warnings:
        warnings.warn(message, UserWarning, stacklevel=2)
    if not per_query:
        return {str(name): float(value) for name, value in result.means.items()}
    table = result.per_query.reset_index().rename(columns={"qid": "query_id"})
    table["query_id"] = table["query_id"].astype(str)
    return table


def _parsed(names: list[str], convention: Convention) -> list[Measure]:
    """Each name parsed, its parameters checked against the convention (the parser's
    MeasureNameError names the measure)."""
    parsed = []
    for name in names:
        measure = parse(name)
        try:
            measure.convention(convention)
        except ValueError as error:
            raise MeasureNameError(f"{name}: {error}") from None
        parsed.append(measure)
    return parsed
