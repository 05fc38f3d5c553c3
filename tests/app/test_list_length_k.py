"""A list pasted into the Playground's text box that is longer than k: k is offered as the list's
length, with why, and never changed unasked (ui.playground.controls.whole_list_k_offer; issue 25).

The list is 3, 2, 3, 0, 1, 2 (six grades); relevant = grade >= 1: ranks 1, 2, 3, 5, 6.
"""

from __future__ import annotations

import pytest
from streamlit.testing.v1 import AppTest

from tests.app.conftest import metric_values
from tests.app.test_list_box import captions, type_text
from tests.app.test_playground import open_playground

SIX = "3, 2, 3, 0, 1, 2"
OFFER = "Set k = 6 (the list's length)"


def offers(at: AppTest) -> list:
    return [b for b in at.button if b.label == OFFER]


@pytest.mark.parametrize("presentation", ["0", "1"])  # 1: the settings (and k's box) closed
def test_a_pasted_list_longer_than_k_offers_its_length_and_one_click_sets_it(
    app: AppTest, presentation: str
) -> None:
    at = type_text(open_playground(app, k="5", pm=presentation), SIX)
    # k is not changed unasked: the cards still say @5, and say why k stays
    assert metric_values(at)["P@5"] == f"{4 / 5:.4f}"
    assert any(c.startswith("6 documents read, but k = 5: the cards score the top 5 only")
               for c in captions(at))  # fmt: skip
    (button,) = offers(at)
    button.click().run()
    assert not at.exception
    values = metric_values(at)
    assert values["P@6"] == f"{5 / 6:.4f}" and values["R@6"] == f"{5 / 5:.4f}"
    assert at.session_state["settings"]["k"] == 6
    if presentation == "0":  # the box shows it too
        assert at.number_input(key="w_k").value == 6
    assert not offers(at)  # done: no offer left


def test_a_k_set_by_hand_after_the_paste_drops_the_offer(app: AppTest) -> None:
    at = type_text(open_playground(app, k="5"), SIX)
    assert offers(at)
    at.number_input(key="w_k").set_value(3).run()
    assert not offers(at)
    assert metric_values(at)["P@3"] == "1.0000"  # 3, 2, 3: all relevant
    at.run()
    assert not offers(at) and at.number_input(key="w_k").value == 3


def test_no_offer_when_the_list_fits_in_k_or_was_not_pasted(app: AppTest) -> None:
    at = open_playground(app, k="5")  # the default list has six documents: not pasted, no offer
    assert not offers(at)
    type_text(at, "3, 0, 1")
    assert not [b for b in at.button if b.label.startswith("Set k =")]
    assert metric_values(at)["P@5"] == f"{2 / 5:.4f}"  # k stays 5: ranks 4, 5 count as misses
