"""The diversity measures over many queries (their kernels in `rankwork.core.measures.families` and
subtopic_qrels.py): equal to the single-list core query by query, and hand-worked cases.

- equivalence: on seeded random diversity collections (ties in scores, unjudged documents,
  documents judged relevant to no subtopic, one-subtopic queries, a query with nothing
  relevant, a qrels query absent from the run, a run query absent from the qrels, negative
  judgments, subtopic and doc ids whose byte order differs from their numeric order, run lines
  shuffled or not), every diversity measure equals, to 1e-12, the core called on
  `query_ranking(qrels, run, qid)`, which carries the query's subtopics;
- hand-worked: a three-document list over two subtopics, each measure's arithmetic written out;
- the other measures on a diversity qrels read a document's largest judgment, and a diversity
  measure on an ordinary qrels is an error that says what is needed.
"""

from __future__ import annotations

import math

import numpy as np
import pandas as pd
import pytest

from rankwork.collection.batch import BatchError, evaluate, query_ranking
from rankwork.core import conventions as C
from rankwork.core.measures import parse

DIVERSITY = [
    "alpha_DCG@1",
    "alpha_DCG@5",
    "alpha_DCG(alpha=0.8)@20",
    "alpha_nDCG@1",
    "alpha_nDCG@10",
    "alpha_nDCG(alpha=0)@10",
    "alpha_nDCG(alpha=1)@20",
    "alpha_nDCG@100",
    "ERR_IA@3",
    "ERR_IA@20",
    "nERR_IA@1",
    "nERR_IA@20",
    "NRBP",
    "NRBP(alpha=0.2,beta=0.9)",
    "nNRBP",
    "nNRBP(alpha=1,beta=0)",
    "nNRBP(alpha=0,beta=0.8)",
    "P_IA@1",
    "P_IA@7",
    "P_IA@50",
    "AP_IA",
    "StRecall@1",
    "StRecall@5",
    "StRecall@30",
]


def random_diversity(seed: int, shuffle: bool = False):
    """A diversity qrels and a run, deterministic for a seed, with every awkward case named in
    the module docstring. Query '1' has one subtopic, 'none' judges documents relevant to no
    subtopic, '30' is in the qrels only, 'Q' in the run only; subtopic names '9', '10', 'b'
    and ids such as 'd9' / 'd10' sort differently as bytes and as numbers; scores lie on a
    grid of halves, so ties are common."""
    rng = np.random.default_rng(seed)
    qrels_rows, run_rows = [], []
    for qid in ["1", "10", "2", "9", "q\u00e9", "none", "Q", "30", "301"]:
        names = ["1"] if qid == "1" else ["1", "9", "10", "b"][: int(rng.integers(2, 5))]
        docs = [f"d{j}" for j in rng.choice(60, size=int(rng.integers(8, 30)), replace=False)]
        judged = docs[: int(len(docs) * 0.7)] + [f"u{j}" for j in range(int(rng.integers(5)))]
        if qid != "Q":
            for d in judged:
                for s in names:
                    if rng.random() < 0.45:
                        grade = 0 if qid == "none" else int(rng.choice([-1, 0, 0, 1, 1, 2]))
                        qrels_rows.append((qid, s, d, grade))
        if qid == "30":
            continue
        shown = docs[int(rng.integers(0, 4)) :]
        scores = rng.integers(0, 8, size=len(shown)) / 2.0
        run_rows += sorted(zip([qid] * len(shown), shown, scores, strict=True), key=lambda x: -x[2])
    if shuffle:
        run_rows = [run_rows[i] for i in rng.permutation(len(run_rows))]
    qrels = pd.DataFrame(qrels_rows, columns=["qid", "subtopic", "docno", "rel"])
    run = pd.DataFrame(run_rows, columns=["qid", "docno", "score"])
    return qrels.astype({"rel": float}), run


CONVENTIONS = {
    "trec_eval": C.TREC_EVAL_NDCG_CUT,
    "input ties": C.TREC_EVAL_NDCG_CUT.with_(ties="input"),
    "reverse ties": C.TREC_EVAL_NDCG_CUT.with_(ties="reverse_input"),
    "keep negatives": C.TREC_EVAL_NDCG_CUT.with_(negative="keep"),
    "textbook": C.TEXTBOOK.with_(negative="clip"),
}


@pytest.mark.parametrize("shuffle", [False, True], ids=["run-order", "shuffled"])
@pytest.mark.parametrize("name", list(CONVENTIONS))
def test_batch_equals_the_single_list_core(name: str, shuffle: bool) -> None:
    convention = CONVENTIONS[name]
    for seed in (1, 2, 3):
        qrels, run = random_diversity(seed, shuffle)
        got = evaluate(qrels, run, DIVERSITY, convention).per_query
        assert list(got.index) == sorted(set(qrels["qid"]))
        for qid in got.index:
            ranking = query_ranking(qrels, run, qid)
            assert ranking.intents is not None
            for measure in DIVERSITY:
                expected = parse(measure)(ranking, convention).value
                assert got.loc[qid, measure] == pytest.approx(expected, abs=1e-12, rel=0), (
                    seed,
                    qid,
                    measure,
                )


def test_the_awkward_cases_are_in_the_collections() -> None:
    """The equivalence test above exercises what it says it does."""
    qrels, run = random_diversity(1)
    per_query = qrels.groupby("qid")["subtopic"].nunique()
    assert per_query["1"] == 1  # a one-subtopic query
    assert (qrels[qrels["qid"] == "none"]["rel"] <= 0).all()  # nothing relevant
    assert "30" not in set(run["qid"]) and "Q" not in set(qrels["qid"])
    assert run.duplicated(["qid", "score"]).any()  # ties
    judged = set(zip(qrels["qid"], qrels["docno"], strict=True))
    assert any((q, d) not in judged for q, d in zip(run["qid"], run["docno"], strict=True))
    best = qrels.groupby(["qid", "docno"])["rel"].max()
    assert (best.drop("none", level="qid") <= 0).any()  # judged, relevant to no subtopic
    result = evaluate(qrels, run, ["alpha_nDCG@10", "nNRBP", "StRecall@5"]).per_query
    assert (result.loc[["none", "30"]] == 0).all().all()
    assert (result.drop(["none", "30"]) > 0).any().all()


# --------------------------------------------------------------------------------- by hand


def hand():
    """Query q, two subtopics 1 and 2, α = 0.5, w = 1/2 each. Judged: d1 {1}, d2 {1, 2},
    d3 {2}, d4 relevant to none (judgment 0). The run ranks d1, d4, d2 (d3 is not retrieved),
    and an unjudged x last. Query z judges one document relevant to nothing; query m is in the
    qrels only.

    Novelty gains of the list: rank 1 d1: subtopic 1 new, g = 1/2. Rank 2 d4: g = 0.
    Rank 3 d2: subtopic 1 seen once (1/2 * 1/2), subtopic 2 new (1/2): g = 3/4. Rank 4: 0.
    Greedy ideal: rank 1 d2 (two new subtopics: raw score 2), g* = 1; then d1 and d3 each
    score 1/2, the tie goes to the larger doc id d3, g* = 1/4; then d1, g* = 1/4."""
    qrels = pd.DataFrame(
        [
            ("q", "1", "d1", 1),
            ("q", "2", "d1", 0),
            ("q", "1", "d2", 1),
            ("q", "2", "d2", 2),
            ("q", "2", "d3", 1),
            ("q", "1", "d4", 0),
            ("z", "1", "a", 0),
            ("m", "1", "b", 1),
        ],
        columns=["qid", "subtopic", "docno", "rel"],
    ).astype({"rel": float})
    run = pd.DataFrame(
        [("q", "d1", 4.0), ("q", "d4", 3.0), ("q", "d2", 2.0), ("q", "x", 1.0), ("z", "a", 1.0)],
        columns=["qid", "docno", "score"],
    )
    return qrels, run


LOG3 = math.log2(3)
BY_HAND = {
    # sum g_i / log2(i+1) = 1/2 + 0 + (3/4)/2 = 7/8, over sum 0.5^(i-1)/log2(i+1), i <= 3
    "alpha_DCG@3": (7 / 8) / (1 + 0.5 / LOG3 + 0.25 / 2),
    # the ideal's 1 + (1/4)/log2(3) + (1/4)/2
    "alpha_nDCG@3": (7 / 8) / (1 + 0.25 / LOG3 + 0.25 / 2),
    "alpha_nDCG@1": (1 / 2) / 1,
    # sum g_i / i = 1/2 + (3/4)/3 = 3/4, over 1 + 1/2 * 1/2 + 1/4 * 1/3
    "ERR_IA@3": (3 / 4) / (1 + 1 / 4 + 1 / 12),
    "nERR_IA@3": (3 / 4) / (1 + (1 / 4) / 2 + (1 / 4) / 3),
    # (1 - (1 - α)β) sum g_i β^(i-1) = 3/4 * (1/2 + 3/4 * 1/4)
    "NRBP": 0.75 * (0.5 + 0.75 * 0.25),
    # over the ideal's 3/4 * (1 + 1/4 * 1/2 + 1/4 * 1/4)
    "nNRBP": (0.5 + 0.75 * 0.25) / (1 + 0.125 + 0.0625),
    # (1/3) (1/2 + 0 + 1)
    "P_IA@3": 0.5,
    "P_IA@10": 1.5 / 10,
    # subtopic 1: R = 2, hits at ranks 1 and 3: (1/1 + 2/3)/2; subtopic 2: R = 2 (d2, d3),
    # hit at rank 3: (1/3)/2; weighted 1/2 each
    "AP_IA": 0.5 * (1 + 2 / 3) / 2 + 0.5 * (1 / 3) / 2,
    "StRecall@1": 1 / 2,
    "StRecall@2": 1 / 2,
    "StRecall@3": 1.0,
}


def test_hand_worked_values() -> None:
    qrels, run = hand()
    result = evaluate(qrels, run, list(BY_HAND))
    for measure, value in BY_HAND.items():
        assert result.per_query.loc["q", measure] == pytest.approx(value, rel=1e-12), measure
    # z: nothing relevant; m: not in the run. Both 0 on every measure, never NaN.
    assert (result.per_query.loc[["m", "z"]] == 0).all().all()
    assert result.warnings and "m" in result.warnings[0]


def test_alpha_is_a_parameter_and_zero_alpha_counts_repeats_fully() -> None:
    """α = 0: no redundancy penalty, g_i = (subtopics of d_i)/2: 1/2, 0, 1 for the hand list;
    α-DCG's normaliser is then sum 1/log2(i+1)."""
    qrels, run = hand()
    value = evaluate(qrels, run, ["alpha_DCG(alpha=0)@3"]).per_query.loc["q"].iloc[0]
    assert value == pytest.approx((0.5 + 1 / 2) / (1 + 1 / LOG3 + 1 / 2), rel=1e-12)


# ------------------------------------------------------------- the two kinds of qrels together


def test_other_measures_read_a_documents_largest_judgment() -> None:
    """On a diversity qrels nDCG, P, AP, ... see one grade per document, its largest
    judgment over the subtopics ('relevant to any subtopic'): the same numbers as on the
    ordinary qrels built here by hand with groupby-max."""
    qrels, run = random_diversity(4)
    ordinary = qrels.groupby(["qid", "docno"], as_index=False)["rel"].max()
    names = ["nDCG@10", "P@5", "AP", "RR", "ERR@10", "RBP(p=0.8)", "Bpref", "NumRel"]
    a = evaluate(qrels, run, names).per_query
    b = evaluate(ordinary, run, names).per_query
    pd.testing.assert_frame_equal(a, b, rtol=0, atol=1e-15)


def test_a_diversity_measure_on_an_ordinary_qrels_says_what_it_needs() -> None:
    qrels, run = random_diversity(1)
    ordinary = qrels.groupby(["qid", "docno"], as_index=False)["rel"].max()
    with pytest.raises(BatchError) as error:
        evaluate(ordinary, run, ["nDCG@10", "alpha_nDCG@20"])
    message = str(error.value)
    assert message.startswith("alpha_nDCG@20: ")
    assert "diversity qrels" in message and "topic subtopic docno judgment" in message


def test_a_repeated_judgment_names_its_row() -> None:
    qrels, run = hand()
    again = pd.concat([qrels, qrels.iloc[[3]]], ignore_index=True)
    with pytest.raises(BatchError) as error:
        evaluate(again, run, ["AP_IA"])
    assert error.value.qrels_row == len(qrels)
    assert "d2 twice for subtopic 2" in str(error.value)


def test_rows_in_errors_are_rows_of_the_diversity_qrels() -> None:
    """A refused negative grade is named by its row in the file as given, not in the
    one-row-per-document table the batch builds from it."""
    qrels, run = hand()
    qrels.loc[7, "rel"] = -1.0  # m's only judgment; rows 0..6 are other documents
    with pytest.raises(BatchError) as error:
        evaluate(qrels, run, ["P@5"], C.TREC_EVAL_NDCG_CUT.with_(negative="reject"))
    assert error.value.qrels_row == 7


def test_query_ranking_carries_the_subtopics() -> None:
    qrels, run = hand()
    ranking = query_ranking(qrels, run, "q")
    assert ranking.doc_ids == ("d1", "d4", "d2", "x")
    assert ranking.intents.retrieved == (
        frozenset({"1"}),
        frozenset(),
        frozenset({"1", "2"}),
        frozenset(),
    )
    assert dict(ranking.intents.unretrieved) == {"d3": frozenset({"2"})}
    assert list(ranking.grades[:3]) == [1.0, 0.0, 2.0]  # d2's largest judgment is 2
    ordinary = qrels.drop(columns="subtopic").drop_duplicates(["qid", "docno"])
    assert query_ranking(ordinary, run, "q").intents is None


@pytest.mark.parametrize("shuffle", [False, True])
def test_arrow_kernels_and_plain_pandas_agree(monkeypatch, shuffle: bool) -> None:
    """The same numbers from Arrow strings, pandas' object path and object columns (ids and
    subtopics typed as Python objects, as a DataFrame built by hand may hold them)."""
    from rankwork.collection import batch_ranks

    qrels, run = random_diversity(6, shuffle=shuffle)
    arrow = evaluate(qrels, run, DIVERSITY).per_query
    monkeypatch.setattr(batch_ranks, "ARROW_KERNELS", False)
    plain = evaluate(qrels, run, DIVERSITY).per_query
    objects = evaluate(
        qrels.astype(object), run.astype({"qid": object, "docno": object}), DIVERSITY
    )
    pd.testing.assert_frame_equal(arrow, plain, rtol=0, atol=0)
    pd.testing.assert_frame_equal(arrow, objects.per_query, rtol=0, atol=0)
