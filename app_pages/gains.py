"""Gains: what each grade is worth under every gain (linear, exponential, a custom map), and the
trade-off between one great document and several good ones. Laid out from ui.gains (grades,
tradeoff); computed by rankwork.explore.tradeoffs, drawn by ui.shared.explore_figures."""

import streamlit as st

from i18n import _
from ui.gains import grades, tradeoff

st.title(_("Gains"))
st.markdown(
    _(
        "The gain is what a document of grade *g* is worth before its rank discounts it. Linear "
        "gain *g* (Järvelin & Kekäläinen 2002; trec_eval) makes a grade-2 document worth two "
        "grade-1 documents; exponential gain 2^*g* − 1 (Burges et al. 2005; LightGBM) makes it "
        "worth three, and a grade-4 document fifteen."
    )
)

top = grades.top_grade()
gains = grades.section(top)

tradeoff.introduction()
tradeoff.outcome(tradeoff.choice(top), gains)
