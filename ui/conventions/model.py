"""The Library conventions page's declared state (ui.shared.state): the measure, the preset
explained, and the known disagreement loaded last (a plain value: it survives a page switch).
None of it is in a link.
"""

from __future__ import annotations

from ui.shared.state import Field, Model

#: The known disagreement loaded last.
EXAMPLE_KEY = "conv_example"

CONVENTIONS = Model(
    "conventions",
    (
        Field(EXAMPLE_KEY, str),
        Field("conv_family", widget=True),
        Field("conv_explain", widget=True),
        Field("conv_load_", family=True, widget=True),  # each disagreement's load button
        Field("conv_show_", family=True, widget=True),  # each disagreement's show button
    ),
)
