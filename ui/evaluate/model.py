"""The Evaluate page's declared state (ui.shared.state), but for its choices (ui.evaluate.choices):
the files it keeps (ui.evaluate.sources), the open tab, and the widgets of each tab.

The files kept and the source are plain values (they survive a page switch: a trip to the
Playground and back finds the collection as it was); a file uploader's own key is a widget's
and is re-made from them. The tabs' widgets start afresh on each visit. None of it is in a link:
a link cannot carry a user's files.
"""

from __future__ import annotations

from ui.evaluate.sources import IN_BOX_KEY, KEPT_KEY, NOTES_KEY, SLOTS, SOURCE_KEY
from ui.shared.state import Field, Model

_TAB_WIDGETS = (
    "ev_gmeans", "ev_micro", "ev_means_table", "ev_means_plot", "ev_means_change",
    "ev_per_query_table", "ev_distribution", "ev_distribution_plot", "ev_table_runs",
    "ev_cmp_measure", "ev_cmp_a", "ev_cmp_b", "ev_cmp_plot", "ev_pairs_table", "ev_pairs_change",
    "ev_groups_measure", "ev_groups_plot", "ev_groups_table", "ev_dd_run", "ev_dd_measure",
    "ev_dd_query", "ev_dd_preview", "ev_tau_ref", "ev_tau_other", "ev_tau_assessors",
    "ev_confusion",
)  # fmt: skip

EVALUATE = Model(
    "evaluate",
    (
        Field(SOURCE_KEY, str, persists=True),  # the sample collection or the user's files
        Field(KEPT_KEY, dict, persists=True),  # slot -> the files kept
        Field(IN_BOX_KEY, dict, persists=True),  # slot -> what its uploader held
        Field(NOTES_KEY, list, persists=True),  # what the last upload did not keep, and why
        *(Field(slot.widget_key, widget=True) for slot in SLOTS),
        Field("ev_tab", str, widget=True),
        Field(
            "ev_tab_labels", list, persists=True
        ),  # the tabs' labels (ui.shared.language.tab_labels)
        *(Field(key, widget=True) for key in _TAB_WIDGETS),
    ),
)
