"""`rankwork.adapters.sentence_transformers_metrics` against sentence-transformers'
InformationRetrievalEvaluator, worked by hand from its source.

sentence-transformers is not installed here; its metrics were read in UKPLab/sentence-transformers
v5.1.2 (commit dfcbbd93056c6292ee6a245c0740683a270df0b1),
sentence_transformers/evaluation/InformationRetrievalEvaluator.py. The lines that decide the
numbers, transcribed:

    __init__:          for qid in queries:
                           if qid in relevant_docs and len(relevant_docs[qid]) > 0:
                               self.queries_ids.append(qid)
    compute_metrics:   top_hits = sorted(queries_result_list[query_itr],
                                         key=lambda x: x["score"], reverse=True)
      accuracy@k:      one hit in top_hits[0:k_val] in query_relevant_docs -> num_hits += 1;
                       then num_hits_at_k[k] /= len(self.queries)
      precision@k:     num_correct / k_val
      recall@k:        num_correct / len(query_relevant_docs)
      mrr@k:           MRR[k_val] += 1.0 / (rank + 1) at the first relevant hit in top k (rank
                       0-based); then MRR[k] /= len(self.queries)
      ndcg@k:          compute_dcg_at_k(predicted_relevance, k) /
                       compute_dcg_at_k([1] * len(query_relevant_docs), k), with
                       compute_dcg_at_k: sum over i < min(len, k) of relevances[i] / log2(i + 2)
      map@k:           sum_precisions += num_correct / (rank + 1) at each relevant hit in top k;
                       avg_precision = sum_precisions / min(k_val, len(query_relevant_docs))
      means:           np.mean over the kept queries

Python's sorted() is stable, also with reverse=True, so equal scores keep the list's order.

The example has three kept queries (q1, q2, q5) and two left out (q3: empty relevant set, q4:
not in relevant_docs), with cutoffs accuracy [1, 3], precision/recall [1, 3], mrr [3],
ndcg [3, 5], map [2, 5]. Every number below is worked by hand in the comments.
"""

from __future__ import annotations

from math import log2

import numpy as np
import pytest

from rankwork.adapters import sentence_transformers_metrics


def hits(*pairs):
    return [{"corpus_id": doc, "score": score} for doc, score in pairs]


RESULTS = {
    # sorted: d1 (0.9), d2 (0.7), d3 (0.7: tied with d2, after it in the list), d4 (0.2)
    # relevance by rank: 1, 0, 1, 0; R = 3 (d9 is never retrieved)
    "q1": hits(("d2", 0.7), ("d1", 0.9), ("d3", 0.7), ("d4", 0.2)),
    # sorted: e2 (.8), e3 (.6), e5 (.5), e4 (.4), e1 (.3), e6 (.1); relevant: e5 at rank 3; R = 1
    "q2": hits(("e1", 0.3), ("e2", 0.8), ("e3", 0.6), ("e4", 0.4), ("e5", 0.5), ("e6", 0.1)),
    # left out by the evaluator: no relevant document
    "q3": hits(("g1", 0.9), ("g2", 0.1)),
    "q4": hits(("h1", 0.9)),
    # already sorted: f7, f1, f2, f8, f3; relevance 0, 1, 1, 0, 1; R = 6 (more than k)
    "q5": hits(("f7", 0.9), ("f1", 0.8), ("f2", 0.7), ("f8", 0.6), ("f3", 0.5)),
}
RELEVANT = {
    "q1": {"d1", "d3", "d9"},
    "q2": {"e5"},
    "q3": set(),
    "q5": {"f1", "f2", "f3", "f4", "f5", "f6"},
    "q6": {"x"},  # not among the results: ignored, as the evaluator ignores it
}
CUTOFFS = {
    "accuracy_at_k": [1, 3],
    "precision_recall_at_k": [1, 3],
    "mrr_at_k": [3],
    "ndcg_at_k": [3, 5],
    "map_at_k": [2, 5],
}

# IDCG of m relevant documents at the top: I(1) = 1, I(3) = 1 + 1/log2(3) + 1/2 = 2.1309,
# I(5) = I(3) + 1/log2(5) + 1/log2(6) = 2.1309 + 0.4307 + 0.3869 = 2.9485.
I3 = 1 + 1 / log2(3) + 1 / 2
I5 = I3 + 1 / log2(5) + 1 / log2(6)

EXPECTED = {
    # q1 rank 1 relevant: 1; q2 rank 1 e2: 0; q5 rank 1 f7: 0 -> 1/3
    "accuracy@1": 1 / 3,
    # each query has a relevant document in its top 3 -> 1
    "accuracy@3": 1.0,
    # q1 1/1, q2 0, q5 0 -> 1/3
    "precision@1": 1 / 3,
    # q1 2/3 (d1, d3), q2 1/3 (e5), q5 2/3 (f1, f2) -> (5/3)/3 = 5/9 = 0.5556
    "precision@3": 5 / 9,
    # q1 1/3, q2 0, q5 0 -> 1/9
    "recall@1": 1 / 9,
    # q1 2/3, q2 1/1, q5 2/6 -> (2/3 + 1 + 1/3)/3 = 2/3
    "recall@3": 2 / 3,
    # q1 first relevant at rank 1: 1; q2 at rank 3: 1/3; q5 at rank 2: 1/2 -> (11/6)/3 = 11/18
    "mrr@3": 11 / 18,
    # q1: DCG@3 = 1/log2(2) + 0 + 1/log2(4) = 1.5, IDCG from min(3, 3) ones = I3: 0.7039
    # q2: DCG@3 = 1/log2(4) = 0.5, IDCG from min(3, 1) = 1 one = 1: 0.5
    # q5: DCG@3 = 1/log2(3) + 1/log2(4) = 1.1309, IDCG from min(3, 6) ones = I3: 0.5307
    # mean (0.7039 + 0.5 + 0.5307)/3 = 0.5782
    "ndcg@3": (1.5 / I3 + 0.5 + (1 / log2(3) + 1 / 2) / I3) / 3,
    # q1: the list has 4 hits, DCG@5 = 1.5 still, IDCG from min(5, 3) = 3 ones = I3: 0.7039
    # q2: 0.5 as above
    # q5: DCG@5 = 1.1309 + 1/log2(6) = 1.5178, IDCG from min(5, 6) = 5 ones = I5: 0.5148
    # mean (0.7039 + 0.5 + 0.5148)/3 = 0.5729
    "ndcg@5": (1.5 / I3 + 0.5 + (1 / log2(3) + 1 / 2 + 1 / log2(6)) / I5) / 3,
    # q1: top 2 = d1 (relevant: 1/1), d2 -> 1 / min(2, 3) = 0.5
    # q2: nothing relevant in the top 2 -> 0 / min(2, 1) = 0
    # q5: f1 at rank 2 (1/2) -> 0.5 / min(2, 6) = 0.25        mean (0.5 + 0 + 0.25)/3 = 0.25
    "map@2": 0.25,
    # q1: d1 at rank 1 (1/1), d3 at rank 3 (2/3) -> (5/3) / min(5, 3) = 5/9
    # q2: e5 at rank 3 (1/3) -> (1/3) / min(5, 1) = 1/3
    # q5: f1 at 2 (1/2), f2 at 3 (2/3), f3 at 5 (3/5) -> (53/30) / min(5, 6) = 53/150
    # mean (5/9 + 1/3 + 53/150)/3 = (250 + 150 + 159)/450/3 = 559/1350 = 0.4141
    "map@5": 559 / 1350,
}


def test_every_metric_equals_the_evaluators_worked_by_hand():
    got = sentence_transformers_metrics(RESULTS, RELEVANT, **CUTOFFS)
    # the evaluator's order: accuracy, precision, recall, ndcg, mrr, map (compute_metrics' dict)
    assert list(got) == [
        "accuracy@1",
        "accuracy@3",
        "precision@1",
        "precision@3",
        "recall@1",
        "recall@3",
        "ndcg@3",
        "ndcg@5",
        "mrr@3",
        "map@2",
        "map@5",
    ]
    for name, value in EXPECTED.items():
        assert got[name] == pytest.approx(value, abs=1e-12), name


def test_the_defaults_are_the_evaluators():
    # __init__'s defaults: mrr [10], ndcg [10], accuracy [1, 3, 5, 10], precision/recall
    # [1, 3, 5, 10], map [100]. q2 alone: e5 at rank 3, R = 1.
    got = sentence_transformers_metrics({"q2": RESULTS["q2"]}, RELEVANT)
    assert set(got) == {
        *(f"{m}@{k}" for m in ("accuracy", "precision", "recall") for k in (1, 3, 5, 10)),
        "ndcg@10",
        "mrr@10",
        "map@100",
    }
    assert got["precision@10"] == pytest.approx(1 / 10)  # divided by k, not by the 6 hits
    assert got["ndcg@10"] == pytest.approx(0.5)  # (1/log2(4)) / 1
    assert got["map@100"] == pytest.approx(1 / 3)  # (1/3) / min(100, 1)


def test_a_corpus_id_listed_twice_is_an_error_naming_it():
    with pytest.raises(ValueError, match="q1.*d1"):
        sentence_transformers_metrics({"q1": hits(("d1", 0.5), ("d1", 0.4))}, {"q1": {"d1"}})


@pytest.mark.parametrize("score", [float("nan"), "high", None])
def test_a_score_that_is_not_a_number_is_an_error_naming_it(score):
    with pytest.raises(ValueError, match="Query q1, corpus id d2: the score"):
        sentence_transformers_metrics({"q1": hits(("d1", 0.5), ("d2", score))}, {"q1": {"d1"}})


def test_results_without_a_relevant_document_are_an_error():
    with pytest.raises(ValueError, match="nothing to evaluate"):
        sentence_transformers_metrics({"q3": RESULTS["q3"]}, RELEVANT)


@pytest.mark.parametrize("k", [0, 2.5, True, None])
def test_a_cutoff_must_be_a_positive_whole_number(k):
    with pytest.raises(ValueError, match="ndcg_at_k: .*cutoff"):
        sentence_transformers_metrics(RESULTS, RELEVANT, ndcg_at_k=[k])


def test_a_numpy_integer_is_a_cutoff():
    # q2 alone: e5 at rank 3, R = 1: ndcg@3 = (1/log2(4)) / 1 = 0.5
    got = sentence_transformers_metrics({"q2": RESULTS["q2"]}, RELEVANT, ndcg_at_k=[np.int64(3)])
    assert got["ndcg@3"] == pytest.approx(0.5, abs=1e-12)


ONE = {"mrr_at_k": [3], "ndcg_at_k": [2], "accuracy_at_k": [1], "precision_recall_at_k": [2]}


def test_corpus_id_1_is_not_the_relevant_id_text_1():
    # The evaluator tests `corpus_id in relevant_docs[qid]`: 1 in {"1"} is False. Ranked: 1
    # (0.9, not relevant), "1" (0.5, relevant at rank 2), R = 1. accuracy@1 = 0,
    # precision@2 = 1/2, recall@2 = 1, mrr@3 = 1/2, ndcg@2 = (1/log2(3)) / 1 = 0.6309,
    # map@2 = (1/2) / min(2, 1) = 0.5.
    results = {"q": hits((1, 0.9), ("1", 0.5))}
    got = sentence_transformers_metrics(results, {"q": {"1"}}, **ONE, map_at_k=[2])
    expected = {"accuracy@1": 0.0, "precision@2": 0.5, "recall@2": 1.0, "mrr@3": 0.5}
    expected |= {"ndcg@2": 1 / np.log2(3), "map@2": 0.5}
    assert got == pytest.approx(expected, abs=1e-12)
    # without "1" in the results nothing relevant is retrieved: every metric 0
    alone = sentence_transformers_metrics({"q": hits((1, 0.9))}, {"q": {"1"}}, **ONE)
    assert set(alone.values()) == {0.0}


def test_ids_equal_in_python_are_one_document():
    # 1.0 == 1 in Python, so the evaluator counts 1.0 as the relevant document 1: rank 1.
    got = sentence_transformers_metrics({"q": hits((1.0, 0.9), (2, 0.1))}, {"q": {1}}, **ONE)
    assert got["accuracy@1"] == 1.0 and got["mrr@3"] == 1.0


def test_query_ids_1_and_text_1_are_two_queries():
    # query 1: a relevant at rank 1 (mrr 1, accuracy@1 1, ndcg@2 1); query "1": b relevant at
    # rank 2 (mrr 1/2, accuracy@1 0, ndcg@2 = 1/log2(3) = 0.6309). Means: 0.75, 0.5, 0.8155.
    results = {1: hits(("a", 0.9), ("b", 0.5)), "1": hits(("a", 0.9), ("b", 0.5))}
    got = sentence_transformers_metrics(results, {1: {"a"}, "1": {"b"}}, **ONE)
    assert got["mrr@3"] == pytest.approx(0.75, abs=1e-12)
    assert got["accuracy@1"] == pytest.approx(0.5, abs=1e-12)
    assert got["ndcg@2"] == pytest.approx((1 + 1 / np.log2(3)) / 2, abs=1e-12)


def test_a_relevant_id_listed_twice_is_one_relevant_document():
    # relevant a, a, c: R = 2. Ranked b (0.9), a (0.5), c (0.1): recall@2 = 1/2,
    # ndcg@3 = (1/log2(3) + 1/log2(4)) / (1 + 1/log2(3)) = 1.1309 / 1.6309 = 0.6934,
    # map@3 = (1/2 + 2/3) / min(3, 2) = 0.5833.
    results = {"q": hits(("a", 0.5), ("b", 0.9), ("c", 0.1))}
    got = sentence_transformers_metrics(
        results,
        {"q": ["a", "a", "c"]},
        mrr_at_k=[3],
        ndcg_at_k=[3],
        accuracy_at_k=[1],
        precision_recall_at_k=[2],
        map_at_k=[3],
    )
    assert got["recall@2"] == pytest.approx(0.5, abs=1e-12)
    assert got["ndcg@3"] == pytest.approx((1 / np.log2(3) + 0.5) / (1 + 1 / np.log2(3)), abs=1e-12)
    assert got["map@3"] == pytest.approx((1 / 2 + 2 / 3) / 2, abs=1e-12)
