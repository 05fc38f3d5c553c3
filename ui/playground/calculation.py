""" "Show the calculation": the working of nDCG, ERR and RBP (and, for a list with subtopics,
α-nDCG with its greedy ideal, and ERR-IA) with this list's numbers, rendered with st.latex and
offered for copying as LaTeX and as Markdown (built by rankwork.core.working)."""

from __future__ import annotations

import streamlit as st

from i18n import _
from rankwork.core.working import latex
from rankwork.core.working import novelty as novelty_working
from rankwork.explore.report import Report
from ui.playground import novelty


def workings(report: Report, decimals: int) -> dict[str, list[latex.Line]]:
    """The lines of each tab: DCG, IDCG and nDCG together, then ERR, then RBP; then α-nDCG
    and ERR-IA when the list has subtopics."""
    results, convention = report.results, report.convention
    diversity = {}
    if novelty.shown(report):
        diversity = {
            "α-nDCG": novelty_working.alpha_ndcg(results["alpha_nDCG"], report.ordered, decimals),
            "ERR-IA": novelty_working.err_ia(results["ERR_IA"], report.ordered, decimals),
        }
    return {
        "nDCG": [
            latex.dcg(results["DCG"], convention, decimals),
            latex.idcg(results["IDCG"], convention, decimals),
            latex.ndcg(results["nDCG"], decimals),
        ],
        "ERR": latex.err(results["ERR"], decimals),
        "RBP": latex.rbp(results["RBP"], decimals),
        **diversity,
    }


def render(report: Report, decimals: int) -> None:
    """One tab per measure: the equations, their remarks, and the two copyable texts."""
    sections = workings(report, decimals)
    for tab, (name, lines) in zip(st.tabs(list(sections)), sections.items(), strict=True):
        with tab:
            for line in lines:
                st.latex(line.display)
                if line.note:
                    st.caption(line.note)
            left, right = st.columns(2)
            with left:
                st.caption(_("Copy as LaTeX"))
                st.code(latex.to_latex(lines), language="latex", wrap_lines=True)
            with right:
                st.caption(_("Copy as Markdown"))
                st.code(latex.to_markdown(lines), language="markdown", wrap_lines=True)
            if name == "α-nDCG":
                st.markdown(_("**The greedy ideal ranking, rank by rank**"))
                novelty.ideal_table(report, decimals)
