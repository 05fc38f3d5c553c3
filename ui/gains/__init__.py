"""The Gains page's parts (app_pages/gains.py lays them out in order).

- grades: the top grade, the custom gain map (kept across page switches), the gain of every grade
  under every gain of `rankwork.core.gains.GAINS` as a table and a plot
- tradeoff: one great document against several good ones, under every gain and discount

Nothing is computed here: the numbers come from rankwork.explore.tradeoffs, the figures from
ui.shared.explore_figures (through ui.shared.cached).
"""
