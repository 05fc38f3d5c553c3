"""`ui.playground.state.current_ranking` is parsed once for the same inputs, and again whenever a
table, the top grade or the language changes (its error is a sentence in the session's language)."""

from __future__ import annotations

from streamlit.testing.v1 import AppTest


def script() -> None:
    import streamlit as st

    import i18n
    from rankwork.core.ranking import RankingError
    from ui.playground import state
    from ui.playground.inputs import ranking_from

    state.init()
    i18n.use(st.session_state.get("test_language", "en"))
    first = state.current_ranking()
    again = state.current_ranking()
    try:
        fresh = ranking_from(
            state.table(state.RANKING),
            state.table(state.UNRETRIEVED),
            state.settings()["scale_max"],
        )
    except RankingError as err:
        fresh = str(err)  # the sentence: this script keeps no error of its own
    st.session_state["read_once"] = first is again
    if isinstance(fresh, str):
        st.session_state["seen"] = ("error", str(first), fresh)
    else:
        st.session_state["seen"] = ("list", first.grades.tolist(), fresh.grades.tolist())


def test_one_parse_per_inputs_and_a_new_one_when_they_change() -> None:
    at = AppTest.from_function(script).run()
    assert not at.exception
    assert at.session_state["read_once"]
    kind, memo, fresh = at.session_state["seen"]
    assert kind == "list" and memo == fresh == [3.0, 2.0, 3.0, 0.0, 1.0, 2.0]  # the default

    # a new table (the editor replaces it on every run): parsed again
    frame = at.session_state["ranking"].copy()
    frame.loc[0, "grade"] = "1"
    at.session_state["ranking"] = frame
    at.run()
    kind, memo, fresh = at.session_state["seen"]
    assert kind == "list" and memo == fresh == [1.0, 2.0, 3.0, 0.0, 1.0, 2.0]

    # a grade the scale does not hold: the error, the same as a fresh parse gives
    frame = at.session_state["ranking"].copy()
    frame.loc[0, "grade"] = "x"
    at.session_state["ranking"] = frame
    at.run()
    kind, english, fresh = at.session_state["seen"]
    assert kind == "error" and english == fresh and "x" in english

    # the same table in another language: the sentence is not the English one kept
    at.session_state["test_language"] = "zh"
    at.run()
    kind, chinese, fresh = at.session_state["seen"]
    assert kind == "error" and chinese == fresh and chinese != english
    assert at.session_state["read_once"]

    # the same table, a new top grade: parsed again ("5" is beyond a top grade of 4)
    at.session_state["test_language"] = "en"
    frame = at.session_state["ranking"].copy()
    frame.loc[0, "grade"] = "5"
    at.session_state["ranking"] = frame
    at.run()
    assert at.session_state["seen"][0] == "error"
    at.session_state["settings"]["scale_max"] = 5.0
    at.run()
    kind, memo, fresh = at.session_state["seen"]
    assert kind == "list" and memo == fresh and memo[0] == 5.0


def test_a_list_that_stays_wrong_does_not_pile_up_errors() -> None:
    """The Playground's editor hands a new table to every run: while a grade stays wrong, each
    run parses it again. The errors still reachable must not grow with the runs (an error kept
    with its traceback would hold the previous memo, and so every earlier error)."""
    import gc

    from rankwork.core.ranking import RankingError

    def reachable_errors() -> int:
        gc.collect()
        return sum(isinstance(o, RankingError) for o in gc.get_objects())

    before = reachable_errors()  # what other tests in this process may have left
    at = AppTest.from_function(script).run()
    counts = []
    for run in range(1, 13):
        frame = at.session_state["ranking"].copy()
        frame.loc[0, "grade"] = "x"
        at.session_state["ranking"] = frame
        at.run()
        assert at.session_state["seen"][0] == "error"
        if run in (6, 12):
            counts.append(reachable_errors())
    # the memo's, and at most one on its way out
    assert counts[0] == counts[1] <= before + 2, (before, counts)
