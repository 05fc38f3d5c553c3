"""AP as a reader (rankwork.core.cwl.ap_reader) against cwl_eval 1.0.12's AP (APCWLMetric), run
here on the same gains: rel_i (0 or 1, NaN unjudged), each document costing 1, padded by
cwl_eval to 1000 ranks. cwl_eval's C are ap_reader's C; its W are ap_reader's rescaled to sum
to 1 (times R/h), so its expected items are ap_reader's expected depth and its AP is
AP * R/h — the number the Discounts page quotes in the reader's note."""

from __future__ import annotations

import numpy as np
import pytest
from cwl.ruler.measures.cwl_ap import APCWLMetric
from cwl.ruler.measures.cwl_rr import RRCWLMetric
from cwl.ruler.ranking import Ranking as CwlRanking

from rankwork.core import cwl
from rankwork.core.conventions import TEXTBOOK
from rankwork.core.measures.families.ap import average_precision
from rankwork.core.measures.families.rr import reciprocal_rank
from rankwork.core.ranking import Ranking

TOL = 1e-12


def _cases():
    yield [1, 0, 1, 0], [1]  # the hand-worked list of tests/unit/test_ap_reader.py
    yield [0, 3, None, 1, 2, 0, 0, 4], [2, 0, 1]
    rng = np.random.default_rng(15)
    for _ in range(40):
        n = int(rng.integers(1, 60))
        grades = [None if rng.random() < 0.15 else int(rng.integers(0, 4)) for _ in range(n)]
        yield grades, [int(g) for g in rng.integers(0, 3, size=int(rng.integers(0, 5)))]


@pytest.mark.parametrize(("grades", "unretrieved"), list(_cases()))
def test_ap_reader_against_cwl_eval(grades, unretrieved):
    ranking = Ranking.build(grades, unretrieved=unretrieved, scale_max=4)
    reader = cwl.ap_reader(ranking, TEXTBOOK)
    rel = [np.nan if g is None else float(g >= TEXTBOOK.rel_threshold) for g in grades]
    metric = APCWLMetric()
    cwl_ranking = CwlRanking("q", np.array(rel), np.ones(len(rel)))
    eu = metric.measure(cwl_ranking)
    n = len(grades)
    hits, big_r = reader.details["relevant_retrieved"], reader.details["R"]
    assert reader.value == pytest.approx(average_precision(ranking, TEXTBOOK).value)
    if not hits:
        assert eu == 0 and reader.value == 0
        return
    t = reader.table
    np.testing.assert_allclose(t["continuation"], metric.c_vector(cwl_ranking)[:n], atol=TOL)
    w = metric.w_vector(cwl_ranking)
    np.testing.assert_allclose(t["weight"] * big_r / hits, w[:n], atol=TOL)
    assert w[n:].sum() == pytest.approx(0, abs=TOL)  # cwl_eval's padding holds no attention
    assert reader.details["expected_depth"] == pytest.approx(metric.expected_items, rel=TOL)
    assert eu == pytest.approx(reader.value * big_r / hits, rel=TOL)
    assert f"AP × R/h = {eu:.4f}" in reader.note


def test_rr_reader_equals_cwl_evals_rr_on_binary_gains() -> None:
    rng = np.random.default_rng(4)
    for _ in range(40):
        n = int(rng.integers(1, 30))
        grades = rng.integers(0, 3, size=n)
        ranking = Ranking.build(grades.tolist(), scale_max=2)
        reader = cwl.rr_reader(ranking, TEXTBOOK)
        metric = RRCWLMetric()
        eu = metric.measure(CwlRanking("q", (grades >= 1).astype(float), np.ones(n)))
        assert reader.value == pytest.approx(eu, abs=1e-15)
        assert reader.value == pytest.approx(reciprocal_rank(ranking, TEXTBOOK).value)
        assert reader.details["expected_depth"] == pytest.approx(metric.expected_items, rel=1e-12)
