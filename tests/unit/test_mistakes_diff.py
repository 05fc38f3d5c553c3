"""Which cells of a wrong breakdown differ from the right one (ui.shared.mistakes.differing)."""

import math

import pandas as pd

from ui.shared.mistakes import differing


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


def test_the_lines_a_mistake_writes_differently() -> None:
    from rankwork.teaching.demos import PITFALL_DEMOS
    from rankwork.teaching.snippets import program
    from ui.shared.mistakes import differing_lines

    s = PITFALL_DEMOS["natural_log"].scenario
    wrong, right = (program("natural_log", "DCG", s, w) for w in (True, False))
    assert differing_lines(wrong, right) == (
        "return 1 / np.log(np.arange(1, n + 1) + 1)",  # dedented out of discount()
        "return 1 / np.log2(np.arange(1, n + 1) + 1)",
    )
    assert differing_lines(right, right) == ("# (no line differs)", "# (no line)")
