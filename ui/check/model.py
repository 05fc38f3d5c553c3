"""The Check page's declared state (ui.shared.state): the list checked, the measure, its cutoff and
the value typed; the expanders of the answer (ui.shared.answers, keys under `ANSWERS`).

What the user set up survives a page switch; the cutoff follows the Playground's on each visit.
None of it is in a link.
"""

from __future__ import annotations

from ui.shared.state import Field, Model

#: The start of the answer's expanders' keys (ui.shared.answers.show's ``key``).
ANSWERS = "check"

CHECK = Model(
    "check",
    (
        *(Field(key, widget=True, persists=True)
          for key in ("check_source", "check_grades", "check_missed", "check_preset", "check_top",
                      "check_family", "check_answer")),
        Field("check_k", widget=True),
        Field(f"{ANSWERS}_match_", family=True, widget=True),  # each way a wrong answer comes about
        Field(f"{ANSWERS}_right", bool, widget=True),  # the right calculation's expander
    ),
)  # fmt: skip
