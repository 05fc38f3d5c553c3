"""The Pitfalls lab's declared state (ui.shared.state): the list and measure the mistakes apply
to, the example loaded, each mistake's toggle, and the two collection mistakes' controls.

The user's choices survive a page switch; the figures, tables and open expanders start afresh.
None of it is in a link.
"""

from __future__ import annotations

from typing import Any

from rankwork.teaching.pitfalls import CATALOGUE
from ui.shared.state import Field, Model

#: The start of each mistake's toggle key (followed by the mistake's key).
_TOGGLE = "lab_"
#: The m of the null comparison last valid, and its draw (plain values).
VALID_VARIANTS_KEY, SEED_KEY = "lab_variants_valid", "lab_seed"

PITFALLS = Model(
    "pitfalls",
    (
        *(Field(key, widget=True, persists=True)
          for key in ("lab_source", "lab_family", "lab_demo", "lab_micro_run", "lab_null_run",
                      "lab_variants")),
        *(Field(f"{_TOGGLE}{p.key}", bool, widget=True, persists=True) for p in CATALOGUE),
        Field("lab_show_", family=True, widget=True),  # each mistake's "show it" button
        *(Field(key, widget=True)
          for key in ("lab_micro_open", "lab_comparisons_open", "lab_micro_table",
                      "lab_draw_again", "lab_null_table")),
        Field(VALID_VARIANTS_KEY, int),
        Field(SEED_KEY, int),
    ),
)  # fmt: skip


def toggle(mistake: str) -> dict[str, Any]:
    """The keyword arguments of the toggle of the mistake whose key is `mistake`."""
    return PITFALLS.widget(f"{_TOGGLE}{mistake}")
