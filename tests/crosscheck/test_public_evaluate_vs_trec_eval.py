"""rankwork.evaluate against trec_eval's C code (pytrec_eval, trec_eval 9.0.8): every
trec_eval measure rankwork has (test_batch_vs_tools.PYTREC, plus infAP), per query and mean,
at relevance levels 1 and 2, on seeded random collections (test_batch_vs_tools.collection:
ties, negative grades, judged documents never retrieved, queries on one side only) and on the
sample collection (data/sample), each given in several of the forms evaluate takes.

pytrec_eval compares scores as 32-bit floats (trec_eval 9), so the random collections are
evaluated under the ir_measures preset (trec_eval 9's float32 scores); the sample's scores
differ in float32 too, so there the default convention (trec_eval 10's doubles) is checked.
pytrec_eval evaluates the queries of both the qrels and the run (missing="skip"); with the
default missing="zero" the mean is over all the qrels' queries, the missed ones scoring 0.
"""

from __future__ import annotations

import gzip
import inspect
import warnings
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

import rankwork
from tests.crosscheck.test_batch_vs_tools import PYTREC, PYTREC_REQUEST, as_dicts, collection

pytrec_eval = pytest.importorskip("pytrec_eval")

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = ROOT / "data" / "sample"
TREC_NAMES = {**PYTREC, "infAP": "infAP{r}"}
REQUEST = {*PYTREC_REQUEST, "infAP"}


def names_at(level: int) -> dict[str, str]:
    """trec_eval name -> rankwork's at a relevance level (trec_eval -l2 = rel=2)."""
    rel = f"(rel={level})" if level != 1 else ""
    return {trec: ours.format(r=rel) for trec, ours in TREC_NAMES.items()}


def trec_eval(qrels: dict, run: dict, level: int) -> dict[str, dict[str, float]]:
    return pytrec_eval.RelevanceEvaluator(qrels, REQUEST, relevance_level=level).evaluate(run)


def quiet_evaluate(*args, **kwargs):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # the missed and ignored queries: said, not checked here
        return rankwork.evaluate(*args, **kwargs)


def assert_equal_per_query_and_mean(theirs, qrels, run, level, convention, qrels_queries):
    names = names_at(level)
    table = quiet_evaluate(
        qrels, run, list(names.values()), per_query=True, convention=convention, missing="skip"
    ).set_index("query_id")
    assert sorted(table.index) == sorted(theirs)
    for qid, values in theirs.items():
        for trec, ours in names.items():
            assert table.loc[qid, ours] == pytest.approx(values[trec], abs=1e-12, rel=0), (
                qid,
                trec,
            )
    skipped = quiet_evaluate(
        qrels, run, list(names.values()), convention=convention, missing="skip"
    )
    zero = quiet_evaluate(qrels, run, list(names.values()), convention=convention)
    for trec, ours in names.items():
        total = sum(values[trec] for values in theirs.values())
        assert skipped[ours] == pytest.approx(total / len(theirs), abs=1e-12, rel=0), trec
        if trec != "num_rel":  # a missed query still has its relevant documents
            assert zero[ours] == pytest.approx(total / qrels_queries, abs=1e-12, rel=0), trec


@pytest.mark.parametrize("level", [1, 2])
@pytest.mark.parametrize("seed", [41, 42, 43])
def test_random_collections_every_form(tmp_path, seed, level):
    qrels_df, run_df = collection(seed, grades=(-1, 0, 1, 2, 3))
    q, r = as_dicts(qrels_df, run_df)
    theirs = trec_eval(q, r, level)
    n_queries = qrels_df["qid"].nunique()
    qrels_file, run_file = tmp_path / "qrels.txt", tmp_path / "run.txt.gz"
    qrels_file.write_text(
        "".join(f"{a} 0 {b} {int(c)}\n" for a, b, c in qrels_df.itertuples(False))
    )
    run_text = "".join(f"{a} Q0 {b} 0 {c!r} t\n" for a, b, c in run_df.itertuples(index=False))
    run_file.write_bytes(gzip.compress(run_text.encode()))
    ir_qrels = qrels_df.rename(columns={"qid": "query_id", "docno": "doc_id", "rel": "relevance"})
    ranx_run = run_df.rename(columns={"qid": "q_id", "docno": "doc_id"})
    for qrels, run in [(q, r), (qrels_file, run_file), (ir_qrels, ranx_run)]:
        assert_equal_per_query_and_mean(theirs, qrels, run, level, "ir_measures", n_queries)


def sample_runs() -> list[Path]:
    runs = sorted(SAMPLE.glob("run_*.txt"))
    assert runs, "data/sample has no runs"
    return runs


@pytest.mark.parametrize("level", [1, 2])
@pytest.mark.parametrize("run_path", sample_runs(), ids=lambda p: p.name)
def test_sample_collection_with_the_default_convention(run_path, level):
    with open(SAMPLE / "qrels.txt") as f:
        q = pytrec_eval.parse_qrel(f)
    with open(run_path) as f:
        r = pytrec_eval.parse_run(f)
    theirs = trec_eval(q, r, level)
    default = inspect.signature(rankwork.evaluate).parameters["convention"].default
    assert default is rankwork.PRESETS["trec_eval ndcg_cut"]  # the command line's default
    columns = {0: "query_id", 2: "doc_id", 4: "score"}
    run_frame = pd.read_csv(run_path, sep=" ", header=None, dtype=str).rename(columns=columns)
    run_frame["score"] = run_frame["score"].astype(float)
    for qrels, run in [(SAMPLE / "qrels.txt", run_path), (q, run_frame)]:
        assert_equal_per_query_and_mean(theirs, qrels, run, level, default, len(q))


def test_the_dataframe_forms_are_the_ones_ir_measures_and_ranx_read(ranx):
    """The DataFrames of ir_measures (query_id, doc_id, relevance / score) and of ranx (q_id,
    doc_id, score for qrels and runs alike: Qrels.from_df's defaults) are read by each tool
    with its defaults, and give its numbers under its preset. Queries of both only, and
    distinct scores (multiples of 1/8, exact in float32), so that neither the missing-query
    policy nor a tie order is being compared."""
    ir_measures = pytest.importorskip("ir_measures")
    qrels_df, run_df = collection(51, grades=(0, 1, 2, 3))
    both = set(qrels_df["qid"]) & set(run_df["qid"])
    qrels_df = qrels_df[qrels_df["qid"].isin(both)].astype({"rel": int})
    run_df = run_df[run_df["qid"].isin(both)]
    run_df = run_df.assign(score=np.arange(len(run_df), 0, -1) / 8.0)

    ir_qrels = qrels_df.rename(columns={"qid": "query_id", "docno": "doc_id", "rel": "relevance"})
    ir_run = run_df.rename(columns={"qid": "query_id", "docno": "doc_id"})
    measures = [ir_measures.nDCG @ 10, ir_measures.AP, ir_measures.P @ 5, ir_measures.RR]
    theirs = ir_measures.calc_aggregate(measures, ir_qrels, ir_run)
    ours = rankwork.evaluate(ir_qrels, ir_run, [str(m) for m in measures], convention="ir_measures")
    assert ours == pytest.approx({str(m): v for m, v in theirs.items()}, abs=1e-12, rel=0)

    columns = {"qid": "q_id", "docno": "doc_id"}
    ids = {"q_id": object, "doc_id": object}  # ranx 0.3.21 asserts object ids (not pandas' str)
    ranx_qrels = qrels_df.rename(columns={**columns, "rel": "score"}).astype(ids)
    ranx_run = run_df.rename(columns=columns).astype(ids)
    names = {"ndcg@10": "nDCG@10", "map": "AP", "precision@5": "P@5", "mrr": "RR"}
    theirs = ranx.evaluate(ranx.Qrels.from_df(ranx_qrels), ranx.Run.from_df(ranx_run), list(names))
    ours = rankwork.evaluate(ranx_qrels, ranx_run, list(names.values()), convention="ranx ndcg")
    assert ours == pytest.approx({names[m]: v for m, v in theirs.items()}, abs=1e-12, rel=0)
