"""Check my answer: type the value computed by hand for a measure of the Playground's list (or
of a list typed here); the page says whether it is right within the precision typed, and if not
which conventions and mistakes reproduce it, each with its calculation, or, when none does, the
right calculation step by step.

Thin: the list from ui.state or typed, the verdict from metrics.teaching.diagnose, rendering by
ui.answers. Whatever is typed stays as typed; a bad value is explained at its box.
"""

import streamlit as st

from i18n import _
from metrics.core.conventions import PRESETS
from metrics.core.ranking import RankingError
from metrics.core.scenario import Scenario
from metrics.core.specs import SPECS
from metrics.teaching.diagnose import parse_answer
from metrics.teaching.pitfalls import MEASURES
from ui import answers, cached, state
from ui.grades import list_caption
from ui.literal import literal
from ui.model import DEFAULT_K, DEFAULT_SCALE_MAX, SCALE_MAXIMA

PLAYGROUND, TYPED = "playground", "typed"
SOURCES = {PLAYGROUND: "The Playground's list", TYPED: "A list I type"}

st.title("Check my answer")
st.markdown(
    "Computed a measure by hand? Type your value: RankLab says whether it is right and, if "
    "not, which convention or which common mistake leads to it, with the calculation."
)
decimals = int(state.settings()["decimals"])

source = st.radio(
    "The list",
    list(SOURCES),
    format_func=SOURCES.get,
    horizontal=True,
    key="check_source",
    persist_state="session",
)
ranking = convention = None
playground_k = state.current_k()
if source == PLAYGROUND:
    ranking, convention = state.current_weighted_ranking(), state.current_convention()
    for value in (ranking, convention):
        if isinstance(value, Exception):
            st.error(
                f"The Playground's input needs fixing: {literal(value)}", icon=":material/error:"
            )
            st.page_link("app_pages/playground.py", label="Go to the Playground")
            st.stop()
    note = (
        " The condensed list (unjudged removed: AP′, nDCG′)." if state.current_condensed() else ""
    )
    st.caption(
        f"{list_caption(ranking)} Convention: {convention.name}.{note} Change them on the "
        "Playground."
    )
else:
    grades_col, missed_col = st.columns(2)
    grades_text = grades_col.text_input(
        "Grades in rank order",
        value="3, 2, 3, 0, 1, 2",
        key="check_grades",
        persist_state="session",
        help="Separated by commas or spaces; '-' for an unjudged document.",
    )
    missed_text = missed_col.text_input(
        "Grades of judged documents not retrieved",
        value="3, 2",
        key="check_missed",
        persist_state="session",
        help="They count in IDCG, R and AP. Leave empty if there are none.",
    )
    preset_col, top_col = st.columns(2)
    preset = preset_col.selectbox(
        "Convention", list(PRESETS), key="check_preset", persist_state="session"
    )
    top = top_col.selectbox(
        "Top grade",
        SCALE_MAXIMA,
        index=SCALE_MAXIMA.index(DEFAULT_SCALE_MAX),
        key="check_top",
        persist_state="session",
    )
    convention = PRESETS[preset]
    st.caption(_(convention.source))
    try:
        ranking = answers.typed_ranking(grades_text, missed_text, top)
    except RankingError as err:
        st.error(literal(err), icon=":material/error:")
        st.stop()

family_col, k_col, answer_col = st.columns([1, 1, 2])
family = family_col.selectbox(
    "Measure", MEASURES, index=MEASURES.index("nDCG"), key="check_family", persist_state="session"
)
k = k_col.number_input(
    "Cutoff k",
    min_value=1,
    max_value=1000,
    step=1,
    value=playground_k if isinstance(playground_k, int) else DEFAULT_K,
    key="check_k",
    disabled=SPECS[family].cutoff == "none",
    help="RBP has no cutoff: it reads the whole list.",
)
typed = answer_col.text_input(
    f"Your value of {family}" + ("" if SPECS[family].cutoff == "none" else f"@{k}"),
    key="check_answer",
    persist_state="session",
    placeholder="e.g. 0.785, 3/4 or 78.5%",
)

if not typed.strip():
    st.info("Type your value to check it.", icon=":material/keyboard:")
    st.stop()
try:
    answer = parse_answer(typed)
except ValueError as err:
    answer_col.error(literal(err), icon=":material/error:")
    st.stop()

cut = None if SPECS[family].cutoff == "none" else int(k)
alpha = state.current_alpha()
condensed = source == PLAYGROUND and state.current_condensed()  # the Playground's toggle
scenario = Scenario(ranking, convention, cut, alpha=alpha, condensed=condensed)
try:
    with st.spinner("Trying every convention and common mistake..."):
        diagnosis = cached.diagnosis(family, scenario, answer)
except ValueError as err:  # e.g. a grade this convention rejects
    st.error(f"{family} cannot be computed for this list: {literal(err)}", icon=":material/error:")
    st.stop()
answers.show(diagnosis, scenario, decimals, key="check")
