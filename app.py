"""RankLab: learn, teach and check ranking metrics (nDCG, ERR, RBP, P/R, AP, RR).

Run with `streamlit run app.py`. The entry sets the page up, initialises the session's state
(from a shared link when there is one) and routes to the pages listed in ui/navigation.py.
"""

import streamlit as st

from ui import navigation, state, style

st.set_page_config(page_title="RankLab", page_icon="📊", layout="wide")
style.apply()
state.init()
st.navigation(navigation.navigation()).run()
