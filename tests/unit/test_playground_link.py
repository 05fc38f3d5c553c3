"""ui.playground.link: compact
links that round-trip exactly, and strict decoding of tampered ones."""

from __future__ import annotations

import math
import re

import pandas as pd
import pytest
from hypothesis import HealthCheck, given, settings

from rankwork.core.conventions import PRESETS
from tests.fuzz.hardening import check_link_round_trip, link_states
from ui.playground.inputs import (
    CONVENTION_FIELDS,
    convention_from,
    default_settings,
    preset_fields,
    ranking_frame,
    ranking_from,
    unretrieved_frame,
)
from ui.playground.link import MAX_LINK_ROWS, MAX_QUERY_CHARS, LinkTooLong, decode, encode
from ui.playground.model import SETTINGS, preset_slug


def _state(grades, unretrieved=(), ids=None, scores=None, **settings):
    table, unret = ranking_frame(grades, ids, scores), unretrieved_frame(unretrieved)
    values = {**default_settings(), **settings}
    return ranking_from(table, unret, values["scale_max"]), values


def test_default_link_is_short_and_readable() -> None:
    ranking, settings = _state([3, 2, 3, 0, 1, 2], [3, 2])
    assert encode(ranking, settings) == {
        "g": "3,2,3,0,1,2",
        "u": "3,2",
        "top": "4",
        "k": "5",
        "preset": "textbook",
    }


def test_every_convention_field_has_a_parameter() -> None:
    params = {f.key: f.url_key for f in SETTINGS.linked}
    assert set(CONVENTION_FIELDS) <= set(params)
    assert len(set(params.values())) == len(params)
    assert not set(params.values()) & {"g", "d", "s", "u", "sub", "usub"}


def test_preset_slugs_are_unique_and_ascii() -> None:
    slugs = [preset_slug(name) for name in PRESETS]
    assert len(set(slugs)) == len(slugs)
    assert preset_slug("Järvelin & Kekäläinen 2002") == "jarvelin-kekalainen-2002"
    assert all(s.isascii() for s in slugs)


@pytest.mark.parametrize("preset", list(PRESETS))
def test_each_preset_round_trips(preset: str) -> None:
    ranking, settings = _state([3, 2, 1], preset=preset, **preset_fields(preset))
    decoded = decode(encode(ranking, settings))
    assert decoded.problems == []
    assert convention_from(decoded.settings) is PRESETS[preset]


def test_everything_round_trips_exactly() -> None:
    ranking, settings = _state(
        [3, None, 2.5, 0, -1],
        [4, 1],
        ids=["doc,1", "b", "ç d", "x%y", "e"],
        scores=[0.1, 1 / 3, 2.718281828459045, 0.1, -5e-7],
        preset="trec_eval ndcg_cut",
        k=3,
        scale_max=5,
        decimals=6,
        presentation=True,
        **{
            **preset_fields("trec_eval ndcg_cut"),
            "gain": "custom",
            "gain_map": ((-1.0, 0.0), (0.0, 0.0), (1.0, 1.0), (2.5, 4.0), (3.0, 7.0), (4.0, 9.5)),
            "discount": "jk",
            "log_base": math.e,
            "ideal": "retrieved",
            "ideal_cut": False,
            "empty_value": 1.0,
            "err_gmax": None,
            "rbp_p": 0.95,
            "rbp_gain": "raw",
            "rel_threshold": 2.0,
            "ties": "average",
            "float32_scores": True,
        },
    )
    params = encode(ranking, settings)
    assert params["d"] == "doc%2C1,b,ç d,x%25y,e"  # the URL encodes it once more
    decoded = decode(params)
    assert decoded.problems == []
    assert decoded.settings == settings
    again = ranking_from(decoded.ranking, decoded.unretrieved, decoded.settings["scale_max"])
    assert again.doc_ids == ranking.doc_ids
    assert list(again.scores) == list(ranking.scores)
    assert [g if not math.isnan(g) else None for g in again.grades] == [3, None, 2.5, 0, -1]
    assert list(again.unretrieved) == [4, 1]


def test_only_fields_that_differ_from_the_preset_are_written() -> None:
    ranking, settings = _state([1, 0], gain="linear")
    params = encode(ranking, settings)
    assert params["gain"] == "linear"
    assert not {"disc", "b", "rp", "eg", "t"} & set(params)


@pytest.mark.parametrize(
    ("params", "problem"),
    [
        ({"g": "3,x,2"}, "g: item 2, 'x', is not a number"),
        ({"g": "3,2", "k": "0"}, "k='0' is not a whole number from 1 to 1,000"),
        ({"g": "3,2", "k": "5000"}, "k='5000'"),
        ({"g": "3,2", "k": "2.5"}, "k='2.5'"),
        ({"g": "3,2", "preset": "nope"}, "preset='nope' names no preset"),
        ({"g": "3,2", "b": "__import__('os')"}, "b=\"__import__('os')\" is not a number"),
        ({"g": "3,2", "disc": "cubic"}, "disc='cubic' is not one of log, jk"),
        ({"g": "3,2", "b": "1"}, "The log base must be a number greater than 1"),
        ({"g": "3,2", "rp": "1"}, "RBP's persistence p must be a number strictly between 0 and 1"),
        ({"g": "3,2", "top": "99"}, "top='99' is not a whole number from 1 to 10"),
        ({"g": "9,2"}, "Grade 9 is above the scale's maximum 4"),
        ({"g": "3,2", "d": "a"}, "d has 1 doc ids for 2 grades"),
        ({"g": "3,2", "d": "a,a"}, "Doc id 'a' appears twice"),
        ({"g": "3,2", "s": "1"}, "s has 1 scores for 2 grades"),
        ({"g": "3,2", "s": "1,inf"}, "s: item 2, 'inf', is not a number"),
        ({"g": "3,2", "u": "1,"}, "u: item 2, '', is not a number"),
        ({"u": "3"}, "u without the grades g"),
        ({"g": "-1,2"}, "negative grade -1"),
        ({"g": "4,2", "eg": "3"}, "ERR's top grade gmax = 3 is below the grade 4"),
        ({"g": "3,2", "pm": "yes"}, "pm='yes' is not 0 or 1"),
        ({"g": "1," * (MAX_LINK_ROWS + 1)}, "a link holds at most 1,000"),
    ],
)
def test_tampered_links_fall_back_to_defaults_with_a_message(params, problem) -> None:
    decoded = decode(params)
    assert any(problem in p for p in decoded.problems), decoded.problems
    # whatever was wrong, the decoded state is valid and builds
    ranking = ranking_from(decoded.ranking, decoded.unretrieved, decoded.settings["scale_max"])
    convention_from(decoded.settings)
    assert len(ranking) > 0


def test_a_bad_part_does_not_discard_the_good_parts() -> None:
    decoded = decode({"g": "1,0,1", "k": "banana", "gain": "linear"})
    assert decoded.ranking["grade"].tolist() == ["1", "0", "1"]
    assert decoded.settings["gain"] == "linear"
    assert decoded.settings["k"] == default_settings()["k"]
    assert len(decoded.problems) == 1


def test_unknown_parameters_are_ignored() -> None:
    decoded = decode({"g": "1,2", "utm_source": "mail"})
    assert decoded.problems == []


def test_oversized_links_are_refused_both_ways() -> None:
    assert (
        decode({"g": "1", "x": "a" * MAX_QUERY_CHARS})
        .problems[0]
        .startswith("The link is longer than")
    )
    ranking, settings = _state([1] * (MAX_LINK_ROWS + 1))
    with pytest.raises(LinkTooLong, match="at most 1,000"):
        encode(ranking, settings)
    ranking, settings = _state([1] * 100, ids=[f"{'x' * 90}{i}" for i in range(100)])
    with pytest.raises(LinkTooLong, match="too large to share"):
        encode(ranking, settings)


@pytest.mark.parametrize(
    "params",
    [
        {"top": "2"},  # no list: the example list (grades up to 3) does not fit top = 2
        {"top": "1", "g": "x"},  # a damaged list falls back to that example
        {"top": "2", "u": "1"},  # unretrieved grades without g
        {"top": "2", "g": "3,9"},  # a list above the link's own top
    ],
)
def test_a_small_top_with_no_usable_list_still_decodes(params) -> None:
    """Issue 11.1: the example list (grades 3, 2, 3, 0, 1, 2) cannot be checked against top = 2;
    the link's top gives way (to the example's own top grade, 3) and that is named, instead of
    a crash."""
    decoded = decode(params)
    assert decoded.settings["scale_max"] == 3
    assert any(p.startswith(f"top={params['top']!r}") for p in decoded.problems), decoded.problems
    ranking_from(decoded.ranking, decoded.unretrieved, decoded.settings["scale_max"])


def test_a_small_top_that_fits_the_links_list_is_kept() -> None:
    decoded = decode({"top": "2", "g": "2,0,1"})
    assert decoded.settings["scale_max"] == 2
    assert decoded.problems == []


@pytest.mark.parametrize("text", ["nan", "NaN", "inf", "1_0", "\uff13", "\u0663", " 1"])
def test_a_link_takes_only_plain_ascii_numbers(text: str) -> None:
    """float() reads all of these ('\uff13' and Arabic-Indic '\u0663' as 3); a link does not."""
    decoded = decode({"g": f"1,{text}"})
    assert any("g: item 2" in p and "is not a number" in p for p in decoded.problems)


def _tables(grades: list[str], unretrieved: list[str]) -> tuple[pd.DataFrame, pd.DataFrame]:
    """The two grids holding these cells exactly as typed."""
    ranked = ranking_frame([None] * len(grades))
    ranked["grade"] = pd.Series(grades, dtype="str")
    return ranked, pd.DataFrame({"grade": pd.Series(unretrieved, dtype="str")})


@pytest.mark.parametrize("cell", ["nan", "NaN", "inf", "-inf", "1_0", "\uff13", "\u0663", "1 0"])
@pytest.mark.parametrize("table", ["ranked", "unretrieved"])
def test_the_grid_refuses_what_its_help_does_not_describe(cell: str, table: str) -> None:
    """Issue 11.10: the help says 'a number from 0 to the top grade; leave empty for unjudged'
    (float() reads 'nan' as unjudged, '1_0' as 10 and the full-width '\uff13' as 3)."""
    if table == "ranked":
        tables, where = _tables(["1", cell], ["1"]), "Grade at rank 2"
    else:
        tables, where = _tables(["1"], ["1", cell]), "Unretrieved grade 2"
    with pytest.raises(ValueError, match=f"^{where}: {re.escape(repr(cell))} is not a number"):
        ranking_from(*tables, 4)


@pytest.mark.parametrize(
    ("cell", "grade"),
    [("2", 2.0), (" 2 ", 2.0), ("2.0", 2.0), ("2.", 2.0), (".5", 0.5), ("1e0", 1.0)],
)
def test_the_grid_takes_numbers_in_digits(cell: str, grade: float) -> None:
    assert ranking_from(*_tables(["1", cell], [cell]), 4).grades[1] == grade


@pytest.mark.parametrize("cell", ["", "  "])
def test_an_empty_grade_cell_is_unjudged(cell: str) -> None:
    assert math.isnan(ranking_from(*_tables(["1", cell], []), 4).grades[1])


# --- the projector view's cards (issue 12) ---------------------------------------------------


def test_the_cards_picked_for_presentation_mode_round_trip() -> None:
    ranking, settings = _state([3, 0, 1], presentation=True, cards=("nDCG", "ERR", "AP"))
    params = encode(ranking, settings)
    assert params["cards"] == "nDCG,ERR,AP"
    decoded = decode(params)
    assert decoded.problems == []
    assert decoded.settings["cards"] == ("nDCG", "ERR", "AP")


def test_the_default_cards_are_not_written_into_the_link() -> None:
    ranking, settings = _state([3, 0, 1], presentation=True)
    assert settings["cards"] == ("DCG", "IDCG", "nDCG", "ERR", "RBP", "P", "R")  # the issue's
    assert "cards" not in encode(ranking, settings)


def test_cards_in_a_link_are_shown_in_the_cards_own_order() -> None:
    decoded = decode({"g": "1,0", "pm": "1", "cards": "RR,nDCG,P"})
    assert decoded.problems == []
    assert decoded.settings["cards"] == ("nDCG", "P", "RR")


@pytest.mark.parametrize(
    ("text", "kept", "message"),
    [
        ("nDCG,bogus", ("nDCG",), "cards='nDCG,bogus': 'bogus' is not a card; showing nDCG."),
        ("x,y", None, "'x', 'y' are not cards; showing the default ones."),
        (",", None, "cards=',' names no card; showing the default ones."),
        ("[a](https://evil.example)", None, "is not a card"),
    ],
)
def test_bad_cards_in_a_link_are_named_and_the_rest_kept(text, kept, message) -> None:
    decoded = decode({"cards": text})
    (problem,) = decoded.problems
    assert message in problem
    assert decoded.settings["cards"] == (kept or default_settings()["cards"])


def test_the_measures_added_as_cards_round_trip() -> None:
    ranking, settings = _state([3, 0, 1], more=("INST", "Q"))
    params = encode(ranking, settings)
    assert params["more"] == "Q,INST"  # the cards' own order
    assert decode(params).settings["more"] == ("Q", "INST")
    _, plain = _state([3, 0, 1])
    assert "more" not in encode(ranking, plain)


def test_a_link_naming_no_known_measure_in_more_adds_none() -> None:
    decoded = decode({"g": "1,0", "more": "Foo"})
    assert decoded.settings["more"] == ()
    assert any("more='Foo': 'Foo' is not a card; showing none added" in p for p in decoded.problems)


@pytest.mark.parametrize("weight", ["1_0", "\uff13", "\u0663", "inf", "nan"])
def test_intent_weights_in_a_link_follow_the_number_rule(weight: str) -> None:
    """Issue 33.4: w= went through float(), so 1_0 became 10 and ３ or ٣ became 3 silently."""
    decoded = decode({"g": "1,1", "sub": "1,2", "w": f"1:{weight},2:1"})
    assert decoded.settings["weights"] == ""  # equal weights
    (problem,) = decoded.problems
    assert problem.startswith(f"w={'1:' + weight + ',2:1'!r}: The weight of subtopic '1' must")
    assert problem.endswith("Using equal weights.")


@pytest.mark.parametrize(
    ("grades", "ids", "g"),
    [([None], None, ""), ([None], ["x"], ""), ([None, None], None, ",")],
)
def test_a_list_of_unjudged_documents_round_trips(grades, ids, g) -> None:
    """Issue 33.3: one unjudged document was written g= and read back as no document."""
    ranking, settings = _state(grades, ids=ids)
    params = encode(ranking, settings)
    assert params["g"] == g  # one empty item per unjudged document
    decoded = decode(params)
    assert decoded.problems == []
    assert decoded.ranking["grade"].tolist() == [""] * len(grades)
    assert decoded.ranking["doc"].tolist() == (ids or [f"d{i + 1}" for i in range(len(grades))])


@settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
@given(link_states())
def test_every_state_the_playground_holds_survives_encode_decode(state) -> None:
    """Random valid states (tests/fuzz/hardening.py): the same list and settings back."""
    check_link_round_trip(state)
