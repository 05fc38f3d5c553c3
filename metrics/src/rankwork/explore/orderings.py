"""Every ordering of one list's documents, and the landscape's measures over all of them at once.

`position_orderings(grades)` lists orderings as rows of positions into the list: all distinct
orderings of its multiset of grades when the list has at most `EXACT_MAX_DOCS` documents (two
orderings that differ only by swapping documents of equal grade score the same, so one of them
stands for both), otherwise `SAMPLES` uniformly random orderings drawn with a fixed seed.

`evaluate_orderings(ordered, convention, k, positions)` scores each row. Every per-document
quantity is read from the core's breakdown of the list itself, then only rearranged: with
o(i) the position at rank i of an ordering, and

    gain(g)  rankwork.core.gains.gain;
    e(i)     disc(i) [i <= k], disc from rankwork.core.discounts.discount
    IDCG@k   nDCG's IDCG (families.dcg.ndcg) (a property of the multiset: the same for every order)
    R(g)     ERR's stop_given_reached, (2^g - 1)/2^gmax
    r(g), w(i) RBP's gain and weight (1-p)p^(i-1)
    rel(g)   binary's relevant column; R the number of relevant judged documents

    nDCG@k = sum_i gain(o(i)) e(i) / IDCG@k      (empty_value when IDCG@k = 0)
    ERR@k  = sum_{i<=k} (1/i) R(o(i)) prod_{j<i} (1 - R(o(j)))
    RBP    = sum_i r(o(i)) w(i)
    P@k    = sum_{i<=k} rel(o(i)) / k
    AP@k   = sum_{i<=k} rel(o(i)) h(i)/i / R,  h(i) = sum_{j<=i} rel(o(j))   (0 when R = 0)
    RR@k   = 1 / min{i <= k : rel(o(i))}, 0 if none

These are the definitions of the measure families (rankwork.core.measures.families), applied
to a matrix of orderings (tests/unit/test_orderings.py checks them against the single-list core
on every permutation of small lists). Orderings carry no scores, so tie-averaged DCG
(ties='average') does not apply.
"""

from __future__ import annotations

import itertools
import math

import numpy as np
import pandas as pd

from rankwork.core.bounds import one_by_one
from rankwork.core.capabilities import families
from rankwork.core.conventions import Convention
from rankwork.core.discounts import discount
from rankwork.core.gains import gain
from rankwork.core.measures import SPECS
from rankwork.core.measures.families.dcg import ndcg as ndcg_measure
from rankwork.core.measures.families.err import err as err_measure
from rankwork.core.measures.families.rbp import rbp as rbp_measure
from rankwork.core.measures.families.recall import recall as recall_measure
from rankwork.core.ranking import Ordered, check_cutoff

EXACT_MAX_DOCS = 8
SAMPLES = 2000
SEED = 20_240_607
#: The measures of the landscape (the families declaring `ordering`). Those with a formula
#: below are scored for every ordering at once; any other runs through its single-list function
#: once per ordering (`rankwork.core.bounds.one_by_one`).
MEASURES = families("ordering")


def grade_codes(grades: np.ndarray) -> np.ndarray:
    """Small integers naming each distinct grade (unjudged NaN is a grade of its own)."""
    grades = np.asarray(grades, dtype=float)
    filled = np.where(np.isnan(grades), np.inf, grades)
    return np.unique(filled, return_inverse=True)[1].reshape(len(grades))


def distinct_ordering_count(grades: np.ndarray) -> int:
    """n! / prod_g m_g!, with m_g the number of documents of grade g."""
    counts = np.bincount(grade_codes(grades)) if len(grades) else np.zeros(0, dtype=int)
    total = math.factorial(len(grades))
    for c in counts:
        total //= math.factorial(int(c))
    return total


def position_orderings(
    grades: np.ndarray, *, exact_max: int = EXACT_MAX_DOCS, samples: int = SAMPLES, seed: int = SEED
) -> tuple[np.ndarray, bool]:
    """(orderings, exact): rows of positions 0..n-1. Exact: one row per distinct ordering of
    the grades, the identity first. Sampled: `samples` random permutations from
    numpy.random.default_rng(seed), the same on every call."""
    n = len(grades)
    if n == 0:
        return np.zeros((1, 0), dtype=np.intp), True
    if n <= exact_max:
        rows = np.array(list(itertools.permutations(range(n))), dtype=np.intp)
        _, first = np.unique(grade_codes(grades)[rows], axis=0, return_index=True)
        return rows[np.sort(first)], True
    rng = np.random.default_rng(seed)
    rows = rng.permuted(np.tile(np.arange(n, dtype=np.intp), (samples, 1)), axis=1)
    return rows, False


def evaluate_orderings(
    ordered: Ordered, convention: Convention, k: int, positions: np.ndarray
) -> pd.DataFrame:
    """Each of MEASURES (at k when it takes a cutoff) for each ordering (a row of `positions`)
    of the list's documents. One row per ordering; see the module docstring for the formulas
    of nDCG@k, ERR@k, RBP, P@k, AP@k and RR@k."""
    k = check_cutoff(k)
    n = len(ordered)
    ranks = np.arange(1, n + 1, dtype=float)
    counted = ranks <= k

    cut = k if convention.dcg_cutoff else None  # trec_eval's ndcg ignores k
    idcg = ndcg_measure(ordered, convention, cut).details["IDCG"]
    read = counted if cut is not None else np.ones(n, dtype=bool)
    dcg = gain(ordered.grades, convention)[positions] @ (discount(n, convention, cut) * read)
    if idcg > 0:
        ndcg = dcg / idcg
    else:
        ndcg = np.full(len(positions), convention.empty_value)

    stop = err_measure(ordered, convention).table["stop_given_reached"].to_numpy()[positions]
    reach = np.cumprod(1.0 - stop, axis=1)
    reach = np.concatenate([np.ones((len(positions), 1)), reach[:, :-1]], axis=1)
    err = (reach * stop * (counted / ranks)).sum(axis=1)

    rbp_table = rbp_measure(ordered, convention).table
    rbp = rbp_table["gain"].to_numpy()[positions] @ rbp_table["weight"].to_numpy()

    recall = recall_measure(ordered, convention)
    relevant = recall.table["relevant"].to_numpy(dtype=bool)[positions] & counted
    big_r = recall.details["R"]
    hits = np.cumsum(relevant, axis=1)
    precision_k = hits[:, -1] / k if n else np.zeros(len(positions))
    ap = (relevant * hits / ranks).sum(axis=1) / big_r if big_r else np.zeros(len(positions))
    first = np.argmax(relevant, axis=1) if n else np.zeros(len(positions), dtype=int)
    rr = np.where(relevant.any(axis=1), 1.0 / (first + 1), 0.0)
    values = {"nDCG": ndcg, "ERR": err, "RBP": rbp, "P": precision_k, "AP": ap, "RR": rr}
    rows = ordered.grades[positions]
    for family in (f for f in MEASURES if f not in values):
        cut = None if SPECS[family].cutoff == "none" else k
        values[family] = one_by_one(family, ordered, convention, cut)(rows)
    return pd.DataFrame({family: values[family] for family in MEASURES})
