"""The ranked-list editor, the unretrieved-documents editor, the list buttons and the examples.

Both editors have an optional subtopics column (`SUBTOPICS_COLUMN`): the subtopics a document
is relevant to, for the diversity measures; left empty everywhere, the page is as without it.

The editors edit the canonical tables of `ui.playground.state`; buttons change them in callbacks
through the pure operations of `ui.playground.reorder`. Grades are text cells, so whatever is typed
stays visible (a wrong grade is reported next to the table, not silently dropped).
"""

from __future__ import annotations

import streamlit as st

from i18n import N_, _
from ui.playground import examples, reorder, state
from ui.playground.inputs import next_doc_id, ranking_frame, unretrieved_frame

SEED_KEY = "seed"
MOVE_KEY = "move_rank"
EXAMPLE_KEY = "loaded_example"
#: The grid's row height in presentation mode, before ui/shared/style.py's zoom (GRID_ZOOM, 1.4)
#: enlarges the whole grid, its 14 px text to 19.6 px and these rows to 42 px (Streamlit's
#: default row is 35 px), and the most rows it then shows without scrolling (10 ranks with the
#: header and the "add a row" row fit in 720 px beside the cards).
LARGE_ROW_HEIGHT = 30
LARGE_ROWS_SHOWN = 12
#: The columns' widths in presentation mode, before the zoom: all five fit in the list's share of
#: a 1280 px projector (45%, 344 px before the zoom, with the 33 px of the row markers); the
#: subtopics, rarely typed in front of a class, get what is left (their header shows in full
#: with the sidebar open, where the list has the screen's width).
LARGE_WIDTHS = {"rank": 56, "doc": 84, "grade": 66, "score": 66, "subtopics": 32}
SUBTOPICS_HELP = N_(
    "Optional: the subtopics (intents) this document is relevant to, e.g. 1,3; empty for none. "
    "When any document has some, α-nDCG, ERR-IA and S-recall appear; they read only this "
    "column, the other measures only the grade."
)


def subtopics_column(more_help: str = "", width: int | None = None):
    """The text column of subtopics, in both editors (`width` in px, None: fitted)."""
    return st.column_config.TextColumn(
        _("subtopics"), help=_(SUBTOPICS_HELP) + more_help, default="", width=width
    )


def ranking_editor(large: bool = False) -> None:
    """The editable ranked list: rank, doc id, grade (text; empty = unjudged), score; `large`
    rows for a projector, every rank shown up to ten."""
    rows = state.editor_input(state.RANKING)
    new_doc = next_doc_id(rows["doc"].dropna())
    size, widths = {}, LARGE_WIDTHS if large else {}
    if large:
        shown = min(len(rows) + 2, LARGE_ROWS_SHOWN)  # the header and the "add a row" row
        size = {"row_height": LARGE_ROW_HEIGHT, "height": shown * LARGE_ROW_HEIGHT + 3}
    state.edit_table(
        state.RANKING,
        **size,
        num_rows="dynamic",
        hide_index=True,
        placeholder="–",
        column_config={
            "rank": st.column_config.NumberColumn(
                _("rank"), disabled=True, format="%d", width=widths.get("rank")
            ),
            "doc": st.column_config.TextColumn(
                _("doc id"), default=new_doc, width=widths.get("doc")
            ),
            "grade": st.column_config.TextColumn(
                _("grade"),
                help=_("A number from 0 to the top grade; leave empty for unjudged."),
                width=widths.get("grade"),
            ),
            "score": st.column_config.NumberColumn(
                _("score"),
                format="%g",
                width=widths.get("score"),
                help=_(
                    "Optional. With scores the list is ranked by score (ties: see the "
                    "convention); give every document one or none."
                ),
            ),
            "subtopics": subtopics_column(width=widths.get("subtopics")),
        },
    )


def unretrieved_editor() -> None:
    """Grades of judged documents the list did not retrieve (IDCG, R, AP, R-Prec read them)."""
    state.edit_table(
        state.UNRETRIEVED,
        num_rows="dynamic",
        hide_index=True,
        column_config={
            "grade": st.column_config.TextColumn(
                _("grade of a judged document not retrieved"), default="1"
            ),
            "subtopics": subtopics_column(
                " " + _("These documents are named u1, u2, ... in the ideal ranking.")
            ),
        },
    )


# --- buttons ---------------------------------------------------------------------------------


def _replace(frame) -> None:
    state.replace_table(state.RANKING, frame)


def _ideal() -> None:
    _replace(reorder.ideal_order(state.table(state.RANKING)))


def _reverse() -> None:
    _replace(reorder.reverse(state.table(state.RANKING)))


def _shuffle() -> None:
    _replace(reorder.shuffle(state.table(state.RANKING), int(st.session_state[SEED_KEY])))


def _random() -> None:
    n = len(state.table(state.RANKING)) or 10
    top = int(state.settings()["scale_max"])
    _replace(reorder.random_list(n, top, int(st.session_state[SEED_KEY])))


def _move(step: int) -> None:
    rank = int(st.session_state[MOVE_KEY])
    table = state.table(state.RANKING)
    _replace(reorder.move(table, rank, step))
    st.session_state[MOVE_KEY] = min(max(rank + step, 1), max(len(table), 1))


def _load(example: examples.Example) -> None:
    state.replace_table(state.RANKING, ranking_frame(example.grades))
    state.replace_table(state.UNRETRIEVED, unretrieved_frame(example.unretrieved))
    state.set_settings({"scale_max": example.scale_max})
    st.session_state[EXAMPLE_KEY] = example


def list_buttons() -> None:
    """Ideal order, reverse, shuffle, random list, reset; move a rank up or down; examples."""
    with st.container(horizontal=True):
        st.button(_("Ideal order"), on_click=_ideal, icon=":material/sort:")
        st.button(_("Reverse"), on_click=_reverse, icon=":material/swap_vert:")
        st.button(_("Shuffle"), on_click=_shuffle, icon=":material/shuffle:")
        st.button(_("Random list"), on_click=_random, icon=":material/casino:")
        st.button(
            _("Reset list"),
            on_click=_load,
            args=(examples.DEFAULT,),
            icon=":material/restart_alt:",
            help=_("Back to the first example."),
        )
    with st.container(horizontal=True, vertical_alignment="bottom"):
        st.number_input(
            _("Move rank"), min_value=1, step=1, key=MOVE_KEY, width=130, persist_state="session"
        )
        st.button(_("Up"), on_click=_move, args=(-1,), icon=":material/arrow_upward:")
        st.button(_("Down"), on_click=_move, args=(1,), icon=":material/arrow_downward:")
        st.number_input(
            _("Seed"),
            min_value=0,
            step=1,
            key=SEED_KEY,
            width=130,
            persist_state="session",
            help=_("Shuffle and Random list use it: the same seed gives the same list."),
        )
        with st.popover(_("Examples"), icon=":material/list:"):
            for example in examples.EXAMPLES:
                st.button(
                    _(example.title),
                    on_click=_load,
                    args=(example,),
                    help=_(example.lesson),
                    width="stretch",
                )


def list_tools() -> None:
    """What goes under the grid: the list buttons and the judged documents that were not
    retrieved (drawn by the page's full runs: using them reruns the whole page)."""
    list_buttons()
    st.markdown(_("**Judged documents that were not retrieved**"))
    unretrieved_editor()


def loaded_example_note() -> None:
    """What the example just loaded shows, while the list is still that example."""
    example = st.session_state.get(EXAMPLE_KEY)
    if example is None:
        return
    if state.table(state.RANKING).equals(ranking_frame(example.grades)):
        st.caption(f"**{_(example.title)}:** {_(example.lesson)}")
    else:
        del st.session_state[EXAMPLE_KEY]
