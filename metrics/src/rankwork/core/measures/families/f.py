"""F1@k and F_beta@k, the (weighted) harmonic mean of P@k and R@k (van Rijsbergen, 1979;
trec_eval set_F), with their per-rank working, over one list and over many queries at once.

    F_beta@k = (1 + b^2) P R / (b^2 P + R) = (1 + b^2) h(k) / (b^2 R + k)

F1 is b = 1. Without a cutoff k = n (trec_eval's set_F).

Binary relevance (`rankwork.core.measures.common`): a document is relevant when it is judged
and its grade >= t (the convention's `rel_threshold`, 1 by default; `rel=t` in the name); R is
the number of relevant judged documents of the query, retrieved or not, h(k) = sum_{i<=k} rel_i
the hits in the top k, n the list length. A query with nothing relevant (R = 0) scores 0.
"""

from __future__ import annotations

import numpy as np

from rankwork.core import segments as seg
from rankwork.core.conventions import Convention
from rankwork.core.measures.common import binary_result, named, prepare, within
from rankwork.core.measures.spec import (
    BINARY,
    BINARY_WORKING,
    REL,
    Capabilities,
    MeasureSpec,
    Param,
    positive,
)
from rankwork.core.result import Result
from rankwork.language import N_, _


def f_beta(ranking, convention: Convention, k: int | None = None, beta: float = 1.0) -> Result:
    """F_beta@k = (1+b^2) h(k) / (b^2 R + k); without k, k = n (trec_eval set_F for b = 1)."""
    if not beta > 0:
        raise ValueError(_("F's beta must be a positive number; got {beta!r}.").format(beta=beta))
    k, o, judged, rel, big_r = prepare(ranking, convention, k)
    depth = k if k is not None else len(o)
    share = float(f_beta_share(beta, np.array([big_r]), np.array([float(depth)]))[0])
    contribution = np.where(within(len(o), k) & rel, share, 0.0)
    base = "F1" if beta == 1 else f"F(beta={beta:g})"
    return binary_result(
        named(base, k), o, judged, rel, k, contribution, {"R": big_r, "beta": beta}
    )


def f_beta_share(beta: float, big_r: np.ndarray, depth: np.ndarray) -> np.ndarray:
    """What each relevant document in the top k adds to F_beta@k: (1 + b^2) / (b^2 R + k),
    0 when R = 0.  Where b^2 R overflows (b = 1e154 would give F = 0, where F tends to recall
    as b grows) numerator and denominator are divided by b^2: (1 + 1/b^2) / (R + k/b^2)."""
    big_r = np.asarray(big_r, dtype=float)
    square = beta * beta  # inf past b ~ 1.3e154, where beta**2 would raise
    with np.errstate(over="ignore"):
        numerator, denominator = 1.0 + square, square * big_r + depth
    if not (np.isfinite(denominator).all() and np.isfinite(numerator)):
        inverse = 1.0 / square
        overflowed = ~np.isfinite(denominator) | ~np.isfinite(numerator)
        numerator = np.where(overflowed, 1.0 + inverse, numerator)
        denominator = np.where(overflowed, big_r + inverse * depth, denominator)
    out = np.zeros(np.broadcast(big_r, depth).shape)
    np.divide(numerator, denominator, out=out, where=(big_r > 0) & (denominator > 0))
    return out


def f_beta_kernel(
    prep: seg.Prepared, c: Convention, k: int | None, beta: float = 1.0
) -> np.ndarray:
    """F_beta@k = (1 + b^2) h(k) / (b^2 R + k), k = n without a cutoff (0 when R = 0)."""
    if not beta > 0:
        raise ValueError(f"F's beta must be a positive number; got {beta!r}.")
    rel, big_r = seg.relevant(prep, c)
    hits = seg.query_count(prep, prep.ret_q[rel & seg.within(prep, k)])
    return hits * f_beta_share(beta, big_r, seg.depth(prep, k))


BETA = Param(
    name="beta",
    description=N_("How many times recall matters as much as precision."),
    allowed=N_("a positive number"),
    allows=positive,
    default=1.0,
)

MEASURES = (
    MeasureSpec(
        family="F1",
        order=80,
        title="F1@k",
        description=N_("Harmonic mean of P@k and R@k."),
        reader=N_("A reader who weighs finding everything and reading little equally."),
        latex=r"F_1@k=\frac{2\,\mathrm{P@}k\,\mathrm{R@}k}{\mathrm{P@}k+\mathrm{R@}k}",
        citation="van Rijsbergen, Information Retrieval, 1979; trec_eval set_F.",
        params=(REL,),
        cutoff="optional",
        single=f_beta,
        kernel=f_beta_kernel,
        reads=BINARY,
        working=BINARY_WORKING,
        examples=("F1@10",),
        capabilities=Capabilities(
            headline=True, pool_normalised=True, pitfalls=True, condensable=True
        ),
    ),
    MeasureSpec(
        family="F",
        order=120,
        title="F_beta@k",
        description=N_("Weighted harmonic mean of P@k and R@k (recall beta times as important)."),
        reader=N_("A reader who values recall beta times as much as precision."),
        latex=r"F_\beta@k=\frac{(1+\beta^2)\,P\,R}{\beta^2P+R}",
        citation="van Rijsbergen, Information Retrieval, 1979.",
        params=(BETA, REL),
        cutoff="optional",
        single=f_beta,
        kernel=f_beta_kernel,
        reads=BINARY,
        examples=("F(beta=2)@10",),
    ),
)
