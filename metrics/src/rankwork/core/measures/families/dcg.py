"""DCG, IDCG and nDCG (Järvelin & Kekäläinen, ACM TOIS 20(4), 2002), each with its per-rank
working, over one list and over many queries at once.

With i the 1-based rank, g_i the grade at rank i, gain() and disc() from the convention
(`rankwork.core.gains`, `rankwork.core.discounts`):

    DCG@k  = sum_{i <= k} gain(g_i) * disc(i)
    IDCG@k = the same sum over the ideal ranking (the judged pool sorted by gain, descending;
             cut at k when `ideal_cut`; see Convention.ideal for where the pool comes from)
    nDCG@k = DCG@k / IDCG@k, and `empty_value` (0, or 1 as LightGBM) when IDCG@k = 0
    With `dcg_cutoff` False (trec_eval's `ndcg`) k is ignored: DCG, IDCG and nDCG of the whole
    list and the whole ideal ranking.

Unjudged documents (grade NaN) gain 0. A cutoff k larger than the list is allowed: the missing
ranks gain nothing, but IDCG@k still counts k ideal documents. With ties='average' (McSherry &
Najork 2008) each rank of a score tie group gets the group's mean gain.
"""

from __future__ import annotations

from functools import partial

import numpy as np
import pandas as pd

from rankwork.core import segments as seg
from rankwork.core.condensed import condensable
from rankwork.core.conventions import Convention
from rankwork.core.discounts import discount
from rankwork.core.gains import gain
from rankwork.core.measures.common import named, within
from rankwork.core.measures.spec import (
    GAIN_MAP,
    JUDGED_ONLY,
    ORDERING,
    SUM_K,
    Capabilities,
    MeasureSpec,
    Param,
)
from rankwork.core.ranking import Ordered, Ranking, check_cutoff, check_ideal_depth, order
from rankwork.core.result import Result, overflow_error
from rankwork.language import N_, _


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
    counted = within(m, k)

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
        raise overflow_error(
            _("{dcg} or {idcg}").format(dcg=named("DCG", k), idcg=named("IDCG", k))
        )
    if idcg_value > 0:
        contribution = dcg_part / idcg_value
        value = dcg_value / idcg_value  # exactly 1.0 for an ideal list
    else:
        contribution = np.zeros(m)
        value = convention.empty_value
    note = _ndcg_note(convention, ignored, idcg_value, value)
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
    return Result(named("nDCG", k), value, table, details, note)


def _ndcg_note(convention: Convention, ignored: bool, idcg_value: float, value: float) -> str:
    """What nDCG's result says of its convention: k ignored (trec_eval's ndcg), IDCG = 0."""
    note = ""
    if ignored:
        note = (
            _(
                "k does not apply under {convention}: it reads the whole list and every judged "
                "document, as trec_eval's ndcg does."
            ).format(convention=_(convention.name))
            + " "
        )
    if not idcg_value > 0:
        note += _(
            "IDCG is 0 (no document with a positive gain), so nDCG is {value:g} by the "
            "convention ({convention})."
        ).format(value=value, convention=_(convention.name))
    return note


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
    name = full.name.replace("nDCG", family)
    return Result(  # the note is nDCG's; the table is built when first read
        name,
        full.details[family],
        lambda: full.table.assign(contribution=full.table[column]),
        full.details,
    )


def dcg(ranking: Ranking | Ordered, convention: Convention, k: int | None = None) -> Result:
    """DCG@k = sum_{i<=k} gain(g_i) disc(i); contributions are the per-rank terms."""
    return part("DCG", ndcg(ranking, convention, k))


def idcg(ranking: Ranking | Ordered, convention: Convention, k: int | None = None) -> Result:
    """IDCG@k: DCG of the ideal ranking (see `ideal_grades`)."""
    return part("IDCG", ndcg(ranking, convention, k))


# ------------------------------------------------------------------- over many queries


def dcg_kernel(prep: seg.Prepared, c: Convention, k: int | None, family: str) -> np.ndarray:
    """DCG@k = sum_{i<=k} gain(g_i) disc(i); IDCG@k = the same over the ideal ranking (the
    judged pool sorted by gain, positive gains only, cut at k when `ideal_cut`; 'retrieved':
    the judged retrieved documents; 'none': k (or n) documents of the top grade);
    nDCG@k = DCG@k / IDCG@k, `empty_value` when IDCG@k = 0. With ties='average' a document's
    gain is spread evenly over the ranks of its score tie group. `dcg_cutoff` False (trec_eval's
    `ndcg`) ignores k."""
    if not c.dcg_cutoff:
        k = None
    within = seg.within(prep, k)
    ret_gain = gain(prep.ret_grade, c)
    ideal_q, ideal_gain, ideal_rank = _ideal(prep, c, k)
    longest = max(
        int(prep.ret_pos.max(initial=0)),
        int(ideal_rank.max(initial=0)),
        int(prep.n_ret.max(initial=0)),
    )
    if c.ideal == "none" and k is not None:
        check_ideal_depth(k, longest)
        longest = max(longest, k)
    # Ranks past every list and ideal ranking add nothing: a larger k costs nothing.
    weights = discount(longest, c, k)
    if c.ties == "average" and prep.ret_tie_first is not None:
        dcg = _dcg_tie_average(prep, ret_gain, weights, k)
    else:
        dcg = seg.query_sum(
            prep, prep.ret_q[within], ret_gain[within] * weights[prep.ret_pos[within] - 1]
        )
    if c.ideal == "none":
        depth = seg.depth(prep, k).astype(np.int64)
        cumulative = np.concatenate(([0.0], np.cumsum(weights)))
        idcg = top_gain(prep.scale_max, c) * cumulative[depth]
    else:
        idcg = seg.query_sum(prep, ideal_q, ideal_gain * weights[ideal_rank - 1])
    if family == "DCG":
        return dcg
    if family == "IDCG":
        return idcg
    overflowed = ~(np.isfinite(dcg) & np.isfinite(idcg))  # NaN: batch.evaluate reports it
    return np.where(overflowed, np.nan, seg.divide(dcg, idcg, empty=c.empty_value))


def _ideal(prep: seg.Prepared, c: Convention, k: int | None):
    """The ideal ranking of every query: (query, gain, 1-based ideal rank) of the documents
    IDCG reads (positive gains, best first, cut at k when the convention cuts it)."""
    if c.ideal == "none":
        empty = np.zeros(0, dtype=np.int64)
        return empty, np.zeros(0), empty
    if c.ideal == "judged":
        q, grades = prep.pool_q, prep.pool_grade
    else:
        q, grades = prep.ret_q, prep.ret_grade
    g = gain(grades, c)
    keep = g > 0
    q, g = q[keep], g[keep]
    order = np.lexsort((-g, q))
    q, g = q[order], g[order]
    rank = seg.running_count(prep, q, np.ones(len(q), dtype=bool))
    if c.ideal_cut and k is not None:
        cut = rank <= k
        q, g, rank = q[cut], g[cut], rank[cut]
    return q, g, rank


def _dcg_tie_average(prep: seg.Prepared, ret_gain: np.ndarray, weights: np.ndarray, k: int | None):
    """DCG with tied scores averaged (McSherry & Najork 2008): each rank of a tie group of
    size s gets the group's mean gain, so a document of gain G adds G/s to every rank of its
    group within k: G/s * (W(min(last, k)) - W(first - 1)), W the running sum of disc."""
    counted = weights.copy()
    if k is not None:
        counted[k:] = 0.0
    running = np.concatenate(([0.0], np.cumsum(counted)))
    first, last = prep.ret_tie_first, prep.ret_tie_last
    size = (last - first + 1).astype(float)
    spread = running[last] - running[first - 1]
    return seg.query_sum(prep, prep.ret_q, ret_gain / size * spread)


# ------------------------------------------------------------------------ the declarations

DCG_KINDS = {"log2": "linear", "exp-log2": "exponential"}

DCG_KIND = Param(
    name="dcg",
    description=N_(
        "'log2' for linear gain g, 'exp-log2' for exponential gain 2^g - 1 (both with 1/log2(i+1))."
    ),
    allowed=N_("'log2' or 'exp-log2'"),
    allows=lambda v: isinstance(v, str) and v in DCG_KINDS,
    sets=lambda v: {"gain": DCG_KINDS[v], "discount": "log", "log_base": 2.0},  # type: ignore[index]
)

# The Convention fields the three read, and the columns of their working.
DCG_READS = ("gain", "gain_map", "discount", "log_base", "discount_p", "dcg_cutoff") + ORDERING
DCG_WORKING = ("rank", "doc_id", "grade", "gain", "discount", "dcg_contribution", "ideal_grade",
               "ideal_gain", "ideal_contribution")  # fmt: skip

MEASURES = (
    MeasureSpec(
        family="DCG",
        order=10,
        title="DCG@k",
        description=N_("Discounted cumulative gain: gains weighted by the rank discount."),
        reader=N_("A patient reader whose attention fades with the log of the rank."),
        latex=r"\mathrm{DCG@}k=" + SUM_K + r"\mathrm{gain}(g_i)\,\mathrm{disc}(i)",
        citation="Järvelin & Kekäläinen, ACM TOIS 20(4), 2002.",
        params=(DCG_KIND, GAIN_MAP),
        cutoff="optional",
        single=dcg,
        kernel=partial(dcg_kernel, family="DCG"),
        reads=DCG_READS,
        working=DCG_WORKING,
        examples=("DCG@10",),
        capabilities=Capabilities(
            headline=True, projector=True, graded_card=True, pitfalls=True, condensable=True
        ),
    ),
    MeasureSpec(
        family="IDCG",
        order=20,
        title="IDCG@k",
        description=N_("DCG of the ideal ranking of the judged documents."),
        reader=N_("The same reader, shown the best possible list."),
        latex=r"\mathrm{IDCG@}k=" + SUM_K + r"\mathrm{gain}(g^{*}_i)\,\mathrm{disc}(i)",
        citation="Järvelin & Kekäläinen, ACM TOIS 20(4), 2002.",
        params=(DCG_KIND, GAIN_MAP),
        cutoff="optional",
        single=idcg,
        kernel=partial(dcg_kernel, family="IDCG"),
        reads=DCG_READS + ("ideal", "ideal_cut"),
        working=DCG_WORKING,
        examples=("IDCG@10",),
        capabilities=Capabilities(
            headline=True, projector=True, graded_card=True, pool_normalised=True, pitfalls=True
        ),
    ),
    MeasureSpec(
        family="nDCG",
        order=30,
        title="nDCG@k",
        description=N_("DCG of the list divided by the DCG of the ideal ranking."),
        reader=N_("A patient reader whose attention fades with the log of the rank."),
        latex=r"\mathrm{nDCG@}k=\frac{\mathrm{DCG@}k}{\mathrm{IDCG@}k},\quad"
        r"\mathrm{DCG@}k=" + SUM_K + r"\mathrm{gain}(g_i)\,\mathrm{disc}(i)",
        citation="Järvelin & Kekäläinen, ACM TOIS 20(4), 2002; Burges et al., ICML 2005.",
        params=(DCG_KIND, GAIN_MAP, JUDGED_ONLY),
        cutoff="optional",
        single=condensable(ndcg),
        kernel=partial(dcg_kernel, family="nDCG"),
        reads=DCG_READS + ("ideal", "ideal_cut", "empty_value"),
        working=DCG_WORKING,
        examples=(
            "nDCG@10",
            "nDCG",
            "nDCG(dcg='exp-log2')@10",
            "nDCG(gains={0:0,1:1,2:3})@10",
            "nDCG(judged_only=True)@10",
        ),
        capabilities=Capabilities(
            headline=True,
            projector=True,
            graded_card=True,
            pool_normalised=True,
            pitfalls=True,
            condensable=True,
            sweep=True,
            ordering=True,
            exercise=True,
        ),
    ),
)
