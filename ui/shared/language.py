"""The session's language: the sidebar's picker, the link's ``lang`` parameter, the browser's.

On a session's first run the language comes from its link (``?lang=zh``, so a teacher's link
opens in the class's language), else from the browser's preferred language (Streamlit's
`st.context.locale`, then the Accept-Language header), else English. The picker changes it for
the session; every page keeps it in the address bar, so any link copied from it carries it.
`start_run` makes it the run's language (`i18n.use`); `i18n.follow` reads it for the callbacks
that run before.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import streamlit as st
from streamlit.runtime.scriptrunner import get_script_run_ctx

import i18n
from i18n import LANGUAGES, _
from ui.shared import link
from ui.shared.literal import literal
from ui.shared.state import Field, Model

PARAM = "lang"  # the link's parameter
KEY = "language"  # the session's language code, and the picker's state
_LINK_PROBLEM = "language_link_problem"

#: The session's language, in every page's link (``lang``; English, the default, is left out).
LANGUAGE = Model(
    "language",
    (
        Field(KEY, str, i18n.SOURCE, PARAM, link.choices(LANGUAGES), widget=True, persists=True),
        Field(_LINK_PROBLEM, str),  # a language the link asked for that RankLab lacks
    ),
)


def _session_language() -> str | None:
    """The running session's language (None outside a session's script run)."""
    if get_script_run_ctx(suppress_warning=True) is None:
        return None
    return st.session_state.get(KEY)


i18n.follow(_session_language)


def start_run() -> str:
    """Choose the session's language on its first run, and make it this run's (i18n.use); its
    code."""
    ss = st.session_state
    if KEY not in ss:
        ss[KEY] = _from_link() or _from_browser() or i18n.SOURCE
    i18n.use(ss[KEY])
    return ss[KEY]


def _from_link() -> str | None:
    """The language the link asks for (``lang``, its last value), if RankLab speaks it; else
    None, and the language asked for is noted for the picker to name."""
    asked = {PARAM: st.query_params[PARAM]} if PARAM in st.query_params else {}
    values, bad = link.decode(LANGUAGE, asked)
    if bad:
        st.session_state[_LINK_PROBLEM] = asked[PARAM]
    return values.get(KEY)


def _from_browser() -> str | None:
    """The first of the browser's preferred languages that RankLab speaks (zh-CN -> zh)."""
    header = st.context.headers.get("Accept-Language") or ""
    asked = [st.context.locale or "", *(part.split(";")[0] for part in header.split(","))]
    for tag in asked:
        primary = tag.strip().split("-")[0].split("_")[0].lower()
        if primary in LANGUAGES:
            return primary
    return None


def picker() -> None:
    """The sidebar's language picker (each language named in itself), and a note when the
    link asked for one RankLab does not speak."""
    with st.sidebar:
        st.selectbox(
            _("Language"),
            options=list(LANGUAGES),
            format_func=LANGUAGES.get,
            key=KEY,
            help=_("The language of every page. Links copied from now on open in it."),
        )
        asked = st.session_state.pop(_LINK_PROBLEM, None)
        if asked is not None:
            said = _(
                "The link asked for the language {asked}, which RankLab does not speak; "
                "showing {shown}."
            )
            st.caption(said.format(asked=literal(asked), shown=LANGUAGES[st.session_state[KEY]]))


def labels(shown: Mapping[Any, str]) -> Callable[[Any], str]:
    """A widget's `format_func` showing each option as `_(shown[option])` (its English label,
    marked with N_) in the session's language; an option with no label as it is.

    The labels are translated now, in the run: Streamlit's AppTest formats a widget's options
    from its own thread, outside the run, where a function calling `_` would give English and
    match no option. The options themselves (the widget's state, the link) never change."""
    translated = {option: _(label) for option, label in shown.items()}
    return lambda option: translated.get(option, str(option))


def cached(cache: Callable[[Callable], Callable]) -> Callable[[Callable], Callable]:
    """A decorator: the function under `cache` (a configured ``st.cache_data(...)`` or
    ``st.cache_resource(...)``) keyed on the session's language too, since what it returns
    holds text (a figure's title, a problem's sentence) and one session's language must not
    reach another's. Its arguments and the cache's rules are otherwise the function's own."""

    def keyed(func: Callable) -> Callable:
        @functools.wraps(func)
        def in_language(*args: Any, language: str, **kwargs: Any) -> Any:
            return func(*args, **kwargs)

        in_cache = cache(in_language)

        @functools.wraps(func)
        def call(*args: Any, **kwargs: Any) -> Any:
            return in_cache(*args, language=i18n.current(), **kwargs)

        return call

    return keyed


def headers(*columns: str) -> dict[str, Any]:
    """Column configs that show each column, named in English (marked with N_), under its name in
    the session's language; the table keeps its English column names (code reads them):
    ``column_config={**language.headers(N_("rank"), N_("doc")), "score": ...}``."""
    return {column: st.column_config.Column(_(column)) for column in columns}


def tab_labels(key: str, english: Sequence[str]) -> list[str]:
    """The labels of the tabs `st.tabs(..., key=key)` shows, in the session's language. A tab's
    state is its label, so when the language changes the label of the tab that was open is
    carried over to the same tab in the new language (else Streamlit would open the first)."""
    ss = st.session_state
    labels = [_(label) for label in english]
    before = ss.get(f"{key}_labels")
    if before is not None and before != labels and ss.get(key) in before:
        ss[key] = labels[before.index(ss[key])]
    ss[f"{key}_labels"] = labels
    return labels


def link_params() -> dict[str, str]:
    """The language's part of any link: nothing for English."""
    return link.encode(LANGUAGE, {KEY: st.session_state.get(KEY, i18n.SOURCE)})  # type: ignore[return-value]


def keep_in_link() -> None:
    """Keep the session's language in the address bar (page switches drop the query)."""
    wanted = link_params().get(PARAM)
    if st.query_params.get(PARAM) == wanted:
        return
    if wanted is None:
        del st.query_params[PARAM]
    else:
        st.query_params[PARAM] = wanted
