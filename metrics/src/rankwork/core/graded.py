"""Graded measures: DCG, IDCG, nDCG, ERR and RBP, each with its per-position breakdown.

With i the 1-based rank, g_i the grade at rank i, gain() and disc() from the convention:

    DCG@k  = sum_{i <= k} gain(g_i) * disc(i)
    IDCG@k = the same sum over the ideal ranking (the judged pool sorted by gain, descending;
             cut at k when `ideal_cut`; see Convention.ideal for where the pool comes from)
    nDCG@k = DCG@k / IDCG@k, and `empty_value` (0, or 1 as LightGBM) when IDCG@k = 0
    With `dcg_cutoff` False (trec_eval's `ndcg`) k is ignored: DCG, IDCG and nDCG of the whole
    list and the whole ideal ranking.

    ERR@k  = sum_{i <= k} (1/i) R_i prod_{j < i} (1 - R_j),  R_i = (2^g_i - 1) / 2^gmax
             (Chapelle, Metzler, Zhang & Grinspan, CIKM 2009: the cascade reader who, having
             reached rank i, stops there with probability R_i)
    RBP    = (1 - p) sum_i r_i p^(i-1)  (Moffat & Zobel, TOIS 2008, binary r_i); graded here
             r_i = g_i/gmax (a common extension),
             [g_i >= t] (binary) or g_i (raw); its residual is the weight the unjudged ranks
             and the ranks beyond the list could still add: (1 - p) sum_{unjudged i} p^(i-1) + p^n

Unjudged documents (grade NaN) gain 0 everywhere. A cutoff k larger than the list is allowed:
the missing ranks gain nothing, but IDCG@k still counts k ideal documents.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from rankwork.core.conventions import Convention
from rankwork.core.discounts import discount
from rankwork.core.gains import gain
from rankwork.core.ranking import Ordered, Ranking, check_cutoff, check_ideal_depth, order
from rankwork.core.result import Result, overflow_error
from rankwork.language import _


def _at(name: str, k: int | None) -> str:
    return name if k is None else f"{name}@{k}"


def _in_cutoff(n: int, k: int | None) -> np.ndarray:
    ranks = np.arange(1, n + 1)
    return ranks <= k if k is not None else np.ones(n, dtype=bool)


def list_gains(ordered: Ordered, convention: Convention) -> np.ndarray:
    """Gains in rank order; with ties='average' each position gets its tie group's mean gain."""
    gains = gain(ordered.grades, convention)
    if convention.ties == "average" and ordered.scores is not None and len(gains):
        sums = np.bincount(ordered.tie_group, weights=gains)
        counts = np.bincount(ordered.tie_group)
        gains = (sums / counts)[ordered.tie_group]
    return gains


def ideal_grades(ordered: Ordered, convention: Convention, k: int | None) -> np.ndarray:
    """The grades of the ideal ranking, best first, as deep as IDCG reads it.

    'judged': every judged document of the query; 'retrieved': the judged documents of the
    list; 'none': k (or len(list)) documents of the scale's top grade. Documents whose gain is
    not positive add nothing and are left out (as trec_eval does)."""
    if convention.ideal == "none":
        depth = k if k is not None else len(ordered)
        check_ideal_depth(depth, len(ordered))
        return np.full(depth, ordered.scale_max)
    if convention.ideal == "judged":
        pool = ordered.judged_pool
    else:
        pool = ordered.grades[~np.isnan(ordered.grades)]
    gains = gain(pool, convention)
    keep = gains > 0
    pool, gains = pool[keep], gains[keep]
    pool = pool[np.argsort(-gains, kind="stable")]
    if convention.ideal_cut and k is not None:
        pool = pool[:k]
    return pool


def _cumulative_part(gains: np.ndarray, weights: np.ndarray, counted: np.ndarray) -> np.ndarray:
    return np.where(counted, gains * weights, 0.0)


def ndcg(ranking: Ranking | Ordered, convention: Convention, k: int | None = None) -> Result:
    """nDCG@k = DCG@k / IDCG@k (k None: the whole list; empty_value when IDCG@k = 0), with DCG,
    IDCG and one row per rank.

    Columns: rank, doc_id, grade, gain, discount, in_cutoff, dcg_contribution, cum_dcg,
    ideal_grade, ideal_gain, ideal_contribution, cum_idcg, contribution (= dcg_contribution
    / IDCG, summing to nDCG). Rows run to the longer of the list and the ideal ranking.
    A convention with `dcg_cutoff` False ignores k (the result is then named nDCG, no @k)."""
    k = check_cutoff(k)
    ignored = k is not None and not convention.dcg_cutoff
    if ignored:
        k = None
    ordered = ranking if isinstance(ranking, Ordered) else order(ranking, convention)
    n = len(ordered)
    ideal = ideal_grades(ordered, convention, k)
    m = max(n, len(ideal))
    weights = discount(m, convention, k)
    counted = _in_cutoff(m, k)

    grades = np.full(m, np.nan)
    grades[:n] = ordered.grades
    gains = np.zeros(m)
    gains[:n] = list_gains(ordered, convention)
    present = np.arange(m) < n
    dcg_part = _cumulative_part(gains, weights, counted & present)

    ideal_g = np.full(m, np.nan)
    ideal_g[: len(ideal)] = ideal
    ideal_gain = np.zeros(m)
    if convention.ideal == "none":
        ideal_gain[: len(ideal)] = top_gain(ordered.scale_max, convention)
    else:
        ideal_gain[: len(ideal)] = gain(ideal, convention)
    in_ideal = np.arange(m) < len(ideal)  # already cut at k when the convention cuts it
    idcg_part = _cumulative_part(ideal_gain, weights, in_ideal)

    with np.errstate(over="ignore"):  # an overflow is reported below, as a ValueError
        dcg_value = float(dcg_part.sum())
        idcg_value = float(idcg_part.sum())
    if not np.isfinite([dcg_value, idcg_value]).all():  # nDCG would be NaN, or 0 wrongly
        raise overflow_error(_("{dcg} or {idcg}").format(dcg=_at("DCG", k), idcg=_at("IDCG", k)))
    note = (
        _(
            "k does not apply under {convention}: it reads the whole list and every judged "
            "document, as trec_eval's ndcg does."
        ).format(convention=_(convention.name))
        + " "
        if ignored
        else ""
    )
    if idcg_value > 0:
        contribution = dcg_part / idcg_value
        value = dcg_value / idcg_value  # exactly 1.0 for an ideal list
    else:
        contribution = np.zeros(m)
        value = convention.empty_value
        note += _(
            "IDCG is 0 (no document with a positive gain), so nDCG is {value:g} by the "
            "convention ({convention})."
        ).format(value=value, convention=_(convention.name))
    doc_ids = list(ordered.doc_ids) + [""] * (m - n)
    table = pd.DataFrame(
        {
            "rank": np.arange(1, m + 1),
            "doc_id": doc_ids,
            "grade": grades,
            "gain": np.where(present, gains, np.nan),
            "discount": weights,
            "in_cutoff": counted,
            "dcg_contribution": dcg_part,
            "cum_dcg": np.cumsum(dcg_part),
            "ideal_grade": ideal_g,
            "ideal_gain": np.where(in_ideal, ideal_gain, np.nan),
            "ideal_contribution": idcg_part,
            "cum_idcg": np.cumsum(idcg_part),
            "contribution": contribution,
        }
    )
    details = {"DCG": dcg_value, "IDCG": idcg_value, "nDCG": value}
    return Result(_at("nDCG", k), value, table, details, note)


def top_gain(scale_max: float, convention: Convention) -> float:
    """The largest gain a document can have: the custom map's largest gain, else the gain of
    the grade scale's maximum (scaled DCG's ideal is k documents of this gain). The single list
    and the batch both take it from here."""
    if convention.gain == "custom":
        return max(g for _, g in convention.gain_map)
    return float(gain(np.array([scale_max]), convention)[0])


def part(family: str, full: Result) -> Result:
    """DCG, IDCG or nDCG out of one nDCG breakdown, whose table holds all three: the
    contributions become the DCG or the ideal column, the value the matching detail."""
    if family == "nDCG":
        return full
    if family not in ("DCG", "IDCG"):
        raise ValueError(_("part() gives DCG, IDCG or nDCG; got {family!r}.").format(family=family))
    column = "dcg_contribution" if family == "DCG" else "ideal_contribution"
    table = full.table.copy()
    table["contribution"] = table[column]
    name = full.name.replace("nDCG", family)
    return Result(name, full.details[family], table, full.details)  # the note is nDCG's


def dcg(ranking: Ranking | Ordered, convention: Convention, k: int | None = None) -> Result:
    """DCG@k = sum_{i<=k} gain(g_i) disc(i); contributions are the per-rank terms."""
    return part("DCG", ndcg(ranking, convention, k))


def idcg(ranking: Ranking | Ordered, convention: Convention, k: int | None = None) -> Result:
    """IDCG@k: DCG of the ideal ranking (see `ideal_grades`)."""
    return part("IDCG", ndcg(ranking, convention, k))


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
    counted = _in_cutoff(n, k)
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
    return Result(_at("ERR", k), value, table, details)


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
