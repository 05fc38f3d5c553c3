"""The Metric behaviour page's declared state (ui.shared.state): the list length N survives a page
switch; every other control, figure and table starts afresh. None of it is in a link.
"""

from __future__ import annotations

from ui.shared.state import Field, Model

#: The swap just applied, said once (a plain value).
LAST_SWAP = "beh_last_swap"

BEHAVIOUR = Model(
    "behaviour",
    (
        Field("beh_n", widget=True, persists=True),
        *(Field(key, widget=True)
          for key in ("beh_grade", "beh_second", "beh_second_rank", "beh_second_grade",
                      "beh_sweep_plot", "beh_identities", "beh_swap_measure", "beh_swap_i",
                      "beh_swap_j", "beh_swap_button", "beh_largest_swaps", "beh_red_grade",
                      "beh_red_copies", "beh_redundancy_plot", "beh_redundancy_table",
                      "beh_div_k", "beh_novelty_plot", "beh_greedy_table", "beh_withheld_run",
                      "beh_withheld_plot", "beh_withheld_table", "beh_landscape_plot",
                      "beh_landscape_table")),
        Field(LAST_SWAP, str),
        Field("beh_swap_grid_", family=True, widget=True),  # the swap grid, keyed by the list
    ),
)  # fmt: skip
