"""Sakai's Q-measure: average precision with the gains of a graded scale blended in.

Sakai, "New performance metrics based on multigrade relevance", NTCIR-4, 2004; Sakai,
"On the reliability of information retrieval metrics based on graded relevance", IP&M 43(2),
2007. With r the 1-based rank, rel_r = 1 when the document at rank r is relevant, C(r) the
relevant documents in the top r, cg(r) the cumulative gain of the list to rank r, cg*(r) that
of the ideal ranking (which stays at its total beyond its length), R the number of relevant
judged documents of the query (retrieved or not) and β >= 0 (1 by default):

    Q@k = (1/R) sum_{r <= k} rel_r BR(r),   BR(r) = (C(r) + β cg(r)) / (r + β cg*(r))

BR(r) is the blended ratio: β = 0 gives P@r, so Q with β = 0 is AP; a large β weighs the
gains more. The convention chosen here:

- relevant: judged with grade >= the convention's `rel_threshold` (1 by default), as for AP;
  unjudged documents are not relevant and gain 0;
- gain: the convention's gain function (`rankwork.core.gains`: linear g under trec_eval's
  preset, 2^g - 1 under the textbook's, or a custom map), counted for relevant documents only
  (a document below the threshold gains 0), so cg(r) <= cg*(r) and Q <= 1;
- the ideal ranking: every relevant judged document of the query, by gain, largest first
  (the convention's `ideal`, `ideal_cut` and tie averaging are nDCG's and do not apply);
- no cutoff by default (the whole list); Q@k sums over ranks r <= k only, with R unchanged
  (as AP@k, trec_eval's map_cut);
- a query with no relevant document (R = 0) scores 0, as AP.

ir_measures and trec_eval have no Q-measure; its numbers are checked against hand-worked
examples from Sakai's definition (tests/unit/test_qmeasure.py). The batch kernel is the same sum
over many queries at once.
"""

from __future__ import annotations

import math

import numpy as np
import pandas as pd

from rankwork.core import segments as seg
from rankwork.core.condensed import condensable
from rankwork.core.conventions import Convention
from rankwork.core.gains import gain
from rankwork.core.measures.spec import (
    BINARY,
    GAIN_MAP,
    JUDGED_ONLY,
    REL,
    Capabilities,
    MeasureSpec,
    Param,
)
from rankwork.core.ranking import Ordered, Ranking, check_cutoff, order
from rankwork.core.result import Result, overflow_error
from rankwork.language import N_, _

DEFAULT_BETA = 1.0


def check_beta(beta: float) -> float:
    """β as a float, or a ValueError saying what β may be."""
    if not (isinstance(beta, int | float) and 0 <= beta < math.inf):
        raise ValueError(
            _(
                "Q's beta must be a number of at least 0 (0 gives AP, 1 is Sakai's default); "
                "got {beta!r}."
            ).format(beta=beta)
        )
    return float(beta)


def relevant_gains(grades: np.ndarray, convention: Convention) -> tuple[np.ndarray, np.ndarray]:
    """Which grades are relevant (judged, >= rel_threshold) and their gains (0 where not
    relevant). A relevant grade with a negative gain (a custom map) is refused: Q's cg* must
    bound cg. The single list and the batch both take the gains from here."""
    grades = np.asarray(grades, dtype=float)
    relevant = np.nan_to_num(grades, nan=-np.inf) >= convention.rel_threshold
    gains = np.where(relevant, gain(grades, convention), 0.0)
    if (gains < 0).any():
        bad = grades[gains < 0][0]
        raise ValueError(
            _(
                "Q-measure needs a gain of at least 0 for every relevant grade, but the gain map "
                "gives grade {grade:g} a negative gain. Give relevant grades a gain of 0 or more."
            ).format(grade=bad)
        )
    return relevant, gains


def blended_ratio(hits, cg, ideal_cg, ranks, beta: float) -> np.ndarray:
    """BR(r) = (C(r) + β cg(r)) / (r + β cg*(r)), r >= 1. Where β cg or β cg* overflow (a
    huge β) numerator and denominator are divided by β: (C/β + cg) / (r/β + cg*). A gain sum
    that is itself beyond the largest double gives a non-finite value, which the callers
    refuse."""
    hits, cg = np.asarray(hits, dtype=float), np.asarray(cg, dtype=float)
    ideal_cg, ranks = np.asarray(ideal_cg, dtype=float), np.asarray(ranks, dtype=float)
    with np.errstate(over="ignore", invalid="ignore"):
        numerator, denominator = hits + beta * cg, ranks + beta * ideal_cg
        ratio = numerator / denominator
        overflowed = ~(np.isfinite(numerator) & np.isfinite(denominator))
        if overflowed.any() and beta > 0:
            scaled = (hits / beta + cg) / (ranks / beta + ideal_cg)
            ratio = np.where(overflowed, scaled, ratio)
    return ratio


def q_measure(
    ranking: Ranking | Ordered,
    convention: Convention,
    k: int | None = None,
    beta: float = DEFAULT_BETA,
) -> Result:
    """Q@k = (1/R) sum_{r<=k} rel_r (C(r) + β cg(r)) / (r + β cg*(r)) (see the module
    docstring for the convention). Columns: rank, doc_id, grade, judged, relevant, gain,
    hits (C(r)), cg, ideal_cg (cg*(r)), in_cutoff, blended_ratio (BR(r)), contribution
    (BR(r)/R at relevant ranks within k; they sum to Q). details: R, beta."""
    beta = check_beta(beta)
    k = check_cutoff(k)
    ordered = ranking if isinstance(ranking, Ordered) else order(ranking, convention)
    grades = ordered.grades
    n = len(grades)
    relevant, gains = relevant_gains(grades, convention)
    pool_relevant, pool_gains = relevant_gains(ordered.judged_pool, convention)
    big_r = int(pool_relevant.sum())
    ranks = np.arange(1, n + 1)
    hits = np.cumsum(relevant)
    with np.errstate(over="ignore", invalid="ignore"):  # an overflow is refused below
        ideal = np.cumsum(np.sort(pool_gains[pool_relevant])[::-1])
        cg = np.cumsum(gains)
    ideal_cg = ideal[np.minimum(ranks, big_r) - 1] if big_r else np.zeros(n)
    ratio = blended_ratio(hits, cg, ideal_cg, ranks, beta)
    in_cutoff = ranks <= k if k is not None else np.ones(n, dtype=bool)
    counted = relevant & in_cutoff
    contribution = np.where(counted, ratio / big_r if big_r else 0.0, 0.0)
    name = "Q" if beta == DEFAULT_BETA else f"Q(beta={beta:g})"
    name = name if k is None else f"{name}@{k}"
    with np.errstate(over="ignore", invalid="ignore"):
        value = float(contribution.sum())
    if not (np.isfinite(value) and np.isfinite(ideal[-1:]).all()):
        raise overflow_error(name)
    table = pd.DataFrame(
        {
            "rank": ranks,
            "doc_id": list(ordered.doc_ids),
            "grade": grades,
            "judged": ~np.isnan(grades),
            "relevant": relevant,
            "gain": gains,
            "hits": hits,
            "cg": cg,
            "ideal_cg": ideal_cg,
            "in_cutoff": in_cutoff,
            "blended_ratio": ratio,
            "contribution": contribution,
        }
    )
    return Result(name, value, table, {"R": big_r, "beta": beta})


def q_measure_kernel(
    prep: seg.Prepared, c: Convention, k: int | None, beta: float = 1.0
) -> np.ndarray:
    """Q@k = (1/R) sum over relevant ranks r <= k of (C(r) + β cg(r)) / (r + β cg*(r))
    (`q_measure`): relevant g >= t, gains counted for relevant documents only;
    C and cg are running sums over the judged rows (an unjudged rank adds nothing to either),
    cg*(r) the ideal's running gain at min(r, R), from the relevant judged pool sorted by gain
    (largest first) per query. A gain sum beyond the largest double gives NaN (reported)."""
    beta = check_beta(beta)
    rel, gains = relevant_gains(prep.ret_grade, c)
    pool_rel, pool_gains = relevant_gains(prep.pool_grade, c)
    big_r = seg.query_count(prep, prep.pool_q[pool_rel])
    hits = seg.running_count(prep, prep.ret_q, rel)
    cg = seg.running_sum(prep, prep.ret_q, gains)
    ideal_q, ideal_g = prep.pool_q[pool_rel], pool_gains[pool_rel]
    order = np.lexsort((-ideal_g, ideal_q))
    ideal_q, ideal_g = ideal_q[order], ideal_g[order]
    ideal_cg = seg.running_sum(prep, ideal_q, ideal_g)
    start = np.cumsum(big_r) - big_r  # each query's first row in the ideal arrays
    at = rel & seg.within(prep, k)
    q, pos = prep.ret_q[at], prep.ret_pos[at].astype(np.int64)
    ideal_at = ideal_cg[start[q] + np.minimum(pos, big_r[q]) - 1]
    ratio = blended_ratio(hits[at], cg[at], ideal_at, pos, beta)
    total = seg.query_sum(prep, ideal_q, ideal_g)
    value = seg.divide(seg.query_sum(prep, q, ratio), big_r.astype(float))
    return np.where(np.isfinite(total), value, np.nan)


Q_BETA = Param(
    name="beta",
    description=N_(
        "How much Q weighs the gains against the hits: 0 gives AP, Sakai's default is 1."
    ),
    allowed=N_("a number of at least 0"),
    allows=lambda v: isinstance(v, float) and 0 <= v < float("inf"),
    default=DEFAULT_BETA,
)

Q_WORKING = ("rank", "doc_id", "grade", "relevant", "hits", "cg", "ideal_cg", "contribution")

MEASURES = (
    MeasureSpec(
        family="Q",
        order=130,
        title="Q-measure",
        description=N_(
            "AP with graded gains blended in: at each relevant rank, hits plus β times the "
            "cumulative gain, over the rank plus β times the ideal's cumulative gain."
        ),
        reader=N_(
            "The AP reader, who stops at a relevant document, each equally likely, and judges "
            "what was read by the blended ratio of hits and gain instead of by precision."
        ),
        latex=r"Q=\frac{1}{R}\sum_{r:\,\mathrm{rel}_r=1}\frac{C(r)+\beta\,cg(r)}"
        r"{r+\beta\,cg^{*}(r)}",
        citation="Sakai, 'New performance metrics based on multigrade relevance', NTCIR-4, 2004; "
        "Sakai, IP&M 43(2), 2007.",
        params=(Q_BETA, REL, GAIN_MAP, JUDGED_ONLY),
        cutoff="optional",
        single=condensable(q_measure),
        kernel=q_measure_kernel,
        reads=("gain", "gain_map") + BINARY,
        working=Q_WORKING,
        examples=("Q", "Q(beta=2)@10"),
        note=N_("Neither trec_eval nor ir_measures has it."),
        capabilities=Capabilities(more=True, pool_normalised=True),
    ),
)
