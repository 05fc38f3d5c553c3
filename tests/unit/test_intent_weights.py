"""Intent weights (rankwork.core.intents) read by the strict number rule of the grid and the
links (issue 33.4), and ints beyond a double refused with a ValueError (issue 33.5)."""

from __future__ import annotations

import pytest

from rankwork.core.intents import Intents, parse_weights


@pytest.mark.parametrize(
    "weight",
    [
        "1_0",  # float() reads 10
        "\uff13",  # full-width 3: float() reads 3
        "\u0663",  # Arabic-Indic 3: float() reads 3
        "inf",
        "nan",
        "+2",  # the links' rule has no plus sign
        "0x10",
    ],
)
def test_a_weight_float_reads_but_a_link_does_not_is_refused(weight):
    with pytest.raises(
        ValueError, match=r"must be a number; got .*\. Write it in the digits 0-9"
    ) as caught:
        parse_weights(f"1:{weight}, 2:1")
    assert repr(weight) in str(caught.value) and "subtopic '1'" in str(caught.value)


def test_weights_in_digits_are_read():
    assert parse_weights("1:0.5, 2:2, 3:.25, 4:1e-1, 5:0") == {
        "1": 0.5,
        "2": 2.0,
        "3": 0.25,
        "4": 0.1,
        "5": 0.0,
    }


def test_a_weight_beyond_a_double_is_a_value_error_naming_it():
    with pytest.raises(ValueError, match=r"subtopic '1': 100000000000\.\.\. \(401 digits\)"):
        Intents.build([frozenset({"1"})], weights={"1": 10**400})
