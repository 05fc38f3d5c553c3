"""The working of α-nDCG and ERR-IA with this list's numbers, as `latex` lines.

Every number comes from the measure's `Result`: the novelty gains g_i, the discounted gains and
the ideal's gains from its table, the sums and the normaliser from its details. The gains are
written term by term, w_j for a subtopic first seen at rank i and w_j (1 - α)^c for one seen c
times above it; which subtopics those are, and the weights w_j, are the core's own reading of
the judgments (`rankwork.core.diversity.judged` and `novelty`, the functions the measure used),
so each sum written out adds up to the table's g_i. Subtopic names (user text) never enter the
LaTeX: the table beside the working names them.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import replace

import pandas as pd

from rankwork.core.diversity import judged, novelty
from rankwork.core.measures import display_name
from rankwork.core.ranking import Ordered
from rankwork.core.result import Result
from rankwork.core.working.latex import (
    Expr,
    Line,
    _added,
    _elide,
    _sum,
    _terms_note,
    _values,
    number,
)
from rankwork.language import _

_G_RULE = r"g_i = \sum_j w_j\,(1-\alpha)^{c_{ij}}"


def _rows(result: Result) -> pd.DataFrame:
    """The rows of the table within the cutoff (all of them without one)."""
    k = result.name.partition("@")[2]
    t = result.table
    return t[t["rank"] <= int(k)] if k else t


def _depth(result: Result) -> int:
    k = result.name.partition("@")[2]
    return int(k) if k else len(result.table)


def gains(result: Result, ordered: Ordered, decimals: int) -> Line:
    """g_i for each rank within k, term by term: 'g_2 = 0.3333 + 0.3333 = 0.6667'."""
    alpha = result.details["alpha"]
    j = judged(ordered)
    steps = novelty(j.ranked, j.weight, alpha)
    rows = _rows(result)
    keep = 1.0 - alpha
    items = []
    for rank, gain in zip(rows["rank"], rows["gain"], strict=True):
        step = steps[int(rank) - 1]
        terms = [Expr(number(j.weight[s], decimals), number(j.weight[s], decimals))
                 for s in step.new]  # fmt: skip
        for s, c in step.repeated:
            w, base = number(j.weight[s], decimals), number(keep, decimals)
            terms.append(Expr(rf"{w} \cdot {base}^{{{c}}}", f"{w}*{base}^{c}"))
        value = number(gain, decimals)
        if len(terms) > 1 or step.repeated:  # the sum, then its value
            shown = _sum(terms)
            shown = Expr(f"{shown.tex} = {value}", f"{shown.text} = {value}")
        else:
            shown = Expr(value, value)
        r = int(rank)
        items.append(Expr(rf"g_{{{r}}} = {shown.tex}", f"g_{r} = {shown.text}"))
    statements = _elide(items)
    tex = r",\quad ".join(e.tex for e in statements)
    text = ", ".join(e.text for e in statements)
    weights = sorted(set(j.weight.values()))
    if len(weights) == 1:
        w = _("w_j = {weight} for each of the {count} subtopics").format(
            weight=number(weights[0], decimals), count=len(j.weight)
        )
    else:
        w = _("w_j: the intent weights, scaled to sum to 1")
    note = _(
        "{weights}; 1 - α = {keep}; c_ij = how many documents above rank i are relevant to "
        "subtopic j (the table's new and repeated columns)"
    ).format(weights=w, keep=number(keep, decimals))
    return Line(
        Expr(rf"{_G_RULE}:\quad {tex}", f"g_i = sum_j w_j (1-α)^c_ij: {text}"),
        note=note + ("; " + _terms_note(len(items)) if _terms_note(len(items)) else ""),
    )


def _discounted_sum(
    name: Expr,
    result: Result,
    rule: Expr | None,
    denominator: Callable[[int], Expr],
    decimals: int,
) -> Line:
    """name [= rule] = sum_i g_i / d(i) with the numbers = their values = the sum."""
    rows = _rows(result)
    terms = _over(rows["rank"], rows["gain"], denominator, decimals)
    sides = [rule, _sum(terms)] if rule is not None else [_sum(terms)]
    total, rounding = result.details["discounted_sum"], ""
    if len(terms) > 1:  # the total shown is what the terms shown add up to (latex._added)
        values, shown, rounding = _added(
            rows["discounted_gain"].tolist(), total, name.text, decimals
        )
        sides += [values, shown]
    else:
        sides.append(Expr(number(total, decimals), number(total, decimals)))
    return Line(
        name, tuple(sides), _("; ").join(n for n in (_terms_note(len(terms)), rounding) if n)
    )


def _over(
    ranks: Iterable[float],
    gains: Iterable[float],
    denominator: Callable[[int], Expr],
    decimals: int,
) -> list[Expr]:
    """Each gain over its rank's denominator: g_i / d(i)."""
    return [
        Expr(
            rf"\frac{{{number(g, decimals)}}}{{{denominator(int(r)).tex}}}",
            f"{number(g, decimals)}/{denominator(int(r)).text}",
        )
        for r, g in zip(ranks, gains, strict=True)
    ]


def _log(rank: int) -> Expr:
    return Expr(rf"\log_2 {rank + 1}", f"log2({rank + 1})")


def _rank(rank: int) -> Expr:
    return Expr(str(rank), str(rank))


def _ratio(result: Result, top: Expr, bottom: Expr, decimals: int) -> Line:
    """The measure = top / bottom = the numbers = the value (or 0 with nothing to find)."""
    norm = result.details["normaliser"]
    value = Expr(number(result.value, decimals), number(result.value, decimals))
    ratio = Expr(rf"\frac{{{top.tex}}}{{{bottom.tex}}}", f"{top.text} / {bottom.text}")
    if norm <= 0:
        return Line(_measure(result), (ratio, value), result.note)
    numerator = number(result.details["discounted_sum"], decimals)
    numbers = Expr(
        rf"\frac{{{numerator}}}{{{number(norm, decimals)}}}",
        f"{numerator} / {number(norm, decimals)}",
    )
    return Line(_measure(result), (ratio, numbers, value))


_GREEK = {"α": r"\alpha", "β": r"\beta"}


def _measure(result: Result) -> Expr:
    """The measure's name as people write it (`display_name`: α-nDCG(α=0.8)@5, not
    alpha_nDCG(alpha=0.8)@5), its Greek letters as LaTeX symbols and the rest as text."""
    shown = display_name(result.name)
    parts = re.split(f"([{''.join(_GREEK)}])", shown)
    tex = "".join(_GREEK.get(p, rf"\text{{{p}}}") for p in parts if p)
    return Expr(tex, shown)


def alpha_ndcg(result: Result, ordered: Ordered | None, decimals: int = 4) -> list[Line]:
    """The novelty gains (when `ordered`, the list the measure read, is given), α-DCG@k, the
    greedy ideal's α-DCG@k (its gains from the table's ideal_gain column) and their ratio."""
    at = f"@{_depth(result)}"
    dcg = Expr(rf"\alpha\text{{-DCG{at}}}", f"α-DCG{at}")
    best = Expr(rf"\alpha\text{{-DCG}}^{{*}}{at}", f"α-DCG*{at}")
    numerator = _discounted_sum(
        dcg, result, Expr(r"\sum_i \frac{g_i}{\log_2(i+1)}", "sum_i g_i/log2(i+1)"), _log, decimals
    )
    rows = _rows(result)
    ideal = rows[rows["ideal_gain"] > 0]
    terms = _over(ideal["rank"], ideal["ideal_gain"], _log, decimals)
    norm = number(result.details["normaliser"], decimals)
    sides = [Expr(r"\sum_i \frac{g^{*}_i}{\log_2(i+1)}", "sum_i g*_i/log2(i+1)")]
    sides += [_sum(terms)] if terms else []
    ideal_line = Line(
        best,
        (*sides, Expr(norm, norm)),
        _(
            "g*_i: the novelty gain of the ideal ranking's document at rank i (the table's ideal "
            "columns)"
        ),
    )
    if ordered is not None:  # the measure as computed (a mistake's Result keeps stale sums)
        numerator = replace(
            numerator, note=_join_notes(numerator.note, weighting(result, decimals))
        )
    lines = [numerator, ideal_line, _ratio(result, dcg, best, decimals)]
    return ([gains(result, ordered, decimals)] if ordered is not None else []) + lines


def weighting(result: Result, decimals: int) -> str:
    """What weighting the subtopics does to α-nDCG's numerator sum g_i/log2(i+1), with both
    numbers from the core's details (`rankwork.core.diversity._unweighted`): ndeval's g_i weighs
    subtopic j by w_j = 1/|S| (or the intent weight), Clarke et al.'s by 1. It also says that
    RankLab's alpha_DCG@k (at the same α) is that sum over ndeval's normaliser, a different
    number. Empty with one subtopic or none (nothing to weigh)."""
    d = result.details
    count = int(d["subtopics"])
    if count < 2 or not d["normaliser"] > 0:
        return ""
    depth = _depth(result)
    values = {
        "at": f"@{depth}",
        "count": count,
        "weighted": number(d["discounted_sum"], decimals),
        "plain": number(d["unweighted_sum"], decimals),
    }
    if d["equal_weights"]:
        said = _(
            "Σ g_i/log2(i+1), α-nDCG's numerator, weighs each subtopic here by w_j = 1/|S| = "
            "1/{count}, the equal intent weights of ndeval's intent-aware measures: {weighted}. "
            "Clarke et al.'s α-DCG{at} (SIGIR 2008) is this sum with each subtopic counted as 1, "
            "so it is |S| = {count} times that: {plain}. α-nDCG is the same either way (the "
            "factor cancels)."
        ).format(**values)
    else:
        said = _(
            "Σ g_i/log2(i+1), α-nDCG's numerator, weighs each subtopic j here by its intent "
            "weight w_j (scaled to sum to 1): {weighted}. Clarke et al.'s α-DCG{at} (SIGIR 2008) "
            "has no intent weights and counts each subtopic as 1: {plain}, which is not |S| "
            "times {weighted}. Their α-nDCG{at} is {clarke}, the value with equal weights; the "
            "intent weights change this α-nDCG too."
        ).format(**values, clarke=number(d["unweighted_value"], decimals))
    measure = _(
        "RankLab's measure {measure} is another number: this weighted sum divided by ndeval's "
        "normaliser Σ_(i≤{depth}) (1 − α)^(i−1)/log2(i+1), the same sum for a list relevant to "
        "every subtopic at every rank."
    ).format(measure=display_name(result.name.replace("alpha_nDCG", "alpha_DCG", 1)), depth=depth)
    return f"{said} {measure}"


def err_ia(result: Result, ordered: Ordered | None, decimals: int = 4) -> list[Line]:
    """The novelty gains (at the α the measure read; when `ordered`, the list the measure read,
    is given), sum g_i/i, ndeval's normaliser sum (1-α)^(i-1)/i over i <= k, and their ratio."""
    keep = number(1.0 - result.details["alpha"], decimals)
    top = Expr(r"\sum_i \frac{g_i}{i}", "sum_i g_i/i")
    numerator = _discounted_sum(top, result, None, _rank, decimals)
    depth = _depth(result)
    terms = [
        Expr(rf"\frac{{{keep}^{{{i - 1}}}}}{{{i}}}", f"{keep}^{i - 1}/{i}")
        for i in range(1, depth + 1)
    ]
    bottom = Expr(r"\sum_i \frac{(1-\alpha)^{i-1}}{i}", "sum_i (1-α)^(i-1)/i")
    norm = number(result.details["normaliser"], decimals)
    normaliser = Line(
        bottom,
        (_sum(terms), Expr(norm, norm)),
        _join_notes(
            _(
                "ndeval's normaliser: the same sum for a list whose every document is relevant "
                "to every subtopic"
            ),
            _terms_note(len(terms)),
        ),
    )
    lines = [numerator, normaliser, _ratio(result, top, bottom, decimals)]
    return ([gains(result, ordered, decimals)] if ordered is not None else []) + lines


def st_recall(result: Result, decimals: int = 4) -> list[Line]:
    """S-recall@k = the subtopics first covered within k (the table's gain column: how many
    are new at each rank) over the query's subtopics."""
    rows = _rows(result)
    new = [int(g) for g in rows["gain"]]
    total = int(result.details["subtopics"])
    covered = Expr(_sum(_values(new, 0)).tex, _sum(_values(new, 0)).text)
    value = number(result.value, decimals)
    fraction = Expr(rf"\frac{{{sum(new)}}}{{{total}}}", f"{sum(new)}/{total}")
    line = Line(
        _measure(result),
        (
            Expr(rf"\frac{{{covered.tex}}}{{{total}}}", f"({covered.text})/{total}"),
            fraction,
            Expr(value, value),
        ),  # fmt: skip
        _("the subtopics each rank covers for the first time, over the query's subtopics"),
    )
    return [line]


def _join_notes(*parts: str) -> str:
    return _("; ").join(p for p in parts if p)
