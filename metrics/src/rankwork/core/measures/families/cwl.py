"""The C/W/L measures (`rankwork.core.cwl`, the engine they share): INST, INSQ, NERR8, NERR9,
NERR10, NERR11 and BPM, as cwl_eval 1.0.12 computes them, declared here with their batch kernel.

Each is EU = sum_{i=1}^{1000} W(i) g(i), W(i) = prod_{j<i} C(j) / sum_m prod_{j<m} C(j), with
the family's continuation probability C(i) (Moffat et al., ACM TOIS 35(3), 2017; the formulas
of each C are in `rankwork.core.cwl`) and g = min(max(grade, 0), max_rel) / max_rel.

The batch kernel: C/W/L weights are defined to depth 1000 whatever the list's length, so each
query becomes a row of a dense (queries x 1000) gain matrix, and the engine's continuation and
weight functions, written for any leading shape, run on whole blocks of queries at once. Blocks
of `BLOCK` queries keep each matrix to 16 MB (2,048 x 1,000 doubles; the weights take about
six); there is no loop over single queries. Unjudged documents and the ranks beyond the list
gain 0, ranks below 1000 are not read.
"""

from __future__ import annotations

from functools import partial
from typing import Any

import numpy as np

from rankwork.core import cwl as engine
from rankwork.core.conventions import Convention
from rankwork.core.cwl import DEFAULT_P, DEFAULT_T, DEPTH, continuation, reader, scaled_gains
from rankwork.core.measures.spec import (
    ORDERING,
    Capabilities,
    MeasureSpec,
    Param,
    positive,
    probability,
)
from rankwork.core.segments import Prepared
from rankwork.language import N_

BLOCK = 2048


def cwl_kernel(
    prep: Prepared,
    c: Convention,
    k: int | None,
    *,
    family: str,
    T: float = DEFAULT_T,  # noqa: N803 (ir_measures' name)
    p: float = DEFAULT_P,
    max_rel: float | None = None,
) -> np.ndarray:
    """EU of `family` for every query (a `Prepared`): sum_i W(i) g(i)."""
    del c  # the C/W/L measures read no convention field beyond the ordering, already applied
    top = float(max_rel) if max_rel is not None else prep.scale_max
    continuation(family, np.zeros((0, DEPTH)), k, t=T, p=p)  # refuses a bad T, p or k at once
    keep = prep.ret_pos <= DEPTH
    q, pos = prep.ret_q[keep], prep.ret_pos[keep].astype(np.int64)
    gains = scaled_gains(prep.ret_grade[keep], top)
    out = np.zeros(prep.n_queries)
    for start in range(0, prep.n_queries, BLOCK):
        stop = min(start + BLOCK, prep.n_queries)
        lo, hi = np.searchsorted(q, [start, stop])
        dense = np.zeros((stop - start, DEPTH))
        dense[q[lo:hi] - start, pos[lo:hi] - 1] = gains[lo:hi]
        model = reader(continuation(family, dense, k, t=T, p=p))
        out[start:stop] = (model.weight * dense).sum(axis=-1)
    return out


CWL_T = Param(
    name="T",
    description=N_("The gain the C/W/L reader wants: more wanted, more read (ir_measures' T)."),
    allowed=N_("a positive number"),
    allows=positive,
    default=DEFAULT_T,
)

INST_T = Param(
    name="T",
    description=N_("The gain INST's reader wants: more wanted, more read (ir_measures' T)."),
    allowed=N_("a number of at least 0.5"),
    allows=lambda v: isinstance(v, float) and engine.INST_MIN_T <= v < float("inf"),
    default=DEFAULT_T,
)

if f"{engine.INST_MIN_T:g}" not in INST_T.allowed:  # the text names the minimum
    raise AssertionError("INST_T.allowed must name engine.INST_MIN_T")
CWL_P = Param(
    name="p",
    description=N_(
        "NERR10's persistence: the reader goes on past a non-relevant document with probability p."
    ),
    allowed=N_("a number between 0 and 1"),
    allows=probability,
    default=DEFAULT_P,
)

CWL_MAX_REL = Param(
    name="max_rel",
    description=N_(
        "The grade that gains 1 (gain = grade / max_rel, clipped to [0, 1]); the grade scale's top "
        "when not given."
    ),
    allowed=N_("a positive number"),
    allows=positive,
)

CWL_WORKING = ("rank", "doc_id", "grade", "gain", "continuation", "weight", "contribution")
CWL_EU = (
    r"\mathrm{EU}=\sum_{i=1}^{1000}W(i)\,g_i,\quad W(i)=\frac{\prod_{j<i}C(j)}"
    r"{\sum_{m}\prod_{j<m}C(j)},\quad "
)
CWL_NOTE = N_("Computed as cwl_eval 1.0.12 does (ir_measures' cwl_eval provider).")


def _cwl(
    *,
    family: str,
    continuation: str,
    params: tuple[Param, ...],
    note: str = CWL_NOTE,
    **declared: Any,
) -> MeasureSpec:
    """The spec of a C/W/L family: EU with the family's C(i) (`continuation`, its LaTeX), the
    engine's single-list function and the batch kernel, and the parameter max_rel."""
    return MeasureSpec(
        family=family,
        latex=CWL_EU + continuation,
        params=params + (CWL_MAX_REL,),
        single=partial(engine.cwl_measure, family=family),
        kernel=partial(cwl_kernel, family=family),
        reads=ORDERING,
        working=CWL_WORKING,
        note=note,
        **declared,
    )


MEASURES = (
    _cwl(
        family="INST",
        order=320,
        title="INST(T)",
        description=N_(
            "Expected gain per document read, for a reader whose chance of reading on falls "
            "as the gain wanted, T, is found."
        ),
        reader=N_(
            "An adaptive reader: the more gain still wanted and the deeper the rank, the "
            "likelier to read on."
        ),
        continuation=r"C(i)=\Big(\frac{i+T+T_i-1}{i+T+T_i}\Big)^2,\ T_i=T-\sum_{j\le i}g_j",
        citation=(
            "Moffat, Bailey, Scholer & Thomas, ADCS 2015; Moffat et al., ACM TOIS 35(3), 2017."
        ),
        params=(INST_T,),
        cutoff="none",
        examples=("INST", "INST(T=2,max_rel=3)"),
        capabilities=Capabilities(more=True, reader=True),
    ),
    _cwl(
        family="INSQ",
        order=330,
        title="INSQ(T)",
        description=N_(
            "Expected gain per document read, for a reader who expects to need T relevant "
            "documents but does not adapt to what is found."
        ),
        reader=N_(
            "A reader whose chance of reading on grows with the rank, the same for every list."
        ),
        continuation=r"C(i)=\Big(\frac{i+2T-1}{i+2T}\Big)^2",
        citation="Moffat, Scholer & Thomas, ADCS 2012.",
        params=(CWL_T,),
        cutoff="none",
        examples=("INSQ(T=2)",),
        capabilities=Capabilities(more=True, reader=True),
    ),
    _cwl(
        family="NERR8",
        order=340,
        title="NERR8@k",
        description=N_(
            "A C/W/L measure close to ERR@k: the reader stops at a document with its "
            "scaled gain, and always at rank k."
        ),
        reader=N_(
            "A cascade reader, satisfied at rank i with probability g_i, who reads at "
            "most k documents."
        ),
        continuation=r"C(i)=(1-g_i)\,[i<k]",
        citation="Azzopardi, Mackenzie & Moffat, ICTIR 2021, equation 8.",
        params=(),
        cutoff="required",
        examples=("NERR8@10",),
        capabilities=Capabilities(reader=True),
    ),
    _cwl(
        family="NERR9",
        order=350,
        title="NERR9@k",
        description=N_("NERR8 with a reader who also tires: i/(i+1) of going on at rank i."),
        reader=N_("A cascade reader who tires with the rank, and reads at most k documents."),
        continuation=r"C(i)=\frac{i}{i+1}(1-g_i)\,[i<k]",
        citation="Azzopardi, Mackenzie & Moffat, ICTIR 2021, equation 9.",
        params=(),
        cutoff="required",
        examples=("NERR9@10",),
        capabilities=Capabilities(reader=True),
    ),
    _cwl(
        family="NERR10",
        order=360,
        title="NERR10(p)",
        description=N_("A C/W/L measure close to ERR: RBP's reader who also stops when satisfied."),
        reader=N_("A cascade reader who goes on past an unsatisfying document with probability p."),
        continuation=r"C(i)=p\,(1-g_i)",
        citation="Azzopardi, Mackenzie & Moffat, ICTIR 2021, equation 10.",
        params=(CWL_P,),
        cutoff="none",
        examples=("NERR10(p=0.8)",),
        capabilities=Capabilities(more=True, reader=True),
    ),
    _cwl(
        family="NERR11",
        order=370,
        title="NERR11(T)",
        description=N_(
            "A C/W/L measure close to ERR: INSQ's reader who also stops when satisfied."
        ),
        reader=N_("A cascade reader with INSQ's patience."),
        continuation=r"C(i)=\Big(\frac{i+2T-1}{i+2T}\Big)^2(1-g_i)",
        citation="Azzopardi, Mackenzie & Moffat, ICTIR 2021, equation 11.",
        params=(CWL_T,),
        cutoff="none",
        examples=("NERR11(T=2)",),
        capabilities=Capabilities(reader=True),
    ),
    _cwl(
        family="BPM",
        order=380,
        title="BPM@k",
        description=N_(
            "Bejeweled Player Model (static): the reader stops at rank k or once the gain "
            "found reaches T, whichever comes first."
        ),
        reader=N_("A reader with two budgets, gain wanted (T) and documents to spend (k)."),
        continuation=r"C(i)=\big[\textstyle\sum_{j\le i}g_j<T\ \wedge\ i<k\big]",
        citation="Zhang, Liu, Li, Zhang, Xu & Ma, SIGIR 2017.",
        params=(CWL_T,),
        cutoff="required",
        examples=("BPM(T=2)@10",),
        note=N_(
            "The static model, each document costing 1. Computed as cwl_eval 1.0.12 does "
            "(ir_measures' cwl_eval provider)."
        ),
        capabilities=Capabilities(more=True, reader=True),
    ),
)
