"""Micro-averaged P and R: pool the counts over the queries instead of averaging the ratios.

    counts = count_measures(parse("R@10"))   # (NumRelRet@10, NumRel): numerator, denominator
    micro_means(per_query, ["R@10"])          # {"R@10": sum NumRelRet@10 / sum NumRel}

The macro average (trec_eval's `all` line) is the mean over queries of each query's ratio:
every query weighs the same. The micro average is sum(numerators) / sum(denominators)
(`rankwork.stats.stats.micro_average`): every document weighs the same, so a query with many
relevant documents weighs more in micro-averaged recall. The counts, with the measure's own `rel`
threshold and cutoff:

    P@k   relevant in the top k / k          (k for every query: micro = macro, as trec_eval
                                              divides by k even when fewer are retrieved)
    P     relevant retrieved / retrieved
    R@k   relevant in the top k / R
    R     relevant retrieved / R

Only P and R are ratios of counts; any other measure is refused (ValueError) rather than given
a made-up pooled version.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pandas as pd

from rankwork.core.capabilities import families
from rankwork.core.measures import Measure, parse
from rankwork.stats.stats import micro_average

#: The micro-averageable families (those declaring `micro`); `count_measures` gives their counts.
FAMILIES = families("micro")


def count_measures(measure: Measure) -> tuple[str, str | int]:
    """The names of the per-query numerator and denominator of a P or R measure (the
    denominator of P@k is the number k)."""
    if measure.family not in FAMILIES:
        raise ValueError(
            f"micro-averaging pools counts, so it is defined for {' and '.join(FAMILIES)} "
            f"only; {measure} is not a ratio of counts: leave it out or drop --micro"
        )
    numerator = str(Measure("NumRelRet", measure.params, measure.cutoff))
    if measure.family == "R":
        return numerator, str(Measure("NumRel", measure.params))
    if measure.family != "P":  # a family declaring `micro` must say its counts here
        raise NotImplementedError(f"no counts for micro-averaging {measure.family}")
    if measure.cutoff is not None:
        return numerator, measure.cutoff
    return numerator, "NumRet"


def extra_measures(names: Sequence[str]) -> list[str]:
    """The count measures to evaluate beside `names` to micro-average them."""
    needed = []
    for name in names:
        for count in count_measures(parse(name)):
            if isinstance(count, str) and count not in needed and count not in names:
                needed.append(count)
    return needed


def micro_means(per_query: pd.DataFrame, names: Sequence[str]) -> dict[str, float]:
    """Each measure's micro average from a per-query table holding the count measures
    (`extra_measures`) beside it."""
    out = {}
    for name in names:
        numerator, denominator = count_measures(parse(name))
        den = (
            np.full(len(per_query), float(denominator))
            if isinstance(denominator, int)
            else per_query[denominator].to_numpy(dtype=float)
        )
        out[name] = micro_average(per_query[numerator].to_numpy(dtype=float), den)
    return out
