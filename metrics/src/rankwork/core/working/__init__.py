"""The worked solution of a measure: its formula with one list's numbers substituted.

`lines.lines(family, result, convention)` is the working of any measure that has one, as a
list of `latex.Line` equations read from the measure's `Result` alone (so the working shown
can never disagree with the value): `latex` writes the graded measures (DCG, IDCG, nDCG, ERR,
RBP) and renders lines as LaTeX or Markdown, `novelty` the diversity measures (α-nDCG, ERR-IA,
S-recall), `lines` the binary ones, and `terms.summed_terms` says which terms of a table a
working adds up. The app's pages set these lines with st.latex; `render` writes them for
`Result.latex()`, `Result.markdown()` and Jupyter (`Result._repr_html_`).
"""
