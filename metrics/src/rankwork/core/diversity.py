"""What the novelty and diversity measures share on one list: the subtopic judgments, the
novelty gains, ndeval's greedy ideal ranking and the working table. The measures themselves
(α-DCG, α-nDCG, ERR-IA, nERR-IA, NRBP, nNRBP, P-IA, AP-IA and subtopic recall, as TREC's ndeval
computes them) are modules of `rankwork.core.measures.families`.

Notation: i the 1-based rank, j a subtopic, S the subtopics some judged document is relevant to,
w_j the intent weight of j (w_j = 1/|S| unless weights are given; given weights are scaled to
sum to 1 over S), rel_ij = 1 when the document at rank i is relevant to j, c_ij the number of
documents above rank i relevant to j, α the redundancy penalty (0.5 by default, as ndeval).

    novelty gain  g_i = sum_j w_j rel_ij (1 - α)^c_ij
        (Clarke et al., SIGIR 2008: a subtopic already seen c times is worth (1 - α)^c)
    α-DCG@k    = sum_{i<=k} g_i / log2(i + 1)  /  sum_{i<=k} (1 - α)^(i-1) / log2(i + 1)
    α-nDCG@k   = sum_{i<=k} g_i / log2(i + 1)  /  the same sum over the ideal ranking
    ERR-IA@k   = sum_{i<=k} g_i / i  /  sum_{i<=k} (1 - α)^(i-1) / i
    nERR-IA@k  = sum_{i<=k} g_i / i  /  the same sum over the ideal ranking
    NRBP       = (1 - (1 - α)β) sum_i g_i β^(i-1)              (Clarke et al., ICTIR 2009)
    nNRBP      = NRBP / NRBP of the ideal ranking
    P-IA@k     = sum_j w_j P_j@k = (1/k) sum_{i<=k} sum_j w_j rel_ij
    AP-IA      = sum_j w_j AP_j, AP_j = (1/R_j) sum_{i: rel_ij} (relevant to j at ranks <= i)/i
    S-recall@k = |subtopics covered by the top k| / |S|   (Zhai, Cohen & Lafferty, SIGIR 2003)

Clarke et al. write the novelty gain unweighted, sum_j rel_ij (1 - α)^c_ij (each subtopic worth
1); here, as in the intent-aware measures, subtopic j weighs w_j. With equal weights that is
Clarke et al.'s gain over |S|, so their α-DCG is |S| times the sum here and α-nDCG is the same;
with intent weights neither holds. Results of the α-DCG family carry both sums (`_unweighted`).

The denominators of α-DCG and ERR-IA are ndeval's "collection-independent" normalisation: the
same sum for a list whose every document is relevant to every subtopic. ERR-IA so defined is
Chapelle et al.'s ERR-IA (CIKM 2009) with binary grades and stop probability α for a relevant
document, divided by its value on that list. The ideal ranking is ndeval's greedy one: at each
rank, the judged document with the largest novelty gain given the documents placed above it,
ties to the larger doc id (compared as bytes, like C's strcmp). Finding the ranking that
maximises α-DCG exactly is NP-hard (Clarke et al. 2008), so ndeval, and the tools built on it
(pyndeval, ir_measures), use this greedy choice.

Conventions where RankLab differs from ndeval, on purpose (tests/crosscheck/test_diversity.py):
ndeval leaves α-DCG@1 and ERR-IA@1 unnormalised (its loop starts at rank 2), and gives NaN for
nNRBP of a query with no relevant document; here every cutoff is normalised the same way and
such a query scores 0 on every measure.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

import numpy as np
import pandas as pd

from rankwork.core.discounts import weights
from rankwork.core.intents import Intents, subtopics_text
from rankwork.core.ranking import Ordered, check_cutoff
from rankwork.core.result import Result
from rankwork.language import _

DEFAULT_ALPHA = 0.5
DEFAULT_BETA = 0.5


class NoSubtopicsError(ValueError):
    """A diversity measure asked of a list without subtopic judgments."""


@dataclass(frozen=True)
class Judged:
    """One query's subtopic judgments as the measures read them.

    ranked   the subtopics of each document, in rank order
    doc_ids  the ranked documents' ids
    pool     (doc id, subtopics) of every judged document, retrieved or not
    weight   each subtopic's weight w_j, summing to 1 (empty when no document is relevant)
    """

    ranked: tuple[frozenset[str], ...]
    doc_ids: tuple[str, ...]
    pool: tuple[tuple[str, frozenset[str]], ...]
    weight: dict[str, float]


def judged(ordered: Ordered) -> Judged:
    """The subtopic judgments of an ordered list; raises NoSubtopicsError when it has none."""
    intents: Intents | None = ordered.intents
    if intents is None or ordered.subtopics is None:
        raise NoSubtopicsError(
            _(
                "The diversity measures need subtopic judgments: give each document the subtopics "
                "it is relevant to (e.g. 1,3), or leave it empty for none."
            )
        )
    raw = intents.weight_of()
    total = sum(raw.values())
    weight = {j: w / total for j, w in raw.items()} if total > 0 else {}
    retrieved = tuple(zip(ordered.doc_ids, ordered.subtopics, strict=True))
    ids = set(ordered.doc_ids)
    for doc_id, _subtopics in intents.unretrieved:
        if doc_id in ids:
            raise ValueError(
                _(
                    "Doc id {doc_id!r} is both in the list and among the unretrieved documents; a "
                    "document is either retrieved or not."
                ).format(doc_id=doc_id)
            )
    return Judged(ordered.subtopics, ordered.doc_ids, retrieved + intents.unretrieved, weight)


@dataclass(frozen=True)
class Step:
    """One rank of a list read by the novelty model: the subtopics first seen there, those seen
    before (subtopic, how many times), and the novelty gain g_i."""

    new: tuple[str, ...]
    repeated: tuple[tuple[str, int], ...]
    gain: float


def novelty(lists: Sequence[frozenset[str]], weight: dict[str, float], alpha: float) -> list[Step]:
    """The novelty gain of each rank: g_i = sum_j w_j rel_ij (1 - α)^c_ij."""
    seen: dict[str, int] = {}
    steps = []
    for subtopics in lists:
        new, repeated, gain = [], [], 0.0
        for j in byte_order(subtopics & weight.keys()):
            c = seen.get(j, 0)
            gain += weight[j] * (1.0 - alpha) ** c
            (repeated.append((j, c)) if c else new.append(j))
            seen[j] = c + 1
        steps.append(Step(tuple(new), tuple(repeated), gain))
    return steps


@dataclass(frozen=True)
class Choice:
    """One rank of the greedy ideal ranking: the document placed, its novelty gain, and the
    other documents whose gain was as large (the tie the larger doc id won)."""

    rank: int
    doc_id: str
    subtopics: frozenset[str]
    gain: float
    tied: tuple[str, ...]


def greedy_ideal(j: Judged, alpha: float, depth: int | None = None) -> list[Choice]:
    """ndeval's greedy ideal ranking of the judged pool, at most `depth` ranks deep: at each
    rank the document with the largest novelty gain given those above it, ties to the larger doc
    id. It stops when no document left has a positive gain (ndeval goes on placing them; they
    add nothing)."""
    # Equal weights are compared as 1 each, so the sums (and their ties) are ndeval's own;
    # unequal ones as they are (a subtopic may weigh 0, and a ratio of two weights may exceed
    # the largest double).
    uniform = len(set(j.weight.values())) <= 1
    raw = dict.fromkeys(j.weight, 1.0) if uniform else dict(j.weight)
    left = [(d, s & raw.keys()) for d, s in j.pool]
    factor = dict.fromkeys(raw, 1.0)
    chosen: list[Choice] = []
    while left and (depth is None or len(chosen) < depth):
        scores = [sum(raw[s] * factor[s] for s in byte_order(subs)) for _doc, subs in left]
        best = max(scores)
        if best <= 0:
            break
        tied = [i for i, v in enumerate(scores) if v == best]
        pick = max(tied, key=lambda i: left[i][0].encode("utf-8"))
        doc_id, subs = left.pop(pick)
        others = tuple(left[i if i < pick else i - 1][0] for i in tied if i != pick)
        gain = sum(j.weight[s] * factor[s] for s in byte_order(subs))
        chosen.append(Choice(len(chosen) + 1, doc_id, subs, gain, others))
        for s in subs:
            factor[s] *= 1.0 - alpha
    return chosen


def byte_order(subtopics) -> list[str]:
    return sorted(subtopics, key=lambda s: s.encode("utf-8"))


def check_alpha(alpha: float) -> float:
    """α as a float, or the ValueError saying what α may be (shared with the batch kernels)."""
    if not (isinstance(alpha, (int, float)) and 0.0 <= alpha <= 1.0):
        raise ValueError(_("α must be a number from 0 to 1; got {alpha!r}.").format(alpha=alpha))
    return float(alpha)


def check_beta(beta: float) -> float:
    """β as a float, or the ValueError saying what β may be (shared with the batch kernels)."""
    if not (isinstance(beta, (int, float)) and 0.0 <= beta < 1.0):
        raise ValueError(
            _("β must be a number from 0 up to (not including) 1; got {beta!r}.").format(beta=beta)
        )
    return float(beta)


def diversity_name(base: str, params: str, k: int | None) -> str:
    return base + (f"({params})" if params else "") + (f"@{k}" if k is not None else "")


def novelty_table(j: Judged, steps: list[Step], discount: np.ndarray, contribution: np.ndarray):
    """One row per rank: the list's ranks, then (for a cutoff beyond the list) empty ranks
    down to the cutoff, as many as `steps` holds."""
    n = len(steps)
    pad = n - len(j.ranked)
    return pd.DataFrame(
        {
            "rank": np.arange(1, n + 1),
            "doc_id": list(j.doc_ids) + [""] * pad,
            "subtopics": [subtopics_text(s) for s in j.ranked] + [""] * pad,
            "new": [subtopics_text(s.new) for s in steps],
            "repeated": [
                ", ".join(
                    _("{subtopic} (seen {count}×)").format(subtopic=s, count=c)
                    for s, c in st.repeated
                )
                for st in steps
            ],
            "gain": np.array([s.gain for s in steps], dtype=float),
            "discount": discount,
            "contribution": contribution,
        }
    )


def with_ideal(table: pd.DataFrame, ideal: list[Choice], discount, norm: float) -> pd.DataFrame:
    """The ideal ranking's document, gain and share beside each rank of the list."""
    n = len(table)
    shown = ideal[:n]
    pad = n - len(shown)
    table["ideal_doc"] = [c.doc_id for c in shown] + [""] * pad
    table["ideal_subtopics"] = [subtopics_text(c.subtopics) for c in shown] + [""] * pad
    gains = np.array([c.gain for c in shown] + [0.0] * pad)
    table["ideal_gain"] = gains
    table["ideal_contribution"] = gains * discount / norm if norm > 0 else np.zeros(n)
    return table


def discounts(n: int, kind: str, beta: float = DEFAULT_BETA) -> np.ndarray:
    return weights(kind, np.arange(1, n + 1), log_base=2.0, discount_p=beta)


def list_depth(n: int, k: int | None) -> int:
    return n if k is None else k


def cumulated(ordered: Ordered, k, alpha, kind: str, normalised: bool, base: str) -> Result:
    """α-DCG / α-nDCG (log discount) and ERR-IA / nERR-IA (1/i discount)."""
    alpha = check_alpha(alpha)
    k = check_cutoff(k)
    j = judged(ordered)
    depth = list_depth(len(j.ranked), k)
    # the list's ranks, and empty ranks down to k: the ideal's beyond the list show beside them
    steps = novelty(j.ranked, j.weight, alpha)
    steps += [Step((), (), 0.0)] * (depth - len(steps))
    n = len(steps)
    within = np.arange(1, n + 1) <= depth
    disc = discounts(n, kind)
    deep = discounts(depth, kind)
    gains = np.array([s.gain for s in steps], dtype=float)
    if normalised:
        ideal = greedy_ideal(j, alpha, depth)
        norm = float(sum(c.gain * d for c, d in zip(ideal, deep, strict=False)))
    else:
        ideal = []
        norm = float(np.sum((1.0 - alpha) ** np.arange(depth) * deep)) if j.weight else 0.0
    contribution = np.where(within, gains * disc, 0.0) / norm if norm > 0 else np.zeros(n)
    table = novelty_table(j, steps, disc, contribution)
    # g_i x discount before normalising: the terms of the sums the working writes out
    table.insert(table.columns.get_loc("contribution"), "discounted_gain", gains * disc)
    if normalised:
        table = with_ideal(table, ideal, disc, norm)
    details = {
        "normaliser": norm,
        "alpha": alpha,
        "subtopics": float(len(j.weight)),
        "discounted_sum": float(np.sum(gains * disc, where=within)),  # the sum normalised
        **_unweighted(j, alpha, disc, within, deep if normalised else None),
    }
    if not norm > 0:
        note = _("No judged document is relevant to any subtopic: the value is 0.")
    elif normalised:
        note = _("Normalised by the ideal ranking's {norm:.4g}.").format(norm=norm)
    else:
        note = _(
            "Normalised by a list relevant to every subtopic at every rank: {norm:.4g}."
        ).format(norm=norm)
    name = diversity_name(base, f"alpha={alpha:g}" if alpha != DEFAULT_ALPHA else "", k)
    return Result(name, float(contribution.sum()), table, details, note)


def _unweighted(j: Judged, alpha: float, disc, within, ideal_disc) -> dict[str, float]:
    """The same sums with every subtopic worth 1, as Clarke et al. (SIGIR 2008) write α-DCG
    (g_i = sum_j rel_ij (1 - α)^c_ij), where ndeval and RankLab weigh subtopic j by w_j (1/|S|
    unless intent weights are given). equal_weights: 1 when every w_j is the same, so that
    unweighted_sum = |S| x discounted_sum; unweighted_normaliser (with `ideal_disc`, the
    normalised measures): the greedy ideal's sum with those gains, and unweighted_value their
    ratio, Clarke et al.'s α-nDCG (the α-nDCG of equal weights; 0 with nothing relevant)."""
    ones = dict.fromkeys(j.weight, 1.0)
    plain = [s.gain for s in novelty(j.ranked, ones, alpha)]
    plain += [0.0] * (len(disc) - len(plain))
    out = {
        "equal_weights": float(len(set(j.weight.values())) <= 1),
        "unweighted_sum": float(np.sum(np.array(plain) * disc, where=within)),
    }
    if ideal_disc is not None:
        ideal = greedy_ideal(replace(j, weight=ones), alpha, len(ideal_disc))
        norm = float(sum(c.gain * d for c, d in zip(ideal, ideal_disc, strict=False)))
        out["unweighted_normaliser"] = norm
        out["unweighted_value"] = out["unweighted_sum"] / norm if norm > 0 else 0.0
    return out
