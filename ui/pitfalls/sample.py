"""What both parts of the lab's collection section share: the sample collection's files, how
the programs name them, a number to `decimals` places, and the wrong and right programs side by
side."""

from __future__ import annotations

import streamlit as st

from i18n import _
from ui.evaluate.sources import SAMPLE_DIR, SAMPLE_QRELS, SAMPLE_RUNS

RUNS = {name.removeprefix("run_").removesuffix(".txt"): name for name in SAMPLE_RUNS}
SHOWN_DIR = "data/sample"  # the files' paths as the programs name them (from RankLab's folder)


def qrels_path() -> str:
    return str(SAMPLE_DIR / SAMPLE_QRELS)


def run_path(run: str) -> str:
    return str(SAMPLE_DIR / RUNS[run])


def number(value: float, decimals: int) -> str:
    return f"{value:.{decimals}f}"


def programs(wrong: str, wrong_note: str, right: str, right_note: str) -> None:
    """The wrong program and the right one, side by side, each with what it sets."""
    left, right_col = st.columns(2)
    with left:
        st.markdown(_("**Wrong**"))
        st.code(wrong, language="python")
        st.caption(wrong_note)
    with right_col:
        st.markdown(_("**Right**"))
        st.code(right, language="python")
        st.caption(right_note)
