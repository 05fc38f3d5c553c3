"""The Evaluate page's parts (app_pages/evaluate.py calls them in order).

- sources: the sample collection or the user's uploads, kept across page switches
- choices: the measures (picked or typed, validated), the convention preset, the missing-query
  policy
- compute: every number, from metrics (batch, stats, agreement, groups), cached on file bytes
- results: means with bootstrap intervals, per-query table and its CSV, distributions, queries
  with nothing relevant, first relevant ranks
- compare, groups, agreement, drilldown: the other tabs
- figures: the page's plotly figures, pure functions returning go.Figure

No measure or statistic is computed here: numbers come from metrics/, as the command line's do.
"""
