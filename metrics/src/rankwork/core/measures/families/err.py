"""ERR, expected reciprocal rank (Chapelle, Metzler, Zhang & Grinspan, CIKM 2009), with its
per-rank working, over one list and over many queries at once.

With i the 1-based rank and g_i the grade at rank i:

    ERR@k = sum_{i <= k} (1/i) R_i prod_{j < i} (1 - R_j),  R_i = (2^g_i - 1) / 2^gmax

the cascade reader who, having reached rank i, stops there with probability R_i. gmax is the
convention's `err_gmax` (`ERR(max_rel=3)`), else the grade scale's top (4 on the Playground,
as gdeval). Unjudged documents (grade NaN) have R = 0.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from rankwork.core import segments as seg
from rankwork.core.conventions import Convention
from rankwork.core.measures.common import named, within
from rankwork.core.measures.spec import ORDERING, SUM_K, Capabilities, MeasureSpec, Param, positive
from rankwork.core.ranking import Ordered, Ranking, check_cutoff, order
from rankwork.core.result import Result
from rankwork.language import N_, _


def err_gmax(convention: Convention, scale_max: float, largest: float) -> float:
    """ERR's top grade gmax: the convention's, else the grade scale's maximum; checked against
    the largest grade of the list (or of every list), since R_i = (2^g - 1)/2^gmax must not
    exceed 1. The single list and the batch both take it from here."""
    gmax = convention.err_gmax if convention.err_gmax is not None else scale_max
    if largest > gmax:
        raise ValueError(
            _(
                "ERR's top grade gmax = {gmax:g} is below the grade {largest:g} in the list; "
                "gmax must be at least the largest grade (else R_i > 1)."
            ).format(gmax=gmax, largest=largest)
        )
    return gmax


def stop_probability(grades: np.ndarray, gmax: float) -> np.ndarray:
    """ERR's R = (2^g - 1) / 2^gmax, computed as 2^(g - gmax) - 2^(-gmax), which cannot
    overflow however large the grades (g <= gmax): 2.0**1024 is beyond a double, so the
    textbook form fails from a top grade of 1024 on.  For whole grades up to 53 both forms
    are exact, so the values are gdeval's to the last bit."""
    return np.exp2(grades - gmax) - np.exp2(-gmax)


def err(ranking: Ranking | Ordered, convention: Convention, k: int | None = None) -> Result:
    """ERR@k with R_i = (2^g_i - 1)/2^gmax. Columns: rank, doc_id, grade, in_cutoff,
    stop_given_reached (R_i), p_reach (prod_{j<i} 1-R_j), p_stop (p_reach R_i),
    contribution (p_stop / i within k)."""
    k = check_cutoff(k)
    ordered = ranking if isinstance(ranking, Ordered) else order(ranking, convention)
    grades = ordered.grades
    gmax = err_gmax(convention, ordered.scale_max, np.nanmax(grades, initial=-np.inf))
    n = len(grades)
    r = np.where(np.isnan(grades), 0.0, stop_probability(np.nan_to_num(grades), gmax))
    p_reach = np.concatenate([[1.0], np.cumprod(1.0 - r)[:-1]]) if n else np.zeros(0)
    p_stop = p_reach * r
    counted = within(n, k)
    ranks = np.arange(1, n + 1)
    contribution = np.where(counted, p_stop / ranks, 0.0)
    table = pd.DataFrame(
        {
            "rank": ranks,
            "doc_id": list(ordered.doc_ids),
            "grade": grades,
            "in_cutoff": counted,
            "stop_given_reached": r,
            "p_reach": p_reach,
            "p_stop": p_stop,
            "contribution": contribution,
        }
    )
    value = float(contribution.sum())
    details = {"gmax": float(gmax), "p_satisfied": float(p_stop[counted].sum())}
    return Result(named("ERR", k), value, table, details)


def err_kernel(prep: seg.Prepared, c: Convention, k: int | None) -> np.ndarray:
    """ERR@k = sum_{i<=k} (1/i) R_i prod_{j<i} (1 - R_j), R_i = (2^g_i - 1) / 2^gmax
    (gmax: the convention's `err_gmax`, else the scale's top). Unjudged ranks have R = 0."""
    gmax = err_gmax(c, prep.scale_max, float(prep.ret_grade.max(initial=-np.inf)))
    within = seg.within(prep, k)
    q, pos = prep.ret_q[within], prep.ret_pos[within]
    r = stop_probability(prep.ret_grade[within], gmax)
    p_reach = seg.running_product_before(prep, q, 1.0 - r)
    return seg.query_sum(prep, q, p_reach * r / pos)


ERR_MAX_REL = Param(
    name="max_rel",
    description=N_("ERR's top grade gmax in R_i = (2^g - 1) / 2^gmax."),
    allowed=N_("a positive number"),
    allows=positive,
    sets=lambda v: {"err_gmax": float(v)},
)

MEASURES = (
    MeasureSpec(
        family="ERR",
        order=40,
        title="ERR@k",
        description=N_("Expected reciprocal rank of the document that satisfies the reader."),
        reader=N_(
            "A cascade reader who, having reached rank i, stops there with probability "
            "R_i = (2^g - 1)/2^gmax, and otherwise reads on."
        ),
        latex=r"\mathrm{ERR@}k=" + SUM_K + r"\frac{1}{i}R_i\prod_{j<i}(1-R_j),\quad"
        r"R_i=\frac{2^{g_i}-1}{2^{g_{\max}}}",
        citation="Chapelle, Metzler, Zhang & Grinspan, CIKM 2009.",
        params=(ERR_MAX_REL,),
        cutoff="optional",
        single=err,
        kernel=err_kernel,
        reads=("err_gmax",) + ORDERING,
        working=(
            "rank",
            "doc_id",
            "grade",
            "stop_given_reached",
            "p_reach",
            "p_stop",
            "contribution",
        ),
        examples=(
            "ERR@10",
            "ERR(max_rel=3)@10",
        ),
        capabilities=Capabilities(
            headline=True,
            projector=True,
            graded_card=True,
            pitfalls=True,
            condensable=True,
            sweep=True,
            ordering=True,
            exercise=True,
        ),
    ),
)
