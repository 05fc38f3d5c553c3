"""Numbers in sentences group their thousands as the reader's language does (ui/shared/numbers.py):
"1,160" in English and Chinese, never in Vietnamese, where the comma is the decimal mark."""

from __future__ import annotations

import pytest
from babel.numbers import get_decimal_symbol, get_group_symbol

import i18n
from tests.in_language import in_language
from ui.shared.numbers import grouped, thousands_separator

NBSP = "\u00a0"


def test_babel_says_vietnamese_groups_with_a_point_and_marks_decimals_with_a_comma() -> None:
    # CLDR's vi data, the premise of ui/shared/numbers.py: a point groups, so it would clash with
    # the decimal point RankLab writes in every language (0.8123)
    assert (get_group_symbol("vi"), get_decimal_symbol("vi")) == (".", ",")
    assert get_group_symbol("zh") == get_group_symbol("en") == ","


@pytest.mark.parametrize(
    ("lang", "number", "decimals", "shown"),
    [
        ("en", 1160, 0, "1,160"),
        ("zh", 1160, 0, "1,160"),
        ("vi", 1160, 0, f"1{NBSP}160"),
        ("vi", 999, 0, "999"),
        ("vi", 1234567, 0, f"1{NBSP}234{NBSP}567"),
        ("vi", 1234.56, 1, f"1{NBSP}234.6"),
        ("en", 1234.56, 1, "1,234.6"),
    ],
)
def test_a_number_is_grouped_as_its_language_groups_it(lang, number, decimals, shown) -> None:
    assert in_language(lang, lambda: grouped(number, decimals)) == shown


def test_outside_a_session_numbers_are_english() -> None:
    assert i18n.current() == "en"
    assert thousands_separator() == ","
    assert grouped(10_000) == "10,000"
