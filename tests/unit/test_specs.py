"""The measure specs (rankwork.core.measures) are the one table every list of measures comes from:
each family has a batch kernel, reads only fields that exist, shows working columns its own
table has, and its parameters set only Convention fields, to values a Convention accepts.
The Convention's named choices are its Literal types, checked in one place."""

from __future__ import annotations

import typing
from dataclasses import fields

import pytest

from rankwork.core.conventions import CHOICES, TEXTBOOK, Convention
from rankwork.core.discounts import DISCOUNTS
from rankwork.core.gains import GAINS
from rankwork.core.intents import Intents
from rankwork.core.measures import EXAMPLES, SPECS, parse
from rankwork.core.ranking import Ranking
from rankwork.core.scenario import Scenario, correct

FIELDS = {f.name for f in fields(Convention)}
# grades 3, 2, 0, unjudged, 1, with two judged documents not retrieved (grades 2 and 1), and
# subtopics for the diversity measures
SUBTOPICS = Intents.build(["1", "1,2", "", "", "3"], [("u1", "2"), ("u2", "")])
LIST = Ranking.build([3, 2, 0, None, 1], unretrieved=[2, 1], scale_max=3, intents=SUBTOPICS)


def test_every_family_has_a_batch_kernel() -> None:
    assert all(callable(spec.kernel) for spec in SPECS.values())


@pytest.mark.parametrize("family", sorted(SPECS))
def test_a_spec_reads_and_shows_only_what_exists(family: str) -> None:
    spec = SPECS[family]
    assert set(spec.reads) <= FIELDS
    table = correct(family, Scenario(LIST, TEXTBOOK, 4)).table
    assert set(spec.working) <= set(table.columns)


@pytest.mark.parametrize("family", sorted(SPECS))
def test_every_parameter_sets_convention_fields_a_convention_accepts(family: str) -> None:
    for name in EXAMPLES:
        measure = parse(name)
        if measure.family != family:
            continue
        for param, value in measure.params:
            sets = SPECS[family].param(param).sets
            if sets is None:  # passed to the functions instead (F's beta)
                assert param in measure.arguments()
                continue
            changes = sets(value)
            assert set(changes) <= FIELDS
            assert set(changes) <= set(SPECS[family].reads)  # a measure reads what it sets
        assert isinstance(measure.convention(TEXTBOOK), Convention)


def test_a_measures_value_is_its_specs_single_list_function() -> None:
    # F(beta=2)@4 by hand: relevant (grade >= 1) at ranks 1, 2 of the top 4 (rank 5 is beyond),
    # R = 5 (3, 2, 1 retrieved; 2, 1 not): F = (1 + 4) * 2 / (4 * 5 + 4) = 10 / 24
    assert parse("F(beta=2)@4")(LIST, TEXTBOOK).value == pytest.approx(10 / 24)
    # P(rel=2)@4: grades >= 2 at ranks 1 and 2 of 4
    assert parse("P(rel=2)@4")(LIST, TEXTBOOK).value == pytest.approx(2 / 4)


@pytest.mark.parametrize("name", sorted(CHOICES))
def test_the_named_choices_are_the_registries_or_literal_types_checked_in_one_place(
    name: str,
) -> None:
    registries = {"gain": GAINS, "discount": DISCOUNTS}
    if name in registries:  # the registry's keys, read when checked
        assert list(CHOICES[name]) == list(registries[name])
    else:
        hint = typing.get_type_hints(Convention)[name]
        assert typing.get_origin(hint) is typing.Literal
        assert CHOICES[name] == typing.get_args(hint)
    for allowed in CHOICES[name]:
        extra = {"gain_map": ((0.0, 0.0),)} if (name, allowed) == ("gain", "custom") else {}
        assert getattr(Convention(**{name: allowed}, **extra), name) == allowed
    with pytest.raises(ValueError, match=f"{name} must be one of .*; got 'bogus'"):
        Convention(**{name: "bogus"})
