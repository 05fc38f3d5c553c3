"""The C/W/L measures: a reader who, having read rank i, goes on with probability C(i).

Moffat, Bailey, Scholer & Thomas, "Incorporating user expectations and behavior into the
measurement of search effectiveness", ACM TOIS 35(3), 2017; Azzopardi, Thomas & Moffat,
"cwl_eval: An evaluation tool for information retrieval", SIGIR 2019. From the continuation
probabilities C(1), C(2), ... (1-based rank i, depth D):

    W(i) = prod_{j<i} C(j) / sum_{m=1}^{D} prod_{j<m} C(j)   the share of attention at rank i
    L(i) = prod_{j<i} C(j) * (1 - C(i))                       the chance the reader stops at i
    EU   = sum_{i=1}^{D} W(i) g(i)                            the measure: expected gain per
                                                              document read
    expected depth = 1 / W(1) = sum_m prod_{j<m} C(j)         documents read, on average

The measures here (names as ir_measures spells them; T > 0 is the gain the reader wants,
g(i) the scaled gain below):

    INST(T)   C(i) = ((i + T + T_i - 1) / (i + T + T_i))^2,  T_i = T - sum_{j<=i} g(j)
              (Moffat, Bailey, Scholer & Thomas, ADCS 2015)
    INSQ(T)   C(i) = ((i + 2T - 1) / (i + 2T))^2             (Moffat, Scholer & Thomas, ADCS 2012)
    NERR8@k   C(i) = 1 - g(i) for i < k, else 0               (Azzopardi, Mackenzie & Moffat,
    NERR9@k   C(i) = i/(i+1) (1 - g(i)) for i < k, else 0      "ERR is not C/W/L", ICTIR 2021,
    NERR10(p) C(i) = p (1 - g(i))                              equations 8 to 11)
    NERR11(T) C(i) = ((i + 2T - 1) / (i + 2T))^2 (1 - g(i))
    BPM(T)@k  C(i) = 1 while sum_{j<=i} g(j) < T and i < k, else 0 (Zhang et al., SIGIR 2017's
              static Bejeweled Player Model; every document costs 1, so k is the cost budget)

The convention, cwl_eval 1.0.12's (as ir_measures 0.4.3 calls it, `min_rel=0`):

- gain: g = min(max(grade, 0), max_rel) / max_rel, in [0, 1]; `max_rel` is the grade scale's
  top unless the measure names it (`INST(T=1,max_rel=3)`); unjudged documents gain 0;
- depth D = 1000: the list is read as if followed by non-relevant documents down to rank 1000
  (ranks below 1000 are not read). So the weights of INSQ, whose C ignores the gains, spread
  over 1000 ranks whatever the list's length, and a short list's EU is its share of that;
- the bounds: with the unjudged documents of gain 1 instead (cwl_eval's residual also gives
  the ranks beyond the list gain 1; RankLab's bounds fill only the list's unjudged documents).

RR as a reader, for the Discounts page (`rr_reader`, cwl_eval's RR on binary gains):
C(i) = 1 - rel_i, so the reader reads to the first relevant rank r and stops; W(i) = 1/r for
i <= r, and sum_i W(i) rel_i = 1/r is RR.

AP as a reader, for the Discounts page (`ap_reader`; Robertson, "A new interpretation of
average precision", SIGIR 2008): the reader wants one of the query's R relevant documents, each
equally likely, reads down to it and nothing after, and is scored by the precision there. With
rel_i in {0, 1} as `rankwork.core.measures.common` decides it and h = sum_i rel_i the relevant
retrieved:

    L(i) = rel_i / R                     the chance the reader stops at rank i; sums to h/R
    W(i) = sum_{j>=i} L(j) / j           who stops at j reads j documents, 1/j each
         = (1/R) sum_{j>=i} rel_j / j    sums to h/R, not to 1
    C(i) = W(i+1) / W(i)                 (0 once W is 0: past the last relevant rank)
    AP   = sum_i W(i) rel_i              = (1/R) sum_j rel_j h(j)/j, trec_eval's AP

The other 1 - h/R of the readers want a relevant document the list never shows: they never
stop within it, and their attention, spread over endless ranks, is no rank's.

Two depths, which differ. AP's own readers who stop within the list (Robertson's) stop at each
relevant rank j with the same chance 1/h, so they read (1/h) sum_{j: rel_j} j documents on
average (`stopping_depth`; the mean relevant rank). The expected depth of C/W/L (Moffat et
al., TOIS 35(3), 2017), 1/W(1) with the weights rescaled to sum to 1, is h / sum_{j: rel_j} 1/j
(`expected_depth`; the harmonic mean of the relevant ranks): the depth of the C/W/L reader
built from AP's C, who stops at rank i with chance (W(i) - W(i+1)) / W(1) =
rel_i / (i sum_{j: rel_j} 1/j), not 1/h. For [1, 0, 1] (R = 2): AP's readers read
(1 + 3)/2 = 2.0, the C/W/L reader 2 / (1 + 1/3) = 1.5. cwl_eval's AP rescales the weights so
(its C are these C): its expected depth is `expected_depth` and its AP is AP * R/h, not
trec_eval's. AP averages each reader's precision, while C/W/L divides the expected gain by the
expected depth; the two share C and, rescaled, W, but not L.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
import pandas as pd

from rankwork.core.conventions import Convention
from rankwork.core.ranking import Ordered, Ranking, check_cutoff, order
from rankwork.core.result import Result
from rankwork.language import _

DEPTH = 1000
DEFAULT_T = 1.0
DEFAULT_P = 0.9  # NERR10's p, as ir_measures' default


def check_target(t: float) -> float:
    """T as a float, or a ValueError saying what T may be."""
    if not (isinstance(t, int | float) and 0 < t < math.inf):
        raise ValueError(
            _("T, the gain the reader wants, must be a positive number; got {t!r}.").format(t=t)
        )
    return float(t)


def check_persistence(p: float) -> float:
    if not (isinstance(p, int | float) and 0 < p < 1):
        raise ValueError(
            _("p, the chance of reading on, must be between 0 and 1; got {p!r}.").format(p=p)
        )
    return float(p)


def scaled_gains(grades: np.ndarray, max_rel: float) -> np.ndarray:
    """g = min(max(grade, 0), max_rel) / max_rel; NaN (unjudged) gains 0."""
    if not (isinstance(max_rel, int | float) and 0 < max_rel < math.inf):
        raise ValueError(
            _(
                "max_rel, the grade that gains 1, must be a positive number; got {max_rel!r}."
            ).format(max_rel=max_rel)
        )
    grades = np.nan_to_num(np.asarray(grades, dtype=float), nan=0.0)
    return np.clip(grades, 0.0, max_rel) / max_rel


# ---------------------------------------------------------------- continuation probabilities
# Each takes gains of shape (..., D), rank i = 1..D along the last axis, and returns C(i).


def _ranks(gains: np.ndarray) -> np.ndarray:
    return np.arange(1, gains.shape[-1] + 1, dtype=float)


def _insq_factor(gains: np.ndarray, t: float) -> np.ndarray:
    i = _ranks(gains)
    return ((i + 2 * t - 1) / (i + 2 * t)) ** 2 * np.ones_like(gains)


INST_MIN_T = 0.5


def inst(gains: np.ndarray, t: float = DEFAULT_T) -> np.ndarray:
    """INST: C(i) = ((i + T + T_i - 1)/(i + T + T_i))^2, T_i = T - sum_{j<=i} g(j), for
    T >= 1/2. Then i + T + T_i - 1 = i - sum g + 2T - 1 >= 0 (the gain so far is at most i), so
    0 <= C(i) < 1 and C falls as gain is found. cwl_eval takes any T > 0, but below 1/2 the
    base can be negative: finding gain then makes the reader likelier to read on, and below
    1/4 C(i) exceeds 1 (L(i) < 0), which is no probability; RankLab refuses such a T."""
    t = check_target(t)
    if t < INST_MIN_T:
        raise ValueError(
            _(
                "INST's T must be at least {minimum:g}: below it C(i) is not a probability that "
                "falls as gain is found (cwl_eval computes it anyway); got {t:g}."
            ).format(minimum=INST_MIN_T, t=t)
        )
    i, wanted = _ranks(gains), t - np.cumsum(gains, axis=-1)
    return ((i + t + wanted - 1) / (i + t + wanted)) ** 2


def insq(gains: np.ndarray, t: float = DEFAULT_T) -> np.ndarray:
    """INSQ: C(i) = ((i + 2T - 1)/(i + 2T))^2, whatever the gains."""
    return _insq_factor(gains, check_target(t))


def nerr8(gains: np.ndarray, k: int) -> np.ndarray:
    """NERR8@k: C(i) = 1 - g(i) for i < k, else 0."""
    return np.where(_ranks(gains) < k, 1.0 - gains, 0.0)


def nerr9(gains: np.ndarray, k: int) -> np.ndarray:
    """NERR9@k: C(i) = i/(i+1) (1 - g(i)) for i < k, else 0."""
    i = _ranks(gains)
    return np.where(i < k, i / (i + 1) * (1.0 - gains), 0.0)


def nerr10(gains: np.ndarray, p: float = DEFAULT_P) -> np.ndarray:
    """NERR10(p): C(i) = p (1 - g(i))."""
    return check_persistence(p) * (1.0 - gains)


def nerr11(gains: np.ndarray, t: float = DEFAULT_T) -> np.ndarray:
    """NERR11(T): C(i) = ((i + 2T - 1)/(i + 2T))^2 (1 - g(i))."""
    return _insq_factor(gains, check_target(t)) * (1.0 - gains)


def bpm(gains: np.ndarray, k: int, t: float = DEFAULT_T) -> np.ndarray:
    """Static BPM: C(i) = 1 while the gain so far is below T and i < k, else 0."""
    t = check_target(t)
    wanting = np.cumsum(gains, axis=-1) < t
    return (wanting & (_ranks(gains) < k)).astype(float)


# ------------------------------------------------------------------------- W, L and EU


@dataclass(frozen=True)
class Reader:
    """C, W and L at every rank 1..D (last axis), and the expected number of documents read."""

    continuation: np.ndarray
    weight: np.ndarray
    stop: np.ndarray
    expected_depth: np.ndarray


def reader(continuation: np.ndarray) -> Reader:
    """W(i) = prod_{j<i} C(j) / sum_m prod_{j<m} C(j) and L(i) = prod_{j<i} C(j) (1 - C(i))."""
    c = np.asarray(continuation, dtype=float)
    first = np.ones(c.shape[:-1] + (1,))
    reach = np.cumprod(np.concatenate((first, c[..., :-1]), axis=-1), axis=-1)
    depth = reach.sum(axis=-1)
    return Reader(c, reach / depth[..., None], reach * (1.0 - c), depth)


# --------------------------------------------------------------------- the measures on a list

#: family -> (continuation function, the parameters it reads besides the gains, by name)
MODELS: dict[str, tuple[Callable[..., np.ndarray], tuple[str, ...]]] = {
    "INST": (inst, ("t",)),
    "INSQ": (insq, ("t",)),
    "NERR8": (nerr8, ("k",)),
    "NERR9": (nerr9, ("k",)),
    "NERR10": (nerr10, ("p",)),
    "NERR11": (nerr11, ("t",)),
    "BPM": (bpm, ("k", "t")),
}


def continuation(family: str, gains: np.ndarray, k: int | None, **params: float) -> np.ndarray:
    """C(i) of `family` for gains of shape (..., D). `k` is required by NERR8, NERR9, BPM."""
    function, reads = MODELS[family]
    if "k" in reads:
        if k is None:
            raise ValueError(
                _("{family} needs a cutoff: write {family}@10, for example.").format(family=family)
            )
        params["k"] = k
    return function(gains, **{name: params[name] for name in reads})


def padded(gains: np.ndarray, depth: int = DEPTH) -> np.ndarray:
    """The list's gains followed by zeros down to `depth`; ranks below `depth` are dropped."""
    out = np.zeros(depth)
    top = np.asarray(gains, dtype=float)[:depth]
    out[: len(top)] = top
    return out


def _name(family: str, k: int | None, t: float, p: float, max_rel: float | None) -> str:
    """The measure's name, each parameter shown when it is not the default."""
    reads = MODELS[family][1]
    args = [f"T={t:g}"] if "t" in reads and t != DEFAULT_T else []
    args += [f"p={p:g}"] if "p" in reads and p != DEFAULT_P else []
    args += [f"max_rel={max_rel:g}"] if max_rel is not None else []
    text = family + (f"({','.join(args)})" if args else "")
    return text if k is None else f"{text}@{k}"


def cwl_measure(
    ranking: Ranking | Ordered,
    convention: Convention,
    k: int | None = None,
    *,
    family: str,
    T: float = DEFAULT_T,  # noqa: N803 (ir_measures' name)
    p: float = DEFAULT_P,
    max_rel: float | None = None,
) -> Result:
    """EU = sum_i W(i) g(i) of the C/W/L measure `family` (see the module docstring).

    Columns, one row per rank of the list: rank, doc_id, grade, gain (g), continuation (C),
    weight (W), stop (L), contribution (W g; they sum to the value, since the ranks beyond
    the list gain 0). details: max_rel, expected_depth (1/W(1)), weight_in_list (the share
    of attention the list's own ranks get) and the model's parameters."""
    k = check_cutoff(k)
    ordered = ranking if isinstance(ranking, Ordered) else order(ranking, convention)
    top = float(max_rel) if max_rel is not None else ordered.scale_max
    gains = scaled_gains(ordered.grades, top)
    model = reader(continuation(family, padded(gains), k, t=T, p=p))
    base = pd.DataFrame(
        {
            "rank": np.arange(1, len(gains) + 1),
            "doc_id": list(ordered.doc_ids),
            "grade": ordered.grades,
        }
    )
    table = _per_rank(base, gains, model)
    details = {
        "max_rel": top,
        "expected_depth": float(model.expected_depth),
        "weight_in_list": float(table["weight"].sum()),
        "T": float(T),
        "p": float(p),
    }
    value = float(table["contribution"].sum())
    return Result(_name(family, k, T, p, max_rel), value, table, details)


def _per_rank(base: pd.DataFrame, gains: np.ndarray, model: Reader) -> pd.DataFrame:
    """`base` (one row per rank of the list) with the gain, C, W, L and the contribution W g
    of each rank; the ranks below DEPTH get 0 (they are not read)."""
    n, below = min(len(gains), DEPTH), max(len(gains) - DEPTH, 0)

    def cut(values: np.ndarray) -> np.ndarray:
        return np.pad(values[:n], (0, below))

    weight = cut(model.weight)
    return base.assign(
        gain=gains,
        continuation=cut(model.continuation),
        weight=weight,
        stop=cut(model.stop),
        contribution=weight * gains,
    )


# ------------------------------------------------------------------ RR and AP as readers


def rr_reader(ranking: Ranking | Ordered, convention: Convention, k: int | None = None) -> Result:
    """RR@k (RR when k is None) read as C/W/L, as cwl_eval's RR with binary gains: rel_i = 1
    for a relevant document within k (`reciprocal_rank`'s relevance), C(i) = 1 - rel_i.
    The reader reads down to the first relevant rank r and stops there: V(i) = 1 for i <= r,
    so W(i) = 1/r and EU = W(r) rel_r = 1/r, RR itself. With nothing relevant the reader
    reads all 1000 ranks and RR is 0. Columns and details as `cwl_measure`'s (relevant added)."""
    # imported here: the measure families import this engine (their C/W/L declarations)
    from rankwork.core.measures.families.rr import reciprocal_rank

    rr = reciprocal_rank(ranking, convention, k)
    gains = (rr.table["relevant"] & rr.table["in_cutoff"]).to_numpy(dtype=float)
    model = reader(1.0 - padded(gains))
    table = _per_rank(rr.table[["rank", "doc_id", "grade", "relevant"]], gains, model)
    details = {
        "expected_depth": float(model.expected_depth),
        "weight_in_list": float(table["weight"].sum()),
    }
    return Result(rr.name, float(table["contribution"].sum()), table, details, rr.note)


def ap_reader(ranking: Ranking | Ordered, convention: Convention, k: int | None = None) -> Result:
    """AP@k (AP when k is None) read as C/W/L: L(i) = rel_i / R, W(i) = sum_{j>=i} L(j) / j,
    C(i) = W(i+1) / W(i) and contribution W(i) rel_i, for the ranks i <= k (see the module
    docstring). Relevance, R and the cutoff are `average_precision`'s.

    Columns: rank, doc_id, grade, relevant (binary's), gain (rel_i: relevant and within k, as
    0 or 1), continuation (C), weight (W), stop (L), contribution; the contributions sum to
    AP. details: R, relevant_retrieved (h, within k), weight_in_list (h/R: the sum of W, 0 when
    R = 0), expected_depth (h / sum_{j: rel_j} 1/j: the C/W/L reader's, built from AP's C) and
    stopping_depth ((1/h) sum_{j: rel_j} j: AP's own readers who stop within the list); both
    NaN when h = 0 (no reader stops within the list)."""
    # imported here: the measure families import this engine (their C/W/L declarations)
    from rankwork.core.measures.families.ap import average_precision

    ap = average_precision(ranking, convention, k)
    big_r = float(ap.details["R"])
    gain = (ap.table["relevant"] & ap.table["in_cutoff"]).to_numpy(dtype=float)
    ranks = ap.table["rank"].to_numpy(dtype=float)
    stop = gain / big_r if big_r else np.zeros(len(gain))
    weight = np.cumsum((stop / ranks)[::-1])[::-1]
    ahead = np.append(weight[1:], 0.0)
    continuation = np.divide(ahead, weight, out=np.zeros(len(weight)), where=weight > 0)
    table = ap.table[["rank", "doc_id", "grade", "relevant"]].assign(
        gain=gain, continuation=continuation, weight=weight, stop=stop, contribution=weight * gain
    )
    hits, in_list = float(gain.sum()), float(stop.sum())
    details = {
        "R": big_r,
        "relevant_retrieved": hits,
        "weight_in_list": in_list,
        "expected_depth": float(in_list / weight[0]) if hits else math.nan,
        "stopping_depth": float((gain * ranks).sum() / hits) if hits else math.nan,
    }
    value = float(table["contribution"].sum())
    if not big_r:
        note = _("The query has no relevant document (R = 0): AP is 0 and no reader stops.")
    else:
        note = _(
            "W sums to h/R = {hits:g}/{big_r:g}, the share of readers whose relevant document "
            "the list shows; the others never stop within it."
        ).format(hits=hits, big_r=big_r)
    if hits:
        note += " " + _(
            "The expected depth, h / Σ 1/j = {cwl:.4g} over the relevant ranks j, is that of the "
            "C/W/L reader built from AP's C (Moffat et al., TOIS 35(3), 2017); AP's own readers "
            "who stop within the list stop at each relevant rank alike and read (1/h) Σ j = "
            "{own:.4g} documents on average (Robertson, SIGIR 2008)."
        ).format(cwl=details["expected_depth"], own=details["stopping_depth"])
    if hits:
        note += " " + _(
            "cwl_eval rescales W to sum to 1, so its AP is AP × R/h = {value:.4f}, not trec_eval's."
        ).format(value=value * big_r / hits)
    return Result(ap.name, value, table, details, note)


#: the readers of the families that are not C/W/L measures of `MODELS` (they read the whole
#: list: no parameter)
OWN_READERS: dict[str, Callable[[Ranking | Ordered, Convention], Result]] = {
    "RR": rr_reader,
    "AP": ap_reader,
}


def reader_families() -> tuple[str, ...]:
    """The measures the Discounts page reads as readers of the Playground's list: the families
    declaring the capability `reader` (each a C/W/L model of `MODELS` or in `OWN_READERS`)."""
    from rankwork.core.capabilities import families  # noqa: PLC0415 (it reads the registry, which imports this module)

    return families("reader")


def reader_parameters(family: str) -> tuple[str, ...]:
    """What the reader of `family` reads besides the list: 'k', 't' (T) and 'p' as `MODELS`
    says; the `OWN_READERS` read none (the page reads the whole list)."""
    return MODELS[family][1] if family in MODELS else ()


def list_reader(
    family: str,
    ranking: Ranking | Ordered,
    convention: Convention,
    *,
    k: int | None = None,
    T: float = DEFAULT_T,  # noqa: N803 (ir_measures' name)
    p: float = DEFAULT_P,
) -> Result:
    """The reader of `family` (one of `reader_families()`) on one list: its own reader for
    the `OWN_READERS` (`rr_reader` for RR, `ap_reader` for AP), else `cwl_measure`; `k` goes
    only to the families that read it (NERR8, NERR9, BPM)."""
    if family in OWN_READERS:
        return OWN_READERS[family](ranking, convention)
    cut = k if "k" in reader_parameters(family) else None
    return cwl_measure(ranking, convention, cut, family=family, T=T, p=p)
