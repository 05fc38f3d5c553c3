""" "Show the calculation": the working of nDCG, ERR and RBP with this list's numbers, rendered
with st.latex and offered for copying as LaTeX and as Markdown (built by ui.latex)."""

from __future__ import annotations

import streamlit as st

from metrics.explore.report import Report
from ui import latex


def workings(report: Report, decimals: int) -> dict[str, list[latex.Line]]:
    """The lines of each tab: DCG, IDCG and nDCG together, then ERR, then RBP."""
    results, convention = report.results, report.convention
    return {
        "nDCG": [
            latex.dcg(results["DCG"], convention, decimals),
            latex.idcg(results["IDCG"], convention, decimals),
            latex.ndcg(results["nDCG"], decimals),
        ],
        "ERR": latex.err(results["ERR"], decimals),
        "RBP": latex.rbp(results["RBP"], decimals),
    }


def render(report: Report, decimals: int) -> None:
    """One tab per measure: the equations, their remarks, and the two copyable texts."""
    sections = workings(report, decimals)
    for tab, lines in zip(st.tabs(list(sections)), sections.values(), strict=True):
        with tab:
            for line in lines:
                st.latex(line.display)
                if line.note:
                    st.caption(line.note)
            left, right = st.columns(2)
            with left:
                st.caption("Copy as LaTeX")
                st.code(latex.to_latex(lines), language="latex", wrap_lines=True)
            with right:
                st.caption("Copy as Markdown")
                st.code(latex.to_markdown(lines), language="markdown", wrap_lines=True)
