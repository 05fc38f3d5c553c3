"""Streamlit and plotly parts of the pages (no metric is computed here), grouped by the page they
serve; what several pages use is in `shared`.

- playground/: the Playground's inputs and settings (`model`, `inputs`, `readout`), its session
  state and link (`state`, `link`, `share`), its widgets (`controls`, `editors`, `list_box`,
  `reorder`, `examples`), the metric cards and the working (`cards`, `breakdown`, `calculation`,
  `novelty`)
- exercises/, evaluate/, behaviour/, check/, conventions/, discounts/, gains/, pitfalls/: the
  named parts of the page of that name
- shared/: every page's declared state (`state`, `models`) and the one link codec (`link`); the
  language and numbers (`language`, `numbers`); user text made safe for Markdown and plotly
  (`literal`); figures (`figures`, `explore_figures`, `rank_table`, `swap`), cached calls
  (`cached`), the CSS and the page table (`style`, `navigation`), a list's grades (`grades`), the
  mistakes and the answers shown (`mistakes`, `answers`)
"""
