"""infAP, inferred average precision (Yilmaz & Aslam, CIKM 2006), as trec_eval computes it.

The judgments are a random sample of the pool. A retrieved document is then one of:
judged relevant (grade >= t), judged non-relevant, in the pool but not judged (a negative
grade: trec_eval's qrels write -1), or in no judgment at all (not in the pool). With i the
1-based rank of a judged relevant document, and above it r judged relevant, n judged
non-relevant and u pooled-but-unjudged documents:

    E[P@i] = 1                                                   if i = 1
           = 1/i + ((i-1)/i) * ((r + n + u)/(i-1)) * ((r + ε)/(r + n + 2ε))   otherwise
    infAP  = (1/R) * sum of E[P@i] over the judged relevant ranks   (0 when R = 0)

with ε = 0.00001 (trec_eval's INFAP_EPSILON) and R the judged relevant documents of the query,
retrieved or not. Read: the document itself, plus the documents above it that are in the pool,
each relevant with the rate seen among the judged ones (a document outside the pool counts as
non-relevant). This is trec_eval 9's m_infAP.c term for term, in its order of operations.

Conventions: a pooled-but-unjudged document is one whose negative grade the convention's
negative policy made unjudged (`Ordered.pooled`; the trec_eval and ir_measures presets do);
under 'clip' it is judged non-relevant. trec_eval's infAP reads every negative grade (-1, -2,
-3, ...) so (tests/crosscheck/test_infap.py checks it). No cutoff (trec_eval's
infAP has none). With every pooled document judged, infAP is AP. The batch kernel is the same sum
over many queries at once.
"""

from __future__ import annotations

import numpy as np

from rankwork.core import segments as seg
from rankwork.core.conventions import Convention
from rankwork.core.measures.common import binary_result, prepare
from rankwork.core.measures.spec import BINARY, BINARY_WORKING, REL, Capabilities, MeasureSpec
from rankwork.core.result import Result
from rankwork.language import N_

EPSILON = 0.00001  # trec_eval's INFAP_EPSILON (trec_eval.h)


def expected_precision(rel_above, nonrel_above, pooled_above, rank) -> np.ndarray:
    """E[P@i] of a judged relevant document at 1-based `rank` (arrays), trec_eval's way."""
    r = np.asarray(rel_above, dtype=float)
    n = np.asarray(nonrel_above, dtype=float)
    u = np.asarray(pooled_above, dtype=float)
    j = np.asarray(rank, dtype=float) - 1.0  # trec_eval's 0-based fj
    with np.errstate(divide="ignore", invalid="ignore"):
        later = 1.0 / (j + 1.0) + (j / (j + 1.0)) * ((r + n + u) / j) * (
            (r + EPSILON) / (r + n + 2 * EPSILON)
        )
    return np.where(j == 0, 1.0, later)


def inf_ap(ranking, convention: Convention, k: int | None = None) -> Result:
    """infAP of one list (see the module docstring); `k` is not used (no cutoff)."""
    _, o, judged, rel, big_r = prepare(ranking, convention, None)
    nonrel = judged & ~rel
    pooled = np.zeros(len(o), dtype=bool) if o.pooled is None else o.pooled
    before = lambda flags: np.cumsum(flags) - flags  # noqa: E731 - counts above each rank
    terms = expected_precision(
        before(rel), before(nonrel), before(pooled), np.arange(1, len(o) + 1)
    )
    contribution = np.where(rel, terms / big_r if big_r else 0.0, 0.0)
    result = binary_result("infAP", o, judged, rel, None, contribution, {"R": big_r})
    result.table["pooled_unjudged"] = pooled
    return result


def inf_ap_kernel(prep: seg.Prepared, c: Convention, k: int | None = None) -> np.ndarray:
    """infAP = (1/R) sum over judged relevant ranks i of E[P@i] (the single-list `inf_ap`),
    with r, n and u the judged relevant, judged non-relevant and pooled-but-unjudged
    documents above i: the first two are running counts over the judged rows, u a search of
    the pooled rows' (query, rank) keys."""
    rel, big_r = seg.relevant(prep, c)
    hits = seg.running_count(prep, prep.ret_q, rel)
    seen = seg.running_count(prep, prep.ret_q, np.ones(len(rel), dtype=bool))
    q, pos = prep.ret_q[rel], prep.ret_pos[rel].astype(np.int64)
    r_above = hits[rel] - 1
    n_above = seen[rel] - 1 - r_above
    if prep.pooled_q is None or not len(prep.pooled_q):
        u_above = np.zeros(len(q), dtype=np.int64)
    else:
        width = int(max(prep.pooled_pos.max(), pos.max(initial=0))) + 1
        keys = prep.pooled_q.astype(np.int64) * width + prep.pooled_pos
        mine = q.astype(np.int64) * width
        u_above = np.searchsorted(keys, mine + pos) - np.searchsorted(keys, mine)
    terms = expected_precision(r_above, n_above, u_above, pos)
    return seg.divide(seg.query_sum(prep, q, terms), big_r.astype(float))


MEASURES = (
    MeasureSpec(
        family="infAP",
        order=160,
        title="infAP",
        description=N_("Inferred AP: AP estimated from a random sample of the pool's judgments."),
        reader=N_(
            "The AP reader, with each pooled but unjudged document above a relevant one "
            "relevant at the rate seen among the judged ones."
        ),
        latex=r"\mathrm{infAP}=\frac{1}{R}\sum_{i:\,\mathrm{rel}_i=1}\Big(\frac{1}{i}+"
        r"\frac{i-1}{i}\cdot\frac{|d_{<i}|}{i-1}\cdot"
        r"\frac{r_{<i}+\varepsilon}{r_{<i}+n_{<i}+2\varepsilon}\Big)",
        citation="Yilmaz & Aslam, CIKM 2006; trec_eval infAP (m_infAP.c).",
        params=(REL,),
        cutoff="none",
        single=inf_ap,
        kernel=inf_ap_kernel,
        reads=BINARY,
        working=BINARY_WORKING,
        examples=("infAP",),
        note=N_(
            "In trec_eval's qrels a grade of -1 marks a document in the pool but unjudged; "
            "ε = 0.00001."
        ),
        capabilities=Capabilities(more=True),
    ),
)
