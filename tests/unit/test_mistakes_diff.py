"""Which cells of a wrong breakdown differ from the right one (ui.mistakes.differing)."""

import math

import pandas as pd

from ui.mistakes import differing


def test_changed_cells_and_extra_rows_are_marked():
    right = pd.DataFrame({"rank": [1, 2], "gain": [7.0, math.nan], "doc": ["a", "b"]})
    wrong = pd.DataFrame({"rank": [1, 2, 3], "gain": [3.0, math.nan, 1.0], "doc": ["a", "c", "d"]})
    marks = differing(right, wrong)
    assert marks["rank"].tolist() == [False, False, True]  # the third row is new
    assert marks["gain"].tolist() == [True, False, True]  # NaN equals NaN
    assert marks["doc"].tolist() == [False, True, True]


def test_rounding_noise_is_not_a_difference_but_infinity_is():
    right = pd.DataFrame({"discount": [1.0, 0.1 + 0.2]})
    wrong = pd.DataFrame({"discount": [math.inf, 0.3]})
    assert differing(right, wrong)["discount"].tolist() == [True, False]
