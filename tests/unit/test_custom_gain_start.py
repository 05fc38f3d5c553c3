"""The Gains page's custom gain map starts from what was typed, a new grade gaining g^2."""

from __future__ import annotations

from ui.playground.inputs import custom_gain_start, gain_map_frame


def test_typed_gains_are_kept_and_new_grades_gain_their_square() -> None:
    typed = gain_map_frame([(0, 0.0), (1, 5.0), (7, 1.0)])  # grade 7 is not on the scale 0..3
    start = custom_gain_start(range(4), typed)
    assert start["grade"].tolist() == [0.0, 1.0, 2.0, 3.0]
    assert start["gain"].tolist() == [0.0, 5.0, 4.0, 9.0]  # 1 typed as 5; 2^2 = 4, 3^2 = 9


def test_with_nothing_typed_every_grade_gains_its_square() -> None:
    assert custom_gain_start(range(3), None)["gain"].tolist() == [0.0, 1.0, 4.0]
