"""Conformance with trec_eval's own test suite (usnistgov/trec_eval, test/).

The inputs and trec_eval 10.0's expected outputs live in `shared/conformance/trec_eval/`, a
copy kept BESIDE the repository (never inside it): `<repo root>/../shared/...`. When it is
absent the tests are skipped.

For every trec_eval measure RankLab also has, our value must print as trec_eval prints it
(`%6.4f`, or within 5e-5), for every query and for 'all', in:

- out.test      trec_eval qrels.test results.test             (default measures, 'all' only)
                and the same with qrels.test.with-comments
- out.test.aq   trec_eval -m all_trec -q qrels.test results.test
- out.test.aqc  ... -q -c qrels.test results.trunc            (-c: missing queries count as 0)
- out.test.aql  ... -q -l2 qrels.rel_level results.test       (binary measures at grade >= 2;
                                                                ndcg ignores -l)
- out.comment.test  MS MARCO v2.1 qrels and run with '#' inside docnos ('all' only)

Measures compared (ours in brackets, rel=2 added under -l2): num_ret [NumRet], num_rel
[NumRel], num_rel_ret [NumRelRet], map [AP], map_cut_k [AP@k], Rprec, bpref [Bpref],
recip_rank [RR], ndcg [nDCG], ndcg_cut_k [nDCG@k], P_k [P@k], recall_k [R@k], success_k
[Success@k], set_P [P], set_recall [R], set_F [F1], rbp [RBP(p=0.9,rel=1)], rbp_resid
[RBP_resid(p=0.9)] and unj_k [min(k, NumRet)/k * (1 - Judged@k), as trec_eval divides the
unjudged count by k]. trec_eval's 'all' line of a num_* measure is a
sum: ours is the mean, times the number of queries.

Left out: rbp_resid under -c, because trec_eval's m_rbp_resid.c only sets the value when the
list has an unjudged document, so an empty list (the missing query 302) keeps 0 where the
residual is p^0 = 1 (everything is unread; we say 1, as the single-list core does). And rbp
under -l2, because trec_eval 10.0's m_rbp.c normalises the gains with `min` and
`max` it never initialises, so its value depends on stack garbage: in out.test.aql query 301
is graded (g/4 = 0.0465) while 302 and 303 are binary (0.7628, 0.0212). trec_eval measures
RankLab does not have (iprec_at_recall, 11pt_avg, infAP, gm_*, relative_P, set_map, utility,
G, binG, Rndcg, ndcg_rel, Rprec_mult, num_nonrel_judged_ret, relstring) are not compared.
"""

from __future__ import annotations

import re
from pathlib import Path

import numpy as np
import pytest

from rankwork.collection import trec
from rankwork.collection.batch import evaluate

SUITE = Path(__file__).resolve().parents[2].parent / "shared" / "conformance" / "trec_eval"

pytestmark = pytest.mark.skipif(
    not SUITE.is_dir(),
    reason=f"trec_eval's test suite is not beside the repository ({SUITE} is absent)",
)

COUNTS = ("num_ret", "num_rel", "num_rel_ret")
PLAIN = {
    "num_ret": "NumRet",
    "num_rel": "NumRel{r}",
    "num_rel_ret": "NumRelRet{r}",
    "map": "AP{r}",
    "Rprec": "Rprec{r}",
    "bpref": "Bpref{r}",
    "recip_rank": "RR{r}",
    "ndcg": "nDCG",
    "set_P": "P{r}",
    "set_recall": "R{r}",
    "set_F": "F1{r}",
    "rbp": "RBP(p=0.9,rel=1)",
    "rbp_resid": "RBP_resid(p=0.9)",
}
AT_K = {
    "P": "P{r}@{k}",
    "recall": "R{r}@{k}",
    "map_cut": "AP{r}@{k}",
    "ndcg_cut": "nDCG@{k}",
    "success": "Success{r}@{k}",
    "unj": "Judged@{k}",  # unj_k = 1 - Judged@k
}


def ours(trec_name: str, level: int | None) -> str | None:
    """Our measure name for a trec_eval measure (None: not one of ours), -l level applied."""
    r = f"(rel={level})" if level else ""
    if trec_name in PLAIN:
        return PLAIN[trec_name].format(r=r)
    m = re.fullmatch(r"([A-Za-z_]+?)_(\d+)", trec_name)
    if m and m.group(1) in AT_K:
        return AT_K[m.group(1)].format(r=r, k=m.group(2))
    return None


def expected(name: str) -> dict[str, dict[str, str]]:
    """trec_eval's output file: {measure: {qid or 'all': value text}}."""
    out: dict[str, dict[str, str]] = {}
    for line in (SUITE / name).read_text().splitlines():
        measure, qid, value = (part.strip() for part in line.split("\t"))
        out.setdefault(measure, {})[qid] = value
    return out


CASES = {
    # id: (expected output, qrels, run, -l level, --missing, measures to leave out)
    "out.test": ("out.test", "qrels.test", "results.test", None, "skip", ()),
    "out.test/with-comments": (
        "out.test",
        "qrels.test.with-comments",
        "results.test",
        None,
        "skip",
        (),
    ),
    "out.test.aq": ("out.test.aq", "qrels.test", "results.test", None, "skip", ()),
    "out.test.aqc": (
        "out.test.aqc",
        "qrels.test",
        "results.trunc",
        None,
        "zero",
        ("rbp_resid",),
    ),
    "out.test.aql": ("out.test.aql", "qrels.rel_level", "results.test", 2, "skip", ("rbp",)),
    "out.comment.test": (
        "out.comment.test",
        "qrels.comment.test",
        "results.comment.test",
        None,
        "skip",
        (),
    ),
}


def _comparisons():
    if not SUITE.is_dir():
        return []
    params = []
    for case, (out_file, _, _, level, _, skip) in CASES.items():
        for trec_name in expected(out_file):
            name = ours(trec_name, level)
            if name is not None and trec_name not in skip:
                params.append(pytest.param(case, trec_name, name, id=f"{case}:{trec_name}"))
    return params


_RESULTS: dict[str, object] = {}


def _result(case: str):
    """Evaluate every measure of a case once (cached across its parametrised tests)."""
    if case not in _RESULTS:
        out_file, qrels, run, level, missing, skip = CASES[case]
        names = sorted(
            {ours(t, level) for t in expected(out_file) if ours(t, level) and t not in skip}
        )
        _RESULTS[case] = evaluate(
            trec.read_qrels(SUITE / qrels), trec.read_run(SUITE / run), names, missing=missing
        )
    return _RESULTS[case]


def _agrees(value: float, text: str, count: bool) -> bool:
    if count:
        return round(value) == int(text)
    return f"{value:6.4f}".strip() == text or abs(value - float(text)) <= 5e-5


@pytest.mark.parametrize(("case", "trec_name", "name"), _comparisons())
def test_matches_trec_eval(case: str, trec_name: str, name: str) -> None:
    result = _result(case)
    want = expected(CASES[case][0])[trec_name]
    per_query = result.per_query[name]
    mean = float(result.means[name])
    if trec_name.startswith("unj_"):
        # unj_k = unjudged in the top k / k, ranks beyond the list counting as judged:
        # min(k, n)/k * (1 - Judged@k), n = NumRet.
        k = int(trec_name.split("_")[1])
        per_query = np.minimum(k, result.per_query["NumRet"]) / k * (1.0 - per_query)
        mean = float(per_query.mean())
    count = trec_name in COUNTS
    mismatches = []
    for qid, text in want.items():
        if qid == "all":
            value = mean * len(per_query) if count else mean
        else:
            assert qid in per_query.index, f"trec_eval evaluates query {qid}; we do not"
            value = float(per_query[qid])
        if not _agrees(value, text, count):
            mismatches.append(f"{qid}: trec_eval {text}, ours {value!r}")
    assert not mismatches, f"{trec_name} vs {name}: " + "; ".join(mismatches)
    # Per-query files list every query we evaluate, and no other.
    queries = {q for q in want if q != "all"}
    if queries:
        assert set(per_query.index) == queries


def test_query_order_is_trec_eval_order() -> None:
    """trec_eval -q prints queries in its order (sorted by strcmp); so do we."""
    listed = [q for q in expected("out.test.aq")["map"] if q != "all"]
    assert list(_result("out.test.aq").per_query.index) == listed


def test_missing_query_is_an_empty_ranking_with_c() -> None:
    """results.trunc has nothing for 302: trec_eval -c scores it 0 but still counts its 77
    relevant documents (num_rel), as an empty ranking does; so do we."""
    result = _result("out.test.aqc")
    assert result.missing == ["302"]
    row = result.per_query.loc["302"]
    assert row["NumRel"] == 77
    assert (row.drop(["NumRel"]) == 0).all()
