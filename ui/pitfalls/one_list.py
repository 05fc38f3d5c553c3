"""The Pitfalls lab's first part: common mistakes switched on, alone or together, on the
Playground's list or on the example that shows each best; the right and the wrong value, both
breakdowns with the changed cells marked, both calculations, and why the mistake is wrong.

The scenario comes from ui.playground.state or rankwork.teaching.demos, every value from
rankwork.teaching.pitfalls (through ui.shared.mistakes), every text from the catalogue.
"""

from __future__ import annotations

import streamlit as st

from i18n import N_, _
from rankwork.core.ranking import RankingError
from rankwork.core.scenario import Scenario
from rankwork.teaching.demos import PITFALL_DEMOS
from rankwork.teaching.phrasing import describe
from rankwork.teaching.pitfalls import BY_KEY, CATALOGUE, MEASURES, Pitfall
from ui.pitfalls.model import PITFALLS, toggle
from ui.playground import state
from ui.shared import language, mistakes
from ui.shared.grades import list_caption
from ui.shared.literal import literal

PLAYGROUND, EXAMPLE = "playground", "example"
SOURCES = {  # shown with _()
    PLAYGROUND: N_("My Playground list"),
    EXAMPLE: N_("The example that shows a mistake best"),
}


def mistakes_on_one_list(decimals: int) -> None:
    """The mistakes on one ranked list, the Playground's or an example's; returns early (so
    that the collection's part below still shows) when there is nothing to compare."""
    source, family = _source_and_measure()
    scenario = _example_scenario() if source == EXAMPLE else _playground_scenario()
    if scenario is None:
        return
    _describe_scenario(scenario, family)
    chosen = _mistake_toggles(family)
    if not chosen:
        st.info(_("Switch on a mistake above to see what it does."), icon=":material/touch_app:")
        return
    try:
        comparison = mistakes.compare(family, scenario, chosen)
    except (RankingError, ValueError) as err:
        st.error(
            _("This list cannot be computed with these choices: {error}").format(
                error=literal(err)
            ),
            icon=":material/error:",
        )
        return
    mistakes.cards(comparison, decimals)
    if comparison.same:
        mistakes.unchanged_note(comparison, scenario)
    tables, calculations, why = st.tabs(
        [_("Rank by rank"), _("The calculations"), _("Why it is wrong")]
    )
    with tables:
        mistakes.breakdowns(comparison, decimals)
    with calculations:
        mistakes.workings(comparison, scenario, decimals)
    with why:
        _why_wrong(chosen, family, decimals)


def _show_example(key: str) -> None:
    """Callback: load mistake `key`'s example list, its measure, and switch the mistake on."""
    ss = st.session_state
    ss[PITFALLS["lab_source"].key], ss[PITFALLS["lab_demo"].key] = EXAMPLE, key
    ss[PITFALLS["lab_family"].key] = PITFALL_DEMOS[key].family
    ss[toggle(key)["key"]] = True


def _source_and_measure() -> tuple[str, str]:
    """The list to apply the mistakes to (PLAYGROUND or EXAMPLE) and the measure."""
    source_col, family_col = st.columns([3, 1])
    with source_col:
        source = st.radio(
            _("Apply the mistakes to"),
            list(SOURCES),
            format_func=language.labels(SOURCES),
            horizontal=True,
            **PITFALLS.widget("lab_source"),
        )
    with family_col:
        # a default the example button can change
        st.session_state.setdefault(PITFALLS["lab_family"].key, "nDCG")
        family = st.selectbox(_("Measure"), MEASURES, **PITFALLS.widget("lab_family"))
    return source, family


def _example_scenario() -> Scenario:
    """The example list chosen, the one that shows a mistake best."""
    demo_key = st.selectbox(
        _("Example list"),
        list(PITFALL_DEMOS),
        format_func={  # labels in this run's language (AppTest formats from its own thread)
            key: _("{mistake}: {example}").format(
                mistake=_(BY_KEY[key].title), example=_(PITFALL_DEMOS[key].note)
            )
            for key in PITFALL_DEMOS
        }.get,
        **PITFALLS.widget("lab_demo"),
    )
    return PITFALL_DEMOS[demo_key].scenario


def _playground_scenario() -> Scenario | None:
    """The Playground's list, convention and k, or None after saying what to fix."""
    ranking, convention = state.current_weighted_ranking(), state.current_convention()
    k = state.current_k()
    problem = next((x for x in (ranking, convention, k) if isinstance(x, Exception)), None)
    if problem is not None:
        st.error(
            _("The Playground's input needs fixing first: {problem}").format(
                problem=literal(problem)
            ),
            icon=":material/error:",
        )
        st.page_link(
            "app_pages/playground.py", label=_("Go to the Playground"), icon=":material/tune:"
        )
        return None
    alpha, condensed = state.current_alpha(), state.current_condensed()
    return Scenario(ranking, convention, k, alpha=alpha, condensed=condensed)


def _describe_scenario(s: Scenario, family: str) -> None:
    k = _("no cutoff") if s.k is None else f"k = {s.k}"
    condensed = " " + _("The condensed list: unjudged documents removed.") if s.condensed else ""
    convention = _("Convention {name}: {description}").format(
        name=_(s.convention.name), description=describe(s.convention, family, s.ranking.scale_max)
    )
    st.caption(f"{list_caption(s.ranking)} {k}.{condensed} {convention}")


def _mistake_toggles(family: str) -> list[Pitfall]:
    """A toggle per mistake, those that touch `family` first; the mistakes switched on."""
    st.subheader(_("Mistakes"))
    touching = mistakes.relevant_to(family)
    columns = st.columns(2)
    for i, p in enumerate(touching):
        with columns[i % 2]:
            st.toggle(_(p.title), **toggle(p.key))
    with st.expander(_("Mistakes that do not touch {measure}").format(measure=family)):
        for p in CATALOGUE:
            if p not in touching:
                st.toggle(_(p.title), **toggle(p.key))
    return [p for p in CATALOGUE if st.session_state.get(toggle(p.key)["key"])]


def _why_wrong(chosen: list[Pitfall], family: str, decimals: int) -> None:
    """Why each mistake switched on is wrong, with a button to its example list."""
    for p in chosen:
        with st.container(border=True):
            mistakes.explain(p, family, decimals)
            st.button(
                _("Show it on its example list"),
                **PITFALLS.widget("lab_show_", p.key),
                on_click=_show_example,
                args=(p.key,),
                icon=":material/science:",
            )
