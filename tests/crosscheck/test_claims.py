"""Every sentence the app states about a tool's behaviour, checked against that tool (issue 10).

One test per claim, named for it. The claims live in `rankwork.core.conventions` (the presets'
sources and notes), `rankwork.teaching.demos` (the conventions page's known disagreements),
`rankwork.teaching.pitfalls` (the pitfalls' `why` and `where`) and `rankwork.core.measures` (the
registry's citations). Each test runs the tool the claim names: pytrec_eval (trec_eval 9.0.8),
ir_measures (with its gdeval.pl and cwl_eval providers), gdeval.pl itself, cwl_eval, ranx,
scikit-learn, LightGBM and XGBoost. Claims about tools that do not install here (trec_eval 10,
RankLib, TF-Ranking, torchmetrics) or about papers are marked where they are stated with the
source they come from (`# source: ...`).

Every expected number is the tool's own output, or arithmetic written out in the test.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import warnings
from math import log2
from pathlib import Path

import ir_measures
import numpy as np
import pytest
import pytrec_eval
import sklearn.metrics
import xgboost as xgb
from sklearn.metrics import dcg_score, ndcg_score

from rankwork.core import conventions as C
from rankwork.core.measures import parse
from rankwork.core.measures.families.dcg import dcg
from rankwork.core.measures.families.dcg import ndcg as ndcg_measure
from rankwork.core.measures.families.err import err
from rankwork.core.ranking import Ranking
from rankwork.teaching.demos import BY_DISAGREEMENT, work
from rankwork.teaching.pitfalls import BY_KEY
from tests.crosscheck.test_lightgbm import _lightgbm_mean_ndcg

TOL = 1e-9
GDEVAL = Path(ir_measures.__file__).parent / "bin" / "gdeval.pl"
needs_perl = pytest.mark.skipif(shutil.which("perl") is None, reason="gdeval.pl needs perl")


# --- the tools, one query at a time ------------------------------------------------------------


def trec(qrels: dict, run: dict, measures: set[str]) -> dict[str, float]:
    """pytrec_eval (trec_eval 9.0.8) on one query."""
    out = pytrec_eval.RelevanceEvaluator({"1": qrels}, measures).evaluate({"1": run})
    return out["1"]


def irm(measures: list, qrels: dict, run: dict) -> dict[str, float]:
    """ir_measures on one query (qid '1': gdeval needs numeric ids)."""
    values = {str(m): 0.0 for m in measures}  # ir_measures' default for a query it skips
    for metric in ir_measures.iter_calc(measures, {"1": qrels}, {"1": run}):
        values[str(metric.measure)] = float(metric.value)
    return values


@pytest.fixture
def ranx_one(ranx):
    """ranx on one query: ``ranx_one(qrels, run, metric)``."""

    def one(qrels: dict, run: dict, metric: str) -> float:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # numba type-safety warnings inside ranx
            return float(ranx.evaluate(ranx.Qrels({"1": qrels}), ranx.Run({"1": run}), metric))

    return one


def _write(path: Path, lines: list[str]) -> Path:
    path.write_text("".join(line + "\n" for line in lines))
    return path


def _run_lines(queries: dict[str, dict[str, float]]) -> list[str]:
    return [
        f"{qid} Q0 {doc} {rank} {score!r} r"
        for qid, run in queries.items()
        for rank, (doc, score) in enumerate(run.items(), start=1)
    ]


def gdeval(tmp: Path, qrels: dict, runs: dict, k: int) -> dict[str, tuple[float, float]]:
    """gdeval.pl itself: topic -> (nDCG@k, ERR@k), as it prints them (5 decimals)."""
    q = _write(
        tmp / "qrels", [f"{t} 0 {d} {g}" for t, docs in qrels.items() for d, g in docs.items()]
    )
    r = _write(tmp / "run", _run_lines(runs))
    out = subprocess.run(
        ["perl", str(GDEVAL), str(q), str(r), str(k)], capture_output=True, text=True, check=True
    ).stdout.splitlines()
    assert out[0] == f"runid,topic,ndcg@{k},err@{k}"
    return {line.split(",")[1]: tuple(map(float, line.split(",")[2:])) for line in out[1:]}


def cwl(tmp: Path, gains: dict[str, float], run: dict[str, float]) -> dict[str, float]:
    """cwl_eval's command line with its default measures on one query: name -> EU (4 decimals).
    cwl_eval reads the run in file order (its rank and score columns are ignored)."""
    g = _write(tmp / "gains", [f"1 0 {d} {v!r}" for d, v in gains.items()])
    r = _write(tmp / "cwlrun", _run_lines({"1": run}))
    out = subprocess.run(
        [sys.executable, "-m", "cwl.cwl_eval", str(g), str(r)],
        capture_output=True,
        text=True,
        check=True,
        cwd=tmp,  # it writes cwl.log into the working directory
    ).stdout.splitlines()
    return {line.split("\t")[1]: float(line.split("\t")[2]) for line in out}


def xgboost_ndcg(groups: list[tuple[list[float], list[float]]], metric: str) -> float:
    """XGBoost's ranking metric on fixed scores: the scores are the base margin and one round
    with learning rate 0 leaves them as they are."""
    labels = np.concatenate([np.asarray(g[0], dtype=float) for g in groups])
    scores = np.concatenate([np.asarray(g[1], dtype=float) for g in groups])
    data = xgb.DMatrix(np.zeros((len(labels), 1)), label=labels, base_margin=scores)
    data.set_group([len(g[0]) for g in groups])
    record: dict = {}
    xgb.train(
        {"objective": "rank:ndcg", "eval_metric": metric, "eta": 0.0, "max_depth": 1},
        data,
        num_boost_round=1,
        evals=[(data, "d")],
        evals_result=record,
        verbose_eval=False,
    )
    return record["d"][metric][0]


def lightgbm_ndcg(groups: list[tuple[list[float], list[float]]], k: int) -> float:
    return _lightgbm_mean_ndcg([(np.asarray(a), np.asarray(b, dtype=float)) for a, b in groups], k)


# --- fixtures of the research note (shared/research/library-conventions.md) -------------------

# G1: qrels {a:3, b:2, c:1, d:1, e:0}, run c > a > u > e (u unjudged; b, d never retrieved)
G1_QRELS = {"a": 3, "b": 2, "c": 1, "d": 1, "e": 0}
G1_RUN = {"c": 3.0, "a": 2.0, "u": 1.5, "e": 1.0}
G1 = Ranking.build(
    [1, 3, None, 0],
    doc_ids=list("caue"),
    scores=list(G1_RUN.values()),
    unretrieved=[2, 1],
    scale_max=3,
)
G1_LIST = [([1, 3, 0, 0], [3.0, 2.0, 1.5, 1.0])]  # all a learning-to-rank tool sees of G1
# T1 with ids d10 / d9: both score 2.0, d10 relevant
TIES_QRELS, TIES_RUN = {"d10": 1, "d9": 0}, {"d10": 2.0, "d9": 2.0}


def _sides(key: str, family: str) -> dict[str, float]:
    return {side.label: r[family].value for side, r in work(BY_DISAGREEMENT[key]) if family in r}


# --- item 4: trec_eval's ndcg takes no cutoff ------------------------------------------------


def test_trec_eval_ndcg_preset_prints_what_trec_eval_ndcg_prints():
    # More relevant documents than k and a relevant one below k: ndcg (no cutoff) cuts neither
    # DCG nor IDCG, ndcg_cut.k both. The preset named for each reproduces it at every k.
    qrels = {"a": 1, "b": 0, "c": 2, "d": 3, "e": 2, "f": 1}
    run = {"a": 5.0, "b": 4.0, "c": 3.0, "g": 2.0, "d": 1.0}
    ranking = Ranking.build(
        [1, 0, 2, None, 3], doc_ids=list("abcgd"), scores=list(run.values()), unretrieved=[2, 1]
    )
    tool = trec(qrels, run, {"ndcg", "ndcg_cut.1,2,3"})
    for k in (1, 2, 3):
        assert ndcg_measure(ranking, C.TREC_EVAL_NDCG, k).value == pytest.approx(
            tool["ndcg"], abs=TOL
        )
        cut = ndcg_measure(ranking, C.TREC_EVAL_NDCG_CUT, k).value
        assert cut == pytest.approx(tool[f"ndcg_cut_{k}"], abs=TOL)


def test_ideal_uncut_pitfall_is_no_trec_eval_measure():
    # Pitfall ideal_uncut `where`: DCG@k over the whole IDCG is neither ndcg nor ndcg_cut.k.
    assert "cuts neither" in BY_KEY["ideal_uncut"].where
    qrels = {"a": 1, "b": 0, "c": 2, "d": 3}
    run = {"a": 3.0, "b": 2.0, "c": 1.0}
    ranking = Ranking.build([1, 0, 2], doc_ids=list("abc"), scores=[3.0, 2.0, 1.0], unretrieved=[3])
    tool = trec(qrels, run, {"ndcg", "ndcg_cut.2"})
    mixed = ndcg_measure(ranking, C.TREC_EVAL_NDCG_CUT.with_(ideal_cut=False), 2).value
    assert mixed == pytest.approx(1 / (3 + 2 / log2(3) + 1 / log2(4)), abs=TOL)  # DCG@2 = 1
    assert tool["ndcg"] == pytest.approx((1 + 2 / log2(4)) / (3 + 2 / log2(3) + 1 / log2(4)))
    assert tool["ndcg_cut_2"] == pytest.approx(1 / (3 + 2 / log2(3)))
    assert mixed not in (pytest.approx(tool["ndcg"]), pytest.approx(tool["ndcg_cut_2"]))


# --- item 5: negative grades -----------------------------------------------------------------


def test_sklearn_dcg_score_uses_a_negative_label_as_a_linear_gain():
    # Pitfall negative_exponential `where`: a label -1 counts -1, not 2^-1 - 1 = -0.5.
    assert "a -1 counts -1, not -0.5" in BY_KEY["negative_exponential"].where
    tool = dcg_score([[-1, 2, 1]], [[3.0, 2.0, 1.0]])
    assert tool == pytest.approx(-1 + 2 / log2(3) + 1 / 2, abs=TOL)
    assert tool != pytest.approx(-0.5 + 3 / log2(3) + 1 / 2)
    keep = C.SKLEARN.with_(negative="keep")
    assert dcg(Ranking.build([-1, 2, 1], scores=[3, 2, 1]), keep).value == pytest.approx(tool)


def test_sklearn_ndcg_score_refuses_negative_labels():
    # Pitfall negative_exponential `where` and the scikit-learn preset's source.
    assert "ndcg_score refuses" in BY_KEY["negative_exponential"].where
    assert "negative labels rejected" in C.SKLEARN.source
    with pytest.raises(ValueError, match="negative"):
        ndcg_score([[-1, 2, 1]], [[3.0, 2.0, 1.0]])
    with pytest.raises(ValueError):
        ndcg_measure(Ranking.build([-1, 2, 1], scores=[3, 2, 1]), C.SKLEARN)


def test_trec_eval_negative_grade_means_in_the_pool_not_judged():
    # Pitfall negative_exponential `why`: in trec_eval a negative grade is not a judgment: the
    # document gains nothing (as an unjudged one) and bpref does not count it as non-relevant
    # (as it would a judged 0). # source: trec_eval form_res_rels.c (RELVALUE_UNJUDGED = -2,
    # "in text_qrels and was not judged"); research note §1A "Negative qrel labels", D8.
    assert "in the pool but not judged" in BY_KEY["negative_exponential"].why
    run = {"n": 4.0, "a": 3.0, "c": 2.0, "b": 1.0}
    measures = {"ndcg", "bpref", "map", "num_rel"}
    negative = trec({"n": -1, "a": 1, "b": 2, "c": 0}, run, measures)
    absent = trec({"a": 1, "b": 2, "c": 0}, run, measures)  # n not in the qrels at all
    junk = trec({"n": 0, "a": 1, "b": 2, "c": 0}, run, measures)  # n judged non-relevant
    assert negative == absent
    assert negative["bpref"] == 0.5 != junk["bpref"]  # fixture N1: 0.5 (n skipped)
    ranking = Ranking.build([-1, 1, 0, 2], doc_ids=list("nacb"), scores=list(run.values()))
    assert parse("Bpref")(ranking, C.TREC_EVAL_NDCG_CUT).value == negative["bpref"]
    assert parse("nDCG")(ranking, C.TREC_EVAL_NDCG_CUT).value == pytest.approx(negative["ndcg"])


# --- the trec_eval presets -------------------------------------------------------------------


def test_trec_eval_ndcg_cut_preset_source():
    # "linear gain, 1/log2(i+1), ideal from the qrels cut at k, ties by docno descending":
    # G1 (graded, unjudged, never-retrieved relevant) and the d9/d10 tie.
    tool = trec(G1_QRELS, G1_RUN, {"ndcg_cut.5", "ndcg_cut.2"})
    assert ndcg_measure(G1, C.TREC_EVAL_NDCG_CUT, 5).value == pytest.approx(tool["ndcg_cut_5"])
    assert ndcg_measure(G1, C.TREC_EVAL_NDCG_CUT, 2).value == pytest.approx(tool["ndcg_cut_2"])
    assert tool["ndcg_cut_2"] == pytest.approx((1 + 3 / log2(3)) / (3 + 2 / log2(3)))  # linear
    tied = trec(TIES_QRELS, TIES_RUN, {"recip_rank"})["recip_rank"]
    assert tied == 0.5  # 'd9' > 'd10' byte-wise: d9 first


def test_pytrec_eval_reads_scores_as_32_bit_floats():
    # Note of the trec_eval presets: "9.0.8 and pytrec_eval as 32-bit floats" (fixture F1: the
    # two scores are equal as floats, so docno descending puts b first).
    # source (trec_eval 10 reads doubles): research note D2, trec_eval commit dc0c991.
    tool = trec({"a": 1, "b": 0}, {"a": 0.1000000002, "b": 0.1000000001}, {"recip_rank"})
    assert tool["recip_rank"] == 0.5
    ranking = Ranking.build([1, 0], doc_ids=["a", "b"], scores=[0.1000000002, 0.1000000001])
    assert parse("RR")(ranking, C.IR_MEASURES).value == 0.5  # float32_scores
    assert parse("RR")(ranking, C.TREC_EVAL_NDCG_CUT).value == 1.0  # trec_eval 10: doubles


def test_trec_eval_9_has_no_err_and_no_rbp():
    # Note of the trec_eval presets: "trec_eval has no ERR ... 9.0.8 and pytrec_eval have no RBP".
    # source (trec_eval 10's graded rbp, p = 0.9, per-topic rescaling): research note §1D and
    # D11, trec_eval 10 m_rbp.c:te_calc_rbp (trec_eval 10 is not on PyPI).
    assert "9.0.8 and pytrec_eval have no RBP" in C.TREC_EVAL_NDCG_CUT.notes[0]
    names = {m.lower() for m in pytrec_eval.supported_measures}
    assert not {n for n in names if "err" in n or "rbp" in n}
    assert {"ndcg", "ndcg_cut", "map", "bpref"} <= names  # the list is the real one


# --- registry citations (`rankwork.core.measures`): the trec_eval measure each family names ---

REGISTRY_QRELS = {"a": 3, "b": 2, "c": 1, "d": 1, "e": 0, "f": 0, "n": -1}
REGISTRY_RUN = {"c": 9.0, "f": 8.0, "a": 7.0, "u": 6.0, "n": 5.0, "e": 4.0, "d": 3.0}
CITED = {
    # family name in RankLab -> (trec_eval measure it cites, pytrec_eval's key)
    "P@5": ("P.5", "P_5"),
    "R@5": ("recall.5", "recall_5"),
    "F1": ("set_F", "set_F"),  # F1 with no cutoff: the whole retrieved set
    "AP": ("map", "map"),
    "RR": ("recip_rank", "recip_rank"),
    "Rprec": ("Rprec", "Rprec"),
    "Success@1": ("success.1", "success_1"),
    "Bpref": ("bpref", "bpref"),
    "NumRet": ("num_ret", "num_ret"),
    "NumRel": ("num_rel", "num_rel"),
    "NumRelRet": ("num_rel_ret", "num_rel_ret"),
    "SetAP": ("set_map", "set_map"),
}


@pytest.mark.parametrize("name", list(CITED))
def test_registry_citation_names_the_trec_eval_measure(name):
    measure, key = CITED[name]
    assert measure.split(".")[0] in parse(name).spec.citation
    ranking = Ranking.build(
        [REGISTRY_QRELS.get(d) for d in REGISTRY_RUN],
        doc_ids=list(REGISTRY_RUN),
        scores=list(REGISTRY_RUN.values()),
        unretrieved=[2],
    )
    tool = trec(REGISTRY_QRELS, REGISTRY_RUN, {measure})[key]
    assert parse(name)(ranking, C.TREC_EVAL_NDCG_CUT).value == pytest.approx(tool, abs=TOL)


def test_registry_judged_is_ir_measures_judged_at_k():
    assert "ir_measures Judged@k" in parse("Judged@5").spec.citation
    ranking = Ranking.build(
        [REGISTRY_QRELS.get(d) for d in REGISTRY_RUN],
        doc_ids=list(REGISTRY_RUN),
        scores=list(REGISTRY_RUN.values()),
    )
    tool = irm([ir_measures.Judged @ 5], REGISTRY_QRELS, REGISTRY_RUN)["Judged@5"]
    # ir_measures counts the negative qrel n as judged: the 'clip' policy (research note D8)
    assert parse("Judged@5")(ranking, C.IR_MEASURES.with_(negative="clip")).value == tool


def test_registry_set_ap_is_ir_measures_set_ap():
    assert "ir_measures SetAP" in parse("SetAP").spec.citation
    ranking = Ranking.build(
        [REGISTRY_QRELS.get(d) for d in REGISTRY_RUN],
        doc_ids=list(REGISTRY_RUN),
        scores=list(REGISTRY_RUN.values()),
        unretrieved=[2],  # b, judged and not retrieved
    )
    # by hand: 3 of the 7 retrieved are relevant (c, a, d), R = 4 with b: (3/7)(3/4) = 9/28
    tool = irm([ir_measures.SetAP], REGISTRY_QRELS, REGISTRY_RUN)["SetAP"]
    assert tool == pytest.approx(9 / 28, abs=TOL)
    assert parse("SetAP")(ranking, C.IR_MEASURES).value == pytest.approx(tool, abs=TOL)


def test_bpref_is_trec_eval_8s_corrected_formula_not_the_2004_papers():
    # trec_eval's bpref_bug note (2005): retrieved n, r, r, r, r; not retrieved 3 judged
    # non-relevant and 2 relevant (R = 6, N = 4). Corrected: each retrieved relevant document
    # has 1 non-relevant above it, 1 - min(1, 6)/min(4, 6) = 3/4, so 4 * 3/4 / 6 = 0.5. The
    # SIGIR 2004 paper's 1 - n/R would give 4 * (1 - 1/6) / 6.
    assert "corrected in trec_eval 8.0" in parse("Bpref").spec.note
    qrels = {
        "n0": 0,
        "r1": 1,
        "r2": 1,
        "r3": 1,
        "r4": 1,
        "n1": 0,
        "n2": 0,
        "n3": 0,
        "r5": 1,
        "r6": 1,
    }
    run = {"n0": 5.0, "r1": 4.0, "r2": 3.0, "r3": 2.0, "r4": 1.0}
    tool = trec(qrels, run, {"bpref"})["bpref"]
    assert tool == pytest.approx(4 * (3 / 4) / 6, abs=TOL)
    assert tool != pytest.approx(4 * (1 - 1 / 6) / 6)
    ranking = Ranking.build([0, 1, 1, 1, 1], scores=list(run.values()), unretrieved=[0, 0, 0, 1, 1])
    assert parse("Bpref")(ranking, C.TREC_EVAL_NDCG_CUT).value == pytest.approx(tool, abs=TOL)


def test_ap_is_trec_eval_map():
    # AP's citation: trec_eval map (R from the qrels). Research note D12: {x:1,y:0,z:1},
    # run x > y > v: 0.5 (one of two relevant retrieved, at rank 1).
    # source (the definition): Buckley & Voorhees, "Retrieval System Evaluation", ch. 3 of
    # Voorhees & Harman (eds.), TREC: Experiment and Evaluation in IR, MIT Press 2005.
    assert "MIT Press, 2005" in parse("AP").spec.citation
    assert "SIGIR 2000" not in parse("AP").spec.citation
    tool = trec({"x": 1, "y": 0, "z": 1}, {"x": 3.0, "y": 2.0, "v": 1.0}, {"map"})["map"]
    assert tool == 0.5
    ranking = Ranking.build([1, 0, None], doc_ids=list("xyv"), scores=[3, 2, 1], unretrieved=[1])
    assert parse("AP")(ranking, C.TREC_EVAL_NDCG_CUT).value == tool


# --- ERR ---------------------------------------------------------------------------------------


@needs_perl
def test_err_r_i_is_the_stop_probability_given_rank_i_was_reached(tmp_path):
    # The ERR reader: R_i is the chance to stop at rank i *once there*. Two grade-2 documents,
    # gdeval's gmax 4: R = 3/16 each, ERR@2 = R + (1 - R) R / 2, not R + R / 2.
    assert "having reached rank i" in parse("ERR@2").spec.reader
    r = 3 / 16
    tool = gdeval(tmp_path, {"1": {"a": 2, "b": 2}}, {"1": {"a": 2.0, "b": 1.0}}, 2)["1"][1]
    assert tool == pytest.approx(r + (1 - r) * r / 2, abs=5e-6)
    assert tool != pytest.approx(r + r / 2, abs=5e-6)
    ranking = Ranking.build([2, 2], scores=[2.0, 1.0], scale_max=4)
    assert parse("ERR@2")(ranking, C.GDEVAL).value == pytest.approx(tool, abs=5e-6)


@needs_perl
def test_gdeval_and_ir_measures_fix_err_top_grade_at_4(tmp_path):
    # Pitfall err_gmax_4 (`why`, `where`) and disagreement err_gmax: on binary grades a relevant
    # document at rank 1 gives R = 1/16 in gdeval and ir_measures' ERR@k.
    # source (RankLib's ERRScorer.MAX = 16): research note D10 [src].
    assert "gdeval.pl and ir_measures' ERR@k" in BY_KEY["err_gmax_4"].where
    qrels, run = {"x": 1, "y": 0, "z": 1}, {"x": 3.0, "y": 2.0, "v": 1.0}
    assert gdeval(tmp_path, {"1": qrels}, {"1": run}, 5)["1"][1] == 0.0625
    assert irm([ir_measures.ERR @ 5], qrels, run)["ERR@5"] == pytest.approx(1 / 16, abs=5e-6)
    sides = _sides("err_gmax", "ERR")
    assert sides == {"Textbook (Chapelle et al.)": 0.5, "gdeval": 0.0625}  # 1/2: gmax 1


# --- gdeval -----------------------------------------------------------------------------------


@needs_perl
def test_gdeval_preset_source(tmp_path):
    # "gain 2^g-1, discount 1/ln(i+1) (the base cancels in nDCG), ideal from the qrels cut at k,
    # ERR with top grade 4, ties by docno descending". Fixture G1 (ids as numbers' strings).
    topics = gdeval(tmp_path, {"1": G1_QRELS}, {"1": G1_RUN}, 5)
    assert topics["1"][0] == pytest.approx(ndcg_measure(G1, C.GDEVAL, 5).value, abs=5e-6)
    assert topics["1"][0] == pytest.approx(ndcg_measure(G1, C.TEXTBOOK, 5).value, abs=5e-6)
    assert topics["1"][1] == pytest.approx(err(G1, C.GDEVAL, 5).value, abs=5e-6)
    tied = gdeval(tmp_path, {"1": TIES_QRELS}, {"1": TIES_RUN}, 1)["1"]
    assert tied == (0.0, 0.0)  # d9 (not relevant) first


@needs_perl
def test_gdeval_skips_a_query_with_nothing_relevant(tmp_path):
    # The gdeval preset's note and disagreement nothing_relevant: no line for such a query (not
    # a 0); ir_measures, which runs gdeval, scores it 0.
    assert "gdeval skips a query with nothing relevant" in C.GDEVAL.notes[0]
    assert "gdeval.pl skips the query" in BY_DISAGREEMENT["nothing_relevant"].why
    qrels = {"1": {"a": 1, "b": 0}, "2": {"x": 0, "y": 0}}
    runs = {"1": {"a": 2.0, "b": 1.0}, "2": {"x": 2.0, "y": 1.0}}
    assert set(gdeval(tmp_path, qrels, runs, 5)) == {"1"}
    measure = ir_measures.nDCG(dcg="exp-log2") @ 5
    per_query = {m.query_id: m.value for m in ir_measures.iter_calc([measure], qrels, runs)}
    assert per_query.get("2", 0.0) == 0.0 and per_query["1"] == 1.0
    mean = ir_measures.calc_aggregate([measure], qrels, runs)[measure]
    assert mean == 0.5  # query 2 counts as 0 in ir_measures' mean


@needs_perl
def test_gdeval_needs_numeric_qids_q0_and_grades_up_to_4(tmp_path):
    # The gdeval preset's second note.
    def runs_ok(qrels_line: str, run_line: str) -> bool:
        q, r = _write(tmp_path / "q", [qrels_line]), _write(tmp_path / "r", [run_line])
        done = subprocess.run(["perl", str(GDEVAL), str(q), str(r), "5"], capture_output=True)
        return done.returncode == 0

    assert runs_ok("1 0 a 4", "1 Q0 a 1 1.0 r")
    assert not runs_ok("q1 0 a 1", "q1 Q0 a 1 1.0 r")
    assert not runs_ok("1 0 a 1", "1 X a 1 1.0 r")
    assert not runs_ok("1 0 a 5", "1 Q0 a 1 1.0 r")


@needs_perl
def test_gdeval_uses_ln_and_prints_only_ndcg_and_err(tmp_path):
    # Pitfall natural_log `where`: harmless there, it prints nDCG and ERR, never DCG; its nDCG
    # equals the log2 nDCG. source (the ln): gdeval.pl `sub dcg`, `/log($i + 2)`.
    assert "never DCG" in BY_KEY["natural_log"].where
    topics = gdeval(tmp_path, {"1": G1_QRELS}, {"1": G1_RUN}, 5)  # header checked inside
    natural = ndcg_measure(G1, C.TEXTBOOK.with_(log_base=np.e), 5).value
    assert topics["1"][0] == pytest.approx(natural, abs=5e-6)
    assert dcg(G1, C.TEXTBOOK.with_(log_base=np.e), 5).value != pytest.approx(
        dcg(G1, C.TEXTBOOK, 5).value
    )


# --- ir_measures -------------------------------------------------------------------------------


def test_ir_measures_preset_source():
    # "nDCG@k via pytrec_eval, ERR@k via gdeval (top grade 4), RBP(p=0.8,rel=1) binary via
    # cwl_eval". G1: nDCG@5 0.5571 as trec_eval; RBP(p=0.8, rel=1) 0.36 (research note D11).
    values = irm([ir_measures.nDCG @ 5, ir_measures.RBP(p=0.8, rel=1)], G1_QRELS, G1_RUN)
    assert values["nDCG@5"] == pytest.approx(trec(G1_QRELS, G1_RUN, {"ndcg_cut.5"})["ndcg_cut_5"])
    assert values["nDCG@5"] == pytest.approx(ndcg_measure(G1, C.IR_MEASURES, 5).value, abs=TOL)
    rbp = parse("RBP(p=0.8,rel=1)")(G1, C.IR_MEASURES).value
    assert values["RBP(rel=1)"] == pytest.approx(rbp, abs=TOL)
    assert rbp == pytest.approx(0.2 * (1 + 0.8), abs=TOL)  # relevant at ranks 1 and 2
    assert parse("RBP(p=0.8)")(G1, C.IR_MEASURES).value == rbp  # the preset's RBP is binary


def test_ir_measures_rr_at_k_ties_ascending_rr_descending():
    # ir_measures note 1: {a:1, b:0}, a and b tie: RR@10 (msmarco) puts a first, RR b first.
    assert "docno ascending, RR by descending" in C.IR_MEASURES.notes[0]
    values = irm([ir_measures.RR, ir_measures.RR @ 10], {"a": 1, "b": 0}, {"a": 1.0, "b": 1.0})
    assert (values["RR"], values["RR@10"]) == (0.5, 1.0)


@needs_perl
def test_ir_measures_gdeval_reads_scores_as_doubles():
    # ir_measures note 2: fixture F1 (a above b only past float32's precision).
    assert "reads scores as doubles" in C.IR_MEASURES.notes[1]
    qrels, run = {"a": 1, "b": 0}, {"a": 0.1000000002, "b": 0.1000000001}
    values = irm([ir_measures.ERR @ 1, ir_measures.RR], qrels, run)
    assert values["ERR@1"] == pytest.approx(1 / 16, abs=5e-6)  # a first: doubles
    assert values["RR"] == 0.5  # pytrec_eval: float32 tie, b first


def test_ir_measures_cwl_rbp_keeps_ties_in_input_order_and_judged_counts_negatives():
    # ir_measures note 3.
    note = C.IR_MEASURES.notes[2]
    assert "ties in input order" in note and "counts negative qrels as judged" in note
    rbp = ir_measures.RBP(p=0.5, rel=1)
    first = irm([rbp], {"a": 1, "b": 0}, {"a": 1.0, "b": 1.0})["RBP(p=0.5,rel=1)"]
    second = irm([rbp], {"a": 1, "b": 0}, {"b": 1.0, "a": 1.0})["RBP(p=0.5,rel=1)"]
    assert (first, second) == (0.5, 0.25)
    judged = irm([ir_measures.Judged @ 2], {"n": -1, "a": 1}, {"n": 2.0, "a": 1.0})["Judged@2"]
    assert judged == 1.0
    judged_ties = irm([ir_measures.Judged @ 1], {"b": 1}, {"b": 1.0, "a": 1.0})["Judged@1"]
    assert judged_ties == 0.0  # docno ascending: the unjudged a first


# --- ranx --------------------------------------------------------------------------------------


def test_ranx_preset_source(ranx_one):
    # "linear gain, ideal from the qrels cut at k; ties in input order on short lists; RBP gain
    # is the raw grade". G1: ndcg@5 0.5571, rbp.8 0.68 (research note D3, D11).
    assert ranx_one(G1_QRELS, G1_RUN, "ndcg@5") == pytest.approx(ndcg_measure(G1, C.RANX, 5).value)
    raw = ranx_one(G1_QRELS, G1_RUN, "rbp.8")
    assert raw == pytest.approx(0.2 * (1 + 3 * 0.8), abs=TOL)  # grades 1, 3 at ranks 1, 2
    assert parse("RBP(p=0.8)")(G1, C.RANX).value == pytest.approx(raw, abs=TOL)
    assert ranx_one(TIES_QRELS, TIES_RUN, "mrr") == 1.0  # d10 listed first stays first


def test_ranx_ndcg_burges_preset_source(ranx_one):
    assert ranx_one(G1_QRELS, G1_RUN, "ndcg_burges@5") == pytest.approx(
        ndcg_measure(G1, C.RANX_BURGES, 5).value, abs=TOL
    )


def test_ranx_long_tie_groups_are_not_in_input_order(ranx_one):
    # ranx note: 40 tied documents, the relevant one listed first (research note D1: RR 1/21).
    assert "arbitrary order" in C.RANX.notes[0]
    run = {f"d{i}": 1.0 for i in range(40)}
    assert ranx_one({"d0": 1}, run, "mrr") < 1.0


def test_rbp_raw_grade_is_ranxs(ranx_one):
    # Pitfall rbp_raw_grade `where`; source (since 0.3.15): ranx#45, research note D14.
    assert "ranx's graded RBP" in BY_KEY["rbp_raw_grade"].where
    tool = ranx_one({"a": 3}, {"a": 1.0}, "rbp.5")
    assert tool == 0.5 * 3  # the raw grade: RBP above 1


# --- scikit-learn ------------------------------------------------------------------------------


def test_sklearn_preset_source():
    # "linear gain, ideal from the scored items only, cut at k, tied scores averaged":
    # G1's four retrieved items (u unjudged = 0) and the d9/d10 tie.
    tool = ndcg_score([[1, 3, 0, 0]], [[3.0, 2.0, 1.5, 1.0]], k=5)
    assert tool == pytest.approx((1 + 3 / log2(3)) / (3 + 1 / log2(3)), abs=TOL)
    assert ndcg_measure(G1, C.SKLEARN, 5).value == pytest.approx(tool, abs=TOL)
    tied = ndcg_score([[1, 0]], [[2.0, 2.0]])
    assert tied == pytest.approx(0.5 + 0.5 / log2(3), abs=TOL)  # gain 1/2 at ranks 1 and 2


def test_sklearn_ndcg_score_needs_two_items():
    assert "at least two items" in C.SKLEARN.notes[0]
    with pytest.raises(ValueError):
        ndcg_score([[1]], [[1.0]])
    assert ndcg_score([[1, 0]], [[1.0, 0.0]]) == 1.0


def test_sklearn_ignore_ties_reverses_input_order_on_t1():
    assert "'reverse input' holds on small cases such as T1" in C.SKLEARN.notes[1]
    tool = ndcg_score([[1, 0, 0]], [[1.0, 1.0, 0.5]], ignore_ties=True)
    assert tool == pytest.approx(1 / log2(3), abs=TOL)  # d2 before d1


def test_scikit_learn_has_no_reciprocal_rank():
    # The ties disagreement shows no RR for scikit-learn.
    names = [n.lower() for n in dir(sklearn.metrics)]
    assert not [n for n in names if "reciprocal" in n or "mrr" in n]
    assert "ndcg_score" in names
    assert "scikit-learn (ties averaged)" not in _sides("ties", "RR")
    assert "scikit-learn has no RR" in BY_DISAGREEMENT["ties"].why


# --- LightGBM and XGBoost -------------------------------------------------------------------


def test_lightgbm_xgboost_preset_source():
    # "gain 2^g-1, 1/log2(i+1), ideal from the group's own labels cut at k, stable sort (input
    # order in ties), a group with nothing relevant scores 1" (G1's list: research note D3).
    ours = ndcg_measure(G1, C.LIGHTGBM, 5).value
    assert ours == pytest.approx((1 + 7 / log2(3)) / (7 + 1 / log2(3)), abs=TOL)
    assert lightgbm_ndcg(G1_LIST, 5) == pytest.approx(ours, abs=TOL)
    assert xgboost_ndcg(G1_LIST, "ndcg@5") == pytest.approx(ours, abs=1e-6)  # float32 inside
    empty = [([0, 0, 0], [3.0, 2.0, 1.0])]
    assert lightgbm_ndcg(empty, 3) == 1.0 == xgboost_ndcg(empty, "ndcg@3")
    first, second = [([1, 0], [1.0, 1.0])], [([0, 1], [1.0, 1.0])]
    assert (lightgbm_ndcg(first, 1), lightgbm_ndcg(second, 1)) == (1.0, 0.0)
    assert (xgboost_ndcg(first, "ndcg@1"), xgboost_ndcg(second, "ndcg@1")) == (1.0, 0.0)


def test_xgboost_ndcg_minus_scores_an_empty_group_0():
    assert "ndcg@k-" in C.LIGHTGBM.notes[0]
    assert xgboost_ndcg([([0, 0, 0], [3.0, 2.0, 1.0])], "ndcg@3-") == 0.0


# --- the known disagreements (`rankwork.teaching.demos`) ---------------------------------------


def test_disagreement_ties(tmp_path, ranx_one):
    # trec_eval: docno descending ('d9' > 'd10'); "ranx, LightGBM, cwl_eval": input order;
    # scikit-learn: averaged. source (torchmetrics nDCG averages ties too): research note D1.
    sides = _sides("ties", "RR")
    tool = trec(TIES_QRELS, TIES_RUN, {"recip_rank", "ndcg"})
    assert sides["trec_eval (docno descending)"] == tool["recip_rank"] == 0.5
    assert sides["ranx (input order)"] == ranx_one(TIES_QRELS, TIES_RUN, "mrr") == 1.0
    assert lightgbm_ndcg([([1, 0], [2.0, 2.0])], 1) == 1.0  # d10 listed first, kept first
    assert cwl(tmp_path, {"d10": 1.0, "d9": 0.0}, TIES_RUN)["RR"] == 1.0
    ndcg = _sides("ties", "nDCG")
    assert ndcg["trec_eval (docno descending)"] == pytest.approx(tool["ndcg"], abs=TOL)
    assert ndcg["scikit-learn (ties averaged)"] == pytest.approx(
        ndcg_score([[1, 0]], [[2.0, 2.0]]), abs=TOL
    )


@needs_perl
def test_disagreement_ideal_source(tmp_path, ranx_one):
    # G1, nDCG@5. source (RankLib builds its ideal from the list too): research note D3 [src].
    sides = _sides("ideal_source", "nDCG")
    trec_value = trec(G1_QRELS, G1_RUN, {"ndcg_cut.5"})["ndcg_cut_5"]
    assert sides["trec_eval ndcg_cut"] == pytest.approx(trec_value, abs=TOL)
    burges = sides["ranx ndcg_burges"]  # "ranx ndcg_burges, gdeval"
    assert burges == pytest.approx(ranx_one(G1_QRELS, G1_RUN, "ndcg_burges@5"), abs=TOL)
    assert burges == pytest.approx(
        gdeval(tmp_path, {"1": G1_QRELS}, {"1": G1_RUN}, 5)["1"][0], abs=5e-6
    )
    assert sides["scikit-learn"] == pytest.approx(
        ndcg_score([[1, 3, 0, 0]], [[3.0, 2.0, 1.5, 1.0]], k=5), abs=TOL
    )
    assert sides["LightGBM / XGBoost"] == pytest.approx(lightgbm_ndcg(G1_LIST, 5), abs=TOL)
    assert sides["LightGBM / XGBoost"] == pytest.approx(xgboost_ndcg(G1_LIST, "ndcg@5"), abs=1e-6)


def test_disagreement_nothing_relevant(ranx_one):
    # "trec_eval, ir_measures, ranx and scikit-learn score 0; LightGBM and XGBoost score 1".
    # source (TF-Ranking scores 0 too): research note D4 [src].
    sides = _sides("nothing_relevant", "nDCG")
    qrels, run = {"a": 0, "b": 0, "c": 0}, {"a": 3.0, "b": 2.0, "c": 1.0}
    assert sides["trec_eval ndcg_cut"] == trec(qrels, run, {"ndcg_cut.3"})["ndcg_cut_3"] == 0.0
    assert irm([ir_measures.nDCG @ 3], qrels, run)["nDCG@3"] == 0.0
    assert ranx_one(qrels, run, "ndcg@3") == 0.0
    assert sides["scikit-learn"] == ndcg_score([[0, 0, 0]], [[3.0, 2.0, 1.0]], k=3) == 0.0
    group = [([0, 0, 0], [3.0, 2.0, 1.0])]
    assert sides["LightGBM / XGBoost"] == lightgbm_ndcg(group, 3) == xgboost_ndcg(group, "ndcg@3")


def test_disagreement_short_list(tmp_path, ranx_one):
    # P@5 of four documents, two relevant: "trec_eval, ir_measures, ranx, cwl" divide by k.
    # source (TF-Ranking and torchmetrics' adaptive_k divide by min(k, n)): research note D7.
    sides = _sides("short_list", "P")
    qrels = {"a": 1, "b": 0, "c": 1, "d": 0}
    run = {"a": 4.0, "b": 3.0, "c": 2.0, "d": 1.0}
    assert sides["trec_eval (÷ k)"] == trec(qrels, run, {"P.5"})["P_5"] == 0.4
    assert irm([ir_measures.P @ 5], qrels, run)["P@5"] == 0.4
    assert ranx_one(qrels, run, "precision@5") == 0.4
    assert cwl(tmp_path, {d: float(g) for d, g in qrels.items()}, run)["P@5"] == 0.4
    assert sides["TF-Ranking (÷ min(k, n))"] == 2 / 4


def test_disagreement_rbp_gain(tmp_path, ranx_one):
    # G1, p = 0.8: "cwl_eval with gains g/3" = Textbook; ranx's raw grade; ir_measures binary.
    # source (Moffat & Zobel define RBP on binary relevance): ACM TOIS 27(1), 2008, §3.
    sides = _sides("rbp_gain", "RBP")
    gains = {d: g / 3 for d, g in G1_QRELS.items()}
    assert sides["Textbook (g / gmax)"] == pytest.approx(
        cwl(tmp_path, gains, G1_RUN)["RBP@0.8"], abs=5e-5
    )
    assert sides["ranx (raw grade)"] == pytest.approx(ranx_one(G1_QRELS, G1_RUN, "rbp.8"))
    binary = irm([ir_measures.RBP(p=0.8, rel=1)], G1_QRELS, G1_RUN)["RBP(rel=1)"]
    assert sides["ir_measures (binary, rel >= 1)"] == pytest.approx(binary, abs=TOL)


# --- the pitfalls' `where` about tools ---------------------------------------------------------


@needs_perl
def test_gain_flipped_trec_eval_linear_lightgbm_and_gdeval_exponential(tmp_path):
    # Pitfall gain_flipped `where`. source (the maintainer's word): cvangysel/pytrec_eval#4.
    assert "trec_eval and pytrec_eval use linear gain" in BY_KEY["gain_flipped"].where
    ndcg = trec(G1_QRELS, G1_RUN, {"ndcg_cut.2"})["ndcg_cut_2"]
    assert ndcg == pytest.approx((1 + 3 / log2(3)) / (3 + 2 / log2(3)), abs=TOL)
    exponential_list = (1 + 7 / log2(3)) / (7 + 1 / log2(3))
    assert lightgbm_ndcg(G1_LIST, 5) == pytest.approx(exponential_list, abs=TOL)
    exponential_qrels = (1 + 7 / log2(3)) / (7 + 3 / log2(3) + 1 / 2 + 1 / log2(5))
    topics = gdeval(tmp_path, {"1": G1_QRELS}, {"1": G1_RUN}, 5)
    assert topics["1"][0] == pytest.approx(exponential_qrels, abs=5e-6)


def test_ideal_from_retrieved_is_what_sklearn_lightgbm_and_xgboost_do():
    # Pitfall ideal_from_retrieved `where`: G1 with the ideal from the retrieved list.
    where = BY_KEY["ideal_from_retrieved"].where
    assert "scikit-learn's ndcg_score, LightGBM, XGBoost" in where
    linear = C.TREC_EVAL_NDCG_CUT.with_(ideal="retrieved")
    exponential = C.TEXTBOOK.with_(ideal="retrieved")
    sklearn_value = ndcg_score([[1, 3, 0, 0]], [[3.0, 2.0, 1.5, 1.0]], k=5)
    assert ndcg_measure(G1, linear, 5).value == pytest.approx(sklearn_value, abs=TOL)
    assert ndcg_measure(G1, exponential, 5).value == pytest.approx(lightgbm_ndcg(G1_LIST, 5))
    assert ndcg_measure(G1, exponential, 5).value == pytest.approx(
        xgboost_ndcg(G1_LIST, "ndcg@5"), abs=1e-6
    )


def test_precision_by_length_is_trec_evals_set_p():
    # Pitfall precision_by_length `why`: hits / list length is set precision, trec_eval's set_P.
    assert "trec_eval's set_P" in BY_KEY["precision_by_length"].why
    qrels, run = {"a": 1, "b": 0, "c": 1, "d": 0}, {"a": 4.0, "b": 3.0, "c": 2.0, "d": 1.0}
    assert trec(qrels, run, {"set_P"})["set_P"] == 2 / 4


def test_unjudged_kept_pitfall_trec_eval_j_and_judged_only_remove_unjudged_documents():
    """Pitfall 'unjudged_kept' (where): ir_measures' judged_only and trec_eval's -J (pytrec_eval's
    judged_docs_only_flag) remove the unjudged documents instead of reading them as
    non-relevant. Its example list 1, ?, 0, 1, ?, 1: AP′ = (1/1 + 2/3 + 3/4)/3 = 0.8056 with
    them removed, AP = (1/1 + 2/4 + 3/6)/3 = 0.6667 with them kept."""
    where = BY_KEY["unjudged_kept"].where
    assert "judged_only" in where and "-J" in where
    qrels = {"q": {"a": 1, "c": 0, "d": 1, "f": 1}}
    run = {"q": {"a": 6.0, "b": 5.0, "c": 4.0, "d": 3.0, "e": 2.0, "f": 1.0}}  # b, e unjudged
    kept = pytrec_eval.RelevanceEvaluator(qrels, {"map"}).evaluate(run)["q"]["map"]
    removed = pytrec_eval.RelevanceEvaluator(qrels, {"map"}, judged_docs_only_flag=True)
    assert kept == pytest.approx((1 / 1 + 2 / 4 + 3 / 6) / 3)
    assert removed.evaluate(run)["q"]["map"] == pytest.approx((1 / 1 + 2 / 3 + 3 / 4) / 3)
    irm = ir_measures.calc_aggregate([ir_measures.AP(judged_only=True)], qrels, run)
    assert irm[ir_measures.AP(judged_only=True)] == pytest.approx((1 / 1 + 2 / 3 + 3 / 4) / 3)
