"""How a mistake of the pitfall catalogue changes the worked calculation the core returned
(`rankwork.teaching.pitfalls.Pitfall.adjust`): e.g. a discount 1/log2(i + 2), or 1e-8 added to
IDCG. For the DCG family each edits the per-rank nDCG table (gain, discount, ideal gain columns)
and re-adds it (`readd`); for the binary measures it edits the counts; for α-nDCG and ERR-IA
it re-adds the gains and discounts of the diversity table.

Each adjustment is a function (family, scenario, result) -> result.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

import numpy as np

from rankwork.core import diversity
from rankwork.core.intents import subtopics_text
from rankwork.core.result import Result
from rankwork.core.scenario import Scenario, ordered
from rankwork.language import _


def readd(full: Result, eps: float = 0.0, empty: float = 0.0) -> Result:
    """Re-add an edited nDCG table: contributions from its gain, discount and ideal columns,
    summed as numpy sums them (a NaN, e.g. 0 * inf from 1/log2(1), makes the sum NaN, as it
    does in the code that makes the mistake). nDCG = DCG / (IDCG + eps), or `empty` when
    IDCG + eps is not positive (a NaN IDCG is not positive either: `nan > 0` is False)."""
    t = full.table.copy()
    listed = t["gain"].notna() & t["in_cutoff"]
    t["dcg_contribution"] = np.where(listed, t["gain"] * t["discount"], 0.0)
    t["ideal_contribution"] = np.where(
        t["ideal_gain"].notna(), t["ideal_gain"] * t["discount"], 0.0
    )
    t["cum_dcg"] = np.cumsum(t["dcg_contribution"].to_numpy())
    t["cum_idcg"] = np.cumsum(t["ideal_contribution"].to_numpy())
    dcg = float(np.sum(t["dcg_contribution"].to_numpy()))
    idcg = float(np.sum(t["ideal_contribution"].to_numpy()))
    denominator = idcg + eps
    with np.errstate(divide="ignore", invalid="ignore"):
        if denominator > 0:
            t["contribution"] = t["dcg_contribution"] / denominator
            value = dcg / denominator
        else:
            t["contribution"] = 0.0
            value = empty
    details = {**full.details, "DCG": dcg, "IDCG": idcg, "nDCG": float(value)}
    return Result(full.name, float(value), t, details, full.note)


def shift_discount(offset: int) -> Callable[[str, Scenario, Result], Result]:
    """Discount 1/log2(i + offset) instead of 1/log2(i + 1)."""

    def adjust(family: str, scenario: Scenario, full: Result) -> Result:
        t = full.table.copy()
        with np.errstate(divide="ignore"):
            t["discount"] = 1.0 / np.log2(t["rank"].to_numpy(dtype=float) + offset)
        eps = full.details.get("eps", 0.0)
        return readd(replace(full, table=t), eps, scenario.convention.empty_value)

    return adjust


def linear_ideal(family: str, scenario: Scenario, full: Result) -> Result:
    t = full.table.copy()
    t["ideal_gain"] = t["ideal_grade"]
    return readd(replace(full, table=t), empty=scenario.convention.empty_value)


def ideal_cut_at_r(family: str, scenario: Scenario, full: Result) -> Result:
    big_r = int((ordered(scenario).judged_pool >= scenario.convention.rel_threshold).sum())
    t = full.table.copy()
    beyond = t["rank"] > big_r
    t.loc[beyond, ["ideal_grade", "ideal_gain"]] = np.nan
    return readd(replace(full, table=t), empty=scenario.convention.empty_value)


def epsilon(family: str, scenario: Scenario, full: Result) -> Result:
    out = readd(full, 1e-8, scenario.convention.empty_value)
    return replace(out, details={**out.details, "eps": 1e-8})


def integer_division(family: str, scenario: Scenario, result: Result) -> Result:
    """Counts divided with // as in C, Java or Python 2 integer arithmetic."""
    t = result.table
    big_r = int(result.details.get("R", 0))
    k = scenario.k if scenario.k is not None else len(t)
    hits = int(t.loc[t["in_cutoff"], "relevant"].sum())
    if family == "P":
        value = hits // k
    elif family == "R":
        value = hits // big_r if big_r else 0
    else:  # AP: each precision term and the final division truncated
        terms = (t["hits"] // t["rank"])[t["relevant"] & t["in_cutoff"]]
        value = int(terms.sum()) // big_r if big_r else 0
    table = t.copy()
    table["contribution"] = 0.0
    note = _("Integer division throws the fraction away before it is used.")
    details = {**result.details, "integer_division": 1.0}
    return Result(result.name, float(value), table, details, note)


def precision_by_length(family: str, scenario: Scenario, result: Result) -> Result:
    t = result.table.copy()
    n = max(len(t), 1)
    t["contribution"] = np.where(t["in_cutoff"] & t["relevant"], 1.0 / n, 0.0)
    return Result(
        result.name,
        float(t["contribution"].sum()),
        t,
        {**result.details, "depth": float(n)},
        _("Divided by the list length {n} instead of k.").format(n=len(t)),
    )


def _novelty_result(full: Result, table, norm: float, within, note: str) -> Result:
    """A diversity Result re-added from its gain and discount columns over `norm`."""
    table["discounted_gain"] = table["gain"] * table["discount"]
    discounted = np.where(within, table["discounted_gain"], 0.0)
    table["contribution"] = discounted / norm if norm > 0 else 0.0
    details = {**full.details, "normaliser": norm, "discounted_sum": float(discounted.sum())}
    return Result(full.name, float(table["contribution"].sum()), table, details, note)


def ideal_of_ndcg(family: str, scenario: Scenario, full: Result) -> Result:
    """α-nDCG over the ideal nDCG would use: every judged document's gain with no novelty
    discount (sum_j w_j rel_j), sorted, cut at k."""
    j = diversity.judged(ordered(scenario))
    t = full.table.copy()
    depth = scenario.k if scenario.k is not None else len(t)
    by_gain = [(sum(j.weight.get(x, 0.0) for x in subs), d) for d, subs in j.pool]
    plain = sorted(by_gain, key=lambda p: (p[0], p[1].encode("utf-8")), reverse=True)[:depth]
    gains = np.array([g for g, _doc in plain])
    disc = 1.0 / np.log2(np.arange(1, len(gains) + 1) + 1.0)
    norm = float(np.sum(gains * disc))
    shown = min(len(t), len(plain))
    t["ideal_doc"] = [d for _gain, d in plain[:shown]] + [""] * (len(t) - shown)
    t["ideal_subtopics"] = [subtopics_text(dict(j.pool)[d]) for _gain, d in plain[:shown]] + [
        ""
    ] * (len(t) - shown)
    t["ideal_gain"] = np.concatenate([gains[:shown], np.zeros(len(t) - shown)])
    t["ideal_contribution"] = t["ideal_gain"] * t["discount"] / norm if norm > 0 else 0.0
    note = _("Normalised by the ideal of nDCG, no novelty discount: {norm:.4g}.").format(norm=norm)
    return _novelty_result(full, t, norm, t["rank"] <= depth, note)


def subtopics_once(family: str, scenario: Scenario, full: Result) -> Result:
    """Every subtopic counted once per list: a repeat gains nothing, as if α were 1 (for the
    list, and for α-nDCG's greedy ideal, built with the same gains)."""
    j = diversity.judged(ordered(scenario))
    t = full.table.copy()
    depth = scenario.k if scenario.k is not None else len(t)
    t["gain"] = [step.gain for step in diversity.novelty(j.ranked, j.weight, 1.0)]
    norm = full.details["normaliser"]
    if family == "alpha_nDCG":
        ideal = diversity.greedy_ideal(j, 1.0, depth)
        disc = 1.0 / np.log2(np.arange(1, len(ideal) + 1) + 1.0)
        norm = float(sum(c.gain * d for c, d in zip(ideal, disc, strict=True)))
        shown = ideal[: len(t)]
        pad = [""] * (len(t) - len(shown))
        t["ideal_doc"] = [c.doc_id for c in shown] + pad
        t["ideal_subtopics"] = [subtopics_text(c.subtopics) for c in shown] + pad
        t["ideal_gain"] = [c.gain for c in shown] + [0.0] * len(pad)
        t["ideal_contribution"] = t["ideal_gain"] * t["discount"] / norm if norm > 0 else 0.0
    note = _("A subtopic seen before gains nothing: each counted once per list.")
    return _novelty_result(full, t, norm, t["rank"] <= depth, note)
