"""α-DCG and α-nDCG (Clarke et al., SIGIR 2008), as TREC's ndeval computes them, with their
per-rank working, over one list and over many queries at once.

    α-DCG@k  = sum_{i<=k} g_i / log2(i + 1)  /  sum_{i<=k} (1 - α)^(i-1) / log2(i + 1)
    α-nDCG@k = sum_{i<=k} g_i / log2(i + 1)  /  the same sum over the greedy ideal ranking

α-DCG's denominator is ndeval's "collection-independent" normalisation (a list whose every
document is relevant to every subtopic); the ideal ranking is ndeval's greedy one.

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


def alpha_dcg(ordered: Ordered, convention: Convention, k=None, alpha=DEFAULT_ALPHA) -> Result:
    """α-DCG@k, normalised as ndeval does by the α-DCG of a list relevant to every subtopic
    at every rank: sum g_i/log2(i+1) / sum (1-α)^(i-1)/log2(i+1)."""
    return div.cumulated(ordered, k, alpha, "log", False, "alpha_DCG")


def alpha_ndcg(ordered: Ordered, convention: Convention, k=None, alpha=DEFAULT_ALPHA) -> Result:
    """α-nDCG@k = α-DCG@k / α-DCG@k of the greedy ideal ranking."""
    return div.cumulated(ordered, k, alpha, "log", True, "alpha_nDCG")


def alpha_dcg_kernel(
    prep: Prepared, c: Convention, k: int | None, alpha=DEFAULT_ALPHA
) -> np.ndarray:
    """α-DCG@k, normalised by a list relevant to every subtopic at every rank (ndeval's)."""
    return nb.cumulated(prep, k, alpha, "log", normalised=False)


def alpha_ndcg_kernel(
    prep: Prepared, c: Convention, k: int | None, alpha=DEFAULT_ALPHA
) -> np.ndarray:
    """α-nDCG@k = α-DCG@k / α-DCG@k of the greedy ideal ranking."""
    return nb.cumulated(prep, k, alpha, "log", normalised=True)


MEASURES = (
    MeasureSpec(
        family="alpha_DCG",
        order=230,
        title="α-DCG@k",
        description=N_(
            "DCG of the novelty gains, over the same sum for a list relevant to every subtopic."
        ),
        reader=N_(
            "A reader with one of several intents, for whom a document on a subtopic already "
            "seen c times is worth (1 - α)^c of a new one, and whose attention fades with the "
            "log of the rank."
        ),
        latex=r"\alpha\text{-DCG@}k=\frac{"
        + SUM_K
        + r"g_i/\log_2(i+1)}{"
        + SUM_K
        + r"(1-\alpha)^{i-1}/\log_2(i+1)},\quad "
        + NOVELTY_GAIN,
        citation="Clarke et al., SIGIR 2008; " + NDEVAL + "alpha_DCG.",
        params=(ALPHA,),
        cutoff="required",
        single=alpha_dcg,
        kernel=alpha_dcg_kernel,
        reads=ORDERING,
        working=NOVELTY_WORKING,
        examples=("alpha_DCG@20",),
        subtopics=True,
        shown="α-DCG",
    ),
    MeasureSpec(
        family="alpha_nDCG",
        order=240,
        title="α-nDCG@k",
        description=N_("α-DCG of the list over α-DCG of the (greedy) ideal ranking."),
        reader=N_(
            "A reader with one of several intents, for whom a document on a subtopic already "
            "seen c times is worth (1 - α)^c of a new one, and whose attention fades with the "
            "log of the rank."
        ),
        latex=r"\alpha\text{-nDCG@}k=\frac{"
        + SUM_K
        + r"g_i/\log_2(i+1)}{"
        + SUM_K
        + r"g^{*}_i/\log_2(i+1)},\quad "
        + NOVELTY_GAIN,
        citation="Clarke et al., SIGIR 2008; " + NDEVAL + "alpha_nDCG.",
        params=(ALPHA,),
        cutoff="required",
        single=alpha_ndcg,
        kernel=alpha_ndcg_kernel,
        reads=ORDERING,
        working=IDEAL_WORKING,
        examples=("alpha_nDCG@20", "alpha_nDCG(alpha=0.8)@10"),
        subtopics=True,
        shown="α-nDCG",
        capabilities=Capabilities(diversity_card=True),
    ),
)
