"""Library conventions in AppTest: the Playground's list under every preset, worked by hand
below, and the known disagreements against the tools' published numbers (research note
shared/research/library-conventions.md, 4-decimal outputs of the real libraries).

The Playground's default list: grades 3, 2, 3, 0, 1, 2; judged but not retrieved 3 and 2; k = 5.
"""

from __future__ import annotations

from math import log2

import pytest
from streamlit.testing.v1 import AppTest

from tests.app.conftest import metric_values

PAGE = "app_pages/conventions.py"
L3, L5, L6, L7, L8 = log2(3), log2(5), log2(6), log2(7), log2(8)

EXP_DCG = 7 + 3 / L3 + 7 / 2 + 0 + 1 / L6  # gains 7,3,7,0,1
EXP_IDCG = 7 + 7 / L3 + 7 / 2 + 3 / L5 + 3 / L6  # judged pool 3,3,3,2,2
LIN_DCG = 3 + 2 / L3 + 3 / 2 + 0 + 1 / L6
LIN_IDCG = 3 + 3 / L3 + 3 / 2 + 2 / L5 + 2 / L6
LIN_IDCG_UNCUT = LIN_IDCG + 2 / L7 + 1 / L8  # the whole pool 3,3,3,2,2,2,1
LIN_IDCG_LIST = 3 + 3 / L3 + 2 / 2 + 2 / L5 + 1 / L6  # the list's own 3,3,2,2,1
EXP_IDCG_LIST = 7 + 7 / L3 + 3 / 2 + 3 / L5 + 1 / L6
# Järvelin & Kekäläinen b = 2: ranks 1 and 2 weigh 1, then 1/log2(i); linear gain
JK = (3 + 2 + 3 / L3 + 0 + 1 / L5) / (3 + 3 + 3 / L3 + 2 / 2 + 2 / L5)

EXPECTED = {
    "Textbook": EXP_DCG / EXP_IDCG,
    "trec_eval ndcg_cut": LIN_DCG / LIN_IDCG,
    # trec_eval's ndcg takes no cutoff: the whole list (grade 2 at rank 6 too), the whole pool
    "trec_eval ndcg": (LIN_DCG + 2 / L7) / LIN_IDCG_UNCUT,
    "ir_measures": LIN_DCG / LIN_IDCG,
    "ranx ndcg": LIN_DCG / LIN_IDCG,
    "ranx ndcg_burges": EXP_DCG / EXP_IDCG,
    "scikit-learn": LIN_DCG / LIN_IDCG_LIST,
    "LightGBM / XGBoost": EXP_DCG / EXP_IDCG_LIST,
    "XGBoost": EXP_DCG / EXP_IDCG_LIST,  # as LightGBM: the list has no scores to round
    "sentence-transformers": LIN_DCG / LIN_IDCG,  # the grade as gain, ideal from the judgments
    "gdeval": EXP_DCG / EXP_IDCG,  # the natural log cancels in nDCG
    "Järvelin & Kekäläinen 2002": JK,
}


def open_page(app: AppTest) -> AppTest:
    at = app.run()
    at.switch_page(PAGE).run()
    assert not at.exception
    return at


DIFFERS = "Choices that differ from Textbook"


def test_every_preset_on_the_playground_list(app: AppTest) -> None:
    table = open_page(app).table[0].value.set_index("Tool (preset)")
    assert list(table.index) == list(EXPECTED)
    for tool, value in EXPECTED.items():
        assert table.loc[tool, "nDCG@5"] == pytest.approx(value, abs=5e-5), tool
        assert table.loc[tool, "Δ Textbook"] == pytest.approx(
            value - EXPECTED["Textbook"], abs=5e-5
        )
    assert table.loc["trec_eval ndcg_cut", DIFFERS] == "exponential gain 2^g - 1 → linear gain g"
    assert "ideal cut at k → ideal not cut at k" in table.loc["trec_eval ndcg", DIFFERS]
    assert "k ignored" in table.loc["trec_eval ndcg", DIFFERS]
    assert table.loc["Textbook", DIFFERS] == "—"


def test_the_table_says_presets_cover_measures_their_tool_lacks(app: AppTest) -> None:
    captions = [c.value for c in open_page(app).caption]
    assert any("scikit-learn has no RR, trec_eval no ERR" in c for c in captions)


def test_the_why_of_each_tool(app: AppTest) -> None:
    at = open_page(app)
    assert at.selectbox(key="conv_explain").options == list(EXPECTED)
    assert any("m_ndcg_cut.c" in m.value for m in at.markdown)  # trec_eval ndcg_cut first
    at.selectbox(key="conv_explain").set_value("scikit-learn").run()
    markdown = [m.value for m in at.markdown]
    assert "- exponential gain 2^g - 1 → linear gain g" in markdown
    assert any("ndcg_score" in m for m in markdown)


PUBLISHED = {
    "ties": {
        "RR · trec_eval (docno descending)": "0.5000",
        "RR · ranx (input order)": "1.0000",
        "nDCG · trec_eval (docno descending)": "0.6309",
        "nDCG · scikit-learn (ties averaged)": "0.8155",
        "RR · scikit-learn (ties averaged)": "—",  # scikit-learn has no RR
    },
    "ideal_source": {
        "nDCG@5 · trec_eval ndcg_cut": "0.5571",
        "nDCG@5 · ranx ndcg_burges": "0.5514",
        "nDCG@5 · scikit-learn": "0.7967",
        "nDCG@5 · LightGBM / XGBoost": "0.7098",
    },
    "nothing_relevant": {
        "nDCG@3 · trec_eval ndcg_cut": "0.0000",
        "nDCG@3 · LightGBM / XGBoost": "1.0000",
    },
    "err_gmax": {"ERR@5 · Textbook (Chapelle et al.)": "0.5000", "ERR@5 · gdeval": "0.0625"},
    "short_list": {"P@5 · trec_eval (÷ k)": "0.4000", "P@4 · TF-Ranking (÷ min(k, n))": "0.5000"},
    "rbp_gain": {
        "RBP(p=0.8) · Textbook (g / gmax)": "0.2267",
        "RBP(p=0.8) · ranx (raw grade)": "0.6800",
        "RBP(p=0.8) · ir_measures (binary, rel >= 1)": "0.3600",
    },
}


@pytest.mark.parametrize("key", list(PUBLISHED))
def test_each_known_disagreement_in_one_click(app: AppTest, key: str) -> None:
    at = open_page(app)
    at.button(key=f"conv_show_{key}").click().run()
    assert not at.exception
    cards = metric_values(at)
    for label, value in PUBLISHED[key].items():
        assert cards[label] == value, label


def test_an_example_loads_into_the_playground(app: AppTest) -> None:
    at = open_page(app)
    at.button(key="conv_show_err_gmax").click().run()
    at.button(key="conv_load_err_gmax").click().run()
    at.switch_page("app_pages/playground.py").run()
    assert not at.exception
    # x (1), y (0), v (unjudged); z (1) not retrieved; top grade 1; k = 5
    cards = metric_values(at)
    assert cards["ERR@5"] == "0.5000"  # R_1 = (2^1 - 1)/2^1
    assert cards["R@5"] == "0.5000"  # one of the two relevant documents found
