"""Binary measures: a document is relevant when it is judged and its grade >= t (the
convention's `rel_threshold`, 1 by default). Definitions follow trec_eval wherever it has the
measure. With rel_i in {0, 1} the relevance at rank i, h(k) = sum_{i<=k} rel_i the hits in the
top k, R the number of relevant judged documents of the query (retrieved or not) and n the
list length:

    P@k        = h(k) / k                (k, not min(k, n): missing ranks count as non-relevant)
    R@k        = h(k) / R
    F_beta@k   = (1 + b^2) P R / (b^2 P + R) = (1 + b^2) h(k) / (b^2 R + k)
    AP@k       = sum_{i<=k, rel_i} P@i / R          (AP: k = n; trec_eval map / map_cut)
    RR@k       = 1 / (rank of the first relevant document within k), 0 if none
    R-Prec     = h(R) / R
    Success@k  = 1 if h(k) > 0 else 0
    bpref      = (1/R) sum_{relevant retrieved r} (1 - min(N_r, R) / min(N, R))  with N_r the
                 judged non-relevant documents above r and N all judged non-relevant ones;
                 unjudged documents are skipped (Buckley & Voorhees 2004, trec_eval's form)
    Judged@k   = judged documents in the top k / min(k, n)
    SetAP      = (h(n) / n) (h(n) / R): set precision times set recall, which ignores the order
                 (trec_eval set_map; ir_measures SetAP)

Without a cutoff the measures read the whole list (k = n; P then divides by n: trec_eval's
set_P). A query with nothing relevant (R = 0) scores 0 on every measure. Every result's
`contribution` column sums to its value: e.g. AP's is P@i / R at each relevant rank.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from rankwork.core.conventions import Convention
from rankwork.core.ranking import Ordered, Ranking, check_cutoff, order
from rankwork.core.result import Result
from rankwork.language import _


def _prepare(ranking: Ranking | Ordered, convention: Convention, k: int | None):
    k = check_cutoff(k)
    ordered = ranking if isinstance(ranking, Ordered) else order(ranking, convention)
    grades = ordered.grades
    judged = ~np.isnan(grades)
    relevant = judged & (np.nan_to_num(grades, nan=-np.inf) >= convention.rel_threshold)
    n_relevant = int((ordered.judged_pool >= convention.rel_threshold).sum())
    return k, ordered, judged, relevant, n_relevant


def _table(ordered: Ordered, judged, relevant, k: int | None, contribution) -> pd.DataFrame:
    n = len(ordered)
    ranks = np.arange(1, n + 1)
    hits = np.cumsum(relevant)
    return pd.DataFrame(
        {
            "rank": ranks,
            "doc_id": list(ordered.doc_ids),
            "grade": ordered.grades,
            "judged": judged,
            "relevant": relevant,
            "hits": hits,
            "precision": hits / ranks if n else np.zeros(0),
            "in_cutoff": ranks <= k if k is not None else np.ones(n, dtype=bool),
            "contribution": np.asarray(contribution, dtype=float),
        }
    )


def _name(base: str, k: int | None) -> str:
    return base if k is None else f"{base}@{k}"


def _result(name, ordered, judged, relevant, k, contribution, details) -> Result:
    table = _table(ordered, judged, relevant, k, contribution)
    return Result(name, float(table["contribution"].sum()), table, details)


def _within(n: int, k: int | None) -> np.ndarray:
    return np.arange(1, n + 1) <= (k if k is not None else n)


def precision(ranking, convention: Convention, k: int | None = None) -> Result:
    """P@k = h(k)/k; without k, h(n)/n (0 for an empty list)."""
    k, o, judged, rel, big_r = _prepare(ranking, convention, k)
    depth = k if k is not None else len(o)
    contribution = np.where(_within(len(o), k) & rel, 1.0 / max(depth, 1), 0.0)
    return _result(_name("P", k), o, judged, rel, k, contribution, {"R": big_r, "depth": depth})


def recall(ranking, convention: Convention, k: int | None = None) -> Result:
    """R@k = h(k)/R (0 when R = 0)."""
    k, o, judged, rel, big_r = _prepare(ranking, convention, k)
    share = 1.0 / big_r if big_r else 0.0
    contribution = np.where(_within(len(o), k) & rel, share, 0.0)
    return _result(_name("R", k), o, judged, rel, k, contribution, {"R": big_r})


def f_beta(ranking, convention: Convention, k: int | None = None, beta: float = 1.0) -> Result:
    """F_beta@k = (1+b^2) h(k) / (b^2 R + k); without k, k = n (trec_eval set_F for b = 1)."""
    if not beta > 0:
        raise ValueError(_("F's beta must be a positive number; got {beta!r}.").format(beta=beta))
    k, o, judged, rel, big_r = _prepare(ranking, convention, k)
    depth = k if k is not None else len(o)
    share = float(f_beta_share(beta, np.array([big_r]), np.array([float(depth)]))[0])
    contribution = np.where(_within(len(o), k) & rel, share, 0.0)
    base = "F1" if beta == 1 else f"F(beta={beta:g})"
    return _result(_name(base, k), o, judged, rel, k, contribution, {"R": big_r, "beta": beta})


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


def average_precision(ranking, convention: Convention, k: int | None = None) -> Result:
    """AP@k = sum over relevant ranks i <= k of P@i, divided by R (all relevant judged)."""
    k, o, judged, rel, big_r = _prepare(ranking, convention, k)
    ranks = np.arange(1, len(o) + 1)
    prec = np.cumsum(rel) / ranks if len(o) else np.zeros(0)
    contribution = np.where(_within(len(o), k) & rel, prec / big_r if big_r else 0.0, 0.0)
    return _result(_name("AP", k), o, judged, rel, k, contribution, {"R": big_r})


def reciprocal_rank(ranking, convention: Convention, k: int | None = None) -> Result:
    """RR@k = 1/r for the first relevant rank r <= k, else 0."""
    k, o, judged, rel, big_r = _prepare(ranking, convention, k)
    contribution = np.zeros(len(o))
    hit = np.flatnonzero(rel & _within(len(o), k))
    if hit.size:
        contribution[hit[0]] = 1.0 / (hit[0] + 1)
    first = float(hit[0] + 1) if hit.size else float("nan")
    return _result(_name("RR", k), o, judged, rel, k, contribution, {"first_relevant": first})


def r_precision(ranking, convention: Convention, k: int | None = None) -> Result:
    """R-Prec = h(R)/R: precision at depth R, the number of relevant judged documents."""
    del k
    _k, o, judged, rel, big_r = _prepare(ranking, convention, None)
    share = 1.0 / big_r if big_r else 0.0
    contribution = np.where(_within(len(o), big_r) & rel, share, 0.0)
    return _result("Rprec", o, judged, rel, big_r, contribution, {"R": big_r})


def set_ap(ranking, convention: Convention, k: int | None = None) -> Result:
    """SetAP = SetP SetR = (h(n)/n)(h(n)/R) over the whole list, whatever its order (0 for an
    empty list or R = 0); each relevant retrieved document contributes h(n) / (n R)."""
    del k  # a set measure: no cutoff
    _k, o, judged, rel, big_r = _prepare(ranking, convention, None)
    n, hits = len(o), int(rel.sum())
    share = hits / (n * big_r) if n and big_r else 0.0
    contribution = np.where(rel, share, 0.0)
    return _result("SetAP", o, judged, rel, None, contribution, {"R": big_r, "n": n})


def success(ranking, convention: Convention, k: int | None = None) -> Result:
    """Success@k = 1 when a relevant document is in the top k."""
    k, o, judged, rel, big_r = _prepare(ranking, convention, k)
    contribution = np.zeros(len(o))
    hit = np.flatnonzero(rel & _within(len(o), k))
    if hit.size:
        contribution[hit[0]] = 1.0
    return _result(_name("Success", k), o, judged, rel, k, contribution, {"R": big_r})


def bpref(ranking, convention: Convention, k: int | None = None) -> Result:
    """bpref as trec_eval computes it (see the module docstring); unjudged ranks are skipped."""
    del k
    _k, o, judged, rel, big_r = _prepare(ranking, convention, None)
    non_relevant_total = int((o.judged_pool < convention.rel_threshold).sum())
    nonrel_above = np.cumsum(judged & ~rel) - (judged & ~rel)
    denom = min(non_relevant_total, big_r)
    terms = np.where(
        nonrel_above > 0,
        1.0 - np.minimum(nonrel_above, big_r) / (denom if denom else 1.0),
        1.0,
    )
    contribution = np.where(rel, terms / big_r if big_r else 0.0, 0.0)
    details = {"R": big_r, "N": non_relevant_total}
    return _result("Bpref", o, judged, rel, None, contribution, details)


def judged_at(ranking, convention: Convention, k: int | None = None) -> Result:
    """Judged@k = judged documents in the top k / min(k, n) (ir_measures' definition)."""
    k, o, judged, rel, big_r = _prepare(ranking, convention, k)
    depth = min(k, len(o)) if k is not None else len(o)
    contribution = np.where(_within(len(o), k) & judged, 1.0 / depth if depth else 0.0, 0.0)
    return _result(_name("Judged", k), o, judged, rel, k, contribution, {"depth": depth})


def counts(ranking, convention: Convention, k: int | None = None) -> dict[str, int]:
    """trec_eval's num_ret, num_rel and num_rel_ret (within k when given)."""
    k, o, judged, rel, big_r = _prepare(ranking, convention, k)
    within = _within(len(o), k)
    return {
        "num_ret": int(within.sum()),
        "num_rel": big_r,
        "num_rel_ret": int((rel & within).sum()),
    }
