"""Home: what RankLab is for and what each page does."""

import streamlit as st

from i18n import _
from ui.shared.navigation import GROUPS, HOME, PAGES

st.title("RankLab")
st.markdown(
    _(
        "Ranking measures — nDCG, ERR, RBP, precision and recall, AP, RR — with the working shown. "
        "Every number comes with the per-rank breakdown it was computed from and the formula with "
        "your numbers in it, under a convention that is always named: the exponential or linear "
        "gain, the discount, where the ideal ranking comes from, and which tool it reproduces."
    )
)
for group in GROUPS:
    entries = [entry for entry in PAGES if entry.group == group and entry is not HOME]
    if not entries:
        continue
    st.subheader(_(group))
    for entry in entries:
        st.page_link(entry.file, label=_(entry.title), icon=entry.icon)
        st.caption(_(entry.summary))
