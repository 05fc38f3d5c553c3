"""rankwork.stats.agreement.cohen_kappa against scikit-learn's cohen_kappa_score (a test-only
dependency): random graded labels, every weighting, with and without an explicit label list,
and the sample collection's two assessors."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from rankwork.collection import trec
from rankwork.stats.agreement import agreement, cohen_kappa, paired_judgments

sklearn_metrics = pytest.importorskip("sklearn.metrics")
SAMPLE = Path(__file__).resolve().parents[2] / "data" / "sample"


@pytest.mark.parametrize("weights", [None, "linear", "quadratic"])
@pytest.mark.parametrize("seed", range(20))
def test_random_labels(weights, seed: int) -> None:
    rng = np.random.default_rng(seed)
    n = int(rng.integers(2, 200))
    a = rng.integers(0, 4, size=n)
    b = np.clip(a + rng.integers(-2, 3, size=n) * (rng.random(n) < 0.4), 0, 3)
    ours = cohen_kappa(a, b, weights=weights)
    theirs = sklearn_metrics.cohen_kappa_score(a, b, weights=weights)
    assert ours == pytest.approx(theirs, abs=1e-12, nan_ok=True)


@pytest.mark.parametrize("weights", [None, "linear", "quadratic"])
def test_explicit_labels_including_unused_grades(weights) -> None:
    a, b = [0, 1, 1, 4, 4], [0, 1, 2, 4, 3]
    labels = [0, 1, 2, 3, 4]
    ours = cohen_kappa(a, b, weights=weights, labels=labels)
    theirs = sklearn_metrics.cohen_kappa_score(a, b, weights=weights, labels=labels)
    assert ours == pytest.approx(theirs, abs=1e-12)


def test_the_sample_assessors() -> None:
    judged = paired_judgments(
        trec.read_qrels(SAMPLE / "qrels.txt"), trec.read_qrels(SAMPLE / "qrels_assessor2.txt")
    )
    found = agreement(judged.both, threshold=1.0)
    a, b = judged.both["a"], judged.both["b"]
    for ours, weights in (
        (found.kappa, None),
        (found.linear, "linear"),
        (found.quadratic, "quadratic"),
    ):
        assert ours == pytest.approx(
            sklearn_metrics.cohen_kappa_score(a, b, weights=weights), abs=1e-12
        )
    assert found.binary_kappa == pytest.approx(
        sklearn_metrics.cohen_kappa_score(a >= 1, b >= 1), abs=1e-12
    )
    assert (found.confusion == sklearn_metrics.confusion_matrix(a, b)).all()
