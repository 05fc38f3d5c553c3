"""The Playground's state in `st.session_state`: one place that every page reads.

Canonical values (plain data, never widget state):

- three tables (`RANKING`, `UNRETRIEVED`, `GAIN_MAP`), each a DataFrame as typed (see
  ui.playground.inputs);
- ``settings``: the preset, k, the grade scale, display choices and every Convention field.

Widget state is deleted by Streamlit when a page stops rendering a widget, so widgets only
*edit* the canonical values: a widget mounts from a snapshot of its value and writes its result
back after each run (`edit_table`, `bound`). An edit therefore applies exactly once, and the
list survives page switches and reruns. Buttons change a canonical value in a callback and
re-snapshot the editor (`replace_table`).

Other pages read the current inputs with `current_ranking()` (with the subtopic judgments
the tables hold, equally weighted), `current_convention()` and `current_k()`, and the
Playground the diversity measures' α and weights with `current_diversity()`; each returns the
core object or the validation error (never raises). The error quotes what the user typed, so
it is shown through `ui.shared.literal`, e.g.::

    ranking = state.current_ranking()
    if isinstance(ranking, Exception):
        st.error(literal(ranking))
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

import pandas as pd
import streamlit as st

import i18n
from rankwork.core.conventions import Convention
from rankwork.core.diversity import DEFAULT_ALPHA
from rankwork.core.ranking import Ranking, RankingError
from ui.playground import link
from ui.playground.inputs import (
    Diversity,
    convention_from,
    cutoff_from,
    diversity_from,
    fill_missing_doc_ids,
    gain_map_frame,
    ranking_frame,
    ranking_from,
    subtopic_texts,
    unretrieved_frame,
)
from ui.shared import language

WIDGET_PREFIX = "w_"
_RANKING_MEMO = "current_ranking_memo"  # (its inputs, the Ranking or RankingError)


@dataclass(frozen=True)
class Table:
    """A canonical table and the keys of its editor. `ranked` tables show a rank column and
    give rows added without a doc id a fresh one."""

    name: str
    ranked: bool = False

    @property
    def key(self) -> str:
        return self.name

    @property
    def base_key(self) -> str:
        return f"{self.name}_base"

    @property
    def editor_key(self) -> str:
        return f"{self.name}_editor"

    @property
    def args_key(self) -> str:
        return f"{self.name}_editor_args"

    def for_editor(self, frame: pd.DataFrame) -> pd.DataFrame:
        """The editor's input: the canonical table (with 1-based ranks when ranked)."""
        out = frame.reset_index(drop=True).copy()
        if self.ranked:
            out.insert(0, "rank", range(1, len(out) + 1))
        return out

    def from_editor(self, edited: pd.DataFrame) -> pd.DataFrame:
        out = edited.reset_index(drop=True)
        return out.drop(columns="rank") if self.ranked else out.copy()


RANKING = Table("ranking", ranked=True)
UNRETRIEVED = Table("unretrieved")
GAIN_MAP = Table("gain_map")


# --- session start ---------------------------------------------------------------------------


def init() -> None:
    """On a session's first run, whatever its page: the default list and settings."""
    if "settings" not in st.session_state:
        load(_default_state())


def open_link() -> None:
    """On the Playground's first run in a session: load the state its link holds, if any.

    Only the Playground reads the query string, so another page's own parameters are never
    taken for the Playground's."""
    if st.session_state.get("link_opened"):
        return
    st.session_state["link_opened"] = True
    params = st.query_params.to_dict()
    if set(params) - {language.PARAM}:  # the language alone is not a Playground state
        load(decode_link(params))


# Decoding a link validates it by evaluating its list (~50 ms): a class opening one shared link
# decodes it once, not once per student. st.cache_data hands each session its own copy, so a
# session's edits never reach another's. The result depends on the parameters alone.
@language.cached(st.cache_data(max_entries=256, show_spinner=False))
def decode_link(params: dict[str, str]) -> link.Decoded:
    """`link.decode(params)`, computed once per distinct link and language for all
    sessions (the problems it finds are sentences)."""
    return link.decode(params)


@st.cache_data(max_entries=1, show_spinner=False)
def _default_state() -> link.Decoded:
    """`link.default_state()`, built once for all sessions (each gets its own copy)."""
    return link.default_state()


def load(decoded: link.Decoded) -> None:
    """Make a decoded state (from a link or the defaults) the current one."""
    ss = st.session_state
    ss["settings"] = dict(decoded.settings)
    for table, frame in (
        (RANKING, decoded.ranking),
        (UNRETRIEVED, decoded.unretrieved),
        (GAIN_MAP, decoded.gain_map),
    ):
        replace_table(table, frame)
    ss["link_problems"] = list(decoded.problems)
    for key in [k for k in ss if str(k).startswith(WIDGET_PREFIX)]:
        del ss[key]


def link_problems() -> list[str]:
    """What was wrong with the link this session was opened with (empty when nothing)."""
    return st.session_state.get("link_problems", [])


def dismiss_link_problems() -> None:
    st.session_state["link_problems"] = []


# --- tables ----------------------------------------------------------------------------------


def table(spec: Table) -> pd.DataFrame:
    """The canonical table (as typed)."""
    return st.session_state[spec.key]


def replace_table(spec: Table, frame: pd.DataFrame) -> None:
    """Set the canonical table and remount its editor on it (for buttons and loads)."""
    frame = frame.reset_index(drop=True)
    st.session_state[spec.key] = frame
    st.session_state[spec.base_key] = spec.for_editor(frame)
    if spec is GAIN_MAP:
        settings()["gain_map"] = gain_pairs(frame)


def editor_input(spec: Table) -> pd.DataFrame:
    """The editor's input this run: its snapshot, taken now if the editor is not mounted (first
    visit, or back from another page, whose switch deleted the editor's state)."""
    ss = st.session_state
    if spec.editor_key not in ss or spec.base_key not in ss:
        ss[spec.base_key] = spec.for_editor(ss[spec.key])
    return ss[spec.base_key]


def edit_table(spec: Table, **editor_args: Any) -> pd.DataFrame:
    """Show `st.data_editor` over the table; the edited table becomes the canonical one.

    The editor's input is a snapshot (`editor_input`), so Streamlit's positional edits apply
    to the table they were made on, once. When rows were added or deleted, the editor is
    remounted on the result so ranks and new doc ids show at once. When the editor's arguments
    change (which gives it a new identity, and Streamlit a fresh edit state), it is remounted on
    the canonical table first, so the edits made so far are kept."""
    ss = st.session_state
    editor_input(spec)
    args = repr(editor_args)
    if ss.get(spec.args_key) != args:
        ss[spec.base_key] = spec.for_editor(ss[spec.key])
        ss[spec.args_key] = args
    edited = st.data_editor(ss[spec.base_key], key=spec.editor_key, **editor_args)
    frame = spec.from_editor(edited)
    ss[spec.key] = frame
    if spec is GAIN_MAP:
        settings()["gain_map"] = gain_pairs(frame)
    pending = ss[spec.editor_key]
    if pending["added_rows"] or pending["deleted_rows"]:
        replace_table(spec, fill_missing_doc_ids(frame) if spec.ranked else frame)
        st.rerun()
    return frame


def gain_pairs(frame: pd.DataFrame) -> tuple[tuple[float, float], ...]:
    """The gain map table as (grade, gain) pairs, in table order (empty cells are NaN)."""
    return tuple(
        (float(g), float(v))
        for g, v in zip(
            pd.to_numeric(frame["grade"], errors="coerce"),
            pd.to_numeric(frame["gain"], errors="coerce"),
            strict=True,
        )
    )


def load_ranking(ranking: Ranking, changes: Mapping[str, Any]) -> None:
    """Make `ranking` the Playground's list (doc ids, grades, scores, subtopics, and the judged
    documents it did not retrieve), with the settings it needs (e.g. k, the top grade)."""
    retrieved, missed = subtopic_texts(ranking)
    replace_table(
        RANKING, ranking_frame(ranking.grades, ranking.doc_ids, ranking.scores, retrieved)
    )
    replace_table(UNRETRIEVED, unretrieved_frame(ranking.unretrieved, missed))
    set_settings(changes)


# --- settings --------------------------------------------------------------------------------


def settings() -> dict[str, Any]:
    """The canonical settings dict (mutable: widgets write into it through `bound`)."""
    return st.session_state["settings"]


def set_settings(values: Mapping[str, Any]) -> None:
    """Change settings from a callback (a preset, a link): the canonical values and any
    mounted widget showing them."""
    ss = st.session_state
    for name, value in values.items():
        if name == "gain_map":
            replace_table(GAIN_MAP, gain_map_frame(value))
            continue
        settings()[name] = value
        if WIDGET_PREFIX + name in ss:
            ss[WIDGET_PREFIX + name] = value


def bound(name: str, widget: Callable[..., Any], label: str, **widget_args: Any) -> Any:
    """Render `widget(label, key=..., **widget_args)` for the setting `name`: the widget mounts
    showing the setting and its value is written back to it."""
    key = WIDGET_PREFIX + name
    if key not in st.session_state:
        st.session_state[key] = settings()[name]
    value = widget(label, key=key, **widget_args)
    settings()[name] = value
    return value


# --- the current inputs, for every page ------------------------------------------------------


def current_ranking() -> Ranking | RankingError:
    """The Playground's list as a validated Ranking, or the error naming what is wrong.

    Read once for the same inputs: a Playground run asks for it up to four times (the page,
    its diversity settings, the text box when the tables changed, the novelty settings when
    the list has subtopics), each a parse of every row. The tables are replaced, never changed
    in place, so the same table objects, top grade and language (the error is a sentence) give
    the same answer. The error is kept without its traceback, whose frames would hold the
    previous memo, and so every earlier error, for as long as the list stays wrong."""
    ss = st.session_state
    inputs = (table(RANKING), table(UNRETRIEVED), settings()["scale_max"], i18n.current())
    memo = ss.get(_RANKING_MEMO)
    if memo is not None and _same_inputs(memo[0], inputs):
        return memo[1]
    try:
        ranking: Ranking | RankingError = ranking_from(*inputs[:3])
    except RankingError as err:
        ranking = RankingError(*err.args)  # the sentence alone: no traceback, no context
    ss[_RANKING_MEMO] = (inputs, ranking)
    return ranking


def _same_inputs(before: tuple, now: tuple) -> bool:
    """The same two table objects (identity: a frame's contents are not compared), top grade
    and language."""
    return before[0] is now[0] and before[1] is now[1] and before[2:] == now[2:]


def current_weighted_ranking() -> Ranking | ValueError:
    """The Playground's list with its intent weights applied (the list its diversity cards
    read), or the error naming what to fix: the list's, or the weights' or α's."""
    ranking = current_ranking()
    if isinstance(ranking, RankingError):
        return ranking
    diversity = current_diversity()
    if isinstance(diversity, ValueError):
        return diversity
    return diversity.apply(ranking)


def current_alpha() -> float:
    """The Playground's α for the diversity measures (the default while it is wrong)."""
    diversity = current_diversity()
    return DEFAULT_ALPHA if isinstance(diversity, ValueError) else diversity.alpha


def current_condensed() -> bool:
    """Whether the Playground scores the condensed list (its toggle, `cl=1` in a link)."""
    return bool(settings()["condensed"])


def current_convention() -> Convention | ValueError:
    """The Playground's convention (its preset when unchanged), or the error naming the field."""
    try:
        return convention_from(settings())
    except ValueError as err:
        return err


def current_diversity() -> Diversity | ValueError:
    """α and the intent weights (checked against the list's subtopics when the list is valid),
    or the core's error naming what is wrong."""
    ranking = current_ranking()
    try:
        return diversity_from(settings(), None if isinstance(ranking, Exception) else ranking)
    except ValueError as err:
        return err


def current_k() -> int | ValueError:
    """The Playground's cutoff k (1..1000), or the error saying what is allowed."""
    try:
        return cutoff_from(settings()["k"])
    except ValueError as err:
        return err


# --- the last valid result -------------------------------------------------------------------


@dataclass(frozen=True)
class Shown:
    """What the Playground shows: the last valid report and its link."""

    report: Any  # rankwork.explore.report.Report
    link: dict[str, str] | ValueError
    signature: str


def signature(
    ranking: Ranking,
    convention: Convention,
    k: int,
    diversity: Diversity | None = None,
    condensed: bool = False,
) -> str:
    """A text that changes exactly when the inputs of a result change."""
    scores = None if ranking.scores is None else ranking.scores.tobytes()
    inputs = (
        ranking.grades.tobytes(),
        ranking.doc_ids,
        scores,
        ranking.unretrieved.tobytes(),
        ranking.scale_max,
        convention,
        k,
    )
    if ranking.intents is not None:  # the same text as before for a list without subtopics
        inputs += (subtopic_texts(ranking), diversity)
    if condensed:  # the same text as before for the list as given
        inputs += ("condensed",)
    return repr(inputs)


def remember_result(shown: Shown) -> None:
    st.session_state["last_result"] = shown


def last_result() -> Shown | None:
    """The last valid result of this session (kept on screen while an input is wrong)."""
    return st.session_state.get("last_result")
