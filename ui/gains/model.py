"""The Gains page's declared state (ui.shared.state): the custom gain map (a table kept with its
editor's keys, ui.playground.state.Table) and the scale's top grade survive a page switch; the
trade-off's controls, figures and tables start afresh. None of it is in a link.
"""

from __future__ import annotations

from ui.playground.state import Table
from ui.shared.state import Field, Model

#: The custom gain map (a table, edited).
CUSTOM = Table("gains_custom_map")

GAINS_PAGE = Model(
    "gains",
    (
        Field(CUSTOM.key, persists=True),
        Field(CUSTOM.base_key, persists=True),
        Field(CUSTOM.editor_key, dict, widget=True),
        Field(CUSTOM.args_key, str, persists=True),
        Field("gains_top", widget=True, persists=True),
        *(Field(key, widget=True)
          for key in ("gains_a", "gains_b", "gains_n", "gains_p", "gains_discount", "gains_table",
                      "gains_plot", "gains_tradeoff_plot", "gains_tradeoff_table")),
    ),
)  # fmt: skip
