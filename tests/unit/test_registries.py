"""Discounts and gains are registries (`rankwork.core.discounts.DISCOUNTS`,
`rankwork.core.gains.GAINS`): a new one is one entry, and everything that names a discount or a
gain (the Convention's allowed values, its derived name, DCG, the LaTeX working, the phrases, the
reader profiles, the trade-off, the Playground's link) takes it from that entry, with no other
edit. Each test registers an entry for its own duration and checks it against arithmetic
written out here."""

from __future__ import annotations

import numpy as np
import pytest

import rankwork
from rankwork.core.conventions import CHOICES, TEXTBOOK, Convention
from rankwork.core.discounts import DISCOUNTS, DiscountKind, Written, discount, weights
from rankwork.core.gains import GAINS, GainKind, gain
from rankwork.core.working.latex import Expr, discounted, gain_expr
from rankwork.explore import profiles, tradeoffs
from rankwork.teaching import phrasing

SQUARE_READER = "A reader whose attention falls as 1/i²."

INVERSE_SQUARE = DiscountKind(
    name="inverse_square",
    weights=lambda ranks, *, k: 1.0 / ranks**2,
    label="1 / i²",
    words="inverse-square discount",
    phrase=lambda c: "discount 1/i²",
    profile=lambda c, k: "1/i²",
    reader=lambda c, k: SQUARE_READER,
    written=lambda rank, c: Written("over", f"{rank}^{{2}}", f"{rank}^2"),
    parameters=(),
    citation="a test entry",
)

SQUARED = GainKind(
    name="squared",
    gains=lambda grades: grades**2,
    label="g²",
    short_name="squared",
    words="squared gain",
    phrase=lambda c: "squared gain g²",
    written=lambda g: (f"{g}^{{2}}", f"{g}^2"),
    parameters=(),
    citation="a test entry",
)


@pytest.fixture
def inverse_square(monkeypatch) -> Convention:
    """The discount 1/i² registered for one test; the Textbook convention with it."""
    monkeypatch.setitem(DISCOUNTS, INVERSE_SQUARE.name, INVERSE_SQUARE)
    return TEXTBOOK.with_(discount="inverse_square")


@pytest.fixture
def squared(monkeypatch) -> Convention:
    """The gain g² registered for one test; the Textbook convention with it."""
    monkeypatch.setitem(GAINS, SQUARED.name, SQUARED)
    return TEXTBOOK.with_(gain="squared")


def test_the_built_in_kinds_are_the_conventions_choices_in_their_order() -> None:
    assert list(CHOICES["discount"]) == ["log", "jk", "geometric", "reciprocal", "flat"]
    assert list(CHOICES["gain"]) == ["exponential", "linear", "custom"]
    for registry in (DISCOUNTS, GAINS):
        assert all(name == kind.name for name, kind in registry.items())


def test_an_unregistered_discount_is_refused_with_the_registrys_names() -> None:
    with pytest.raises(ValueError, match="discount must be one of log, jk, geometric, recip"):
        Convention(discount="inverse_square")


def test_a_new_discount_is_one_entry(inverse_square: Convention) -> None:
    c = inverse_square
    assert c.name == "Textbook + inverse-square discount"  # its words
    # weights 1/i²: 1, 1/4, 1/9
    assert discount(3, c).tolist() == pytest.approx([1, 0.25, 1 / 9])
    # DCG@3 of grades 3, 2, 1 with the Textbook's gain 2^g - 1: 7/1 + 3/4 + 1/9 = 7.8611
    value = rankwork.measure("DCG@3", [3, 2, 1], convention=c).value
    assert value == pytest.approx(7 + 3 / 4 + 1 / 9)
    # the working writes it as the entry says: (2^2 - 1) / 2^2 at rank 2
    assert discounted(Expr("2^{2}-1", "(2^2-1)"), 2, c).tex == r"\frac{2^{2}-1}{2^{2}}"
    assert phrasing.choice(c, "discount") == "discount 1/i²"
    profile = profiles.discount_profile(c, 4, 4)
    assert (profile.label, profile.name, profile.reader) == ("1/i²", "1/i²", SQUARE_READER)
    assert profile.reach.tolist() == pytest.approx([1, 1 / 4, 1 / 9, 1 / 16])
    assert profiles.standard_profiles()["inverse_square"].discount == "inverse_square"
    assert "inverse_square" in [d.discount for d in tradeoffs.tradeoff_discounts()]


def test_a_new_discount_opens_from_a_playground_link(inverse_square: Convention) -> None:
    from ui.playground import link

    decoded = link.decode({"disc": "inverse_square"})
    assert decoded.problems == []
    assert decoded.settings["discount"] == "inverse_square"


def test_weights_take_only_the_parameters_their_discount_reads() -> None:
    # the diversity measures' one call: log2 ignores p, the geometric discount ignores b
    ranks = np.array([1.0, 2.0, 3.0])
    both = {"log_base": 2.0, "discount_p": 0.5}
    assert weights("log", ranks, **both).tolist() == pytest.approx([1, 1 / np.log2(3), 0.5])
    assert weights("geometric", ranks, **both).tolist() == [1.0, 0.5, 0.25]
    assert weights("reciprocal", ranks, **both).tolist() == pytest.approx([1, 0.5, 1 / 3])


def test_a_new_gain_is_one_entry(squared: Convention) -> None:
    c = squared
    assert c.name == "Textbook + squared gain"
    assert gain(np.array([0.0, 1.0, 3.0, np.nan]), c).tolist() == [0, 1, 9, 0]
    # DCG@2 of grades 3, 2: 9/log2(2) + 4/log2(3) = 9 + 2.5237
    value = rankwork.measure("DCG@2", [3, 2], convention=c).value
    assert value == pytest.approx(9 + 4 / np.log2(3))
    assert gain_expr(3.0, 9.0, c, 4).tex == "3^{2}"
    assert gain_expr(3.0, 8.0, c, 4).tex == "8"  # not the entry's gain: the number itself
    assert phrasing.choice(c, "gain") == "squared gain g²"
    # the trade-off shows it after the exponential gain: gain(2) = 4 > 3 > 2
    assert list(tradeoffs.gain_conventions(None)) == ["linear", "exponential", "squared"]
    table = tradeoffs.gain_table(3, tradeoffs.gain_conventions(None))
    assert table["squared"].tolist() == [0, 1, 4, 9]
