"""Do two orderings of the same systems agree? Kendall's tau and tau_AP.

    kendall_tau(means_x, means_y)          # tau-b on two scores per system (ties allowed)
    tau_ap(judged, reference)              # tau_AP of one ordering against a reference

Kendall's tau-b (Kendall 1945), on the n systems' scores under X and under Y:

    tau_b = (C - D) / sqrt((P - T_x) (P - T_y)),

C the pairs of systems both score in the same order, D the pairs they score in opposite
orders, P = n (n - 1) / 2 every pair, T_x the pairs tied under X, T_y under Y (a pair tied
under both counts in both). Without ties it is (C - D) / P: 1 for the same order, -1 for the
reverse. It is computed by `scipy.stats.kendalltau` (its default variant 'b'; scipy is the
optional extra ``rankwork[stats]``: without it, a ValueError says how to install it). It is
undefined when every system ties under one of the two: scipy then returns NaN, and this raises
ValueError instead, naming the ordering, so that no NaN is ever shown.

tau_AP (Yilmaz, Aslam & Robertson, SIGIR 2008) weighs a disagreement near the top more than
one near the bottom, as AP weighs relevant documents:

    tau_AP = 2 / (n - 1) * sum_{i=2..n} C(i) / (i - 1) - 1,

C(i) the number of systems above rank i in the ordering being judged that are also above the
system at rank i in the reference ordering. It is 1 for the same order and -1 for the
reverse, and it is not symmetric: which ordering is the reference matters (Yilmaz et al. take
the one from the better-trusted measure or assessor). Orderings here have no ties (a page or
a caller breaks them before).

tau_AP is pure Python over n systems (a few dozen at most): O(n^2) pairs.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from rankwork.language import _
from rankwork.stats.stats import require_scipy


def kendall_tau(x: Sequence[float], y: Sequence[float]) -> float:
    """Kendall's tau-b between two scores of the same systems (x[i] and y[i]: system i), by
    ``scipy.stats.kendalltau`` (see the module docstring)."""
    x, y = [float(v) for v in x], [float(v) for v in y]
    if len(x) != len(y):
        raise ValueError(
            _("Kendall's tau compares two scores of the same systems; got {x} and {y}").format(
                x=len(x), y=len(y)
            )
        )
    if len(x) < 2:
        raise ValueError(_("Kendall's tau needs at least two systems; got {n}").format(n=len(x)))
    if not all(math.isfinite(v) for v in x + y):
        raise ValueError(_("Kendall's tau needs finite scores; got NaN or infinity"))
    if len(set(x)) == 1:
        raise ValueError(
            _(
                "Kendall's tau is undefined: every system has the same score under the first "
                "ordering, so it orders nothing"
            )
        )
    if len(set(y)) == 1:
        raise ValueError(
            _(
                "Kendall's tau is undefined: every system has the same score under the second "
                "ordering, so it orders nothing"
            )
        )
    return float(require_scipy().kendalltau(x, y).statistic)


def tau_ap(judged: Sequence[str], reference: Sequence[str]) -> float:
    """tau_AP of the ordering `judged` (best first) against the ordering `reference` of the
    same systems (see the module docstring; not symmetric)."""
    judged, reference = list(judged), list(reference)
    if len(set(judged)) != len(judged) or len(set(reference)) != len(reference):
        raise ValueError(_("tau_AP compares orderings: a system may appear only once in each"))
    if set(judged) != set(reference):
        extra = sorted(set(judged) ^ set(reference))
        raise ValueError(
            _("tau_AP compares two orderings of the same systems; {system} is in only one").format(
                system=repr(extra[0])
            )
        )
    n = len(judged)
    if n < 2:
        raise ValueError(_("tau_AP needs at least two systems; got {n}").format(n=n))
    position = {system: rank for rank, system in enumerate(reference)}
    total = 0.0
    for i in range(1, n):  # 0-based: the system at rank i + 1
        here = position[judged[i]]
        correct = sum(position[above] < here for above in judged[:i])
        total += correct / i
    return 2.0 / (n - 1) * total - 1.0
