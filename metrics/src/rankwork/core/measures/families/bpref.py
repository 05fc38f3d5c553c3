"""bpref (Buckley & Voorhees, SIGIR 2004), as trec_eval computes it (corrected in trec_eval
8.0), with its per-rank working, over one list and over many queries at once.

    bpref = (1/R) sum_{relevant retrieved r} (1 - min(N_r, R) / min(N, R))

with N_r the judged non-relevant documents above r and N all judged non-relevant ones (a term is
1 when N_r = 0). Unjudged documents are skipped. No cutoff.

Binary relevance (`rankwork.core.measures.common`): a document is relevant when it is judged
and its grade >= t (the convention's `rel_threshold`, 1 by default; `rel=t` in the name); R is
the number of relevant judged documents of the query, retrieved or not, h(k) = sum_{i<=k} rel_i
the hits in the top k, n the list length. A query with nothing relevant (R = 0) scores 0.
"""

from __future__ import annotations

import numpy as np

from rankwork.core import segments as seg
from rankwork.core.conventions import Convention
from rankwork.core.measures.common import binary_result, prepare
from rankwork.core.measures.spec import (
    BINARY,
    REL,
    Capabilities,
    MeasureSpec,
)
from rankwork.core.result import Result
from rankwork.language import N_


def bpref(ranking, convention: Convention, k: int | None = None) -> Result:
    """bpref as trec_eval computes it (see the module docstring); unjudged ranks are skipped."""
    del k
    _k, o, judged, rel, big_r = prepare(ranking, convention, None)
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
    return binary_result("Bpref", o, judged, rel, None, contribution, details)


def bpref_kernel(prep: seg.Prepared, c: Convention, k: int | None = None) -> np.ndarray:
    """bpref = (1/R) sum over relevant retrieved r of (1 - min(N_r, R) / min(N, R)), N_r the
    judged non-relevant documents above r, N all judged non-relevant ones (a term is 1 when
    N_r = 0); unjudged documents are skipped (trec_eval's form)."""
    rel, big_r = seg.relevant(prep, c)
    n_nonrel = seg.query_count(prep, prep.pool_q[prep.pool_grade < c.rel_threshold])
    nonrel_above = seg.running_count(prep, prep.ret_q, ~rel) - ~rel
    q = prep.ret_q[rel]
    above = nonrel_above[rel]
    denominator = np.minimum(n_nonrel, big_r)[q]
    denominator = np.where(denominator > 0, denominator, 1).astype(float)
    terms = np.where(above > 0, 1.0 - np.minimum(above, big_r[q]) / denominator, 1.0)
    return seg.query_sum(prep, q, seg.divide(terms, big_r[q].astype(float)))


MEASURES = (
    MeasureSpec(
        family="Bpref",
        order=150,
        title="bpref",
        description=N_("How often relevant documents are ranked above judged non-relevant ones."),
        reader=N_("A judge comparing pairs, ignoring unjudged documents."),
        latex=r"\mathrm{bpref}=\frac{1}{R}\sum_{r}\left(1-\frac{\min(N_r,R)}{\min(N,R)}\right)",
        citation="trec_eval bpref; Buckley & Voorhees, SIGIR 2004; bpref_bug (trec_eval, 2005).",
        params=(REL,),
        cutoff="none",
        single=bpref,
        kernel=bpref_kernel,
        reads=BINARY,
        examples=("Bpref",),
        note=N_(
            "As corrected in trec_eval 8.0 (min(N_r, R)/min(N, R)); Buckley & Voorhees "
            "defined bpref, but the numbers in their paper come from the earlier computation."
        ),
        capabilities=Capabilities(more=True),
    ),
)
