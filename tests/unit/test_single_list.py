"""`measure(name, grades, ...)`: one list's value, its per-rank table and its worked solution.

Values are worked by hand below, or taken from pytrec_eval and ir_measures on the same query.
One test also checks that `measure` agrees with the collection code
(`rankwork.collection.batch.evaluate`, the command line's): a consistency check between two
parts of rankwork, not a source of expected values. The working is compared with the lines the
check page sets (`rankwork.core.working.lines` on the Result the page computes,
`rankwork.core.scenario.correct`).
"""

from __future__ import annotations

import inspect
import re
from math import log2

import ir_measures
import pandas as pd
import pytest
import pytrec_eval

from rankwork.collection.batch import evaluate
from rankwork.core.conventions import TEXTBOOK, TREC_EVAL_NDCG_CUT
from rankwork.core.measures import MeasureNameError
from rankwork.core.ranking import Ranking, RankingError
from rankwork.core.result import Result
from rankwork.core.scenario import Scenario, correct
from rankwork.core.single_list import measure
from rankwork.core.working import lines as working

GRADES, UNRETRIEVED = [3, 2, 3, 0, 1], [2]

# nDCG@5 of 3, 2, 3, 0, 1 with a judged 2 not retrieved; the ideal is 3, 3, 2, 2, 1.
# Linear gain g (trec_eval, the default):
#   DCG@5  = 3/log2(2) + 2/log2(3) + 3/log2(4) + 0/log2(5) + 1/log2(6)
#          = 3 + 1.26186 + 1.5 + 0 + 0.38685 = 6.14871
#   IDCG@5 = 3/log2(2) + 3/log2(3) + 2/log2(4) + 2/log2(5) + 1/log2(6)
#          = 3 + 1.89279 + 1 + 0.86135 + 0.38685 = 7.14100;  nDCG@5 = 0.86104
LINEAR = (3 + 2 / log2(3) + 3 / 2 + 1 / log2(6)) / (
    3 + 3 / log2(3) + 2 / 2 + 2 / log2(5) + 1 / log2(6)
)
# Exponential gain 2^g - 1 (Textbook): gains 7, 3, 7, 0, 1; ideal gains 7, 7, 3, 3, 1
#   DCG@5  = 7 + 3/log2(3) + 7/2 + 0 + 1/log2(6) = 7 + 1.89279 + 3.5 + 0.38685 = 12.77964
#   IDCG@5 = 7 + 7/log2(3) + 3/2 + 3/log2(5) + 1/log2(6)
#          = 7 + 4.41651 + 1.5 + 1.29203 + 0.38685 = 14.59539;  nDCG@5 = 0.87559
EXPONENTIAL = (7 + 3 / log2(3) + 7 / 2 + 1 / log2(6)) / (
    7 + 7 / log2(3) + 3 / 2 + 3 / log2(5) + 1 / log2(6)
)


def test_ndcg_under_linear_and_exponential_gain():
    assert LINEAR == pytest.approx(0.86104, abs=1e-5)
    assert measure("nDCG@5", GRADES, unretrieved=UNRETRIEVED).value == pytest.approx(LINEAR)
    textbook = measure("nDCG@5", GRADES, unretrieved=UNRETRIEVED, convention="Textbook")
    assert textbook.value == pytest.approx(EXPONENTIAL)
    assert EXPONENTIAL == pytest.approx(0.87559, abs=1e-5)
    # the same preset given as a Convention, and the name's own parameter
    assert measure("nDCG@5", GRADES, unretrieved=UNRETRIEVED, convention=TEXTBOOK).value == (
        pytest.approx(EXPONENTIAL)
    )
    exp = measure("nDCG(dcg='exp-log2')@5", GRADES, unretrieved=UNRETRIEVED)
    assert exp.value == pytest.approx(EXPONENTIAL)


def test_binary_measures_by_hand():
    # P(rel=2)@5: grades >= 2 at ranks 1, 2, 3 -> 3/5
    assert measure("P(rel=2)@5", GRADES).value == pytest.approx(3 / 5)
    # AP of 1, 0, 1 with one more relevant document not retrieved: (1/1 + 2/3) / 3
    assert measure("AP", [1, 0, 1], unretrieved=[1]).value == pytest.approx((1 + 2 / 3) / 3)
    # R@3 of the same: 2 found of R = 3
    assert measure("R@3", [1, 0, 1], unretrieved=[1]).value == pytest.approx(2 / 3)
    # RR of 0, None (unjudged), 1: the first relevant is at rank 3
    assert measure("RR", [0, None, 1]).value == pytest.approx(1 / 3)


def test_scores_order_the_list_with_the_conventions_tie_rule():
    # a (grade 0) and c (grade 1) tie at 0.9: trec_eval puts the larger doc id first (c, a, b),
    # ranx keeps the input order (a, c, b)
    args = ([0, 1, 1],)
    kwargs = {"doc_ids": ["a", "b", "c"], "scores": [0.9, 0.5, 0.9]}
    assert measure("RR", *args, **kwargs).value == 1.0
    assert measure("RR", *args, **kwargs, convention="RANX NDCG").value == 0.5


# One query: retrieved d1..d6 by score (d3 and d5 tie), d4 not judged, d7 and d8 judged and
# not retrieved. The batch reads it as a collection; `measure` as one list.
RUN = {"d1": 2.0, "d2": 1.5, "d3": 1.0, "d4": 0.9, "d5": 1.0, "d6": 0.2}
QRELS = {"d1": 1, "d2": 0, "d3": 2, "d5": 3, "d6": 1, "d7": 2, "d8": 0}
# By hand. trec_eval's order (score descending, a tie by doc id descending): d1, d2, d5, d3,
# d4, d6, with grades 1, 0, 3, 2, unjudged, 1. Relevant (grade >= 1): d1, d5, d3, d6 and the
# unretrieved d7, so R = 5; grade >= 2: d5, d3 (and d7). Linear gain; the ideal ranking is
# every judged grade, 3, 2, 2, 1, 1, 0, 0.
_IDCG5 = 3 + 2 / log2(3) + 2 / log2(4) + 1 / log2(5) + 1 / log2(6)  # = 6.07939
HAND = {
    # DCG@5 = 1 + 0 + 3/log2(4) + 2/log2(5) + 0 = 3.36135; / 6.07939 = 0.55291
    "nDCG@5": (1 + 3 / log2(4) + 2 / log2(5)) / _IDCG5,
    # no cutoff: rank 6 adds 1/log2(7); the ideal's ranks 6 and 7 have grade 0 -> 0.61150
    "nDCG": (1 + 3 / log2(4) + 2 / log2(5) + 1 / log2(7)) / _IDCG5,
    "P@3": 2 / 3,  # d1, d5 relevant among d1, d2, d5
    "P(rel=2)@5": 2 / 5,  # d5 (3) and d3 (2) among the top 5
    "R@5": 3 / 5,  # d1, d5, d3 of R = 5
    "AP": (1 / 1 + 2 / 3 + 3 / 4 + 4 / 6) / 5,  # relevant at ranks 1, 3, 4, 6; R = 5
    "RR": 1.0,  # d1 at rank 1
    # ERR, top grade 4 (the preset's): R_i = (2^g - 1) / 16 = 1/16, 0, 7/16, 3/16, 0
    # = 1/16 + (1/3)(7/16)(15/16) + (1/4)(3/16)(15/16)(9/16) = 0.22394
    "ERR@5": 1 / 16 + (1 / 3) * (7 / 16) * (15 / 16) + (1 / 4) * (3 / 16) * (15 / 16) * (9 / 16),
    # graded RBP, g / gmax with gmax = 3 (the scale's top): (1 - p) sum g_i/3 p^(i-1)
    "RBP(p=0.8)": 0.2 * (1 / 3 + 3 / 3 * 0.8**2 + 2 / 3 * 0.8**3 + 1 / 3 * 0.8**5),
    # binary, grade >= 2 at ranks 3 and 4: (1 - 0.5)(0.5^2 + 0.5^3) = 0.1875
    "RBP(p=0.5,rel=2)": 0.5 * (0.5**2 + 0.5**3),
    # R = 5, N = 2 judged non-relevant (d2, d8): d1 has none above it (1), d5, d3, d6 have d2
    # above (1 - 1/min(R, N) = 1/2 each): (1 + 3 * 0.5) / 5
    "Bpref": (1 + 3 * 0.5) / 5,
}
NAMES = list(HAND)


def _one_list(name: str, convention=TREC_EVAL_NDCG_CUT) -> float:
    docs = list(RUN)
    return measure(
        name,
        [QRELS.get(d) for d in docs],
        doc_ids=docs,
        scores=[RUN[d] for d in docs],
        unretrieved=[g for d, g in QRELS.items() if d not in RUN],
        convention=convention,
    ).value


def test_the_default_convention_is_the_collection_codes():
    default = inspect.signature(measure).parameters["convention"].default
    assert default is inspect.signature(evaluate).parameters["convention"].default


@pytest.mark.parametrize("name", NAMES)
def test_one_query_by_hand(name):
    assert _one_list(name) == pytest.approx(HAND[name], abs=1e-12)


def test_one_query_equals_trec_eval_through_pytrec_eval():
    measures = {"ndcg_cut.5", "ndcg", "P.3", "recall.5", "recip_rank", "map", "bpref"}
    ref = pytrec_eval.RelevanceEvaluator({"q1": QRELS}, measures).evaluate({"q1": RUN})["q1"]
    at_2 = pytrec_eval.RelevanceEvaluator({"q1": QRELS}, {"P.5"}, relevance_level=2)
    ref["P_5_rel_2"] = at_2.evaluate({"q1": RUN})["q1"]["P_5"]
    pairs = {
        "nDCG@5": "ndcg_cut_5",
        "nDCG": "ndcg",
        "P@3": "P_3",
        "P(rel=2)@5": "P_5_rel_2",
        "R@5": "recall_5",
        "RR": "recip_rank",
        "AP": "map",
        "Bpref": "bpref",
    }
    for name, key in pairs.items():
        assert ref[key] == pytest.approx(HAND[name], abs=1e-12), name  # the hand-work
        assert _one_list(name) == pytest.approx(ref[key], abs=1e-12), name


def test_binary_rbp_equals_ir_measures():
    ref = ir_measures.calc_aggregate(
        [ir_measures.parse_measure("RBP(p=0.5,rel=2)")], {"q1": QRELS}, {"q1": RUN}
    )
    value = next(iter(ref.values()))
    assert value == pytest.approx(HAND["RBP(p=0.5,rel=2)"], abs=1e-12)
    assert _one_list("RBP(p=0.5,rel=2)") == pytest.approx(value, abs=1e-12)


@pytest.mark.parametrize("name", NAMES)
def test_one_query_agrees_with_the_collection_code_consistency(name):
    """Consistency between two parts of rankwork (one list and the batch code), not the source
    of truth: the values themselves are checked by hand and against the tools above."""
    qrels = pd.DataFrame({"qid": "q1", "docno": list(QRELS), "rel": list(QRELS.values())})
    run = pd.DataFrame({"qid": "q1", "docno": list(RUN), "score": list(RUN.values())})
    batch = evaluate(qrels, run, [name]).per_query.loc["q1", name]
    assert _one_list(name) == pytest.approx(batch, abs=1e-12)


def test_the_result_records_the_family_and_the_names_convention():
    result = measure("P(rel=2)@5", GRADES)
    assert result.family == "P"
    assert result.convention.rel_threshold == 2
    assert result.convention.gain == TREC_EVAL_NDCG_CUT.gain


def test_the_result_keeps_the_name_as_given_and_names_the_conventions_changes():
    # the name's parameters change the convention: its name says what changed, as the app's
    # settings name a modified preset; a name whose parameters change nothing keeps the preset
    result = measure("nDCG(dcg='exp-log2')@5", GRADES)
    assert result.name == "nDCG(dcg='exp-log2')@5"
    assert result.convention.name == "trec_eval ndcg_cut + exponential gain"
    assert result.convention.gain == "exponential"
    plain = measure("P(rel=1)@5", GRADES)
    assert plain.name == "P(rel=1)@5" and plain.convention is TREC_EVAL_NDCG_CUT


# --- the worked solution ----------------------------------------------------------------------

# The check page's default list (the Playground's): grades 3, 2, 3, 0, 1, 2, judged but not
# retrieved 3 and 2, k = 5, Textbook.
PAGE = Scenario(Ranking.build([3, 2, 3, 0, 1, 2], unretrieved=[3, 2]), TEXTBOOK, 5)


@pytest.mark.parametrize(
    ("family", "name"),
    [
        ("nDCG", "nDCG@5"),
        ("DCG", "DCG@5"),
        ("ERR", "ERR@5"),
        ("P", "P@5"),
        ("AP", "AP@5"),
        ("RR", "RR@5"),
        ("R", "R@5"),
    ],  # fmt: skip
)
def test_latex_is_the_check_pages_working(family, name):
    page = working.lines(family, correct(family, PAGE), TEXTBOOK)
    result = measure(name, [3, 2, 3, 0, 1, 2], unretrieved=[3, 2], convention="Textbook")
    assert result.latex() == "\n".join(rf"\[ {line.display} \]" for line in page)


def test_latex_of_ndcg_by_hand():
    # DCG@5 under Textbook: 7 + 3/log2(3) + 7/2 + 0 + 1/log2(6) = 7 + 1.8928 + 3.5 + 0 + 0.3869
    text = measure("nDCG@5", GRADES, unretrieved=UNRETRIEVED, convention="Textbook").latex()
    assert text.count(r"\[") == 3  # DCG, IDCG, nDCG
    assert r"\frac{2^{3}-1}{\log_2 2} + \frac{2^{2}-1}{\log_2 3}" in text
    assert "7 + 1.8928 + 3.5 + 0 + 0.3869" in text
    assert rf"= {EXPONENTIAL:.4f} \]" in text


def test_markdown_has_the_value_the_formula_and_the_table():
    text = measure("P(rel=2)@5", GRADES).markdown()
    header = "**P(rel=2)@5** = 0.6 (convention: trec_eval ndcg_cut + relevant if ≥ 2)\n"
    assert text.startswith(header)
    # the working writes the family's formula; its remark states the threshold
    assert "$$\n\\mathrm{P@5} = \\frac{3}{5} = 0.6\n$$" in text
    assert "3 of the top 5 are relevant (judged, grade >= 2)" in text
    assert "| rank | doc_id | grade |" in text
    assert "| 4 | d4 | 0 |" in text  # rank 4, grade 0


# Each name's header and value, by hand, on GRADES = 3, 2, 3, 0, 1 (UNRETRIEVED 2 for nDCG).
HEADERS = [
    # P@5: grades >= 1 at ranks 1, 2, 3, 5 -> 4/5
    ("P@5", 4 / 5, "**P@5** = 0.8 (convention: trec_eval ndcg_cut)"),
    # grades >= 2 at ranks 1, 2, 3 -> 3/5
    (
        "P(rel=2)@5",
        3 / 5,
        "**P(rel=2)@5** = 0.6 (convention: trec_eval ndcg_cut + relevant if ≥ 2)",
    ),
    # exponential gain: EXPONENTIAL, worked at the top of this file
    (
        "nDCG(dcg='exp-log2')@5",
        EXPONENTIAL,
        "**nDCG(dcg='exp-log2')@5** = 0.8756 (convention: trec_eval ndcg_cut + exponential gain)",
    ),
    # binary RBP, grade >= 2 at ranks 1, 2, 3: (1 - 0.5)(1 + 0.5 + 0.25) = 0.875
    (
        "RBP(p=0.5,rel=2)",
        0.5 * (1 + 0.5 + 0.25),
        "**RBP(p=0.5,rel=2)** = 0.875 (convention: trec_eval ndcg_cut + RBP p = 0.5 "
        "+ binary RBP gain + relevant if ≥ 2)",
    ),
]


@pytest.mark.parametrize(("name", "value", "header"), HEADERS)
def test_the_header_names_the_measure_as_given_and_its_effective_convention(name, value, header):
    result = measure(name, GRADES, unretrieved=UNRETRIEVED)
    assert result.name == name
    assert result.value == pytest.approx(value, abs=1e-12)
    assert result.markdown().splitlines()[0] == header
    html_header = header.replace(f"**{name}**", f"<b>{name}</b>").replace("'", "&#x27;")
    assert f"<p>{html_header}</p>" in result._repr_html_()


def test_a_doc_id_with_a_line_break_or_a_bar_stays_in_its_cell():
    docs = ["a|b", "x\ny", "c\\|d", "e\r\nf"]
    text = measure("P@2", [1, 0, 1, 1], doc_ids=docs).markdown()
    table = text[text.index("| rank |") :].splitlines()
    assert len(table) == 2 + len(docs)  # the header, its rule, one line a document
    # "|" and a backslash are escaped (so c\|d keeps its bar escaped); a line break is <br>
    for line, shown in zip(table[2:], ["a\\|b", "x<br>y", "c\\\\\\|d", "e<br>f"], strict=True):
        cells = re.split(r"(?<!\\)\|", line.strip())[1:-1]  # split on the bars not escaped
        assert len(cells) == 9 and cells[1].strip() == shown


def test_repr_html_shows_the_value_the_formula_and_the_table_escaped():
    docs = ["a", "<b>x</b>", "c", "d", "e"]
    page = measure("nDCG@5", GRADES, unretrieved=UNRETRIEVED, doc_ids=docs)._repr_html_()
    assert "<b>nDCG@5</b> = 0.861 " in page  # 0.86104 to 4 decimals, its trailing 0 dropped
    assert "$$" in page and r"\frac{\mathrm{DCG@5}}{\mathrm{IDCG@5}}" in page
    assert "&lt;b&gt;x&lt;/b&gt;" in page and "<b>x</b>" not in page
    # the table: rank 2's discount 1/log2(3) and contribution 2/log2(3), to 4 decimals
    assert f"<td>{1 / log2(3):.4f}</td>" in page
    assert f"<td>{2 / log2(3):.4f}</td>" in page
    assert "nan" not in page.lower()


def test_a_result_without_its_context_has_no_working_but_shows_value_and_table():
    table = pd.DataFrame({"rank": [1, 2], "doc_id": ["a", "b"], "contribution": [0.5, 0.25]})
    bare = Result("P@2", 0.75, table)
    with pytest.raises(ValueError, match=r"P@2 does not record its measure family"):
        bare.latex()
    text = bare.markdown()
    assert text.startswith("**P@2** = 0.75") and "| 2 | b | 0.25 |" in text and "$$" not in text
    page = bare._repr_html_()
    assert "= 0.75" in page and "<td>0.25</td>" in page and "$$" not in page


def test_a_measure_without_a_working_says_so():
    result = measure("Bpref", [1, 0, 1], unretrieved=[0])
    with pytest.raises(ValueError, match=r"Bpref has no worked solution; .*nDCG"):
        result.latex()
    assert "$$" not in result._repr_html_()
    # R = 2 relevant, N = 2 judged nonrelevant (d2 and the unretrieved one); the relevant at
    # rank 1 has no nonrelevant above it (1 - 0/2), the one at rank 3 has d2 (1 - 1/2):
    # bpref = (1 + 0.5) / 2 = 0.75; markdown gives the value and the table, no working
    text = result.markdown()
    assert text.startswith("**Bpref** = 0.75") and "$$" not in text and "| 3 | d3 |" in text


def test_errors_name_the_bad_value():
    with pytest.raises(
        ValueError, match=r"Unknown preset 'trec_eval 11'; choose one of: Textbook, "
    ):
        measure("nDCG@5", GRADES, convention="trec_eval 11")
    with pytest.raises(MeasureNameError, match="nDGC"):
        measure("nDGC@5", GRADES)
    with pytest.raises(ValueError, match=r"Grade at rank 2: 'x' is not a number"):
        measure("nDCG@5", [1, "x"])


@pytest.mark.parametrize(
    ("arguments", "error"),
    [
        ((None, GRADES), r"The measure name must be a string such as 'nDCG@10' .*; got None\."),
        (("nDCG@5", None), r"^grades must be a list, tuple or array .*; got None\.$"),
        (("nDCG@5", "321"), r"^grades must be a list, .*; got '321'\.$"),
        (("nDCG@5", 3), r"^grades must be a list, .*; got 3\.$"),
    ],
)
def test_a_name_or_grades_of_the_wrong_kind_are_named(arguments, error):
    with pytest.raises(ValueError, match=error):
        measure(*arguments)


def test_the_other_lists_of_the_wrong_kind_are_named():
    with pytest.raises(RankingError, match=r"^unretrieved must be a list, .*; got None\.$"):
        measure("nDCG@5", GRADES, unretrieved=None)
    with pytest.raises(RankingError, match=r"^doc_ids must be a list, .*; got 'abcde'\.$"):
        measure("nDCG@5", GRADES, doc_ids="abcde")
    with pytest.raises(RankingError, match=r"^scores must be a list, .*; got b'12345'\.$"):
        measure("nDCG@5", GRADES, scores=b"12345")
    # any iterable of values is read: a generator, a tuple
    assert measure("P@2", (g for g in [1, 0]), unretrieved=(1,)).value == 0.5


def test_a_list_users_errors_speak_of_grades_not_of_the_apps_cells_and_rows():
    # rankwork.measure has no grid: a wrong grade or a judged document without a grade is said
    # in words that fit a Python list as well as the Playground's cells
    with pytest.raises(RankingError) as wrong:
        measure("nDCG@3", [1, "x"])
    with pytest.raises(RankingError) as missing:
        measure("nDCG@3", [1], unretrieved=[None])
    for error in (wrong, missing):
        text = str(error.value)
        assert "cell" not in text and "row" not in text, text
    assert str(wrong.value) == (
        "Grade at rank 2: 'x' is not a number. Grades are numbers (0, 1, 2, ...); leave the "
        "grade empty for an unjudged document."
    )
    assert "needs a grade, and one has none: give its grade, or leave it out." in str(missing.value)


def test_a_doc_id_that_looks_like_markdown_is_shown_as_written():
    # emphasis, a code span, an HTML tag, Jupyter's $ math, underscores and a bar in doc ids
    from tests.markdown_text import formed_elements, shown

    docs = ["*a*", "`x`", "<b>y</b>", "$z$", "_w_", "a|b"]
    text = measure("P@2", [1, 0, 1, 1, 0, 1], doc_ids=docs).markdown()
    assert all(doc in shown(text) for doc in docs)
    table_tags = {"table", "thead", "tbody", "tr", "th", "td"}
    assert formed_elements(text) <= table_tags | {"strong"}  # the value line's bold name
    assert "| rank | doc_id | grade |" in text  # the column names read as they are
