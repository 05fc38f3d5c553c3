"""RBP, rank-biased precision (Moffat & Zobel, ACM TOIS 27(1), 2008), and its residual, with
their per-rank working, over one list and over many queries at once.

With i the 1-based rank, n the list length and p the persistence (the convention's `rbp_p`):

    RBP      = (1 - p) sum_i r_i p^(i-1)
    residual = (1 - p) sum_{unjudged i} p^(i-1) + p^n   (times the top gain): what the unjudged
               ranks and the ranks beyond the list could still add

Moffat & Zobel define RBP on binary relevance; here r_i = g_i/gmax ('graded', a common
extension; gmax the convention's `rbp_gmax`, else the grade scale's top), [g_i >= t]
('binary', `RBP(rel=t)`) or g_i ('raw'). Unjudged documents gain 0. No cutoff: RBP reads the
whole list.
"""

from __future__ import annotations

from functools import partial

import numpy as np
import pandas as pd

from rankwork.core import segments as seg
from rankwork.core.conventions import Convention
from rankwork.core.measures.spec import (
    ORDERING,
    Capabilities,
    MeasureSpec,
    Param,
    positive,
    probability,
)
from rankwork.core.ranking import Ordered, Ranking, order
from rankwork.core.result import Result
from rankwork.language import N_, _


def rbp_gains(ordered: Ordered, convention: Convention) -> tuple[np.ndarray, float]:
    """RBP's gain r_i per rank (0 for unjudged) and the largest gain a rank can have."""
    grades = ordered.grades
    g = np.nan_to_num(grades, nan=0.0)
    if convention.rbp_gain == "binary":
        return (g >= convention.rel_threshold).astype(float), 1.0
    if convention.rbp_gain == "raw":
        return g, ordered.scale_max
    gmax = convention.rbp_gmax if convention.rbp_gmax is not None else ordered.scale_max
    if grades.size and np.nanmax(np.append(grades, 0.0)) > gmax:
        raise ValueError(
            _(
                "RBP's top grade {gmax:g} is below the grade {largest:g} in the list; "
                "the graded gain g/gmax must not exceed 1."
            ).format(gmax=gmax, largest=np.nanmax(grades))
        )
    return g / gmax, 1.0


def rbp(ranking: Ranking | Ordered, convention: Convention, k: int | None = None) -> Result:
    """RBP(p) over the whole list (no cutoff). Columns: rank, doc_id, grade, judged, gain,
    weight ((1-p)p^(i-1)), contribution (weight * gain), residual_weight (weight * top gain
    where unjudged). details: top_gain (the largest gain a rank can have), residual (unjudged
    weight + p^n tail, times the top gain) and
    upper = RBP + residual: the value if every unknown document were of the top grade."""
    del k  # RBP has no cutoff; the argument keeps the measure signature uniform.
    ordered = ranking if isinstance(ranking, Ordered) else order(ranking, convention)
    p = convention.rbp_p
    n = len(ordered)
    gains, top = rbp_gains(ordered, convention)
    ranks = np.arange(1, n + 1)
    weight = (1.0 - p) * p ** (ranks - 1.0)
    judged = ~np.isnan(ordered.grades)
    contribution = weight * gains
    residual_weight = np.where(judged, 0.0, weight * top)
    tail = top * p**n
    residual = float(residual_weight.sum() + tail)
    table = pd.DataFrame(
        {
            "rank": ranks,
            "doc_id": list(ordered.doc_ids),
            "grade": ordered.grades,
            "judged": judged,
            "gain": gains,
            "weight": weight,
            "contribution": contribution,
            "residual_weight": residual_weight,
        }
    )
    value = float(contribution.sum())
    details = {
        "p": p,
        "top_gain": top,
        "residual": residual,
        "tail": tail,
        "upper": value + residual,
    }
    return Result(f"RBP(p={p:g})", value, table, details)


def rbp_residual(
    ranking: Ranking | Ordered, convention: Convention, k: int | None = None
) -> Result:
    """What RBP could still gain: the residual of `rbp`, its weights as the working."""
    full = rbp(ranking, convention)
    table = full.table.copy()
    table["contribution"] = table["residual_weight"]
    note = _("The tail p^n = {tail:.4g} beyond the list is part of the residual.").format(
        tail=full.details["tail"]
    )
    return Result(
        f"RBP_resid(p={convention.rbp_p:g})", full.details["residual"], table, full.details, note
    )


def rbp_kernel(
    prep: seg.Prepared, c: Convention, k: int | None = None, residual: bool = False
) -> np.ndarray:
    """RBP = (1 - p) sum_i r_i p^(i-1) over the whole list, r_i = g_i/gmax ('graded'),
    [g_i >= t] ('binary') or g_i ('raw'); residual = top gain * (the weight of the unjudged
    ranks + the tail p^n) = top gain * (1 - the weight of the judged ranks)."""
    del k  # RBP has no cutoff; the argument keeps the kernels' signature uniform
    persistence = c.rbp_p
    grades = prep.ret_grade
    if c.rbp_gain == "binary":
        gains, top = (grades >= c.rel_threshold).astype(float), 1.0
    elif c.rbp_gain == "raw":
        gains, top = grades, prep.scale_max
    else:
        gmax = c.rbp_gmax if c.rbp_gmax is not None else prep.scale_max
        if grades.size and max(float(grades.max()), 0.0) > gmax:
            raise ValueError(
                f"RBP's top grade {gmax:g} is below the grade {grades.max():g} in the list; "
                "the graded gain g/gmax must not exceed 1."
            )
        gains, top = grades / gmax, 1.0
    weight = (1.0 - persistence) * persistence ** (prep.ret_pos - 1.0)
    if residual:
        return top * (1.0 - seg.query_sum(prep, prep.ret_q, weight))
    return seg.query_sum(prep, prep.ret_q, weight * gains)


PERSISTENCE = Param(
    name="p",
    description=N_("RBP's persistence: the reader goes on to the next rank with probability p."),
    allowed=N_("a number between 0 and 1"),
    allows=probability,
    sets=lambda v: {"rbp_p": float(v)},
)

RBP_REL = Param(
    name="rel",
    description=N_("Binary RBP: a document gains 1 when its grade is at least rel, else 0."),
    allowed=N_("a positive number"),
    allows=positive,
    sets=lambda v: {"rel_threshold": float(v), "rbp_gain": "binary"},
)

RBP_MAX_REL = Param(
    name="max_rel",
    description=N_("Graded RBP: a document gains g / max_rel."),
    allowed=N_("a positive number"),
    allows=positive,
    sets=lambda v: {"rbp_gmax": float(v), "rbp_gain": "graded"},
)

# The Convention fields RBP and its residual read.
RBP_READS = ("rbp_p", "rbp_gain", "rbp_gmax", "rel_threshold") + ORDERING

MEASURES = (
    MeasureSpec(
        family="RBP",
        order=50,
        title="RBP(p)",
        description=N_("Rank-biased precision: expected gain per document read."),
        reader=N_("A memoryless reader who goes on to the next rank with probability p."),
        latex=r"\mathrm{RBP}=(1-p)\sum_{i\ge 1} r_i\,p^{i-1}",
        citation="Moffat & Zobel, ACM TOIS 27(1), 2008.",
        params=(PERSISTENCE, RBP_REL, RBP_MAX_REL),
        cutoff="none",
        single=rbp,
        kernel=rbp_kernel,
        reads=RBP_READS,
        working=("rank", "doc_id", "grade", "gain", "weight", "contribution", "residual_weight"),
        exclusive=(("rel", "max_rel"), N_("RBP is either binary (rel=) or graded (max_rel=)")),
        examples=(
            "RBP(p=0.8)",
            "RBP(p=0.8,rel=1)",
            "RBP(p=0.8,max_rel=3)",
        ),
        note=N_(
            "Moffat & Zobel define RBP on binary relevance; the graded gain r_i = g/gmax is "
            "one common extension, not theirs."
        ),
        capabilities=Capabilities(
            headline=True,
            projector=True,
            graded_card=True,
            pitfalls=True,
            condensable=True,
            sweep=True,
            ordering=True,
        ),
    ),
    MeasureSpec(
        family="RBP_resid",
        order=190,
        title="RBP residual",
        description=N_("What RBP could still gain from unjudged ranks and the tail."),
        reader=N_("The RBP reader, if every unknown document were of the top grade."),
        latex=r"\mathrm{res}=(1-p)\sum_{i\,\mathrm{unjudged}}p^{i-1}+p^{n}",
        citation="Moffat & Zobel, ACM TOIS 27(1), 2008.",
        params=(PERSISTENCE, RBP_REL, RBP_MAX_REL),
        cutoff="none",
        single=rbp_residual,
        kernel=partial(rbp_kernel, residual=True),
        reads=RBP_READS,
        exclusive=(("rel", "max_rel"), N_("RBP is either binary (rel=) or graded (max_rel=)")),
        examples=("RBP_resid(p=0.8)",),
    ),
)
