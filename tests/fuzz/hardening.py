"""The generators of the second hardening campaign (issue 33) and the contract each outcome
must keep. Shared by tests/fuzz/test_fuzz_hardening.py (seeded, bounded, in CI), the unit
property tests and scripts/fuzz_campaign.py (the long campaign).

- `box_texts()`: the Playground's text box given text of characters the parser ignores,
  separators, quotes and line breaks of every kind; `check_box_text`: a ListText or a
  ListTextError (no other exception); `check_box_in_playground`: the same text typed into
  the Playground's box shows no exception and, when refused, keeps the last result.
- `grid_lists()`: lists the Playground's grid can hold, with hostile ids (quotes, separators,
  ``Q0``, every line break Python knows); `check_box_round_trip`: the box's text of the list
  (`format_text`) reads back (`parse`) to the same list, or `format_text` says why no form
  holds it, for the reasons its docstring gives.
- `link_states()`: valid Playground states (a built Ranking and settings); `check_link_round_trip`:
  encode -> decode gives the same list and settings, with nothing wrong.
- `mutated_state_links()`: the links of valid states, mutated; `check_mutated_link`: decoding
  keeps `assert_valid_state`'s contract.
- `core_calls()`: the core's entry points with huge ints (beyond any double) where a number
  goes; `check_core_call`: a result or a ValueError naming the value, never OverflowError.
"""

from __future__ import annotations

import math
import re

import numpy as np
from hypothesis import assume
from hypothesis import strategies as st
from streamlit.testing.v1 import AppTest

from rankwork.core.conventions import PRESETS, TEXTBOOK, TREC_EVAL_NDCG_CUT
from rankwork.core.intents import Intents
from rankwork.core.measures import parse as parse_measure
from rankwork.core.ranking import Ranking
from rankwork.explore.list_text import ListText, ListTextError, format_text, parse
from rankwork.explore.report import MORE
from tests.app.conftest import APP, metric_values
from tests.fuzz.app_inputs import WEIRD_NUMBERS, assert_literal, assert_valid_state, bodies
from ui.playground import link as playground_link
from ui.playground.inputs import (
    MAX_K,
    SCALE_MAXIMA,
    convention_from,
    default_settings,
    diversity_from,
    evaluate_finite,
    preset_fields,
    ranking_frame,
    ranking_from,
    unretrieved_frame,
)
from ui.playground.model import MAX_DECIMALS

# --- the text box ----------------------------------------------------------------------------

#: The characters `str.splitlines` cuts at; a browser's box only writes "\n".
LINE_BREAKS = "\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029"
IGNORED = " \t;{}[]()"
_BOX_PIECES = st.sampled_from(
    [*IGNORED, *LINE_BREAKS, ",", ":", "|", "?", "'", '"', "Q0", "q0", "1", "2", "-1", "2.5",
     "nan", "1_0", "\uff13", "a", "101", "#", "{}\n[]", "1 Q0 a 1 2 r\n"]
)  # fmt: skip


def box_texts() -> st.SearchStrategy[str]:
    """Texts built of the pieces the box's parser treats specially, mostly the ignored ones."""
    ignored_only = st.lists(st.sampled_from([*IGNORED, *LINE_BREAKS]), min_size=1, max_size=12)
    return st.one_of(
        ignored_only.map("".join),
        st.lists(_BOX_PIECES, max_size=16).map("".join),
        st.text(max_size=30),
    )


def check_box_text(text: str) -> str:
    """`parse` reads the text or raises ListTextError, whose line and column are in the text."""
    try:
        read = parse(text)
    except ListTextError as err:
        assert err.problem and 1 <= err.line <= text.count("\n") + 1, err
        return "refused"
    assert isinstance(read, ListText) and len(read.grades) >= 1
    return "read"


def playground_page() -> AppTest:
    """The Playground, opened in AppTest."""
    at = AppTest.from_file(APP, default_timeout=60)
    at.run()
    at.switch_page("app_pages/playground.py").run()
    return at


def check_box_in_playground(at: AppTest, text: str) -> None:
    """The Playground's box given `text`: no exception box; text it refuses leaves the cards
    as they were, with the message at the box; no user text rendered as Markdown."""
    before = metric_values(at)
    at.text_area(key="list_box").set_value(text).run()
    assert not at.exception, (text, [e.value for e in at.exception])
    if any(e.value.startswith("Not read") for e in at.error):
        assert metric_values(at) == before, text
    assert_literal(bodies(at))


def _grid_id(alphabet: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
    """An id as the grid keeps it: stripped (Ranking.build strips ids), not empty."""
    return st.text(alphabet, min_size=1, max_size=6).map(str.strip).filter(bool) | st.sampled_from(
        ["Q0", "q0", "?", "d1", "#x", "a b", "u1"]
    )


_HOSTILE_CHARS = st.sampled_from([*LINE_BREAKS, *IGNORED, ",", ":", "|", "?", "'", '"', "Q", "0"])
_ID_CHARS = st.one_of(_HOSTILE_CHARS, st.characters(codec="utf-8"))
_grades = st.one_of(
    st.none(),
    st.integers(-2, 10).map(float),
    st.floats(-1e300, 1e300, allow_nan=False, allow_infinity=False),
)
_finite = st.floats(allow_nan=False, allow_infinity=False)


@st.composite
def grid_lists(draw) -> dict:
    """The arguments of `format_text` for a list the grid holds: grades (None = unjudged),
    doc ids (d1, d2, ... or the list's own, unique), maybe scores, unretrieved grades, and the
    ids those were last typed with (ids `parse` gave, so none holds a line feed)."""
    n = draw(st.integers(1, 8))
    grades = draw(st.lists(_grades, min_size=n, max_size=n))
    if draw(st.booleans()):
        ids = [f"d{i + 1}" for i in range(n)]
    else:
        ids = draw(st.lists(_grid_id(_ID_CHARS), min_size=n, max_size=n, unique=True))
    scores = draw(st.none() | st.lists(_finite, min_size=n, max_size=n))
    unretrieved = draw(st.lists(st.integers(-1, 4).map(float) | _finite, max_size=3))
    typed = _grid_id(_ID_CHARS).filter(lambda d: "\n" not in d and not {"'", '"'} <= set(d))
    missed_ids = draw(st.lists(typed, max_size=len(unretrieved), unique=True))
    return {
        "grades": grades,
        "doc_ids": ids,
        "scores": scores,
        "unretrieved": unretrieved,
        "unretrieved_ids": missed_ids,
    }


def no_text_form(grades, doc_ids, scores, unretrieved) -> bool:
    """True when `format_text`'s docstring says no form holds the list: scores with an id
    holding a space (TREC lines); without scores, ids of the list's own with an id holding a
    line feed or both quote characters, or with nothing judged."""
    if scores is not None:
        return any(not re.fullmatch(r"\S+", d) for d in doc_ids)
    if doc_ids == [f"d{i + 1}" for i in range(len(doc_ids))]:
        return False
    if any("\n" in d or {"'", '"'} <= set(d) for d in doc_ids):
        return True
    return all(g is None for g in grades) and not unretrieved


def check_box_round_trip(lst: dict) -> str:
    """box <- grid -> box: the text `format_text` writes reads back to the same list."""
    try:
        text = format_text(**lst)
    except ValueError:
        assert no_text_form(lst["grades"], lst["doc_ids"], lst["scores"], lst["unretrieved"]), lst
        return "no text form"
    assert not no_text_form(lst["grades"], lst["doc_ids"], lst["scores"], lst["unretrieved"])
    read = parse(text)
    default = lst["doc_ids"] == [f"d{i + 1}" for i in range(len(lst["doc_ids"]))]
    assert read.grades == tuple(lst["grades"]), (text, read)
    assert read.doc_ids == (None if default and lst["scores"] is None else tuple(lst["doc_ids"]))
    assert read.scores == (None if lst["scores"] is None else tuple(lst["scores"])), text
    assert read.unretrieved == tuple(lst["unretrieved"]), text
    assert all(math.isfinite(g) for g in read.unretrieved)
    return read.form


# --- links -----------------------------------------------------------------------------------

_link_id = st.text(_ID_CHARS, min_size=1, max_size=8).map(str.strip).filter(bool)
_subtopic_cell = st.lists(st.sampled_from(["1", "2", "3", "car", "a;b", "x,y", "%"]), max_size=3)


@st.composite
def link_states(draw) -> tuple[Ranking, dict]:
    """A state the Playground can hold and share: a Ranking built from its tables (maybe with
    ids of its own, scores, unretrieved documents and subtopics) and settings that evaluate it
    to finite numbers."""
    preset = draw(st.sampled_from(list(PRESETS)))
    settings = {**default_settings(), "preset": preset, **preset_fields(preset)}
    settings["scale_max"] = top = draw(st.sampled_from(SCALE_MAXIMA))
    settings["k"] = draw(st.integers(1, MAX_K))
    settings["decimals"] = draw(st.integers(0, MAX_DECIMALS))
    settings["presentation"] = draw(st.booleans())
    settings["condensed"] = draw(st.booleans())
    more = draw(st.lists(st.sampled_from(MORE), unique=True, max_size=2))
    settings["more"] = tuple(key for key in MORE if key in more)  # as the page keeps them
    grade = st.none() | st.integers(0, top).map(float) | st.floats(0, top, allow_nan=False)
    n = draw(st.integers(1, 6))
    grades = draw(st.lists(grade, min_size=n, max_size=n))
    ids = draw(st.none() | st.lists(_link_id, min_size=n, max_size=n, unique=True))
    scores = draw(st.none() | st.lists(_finite, min_size=n, max_size=n))
    unretrieved = draw(st.lists(st.integers(0, top).map(float), max_size=3))
    subtopics = missed = None
    if draw(st.booleans()):
        cell = _subtopic_cell.map(", ".join)
        subtopics = draw(st.lists(cell, min_size=n, max_size=n))
        missed = draw(st.lists(cell, min_size=len(unretrieved), max_size=len(unretrieved)))
    table = ranking_frame(grades, ids, scores, subtopics)
    ranking = ranking_from(table, unretrieved_frame(unretrieved, missed), top)
    try:
        evaluate_finite(
            ranking, convention_from(settings), settings["k"], diversity_from(settings, ranking)
        )
    except ValueError:  # e.g. a score so large a sum overflows: not a state the page holds
        assume(False)
    return ranking, settings


def _same_list(a: Ranking, b: Ranking) -> bool:
    grades = np.array_equal(a.grades, b.grades, equal_nan=True)
    scores = (a.scores is None) == (b.scores is None) and (
        a.scores is None or a.scores.tolist() == b.scores.tolist()
    )
    intents = (a.intents is None) == (b.intents is None) and (
        a.intents is None
        or (a.intents.retrieved, a.intents.unretrieved)
        == (b.intents.retrieved, b.intents.unretrieved)
    )
    return (
        grades
        and scores
        and intents
        and a.doc_ids == b.doc_ids
        and (a.unretrieved.tolist() == b.unretrieved.tolist())
    )


def check_link_round_trip(state: tuple[Ranking, dict]) -> str:
    """encode -> decode: the same list and settings, and nothing named as wrong."""
    ranking, settings = state
    try:
        params = playground_link.encode(ranking, settings)
    except playground_link.LinkTooLong:
        return "too long"
    decoded = playground_link.decode(params)
    assert decoded.problems == [], (params, decoded.problems)
    again = ranking_from(decoded.ranking, decoded.unretrieved, decoded.settings["scale_max"])
    assert _same_list(ranking, again), (params, ranking, again)
    shared = {k: v for k, v in settings.items() if k not in ("weights", "alpha")}
    assert {k: decoded.settings[k] for k in shared} == shared, params
    return "same state"


_MUTATIONS = ("replace", "cut", "double", "drop", "empty", "percent")


@st.composite
def mutated_state_links(draw) -> dict[str, str]:
    """The link of a random valid state, with one to three of its values mutated: replaced by
    a weird number, cut, doubled, dropped, emptied or given a stray percent escape."""
    ranking, settings = draw(link_states())
    try:
        link = dict(playground_link.encode(ranking, settings))
    except playground_link.LinkTooLong:
        link = {}
    for _ in range(draw(st.integers(1, 3))):
        param = draw(st.sampled_from(sorted(link) or ["g"]))
        old = link.get(param, "")
        how = draw(st.sampled_from(_MUTATIONS))
        if how == "replace":
            link[param] = draw(st.sampled_from(WEIRD_NUMBERS))
        elif how == "cut":
            link[param] = old[: draw(st.integers(0, len(old)))]
        elif how == "double":
            link[param] = f"{old},{old}"
        elif how == "drop":
            link.pop(param, None)
        elif how == "empty":
            link[param] = ""
        else:
            link[param] = old + draw(st.sampled_from(["%", "%2", "%ZZ", "%2C", "%1C", "%0A"]))
    return link


def check_mutated_link(link: dict[str, str]) -> str:
    """Whatever the mutation, decoding gives a state the Playground can show."""
    decoded = playground_link.decode(link)
    assert_valid_state(decoded)
    return "named a problem" if decoded.problems else "decoded"


# --- the core with ints beyond a double ------------------------------------------------------

_huge = st.integers(300, 420).map(lambda e: 10**e) | st.integers(300, 420).map(lambda e: -(10**e))
_core_number = st.one_of(_huge, st.integers(-2, 5), st.floats(-5, 5), st.sampled_from([1e308]))
_NUMBER_FIELDS = ("log_base", "discount_p", "rbp_p", "err_gmax", "rbp_gmax", "rel_threshold")
_MEASURES = ("nDCG@5", "AP", "ERR@5", "RBP(p=0.8)", "P@3", "RR", "alpha_nDCG@5")


@st.composite
def core_calls(draw) -> tuple[str, dict]:
    """One call of the core's API with an int beyond any double (10^300 .. 10^420, either
    sign) somewhere a number goes: Ranking.build's grades, unretrieved grades, scores or
    scale_max (then a measure on the list), a Convention field, an intent weight."""
    kind = draw(st.sampled_from(["ranking", "convention", "weights"]))
    if kind == "convention":
        name = draw(st.sampled_from(_NUMBER_FIELDS))
        return kind, {name: draw(_core_number)}
    if kind == "weights":
        return kind, {"weights": {"1": draw(_core_number), "2": draw(_core_number)}}
    n = draw(st.integers(1, 5))
    build = {"grades": draw(st.lists(_core_number, min_size=n, max_size=n))}
    if draw(st.booleans()):
        build["scores"] = draw(st.lists(_core_number, min_size=n, max_size=n))
    if draw(st.booleans()):
        build["unretrieved"] = draw(st.lists(_core_number, max_size=3))
    if draw(st.booleans()):
        build["scale_max"] = draw(_core_number)
    return kind, {"build": build, "measure": draw(st.sampled_from(_MEASURES))}


def check_core_call(call: tuple[str, dict]) -> str:
    """A finite value, or a ValueError with a message (never OverflowError or another)."""
    kind, args = call
    try:
        if kind == "convention":
            TEXTBOOK.with_(**args)
            return "built"
        if kind == "weights":
            Intents.build([frozenset({"1"}), frozenset({"2"})], weights=args["weights"])
            return "built"
        ranking = Ranking.build(**args["build"])
        value = parse_measure(args["measure"])(ranking, TREC_EVAL_NDCG_CUT).value
    except ValueError as err:
        assert str(err), call
        return "refused"
    assert math.isfinite(value), (call, value)
    return "value"
