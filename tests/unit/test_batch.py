"""`rankwork.collection.batch`: many queries at once.

Two kinds of evidence:
- equivalence: on random collections (ties, unjudged and negative grades, judged documents
  never retrieved, queries missing from the run or from the qrels, lines in file order or
  shuffled), every measure of measures.EXAMPLES under every preset (and variants of them)
  equals, to 1e-12, the single-list core called on `query_ranking(qrels, run, qid)`. This is
  what makes the command line and the web page agree.
- hand-worked cases: small collections whose numbers are written out as arithmetic here.
"""

from __future__ import annotations

import math

import numpy as np
import pandas as pd
import pytest

from rankwork.collection.batch import BatchError, compare, evaluate, query_ranking
from rankwork.core import conventions as C
from rankwork.core.measures import EXAMPLES, parse

# The examples an ordinary qrels can take: the diversity measures need subtopic judgments (on an
# ordinary qrels they are an error, which test_batch_equals_single_list_core checks; their
# numbers are tests/unit/test_diversity_batch.py's).
GRADED = tuple(name for name in EXAMPLES if not parse(name).spec.subtopics)


def frames(qrels_rows, run_rows):
    qrels = pd.DataFrame(qrels_rows, columns=["qid", "docno", "rel"]).astype({"rel": float})
    run = pd.DataFrame(run_rows, columns=["qid", "docno", "score"]).astype({"score": float})
    run["rank"] = np.arange(1, len(run) + 1)
    run["tag"] = "t"
    return qrels, run


# ------------------------------------------------------------------------- random collections


def random_collection(seed: int, grades=(-1, 0, 1, 2), shuffle: bool = False):
    """A qrels and a run with the awkward cases in them, deterministic for a seed: ids whose
    byte order differs from numeric order, a non-ASCII id, ties (scores on a grid of quarters,
    exact in float32) and scores that differ only past float32's precision, unjudged and
    negative grades, judged documents never retrieved, a query in the run only ('Q'), one in
    the qrels only ('30'), a short list ('1'). Run lines grouped by query and sorted by score
    (ties in random order), or shuffled."""
    rng = np.random.default_rng(seed)
    qrels_rows, run_rows = [], []
    for qid in ["1", "10", "2", "9", "q\u00e9", "Q", "301", "30"]:
        n_docs = 3 if qid == "1" else int(rng.integers(0, 30))
        docs = [f"d{j}" for j in rng.choice(60, size=n_docs, replace=False)]
        scores = rng.integers(0, 6, size=n_docs) / 4.0
        scores[rng.random(n_docs) < 0.15] += 1e-9
        if qid != "Q":
            qrels_rows += [(qid, d, rng.choice(grades)) for d in docs if rng.random() < 0.6]
            qrels_rows += [(qid, f"u{j}", rng.choice(grades)) for j in range(rng.integers(5))]
        if qid == "30":
            qrels_rows.append((qid, "zz", max(grades)))
            continue
        lines = sorted(zip([qid] * n_docs, docs, scores, strict=True), key=lambda x: -x[2])
        run_rows += lines
    if shuffle:
        run_rows = [run_rows[i] for i in rng.permutation(len(run_rows))]
    return frames(qrels_rows, run_rows)


VARIANTS = {
    **C.PRESETS,
    "trec reverse_input ties": C.TREC_EVAL_NDCG_CUT.with_(ties="reverse_input"),
    "trec keep negatives": C.TREC_EVAL_NDCG_CUT.with_(negative="keep"),
    "trec float32": C.TREC_EVAL_NDCG_CUT.with_(float32_scores=True),
    "textbook flat": C.TEXTBOOK.with_(discount="flat"),
    "textbook geometric": C.TEXTBOOK.with_(discount="geometric", discount_p=0.7),
    "textbook reciprocal": C.TEXTBOOK.with_(discount="reciprocal"),
    "textbook scaled": C.TEXTBOOK.with_(ideal="none"),
    "textbook uncut ideal": C.TEXTBOOK.with_(ideal_cut=False, rbp_gain="raw"),
    "textbook threshold 2": C.TEXTBOOK.with_(rel_threshold=2.0, rbp_gain="binary"),
    "sklearn scaled": C.SKLEARN.with_(ideal="none", discount="flat"),
}


def _core(measure, convention, ranking):
    try:
        return parse(measure)(ranking, convention).value
    except ValueError:
        return None  # the core refuses this query (e.g. a grade its gain map lacks)


@pytest.mark.parametrize("shuffle", [False, True], ids=["run-order", "shuffled"])
@pytest.mark.parametrize("name", list(VARIANTS))
def test_batch_equals_single_list_core(name: str, shuffle: bool) -> None:
    convention = VARIANTS[name]
    grades = (-1, 0, 1, 2) if convention.negative != "reject" else (0, 1, 2)
    for seed in (1, 2):
        qrels, run = random_collection(seed, grades, shuffle)
        rankings = {qid: query_ranking(qrels, run, qid) for qid in sorted(set(qrels["qid"]))}
        for measure in EXAMPLES:
            expected = {qid: _core(measure, convention, r) for qid, r in rankings.items()}
            if any(v is None for v in expected.values()):
                with pytest.raises(BatchError):
                    evaluate(qrels, run, [measure], convention)
                continue
            got = evaluate(qrels, run, [measure], convention).per_query[measure]
            assert list(got.index) == list(expected)
            for qid, value in expected.items():
                assert got[qid] == pytest.approx(value, abs=1e-12, rel=0), (measure, qid)


def test_shuffled_run_gives_the_same_numbers() -> None:
    """The presorted fast path and the general sort agree (ties included)."""
    a = evaluate(*random_collection(5), GRADED)
    b = evaluate(*random_collection(5, shuffle=True), GRADED)
    pd.testing.assert_frame_equal(a.per_query, b.per_query, rtol=0, atol=1e-15)


# ------------------------------------------------------------------------------- hand-worked


def small():
    """q1: d1 (score 2, grade 0), then d9 and d10 tied at 1 (file order d10, d9; grade of
    d10: 1, d9 unjudged), d5 (grade 2) judged but not retrieved. trec_eval's order breaks the
    tie by docno descending in byte order: 'd9' > 'd10', so the ranking is d1, d9, d10.
    q2: one relevant document at rank 1. q3 is in the qrels only, q4 in the run only."""
    return frames(
        [
            ("q1", "d1", 0),
            ("q1", "d10", 1),
            ("q1", "d5", 2),
            ("q2", "a", 1),
            ("q3", "x", 1),
        ],
        [
            ("q1", "d1", 2.0),
            ("q1", "d10", 1.0),
            ("q1", "d9", 1.0),
            ("q2", "a", 5.0),
            ("q4", "z", 1.0),
        ],
    )


def test_ties_by_docno_descending_in_byte_order() -> None:
    qrels, run = small()
    result = evaluate(qrels, run, ["RR", "P@2", "AP", "nDCG@3", "Judged@3"])
    q1 = result.per_query.loc["q1"]
    assert q1["RR"] == 1 / 3  # d10 at rank 3
    assert q1["P@2"] == 0.0
    assert q1["AP"] == pytest.approx((1 / 3) / 2)  # R = 2: d10 and d5
    # DCG@3 = 1/log2(4); ideal from the judged pool (2, 1, 0) cut at 3: 2 + 1/log2(3)
    assert q1["nDCG@3"] == pytest.approx(0.5 / (2 + 1 / math.log2(3)), abs=1e-15)
    assert q1["Judged@3"] == pytest.approx(2 / 3)


def test_input_order_ties() -> None:
    """ranx's convention keeps the file order inside a tie: d1, d10, d9."""
    qrels, run = small()
    result = evaluate(qrels, run, ["RR"], C.RANX)
    assert result.per_query.loc["q1", "RR"] == 1 / 2


def test_float32_scores_make_ties() -> None:
    """1 + 1e-9 and 1 differ as doubles but not as float32; then 'b' > 'a' goes first."""
    qrels, run = frames([("q", "b", 1)], [("q", "a", 1.0 + 1e-9), ("q", "b", 1.0)])
    assert evaluate(qrels, run, ["RR"]).per_query.loc["q", "RR"] == 1 / 2
    assert evaluate(qrels, run, ["RR"], C.IR_MEASURES).per_query.loc["q", "RR"] == 1.0


def test_missing_queries_zero_skip_error() -> None:
    qrels, run = small()
    zero = evaluate(qrels, run, ["AP", "NumRel", "RBP_resid(p=0.8)"])
    assert list(zero.per_query.index) == ["q1", "q2", "q3"]
    # q3 is an empty ranking: AP 0, its one relevant document still counted, nothing read.
    assert zero.per_query.loc["q3"].tolist() == [0.0, 1.0, 1.0]
    assert zero.missing == ["q3"]
    assert any("q3" in w and "score 0" in w for w in zero.warnings)
    assert zero.means["AP"] == pytest.approx((1 / 6 + 1 + 0) / 3)

    skip = evaluate(qrels, run, ["AP"], missing="skip")
    assert list(skip.per_query.index) == ["q1", "q2"]
    assert skip.means["AP"] == pytest.approx((1 / 6 + 1) / 2)
    assert any("q3" in w and "left out" in w for w in skip.warnings)

    with pytest.raises(BatchError, match="q3"):
        evaluate(qrels, run, ["AP"], missing="error")


def test_run_queries_not_in_the_qrels_are_ignored_and_named() -> None:
    qrels, run = small()
    result = evaluate(qrels, run, ["AP"])
    assert "q4" not in result.per_query.index
    assert result.ignored == ["q4"]
    assert any("q4" in w and "ignored" in w for w in result.warnings)


def test_query_order_is_byte_order() -> None:
    qrels, run = frames(
        [(q, "d", 1) for q in ["9", "10", "b", "B", "\u00e9", "1"]],
        [(q, "d", 1.0) for q in ["9", "10", "b", "B", "\u00e9", "1"]],
    )
    result = evaluate(qrels, run, ["P@1"])
    assert list(result.per_query.index) == ["1", "10", "9", "B", "b", "\u00e9"]


def test_negative_grades_are_unjudged_under_trec_eval() -> None:
    qrels, run = frames([("q", "a", -1), ("q", "b", 1)], [("q", "a", 2.0), ("q", "b", 1.0)])
    result = evaluate(qrels, run, ["Judged@2", "NumRel", "RR"])
    assert result.per_query.loc["q"].tolist() == [0.5, 1.0, 0.5]
    with pytest.raises(BatchError, match="negative grade -1"):
        evaluate(qrels, run, ["RR"], C.TEXTBOOK)


def test_err_top_grade_warning_and_error() -> None:
    qrels, run = frames([("q", "a", 3)], [("q", "a", 1.0)])
    result = evaluate(qrels, run, ["ERR@10", "ERR(max_rel=3)@10"])
    # R_1 = (2^3 - 1)/2^4 with gdeval's top grade 4; (2^3 - 1)/2^3 with max_rel=3
    assert result.per_query.loc["q"].tolist() == [7 / 16, 7 / 8]
    assert len(result.warnings) == 1
    assert "ERR@10" in result.warnings[0] and "largest grade is 3" in result.warnings[0]

    qrels, run = frames([("q", "b", 1), ("q", "a", 5)], [("q", "a", 1.0)])
    with pytest.raises(BatchError, match="below the grade 5") as caught:
        evaluate(qrels, run, ["ERR@10"])
    assert caught.value.qrels_row == 1


def test_custom_gain_map_missing_a_grade_names_the_row() -> None:
    qrels, run = frames([("q", "a", 1), ("q", "b", 4)], [("q", "a", 1.0)])
    with pytest.raises(BatchError, match="no gain for grade 4") as caught:
        evaluate(qrels, run, ["nDCG(gains={0:0,1:1,2:3})@10"])
    assert caught.value.qrels_row == 1


def test_graded_rbp_defaults_to_the_qrels_top_grade() -> None:
    """q2's list holds only grade 1, but the qrels' top grade is 2 (in q1): gain 1/2."""
    qrels, run = frames([("q1", "a", 2), ("q2", "b", 1)], [("q1", "a", 1.0), ("q2", "b", 1.0)])
    result = evaluate(qrels, run, ["RBP(p=0.5)"])
    assert result.per_query["RBP(p=0.5)"].tolist() == [0.5 * 1.0, 0.5 * 0.5]


def test_graded_rbp_with_a_top_grade_below_1_reads_the_grades_not_1() -> None:
    """max_rel may be below 1 when the grades are: grades 0.25 and 0 under max_rel = 0.5 gain
    0.5 and 0, so RBP(p=0.5) = (1 - 0.5) * 0.5 = 0.25 (no grade exceeds the top grade)."""
    qrels, run = frames([("q", "a", 0.25), ("q", "b", 0)], [("q", "a", 2.0), ("q", "b", 1.0)])
    name = "RBP(p=0.5,max_rel=0.5)"
    assert evaluate(qrels, run, [name]).per_query.loc["q", name] == pytest.approx(0.25)
    single = parse(name)(query_ranking(qrels, run, "q"), C.TREC_EVAL_NDCG_CUT)
    assert single.value == pytest.approx(0.25)


def test_counts_with_a_cutoff_below_the_list_length() -> None:
    """qrels a:1, b:0, c:1; run a, b, c, d (d unjudged). Within k = 2: a, b retrieved, a
    relevant; within 3: c too. The whole list: 4 retrieved, 2 relevant retrieved."""
    qrels, run = frames(
        [("q", "a", 1), ("q", "b", 0), ("q", "c", 1)],
        [("q", "a", 4.0), ("q", "b", 3.0), ("q", "c", 2.0), ("q", "d", 1.0)],
    )
    names = ["NumRet@2", "NumRelRet@2", "NumRelRet@3", "NumRet", "NumRelRet", "NumRel"]
    got = evaluate(qrels, run, names).per_query.loc["q"]
    assert got.tolist() == [2.0, 1.0, 2.0, 4.0, 2.0, 2.0]


def test_a_run_without_a_judged_document_and_an_empty_scaled_ideal() -> None:
    """A run whose retrieved documents are all unjudged (q1: x, y; qrels a:1) has DCG 0 and
    IDCG@10 = 1 (a, linear gain, rank 1). Under ideal 'none' without a cutoff the ideal is as
    long as the list: q2, absent from the run, reads no rank, so IDCG = 0 and nDCG is the
    empty value (1 here), while q1's ideal is 2 documents of gain 2^1 - 1 = 1:
    IDCG = 1 + 1/log2(3)."""
    qrels, run = frames([("q1", "a", 1), ("q2", "b", 1)], [("q1", "x", 2.0), ("q1", "y", 1.0)])
    trec = evaluate(qrels, run, ["DCG@10", "IDCG@10", "nDCG@10", "ERR@10"]).per_query
    assert trec.loc["q1"].tolist() == [0.0, 1.0, 0.0, 0.0]
    scaled = C.TEXTBOOK.with_(ideal="none", empty_value=1.0)
    got = evaluate(qrels, run, ["IDCG", "nDCG"], scaled).per_query
    assert got.loc["q2"].tolist() == [0.0, 1.0]
    assert got.loc["q1"].tolist() == pytest.approx([1 + 1 / math.log2(3), 0.0], abs=1e-12)


def test_names_as_typed_duplicates_once_and_means() -> None:
    qrels, run = small()
    result = evaluate(qrels, run, ["P@2", "P( rel = 1 )@2", "P@2", parse("RR")])
    assert list(result.per_query.columns) == ["P@2", "P( rel = 1 )@2", "RR"]
    pd.testing.assert_series_equal(result.means, result.per_query.mean())


def test_query_ranking_is_the_core_input() -> None:
    qrels, run = small()
    ranking = query_ranking(qrels, run, "q1")
    assert ranking.doc_ids == ("d1", "d10", "d9")
    assert ranking.scores.tolist() == [2.0, 1.0, 1.0]
    assert ranking.grades[:2].tolist() == [0.0, 1.0] and math.isnan(ranking.grades[2])
    assert ranking.unretrieved.tolist() == [2.0]
    assert ranking.scale_max == 2.0
    missing = query_ranking(qrels, run, "q3")
    assert len(missing) == 0 and missing.unretrieved.tolist() == [1.0]


def test_compare_pairs_runs_on_their_common_queries() -> None:
    qrels, run = small()
    other = run[run["qid"] != "q2"]  # q2 missing from the second run
    a = evaluate(qrels, run, ["RR"], missing="skip")  # q1, q2
    b = evaluate(qrels, other, ["RR"], missing="skip")  # q1 only
    with pytest.raises(BatchError, match="at least 2 queries"):
        compare({"a": a, "b": b})
    c = evaluate(qrels, run, ["RR"])  # q1, q2, q3 (q3: 0)
    d = evaluate(qrels, other, ["RR"])  # q1, q2 (0), q3 (0)
    runs, pairs, notes = compare({"c": c, "d": d}, resamples=2000)
    assert runs["mean"].tolist() == pytest.approx([(1 / 3 + 1) / 3, (1 / 3) / 3])
    assert pairs.loc[0, "mean_diff"] == pytest.approx(1 / 3)  # differences 0, 1, 0
    assert pairs.loc[0, "queries"] == 3
    assert notes == []


@pytest.mark.parametrize("shuffle", [False, True])
def test_arrow_kernels_and_plain_pandas_agree(monkeypatch, shuffle: bool) -> None:
    """Docno matching and tie-breaking run in Arrow when pandas stores the strings there,
    else through pandas' object path; both give the same numbers."""
    from rankwork.collection import batch_ranks

    qrels, run = random_collection(7, shuffle=shuffle)
    arrow = evaluate(qrels, run, GRADED).per_query
    monkeypatch.setattr(batch_ranks, "ARROW_KERNELS", False)
    plain = evaluate(qrels, run, GRADED).per_query
    as_objects = evaluate(
        qrels.astype(object), run.astype({"qid": object, "docno": object}), GRADED
    )
    pd.testing.assert_frame_equal(arrow, plain, rtol=0, atol=0)
    pd.testing.assert_frame_equal(arrow, as_objects.per_query, rtol=0, atol=0)
