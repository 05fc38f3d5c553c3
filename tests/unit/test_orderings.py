"""The vectorised evaluator over orderings equals the single-list core on every permutation
(`rankwork.explore.orderings`)."""

from __future__ import annotations

import itertools
import math

import numpy as np
import pytest

from rankwork.core import conventions as C
from rankwork.core.ranking import Ranking, order
from rankwork.explore import orderings as O
from rankwork.explore.behaviour import current_values

CONVENTIONS = [
    C.TEXTBOOK,
    C.TREC_EVAL_NDCG,  # linear gain, ideal never cut, ERR top grade 4
    C.SKLEARN.with_(ties="input"),  # ideal from the retrieved list
    C.LIGHTGBM,  # empty query scores 1
    C.TEXTBOOK.with_(gain="custom", gain_map=((0, 0), (1, 2), (2, 5), (3, 6))),
    C.TEXTBOOK.with_(discount="geometric", discount_p=0.6, rbp_gain="binary", rel_threshold=2),
    C.TEXTBOOK.with_(discount="flat", rbp_gain="raw", ideal="none"),
    C.JK2002.with_(discount="jk", log_base=3.0),
]
LISTS = [
    ([3, 0, 2, None, 1], [2, 1]),
    ([1, 1, 0, 3], []),
    ([0, 0, 0], []),
    ([2], [3]),
]


def _core(ranking: Ranking, convention: C.Convention, k: int) -> dict[str, float]:
    """The single-list core's values (the landscape's own reading of one list)."""
    return current_values(order(ranking, convention), convention, k)


@pytest.mark.parametrize("convention", CONVENTIONS, ids=lambda c: c.name)
@pytest.mark.parametrize(("grades", "unretrieved"), LISTS)
@pytest.mark.parametrize("k", [2, 10])
def test_every_permutation_matches_the_core(convention, grades, unretrieved, k):
    ranking = Ranking.build(grades, unretrieved=unretrieved, scale_max=3)
    ordered = order(ranking, convention)
    every = np.array(list(itertools.permutations(range(len(grades)))))
    values = O.evaluate_orderings(ordered, convention, k, every)
    for row, perm in zip(values.itertuples(index=False), every, strict=True):
        permuted = Ranking.build([grades[p] for p in perm], unretrieved=unretrieved, scale_max=3)
        expected = _core(permuted, convention, k)
        assert row._asdict() == pytest.approx(expected, abs=1e-12), perm


def test_exact_orderings_are_the_distinct_ones_identity_first():
    rows, exact = O.position_orderings(np.array([1.0, 1.0, 2.0]))
    assert exact
    grades = np.array([1.0, 1.0, 2.0])[rows]
    assert grades.tolist() == [[1, 1, 2], [1, 2, 1], [2, 1, 1]]
    unjudged = np.array([np.nan, np.nan, 0.0])
    assert len(O.position_orderings(unjudged)[0]) == 3  # NaN is one grade, not two


def test_distinct_ordering_count():
    assert O.distinct_ordering_count(np.array([1.0, 1.0, 2.0])) == 3
    assert O.distinct_ordering_count(np.array([2.0] * 4)) == 1
    assert O.distinct_ordering_count(np.arange(8.0)) == 40320
    assert O.distinct_ordering_count(np.array([3, 2, 2, 1, 1, 1, 0, 0, 0, 0.0])) == (
        math.factorial(10) // (2 * 6 * 24)
    )
    assert O.distinct_ordering_count(np.zeros(0)) == 1


def test_eight_documents_are_enumerated_exactly():
    rows, exact = O.position_orderings(np.arange(8.0))
    assert exact and rows.shape == (40320, 8)


def test_longer_lists_are_sampled_with_a_fixed_seed():
    grades = np.arange(9.0)
    rows, exact = O.position_orderings(grades)
    again, _ = O.position_orderings(grades)
    assert not exact
    assert rows.shape == (O.SAMPLES, 9)
    assert (np.sort(rows, axis=1) == np.arange(9)).all()  # every row a permutation
    assert (rows == again).all()


def test_the_empty_list_has_one_ordering_scoring_zero():
    ordered = order(Ranking.build([], scale_max=3), C.TEXTBOOK)
    rows, exact = O.position_orderings(ordered.grades)
    assert rows.shape == (1, 0) and exact
    values = O.evaluate_orderings(ordered, C.TEXTBOOK, 5, rows)
    assert values.iloc[0].tolist() == [0] * len(O.MEASURES)  # every measure of the landscape
