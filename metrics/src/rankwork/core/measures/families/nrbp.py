"""NRBP and nNRBP, novelty- and rank-biased precision (Clarke, Kolla & Vechtomova, ICTIR 2009),
as TREC's ndeval computes them, with their per-rank working, over one list and over many
queries at once.

    NRBP  = (1 - (1 - α)β) sum_i g_i β^(i-1)
    nNRBP = NRBP / NRBP of the greedy ideal ranking

β is the reader's patience (0.5 by default, as ndeval). No cutoff: the whole list.

Notation and convention (`rankwork.core.diversity`, as TREC's ndeval): i the 1-based rank, j a
subtopic, S the subtopics some judged document is relevant to, w_j the intent weight of j (1/|S|
unless weights are given), rel_ij = 1 when the document at rank i is relevant to j (judgment
> 0), c_ij the documents above rank i relevant to j, α the redundancy penalty (0.5 by default)
and g_i = sum_j w_j rel_ij (1 - α)^c_ij the novelty gain. A query with nothing relevant scores 0.
"""

from __future__ import annotations

from functools import partial

import numpy as np

from rankwork.core import diversity as div
from rankwork.core import novelty_batch as nb
from rankwork.core.conventions import Convention
from rankwork.core.diversity import DEFAULT_ALPHA, DEFAULT_BETA
from rankwork.core.measures.spec import (
    ALPHA,
    IDEAL_WORKING,
    NDEVAL,
    NOVELTY_GAIN,
    NOVELTY_WORKING,
    ORDERING,
    MeasureSpec,
    Param,
)
from rankwork.core.ranking import Ordered
from rankwork.core.result import Result
from rankwork.core.segments import Prepared
from rankwork.language import N_, _


def _nrbp(ordered: Ordered, alpha, beta, normalised: bool) -> Result:
    alpha, beta = div.check_alpha(alpha), div.check_beta(beta)
    j = div.judged(ordered)
    steps = div.novelty(j.ranked, j.weight, alpha)
    n = len(steps)
    scale = 1.0 - (1.0 - alpha) * beta
    disc = div.discounts(n, "geometric", beta) * scale
    gains = np.array([s.gain for s in steps], dtype=float)
    contribution = gains * disc
    note = _("NRBP's weight of rank i is (1 - (1 - α)β) β^(i-1) = {scale:.4g} β^(i-1).").format(
        scale=scale
    )
    norm = 1.0
    ideal: list[div.Choice] = []
    if normalised:
        ideal = div.greedy_ideal(j, alpha)
        norm = float(
            sum(
                c.gain * d
                for c, d in zip(
                    ideal, div.discounts(len(ideal), "geometric", beta) * scale, strict=True
                )
            )
        )
        contribution = contribution / norm if norm > 0 else np.zeros(n)
        note = (
            _("Normalised by the ideal ranking's NRBP {norm:.4g}.").format(norm=norm)
            if norm > 0
            else _("No judged document is relevant to any subtopic: the value is 0.")
        )
    table = div.novelty_table(j, steps, disc, contribution)
    if normalised:
        table = div.with_ideal(table, ideal, disc, norm)
    params = ",".join(
        f"{p}={v:g}" for p, v in (("alpha", alpha), ("beta", beta)) if v != DEFAULT_ALPHA
    )
    details = {"normaliser": norm, "alpha": alpha, "beta": beta, "subtopics": float(len(j.weight))}
    name = div.diversity_name("nNRBP" if normalised else "NRBP", params, None)
    return Result(name, float(contribution.sum()), table, details, note)


def nrbp(ordered: Ordered, convention: Convention, k=None, alpha=DEFAULT_ALPHA, beta=DEFAULT_BETA):
    """NRBP = (1 - (1-α)β) sum_i g_i β^(i-1) (the whole list; no cutoff)."""
    return _nrbp(ordered, alpha, beta, False)


def nnrbp(ordered: Ordered, convention: Convention, k=None, alpha=DEFAULT_ALPHA, beta=DEFAULT_BETA):
    """nNRBP = NRBP / NRBP of the greedy ideal ranking."""
    return _nrbp(ordered, alpha, beta, True)


def nrbp_kernel(
    prep: Prepared,
    c: Convention,
    k: int | None = None,
    alpha=DEFAULT_ALPHA,
    beta=DEFAULT_BETA,
    normalised: bool = False,
) -> np.ndarray:
    """NRBP = (1 - (1-α)β) sum_i g_i β^(i-1) over the whole list (no cutoff); nNRBP = NRBP /
    NRBP of the greedy ideal ranking of every relevant judged document."""
    del k  # no cutoff; the argument keeps the kernels' signature uniform
    alpha, beta = div.check_alpha(alpha), div.check_beta(beta)
    s = nb.subtopics_of(prep)
    scale = 1.0 - (1.0 - alpha) * beta
    terms = nb.rank_gains(prep, s, alpha) * nb.rank_discounts(prep.ret_pos, "geometric", beta)
    value = np.bincount(prep.ret_q, weights=terms * scale, minlength=prep.n_queries)
    if not normalised:
        return value
    ideal = nb.greedy_ideal(s, alpha, None)
    weights = nb.rank_discounts(ideal.rank, "geometric", beta) * scale
    norm = np.bincount(ideal.q, weights=ideal.gain * weights, minlength=prep.n_queries)
    return nb.ratio(value, norm)


NRBP_BETA = Param(
    name="beta",
    description=N_("NRBP's patience β: the reader goes on to the next rank with probability β."),
    allowed=N_("a number from 0 up to (not including) 1"),
    allows=lambda v: isinstance(v, float) and 0 <= v < 1,
    default=DEFAULT_BETA,
    symbol="β",
)

MEASURES = (
    MeasureSpec(
        family="NRBP",
        order=270,
        title="NRBP",
        description=N_("Novelty- and rank-biased precision: RBP of the novelty gains."),
        reader=N_(
            "A memoryless reader with one of several intents, who reads on with probability "
            "β, and for whom a document on a subtopic already seen c times is worth "
            "(1 - α)^c of a new one."
        ),
        latex=r"\mathrm{NRBP}=(1-(1-\alpha)\beta)\sum_{i\ge1}g_i\,\beta^{i-1},\quad "
        + NOVELTY_GAIN,
        citation="Clarke, Kolla & Vechtomova, ICTIR 2009; " + NDEVAL + "NRBP.",
        params=(ALPHA, NRBP_BETA),
        cutoff="none",
        single=nrbp,
        kernel=nrbp_kernel,
        reads=ORDERING,
        working=NOVELTY_WORKING,
        examples=("NRBP", "NRBP(alpha=0.5,beta=0.8)"),
        subtopics=True,
    ),
    MeasureSpec(
        family="nNRBP",
        order=280,
        title="nNRBP",
        description=N_("NRBP of the list over NRBP of the (greedy) ideal ranking."),
        reader=N_(
            "A memoryless reader with one of several intents, who reads on with probability "
            "β, and for whom a document on a subtopic already seen c times is worth "
            "(1 - α)^c of a new one."
        ),
        latex=r"\mathrm{nNRBP}=\frac{\mathrm{NRBP}}{\mathrm{NRBP}^{*}}",
        citation="Clarke, Kolla & Vechtomova, ICTIR 2009; " + NDEVAL + "nNRBP.",
        params=(ALPHA, NRBP_BETA),
        cutoff="none",
        single=nnrbp,
        kernel=partial(nrbp_kernel, normalised=True),
        reads=ORDERING,
        working=IDEAL_WORKING,
        examples=("nNRBP",),
        subtopics=True,
    ),
)
