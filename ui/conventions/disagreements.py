"""The known disagreements between tools, one button each; the chosen one worked on its own
small list: the list, why the tools differ, each side's value and each side's working (values
from rankwork.teaching.demos.work, workings from rankwork.core.working)."""

from __future__ import annotations

import streamlit as st

from i18n import N_, _
from rankwork.core.working import lines as working
from rankwork.teaching.demos import BY_DISAGREEMENT, DISAGREEMENTS, Disagreement, work
from rankwork.teaching.pitfalls import transformed
from ui.conventions.model import CONVENTIONS, EXAMPLE_KEY
from ui.playground import state
from ui.shared import language
from ui.shared.grades import list_frame, unretrieved_label
from ui.shared.mistakes import show_lines, value_text


def known_disagreements(decimals: int) -> None:
    """A button per disagreement; the one chosen last, worked."""
    st.subheader(_("Known disagreements, worked"))
    st.caption(_("Each on the small list that shows it, as in the tools' own issue threads."))
    buttons = st.columns(3)
    for i, d in enumerate(DISAGREEMENTS):
        buttons[i % 3].button(
            _(d.short),
            **CONVENTIONS.widget("conv_show_", d.key),
            on_click=choose_example,
            args=(d.key,),
            help=_(d.title),
            width="stretch",
        )
    chosen = st.session_state.get(EXAMPLE_KEY)
    if chosen in BY_DISAGREEMENT:
        show_disagreement(BY_DISAGREEMENT[chosen], decimals)


def choose_example(key: str) -> None:
    st.session_state[EXAMPLE_KEY] = key


def load_into_playground(d: Disagreement) -> None:
    """Callback: make the example's list the Playground's (its k and top grade too)."""
    r = d.ranking
    state.load_ranking(r, {"scale_max": int(r.scale_max), "k": d.k or len(r)})


def show_disagreement(d: Disagreement, decimals: int) -> None:
    """The example's list and why, each side's values on cards, each side's working in a tab."""
    st.markdown(f"#### {_(d.title)}")
    table_col, text_col = st.columns([2, 3])
    with table_col:
        _example_list(d)
    with text_col:
        st.markdown(_(d.why))
        st.caption(_("Seen in: {where}").format(where=_(d.seen_in)))
    worked = work(d)
    for family in d.families:
        for column, (side, results) in zip(st.columns(len(worked)), worked, strict=True):
            if family not in results:  # the tool has no such measure
                column.metric(
                    f"{family} · {_(side.label)}",
                    "—",
                    help=_("{who}: no {measure}").format(who=_(side.who), measure=family),
                    border=True,
                )
                continue
            column.metric(
                f"{results[family].name} · {_(side.label)}",
                value_text(results[family].value, decimals),
                help=_("As in: {who}").format(who=_(side.who)),
                border=True,
            )
    for tab, (side, results) in zip(
        st.tabs([_(s.label) for s, _results in worked]), worked, strict=True
    ):
        with tab:
            for family, result in results.items():
                convention = transformed(family, d.scenario(side), side.mistakes).convention
                show_lines(working.lines(family, result, convention, decimals))


def _example_list(d: Disagreement) -> None:
    """The example's list, its cutoff and top grade, and the button that loads it."""
    r = d.ranking
    st.dataframe(
        list_frame(r),
        hide_index=True,
        column_config=language.headers(N_("rank"), N_("doc"), N_("grade"), N_("score")),
    )
    cutoff = _("no cutoff") if d.k is None else f"k = {d.k}"
    st.caption(
        _("Judged but not retrieved: {unretrieved}. {cutoff}. Top grade {top:g}.").format(
            unretrieved=unretrieved_label(r), cutoff=cutoff, top=r.scale_max
        )
    )
    st.button(
        _("Load this list into the Playground"),
        **CONVENTIONS.widget("conv_load_", d.key),
        on_click=load_into_playground,
        args=(d,),
        icon=":material/upload:",
    )
