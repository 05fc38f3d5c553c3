"""Library conventions side by side: the Playground's list under every preset (trec_eval,
ir_measures, ranx, scikit-learn, LightGBM/XGBoost, gdeval, Järvelin & Kekäläinen, Textbook) in
one table, with the choices that differ from Textbook and why; then the known disagreements
between tools, each worked on its own small list, one click away.

Thin: the table of presets from rankwork.teaching.demos.preset_table, values from
rankwork.teaching.demos.work, wording from rankwork.teaching.phrasing, workings from
rankwork.core.working, the list from ui.grades.
"""

import streamlit as st

from i18n import N_, _
from rankwork.core.conventions import PRESETS, TEXTBOOK
from rankwork.core.specs import SPECS
from rankwork.core.working import lines as working
from rankwork.teaching.demos import BY_DISAGREEMENT, DISAGREEMENTS, Disagreement, preset_table, work
from rankwork.teaching.phrasing import SHORT, changes, moot
from rankwork.teaching.pitfalls import FAMILIES, transformed
from ui import language
from ui.grades import list_frame, unretrieved_label
from ui.literal import literal
from ui.mistakes import show_lines, value_text
from ui.playground import state

EXAMPLE_KEY = "conv_example"


DIFFERS = N_("Choices that differ from Textbook")


def choose_example(key: str) -> None:
    st.session_state[EXAMPLE_KEY] = key


def load_into_playground(d: Disagreement) -> None:
    """Callback: make the example's list the Playground's (its k and top grade too)."""
    r = d.ranking
    state.load_ranking(r, {"scale_max": int(r.scale_max), "k": d.k or len(r)})


def show_disagreement(d: Disagreement, decimals: int) -> None:
    r = d.ranking
    st.markdown(f"#### {_(d.title)}")
    table_col, text_col = st.columns([2, 3])
    with table_col:
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
            key=f"conv_load_{d.key}",
            on_click=load_into_playground,
            args=(d,),
            icon=":material/upload:",
        )
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


st.title(_("Library conventions"))
st.markdown(
    _(
        "Two tools that both say *nDCG@10* can disagree on the same list: they choose the gain, "
        "the ideal ranking, the tie order or the value of an empty query differently. Here is "
        "your Playground list under each tool's convention, and why they differ."
    )
)
decimals = int(state.settings()["decimals"])
ranking, k = state.current_ranking(), state.current_k()

family = st.selectbox(_("Measure"), FAMILIES, index=FAMILIES.index("nDCG"), key="conv_family")
if isinstance(ranking, Exception) or isinstance(k, Exception):
    problem = ranking if isinstance(ranking, Exception) else k
    st.error(
        _("The Playground's input needs fixing first: {problem}").format(problem=literal(problem)),
        icon=":material/error:",
    )
else:
    cut = None if SPECS[family].cutoff == "none" else k
    table = preset_table(ranking, cut, family)
    # a static table, so that the long "differs" sentences wrap (a data grid cut them at 1280 px)
    value = family if cut is None else f"{family}@{cut}"
    delta = _("Δ Textbook")
    shown = table.assign(tool=table["tool"].map(_)).rename(
        columns={
            "tool": _("Tool (preset)"),
            "value": value,
            "Δ Textbook": delta,
            "differs": _(DIFFERS),
        }
    )
    st.table(
        shown.style.format({value: f"{{:.{decimals}f}}", delta: f"{{:+.{decimals}f}}"}, na_rep="—"),
        hide_index=True,
    )
    # i18n: the separator between the words of a list (a comma and a space)
    ignored = _(", ").join(_(SHORT[f]) for f in sorted(moot(ranking)))
    st.caption(
        _(
            "Your Playground list; change it there. Each preset is the convention a tool uses, "
            "tested against the tool itself where it installs. A preset applies its tool's choices "
            "to every measure, also to those the tool does not compute (scikit-learn has no RR, "
            "trec_eval no ERR): such a row shows the convention, not a number the tool prints."
        )
        + (
            _(" Not listed, because they cannot matter on this list: {ignored}.").format(
                ignored=ignored
            )
            if ignored
            else ""
        )
    )
    st.markdown(_("**Why they differ**"))
    name = st.selectbox(
        _("Explain a tool"),
        list(PRESETS),
        index=1,
        key="conv_explain",
        format_func=language.labels({name: name for name in PRESETS}),
    )
    preset = PRESETS[name]
    st.markdown(_(preset.source))
    for line in changes(TEXTBOOK, preset, family):
        st.markdown(f"- {line}")
    for note in preset.notes:
        st.caption(_("Note: {note}").format(note=_(note)))

st.subheader(_("Known disagreements, worked"))
st.caption(_("Each on the small list that shows it, as in the tools' own issue threads."))
buttons = st.columns(3)
for i, d in enumerate(DISAGREEMENTS):
    buttons[i % 3].button(
        _(d.short),
        key=f"conv_show_{d.key}",
        on_click=choose_example,
        args=(d.key,),
        help=_(d.title),
        width="stretch",
    )
chosen = st.session_state.get(EXAMPLE_KEY)
if chosen in BY_DISAGREEMENT:
    show_disagreement(BY_DISAGREEMENT[chosen], decimals)
