"""The Evaluate page with a diversity qrels (ndeval's `topic subtopic docno judgment`): the page
says it recognised one, the diversity measures are computed (numbers worked by hand), and a
diversity measure on an ordinary qrels is a message at the run, not an exception.
"""

from __future__ import annotations

import math

import pytest
from streamlit.testing.v1 import AppTest

from tests.app.test_evaluate_page import errors, means, open_page, show_tab, upload
from tests.markdown_text import unescaped

# Topic q: subtopics 1 and 2; d1 {1}, d2 {1, 2}, d3 {2}, d4 relevant to none. The run ranks
# d1, d4, d2 and an unjudged x: novelty gains 1/2, 0, 3/4, 0 (α = 0.5, weights 1/2).
# Topic z judges one document, relevant to nothing: 0 on every measure (the means halve).
QRELS = b"q 1 d1 1\nq 2 d1 0\nq 1 d2 1\nq 2 d2 2\nq 2 d3 1\nq 1 d4 0\nz 1 a 0\n"
RUN = b"q Q0 d1 1 4 t\nq Q0 d4 2 3 t\nq Q0 d2 3 2 t\nq Q0 x 4 1 t\nz Q0 a 1 1 t\n"
# sum g_i/log2(i+1) = 1/2 + (3/4)/2 over the greedy ideal d2, d3, d1: 1 + (1/4)/log2 3 + (1/4)/2
ALPHA_NDCG_3 = (0.5 + 0.375) / (1 + 0.25 / math.log2(3) + 0.125)


def infos(at: AppTest) -> str:
    return "\n".join(unescaped(e.value) for e in at.info)


def test_a_diversity_qrels_is_recognised_and_its_measures_computed(app: AppTest) -> None:
    at = open_page(app)
    upload(at, "qrels", ("div.txt", QRELS))
    upload(at, "runs", ("run.txt", RUN))
    at.multiselect(key="ev_measures").set_value(["alpha_nDCG@3", "StRecall@1", "P@2"]).run()
    assert not at.exception, at.exception
    assert "**div.txt** is read as a **diversity qrels**" in infos(at)
    assert "7 judgments, 2 queries, 3 subtopics" in "\n".join(
        unescaped(c.value) for c in at.caption
    )
    shown = means(at)
    assert shown.loc["run", "alpha_nDCG@3"] == pytest.approx(ALPHA_NDCG_3 / 2, rel=1e-12)
    assert shown.loc["run", "StRecall@1"] == 0.5 / 2  # d1 covers subtopic 1 of q's 2
    assert shown.loc["run", "P@2"] == 0.5 / 2  # d1's largest judgment is 1, d4's 0


def test_every_tab_opens_with_a_diversity_qrels(app: AppTest) -> None:
    at = open_page(app)
    upload(at, "qrels", ("div.txt", QRELS))
    upload(at, "runs", ("run.txt", RUN), ("run2.txt", RUN.replace(b"d4 2 3", b"d4 2 5")))
    upload(at, "qrels2", ("div2.txt", QRELS))
    at.multiselect(key="ev_measures").set_value(["alpha_nDCG@3", "nNRBP"]).run()
    for tab in ("Per query", "Compare runs", "Groups", "Open a query", "Assessor agreement"):
        show_tab(at, tab)
    assert "div.txt is a diversity qrels" in infos(at)  # agreement: not for subtopics


def test_a_diversity_measure_on_an_ordinary_qrels_is_a_message(app: AppTest) -> None:
    at = open_page(app)
    upload(at, "qrels", ("plain.txt", b"q 0 d1 1\nq 0 d2 0\n"))
    upload(at, "runs", ("run.txt", RUN))
    at.multiselect(key="ev_measures").set_value(["ERR_IA@20"]).run()
    assert not at.exception, at.exception
    assert "plain.txt: ERR_IA@20: this measure needs a diversity qrels" in errors(at)
    assert "diversity qrels" not in infos(at)
