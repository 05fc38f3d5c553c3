"""The Discounts page's declared state (ui.shared.state): the settings (N, k, the bases, the
three geometric p, normalise, log axis), the profiles shown and the reader's settings survive a
page switch; the figures and tables start afresh. None of it is in a link.
"""

from __future__ import annotations

from ui.shared.state import Field, Model

#: The three geometric p's widgets (the i-th is ``P_KEYS[i]``).
P_KEYS = ("disc_p0", "disc_p1", "disc_p2")

DISCOUNTS = Model(
    "discounts",
    (
        *(Field(key, widget=True, persists=True)
          for key in ("disc_n", "disc_k", "disc_b", "disc_jk", *P_KEYS, "disc_norm", "disc_logy",
                      "disc_shown", "disc_reader", "disc_reader_t", "disc_reader_p")),
        *(Field(key, widget=True)
          for key in ("disc_profiles", "disc_weights_table", "disc_summary_table", "disc_spent",
                      "disc_cwl_profile", "disc_cwl_table", "disc_reader_figure")),
    ),
)  # fmt: skip
