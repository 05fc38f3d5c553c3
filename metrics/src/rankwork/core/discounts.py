"""Discount functions: the weight of rank i (1-based) in DCG, and the reader each one models.

- log:        1 / log_b(i + 1); b = 2 gives 1, 0.631, 0.5, 0.431, 0.387, ... (Burges et al. 2005,
              every library). The base scales every weight by the same factor ln b / ln 2, so it
              changes DCG but cancels in nDCG.
- jk:         Järvelin & Kekäläinen (2002) rank-b: 1 for i < b, then 1 / log_b(i). With b = 2
              ranks 1 and 2 both weigh 1: a different profile, not a change of base.
- geometric:  p^(i - 1), the memoryless reader of RBP who goes on with probability p.
- reciprocal: 1 / i (Zipfian; the weight behind RR and AP's precision terms).
- flat:       1 for i <= k, 0 after (precision's and cumulated gain's reader, who reads exactly k).
"""

from __future__ import annotations

import numpy as np

from rankwork.core.conventions import Convention


def discount(n: int, convention: Convention, k: int | None = None) -> np.ndarray:
    """Weights of ranks 1..n under the convention's discount (not yet cut at k, except 'flat',
    whose weight is 1 up to k and 0 after; with k None it is 1 everywhere)."""
    ranks = np.arange(1, n + 1, dtype=float)
    kind = convention.discount
    if kind == "log":
        return np.log(convention.log_base) / np.log(ranks + 1.0)
    if kind == "jk":
        b = convention.log_base
        out = np.ones(n)
        late = ranks >= b
        out[late] = np.log(b) / np.log(ranks[late])
        return out
    if kind == "geometric":
        return convention.discount_p ** (ranks - 1.0)
    if kind == "reciprocal":
        return 1.0 / ranks
    out = np.ones(n)
    if k is not None:
        out[k:] = 0.0
    return out
