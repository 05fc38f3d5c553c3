"""The metrics of sentence-transformers' InformationRetrievalEvaluator, from its inputs.

``results[qid]`` is the query's result list as the evaluator's ``compute_metrics`` receives it:
dicts with a ``"corpus_id"`` and a ``"score"``, in any order (they are ranked by score,
descending; equal scores keep the list's order, as Python's stable ``sorted`` does). From an
evaluator, ``dict(zip(evaluator.queries_ids, queries_result_list))``. ``relevant_docs[qid]`` is
the set of its relevant corpus ids. Ids are compared as the evaluator compares them, with
Python's ``==``: corpus id 1 is not the relevant id "1" (and query 1 is not query "1"), and 1.0
is 1. An id listed twice in ``relevant_docs[qid]`` is one relevant document: rankwork's choice,
for the sets the evaluator documents; given a list with a repeat, the evaluator would count the
list's length (``len(query_relevant_docs)``) in recall, the ideal ranking and map's denominator.

As in the evaluator (sentence-transformers 5.1.2,
sentence_transformers/evaluation/InformationRetrievalEvaluator.py), relevance is binary and each
metric is a mean over the queries of ``results`` that have at least one relevant document (the
others are left out, not scored 0), R being the query's number of relevant documents and h(k)
the relevant documents among the first k:

- ``accuracy@k``: 1 if h(k) > 0, else 0 (RankLab's Success@k);
- ``precision@k``: h(k) / k (P@k); ``recall@k``: h(k) / R (R@k);
- ``mrr@k``: 1 / the rank of the first relevant document within k, else 0 (RR@k);
- ``ndcg@k``: sum over relevant ranks i <= k of 1/log2(i + 1), over the same sum for
  min(k, R) relevant documents at the top (nDCG@k, ideal from all relevant documents);
- ``map@k``: sum over relevant ranks i <= k of h(i)/i, divided by min(k, R), where
  RankLab's AP@k (trec_eval's map_cut) divides by R: it is AP@k x R / min(k, R).
"""

from __future__ import annotations

import math
from collections.abc import Collection, Hashable, Mapping, Sequence
from typing import Any

import pandas as pd

from rankwork.collection import batch
from rankwork.core.conventions import SENTENCE_TRANSFORMERS, Convention, resolve
from rankwork.core.ranking import check_cutoff
from rankwork.language import _

# Each of the evaluator's metrics (in its order), the RankLab measure that computes it (k filled
# in; map@k is rescaled, see _map_at_k) and the keyword that gives its cutoffs.
_METRICS = {
    "accuracy": ("Success@{k}", "accuracy_at_k"),
    "precision": ("P@{k}", "precision_recall_at_k"),
    "recall": ("R@{k}", "precision_recall_at_k"),
    "ndcg": ("nDCG@{k}", "ndcg_at_k"),
    "mrr": ("RR@{k}", "mrr_at_k"),
    "map": ("AP@{k}", "map_at_k"),
}


def sentence_transformers_metrics(
    results: Mapping[Hashable, Sequence[Mapping[str, Any]]],
    relevant_docs: Mapping[Hashable, Collection[Hashable]],
    *,
    mrr_at_k: Sequence[int] = (10,),
    ndcg_at_k: Sequence[int] = (10,),
    accuracy_at_k: Sequence[int] = (1, 3, 5, 10),
    precision_recall_at_k: Sequence[int] = (1, 3, 5, 10),
    map_at_k: Sequence[int] = (100,),
    convention: Convention | str = SENTENCE_TRANSFORMERS,
) -> dict[str, float]:
    """The metrics sentence-transformers' ``InformationRetrievalEvaluator`` reports, computed
    by RankLab from the same inputs and named as it names them.

    Binary relevance; each a mean over the queries of `results` with a relevant document. With
    h(k) the relevant documents among the first k and R their number: accuracy@k = [h(k) > 0],
    precision@k = h(k)/k, recall@k = h(k)/R, mrr@k = RR@k, ndcg@k the binary nDCG@k, map@k =
    AP@k x R / min(k, R). The module docstring gives them whole, with ranking, ties and ids.

    Parameters
    ----------
    results : mapping
        Query id -> its result list of {"corpus_id": ..., "score": ...} dicts, in any order.
    relevant_docs : mapping
        Query id -> its relevant corpus ids. Queries absent from `results` are ignored.
    mrr_at_k, ndcg_at_k, accuracy_at_k, precision_recall_at_k, map_at_k : sequence of int
        The evaluator's cutoffs, with its defaults.
    convention : Convention or str
        The choices behind the numbers; `rankwork.core.conventions.SENTENCE_TRANSFORMERS`
        reproduces the evaluator.

    Returns
    -------
    dict
        ``{"accuracy@1": ..., "precision@1": ..., "recall@1": ..., "ndcg@10": ..., "mrr@10":
        ..., "map@100": ...}`` in the evaluator's order (each metric's cutoffs in their order),
        without the evaluator's "<name>_<score function>_" prefix.

    Raises
    ------
    ValueError
        No query of `results` has a relevant document; a result without "corpus_id" or "score";
        a corpus id twice for a query; a score not a finite number; a cutoff not a positive
        whole number. Each message names the query, the corpus id or the keyword.

    Examples
    --------
    One query with two relevant documents, "a" and "c"; its results, scored, are b, a, c:

    >>> results = {"q1": [{"corpus_id": "a", "score": 0.5},
    ...                   {"corpus_id": "b", "score": 0.9},
    ...                   {"corpus_id": "c", "score": 0.1}]}
    >>> scores = sentence_transformers_metrics(
    ...     results, {"q1": {"a", "c"}}, mrr_at_k=[3], ndcg_at_k=[2], accuracy_at_k=[1],
    ...     precision_recall_at_k=[2], map_at_k=[2])
    >>> for name, value in scores.items():
    ...     print(name, round(value, 4))
    accuracy@1 0.0
    precision@2 0.5
    recall@2 0.5
    ndcg@2 0.3869
    mrr@3 0.5
    map@2 0.25

    By hand: the ranking is b (0.9), a (0.5), c (0.1), relevant at ranks 2 and 3. accuracy@1 =
    0 (b); precision@2 = recall@2 = 1/2 (R = 2); ndcg@2 = (1/log2(3)) / (1 + 1/log2(3)) =
    0.6309 / 1.6309 = 0.3869; mrr@3 = 1/2; map@2 = (1/2) / min(2, 2) = 0.25.
    """
    cutoffs = {
        "accuracy_at_k": accuracy_at_k,
        "precision_recall_at_k": precision_recall_at_k,
        "ndcg_at_k": ndcg_at_k,
        "mrr_at_k": mrr_at_k,
        "map_at_k": map_at_k,
    }
    names = _names(cutoffs)
    qrels, run = _frames(results, relevant_docs)
    measures = list(dict.fromkeys([*names.values(), "NumRel"]))
    per_query = batch.evaluate(qrels, run, measures, resolve(convention)).per_query
    return {name: _value(per_query, name, measure) for name, measure in names.items()}


def _names(cutoffs: Mapping[str, Sequence[int]]) -> dict[str, str]:
    """The evaluator's name of each metric at each cutoff -> RankLab's, in the evaluator's order."""
    names = {}
    for metric, (measure, parameter) in _METRICS.items():
        for given in cutoffs[parameter]:
            k = _cutoff(parameter, given)
            names[f"{metric}@{k}"] = measure.format(k=k)
    return names


def _value(per_query: pd.DataFrame, name: str, measure: str) -> float:
    """The evaluator's metric `name`: the mean of RankLab's `measure`, rescaled for map@k."""
    return _map_at_k(per_query, measure) if name.startswith("map@") else _mean(per_query[measure])


def _map_at_k(per_query: pd.DataFrame, measure: str) -> float:
    """The evaluator's map@k from AP@k: its sum of precisions is AP@k x R, divided by
    min(k, R) instead of R."""
    k = int(measure.split("@")[1])
    relevant = per_query["NumRel"]
    return _mean(per_query[measure] * relevant / relevant.clip(upper=k))


def _mean(values: pd.Series) -> float:
    return float(values.mean())


def _cutoff(parameter: str, k: Any) -> int:
    """k as an int, checked by the core's check_cutoff; the message names the keyword."""
    try:
        checked = check_cutoff(k)
    except ValueError as error:
        raise ValueError(f"{parameter}: {error}") from None
    if checked is None:
        raise ValueError(f"{parameter}: " + _("a cutoff is needed; got None."))
    return checked


def _frames(
    results: Mapping[Hashable, Sequence[Mapping[str, Any]]],
    relevant_docs: Mapping[Hashable, Collection[Hashable]],
) -> tuple[pd.DataFrame, pd.DataFrame]:
    """The qrels (grade 1 for each relevant document of the queries in `results`) and the
    run (each result, in the list's order); a query of `results` without relevant documents
    is in neither. Query ids and corpus ids become codes, one per distinct id as Python's
    equality tells them apart (the evaluator's `corpus_id in relevant_docs[qid]`): corpus id 1
    and "1" are two documents, 1 and 1.0 one; a relevant id listed twice is one document (the
    evaluator, given a list, would count it twice; see the module docstring)."""
    kept = [qid for qid in results if relevant_docs.get(qid)]
    if not kept:
        raise ValueError(
            _("No query of the results has a relevant document: there is nothing to evaluate.")
        )
    docs: dict[Hashable, str] = {}  # each distinct corpus id -> its code

    def code(doc: Hashable) -> str:
        return docs.setdefault(doc, str(len(docs)))

    judged = [
        (str(q), code(doc))
        for q, qid in enumerate(kept)
        for doc in dict.fromkeys(relevant_docs[qid])
    ]
    qrels = pd.DataFrame(judged, columns=["qid", "docno"]).assign(rel=1.0)
    rows = []
    for q, qid in enumerate(kept):
        seen = set()
        for hit in results[qid]:
            if "corpus_id" not in hit or "score" not in hit:
                raise ValueError(
                    _(
                        "Query {qid}: each result needs a 'corpus_id' and a 'score'; got {hit!r}."
                    ).format(qid=qid, hit=hit)
                )
            doc = hit["corpus_id"]
            if doc in seen:
                raise ValueError(
                    _("Query {qid} lists corpus id {doc} twice; each may appear once.").format(
                        qid=qid, doc=doc
                    )
                )
            seen.add(doc)
            rows.append((str(q), code(doc), _score(hit["score"], qid, doc)))
    run = pd.DataFrame(rows, columns=["qid", "docno", "score"])
    return qrels, run


def _score(value: Any, qid: Hashable, doc: Hashable) -> float:
    try:
        score = float(value)
    except (TypeError, ValueError):
        score = math.nan
    if not math.isfinite(score):
        raise ValueError(
            _("Query {qid}, corpus id {doc}: the score {score!r} is not a finite number.").format(
                qid=qid, doc=doc, score=value
            )
        )
    return score
