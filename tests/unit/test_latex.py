"""rankwork.core.working.latex: the working with numbers substituted, checked against hand
arithmetic.

Expected numbers are worked out here by hand (the issue's example: grades 3, 2, 3 under the
textbook convention give DCG@3 = 7 + 3/log2(3) + 7/2 = 12.393), never by calling the core for
the expected value; the core only produces the Result that it renders.
"""

from __future__ import annotations

import math
import re
from math import log2

import pytest

import i18n
from rankwork.core.conventions import GDEVAL, JK2002, SKLEARN, TEXTBOOK, TREC_EVAL_NDCG_CUT
from rankwork.core.intents import Intents
from rankwork.core.ranking import Ranking
from rankwork.core.scenario import Scenario, correct
from rankwork.core.working import latex
from rankwork.core.working import lines as working
from rankwork.explore.report import evaluate
from tests.in_language import in_language
from ui.playground import calculation

ISSUE_LIST = Ranking.build([3, 2, 3, 0, 1, 2], unretrieved=[3, 2], scale_max=4)


def test_number_rounds_and_strips_trailing_zeros() -> None:
    assert latex.number(7.0, 3) == "7"
    assert latex.number(3 / math.log2(3), 3) == "1.893"
    assert latex.number(3.5, 4) == "3.5"
    assert latex.number(-0.00001, 3) == "0"
    assert latex.number(12.392789, 0) == "12"


def test_dcg_at_3_is_the_issue_example() -> None:
    report = evaluate(ISSUE_LIST, TEXTBOOK, 3)
    line = latex.dcg(report.results["DCG"], TEXTBOOK, decimals=3)
    dcg = 7 + 3 / math.log2(3) + 7 / 2  # 12.3928
    assert line.tex == (
        r"\mathrm{DCG@3} = \frac{2^{3}-1}{\log_2 2} + \frac{2^{2}-1}{\log_2 3} + "
        r"\frac{2^{3}-1}{\log_2 4} = 7 + 1.893 + 3.5 = " + f"{dcg:.3f}"
    )
    assert line.text == (
        "DCG@3 = (2^3-1)/log2(2) + (2^2-1)/log2(3) + (2^3-1)/log2(4) = 7 + 1.893 + 3.5 = 12.393"
    )


def test_idcg_and_ndcg_at_3() -> None:
    report = evaluate(ISSUE_LIST, TEXTBOOK, 3)
    # the ideal ranking of the judged pool 3,2,3,0,1,2 + 3,2 starts 3, 3, 3
    idcg = 7 + 7 / math.log2(3) + 7 / 2  # 14.9165
    dcg = 7 + 3 / math.log2(3) + 7 / 2
    line = latex.idcg(report.results["IDCG"], TEXTBOOK, decimals=3)
    assert line.text.endswith(f"= 7 + 4.417 + 3.5 = {idcg:.3f}")
    assert r"\frac{2^{3}-1}{\log_2 3}" in line.tex
    ndcg = latex.ndcg(report.results["nDCG"], decimals=4)
    assert ndcg.tex == (
        r"\mathrm{nDCG@3} = \frac{\mathrm{DCG@3}}{\mathrm{IDCG@3}} = "
        rf"\frac{{{dcg:.4f}}}{{{idcg:.4f}}} = {dcg / idcg:.4f}"
    )


@pytest.mark.parametrize(
    ("convention", "first_terms", "total"),
    [
        # linear gain: 3/log2(2) + 2/log2(3)
        (TREC_EVAL_NDCG_CUT, r"\frac{3}{\log_2 2} + \frac{2}{\log_2 3}", 3 + 2 / math.log2(3)),
        # gdeval: natural log, exponential gain
        (
            GDEVAL,
            r"\frac{2^{3}-1}{\ln 2} + \frac{2^{2}-1}{\ln 3}",
            7 / math.log(2) + 3 / math.log(3),
        ),
        # Järvelin & Kekäläinen rank-b, b = 2: ranks 1 and 2 weigh 1 (1/log2(2) = 1 at rank 2)
        (JK2002, r"\frac{3}{1} + \frac{2}{\log_2 2}", 3 + 2),
        (
            TEXTBOOK.with_(discount="reciprocal"),
            r"\frac{2^{3}-1}{1} + \frac{2^{2}-1}{2}",
            7 + 3 / 2,
        ),
        (TEXTBOOK.with_(discount="geometric", discount_p=0.5), r"(2^{3}-1) \cdot 0.5^{0}", 7 + 1.5),
        (
            TEXTBOOK.with_(log_base=10.0),
            r"\frac{2^{3}-1}{\log_{10} 2}",
            7 / math.log10(2) + 3 / math.log10(3),
        ),
    ],
)
def test_dcg_symbols_follow_the_convention(convention, first_terms, total) -> None:
    report = evaluate(Ranking.build([3, 2], scale_max=4), convention, 2)
    line = latex.dcg(report.results["DCG"], convention, decimals=4)
    assert line.tex.startswith(r"\mathrm{DCG@2} = " + first_terms)
    assert line.text.endswith(f"= {latex.number(total, 4)}")


def test_custom_gains_and_tie_averaged_gains_are_written_as_numbers() -> None:
    custom = TEXTBOOK.with_(gain="custom", gain_map=((0, 0), (1, 1), (2, 5), (3, 10)))
    report = evaluate(Ranking.build([3, 2], scale_max=4), custom, 2)
    assert latex.dcg(report.results["DCG"], custom, 3).tex.startswith(
        r"\mathrm{DCG@2} = \frac{10}{\log_2 2} + \frac{5}{\log_2 3}"
    )
    # scikit-learn averages the gains of tied scores: grades 3 and 1 tied -> gain (3 + 1) / 2 = 2
    tied = Ranking.build([3, 1], scores=[0.5, 0.5], scale_max=4)
    line = latex.dcg(evaluate(tied, SKLEARN, 2).results["DCG"], SKLEARN, 3)
    assert line.tex.startswith(r"\mathrm{DCG@2} = \frac{2}{\log_2 2} + \frac{2}{\log_2 3}")
    assert line.text.endswith(f"= {2 + 2 / math.log2(3):.3f}")


def test_unjudged_documents_gain_zero_in_the_working() -> None:
    report = evaluate(Ranking.build([3, None, 1], scale_max=4), TEXTBOOK, 3)
    line = latex.dcg(report.results["DCG"], TEXTBOOK, 3)
    assert r"\frac{0}{\log_2 3}" in line.tex
    assert line.text.endswith(f"= 7 + 0 + 0.5 = {7 + 1 / 2:.1f}")


def test_ndcg_with_nothing_relevant_says_why() -> None:
    report = evaluate(Ranking.build([0, 0], scale_max=4), TEXTBOOK, 2)
    line = latex.ndcg(report.results["nDCG"], 4)
    assert line.text == "nDCG@2 = DCG@2 / IDCG@2 = 0"
    assert "IDCG is 0" in line.note


def test_err_working() -> None:
    report = evaluate(Ranking.build([3, 2], scale_max=4), TEXTBOOK, 2)
    rule, total = latex.err(report.results["ERR"], 4)
    # R_i = (2^g - 1)/2^4: R_1 = 7/16 = 0.4375, R_2 = 3/16 = 0.1875
    assert "R_1 = (2^3-1)/2^4 = 0.4375" in rule.text
    assert "R_2 = (2^2-1)/2^4 = 0.1875" in rule.text
    # ERR = 1 * 7/16 + 1/2 * 3/16 * (1 - 7/16)
    err = 7 / 16 + 0.5 * 3 / 16 * 9 / 16
    assert r"\frac{1}{2} \cdot 0.1875 \cdot 0.5625" in total.tex
    assert total.text.endswith(f"= 0.4375 + 0.0527 = {err:.4f}")


def test_rbp_working_with_residual_and_interval() -> None:
    report = evaluate(Ranking.build([4, None, 2], scale_max=4), TEXTBOOK, 3)
    total, residual, interval = latex.rbp(report.results["RBP"], 4)
    # r_i = g/4: 1, 0 (unjudged), 0.5; weights 0.2 * 0.8^(i-1)
    rbp = 0.2 * (1 + 0.5 * 0.8**2)  # 0.264
    assert total.tex.startswith(r"\mathrm{RBP(p=0.8)} = (1-0.8) \left(1 \cdot 0.8^{0} + 0")
    assert total.text.endswith(f"= {rbp:g}")
    # residual: the unjudged rank 2 (0.2 * 0.8) and the tail 0.8^3 beyond the list
    res = 0.2 * 0.8 + 0.8**3  # 0.672
    assert residual.text.endswith(f"= 0.16 + 0.512 = {res:g}")
    assert interval.text == f"RBP(p=0.8) in [{rbp:g}, {rbp + res:g}]"


@pytest.mark.parametrize("lang", ["zh", "vi"])
def test_the_rbp_residuals_words_are_in_the_language(lang) -> None:
    # "residual" and "unjudged" inside the formula are words a student reads: translated, as
    # text KaTeX sets in any script (not \mathrm, which loses spaces and accents)
    report = evaluate(Ranking.build([4, None, 2], scale_max=4), TEXTBOOK, 3)
    translated = i18n.translations(lang).gettext
    residual = in_language(lang, lambda: latex.rbp(report.results["RBP"], 4)[1])
    assert "residual" not in residual.tex + residual.text
    assert "unjudged" not in residual.tex + residual.text
    assert residual.lhs.tex == rf"\text{{{translated('residual')}}}"
    assert rf"\sum_{{i\ \text{{{translated('unjudged')}}}}}" in residual.tex
    assert residual.text.endswith("= 0.16 + 0.512 = 0.672")  # 0.2 * 0.8 + 0.8^3, as above


def test_long_sums_are_elided_with_a_note() -> None:
    report = evaluate(Ranking.build([1] * 30, scale_max=4), TEXTBOOK, 30)
    line = latex.dcg(report.results["DCG"], TEXTBOOK, 3)
    assert r"\cdots" in line.tex and "..." in line.text
    assert line.tex.count(r"\frac") == latex.HEAD + latex.TAIL
    assert line.note == "30 terms; the first 6 and last 2 are shown."


def test_copyable_renderings() -> None:
    report = evaluate(ISSUE_LIST, TEXTBOOK, 3)
    lines = [latex.dcg(report.results["DCG"], TEXTBOOK, 3), latex.ndcg(report.results["nDCG"], 3)]
    tex = latex.to_latex(lines)
    assert tex.splitlines()[0] == rf"\[ {lines[0].tex} \]"
    md = latex.to_markdown(lines)
    assert md.splitlines()[0] == f"- `{lines[0].text}`"


def test_a_long_working_is_shown_one_equals_sign_a_row() -> None:
    # DCG@6 of the issue's list, gain 2^g - 1: 7 + 3/log2(3) + 7/2 + 0 + 1/log2(6) + 3/log2(7)
    report = evaluate(ISSUE_LIST, TEXTBOOK, 6)
    line = latex.dcg(report.results["DCG"], TEXTBOOK, 4)
    assert line.display == (
        r"\begin{aligned}"
        r"\mathrm{DCG@6} &= \frac{2^{3}-1}{\log_2 2} + \frac{2^{2}-1}{\log_2 3} + "
        r"\frac{2^{3}-1}{\log_2 4} + \frac{2^{0}-1}{\log_2 5} + \frac{2^{1}-1}{\log_2 6} + "
        r"\frac{2^{2}-1}{\log_2 7} \\ "  # six fractions, each as wide as "log2 7": 6 + 5*3 + 36
        r"&= 7 + 1.8928 + 3.5 + 0 + 0.3869 + 1.0686 \\ "
        r"&= 13.8483"
        r"\end{aligned}"
    )
    # the copyable LaTeX stays one equation
    assert latex.to_latex([line]) == rf"\[ {line.tex} \]" and r"\\" not in line.tex


def test_err_stop_probabilities_continue_on_rows() -> None:
    # R_i = (2^g - 1)/2^4 for grades 3, 2, 3, 0, 1, 2: 7/16, 3/16, 7/16, 0, 1/16, 3/16
    report = evaluate(ISSUE_LIST, TEXTBOOK, 6)
    rule = latex.err(report.results["ERR"], 4)[0]
    rows = rule.display.removeprefix(r"\begin{aligned}").removesuffix(r"\end{aligned}")
    rows = rows.split(r" \\ ")
    assert len(rows) > 1 and all(row.startswith("&") for row in rows)
    assert all(row.endswith(",") for row in rows[:-1])
    values = re.findall(r"= ([\d.]+)", rule.display)
    assert values == ["0.4375", "0.1875", "0.4375", "0", "0.0625", "0.1875"]


def test_a_short_working_stays_whole_and_rbp_continues_inside_its_brackets() -> None:
    short = evaluate(ISSUE_LIST, TEXTBOOK, 3)
    line = latex.dcg(short.results["DCG"], TEXTBOOK, 3)
    assert line.display == line.tex  # 88 characters: one row
    # RBP's sum inside its parentheses continues on a second row:
    # (1-0.8)(3/4*0.8^0 + 2/4*0.8^1 + 3/4*0.8^2 + 0*0.8^3 + 1/4*0.8^4 + 2/4*0.8^5 + ...)
    report = evaluate(Ranking.build([3, 2, 3, 0, 1, 2, 1, 1, 2, 1], scale_max=4), TEXTBOOK, 10)
    total = latex.rbp(report.results["RBP"], 4)[0]
    rows = total.display.split(r" \\ ")
    assert rows[0].startswith(r"\begin{aligned}\mathrm{RBP(p=0.8)} &= (1-0.8) \bigl(0.75 \cdot")
    sum_rows = [i for i, row in enumerate(rows) if row.startswith(r"&\quad + ")]
    assert sum_rows[:2] == [1, 2] and rows[2].endswith(r"\bigr)")  # three rows of terms
    # gains g/4 times 0.8^(i-1): 0.75, 0.4, 0.48, 0, 0.1024, 0.16384, 0.065536, 0.0524288,
    # 0.08388608, 0.033554432; their sum times 1 - 0.8
    rbp = 0.2 * (0.75 + 0.4 + 0.48 + 0.1024 + 0.16384 + 0.065536 + 0.0524288 + 0.08388608
                 + 0.033554432)  # fmt: skip
    assert f"{rbp:.4f}" == "0.4263"
    # the total shown is what the terms shown add up to: 0.15 + 0.08 + 0.096 + 0 + 0.0205 +
    # 0.0328 + 0.0131 + 0.0105 + 0.0168 + 0.0067 = 0.4264 (each 0.2 * term rounded to 4
    # decimals), and the note gives the unrounded value
    assert rows[-1] == "&= 0.4264" + r"\end{aligned}"
    assert "0.4264" in total.note and f"{rbp:.6f}" in total.note


def test_every_row_fits_the_width_of_an_expander_at_1280_px() -> None:
    # RBP's working on the Playground at 1280 px: one row of (1-0.8)(...) with six terms and
    # the left side was 796 px in a 786 px box, so its end was cut; each row, left side
    # included, now holds at most ROW_WIDTH shown characters
    report = evaluate(Ranking.build([3, 2, 3, 0, 1, 2, 1, 1, 2, 1], scale_max=4), TEXTBOOK, 10)
    for family in ("DCG", "ERR", "RBP"):
        for line in working.lines(family, report.results[family], TEXTBOOK, 4):
            rows = line.display.removeprefix(r"\begin{aligned}").split(r" \\ ")
            lhs = latex._shown_width(line.lhs.tex) + 3 if line.sides else 0
            for row in rows:
                width = latex._shown_width(row) + (lhs if row.startswith("&") else 0)
                assert width <= latex.ROW_WIDTH, row
    # a fraction is as wide as its wider part; commands count as the symbol they draw
    assert latex._shown_width(r"\frac{2^{3}-1}{\log_2 2}") == len("log2 2")
    assert latex._shown_width(r"0.75 \cdot 0.8^{0}") == len("0.75 x 0.80")


def test_a_total_is_the_sum_of_its_terms_as_shown() -> None:
    # issue 25: grades 1, 3, 0, 3, 0 with grades 2, 1 missed, Textbook, k = 5 (exercise 1 of
    # round 1). The ideal ranking 3, 3, 2, 1, 1: IDCG@5 = 7/log2(2) + 7/log2(3) + 3/log2(4) +
    # 1/log2(5) + 1/log2(6) = 7 + 4.41650 + 1.5 + 0.43068 + 0.38685 = 13.73404, shown 13.734,
    # while its terms rounded to 4 decimals add up to 7 + 4.4165 + 1.5 + 0.4307 + 0.3869 =
    # 13.7341.
    exact = 7 + 7 / log2(3) + 3 / 2 + 1 / log2(5) + 1 / log2(6)
    ranking = Ranking.build([1, 3, 0, 3, 0], unretrieved=[2, 1], scale_max=3)
    line = latex.idcg(evaluate(ranking, TEXTBOOK, 5).results["IDCG"], TEXTBOOK, 4)
    assert line.text.endswith("= 7 + 4.4165 + 1.5 + 0.4307 + 0.3869 = 13.7341")
    assert f"{exact:.6f}" in line.note and "13.7341" in line.note
    # a sum whose rounded terms add up to the rounded total says nothing more: DCG@5 = 1 +
    # 7/log2(3) + 0 + 7/log2(5) + 0 = 1 + 4.4165 + 0 + 3.0147 + 0 = 8.4312
    dcg = latex.dcg(evaluate(ranking, TEXTBOOK, 5).results["DCG"], TEXTBOOK, 4)
    assert dcg.text.endswith("= 1 + 4.4165 + 0 + 3.0147 + 0 = 8.4312") and not dcg.note


def test_the_condensed_working_primes_every_name_as_a_superscript() -> None:
    # [3, ?, 2, 0, 1, ?, 3] with a 2 missed, condensed to 3, 2, 0, 1, 3 (Sakai's nDCG′):
    # DCG′@6 = 7 + 3/log2(3) + 0 + 1/log2(5) + 7/log2(6); IDCG′@6 over the judged pool
    # 3, 3, 2, 2, 1, 0 = 7 + 7/log2(3) + 3/2 + 3/log2(5) + 1/log2(6)
    dcg = 7 + 3 / log2(3) + 1 / log2(5) + 7 / log2(6)
    idcg = 7 + 7 / log2(3) + 3 / 2 + 3 / log2(5) + 1 / log2(6)
    ranking = Ranking.build([3, None, 2, 0, 1, None, 3], unretrieved=[2])
    report = evaluate(ranking, TEXTBOOK, 6, condensed=True)
    line = latex.ndcg(report.results["nDCG"], 4)
    assert line.text == (f"nDCG′@6 = DCG′@6 / IDCG′@6 = {dcg:.4f} / {idcg:.4f} = {dcg / idcg:.4f}")
    primed = r"\mathrm{DCG}^{\prime}\mathrm{@6}"
    assert line.tex.startswith(r"\mathrm{nDCG}^{\prime}\mathrm{@6} = \frac{" + primed)
    # the character ′ in maths is KaTeX's \prime on the baseline ('DCG/@6'): never in the TeX
    for lines in calculation.workings(report, 4).values():
        assert all("′" not in one.tex and "′" not in one.display for one in lines)


def test_the_alpha_dcg_total_is_the_sum_of_its_terms_as_shown() -> None:
    # d1 {1,2}, d2 {1}, d3 none, d4 {3}, d5 {2,3}; α = 0.5, weights 1/3: novelty gains 2/3,
    # 1/6, 0, 1/3, 1/3 (tests/unit/test_diversity.py). α-DCG@5 = (2/3)/log2(2) +
    # (1/6)/log2(3) + 0 + (1/3)/log2(5) + (1/3)/log2(6) = 0.666667 + 0.105155 + 0.143559 +
    # 0.128951 = 1.044331, shown 1.0443, while its terms
    # rounded to 4 decimals add up to 0.6667 + 0.1052 + 0 + 0.1436 + 0.129 = 1.0445.
    exact = 2 / 3 + (1 / 6) / log2(3) + (1 / 3) / log2(5) + (1 / 3) / log2(6)
    sets = ["1,2", "1", "", "3", "2,3"]
    ranking = Ranking.build([1, 1, 0, 1, 1], ["d1", "d2", "d3", "d4", "d5"],
                            intents=Intents.build(sets))  # fmt: skip
    result = correct("alpha_nDCG", Scenario(ranking, TEXTBOOK, 5))
    dcg_line = next(
        line for line in working.lines("alpha_nDCG", result, TEXTBOOK) if "0.6667 + " in line.text
    )
    assert dcg_line.text.endswith("= 0.6667 + 0.1052 + 0 + 0.1436 + 0.129 = 1.0445")
    assert f"{exact:.6f}" in dcg_line.note and f"{exact:.4f}" == "1.0443"
