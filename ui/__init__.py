"""Streamlit and plotly helpers shared by the pages (no metric is computed here).

- model: the Playground's inputs as plain data (tables as typed, settings) -> Ranking, Convention, k
- state: those inputs in st.session_state, edited through snapshots; `current_ranking()` etc.
- url_state: the state <-> a validated, size-capped URL query string (never pickle or eval)
- controls, editors: the convention widgets and preset picker; the list editors and buttons
- reorder, examples: the list buttons' pure operations; the example lists
- cards, breakdown, calculation, figures, latex: metric cards with deltas, the per-rank table,
  the working as LaTeX/Markdown, plotly figures — all drawn from metrics' Results
- share, style, navigation: the shareable link, the CSS, the page table
- literal: text from a user (links, typed cells, file names and contents) made safe for Markdown
  (`literal`) and plotly (`plot_literal`): shown as typed, never rendered
"""
