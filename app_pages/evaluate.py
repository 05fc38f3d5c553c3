"""Evaluate runs: upload qrels and runs (or use the sample collection) and get what
`rankwork` computes — per-query values, means with bootstrap intervals, paired
comparisons — plus groups, assessor agreement and a drill-down into the Playground.

Thin: files from ui.evaluate.sources, choices from ui.evaluate.choices, every number from
metrics/ through ui.evaluate.outcome (cached on the files' bytes), rendering by ui.evaluate.
"""

import streamlit as st

from i18n import N_, _
from ui.evaluate import agreement, choices, compare, drilldown, groups, outcome, results, sources
from ui.shared import language

TABS = (
    N_("Means"),
    N_("Per query"),
    N_("Compare runs"),
    N_("Groups"),
    N_("Open a query"),
    N_("Assessor agreement"),
)

st.title(_("Evaluate runs"))
st.markdown(
    _(
        "Upload relevance judgments and one or more runs — or use the sample collection — to get "
        "the numbers `rankwork` prints, with {level} confidence intervals, paired "
        "tests, per-group means and assessor agreement. Open any query in the Playground to see "
        "why it scores what it does."
    ).format(level="95%")  # a number outside the text: "95% c" would read as a %-format
)
collection = sources.render()
picked = choices.render()
done = outcome.run(collection, picked)
outcome.show_files(done)
if collection.qrels is None or not collection.runs:
    st.info(_("Upload a qrels file and at least one run, or pick the sample collection."))
    st.stop()
if not picked.measures:
    st.info(_("Pick or type at least one valid measure."))
    st.stop()
if not done.evaluated:
    st.warning(_("No run could be evaluated: fix the files or choices marked in red above."))
    st.stop()

tabs = st.tabs(language.tab_labels("ev_tab", TABS), key="ev_tab", on_change="rerun")
renderers = (
    lambda: results.means(done, picked),
    lambda: results.per_query(done, picked),
    lambda: compare.render(done, picked),
    lambda: groups.render(done, collection, picked),
    lambda: drilldown.render(done, collection, picked),
    lambda: agreement.render(done, collection, picked),
)
for tab, render in zip(tabs, renderers, strict=True):
    with tab:
        if tab.open:
            render()
