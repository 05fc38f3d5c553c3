"""The sample collection (data/sample) read and counted by hand, and scored by pytrec_eval
(trec_eval's C code), for the tests of the Pitfalls lab's collection part: nothing here calls
metrics/.

The files are whitespace-separated TREC lines: qrels `qid 0 docno grade`, runs
`qid Q0 docno rank score tag`. trec_eval -c's mean is over the qrels' queries, a query the run
lacks counting 0 (the source: shared/research/library-conventions.md, fixture M1, and
tests/crosscheck/test_cli_missing.py, which says what trec_eval does with and without -c);
pytrec_eval leaves such a query out of its per-query results, so the means here divide by the
number of qrels queries.
"""

from __future__ import annotations

from pathlib import Path

import pytrec_eval

SAMPLE = Path(__file__).resolve().parents[1] / "data" / "sample"
RUNS = ("weak", "medium", "strong")


def qrels() -> dict[str, dict[str, int]]:
    judged: dict[str, dict[str, int]] = {}
    for line in (SAMPLE / "qrels.txt").read_text().splitlines():
        qid, _, docno, grade = line.split()
        judged.setdefault(qid, {})[docno] = int(grade)
    return judged


def run(name: str) -> dict[str, dict[str, float]]:
    scores: dict[str, dict[str, float]] = {}
    for line in (SAMPLE / f"run_{name}.txt").read_text().splitlines():
        qid, _, docno, _, score, _ = line.split()
        scores.setdefault(qid, {})[docno] = float(score)
    return scores


def relevant() -> dict[str, set[str]]:
    """Each qrels query's relevant documents (grade >= 1)."""
    return {q: {d for d, g in docs.items() if g >= 1} for q, docs in qrels().items()}


def trec_eval(name: str, measures: set[str]) -> dict[str, dict[str, float]]:
    """pytrec_eval's per-query values of run `name` (queries the run lacks are absent)."""
    return pytrec_eval.RelevanceEvaluator(qrels(), measures).evaluate(run(name))


def mean(name: str, measure: str, queries: set[str] | None = None) -> float:
    """trec_eval -c's mean of `measure` (pytrec_eval's name, e.g. 'recall_100') over the qrels'
    queries, or over `queries`: a query missing from the run counts 0."""
    per_query = trec_eval(name, {measure})
    over = set(qrels()) if queries is None else queries
    return sum(per_query.get(q, {}).get(measure, 0.0) for q in over) / len(over)


def hits(name: str, k: int) -> dict[str, int]:
    """Relevant documents in each qrels query's top k, counted by hand. The runs list 40
    documents a query, so for k >= 40 the order does not matter and the count is the set
    intersection; for k = 10 it is P@10 x 10 from trec_eval (an integer count)."""
    retrieved, relevant_of = run(name), relevant()
    if k >= 40:
        assert max(len(docs) for docs in retrieved.values()) == 40
        return {q: len(relevant_of[q] & set(retrieved.get(q, {}))) for q in relevant_of}
    p_at_k = trec_eval(name, {f"P_{k}"})
    return {q: round(p_at_k.get(q, {}).get(f"P_{k}", 0.0) * k) for q in relevant_of}


def pooled_recall(name: str, k: int) -> float:
    """Relevant documents in the top k over all relevant documents, summed over the queries."""
    return sum(hits(name, k).values()) / sum(len(r) for r in relevant().values())
