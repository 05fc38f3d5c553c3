"""rankwork.explore.list_text: each form a teacher types, the errors that point at the token, and
the way back (format_text) that parse reads to the same list. Expected values are written out by
hand from the text."""

from __future__ import annotations

import pytest
from hypothesis import given, settings

from rankwork.explore.list_text import (
    GRADES,
    IDS,
    TREC,
    ListText,
    ListTextError,
    format_text,
    parse,
)
from tests.fuzz.hardening import check_box_round_trip, grid_lists

U = None  # unjudged

EXAMPLE_B = "101:2 203:1 305:2 408:1\n101 450 305 120 203 999 555"
EXAMPLE_B_LIST = ListText(
    IDS,
    (2.0, U, 2.0, U, 1.0, U, U),
    ("101", "450", "305", "120", "203", "999", "555"),
    None,
    (1.0,),
    ("408",),
)


# --- grades only -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "grades", "missed"),
    [
        ("3, 2, 3, 0, 1, 2", (3, 2, 3, 0, 1, 2), ()),
        ("3 2 3 0 1 2", (3, 2, 3, 0, 1, 2), ()),
        ("3, 2, 3, 0, 1, 2 | 2, 1", (3, 2, 3, 0, 1, 2), (2, 1)),
        ("[3, 2, 3] | [2]", (3, 2, 3), (2,)),
        ("3, , 2", (3, U, 2), ()),  # a blank between commas: unjudged
        ("3, ?, 2", (3, U, 2), ()),
        (", 3", (U, 3), ()),  # a blank before the first comma
        ("3, 2,", (3, 2), ()),  # a comma at the very end adds nothing
        ("2.5, -1, 1e0", (2.5, -1, 1), ()),
        ("3\n2\n1", (3, 2, 1), ()),  # one per line, as copied from a spreadsheet column
    ],
)
def test_grades_only(text, grades, missed):
    assert parse(text) == ListText(GRADES, grades, None, None, missed, ())


# --- judgments and a ranking -----------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        EXAMPLE_B,
        "101:2 203:1 305:2 408:1 101 450 305 120 203 999 555",  # one line
        "{101: 2, 203: 1, 305: 2, 408: 1}\n[101, 450, 305, 120, 203, 999, 555]",  # as Python prints
        "{'101': 2, '203': 1, '305': 2, '408': 1}; "
        "['101', '450', '305', '120', '203', '999', '555']",
        "101 450 305 120 203 999 555\n101:2 203:1 305:2 408:1",  # ranking first
    ],
)
def test_example_b_in_every_spelling(text):
    assert parse(text) == EXAMPLE_B_LIST


def test_ranked_ids_without_a_judgment_can_be_non_relevant():
    read = parse(EXAMPLE_B, unjudged_grade=0.0)
    assert read.grades == (2, 0, 2, 0, 1, 0, 0)
    assert read.unretrieved == (1,)


def test_quoted_ids_keep_their_spaces_and_colons():
    read = parse("'doc a':2 \"x:1\":0\n'doc a' \"x:1\" b")
    assert read.doc_ids == ("doc a", "x:1", "b")
    assert read.grades == (2, 0, U)


# --- TREC ------------------------------------------------------------------------------------

TREC_TEXT = """\
q7 Q0 a 1 12.5 bm25
q7 Q0 b 2 11 bm25
# a comment line
q7 0 a 2
q7 0 c 1

q7 Q0 d 3 9.5 bm25
"""


def test_trec_fragment():
    assert parse(TREC_TEXT) == ListText(
        TREC, (2, U, U), ("a", "b", "d"), (12.5, 11, 9.5), (1,), ("c",)
    )
    assert parse(TREC_TEXT, unjudged_grade=0.0).grades == (2, 0, 0)


# --- errors point at the token ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "line", "column", "token", "words"),
    [
        ("3, x, 2", 1, 4, "x", "must be a number"),
        ("3, 2, nan", 1, 7, "nan", "must be a number"),
        ("3, 1_0", 1, 4, "1_0", "must be a number"),
        ("3, 2 | ?", 1, 8, "?", "every document is judged"),
        ("3 | 2 | 1", 1, 7, "|", "only one |"),
        ("| 2", 1, 1, "|", "no ranked grades"),
        ("101:2 203:x\n101 203", 1, 11, "x", "must be a number"),
        ("101:2 101:1\n101", 1, 7, "101", "judged twice (first at line 1, column 1)"),
        ("101:2\n101 450 101", 2, 9, "101", "ranked twice (first at line 2, column 1)"),
        ("101:2 203:1", 1, 11, "1", "no ranking"),
        ("101: \n101", 1, 4, ":", "needs a grade"),
        ("101:2 :3\n101", 1, 7, ":", "needs a doc id"),
        ("101:2 | 3\n101", 1, 7, "|", "grades-only form"),
        ("'abc:2 abc", 1, 1, "'abc:2 abc", "not closed"),
        ("q1 Q0 a 1 x r", 1, 11, "x", "score"),
        ("q1 Q0 a one 2 r", 1, 9, "one", "rank"),
        ("q1 Q0 a 1 2 r\nq2 Q0 b 2 1 r", 2, 1, "q2", "second query"),
        ("q1 Q0 a 1 2 r\nq1 Q0 a 2 1 r", 2, 7, "a", "run lines twice (first on line 1)"),
        ("q1 Q0 a 1 2 r\nq1 0 a x", 2, 8, "x", "grade"),
        ("q1 Q0 a 1 2 r\nq1 0 a", 2, 6, "a", "has 3"),
        ("q1 Q0 a 1 2 r\nq1 X0 b 2 1 r", 2, 4, "X0", "second field is Q0"),
        ("   ", 1, 1, "", "empty"),
        # issue 33.1: only characters the parser ignores
        ("[]", 1, 1, "", "holds no grades"),
        ("{}", 1, 1, "", "holds no grades"),
        ("()", 1, 1, "", "holds no grades"),
        (";", 1, 1, "", "holds no grades"),
        ("{}\n[]", 1, 1, "", "holds no grades"),
    ],
)
def test_bad_text_names_the_token_and_where_it_is(text, line, column, token, words):
    with pytest.raises(ListTextError) as caught:
        parse(text)
    err = caught.value
    assert (err.line, err.column, err.token) == (line, column, token)
    assert words in err.problem
    assert str(err).startswith(f"Line {line}, column {column}, {token!r}: ")
    assert isinstance(err, ValueError)


def test_the_problem_never_quotes_the_text():
    """Pages show `problem` as formatted text: it must hold none of the user's text."""
    with pytest.raises(ListTextError) as caught:
        parse("**bold**:2 **bold**:1\n**bold**")
    assert "bold" not in caught.value.problem


# --- back to text ----------------------------------------------------------------------------


def test_format_chooses_the_simplest_form():
    assert format_text([3, U, 0], ["d1", "d2", "d3"], None, [2, 1]) == "3, ?, 0 | 2, 1"
    assert format_text([2.5], ["d1"], None, []) == "2.5"
    assert (
        format_text([2, U, 2, U, 1, U, U], EXAMPLE_B_LIST.doc_ids, None, [1], ["408"])
        == "101:2 305:2 203:1 408:1\n101 450 305 120 203 999 555"
    )
    # an unretrieved id that is now ranked, and one with no id: fresh ids u1, u2
    assert format_text([1], ["408"], None, [2, 1], ["408"]) == "408:1 u1:2 u2:1\n408"
    assert format_text([1, 2], ["a", "b"], [0.5, 0.25], [3]) == (
        "1 Q0 a 1 0.5 ranklab\n1 Q0 b 2 0.25 ranklab\n1 0 a 1\n1 0 b 2\n1 0 u1 3"
    )


def test_format_says_when_no_form_holds_the_list():
    with pytest.raises(ValueError, match="no document is judged"):
        format_text([U, U], ["a", "b"], None, [])
    with pytest.raises(ValueError, match="holds a space"):
        format_text([1], ["a b"], [1.0], [])
    with pytest.raises(ValueError, match="both quote characters"):
        format_text([1], ['it\'s "x"'], None, [])


def test_format_quotes_an_id_that_would_make_a_trec_line():
    """Issue 33.2a: a ranking line whose second id is a bare Q0, on six or more fields, reads
    as a TREC run line; the id is quoted. A quoted id holding ' Q0 ' is not a query id."""
    grades, ids = [1, U, U, U, U, U], ["a", "Q0", "b", "c", "d", "e"]
    assert format_text(grades, ids, None, []) == "a:1\na 'Q0' b c d e"
    assert parse("a:1\na 'Q0' b c d e") == ListText(IDS, tuple(grades), tuple(ids), None, (), ())
    assert parse("'x Q0 y':1\n'x Q0 y' b c d e f").doc_ids == ("x Q0 y", "b", "c", "d", "e", "f")


@pytest.mark.parametrize(
    "brk", ["\r", "\x0b", "\x0c", "\x1c", "\x1d", "\x1e", "\x85", "\u2028", "\u2029"]
)
def test_an_id_holding_a_line_break_other_than_a_line_feed_reads_back(brk):
    """Issue 33.2b: such an id (from a link, ?d=a%1Cb) is quoted; the box's lines end at \\n
    only, so the quote holds it."""
    doc = f"a{brk}b"
    assert format_text([2], [doc], None, []) == f"'{doc}':2\n'{doc}'"
    assert parse(f"'{doc}':2\n'{doc}'") == ListText(IDS, (2.0,), (doc,), None, (), ())


def test_an_unretrieved_id_with_a_space_gets_a_fresh_one_in_trec_lines():
    assert format_text([1], ["a"], [0.5], [2], ["x y"]) == (
        "1 Q0 a 1 0.5 ranklab\n1 0 a 1\n1 0 u1 2"
    )


@settings(max_examples=300, deadline=None)
@given(grid_lists())
def test_parse_reads_back_what_format_writes(lst):
    """box -> grid -> box over lists the grid can hold, hostile ids included: the same list,
    or format_text's documented refusal (tests/fuzz/hardening.py)."""
    check_box_round_trip(lst)
