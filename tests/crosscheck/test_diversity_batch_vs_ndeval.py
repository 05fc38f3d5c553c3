"""The batch diversity measures (their kernels in rankwork.core.measures.families) against
TREC's ndeval, the C program, through pyndeval 0.0.8 (its code, compiled; pinned in
requirements-test.txt), and their names against ir_measures, which computes them through
pyndeval too.

Seeded random diversity collections: 1 to 6 subtopics per query (subtopic ids as ndeval
reads them: pyndeval maps each to an int), judgments -1..2 (relevant: > 0 for ndeval, >= 1 for
pyndeval: the same for whole numbers), documents judged relevant to no subtopic, judged
documents never retrieved, unjudged retrieved documents, one-subtopic queries, a query with
nothing relevant, a query in the qrels only and one in the run only. Cutoffs 1..20 (ndeval's
limit is 20), α and β varied. Every per-query value must equal ndeval's to 1e-9.

Known differences, handled here and not hidden:
- ties: pyndeval sorts a query's documents by score, ties by doc id *ascending*
  (`_coerce_run_iter`), where ndeval -traditional and trec_eval (RankLab's default) put the
  larger doc id first. pyndeval is therefore given each query in RankLab's order as distinct
  scores (`ranked_as_ranklab`); `test_pyndeval_breaks_ties_by_ascending_doc_id` shows the
  difference it avoids.
- α-DCG@1 and ERR-IA@1: ndeval's normalising loop starts at rank 2, so at k = 1 it prints
  the raw, unweighted novelty sum (the number of subtopics of the first document). RankLab
  normalises every k the same way (rankwork.core.diversity). Excluded from the equality test;
  `test_ndeval_leaves_the_first_rank_unnormalised` asserts ndeval = RankLab × |S_q| there.
- nNRBP of a query with nothing relevant: ndeval gives NaN (0/0), RankLab 0 (no NaN in
  outputs). Excluded; asserted in `test_ndeval_gives_nan_where_nothing_is_relevant`.
- a qrels query absent from the run: ndeval prints nothing for it, RankLab scores it 0 (and
  warns), as for every other measure; only the queries both evaluate are compared.
"""

from __future__ import annotations

import math

import numpy as np
import pandas as pd
import pytest

from rankwork.collection.batch import evaluate
from rankwork.core.measures import parse

pyndeval = pytest.importorskip("pyndeval")
ir_measures = pytest.importorskip("ir_measures")

CUTOFFS = (1, 2, 3, 5, 10, 20)
# RankLab's family -> ndeval's name (pyndeval.SUPPORTED_MEASURES)
AT_K = {
    "alpha_DCG": "alpha-DCG",
    "alpha_nDCG": "alpha-nDCG",
    "ERR_IA": "ERR-IA",
    "nERR_IA": "nERR-IA",
    "P_IA": "P-IA",
    "StRecall": "strec",
}
WHOLE = {"NRBP": "NRBP", "nNRBP": "nNRBP", "AP_IA": "MAP-IA"}
UNNORMALISED_AT_1 = {"alpha_DCG@1", "ERR_IA@1"}
READ_ALPHA = ("alpha_DCG", "alpha_nDCG", "ERR_IA", "nERR_IA")


def collection(seed: int, n_queries: int = 40):
    """A diversity qrels and a run (DataFrames), deterministic for a seed; scores on a grid
    of quarters, so ties are common. Query 'q0' has nothing relevant, 'q1' one subtopic,
    'q2' is in the qrels only, 'q3' in the run only."""
    rng = np.random.default_rng(seed)
    qrels, run = [], []
    for q in range(n_queries):
        qid = f"q{q}"
        n_sub = 1 if q == 1 else int(rng.integers(1, 7))
        subtopics = [str(s) for s in rng.choice(12, size=n_sub, replace=False) + 1]
        docs = [f"D{j}" for j in rng.choice(300, size=int(rng.integers(5, 60)), replace=False)]
        judged = [d for d in docs if rng.random() < 0.6] + [f"U{j}" for j in range(5)]
        if q != 3:
            for d in judged:
                for s in subtopics:
                    if rng.random() < 0.4:
                        grade = 0 if q == 0 else int(rng.choice([-1, 0, 0, 0, 1, 1, 2]))
                        qrels.append((qid, s, d, grade))
            if not any(r[0] == qid for r in qrels):
                qrels.append((qid, subtopics[0], judged[0], 0))
        if q != 2:
            scores = rng.integers(0, 16, size=len(docs)) / 4.0
            run += zip([qid] * len(docs), docs, scores, strict=True)
    qrels_df = pd.DataFrame(qrels, columns=["qid", "subtopic", "docno", "rel"])
    run_df = pd.DataFrame(run, columns=["qid", "docno", "score"])
    return qrels_df.astype({"rel": float}), run_df


def nothing_relevant(qrels: pd.DataFrame) -> set[str]:
    """The queries no judgment > 0 makes relevant to anything (q0, and any the dice made)."""
    return set(qrels["qid"]) - set(qrels[qrels["rel"] > 0]["qid"])


def ranked_as_ranklab(run: pd.DataFrame) -> list[tuple[str, str, float]]:
    """The run for pyndeval: each query's documents in trec_eval's order (score descending,
    ties by doc id descending; the ids are ASCII, so str order is byte order), given
    distinct scores n, n-1, ..., 1 in that order, queries grouped (pyndeval reads a query's
    lines as one block)."""
    out = []
    for qid, lines in run.groupby("qid", sort=True):
        by_docno = sorted(zip(lines["docno"], lines["score"], strict=True), reverse=True)
        ordered = sorted(by_docno, key=lambda x: -x[1])  # stable: ties stay docno descending
        out += [(qid, d, float(len(ordered) - i)) for i, (d, _) in enumerate(ordered)]
    return out


def ndeval_values(qrels, run_lines, names, alpha, beta):
    judgments = [(q, s, d, int(r)) for q, s, d, r in qrels.itertuples(index=False)]
    return pyndeval.ndeval(judgments, run_lines, measures=names, alpha=alpha, beta=beta)


def measure_pairs(alpha: float, beta: float) -> dict[str, str]:
    """RankLab's names -> ndeval's, for one (α, β). α-DCG, α-nDCG, ERR-IA and nERR-IA read α
    as ndeval's -alpha does (`ERR_IA(alpha=0.8)@k`; ir_measures' ERR_IA takes no α and always
    passes 0.5); P-IA, S-recall and MAP-IA do not read α, so they are compared at the default
    α only."""
    params = ",".join(f"{p}={v:g}" for p, v in (("alpha", alpha), ("beta", beta)) if v != 0.5)
    alpha_only = f"(alpha={alpha:g})" if alpha != 0.5 else ""
    pairs = {}
    for k in CUTOFFS:
        for ours, theirs in AT_K.items():
            if ours in READ_ALPHA:
                pairs[f"{ours}{alpha_only}@{k}"] = f"{theirs}@{k}"
            elif alpha == 0.5:
                pairs[f"{ours}@{k}"] = f"{theirs}@{k}"
    for ours, theirs in WHOLE.items():
        if ours.endswith("NRBP"):
            pairs[ours + (f"({params})" if params else "")] = theirs
        elif alpha == 0.5:
            pairs[ours] = theirs
    return pairs


SETTINGS = [(0.5, 0.5), (0.2, 0.8), (0.8, 0.5), (0.9, 0.3), (1.0, 0.5), (0.0, 0.6)]


@pytest.mark.parametrize(("alpha", "beta"), SETTINGS)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_every_measure_equals_ndeval(seed: int, alpha: float, beta: float) -> None:
    qrels, run = collection(seed)
    pairs = measure_pairs(alpha, beta)
    ours = evaluate(qrels, run, list(pairs)).per_query
    theirs = ndeval_values(qrels, ranked_as_ranklab(run), list(pairs.values()), alpha, beta)
    assert set(theirs) == set(ours.index) - {"q2"}  # q2: in the qrels only (see above)
    empty = nothing_relevant(qrels)
    compared = 0
    for qid, values in theirs.items():
        for name, their_name in pairs.items():
            value = values[their_name]
            if name.split("(")[0].split("@")[0] + "@1" in UNNORMALISED_AT_1 and name.endswith("@1"):
                continue  # ndeval leaves k = 1 unnormalised: the next test
            if math.isnan(value):
                assert name.startswith("nNRBP") and qid in empty, (qid, name)
                continue  # NaN where nothing is relevant: the test after next
            assert ours.loc[qid, name] == pytest.approx(value, abs=1e-9, rel=0), (qid, name)
            compared += 1
    assert compared > 30 * len(pairs)


def test_ndeval_leaves_the_first_rank_unnormalised() -> None:
    """At k = 1 ndeval prints sum_j rel_1j (its normaliser's loop starts at rank 2), RankLab
    sum_j w rel_1j / 1 with w = 1/|S_q|: ndeval's value is RankLab's times |S_q|."""
    qrels, run = collection(4)
    names = {"alpha_DCG@1": "alpha-DCG@1", "ERR_IA@1": "ERR-IA@1"}
    ours = evaluate(qrels, run, list(names)).per_query
    theirs = ndeval_values(qrels, ranked_as_ranklab(run), list(names.values()), 0.5, 0.5)
    relevant = qrels[qrels["rel"] > 0]
    n_sub = relevant.groupby("qid")["subtopic"].nunique()
    differs = 0
    for qid, values in theirs.items():
        for name, their_name in names.items():
            expected = ours.loc[qid, name] * n_sub.get(qid, 0)
            assert values[their_name] == pytest.approx(expected, abs=1e-12)
            differs += values[their_name] != pytest.approx(ours.loc[qid, name])
    assert differs > 10  # the difference is real, not an artefact of all-zero queries


def test_ndeval_gives_nan_where_nothing_is_relevant() -> None:
    qrels, run = collection(1)
    theirs = ndeval_values(qrels, ranked_as_ranklab(run), ["nNRBP", "alpha-nDCG@5"], 0.5, 0.5)
    assert "q0" in nothing_relevant(qrels)
    assert math.isnan(theirs["q0"]["nNRBP"])
    assert theirs["q0"]["alpha-nDCG@5"] == 0.0
    ours = evaluate(qrels, run, ["nNRBP", "alpha_nDCG@5"]).per_query
    assert (ours.loc["q0"] == 0.0).all()
    assert np.isfinite(ours.to_numpy()).all()


def test_pyndeval_breaks_ties_by_ascending_doc_id() -> None:
    """One query, two subtopics; 'a' (relevant to both) and 'b' (to subtopic 2) tie at the
    top. pyndeval ranks a, b (ascending ids): α-nDCG@1 = 1; trec_eval's rule b, a: 1/2.
    With the tie given as distinct scores in each order, pyndeval's own result equals the
    ascending one; RankLab's the descending one."""
    qrels = pd.DataFrame(
        [("1", "1", "a", 1), ("1", "2", "a", 1), ("1", "2", "b", 1), ("1", "2", "c", 1)],
        columns=["qid", "subtopic", "docno", "rel"],
    ).astype({"rel": float})
    tied = [("1", "a", 1.0), ("1", "b", 1.0), ("1", "c", 0.5)]
    ascending = [("1", "a", 3.0), ("1", "b", 2.0), ("1", "c", 1.0)]
    descending = [("1", "b", 3.0), ("1", "a", 2.0), ("1", "c", 1.0)]
    name = ["alpha-nDCG@1"]
    assert ndeval_values(qrels, tied, name, 0.5, 0.5) == ndeval_values(
        qrels, ascending, name, 0.5, 0.5
    )
    run = pd.DataFrame(tied, columns=["qid", "docno", "score"])
    ours = evaluate(qrels, run, ["alpha_nDCG@1"]).per_query.iloc[0, 0]
    assert ours == ndeval_values(qrels, descending, name, 0.5, 0.5)["1"]["alpha-nDCG@1"]
    assert ours != ndeval_values(qrels, tied, name, 0.5, 0.5)["1"]["alpha-nDCG@1"]


NAMES = [
    "alpha_DCG@20",
    "alpha_nDCG@20",
    "alpha_nDCG(alpha=0.8)@10",
    "ERR_IA@20",
    "nERR_IA@5",
    "NRBP",
    "NRBP(alpha=0.5,beta=0.8)",
    "nNRBP(alpha=0.3)",
    "P_IA@10",
    "AP_IA",
    "StRecall@20",
]


@pytest.mark.parametrize("name", NAMES)
def test_names_parse_as_ir_measures_parses_them(name: str) -> None:
    """Our name and ir_measures' parse of the same text: the same family, cutoff, α and β
    (a parameter the name omits: ir_measures' default, which is ours). ir_measures' ERR_IA
    and nERR_IA take no α and run ndeval at 0.5: a name of them without α means 0.5 here too."""
    ours, theirs = parse(name), ir_measures.parse_measure(name)
    assert theirs.NAME == ours.family
    assert theirs["cutoff"] == ours.cutoff if ours.cutoff is not None else True
    for param, value in ours.arguments().items():
        if param not in theirs.SUPPORTED_PARAMS:
            assert (ours.family, param, value) in {
                ("ERR_IA", "alpha", 0.5),
                ("nERR_IA", "alpha", 0.5),
            }
            continue
        assert theirs[param] == value, param


def test_ir_measures_has_no_alpha_for_err_ia() -> None:
    """Why `ERR_IA(alpha=0.8)@k` is RankLab's (ndeval's -alpha) and not an ir_measures name:
    ir_measures 0.4.3 parses the text but cannot compute it (its ERR_IA has no α)."""
    qrels = [ir_measures.Qrel("1", "a", 1, "1"), ir_measures.Qrel("1", "b", 0, "1")]
    run = [ir_measures.ScoredDoc("1", "a", 2.0), ir_measures.ScoredDoc("1", "b", 1.0)]
    for family in ("ERR_IA", "nERR_IA"):
        measure = ir_measures.parse_measure(f"{family}(alpha=0.8)@2")
        assert "alpha" not in measure.SUPPORTED_PARAMS
        with pytest.raises(KeyError, match="alpha"):
            list(ir_measures.iter_calc([measure], qrels, run))


def test_ir_measures_computes_the_same_numbers() -> None:
    """ir_measures (through pyndeval) on the same collection, the qrels' subtopic as its
    'iteration' column, the run in RankLab's order as distinct scores."""
    qrels, run = collection(5)
    names = [n for n in NAMES if not n.endswith("@1")]
    ours = evaluate(qrels, run, names).per_query
    ir_qrels = qrels.rename(
        columns={"qid": "query_id", "subtopic": "iteration", "docno": "doc_id", "rel": "relevance"}
    ).astype({"relevance": int})
    ir_run = pd.DataFrame(ranked_as_ranklab(run), columns=["query_id", "doc_id", "score"])
    empty = nothing_relevant(qrels)
    checked = 0
    # One measure per call: ir_measures 0.4.3 runs pyndeval once per (rel, α, β) and, asked
    # for measures of two such groups together (NRBP and NRBP(beta=0.8)), returns 0 for
    # every query of one group (seen here; asked alone, each equals pyndeval's own value).
    for name in names:
        for m in ir_measures.iter_calc([ir_measures.parse_measure(name)], ir_qrels, ir_run):
            if math.isnan(m.value):
                assert name.startswith("nNRBP") and m.query_id in empty
                continue
            assert ours.loc[m.query_id, name] == pytest.approx(m.value, abs=1e-9), (
                m.query_id,
                name,
            )
            checked += 1
    assert checked > 30 * len(names)
