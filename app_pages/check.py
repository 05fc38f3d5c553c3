"""Check my answer: type the value computed by hand for a measure of the Playground's list (or
of a list typed here); the page says whether it is right within the precision typed, and if not
which conventions and mistakes reproduce it, each with its calculation, or, when none does, the
right calculation step by step.

Thin: the list from ui.playground.state or typed, the verdict from
rankwork.teaching.diagnose, rendering by ui.answers. Whatever is typed stays as typed; a bad
value is explained at its box.
"""

import streamlit as st

from i18n import N_, _
from rankwork.core.conventions import PRESETS
from rankwork.core.ranking import RankingError
from rankwork.core.scenario import Scenario
from rankwork.core.specs import SPECS
from rankwork.teaching.diagnose import parse_answer
from rankwork.teaching.pitfalls import MEASURES
from ui import answers, cached, language
from ui.grades import list_caption
from ui.literal import literal
from ui.playground import state
from ui.playground.inputs import DEFAULT_K, DEFAULT_SCALE_MAX, SCALE_MAXIMA

PLAYGROUND, TYPED = "playground", "typed"
SOURCES = {PLAYGROUND: N_("The Playground's list"), TYPED: N_("A list I type")}

st.title(_("Check my answer"))
st.markdown(
    _(
        "Computed a measure by hand? Type your value: RankLab says whether it is right and, if "
        "not, which convention or which common mistake leads to it, with the calculation."
    )
)
decimals = int(state.settings()["decimals"])

source = st.radio(
    _("The list"),
    list(SOURCES),
    # a dict in this run's language (a function calling _ would answer in its caller's)
    format_func=language.labels(SOURCES),
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
                _("The Playground's input needs fixing: {problem}").format(problem=literal(value)),
                icon=":material/error:",
            )
            st.page_link("app_pages/playground.py", label=_("Go to the Playground"))
            st.stop()
    if state.current_condensed():
        caption = _(
            "{list} Convention: {convention}. The condensed list (unjudged removed: AP′, nDCG′). "
            "Change them on the Playground."
        )
    else:
        caption = _("{list} Convention: {convention}. Change them on the Playground.")
    st.caption(caption.format(list=list_caption(ranking), convention=_(convention.name)))
else:
    grades_col, missed_col = st.columns(2)
    grades_text = grades_col.text_input(
        _("Grades in rank order"),
        value="3, 2, 3, 0, 1, 2",
        key="check_grades",
        persist_state="session",
        help=_("Separated by commas or spaces; '-' for an unjudged document."),
    )
    missed_text = missed_col.text_input(
        _("Grades of judged documents not retrieved"),
        value="3, 2",
        key="check_missed",
        persist_state="session",
        help=_("They count in IDCG, R and AP. Leave empty if there are none."),
    )
    preset_col, top_col = st.columns(2)
    preset = preset_col.selectbox(
        _("Convention"),
        list(PRESETS),
        format_func=language.labels({name: name for name in PRESETS}),
        key="check_preset",
        persist_state="session",
    )
    top = top_col.selectbox(
        _("Top grade"),
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
    _("Measure"),
    MEASURES,
    index=MEASURES.index("nDCG"),
    key="check_family",
    persist_state="session",
)
k = k_col.number_input(
    _("Cutoff k"),
    min_value=1,
    max_value=1000,
    step=1,
    value=playground_k if isinstance(playground_k, int) else DEFAULT_K,
    key="check_k",
    disabled=SPECS[family].cutoff == "none",
    help=_("RBP has no cutoff: it reads the whole list."),
)
typed = answer_col.text_input(
    _("Your value of {measure}").format(
        measure=family if SPECS[family].cutoff == "none" else f"{family}@{k}"
    ),
    key="check_answer",
    persist_state="session",
    placeholder=_("e.g. 0.785, 3/4 or 78.5%"),
)

if not typed.strip():
    st.info(_("Type your value to check it."), icon=":material/keyboard:")
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
    with st.spinner(_("Trying every convention and common mistake...")):
        diagnosis = cached.diagnosis(family, scenario, answer)
except ValueError as err:  # e.g. a grade this convention rejects
    st.error(
        _("{measure} cannot be computed for this list: {problem}").format(
            measure=family, problem=literal(err)
        ),
        icon=":material/error:",
    )
    st.stop()
answers.show(diagnosis, scenario, decimals, key="check")
