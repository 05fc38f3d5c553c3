"""Streamlit and plotly helpers shared by the pages (no metric is computed here).

- playground/: the Playground's inputs, session state, link and Copy-link popover
- shared/: every page's declared state (shared.state) and the one link codec (shared.link)
- controls, editors: the convention widgets and preset picker; the list editors and buttons
- reorder, examples: the list buttons' pure operations; the example lists
- cards, breakdown, calculation, figures, latex: metric cards with deltas, the per-rank table,
  the working as LaTeX/Markdown, plotly figures — all drawn from metrics' Results
- style, navigation: the CSS, the page table
- literal: text from a user (links, typed cells, file names and contents) made safe for Markdown
  (`literal`) and plotly (`plot_literal`): shown as typed, never rendered
"""
