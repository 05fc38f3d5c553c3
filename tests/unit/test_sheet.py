"""The exercise sheet and its solutions, in Markdown and LaTeX (ui/exercises/sheet.py, no
Streamlit). Answers are checked against values worked by hand from the printed lists (seed 42, as in
test_exercises.py)."""

import subprocess
import threading
from math import log2

import pytest

import i18n
from rankwork.teaching.exercises import KINDS, generate
from ui.exercises import sheet

ROUND = generate(42)
DCG = 3 + 1 / log2(3) + 7 / 2 + 3 / log2(5)  # grades 2, 1, 3, 2, 0
IDCG = 7 + 7 / log2(3) + 7 / 2 + 3 / log2(5) + 3 / log2(6)  # pool 3,3,3,2,2,1,0


def test_the_sheet_has_every_question_and_no_answer():
    text = sheet.markdown(ROUND, link="https://ranklab.example/quiz?seed=42")
    assert text.startswith("# RankLab exercises, round 42\n")
    assert "https://ranklab.example/quiz?seed=42" in text
    assert text.count("## Exercise ") == 4
    assert "1. DCG@5 of the list ________" in text
    assert "Which list is better by nDCG@5? (A / B / Equal) ________" in text
    assert "Answer" not in text and f"{DCG / IDCG:.4f}" not in text


def test_the_solutions_give_each_answer_with_its_working():
    text = sheet.markdown(ROUND, solutions=True)
    assert f"**Answer: {DCG:.3f}**" in text  # 8.423 (trailing zero dropped)
    assert f"**Answer: {DCG / IDCG:.4f}**" in text
    assert f"nDCG@5 = DCG@5 / IDCG@5 = {DCG:.3f} / {IDCG:.4f} = {DCG / IDCG:.4f}" in text
    assert "(2^3-1)/log2(4)" in text  # the working names the convention's formula


def test_the_lists_are_tabulated():
    header, rows = sheet.lists_table(ROUND[1])
    assert header == ("rank", "list A", "list B")
    assert rows[0] == ("1", "e (2)", "f (1)")
    header, rows = sheet.lists_table(ROUND[0])
    assert header == ("rank", "grade") and [r[1] for r in rows] == ["2", "1", "3", "2", "0"]


def test_the_latex_document_is_complete_and_escaped():
    text = sheet.latex(ROUND, solutions=True)
    assert text.startswith(r"\documentclass[11pt]{article}")
    assert text.rstrip().endswith(r"\end{document}")
    for env in ("document", "enumerate", "center", "tabular"):
        assert text.count(rf"\begin{{{env}}}") == text.count(rf"\end{{{env}}}")
    assert text.count("{") == text.count("}")
    # the statement's formulas as maths: 'exponential gain 2^g - 1; discount 1/log2(i+1)'
    assert r"Exponential gain $2^{g}-1$; discount $1/\log_{2}(i+1)$" in text
    assert "textasciicircum" not in text
    assert r"e \textgreater{} c" in text  # 'List A ranks e > c > ...'
    assert r"\frac{2^{3}-1}{\log_2 4}" in text  # the working as display math
    # a five-term sum is continued on further rows (one line overran the page)
    assert r"\[ \begin{aligned}\mathrm{IDCG@5} &= " in text


def test_the_statements_formulas_are_typeset() -> None:
    assert sheet.tex_text("Relevant means grade >= 1. With α = 0.5, worth 0.5^c") == (
        r"Relevant means grade $\geq 1$. With $\alpha$ = 0.5, worth $0.5^{c}$"
    )
    assert sheet.tex_text("discount 0.8^(i-1); 1 for i < 2, then 1/ln(i)") == (
        r"discount $0.8^{i-1}$; 1 for $i < 2$, then $1/\ln(i)$"
    )


def test_escape_handles_the_special_characters():
    assert sheet.escape("50% of a_b & c#1 ≥ 2 → 3") == (r"50\% of a\_b \& c\#1 $\geq$ 2 $\to$ 3")
    # beyond Latin-1, no text font of the sheet has them: maths, in every language
    assert sheet.escape("α-nDCG … κ ≈ 0.5") == r"$\alpha$-nDCG \ldots{} $\kappa$ $\approx$ 0.5"


EVERY_KIND = generate(42, list(KINDS))
LINK = (
    "https://ranklab.example/exercises?seed=42&ex=dcg&ex=compare&ex=predict&ex=choose&ex=diversity"
)


@pytest.mark.parametrize(
    ("lang", "engine"), [("en", "pdflatex"), ("vi", "pdflatex"), ("zh", "xelatex")]
)
def test_the_latex_sheet_compiles_in_every_language(tmp_path, lang, engine):
    # a round with every kind of exercise (the diversity one writes α), its solutions, in the
    # session's language, which chooses the words and the preamble (ui.exercises.sheet.PREAMBLES);
    # the TeX programs and pdftotext are installed by scripts/test.sh
    made = {}

    def student() -> None:
        i18n.use(lang)
        made["tex"] = sheet.latex(EVERY_KIND, solutions=True, link=LINK)

    thread = threading.Thread(target=student)
    thread.start()
    thread.join()
    (tmp_path / "sheet.tex").write_text(made["tex"], encoding="utf-8")
    done = subprocess.run(
        [engine, "-interaction=nonstopmode", "-halt-on-error", "sheet.tex"],
        cwd=tmp_path, capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout[-2000:]
    if lang != "en":
        assert made["tex"] != sheet.latex(EVERY_KIND, solutions=True)  # translated, not English
    log = (tmp_path / "sheet.log").read_text(encoding="utf-8", errors="replace")
    assert "Overfull \\hbox" not in log, log[log.find("Overfull") :][
        :500
    ]  # nothing past the margin
    assert "Missing character" not in log  # xelatex drops a glyph its font lacks with this
    text = subprocess.run(
        ["pdftotext", "sheet.pdf", "-"], cwd=tmp_path, capture_output=True, text=True, check=True
    ).stdout
    assert text.count("α") >= 3  # the title, the statement and the working of α-nDCG
