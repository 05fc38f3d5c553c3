"""The Playground's text box: type or paste a whole list in one go (rankwork.explore.list_text reads
it).

The box and the two tables (ranked list, judged documents not retrieved) stay in step:

- text -> tables: when the box's text is committed (Ctrl+Enter, or leaving the box), it is
  read; a list read makes the Playground's list with `state.load_ranking`, as any whole-query
  load does. Text that cannot be read leaves the tables as they were, keeps the text as typed,
  and points at the token.
- tables -> text: whenever the tables differ from what the box last read or wrote, the box is
  rewritten from them (`format_text`), so an edit in the grid shows in the box.

`render()` must run after both table editors in the script, so that it sees this run's edits.
"""

from __future__ import annotations

import math

import streamlit as st

from i18n import N_, _
from rankwork.core.ranking import Ranking, RankingError
from rankwork.explore.list_text import ListText, ListTextError, format_text, parse, text_lines
from ui.playground import controls, state
from ui.playground.inputs import SCALE_MAXIMA
from ui.shared.literal import literal

BOX = "list_box"  # the text area's widget key (deleted by Streamlit on a page switch)
TEXT = "list_box_text"  # the box's text, kept across page switches
SYNCED = "list_box_synced"  # the tables as they were when the box was last in step with them
PROBLEM = "list_box_problem"  # the ListTextError / RankingError of the last text, if any
READ = "list_box_read"  # what the last text was read as
NOTE = "list_box_note"  # why the tables cannot be written as text, if so
MISSED_IDS = "list_box_missed_ids"  # the ids of the judged documents not retrieved, as typed
UNJUDGED_ZERO = "list_box_unjudged_zero"

IDLE = N_("Ctrl+Enter reads the text into the tables; edits in the tables show here.")
HELP = N_(
    """Three ways to write one query; press Ctrl+Enter to fill the tables.

- **Grades** in rank order: `3, 2, 3, 0, 1, 2`. A blank between commas or `?` is unjudged.
  After `|`, the grades of judged documents not retrieved: `3, 2, ?, 0 | 2, 1`.
- **Judgments and a ranking**: `101:2 203:1 305:2 408:1` then `101 450 305 120 203 999 555`.
  Judged ids missing from the ranking were not retrieved. Python's `{101: 2}` and
  `[101, 450]` work too.
- **TREC lines** of one query: run lines `q1 Q0 101 1 12.5 bm25` and qrels lines
  `q1 0 101 2`, in any order.

Subtopics (for α-nDCG, ERR-IA and S-recall) go in the grid's subtopics column: a text read
here is a new list, without them."""
)


def render() -> None:
    """The text box, the unjudged-ids choice, and what the last text was read as (or where it
    could not be read)."""
    ss = st.session_state
    tables = _tables()
    if ss.get(SYNCED) != tables:
        _write_from_tables(tables)
    if BOX not in ss:
        ss[BOX] = ss.get(TEXT, "")
    st.text_area(
        _("Type or paste the list"),
        key=BOX,
        on_change=_apply,
        height=90,
        placeholder="3, 2, 3, 0, 1, 2 | 2, 1",
        help=_(HELP),
    )
    st.checkbox(
        _("Ranked ids without a judgment are non-relevant (grade 0), not unjudged"),
        key=UNJUDGED_ZERO,
        on_change=_apply,
        persist_state="session",
        help=_(
            "For judgments and a ranking, and for TREC lines. Unjudged documents also gain 0, "
            "but RBP's residual counts what they might add."
        ),
    )
    with st.container(key="list_box_status"):  # two lines reserved (ui/shared/style.py)
        _status()
    controls.whole_list_k_offer()


def _status() -> None:
    """Where the last text could not be read, or what it was read as."""
    ss = st.session_state
    problem = ss.get(PROBLEM)
    if isinstance(problem, ListTextError):
        said = _("Not read (line {line}, column {column}): {problem} The tables are unchanged.")
        st.error(
            said.format(line=problem.line, column=problem.column, problem=problem.problem),
            icon=":material/error:",
        )
        source = text_lines(ss.get(TEXT, ""))
        st.code(
            source[problem.line - 1] + "\n" + " " * (problem.column - 1) + "^",
            language=None,
        )
    elif problem is not None:
        said = _("Not read: {problem} The tables are unchanged.")
        st.error(  # e.g. a doc id typed twice: the message quotes the user's text
            said.format(problem=literal(str(problem))), icon=":material/error:"
        )
    else:  # always one line here, so that the grid below does not move
        read = _("Read as {what}.").format(what=ss[READ]) if ss.get(READ) else _(IDLE)
        st.caption(ss.get(NOTE) or read)


def _tables() -> str:
    """The two tables' contents, as a text that changes exactly when they do."""
    ranking = state.table(state.RANKING)
    unretrieved = state.table(state.UNRETRIEVED)
    return repr((ranking.to_numpy().tolist(), unretrieved.to_numpy().tolist()))


def _write_from_tables(tables: str) -> None:
    """Rewrite the box from the tables (left as it is while the tables have an error)."""
    ss = st.session_state
    ss[SYNCED] = tables
    ranking = state.current_ranking()
    if isinstance(ranking, RankingError):
        return
    for key in (PROBLEM, READ, NOTE):
        ss.pop(key, None)
    try:
        text = format_text(
            [None if math.isnan(g) else float(g) for g in ranking.grades],
            ranking.doc_ids,
            None if ranking.scores is None else ranking.scores.tolist(),
            ranking.unretrieved.tolist(),
            ss.get(MISSED_IDS, ()),
        )
    except ValueError as err:
        ss[NOTE] = _("The box cannot show this list: {why}").format(why=err)
        text = ""
    ss[TEXT] = ss[BOX] = text


def _apply() -> None:
    """Callback of the box and the checkbox: read the text; load it, or say where it fails."""
    ss = st.session_state
    text = ss.get(BOX, "")
    ss[TEXT] = text
    for key in (PROBLEM, READ, NOTE):
        ss.pop(key, None)
    try:
        read = parse(text, unjudged_grade=0.0 if ss.get(UNJUDGED_ZERO) else None)
        ranking, changes = _ranking(read)
    except ValueError as err:  # ListTextError, or RankingError from the core's checks
        ss[PROBLEM] = err
        return
    state.load_ranking(ranking, changes)
    controls.remember_list_read(len(ranking))  # k = the list's length is offered if longer
    ss[MISSED_IDS] = read.unretrieved_ids
    if changes:
        said = _("{what}; the top grade is now {top}")
        ss[READ] = said.format(what=read.summary(), top=changes["scale_max"])
    else:
        ss[READ] = read.summary()
    ss[SYNCED] = _tables()  # in step: keep the text as typed


def _ranking(read: ListText) -> tuple[Ranking, dict[str, int]]:
    """The Ranking the text gives, checked by the core; the grade scale is raised to the top
    grade typed when it is above the current one (and within the scales offered)."""
    scale_max = int(state.settings()["scale_max"])
    grades = [g for g in read.grades if g is not None] + list(read.unretrieved)
    top = max(grades, default=0.0)
    changes = {}
    if top > scale_max and math.ceil(top) <= SCALE_MAXIMA[-1]:
        scale_max = math.ceil(top)
        changes["scale_max"] = scale_max
    ranking = Ranking.build(
        read.grades,
        doc_ids=read.doc_ids,
        scores=read.scores,
        unretrieved=read.unretrieved,
        scale_max=scale_max,
    )
    return ranking, changes
