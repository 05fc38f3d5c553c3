"""`rankwork.evaluate`: a test collection's measures from qrels and a run in any form that
`rankwork.collection.inputs` reads, with the conventions, the missing-query policy and the
measure names of the command line (`rankwork.cli`), computed by `rankwork.collection.batch`.

The conventions, the command line's and, for the measures trec_eval has, trec_eval's: a query's
ranking is its documents by score descending, ties broken by document id descending in byte
order (trec_eval's strcmp); a retrieved document the qrels do not judge is not relevant (gain
0); a negative grade is unjudged; a binary measure's relevant documents are those of grade >= 1
(``P(rel=2)@5``: >= 2); the ideal ranking of nDCG is every judged document of the query, best
first. For example, with linear gain and the log2 discount (trec_eval's ``ndcg_cut.k``)::

    nDCG@k = DCG@k / IDCG@k,   DCG@k = sum_{i=1..k} g_i / log2(i + 1)

where g_i is the grade of the document at rank i and IDCG@k the DCG@k of the ideal ranking.
The mean is over the qrels' queries (see ``missing``); queries of the run that the qrels do not
have are ignored.

The errors `rankwork.evaluate` raises, all subclasses of ``ValueError`` naming what is wrong and
where: `rankwork.MeasureNameError` for a measure name that does not parse, ``measures`` that are
not names (``None``, ``5``) or no measure at all (``[]``); `rankwork.InputError` for qrels or a
run that cannot be used (a DataFrame without the expected columns or with one of them twice, a
grade or score that is not a number or is a boolean, a document twice in a query, an input of
another type, a run none of whose queries is in the qrels: ids are compared as text, and ``1``,
``1.0`` and ``"1"`` are all ``"1"``, see `rankwork.collection.inputs`);
`rankwork.TrecFormatError` for a file that cannot be read (with its line); and
`rankwork.BatchError` for a collection a measure cannot take, or with ``missing="error"``, a
query the run misses. It warns (``UserWarning``) for each qrels query the run misses and each run
query the qrels lack (the lines the command line prints on stderr), and for ERR's top grade when
the qrels' is another.
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

    The numbers are the command line's (``rankwork QRELS RUN -m ...``) and trec_eval's, with
    the conventions the module docstring gives (`rankwork.collection.evaluation`); e.g. its
    ``ndcg_cut.k``: ``nDCG@k = DCG@k / IDCG@k``, ``DCG@k = sum_{i=1..k} g_i / log2(i + 1)``.

    Parameters
    ----------
    qrels : path, dict or DataFrame
        A TREC qrels (``qid iter docno rel``) or CSV/TSV file, plain or gzip, or ``.parquet``
        (``pip install rankwork[arrow]``); ``{query id: {document id: grade}}``; a DataFrame as
        `rankwork.collection.inputs` lists. Read as diversity qrels for ``alpha_nDCG@20`` etc.
    run : path, dict or DataFrame
        The same forms with scores (a TREC run's rank ignored). Ids become text alike for both
        (``1``, ``1.0`` and ``"1"`` are ``"1"``); grades and scores are numbers, not booleans.
    measures : str or iterable of str
        One or more in ir_measures' spelling: ``"P(rel=2)@5"``, ``"nDCG(dcg='exp-log2')@10"``.
    per_query : bool, default False
        False: return the means; True: return every query's values.
    convention : Convention or str, default the preset ``"trec_eval ndcg_cut"``
        The choices every measure follows (`rankwork.core.conventions.Convention`) or a
        ``rankwork.PRESETS`` name, any case (``--convention``); a name's ``rel=2`` overrides it.
    missing : {"zero", "skip", "error"}, default "zero"
        A qrels query with no result in the run: ``"zero"`` scores it 0 and counts it in the
        mean (trec_eval -c, ir_measures); ``"skip"`` leaves it out (trec_eval 9 without -c);
        ``"error"`` raises (trec_eval 10 without -c). The command line's ``--missing``.

    Returns
    -------
    dict of str to float, or pandas.DataFrame
        ``{name: mean}``, keyed by each name as given; with ``per_query=True`` a DataFrame of a
        ``query_id`` column (str, in byte order, as trec_eval) and a float column per measure.

    Raises
    ------
    ValueError
        `rankwork.MeasureNameError`, `rankwork.InputError`, `rankwork.TrecFormatError` or
        `rankwork.BatchError`, naming what is wrong and where (the module docstring lists each).

    Warns
    -----
    UserWarning
        For each query one side lacks and for ERR's top grade (the module docstring says when).

    Examples
    --------
    q1: d1 (grade 2), d2 (0), d3 (1); q2: d5 (not judged), d4 (1). P@2 is 1/2 for both; RR is
    1/1 and 1/2; AP is (1/1 + 2/3)/2 = 5/6 and (1/2)/1 = 1/2, mean 2/3:

    >>> from rankwork import evaluate
    >>> qrels = {"q1": {"d1": 2, "d2": 0, "d3": 1}, "q2": {"d4": 1}}
    >>> run = {"q1": {"d1": 0.9, "d2": 0.8, "d3": 0.7}, "q2": {"d5": 0.5, "d4": 0.4}}
    >>> {name: round(mean, 6) for name, mean in evaluate(qrels, run, ["P@2", "RR", "AP"]).items()}
    {'P@2': 0.5, 'RR': 0.75, 'AP': 0.666667}

    Per query; nDCG@3, linear gain: q1's DCG 2/log2(2) + 0 + 1/log2(4) = 2.5 over its ideal's
    (2, 1, 0) 2 + 1/log2(3) = 2.630930 is 0.950234; q2's is (1/log2(3))/1 = 0.630930:

    >>> evaluate(qrels, run, ["nDCG@3", "RR"], per_query=True).round(6)
      query_id    nDCG@3   RR
    0       q1  0.950234  1.0
    1       q2  0.630930  0.5
    """
    names, base = names_asked(measures), resolve(convention)
    qrels_df, run_df = _read(qrels, run, _parsed(names, base))
    result = batch.evaluate(qrels_df, run_df, names, base, missing, option='missing="{value}"')
    for message in result.warnings:
        warnings.warn(message, UserWarning, stacklevel=2)
    if not per_query:
        return {str(name): float(value) for name, value in result.means.items()}
    return _query_table(result.per_query)


def _read(qrels: Source, run: Source, parsed: list[Measure]) -> tuple[pd.DataFrame, pd.DataFrame]:
    """The qrels (diversity qrels when a measure needs subtopics) and run, checked to meet."""
    subtopics = any(measure.spec.subtopics for measure in parsed)
    qrels_df = inputs.read_qrels(qrels, subtopics=subtopics)
    run_df = inputs.read_run(run)
    inputs.check_queries_meet(qrels_df, run_df)
    return qrels_df, run_df


def _query_table(per_query: pd.DataFrame) -> pd.DataFrame:
    """Batch evaluation's per-query values with their ``qid`` index as a ``query_id`` column."""
    table = per_query.reset_index().rename(columns={"qid": "query_id"})
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
