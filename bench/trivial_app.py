"""The trivial page bench/bench_playground.py compares the Playground against: the same kind of
edit (a grade typed into an st.data_editor) and one line of text, so a rerun costs only what
Streamlit itself costs for that interaction (including the grid's own delay before it sends an
edit to the server)."""

import pandas as pd
import streamlit as st

grades = st.data_editor(
    pd.DataFrame({"grade": ["3", "2", "3", "0", "1", "2"]}), hide_index=True, key="grades"
)
st.write(f"Sum of the grades: {pd.to_numeric(grades['grade'], errors='coerce').sum():g}")
