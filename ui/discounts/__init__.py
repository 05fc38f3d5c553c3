"""The Discounts page's parts (app_pages/discounts.py lays them out in order).

- profiles: the settings (N, k, the bases, the three p), the profiles they give (every discount
  of `rankwork.core.discounts.DISCOUNTS`, and ERR's stopping distribution on the Playground's
  list), the plots, the weights table, the readers' summary and a profile's C/W/L table
- readers: the C/W/L measures' (and AP's) readers on the Playground's list

Nothing is computed here: the numbers come from rankwork.explore.profiles and rankwork.core.cwl,
the figures from ui.shared.explore_figures (through ui.shared.cached).
"""
