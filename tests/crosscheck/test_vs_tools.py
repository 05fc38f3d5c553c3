"""The presets against the real tools, run inside the test on generated queries.

Queries come from a seeded numpy generator and include tied scores, unjudged documents, judged
documents that were not retrieved, lists shorter than the cutoffs, queries with nothing
relevant and (where the tool accepts them) negative grades. Each tool computes its measure on
the same data; RankLab's value through `measures.parse(name)(ranking, preset)` must agree to
1e-9 (gdeval prints 5 decimals, so to its rounding).

trec_eval 10 is not on PyPI: it is checked against the published numbers of
shared/research/library-conventions.md instead. The published numbers of LightGBM / XGBoost and
cwl_eval are kept below as well; those tools themselves run in test_lightgbm.py and
test_claims.py.
"""

from __future__ import annotations

import shutil
import warnings
from dataclasses import dataclass

import ir_measures
import numpy as np
import pytest
import pytrec_eval
from sklearn.metrics import dcg_score, ndcg_score

from rankwork.core import conventions as C
from rankwork.core.measures import parse
from rankwork.core.measures.families.dcg import dcg, ndcg
from rankwork.core.ranking import Ranking

TOL = 1e-9
CUTS = (1, 3, 5, 10, 20)


# --- generated queries -----------------------------------------------------------------------


@dataclass(frozen=True)
class Query:
    qid: str
    docs: tuple[str, ...]  # retrieved, in input (run file) order
    grades: tuple[int | None, ...]  # None: not in the qrels
    scores: tuple[float, ...]
    unretrieved: tuple[tuple[str, int], ...]  # judged, not retrieved

    def ranking(self) -> Ranking:
        return Ranking.build(
            self.grades,
            doc_ids=self.docs,
            scores=self.scores,
            unretrieved=[g for _, g in self.unretrieved],
        )

    def qrels(self) -> dict[str, int]:
        judged = {d: g for d, g in zip(self.docs, self.grades, strict=True) if g is not None}
        judged.update(self.unretrieved)
        return judged

    def run(self) -> dict[str, float]:
        return dict(zip(self.docs, self.scores, strict=True))


def make_queries(
    seed: int,
    n: int,
    *,
    min_len: int = 1,
    max_len: int = 25,
    max_grade: int = 3,
    negatives: bool = False,
    scores: str = "ties",
    numeric_qids: bool = False,
) -> list[Query]:
    """`scores`: 'ties' (quarters from a few values: many ties, exact in float32),
    'distinct' (no ties), 'float32' (values 1e-9 apart: distinct as doubles, often equal
    as 32-bit floats)."""
    rng = np.random.default_rng(seed)
    queries = []
    for q in range(n):
        n_ret = int(rng.integers(min_len, max_len + 1))
        n_unret = int(rng.integers(0, 4))
        # ids like d7, d12, d105: byte order ('d7' > 'd12') differs from numeric order
        names = rng.choice(10 * (max_len + 4), size=n_ret + n_unret, replace=False)
        docs = [f"d{j}" for j in names]
        low = -1 if negatives else 0
        grades: list[int | None] = []
        for _ in range(n_ret):
            u = rng.random()
            if u < 0.2:
                grades.append(None)  # unjudged
            elif negatives and u < 0.26:
                grades.append(-1)
            else:
                grades.append(int(rng.integers(0, max_grade + 1)))
        unretrieved = [int(rng.integers(low, max_grade + 1)) for _ in range(n_unret)]
        if rng.random() < 0.15:  # nothing relevant
            grades = [None if g is None else min(g, 0) for g in grades]
            unretrieved = [min(g, 0) for g in unretrieved]
        unret_docs = docs[n_ret:]
        if not any(g is not None and g >= 0 for g in (*grades, *unretrieved)):
            # every query has a qrels entry, and one not negative: pytrec_eval crashes on a
            # query judged only negative (issue 33; tests/unit/test_negative_only_query.py)
            unret_docs, unretrieved = [*unret_docs, "x0"], [*unretrieved, 0]
        if scores == "ties":
            values = rng.integers(0, max(2, n_ret // 2), size=n_ret) * 0.25
        elif scores == "distinct":
            values = (rng.permutation(n_ret) + 1) * 0.25
        else:
            values = 0.1 + rng.integers(0, 4, size=n_ret) * 0.25 + rng.integers(0, 4, n_ret) * 1e-9
        qid = str(q + 1) if numeric_qids else f"q{q + 1}"
        queries.append(
            Query(
                qid,
                tuple(docs[:n_ret]),
                tuple(grades),
                tuple(float(v) for v in values),
                tuple(zip(unret_docs, unretrieved, strict=True)),
            )
        )
    return queries


def compare(queries, tool_values, names, preset, tol=TOL) -> tuple[int, list[str]]:
    """RankLab against `tool_values[qid][tool_measure]` for every (tool measure, RankLab
    name) pair in `names`; returns the number of comparisons and the disagreements."""
    done, bad = 0, []
    for query in queries:
        ranking = query.ranking()
        for tool_name, ours in names.items():
            expected = tool_values[query.qid][tool_name]
            got = parse(ours)(ranking, preset).value
            done += 1
            if not abs(got - expected) <= tol:
                bad.append(f"{query.qid} {tool_name}: tool {expected!r}, {ours} {got!r}")
    return done, bad


# --- pytrec_eval (trec_eval 9.0.8) -----------------------------------------------------------

TREC_NAMES = {
    **{f"ndcg_cut_{k}": f"nDCG@{k}" for k in CUTS},
    **{f"P_{k}": f"P@{k}" for k in CUTS},
    **{f"recall_{k}": f"R@{k}" for k in CUTS},
    **{f"map_cut_{k}": f"AP@{k}" for k in CUTS},
    **{f"success_{k}": f"Success@{k}" for k in (1, 3, 5, 10)},
    "map": "AP",
    "recip_rank": "RR",
    "Rprec": "Rprec",
    "bpref": "Bpref",
    "set_F": "F1",
}
TREC_MEASURES = {
    "ndcg",
    "ndcg_cut.1,3,5,10,20",
    "P.1,3,5,10,20",
    "recall.1,3,5,10,20",
    "map",
    "map_cut.1,3,5,10,20",
    "recip_rank",
    "Rprec",
    "bpref",
    "success.1,3,5,10",
    "set_F",
}


def pytrec(queries):
    evaluator = pytrec_eval.RelevanceEvaluator({q.qid: q.qrels() for q in queries}, TREC_MEASURES)
    return evaluator.evaluate({q.qid: q.run() for q in queries})


def test_trec_eval_presets_match_pytrec_eval():
    # pytrec_eval reads scores as float32: quarters are exact there, so trec_eval 10's
    # double-precision presets apply unchanged. Negative grades are "in the pool, unjudged".
    queries = make_queries(1, 150, max_grade=4, negatives=True)
    values = pytrec(queries)
    done, bad = compare(queries, values, TREC_NAMES, C.TREC_EVAL_NDCG_CUT)
    # trec_eval `ndcg`: no cutoff, ideal over every judged document
    more, bad_ndcg = compare(queries, values, {"ndcg": "nDCG"}, C.TREC_EVAL_NDCG)
    assert not bad + bad_ndcg, "\n".join((bad + bad_ndcg)[:20])
    assert done + more == 150 * (len(TREC_NAMES) + 1)


def test_the_generated_queries_cover_the_hard_cases():
    queries = make_queries(1, 150, max_grade=4, negatives=True)
    tied = sum(len(set(q.scores)) < len(q.scores) for q in queries)
    unjudged = sum(None in q.grades for q in queries)
    unretrieved = sum(any(g > 0 for _, g in q.unretrieved) for q in queries)
    short = sum(len(q.docs) < 10 for q in queries)
    empty = sum(not any(g > 0 for g in q.qrels().values()) for q in queries)
    negative = sum(-1 in q.qrels().values() for q in queries)
    for count in (tied, unjudged, unretrieved, short, empty, negative):
        assert count >= 10, (tied, unjudged, unretrieved, short, empty, negative)


@pytest.mark.parametrize("seed", range(40))
def test_no_generated_query_is_judged_only_negative(seed):
    """pytrec_eval crashes (now and then) on a query whose judgments are all negative (issue
    33), so the generator never makes one (RankLab's 0 on such a query is pinned in
    tests/unit/test_negative_only_query.py)."""
    for query in make_queries(seed, 150, max_grade=4, negatives=True):
        assert any(g >= 0 for g in query.qrels().values()), query


def test_ir_measures_float32_reproduces_a_hidden_tie():
    # Fixture F1 (research note D2): qrels {a:1, b:0}, run a = 0.1000000002, b = 0.1000000001.
    # In float32 the scores are equal and docno-descending puts b first: RR 0.5.
    qrels = {"1": {"a": 1, "b": 0}}
    run = {"1": {"a": 0.1000000002, "b": 0.1000000001}}
    tool = pytrec_eval.RelevanceEvaluator(qrels, {"recip_rank"}).evaluate(run)["1"]["recip_rank"]
    via_ir_measures = ir_measures.calc_aggregate([ir_measures.RR], qrels, run)[ir_measures.RR]
    assert tool == via_ir_measures == 0.5
    ranking = Ranking.build([1, 0], doc_ids=["a", "b"], scores=[0.1000000002, 0.1000000001])
    assert parse("RR")(ranking, C.IR_MEASURES).value == tool
    # trec_eval 10 reads doubles (research note D2: 1.0000); so does the trec_eval preset
    assert parse("RR")(ranking, C.TREC_EVAL_NDCG_CUT).value == 1.0


def test_ir_measures_preset_on_hidden_float32_ties():
    queries = make_queries(2, 80, max_grade=3, negatives=True, scores="float32", numeric_qids=True)
    qrels = {q.qid: q.qrels() for q in queries}
    run = {q.qid: q.run() for q in queries}
    names = {
        **{ir_measures.nDCG @ k: f"nDCG@{k}" for k in (1, 3, 5, 10)},
        **{ir_measures.P @ k: f"P@{k}" for k in (1, 5)},
        # gains= rewrites the qrels' grades before trec_eval's ndcg_cut reads them
        **{
            ir_measures.nDCG(gains={0: 0, 1: 1, 2: 3, 3: 7})
            @ k: f"nDCG(gains={{0:0,1:1,2:3,3:7}})@{k}"
            for k in (1, 5, 10)
        },
        ir_measures.AP: "AP",
        ir_measures.RR: "RR",
    }
    values: dict[str, dict] = {q.qid: {} for q in queries}
    # One call per gain map, each with its own copy of the qrels: asked together, ir_measures
    # 0.4.3 lets the evaluator with gains= and the plain one disturb each other's results,
    # depending on the order its sets of measures come in (so on PYTHONHASHSEED).
    plain = [m for m in names if "gains" not in str(m)]
    for group in (plain, [m for m in names if m not in plain]):
        fresh_qrels = {qid: dict(docs) for qid, docs in qrels.items()}
        for metric in ir_measures.iter_calc(group, fresh_qrels, run):
            values[metric.query_id][metric.measure] = metric.value
    done, bad = compare(queries, values, names, C.IR_MEASURES)
    assert not bad, "\n".join(bad[:20])
    assert done == 80 * len(names)
    # the float32 ties are there and matter: read as doubles, some values change
    _, as_doubles = compare(queries, values, names, C.IR_MEASURES.with_(float32_scores=False))
    assert as_doubles


# --- ir_measures: Judged@k and gdeval (ERR@k, exponential nDCG@k) ----------------------------


def test_ir_measures_judged_at_k():
    # ir_measures' judged provider sorts ties by docno ascending (no RankLab tie policy does),
    # so the scores here are distinct; it counts negative qrels as judged ("in the qrels",
    # research note D8), which is the 'clip' policy.
    queries = make_queries(3, 60, negatives=True, scores="distinct")
    names = {ir_measures.Judged @ k: f"Judged@{k}" for k in (1, 5, 10, 20)}
    qrels = {q.qid: q.qrels() for q in queries}
    values: dict[str, dict] = {q.qid: {} for q in queries}
    for metric in ir_measures.iter_calc(list(names), qrels, {q.qid: q.run() for q in queries}):
        values[metric.query_id][metric.measure] = metric.value
    done, bad = compare(queries, values, names, C.IR_MEASURES.with_(negative="clip"))
    assert not bad, "\n".join(bad[:20])
    assert done == 60 * len(names)
    # the preset itself treats negative grades as unjudged (trec_eval), and that shows here
    assert compare(queries, values, names, C.IR_MEASURES)[1]


@pytest.mark.skipif(shutil.which("perl") is None, reason="gdeval.pl needs perl")
def test_gdeval_err_and_exponential_ndcg():
    # gdeval.pl (via ir_measures) needs numeric qids and grades <= 4, reads scores as doubles,
    # and prints 5 decimals: agreement is to that rounding. Negative qrels are dropped (gain 0).
    queries = make_queries(4, 80, max_grade=4, negatives=True, scores="float32", numeric_qids=True)
    names = {
        **{ir_measures.ERR @ k: f"ERR@{k}" for k in (1, 5, 10, 20)},
        **{ir_measures.nDCG(dcg="exp-log2") @ k: f"nDCG(dcg='exp-log2')@{k}" for k in (5, 20)},
    }
    qrels = {q.qid: q.qrels() for q in queries}
    values: dict[str, dict] = {q.qid: {} for q in queries}
    for metric in ir_measures.iter_calc(list(names), qrels, {q.qid: q.run() for q in queries}):
        values[metric.query_id][metric.measure] = metric.value
    done, bad = compare(queries, values, names, C.GDEVAL, tol=5e-6 + 1e-12)
    assert not bad, "\n".join(bad[:20])
    assert done == 80 * len(names)


@pytest.mark.skipif(shutil.which("perl") is None, reason="gdeval.pl needs perl")
def test_ir_measures_err_preset():
    # The ir_measures preset's ERR@k (gmax 4) on scores that are exact in float32.
    queries = make_queries(5, 50, max_grade=4, numeric_qids=True)
    names = {ir_measures.ERR @ k: f"ERR@{k}" for k in (3, 10)}
    qrels = {q.qid: q.qrels() for q in queries}
    values: dict[str, dict] = {q.qid: {} for q in queries}
    for metric in ir_measures.iter_calc(list(names), qrels, {q.qid: q.run() for q in queries}):
        values[metric.query_id][metric.measure] = metric.value
    done, bad = compare(queries, values, names, C.IR_MEASURES, tol=5e-6 + 1e-12)
    assert not bad, "\n".join(bad[:20])
    assert done == 50 * len(names)


def test_cwl_rbp_published():
    # ir_measures computes RBP(p=..,rel=..) with cwl_eval (run in test_claims.py). Published
    # cwl / ir_measures numbers on fixture G1 (research note D11): RBP(p=0.8,rel=1) 0.3600,
    # rel=2 0.1600, cwl residual ResEU 0.5376.
    # Binary RBP is also checked against ranx below (ranx's gain is the raw grade: 0/1 qrels).
    g1 = Ranking.build(
        [1, 3, None, 0], doc_ids=list("caue"), scores=[3, 2, 1.5, 1], unretrieved=[2, 1]
    )
    assert round(parse("RBP(p=0.8,rel=1)")(g1, C.IR_MEASURES).value, 4) == 0.3600
    assert round(parse("RBP(p=0.8,rel=2)")(g1, C.IR_MEASURES).value, 4) == 0.1600
    assert round(parse("RBP_resid(p=0.8,rel=1)")(g1, C.IR_MEASURES).value, 4) == 0.5376
    # one relevant document at rank 1, p = 0.5: cwl residual 0.5000 (the tail to its depth)
    one = Ranking.build([1])
    assert parse("RBP_resid(p=0.5,rel=1)")(one, C.IR_MEASURES).value == 0.5


# --- ranx --------------------------------------------------------------------------------------


def ranx_values(ranx, queries, metrics: list[str]) -> dict[str, dict[str, float]]:
    qrels = ranx.Qrels({q.qid: q.qrels() for q in queries})
    run = ranx.Run(
        {q.qid: q.run() for q in queries}
    )  # the same query set in both (ranx asserts it)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # numba type-safety warnings inside ranx
        ranx.evaluate(qrels, run, metrics, return_mean=False, save_results_in_run=True)
    # per-query scores by qid (the returned arrays follow ranx's own query order)
    return {q.qid: {m: float(run.scores[m][q.qid]) for m in metrics} for q in queries}


RANX_NAMES = {
    **{f"ndcg@{k}": f"nDCG@{k}" for k in (1, 3, 5, 10, 20)},
    "ndcg": "nDCG",
    **{f"precision@{k}": f"P@{k}" for k in (1, 5, 20)},
    **{f"recall@{k}": f"R@{k}" for k in (1, 5, 20)},
    **{f"f1@{k}": f"F1@{k}" for k in (1, 5, 20)},
    **{f"hit_rate@{k}": f"Success@{k}" for k in (1, 5)},
    **{f"mrr@{k}": f"RR@{k}" for k in (1, 5)},
    "mrr": "RR",
    "map": "AP",
    "map@5": "AP@5",
    "r-precision": "Rprec",
    "rbp.8": "RBP(p=0.8)",
    "rbp.5": "RBP(p=0.5)",
}


def ranx_queries() -> list[Query]:
    # ranx sorts with numba's quicksort: input order in ties on lists of up to 15 documents,
    # arbitrary in longer ones (research note D1). Short lists get ties, long ones none.
    short = make_queries(6, 60, max_len=15, negatives=True)
    long = make_queries(7, 20, min_len=16, max_len=40, negatives=True, scores="distinct")
    return short + [Query("L" + q.qid, q.docs, q.grades, q.scores, q.unretrieved) for q in long]


def test_ranx_presets(ranx):
    queries = ranx_queries()
    values = ranx_values(ranx, queries, [*RANX_NAMES, *(f"ndcg_burges@{k}" for k in (3, 10))])
    done, bad = compare(queries, values, RANX_NAMES, C.RANX)
    burges = {f"ndcg_burges@{k}": f"nDCG@{k}" for k in (3, 10)}
    more, bad_burges = compare(queries, values, burges, C.RANX_BURGES)
    assert not bad + bad_burges, "\n".join((bad + bad_burges)[:20])
    assert done + more == len(queries) * (len(RANX_NAMES) + 2)


def test_binary_rbp_against_ranx(ranx):
    # ranx's RBP gain is the raw grade, so on 0/1 qrels it is binary RBP; the ir_measures
    # preset's RBP(p=..,rel=1) comes from cwl_eval, which sorts stably (ties in input order,
    # research note §1A), as ranx does on short lists.
    queries = [
        Query(
            q.qid,
            q.docs,
            tuple(None if g is None else int(g >= 1) for g in q.grades),
            q.scores,
            tuple((d, int(g >= 1)) for d, g in q.unretrieved),
        )
        for q in make_queries(8, 60, max_len=15, max_grade=3)
    ]
    values = ranx_values(ranx, queries, ["rbp.5", "rbp.8", "rbp.95"])
    names = {
        "rbp.5": "RBP(p=0.5,rel=1)",
        "rbp.8": "RBP(p=0.8,rel=1)",
        "rbp.95": "RBP(p=0.95,rel=1)",
    }
    done, bad = compare(queries, values, names, C.IR_MEASURES.with_(ties="input"))
    assert not bad, "\n".join(bad[:20])
    assert done == 60 * 3


# --- scikit-learn ------------------------------------------------------------------------------


def sklearn_rows(seed: int, n: int, max_len: int = 20) -> list[tuple[np.ndarray, np.ndarray]]:
    """Rows of (grades, scores): at least 2 items (ndcg_score's minimum), tied scores, some
    rows with nothing relevant. The list is all sklearn knows: no unretrieved documents."""
    rng = np.random.default_rng(seed)
    rows = []
    for _ in range(n):
        size = int(rng.integers(2, max_len + 1))
        grades = rng.integers(0, 4, size=size).astype(float)
        if rng.random() < 0.15:
            grades[:] = 0
        if rng.random() < 0.3:
            scores = rng.permutation(size) * 0.5 - 1.0  # no ties
        else:
            scores = rng.integers(0, max(2, size // 2), size=size) * 0.5 - 1.0
        rows.append((grades, scores))
    return rows


def test_sklearn_ndcg_score_preset():
    bad = []
    for grades, scores in sklearn_rows(9, 100):
        ranking = Ranking.build(grades, scores=scores)
        for k in (None, 1, 3, 5, 10, 30):
            tool = ndcg_score([grades], [scores], k=k)
            ours = ndcg(ranking, C.SKLEARN, k).value
            if not abs(tool - ours) <= TOL:
                bad.append(f"k={k} {grades.tolist()} {scores.tolist()}: {tool!r} vs {ours!r}")
    assert not bad, "\n".join(bad[:20])


@pytest.mark.parametrize("log_base", [2.0, 10.0, np.e])
def test_sklearn_dcg_score_and_log_base(log_base):
    convention = C.SKLEARN.with_(log_base=float(log_base))
    bad = []
    for grades, scores in sklearn_rows(10, 60):
        ranking = Ranking.build(grades, scores=scores)
        for k in (None, 1, 5):
            tool = dcg_score([grades], [scores], k=k, log_base=log_base)
            ours = dcg(ranking, convention, k).value
            if not abs(tool - ours) <= TOL:
                bad.append(f"k={k} {grades.tolist()} {scores.tolist()}: {tool!r} vs {ours!r}")
    assert not bad, "\n".join(bad[:20])


def test_sklearn_ignore_ties():
    # ignore_ties=True ranks by np.argsort(scores)[::-1]. On fixture T1 that is reverse input
    # order (research note D1: 0.6309 and nDCG@1 0), the 'reverse_input' policy. numpy's
    # default argsort is not stable (a SIMD sort on this machine), so on longer tie groups the
    # order is arbitrary and no policy reproduces it: other rows are compared only without ties,
    # where ignore_ties changes nothing.
    reverse = C.SKLEARN.with_(ties="reverse_input")
    grades, scores = np.array([1.0, 0.0, 0.0]), np.array([1.0, 1.0, 0.5])
    t1 = Ranking.build(grades, doc_ids=["d1", "d2", "d3"], scores=scores)
    for k in (None, 1):
        tool = ndcg_score([grades], [scores], k=k, ignore_ties=True)
        assert ndcg(t1, reverse, k).value == pytest.approx(tool, abs=TOL)
    bad, untied = [], 0
    for grades, scores in sklearn_rows(11, 80):
        if len(set(scores)) < len(scores):
            continue
        untied += 1
        ranking = Ranking.build(grades, scores=scores)
        for k in (None, 1, 3):
            tool = ndcg_score([grades], [scores], k=k, ignore_ties=True)
            for convention in (reverse, C.SKLEARN):
                ours = ndcg(ranking, convention, k).value
                if not abs(tool - ours) <= TOL:
                    bad.append(f"k={k} {grades.tolist()} {scores.tolist()}: {tool!r} vs {ours!r}")
    assert not bad, "\n".join(bad[:20])
    assert untied >= 10


# --- published numbers (trec_eval 10 is not on PyPI) ------------------------------------------


def test_lightgbm_xgboost_preset_published():
    # Published numbers (the tools themselves run in test_lightgbm.py and test_claims.py):
    # research note D3 (fixture G1, LightGBM 4.7 ndcg@5 = XGBoost ndcg@5 = 0.7098) and D4 (four
    # groups: ndcg@1 = 0.5357, XGBoost ndcg@1- = 0.2857).
    g1 = Ranking.build(
        [1, 3, None, 0], doc_ids=list("caue"), scores=[3, 2, 1.5, 1], unretrieved=[2, 1]
    )
    assert round(ndcg(g1, C.LIGHTGBM, 5).value, 4) == 0.7098
    groups = [
        Ranking.build([1, 0, 0], scores=[1, 1, 0.5]),
        Ranking.build([0, 0, 0], scores=[3, 2, 1]),
        Ranking.build([1, 3, 2], scores=[3, 2, 1]),
        Ranking.build([0, 1, 0], scores=[1, 1, 1]),
    ]
    mean = np.mean([ndcg(g, C.LIGHTGBM, 1).value for g in groups])
    assert round(float(mean), 4) == 0.5357
    minus = C.LIGHTGBM.with_(empty_value=0.0)
    assert round(float(np.mean([ndcg(g, minus, 1).value for g in groups])), 4) == 0.2857


def test_trec_eval_10_published():
    # trec_eval 10 (doubles) is not installed; pytrec_eval wraps 9.0.8. Research note D3:
    # trec_eval 10 on G1 prints dcg 2.8928, ideal_dcg 5.1925, ndcg_cut.5 0.5571.
    g1 = Ranking.build(
        [1, 3, None, 0], doc_ids=list("caue"), scores=[3, 2, 1.5, 1], unretrieved=[2, 1]
    )
    result = ndcg(g1, C.TREC_EVAL_NDCG, None)
    assert (round(result.details["DCG"], 4), round(result.details["IDCG"], 4)) == (2.8928, 5.1925)
    assert round(ndcg(g1, C.TREC_EVAL_NDCG_CUT, 5).value, 4) == 0.5571
