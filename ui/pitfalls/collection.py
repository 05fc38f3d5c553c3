"""The Pitfalls lab's second part: two mistakes made over a whole collection, on the sample
collection (data/sample), every number from `rankwork.collection.pitfalls` through
`ui.shared.cached`
(the files are read and evaluated once per server process, the draws once per m and seed):
micro-averaging reported as macro (`ui.pitfalls.micro`), and the best of many comparisons
without correction (`ui.pitfalls.comparisons`).

Each mistake is an expander built only when opened (`on_change="rerun"`, as the Playground's
plots): the list part's reruns do not wait for it, and the t-tests load scipy only when the
comparisons are opened.
"""

from __future__ import annotations

import streamlit as st

from i18n import _
from ui.pitfalls.comparisons import best_of_many_comparisons
from ui.pitfalls.micro import micro_reported_as_macro
from ui.pitfalls.model import PITFALLS


def mistakes_over_a_collection(decimals: int) -> None:
    """The section's header and introduction, and one expander per mistake."""
    st.header(_("Mistakes over a whole collection"), anchor="collection")
    st.markdown(
        _(
            "Two mistakes that no single list shows: how the queries' values are averaged, and "
            "how many comparisons were made before one was called significant. Both on the "
            "sample collection, the one the Evaluate page loads: 30 queries and three runs, "
            "weak, medium and strong, scored under trec_eval's conventions."
        )
    )
    sections = (
        (
            _("Micro-averaging reported as macro"),
            "lab_micro_open",
            ":material/functions:",
            micro_reported_as_macro,
        ),
        (
            _("The best of many comparisons without correction"),
            "lab_comparisons_open",
            ":material/casino:",
            best_of_many_comparisons,
        ),
    )
    for title, key, icon, build in sections:
        box = st.expander(title, icon=icon, **PITFALLS.widget(key), on_change="rerun")
        with box:
            if box.open:
                build(decimals)
