"""The declared page models and the one link codec (ui.shared.state, ui.shared.link): every
model's link round-trips (hypothesis, over each linkable field's valid values, written out here
from the core's lists), the codecs parse strictly, and a model refuses what it cannot mean."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from i18n import LANGUAGES
from rankwork.core import conventions
from rankwork.core.conventions import PRESETS
from rankwork.explore.report import CARDS, MORE
from rankwork.teaching.exercises import CUTOFFS, KINDS
from ui.exercises.round_state import PRESENTATION, ROUND, SLUGS
from ui.shared import link
from ui.shared.models import MODELS
from ui.shared.state import Field, Model, owner

_finite = st.floats(-1e6, 1e6, allow_nan=False, allow_infinity=False)


def _subset(options: tuple[str, ...], least: int) -> st.SearchStrategy[tuple[str, ...]]:
    """A subset of `options` in their own order (how the cards are written)."""
    return st.sets(st.sampled_from(options), min_size=least).map(
        lambda picked: tuple(o for o in options if o in picked)
    )


#: Each linkable field's valid values (a field missing here fails the completeness test).
VALUES: dict[str, st.SearchStrategy] = {
    "scale_max": st.integers(1, 10),
    "k": st.integers(1, 1000),
    "preset": st.sampled_from(list(PRESETS)),
    "gain": st.sampled_from(list(conventions.GAINS)),
    "gain_map": st.lists(st.tuples(_finite, _finite), max_size=100).map(tuple),
    "discount": st.sampled_from(list(conventions.DISCOUNTS)),
    "log_base": _finite,
    "discount_p": _finite,
    "ideal": st.sampled_from(conventions.IDEALS),
    "ideal_cut": st.booleans(),
    "dcg_cutoff": st.booleans(),
    "empty_value": st.sampled_from([0.0, 1.0]),
    "err_gmax": st.none() | _finite,
    "rbp_p": _finite,
    "rbp_gain": st.sampled_from(conventions.RBP_GAINS),
    "rbp_gmax": st.none() | _finite,
    "rel_threshold": _finite,
    "ties": st.sampled_from(conventions.TIES),
    "float32_scores": st.booleans(),
    "negative": st.sampled_from(conventions.NEGATIVES),
    "alpha": _finite,
    "weights": st.dictionaries(
        st.text("abc%;1é", min_size=1, max_size=5),  # what the weights text can name
        st.floats(0.001, 10),
        max_size=4,
    ).map(lambda w: ", ".join(f"{name}:{value!r}" for name, value in w.items())),
    "decimals": st.integers(0, 12),
    "presentation": st.booleans(),
    "condensed": st.booleans(),
    "cards": _subset(CARDS, 1),
    "more": _subset(MORE, 0),
    "ex_seed": st.integers(0, 999_999),
    "ex_conv": st.sampled_from(list(SLUGS)),
    "ex_k": st.sampled_from(CUTOFFS),
    "ex_kinds": st.lists(st.sampled_from(list(KINDS)), unique=True),
    "ex_tol": st.none() | st.floats(0.00001, 0.5),
    "language": st.sampled_from(list(LANGUAGES)),
}
LINKED = [m for m in (*MODELS, PRESENTATION) if m.linked]


def test_every_linkable_field_has_its_values_here() -> None:
    assert {f.key for m in LINKED for f in m.linked} == set(VALUES)


def _weights(text: str) -> dict[str, float]:
    """Intent weights as text -> {name: weight} (the order and spacing are not the value)."""
    pairs = (item.rpartition(":") for item in text.split(", ") if item)
    return {name: float(value) for name, _colon, value in pairs}


@pytest.mark.parametrize("model", LINKED, ids=lambda m: m.name)
@settings(max_examples=60, deadline=None, derandomize=True)
@given(data=st.data())
def test_a_models_link_round_trips(model: Model, data: st.DataObject) -> None:
    values = {f.key: data.draw(VALUES[f.key], label=f.key) for f in model.linked}
    params = link.encode(model, values)
    decoded, bad = link.decode(model, params)
    assert bad == []
    for f in model.linked:
        expected = values[f.key] if f.always or f.url_key in params else f.default
        got = decoded.get(f.key, f.default)
        if f.key == "weights":
            assert _weights(got) == _weights(expected)
        else:
            assert got == expected, f.key


def test_a_default_is_left_out_of_the_link_unless_every_value_is_asked_for() -> None:
    values = {**{f.key: f.default for f in ROUND.linked}, "ex_seed": 42}
    assert link.encode(ROUND, values) == {"seed": "42"}
    assert link.encode(ROUND, values, base={}) == {
        "seed": "42",
        "qconv": "textbook",
        "qk": "5",
        "ex": ["dcg", "compare", "predict", "choose"],
    }  # fmt: skip  (the tolerance, None, is left out: nothing is set)


# --- the codecs, by hand ---------------------------------------------------------------------


def test_codecs_parse_strictly() -> None:
    assert link.whole(1, 10).parse("10") == 10
    for text in ("11", "0", "2.5", "1e", "x", "", " 3", "３"):
        with pytest.raises(ValueError):
            link.whole(1, 10).parse(text)
    assert link.flag().parse("1") is True and link.flag().format(False) == "0"
    with pytest.raises(ValueError):
        link.flag().parse("true")
    assert link.number_pairs(3).parse("0:0,1:1,2:3") == ((0.0, 0.0), (1.0, 1.0), (2.0, 3.0))
    with pytest.raises(ValueError):
        link.number_pairs(3).parse("0:0,1:1,2:3,3:7")  # more than 3
    assert link.optional_number("scale").parse("scale") is None
    assert link.names(("a", "b", "c")).parse("c,a") == ("a", "c")
    with pytest.raises(ValueError):
        link.number().parse("nan")


def test_a_repeated_single_parameter_and_bad_items_are_named() -> None:
    values, bad = link.decode(ROUND, {"seed": ["42", "7"], "ex": ["compare", "bogus", ""]})
    assert "ex_seed" not in values
    assert values["ex_kinds"] == ["compare"]
    assert [(b.field.key, b.texts, b.why is None) for b in bad] == [
        ("ex_seed", ("42", "7"), True),
        ("ex_kinds", ("bogus",), False),
    ]


# --- models ----------------------------------------------------------------------------------


def test_a_model_refuses_a_key_or_parameter_twice_and_a_parameter_without_codec() -> None:
    with pytest.raises(ValueError, match="session key"):
        Model("m", (Field("a"), Field("a")))
    with pytest.raises(ValueError, match="url_key"):
        Model("m", (Field("a", url_key="x", codec=link.flag()),
                    Field("b", url_key="x", codec=link.flag())))  # fmt: skip
    with pytest.raises(ValueError, match="codec"):
        Field("a", url_key="x")
    with pytest.raises(ValueError, match="family"):
        Field("a_", family=True, url_key="x", codec=link.flag())


def test_a_field_validates_its_type_and_check() -> None:
    def positive(v: int) -> None:
        if v <= 0:
            raise ValueError("not positive")

    f = Field("n", int, 1, check=positive)
    assert f.validate(3) == 3
    for wrong in ("3", True, 0):
        with pytest.raises(ValueError):
            f.validate(wrong)


def test_the_one_persistence_rule_gives_a_kept_widget_its_session_lifetime() -> None:
    model = Model("m", (Field("kept", widget=True, persists=True), Field("gone", widget=True),
                        Field("plain")))  # fmt: skip
    assert model.widget("kept") == {"key": "kept", "persist_state": "session"}
    assert model.widget("gone") == {"key": "gone"}
    with pytest.raises(ValueError):
        model.widget("plain")


def test_a_family_members_widget_key_is_the_familys_start_and_its_item() -> None:
    model = Model("m", (Field("show_", family=True, widget=True), Field("one", widget=True)))
    assert model.widget("show_", "ndcg") == {"key": "show_ndcg"}
    assert model.widget("show_", 42) == {"key": "show_42"}
    with pytest.raises(ValueError, match="family member"):
        model.widget("show_")  # a family needs its item
    with pytest.raises(ValueError, match="family member"):
        model.widget("one", "x")  # a single key has none


def test_a_store_owns_its_dict_and_its_widgets() -> None:
    settings = next(m for m in MODELS if m.store == "settings")
    assert owner("settings", MODELS) is settings
    assert owner("w_k", MODELS) is settings
    assert owner("w_nope", MODELS) is None
    assert owner("quiz_42_textbook_5_dcg_1_DCG", MODELS) is ROUND  # a family


_ROOT = Path(__file__).resolve().parents[2]
_MODELLED = ("check", "pitfalls", "conventions", "discounts", "gains", "behaviour")


@pytest.mark.parametrize("page_name", _MODELLED)  # not `page`: pytest-playwright's fixture
def test_a_pages_parts_take_their_keys_and_persistence_from_its_model(page_name: str) -> None:
    """No key string and no ``persist_state`` written by hand outside the page's model."""
    parts = [p for p in (_ROOT / "ui" / page_name).glob("*.py") if p.name != "model.py"]
    parts.append(_ROOT / "app_pages" / f"{page_name}.py")
    hand_written = [
        f"{p.relative_to(_ROOT)}: {m.group()}"
        for p in parts
        if p.exists()
        for m in re.finditer(r"\bkey=f?\"[^\"]*\"|persist_state=", p.read_text())
    ]
    assert hand_written == []
