"""The Evaluate page's geometric means (means tab), on two runs worked by hand.

Two queries, one relevant document each (d1 for q1, d2 for q2). Run x retrieves d1 first for
q1 (AP 1) and nothing relevant for q2 (AP 0); run y retrieves each relevant document fourth
(AP 1/4 on both). Arithmetic means: x 0.5, y 0.25. Geometric means, AP 0 floored at 0.00001:
x sqrt(1 * 0.00001) = 0.00316, y 0.25. So x wins the arithmetic mean and y the geometric one.
"""

from __future__ import annotations

import math

import pytest
from streamlit.testing.v1 import AppTest

from tests.app.test_evaluate_page import open_page, table, upload
from tests.markdown_text import unescaped

QRELS = b"q1 0 d1 1\nq2 0 d2 1\n"
X = b"q1 Q0 d1 1 9 x\nq2 Q0 n1 1 9 x\n"
Y = b"".join(
    f"{q} Q0 {doc} {rank} {9 - rank} y\n".encode()
    for q, relevant in (("q1", "d1"), ("q2", "d2"))
    for rank, doc in enumerate(["n1", "n2", "n3", relevant], 1)
)


def test_geometric_means_and_the_changed_winner_by_hand(app: AppTest) -> None:
    at = open_page(app)
    upload(at, "qrels", ("qrels.txt", QRELS))
    upload(at, "runs", ("x.txt", X), ("y.txt", Y))
    at.multiselect(key="ev_measures").set_value(["AP"]).run()
    assert not at.exception, at.exception
    arithmetic = table(at, "run", "queries").set_index("run")["AP"]
    assert arithmetic.to_dict() == pytest.approx({"x": 0.5, "y": 0.25}, abs=1e-15)
    shown = next(df.value for df in at.dataframe if "queries" not in df.value.columns)
    shown = shown.set_index("run")["AP"]
    assert shown["x"] == pytest.approx(math.sqrt(1e-5), rel=1e-12)
    assert shown["y"] == pytest.approx(0.25, abs=1e-15)
    text = "\n".join(unescaped(m.value) for m in at.markdown)
    assert "AP**: x has the highest arithmetic mean, y the highest geometric mean." in text
    assert "0.01 to 0.02 counts as much as raising one from 0.5 to 1.0" in text


def test_the_same_winner_is_said_too(app: AppTest) -> None:
    at = open_page(app)
    upload(at, "qrels", ("qrels.txt", QRELS))
    upload(at, "runs", ("x.txt", X), ("y.txt", Y))
    at.multiselect(key="ev_measures").set_value(["P@1"]).run()  # x: 1, 0; y: 0, 0
    text = "\n".join(unescaped(m.value) for m in at.markdown)
    assert "the same run wins both means on every measure" in text
