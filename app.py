"""RankLab: learn, teach and check ranking metrics (nDCG, ERR, RBP, P/R, AP, RR).

Run with `streamlit run app.py`. The entry sets the page up, initialises the session's state
(from a shared link when there is one) and routes to the pages listed in ui/shared/navigation.py.
"""

import streamlit as st

from ui.playground import state
from ui.shared import language, navigation, style

st.set_page_config(page_title="RankLab", page_icon="📊", layout="wide")
style.apply()
lang = language.start_run()  # before any text: every _() of the session speaks its language
style.document_language(lang)
state.init()
language.picker()
address = navigation.requested_address()  # before st.navigation resolves (and forgets) it
chosen_page = st.navigation(navigation.navigation())
language.keep_in_link()
navigation.say_if_unknown(address, chosen_page)
chosen_page.run()
