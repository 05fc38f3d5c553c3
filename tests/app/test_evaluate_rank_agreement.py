"""The Evaluate page's Kendall's tau and tau_AP between orderings of the runs (two measures on
the compare tab; A's and B's labels on the assessor agreement tab), on a collection small
enough to work by hand.

Two queries, q1 and q2, judged and retrieved alike (comparing runs needs two), so each mean is
the value of one query. Assessor A: d1..d5 relevant, n1..n4 not; assessor B the same except d1 not
relevant. Four runs, five documents each:

    a: d1 n1 n2 n3 n4    A: RR 1,   P@5 1/5    B: RR 0,   P@5 0
    b: n1 d1 d2 d3 d4    A: RR 1/2, P@5 4/5    B: RR 1/3, P@5 3/5
    c: n1 n2 d1 d2 d3    A: RR 1/3, P@5 3/5    B: RR 1/4, P@5 2/5
    d: n1 n2 n3 d1 d2    A: RR 1/4, P@5 2/5    B: RR 1/5, P@5 1/5

With A's labels RR orders a > b > c > d and P@5 b > c > d > a: pairs ab, ac, ad disagree and
bc, bd, cd agree, so tau = (3 - 3) / 6 = 0. tau_AP of b, c, d, a against a, b, c, d:
C(2) = 1, C(3) = 2, C(4) = 0, 2/3 (1/1 + 2/2 + 0/3) - 1 = 1/3; of a, b, c, d against
b, c, d, a: C(2) = 0, C(3) = 1, C(4) = 2, 2/3 (0 + 1/2 + 2/3) - 1 = -2/9.
With B's labels both measures order b > c > d > a: RR's order changes as above (tau 0,
tau_AP 1/3 with A's order the reference), P@5's does not (tau 1, tau_AP 1).
"""

from __future__ import annotations

import pytest
from streamlit.testing.v1 import AppTest

from tests.app.conftest import metric_values
from tests.app.test_evaluate_page import open_page, show_tab, table, upload
from tests.markdown_text import unescaped

QIDS = ("q1", "q2")
QRELS_A = "".join(
    [f"{q} 0 d{i} 1\n" for q in QIDS for i in range(1, 6)]
    + [f"{q} 0 n{i} 0\n" for q in QIDS for i in range(1, 5)]
)
QRELS_B = QRELS_A.replace("0 d1 1", "0 d1 0")
LISTS = {
    "a": "d1 n1 n2 n3 n4",
    "b": "n1 d1 d2 d3 d4",
    "c": "n1 n2 d1 d2 d3",
    "d": "n1 n2 n3 d1 d2",
}


def run_file(name: str) -> tuple[str, bytes]:
    lines = [
        f"{q} Q0 {doc} {rank} {10 - rank} {name}\n"
        for q in QIDS
        for rank, doc in enumerate(LISTS[name].split(), 1)
    ]
    return f"{name}.txt", "".join(lines).encode()


def collection(app: AppTest, runs=tuple(LISTS), second: bool = False) -> AppTest:
    at = open_page(app)
    upload(at, "qrels", ("assessor_a.txt", QRELS_A.encode()))
    upload(at, "runs", *(run_file(name) for name in runs))
    if second:
        upload(at, "qrels2", ("assessor_b.txt", QRELS_B.encode()))
    at.multiselect(key="ev_measures").set_value(["RR", "P@5"]).run()
    assert not at.exception, at.exception
    return at


def markdown(at: AppTest) -> str:
    return "\n".join(unescaped(m.value) for m in at.markdown)


def test_two_measures_tau_and_tau_ap_by_hand(app: AppTest) -> None:
    at = show_tab(collection(app), "Compare runs")
    shown = metric_values(at)
    assert shown["Kendall's τ"] == "0.000"
    assert shown["τ_AP (other measure against the reference)"] == "0.333"
    assert "RR: a > b > c > d (the reference)" in markdown(at)
    assert "P@5: b > c > d > a" in markdown(at)
    assert "weighs swaps near the top" in " ".join(c.value for c in at.caption)
    # the other measure as the reference: tau is symmetric, tau_AP is not
    at.selectbox(key="ev_tau_ref").set_value("P@5").run()
    shown = metric_values(at)
    assert shown["Kendall's τ"] == "0.000"
    assert shown["τ_AP (other measure against the reference)"] == "-0.222"


def test_two_assessors_tau_and_tau_ap_by_hand(app: AppTest) -> None:
    at = show_tab(collection(app, second=True), "Assessor agreement")
    found = table(at, "measure", "τ", "τ_AP").set_index("measure")
    assert found.loc["RR", "order with A"] == "a > b > c > d"
    assert found.loc["RR", "order with B"] == "b > c > d > a"
    assert found.loc["RR", "τ"] == pytest.approx(0.0, abs=1e-12)
    assert found.loc["RR", "τ_AP"] == pytest.approx(1 / 3, abs=1e-12)
    assert found.loc["P@5", "τ"] == pytest.approx(1.0, abs=1e-12)
    assert found.loc["P@5", "τ_AP"] == pytest.approx(1.0, abs=1e-12)
    assert "Voorhees (2000" in markdown(at)


def test_two_runs_are_too_few_to_correlate(app: AppTest) -> None:
    at = show_tab(collection(app, runs=("a", "b"), second=True), "Compare runs")
    assert "needs 3 runs or more" in " ".join(i.value for i in at.info)
    assert "Kendall's τ" not in metric_values(at)
    show_tab(at, "Assessor agreement")
    assert not [df for df in at.dataframe if "τ_AP" in df.value.columns]
