"""How the measures respond: position sweeps, swap deltas, redundancy, and the landscape of
every ordering of a list. Every value comes from the core's measures (`rankwork.core.measures.
Measure`, i.e. each measure's spec) or, for the landscape's many orderings at once,
rankwork.explore.orderings; this module only builds the lists they are asked about.

Position sweep. One relevant document of grade g at rank r of an otherwise non-relevant list of
N documents (grade 0), r = 1..N; optionally a second relevant document of grade g2 stays at rank
s (the sweep then skips r = s). nDCG, ERR, AP and RR read the whole list, P and R are cut at k,
RBP has no cutoff. With one relevant document and the ideal ranking built from the judged
documents (every preset but 'none'), these identities hold:

    RR = AP = 1/r      nDCG = disc(r)/disc(1) (= 1/log2(r+1) for the log2 discount)
    P@k = [r <= k]/k   R@k = [r <= k]

and a second relevant document breaks them (AP then averages two precisions, nDCG's ideal holds
two documents, RR only sees the first).

Swap deltas. Delta_M(i, j) = M(list with the documents at ranks i and j swapped) - M(list).
For DCG-like sums the swap only exchanges two terms, so from the breakdown's gain and discount
columns (e(i) = disc(i) within the cutoff, 0 beyond):

    Delta_nDCG(i, j) = (gain_i - gain_j)(e_j - e_i) / IDCG     (IDCG does not change)
    Delta_RBP(i, j)  = (r_i - r_j)(w_j - w_i),  w_i = (1-p)p^(i-1)

LambdaRank multiplies RankNet's gradient for the pair by |Delta_nDCG| (source: Burges, "From
RankNet to LambdaRank to LambdaMART", MSR-TR-2010-82, section 4: lambda_ij = -sigma / (1 +
exp(sigma (s_i - s_j))) |Delta_nDCG|), so |Delta_nDCG| is one factor of the pair's weight, not
all of it. ERR and AP (and nDCG with tie-averaged gains) are computed by building each swapped
list and calling the core, for the swaps among the first SWAP_MAX_RANKS ranks.

Redundancy. c = 0..C copies of a document of grade g at the top of a list of C documents; the
judged pool always holds C such documents, so IDCG is fixed. ERR's cascade reader is satisfied
by the first copy and barely reads on (copy c adds (1/c) R (1-R)^(c-1)); nDCG adds
gain(g) disc(c) / IDCG for every copy.

Landscape. The distribution of nDCG@k, ERR@k, RBP, P@k, AP@k and RR@k over every distinct
ordering of the list's grades (sampled beyond rankwork.explore.orderings.EXACT_MAX_DOCS documents),
with the list's own value from the core.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import numpy as np
import pandas as pd

from rankwork.core.capabilities import families
from rankwork.core.conventions import Convention
from rankwork.core.discounts import discount
from rankwork.core.measures import SPECS, Measure
from rankwork.core.ranking import Ordered, Ranking, check_cutoff, order
from rankwork.explore import orderings
from rankwork.language import N_, _


def _swept(family: str) -> str:
    """The sweep's name of `family`: 'P@k' for a measure cut at k (one that requires a cutoff,
    or a set measure, micro-averageable, which over the whole list would not see the rank),
    the family's name for one read over the whole list."""
    cut = SPECS[family].cutoff == "required" or family in families("micro")
    return f"{family}@k" if cut else family


#: The measures of the position sweep (the families declaring `sweep`), named as `_swept`.
SWEEP_MEASURES = tuple(_swept(family) for family in families("sweep"))
SWAP_MEASURES = ("nDCG", "ERR", "RBP", "AP")
SWAP_MAX_RANKS = 40
LANDSCAPE_BINS = 21


def _sweep_measures(k: int) -> dict[str, Measure]:
    """Each of SWEEP_MEASURES: those named 'P@k' cut at k, the others over the whole list."""
    return {
        name: Measure(name.removesuffix("@k"), cutoff=k if name.endswith("@k") else None)
        for name in SWEEP_MEASURES
    }


def sweep(
    grade: float,
    n: int,
    convention: Convention,
    k: int,
    scale_max: float,
    second: tuple[int, float] | None = None,
) -> pd.DataFrame:
    """One row per rank r = 1..n of the moving document: the SWEEP_MEASURES of the list with
    it at rank r (NaN at r = s when a second document (s, g2) is given)."""
    k = check_cutoff(k)
    if second is not None and not 1 <= second[0] <= n:
        raise ValueError(
            _("The second document's rank must be between 1 and {n}; got {rank}.").format(
                n=n, rank=second[0]
            )
        )
    measures = _sweep_measures(k)
    rows = []
    for r in range(1, n + 1):
        if second is not None and r == second[0]:
            rows.append(dict.fromkeys(SWEEP_MEASURES, np.nan))
            continue
        grades = np.zeros(n)
        grades[r - 1] = grade
        if second is not None:
            grades[second[0] - 1] = second[1]
        ordered = order(Ranking.build(grades, scale_max=scale_max), convention)
        rows.append({name: m(ordered, convention).value for name, m in measures.items()})
    table = pd.DataFrame(rows, columns=list(SWEEP_MEASURES))
    table.insert(0, "rank", np.arange(1, n + 1))
    return table


def identities(n: int, convention: Convention, k: int) -> pd.DataFrame:
    """The one-relevant-document identities at ranks 1..n (see the module docstring)."""
    ranks = np.arange(1, n + 1)
    disc = discount(n, convention, None)
    within = (ranks <= k).astype(float)
    return pd.DataFrame(
        {
            "rank": ranks,
            "RR": 1.0 / ranks,
            "AP": 1.0 / ranks,
            "nDCG": disc / disc[0] if n else disc,
            "P@k": within / k,
            "R@k": within,
        }
    )


IDENTITY_TEXT = {  # English; the page shows them with _()
    "RR": "RR = 1/r",
    "AP": "AP = 1/r",
    "nDCG": "nDCG = disc(r)/disc(1)",
    "P@k": N_("P@k = 1/k while r <= k"),
    "R@k": N_("R@k = 1 while r <= k"),
}


def identity_check(table: pd.DataFrame, expected: pd.DataFrame) -> pd.DataFrame:
    """Per identity: the largest |measured - identity| over the swept ranks, and whether it
    holds (within 1e-9)."""
    rows = []
    for name, text in IDENTITY_TEXT.items():
        gap = (table[name] - expected[name]).abs().to_numpy()
        gap = gap[~np.isnan(gap)]
        worst = float(gap.max()) if gap.size else 0.0
        rows.append({"identity": text, "largest gap": worst, "holds": worst <= 1e-9})
    return pd.DataFrame(rows)


@dataclass(frozen=True, eq=False)
class SwapDeltas:
    """delta[i, j] = M(swap ranks i+1 and j+1) - M(list) for the first `size` ranks (symmetric,
    0 on the diagonal); `value` is M(list); `method` 'breakdown' or 'rebuilt lists'."""

    measure: str
    value: float
    delta: np.ndarray
    method: str
    list_length: int

    @property
    def size(self) -> int:
        return len(self.delta)

    @property
    def truncated(self) -> bool:
        return self.size < self.list_length


def _at(family: str, k: int) -> Measure:
    """`family` at cutoff k (without one when the measure takes none, e.g. RBP)."""
    return Measure(family, cutoff=None if SPECS[family].cutoff == "none" else k)


def swapped(ordered: Ordered, i: int, j: int) -> Ordered:
    """The list with the documents at 0-based positions i and j exchanged (scores and tie
    groups stay with the positions)."""
    perm = np.arange(len(ordered))
    perm[[i, j]] = perm[[j, i]]
    return replace(
        ordered,
        grades=ordered.grades[perm],
        doc_ids=tuple(ordered.doc_ids[p] for p in perm),
    )


def _pairwise(values: np.ndarray, weights: np.ndarray) -> np.ndarray:
    """(v_i - v_j)(u_j - u_i) for every pair: the change of sum v u when v_i and v_j swap."""
    return (values[:, None] - values[None, :]) * (weights[None, :] - weights[:, None])


def swap_deltas(
    ranking: Ranking | Ordered, convention: Convention, k: int, measure: str = "nDCG"
) -> SwapDeltas:
    """The swap-delta matrix of `measure` (one of SWAP_MEASURES) at cutoff k."""
    if measure not in SWAP_MEASURES:
        raise ValueError(
            _("Swap deltas are for {measures}; got {measure!r}.").format(
                measures=", ".join(SWAP_MEASURES), measure=measure
            )
        )
    k = check_cutoff(k)
    ordered = ranking if isinstance(ranking, Ordered) else order(ranking, convention)
    n = len(ordered)
    m = min(n, SWAP_MAX_RANKS)
    compute = _at(measure, k)
    base = compute(ordered, convention)
    tie_averaged = convention.ties == "average" and ordered.scores is not None
    if measure == "nDCG" and not tie_averaged:
        table = base.table.iloc[:m]
        idcg = base.details["IDCG"]
        effective = np.where(table["in_cutoff"], table["discount"], 0.0)
        dcg = _pairwise(table["gain"].to_numpy(), effective)
        delta = dcg / idcg if idcg > 0 else np.zeros((m, m))
        return SwapDeltas(measure, base.value, delta, "breakdown", n)
    if measure == "RBP":
        table = base.table.iloc[:m]
        delta = _pairwise(table["gain"].to_numpy(), table["weight"].to_numpy())
        return SwapDeltas(measure, base.value, delta, "breakdown", n)
    delta = np.zeros((m, m))
    for i in range(m):
        for j in range(i + 1, m):
            change = compute(swapped(ordered, i, j), convention).value - base.value
            delta[i, j] = delta[j, i] = change
    return SwapDeltas(measure, base.value, delta, "rebuilt lists", n)


def largest_swaps(deltas: SwapDeltas, doc_ids: tuple[str, ...], count: int = 5) -> pd.DataFrame:
    """The `count` swaps (i < j) that change the measure most, largest |delta| first (ties in
    rank order): rank i, doc i, rank j, doc j, delta."""
    i, j = np.triu_indices(deltas.size, k=1)
    values = deltas.delta[i, j]
    top = np.argsort(-np.abs(values), kind="stable")[:count]
    return pd.DataFrame(
        {
            "rank i": i[top] + 1,
            "doc i": [doc_ids[x] for x in i[top]],
            "rank j": j[top] + 1,
            "doc j": [doc_ids[x] for x in j[top]],
            "delta": values[top],
        }
    )


def redundancy(
    grade: float, copies: int, convention: Convention, k: int, scale_max: float
) -> pd.DataFrame:
    """ERR@k and nDCG@k of lists with c = 0..copies documents of `grade` on top (the rest grade
    0; the judged pool always holds `copies` documents of `grade`), and what each copy adds."""
    k = check_cutoff(k)
    rows = []
    for c in range(copies + 1):
        grades = [grade] * c + [0.0] * (copies - c)
        ranking = Ranking.build(grades, unretrieved=[grade] * (copies - c), scale_max=scale_max)
        ordered = order(ranking, convention)
        rows.append(
            {
                "copies": c,
                "ERR": _at("ERR", k)(ordered, convention).value,
                "nDCG": _at("nDCG", k)(ordered, convention).value,
            }
        )
    table = pd.DataFrame(rows)
    table["ERR added"] = table["ERR"].diff().fillna(0.0)
    table["nDCG added"] = table["nDCG"].diff().fillna(0.0)
    return table


@dataclass(frozen=True, eq=False)
class Landscape:
    """The measures of many orderings of one list (`values`, one row per ordering), whether
    they are all distinct orderings (`exact`) or a seeded sample, how many distinct orderings
    exist, and the list's own values (`current`, from the core)."""

    values: pd.DataFrame
    exact: bool
    distinct: int
    current: dict[str, float]


def current_values(ordered: Ordered, convention: Convention, k: int) -> dict[str, float]:
    """The landscape's measures of the list itself, from the single-list core."""
    return {name: _at(name, k)(ordered, convention).value for name in orderings.MEASURES}


def landscape(ranking: Ranking | Ordered, convention: Convention, k: int) -> Landscape:
    """The measures over every distinct ordering of the list's grades (or a seeded sample)."""
    k = check_cutoff(k)
    ordered = ranking if isinstance(ranking, Ordered) else order(ranking, convention)
    positions, exact = orderings.position_orderings(ordered.grades)
    values = orderings.evaluate_orderings(ordered, convention, k, positions)
    distinct = orderings.distinct_ordering_count(ordered.grades)
    return Landscape(values, exact, distinct, current_values(ordered, convention, k))


def landscape_summary(scape: Landscape) -> pd.DataFrame:
    """Per measure: the list's value, the min / mean / max over the orderings, and the share
    of orderings scoring below, equal to (within 1e-9) and above the list."""
    rows = []
    for name in orderings.MEASURES:
        v = scape.values[name].to_numpy()
        now = scape.current[name]
        equal = np.isclose(v, now, rtol=0.0, atol=1e-9)
        rows.append(
            {
                "measure": name,
                "this list": now,
                "min": v.min(),
                "mean": v.mean(),
                "max": v.max(),
                "share below": float(np.mean(~equal & (v < now))),
                "share equal": float(np.mean(equal)),
                "share above": float(np.mean(~equal & (v > now))),
            }
        )
    return pd.DataFrame(rows)


def landscape_histograms(scape: Landscape, bins: int = LANDSCAPE_BINS) -> pd.DataFrame:
    """Per measure, the share of orderings in each of `bins` equal bins centred on lo, lo + w,
    ..., hi with w = (hi - lo)/(bins - 1), lo = 0 and hi = 1 (widened to the values' range when
    a convention lets them leave [0, 1]): so 0, 0.05, ..., 1 with 21 bins, and the round values
    P@k and RR take sit in the middle of a bin. Columns: measure, left, right, share."""
    frames = []
    for name in orderings.MEASURES:
        v = scape.values[name].to_numpy()
        lo, hi = min(0.0, float(v.min())), max(1.0, float(v.max()))
        half = (hi - lo) / (bins - 1) / 2
        counts, edges = np.histogram(v, bins=bins, range=(lo - half, hi + half))
        frames.append(
            pd.DataFrame(
                {"measure": name, "left": edges[:-1], "right": edges[1:], "share": counts / len(v)}
            )
        )
    return pd.concat(frames, ignore_index=True)
