"""infAP, inferred average precision (Yilmaz & Aslam, CIKM 2006), as trec_eval computes it.

The judgments are a random sample of the pool. A retrieved document is then one of:
judged relevant (grade >= t), judged non-relevant, in the pool but not judged (a negative
grade: trec_eval's qrels write -1), or in no judgment at all (not in the pool). With i the
1-based rank of a judged relevant document, and above it r judged relevant, n judged
non-relevant and u pooled-but-unjudged documents:

    E[P@i] = 1                                                   if i = 1
           = 1/i + ((i-1)/i) * ((r + n + u)/(i-1)) * ((r + ε)/(r + n + 2ε))   otherwise
    infAP  = (1/R) * sum of E[P@i] over the judged relevant ranks   (0 when R = 0)

with ε = 0.00001 (trec_eval's INFAP_EPSILON) and R the judged relevant documents of the query,
retrieved or not. Read: the document itself, plus the documents above it that are in the pool,
each relevant with the rate seen among the judged ones (a document outside the pool counts as
non-relevant). This is trec_eval 9's m_infAP.c term for term, in its order of operations.

Conventions: a pooled-but-unjudged document is one whose negative grade the convention's
negative policy made unjudged (`Ordered.pooled`; the trec_eval and ir_measures presets do);
under 'clip' it is judged non-relevant. trec_eval's infAP reads every negative grade (-1, -2,
-3, ...) so (tests/crosscheck/test_infap.py checks it). No cutoff (trec_eval's
infAP has none). With every pooled document judged, infAP is AP.
"""

from __future__ import annotations

import numpy as np

from rankwork.core.binary import _prepare, _result
from rankwork.core.conventions import Convention
from rankwork.core.result import Result

EPSILON = 0.00001  # trec_eval's INFAP_EPSILON (trec_eval.h)


def expected_precision(rel_above, nonrel_above, pooled_above, rank) -> np.ndarray:
    """E[P@i] of a judged relevant document at 1-based `rank` (arrays), trec_eval's way."""
    r = np.asarray(rel_above, dtype=float)
    n = np.asarray(nonrel_above, dtype=float)
    u = np.asarray(pooled_above, dtype=float)
    j = np.asarray(rank, dtype=float) - 1.0  # trec_eval's 0-based fj
    with np.errstate(divide="ignore", invalid="ignore"):
        later = 1.0 / (j + 1.0) + (j / (j + 1.0)) * ((r + n + u) / j) * (
            (r + EPSILON) / (r + n + 2 * EPSILON)
        )
    return np.where(j == 0, 1.0, later)


def inf_ap(ranking, convention: Convention, k: int | None = None) -> Result:
    """infAP of one list (see the module docstring); `k` is not used (no cutoff)."""
    _, o, judged, rel, big_r = _prepare(ranking, convention, None)
    nonrel = judged & ~rel
    pooled = np.zeros(len(o), dtype=bool) if o.pooled is None else o.pooled
    before = lambda flags: np.cumsum(flags) - flags  # noqa: E731 - counts above each rank
    terms = expected_precision(
        before(rel), before(nonrel), before(pooled), np.arange(1, len(o) + 1)
    )
    contribution = np.where(rel, terms / big_r if big_r else 0.0, 0.0)
    result = _result("infAP", o, judged, rel, None, contribution, {"R": big_r})
    result.table["pooled_unjudged"] = pooled
    return result
