"""ERR-IA and nERR-IA (Chapelle et al., CIKM 2009 / Information Retrieval 14(6), 2011), as
TREC's ndeval computes them with `-alpha α`, with their per-rank working, over one list and
over many queries at once.

    ERR-IA@k  = sum_{i<=k} g_i / i  /  sum_{i<=k} (1 - α)^(i-1) / i
    nERR-IA@k = sum_{i<=k} g_i / i  /  the same sum over the greedy ideal ranking

ERR-IA so defined is Chapelle et al.'s ERR-IA with binary grades and stop probability α for a
relevant document, divided by its value on a list relevant to every subtopic at every rank.

Notation and convention (`rankwork.core.diversity`, as TREC's ndeval): i the 1-based rank, j a
subtopic, S the subtopics some judged document is relevant to, w_j the intent weight of j (1/|S|
unless weights are given), rel_ij = 1 when the document at rank i is relevant to j (judgment
> 0), c_ij the documents above rank i relevant to j, α the redundancy penalty (0.5 by default)
and g_i = sum_j w_j rel_ij (1 - α)^c_ij the novelty gain. A query with nothing relevant scores 0.
"""

from __future__ import annotations

import numpy as np

from rankwork.core import diversity as div
from rankwork.core import novelty_batch as nb
from rankwork.core.conventions import Convention
from rankwork.core.diversity import DEFAULT_ALPHA
from rankwork.core.measures.spec import (
    ALPHA,
    IDEAL_WORKING,
    NDEVAL,
    NOVELTY_GAIN,
    NOVELTY_WORKING,
    ORDERING,
    SUM_K,
    Capabilities,
    MeasureSpec,
)
from rankwork.core.ranking import Ordered
from rankwork.core.result import Result
from rankwork.core.segments import Prepared
from rankwork.language import N_


def err_ia(ordered: Ordered, convention: Convention, k=None, alpha=DEFAULT_ALPHA) -> Result:
    """ERR-IA@k as ndeval computes it with `-alpha alpha`: sum g_i/i / sum (1-α)^(i-1)/i.
    (ir_measures takes no α for ERR-IA and always passes ndeval 0.5, the default here.)"""
    return div.cumulated(ordered, k, alpha, "reciprocal", False, "ERR_IA")


def nerr_ia(ordered: Ordered, convention: Convention, k=None, alpha=DEFAULT_ALPHA) -> Result:
    """nERR-IA@k = sum g_i/i over the list / the same over the greedy ideal ranking (ndeval's
    `-alpha alpha` for α, as in `err_ia`)."""
    return div.cumulated(ordered, k, alpha, "reciprocal", True, "nERR_IA")


def err_ia_kernel(prep: Prepared, c: Convention, k: int | None, alpha=DEFAULT_ALPHA) -> np.ndarray:
    """ERR-IA@k = sum g_i/i / sum (1-α)^(i-1)/i, α as ndeval's -alpha (0.5 by default, the value
    ir_measures always passes)."""
    return nb.cumulated(prep, k, alpha, "reciprocal", normalised=False)


def nerr_ia_kernel(prep: Prepared, c: Convention, k: int | None, alpha=DEFAULT_ALPHA) -> np.ndarray:
    """nERR-IA@k = sum g_i/i over the list / the same over the greedy ideal ranking."""
    return nb.cumulated(prep, k, alpha, "reciprocal", normalised=True)


MEASURES = (
    MeasureSpec(
        family="ERR_IA",
        order=250,
        title="ERR-IA@k",
        description=N_(
            "Intent-aware ERR: each intent's ERR weighted by its probability (ndeval's "
            "normalisation)."
        ),
        reader=N_(
            "A cascade reader with one of several intents, who stops at a document relevant "
            "to it with probability α (0.5 unless the name gives it)."
        ),
        latex=r"\mathrm{ERR\text{-}IA@}k=\frac{"
        + SUM_K
        + r"g_i/i}{"
        + SUM_K
        + r"(1-\alpha)^{i-1}/i},\quad "
        + NOVELTY_GAIN,
        citation="Chapelle et al., CIKM 2009 / Information Retrieval 14(6), 2011; "
        + NDEVAL
        + "ERR_IA.",
        params=(ALPHA,),
        cutoff="required",
        single=err_ia,
        kernel=err_ia_kernel,
        reads=ORDERING,
        working=NOVELTY_WORKING,
        examples=("ERR_IA@20",),
        subtopics=True,
        shown="ERR-IA",
        note=N_(
            "ir_measures' ERR_IA takes no α and always passes ndeval's 0.5; "
            "ERR_IA(alpha=0.8) is ndeval's -alpha 0.8."
        ),
        capabilities=Capabilities(diversity_card=True),
    ),
    MeasureSpec(
        family="nERR_IA",
        order=260,
        title="nERR-IA@k",
        description=N_("ERR-IA of the list over ERR-IA of the (greedy) ideal ranking."),
        reader=N_(
            "A cascade reader with one of several intents, who stops at a document relevant "
            "to it with probability α (0.5 unless the name gives it)."
        ),
        latex=r"\mathrm{nERR\text{-}IA@}k=\frac{"
        + SUM_K
        + r"g_i/i}{"
        + SUM_K
        + r"g^{*}_i/i},\quad "
        + NOVELTY_GAIN,
        citation="Chapelle et al., Information Retrieval 14(6), 2011; " + NDEVAL + "nERR_IA.",
        params=(ALPHA,),
        cutoff="required",
        single=nerr_ia,
        kernel=nerr_ia_kernel,
        reads=ORDERING,
        working=IDEAL_WORKING,
        examples=("nERR_IA@20",),
        subtopics=True,
        shown="nERR-IA",
        note=N_(
            "ir_measures' nERR_IA takes no α and always passes ndeval's 0.5; "
            "nERR_IA(alpha=0.8) is ndeval's -alpha 0.8."
        ),
    ),
)
