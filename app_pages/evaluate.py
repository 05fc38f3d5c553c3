"""Evaluate runs: upload qrels and runs (or use the sample collection) and get what
`python -m metrics` computes — per-query values, means with bootstrap intervals, paired
comparisons — plus groups, assessor agreement and a drill-down into the Playground.

Thin: files from ui.evaluate.sources, choices from ui.evaluate.choices, every number from
metrics/ through ui.evaluate.outcome (cached on the files' bytes), rendering by ui.evaluate.
"""

import streamlit as st

from ui.evaluate import agreement, choices, compare, drilldown, groups, outcome, results, sources

TABS = ("Means", "Per query", "Compare runs", "Groups", "Open a query", "Assessor agreement")

st.title("Evaluate runs")
st.markdown(
    "Upload relevance judgments and one or more runs — or use the sample collection — to get "
    "the numbers `python -m metrics` prints, with 95% confidence intervals, paired tests, "
    "per-group means and assessor agreement. Open any query in the Playground to see why it "
    "scores what it does."
)
collection = sources.render()
picked = choices.render()
done = outcome.run(collection, picked)
outcome.show_files(done)
if collection.qrels is None or not collection.runs:
    st.info("Upload a qrels file and at least one run, or pick the sample collection.")
    st.stop()
if not picked.measures:
    st.info("Pick or type at least one valid measure.")
    st.stop()
if not done.evaluated:
    st.warning("No run could be evaluated: fix the files or choices marked in red above.")
    st.stop()

tabs = st.tabs(TABS, key="ev_tab", on_change="rerun")
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
