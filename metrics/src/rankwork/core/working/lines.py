"""The working of any measure the check page, the Pitfalls lab and the exercises ask about,
as `rankwork.core.working.latex` lines with the numbers substituted, read from one `Result`.

The graded measures use `latex` (DCG, IDCG and nDCG together for nDCG, ERR, RBP), the
diversity measures `novelty` (α-nDCG, ERR-IA, S-recall), from the Result alone. The binary
measures are written here from the same per-rank table: the hits within k, R, the precision at
each relevant rank. A Result may come from `rankwork.teaching.pitfalls.compute` with mistakes
switched on: the working then shows the wrong calculation, e.g. the floor of integer division, or
the list length as P's denominator, because it reads what the mistake recorded in the Result.

The app's pages set each line's `display` with st.latex and its note under it;
`rankwork.core.result.Result.latex` and `.markdown` give the same lines as text.
"""

from __future__ import annotations

import pandas as pd

from rankwork.core.conventions import Convention
from rankwork.core.measures.families.dcg import part
from rankwork.core.result import Result
from rankwork.core.working import latex, novelty
from rankwork.core.working.latex import Expr, Line, number
from rankwork.language import _


def lines(family: str, result: Result, convention: Convention, decimals: int = 4) -> list[Line]:
    """The working of `result`, a Result of `family` computed under `convention`. Raises
    ValueError for a family that has none (e.g. Bpref): `WORKED` names those that have one."""
    if family not in WORKED:
        raise ValueError(
            _("{family} has no worked solution; these measures have one: {families}.").format(
                family=family, families=", ".join(sorted(WORKED))
            )
        )
    if family == "DCG":
        return [latex.dcg(result, convention, decimals)]
    if family == "IDCG":
        return [latex.idcg(result, convention, decimals)]
    if family == "nDCG":
        return [
            latex.dcg(part("DCG", result), convention, decimals),
            latex.idcg(part("IDCG", result), convention, decimals),
            latex.ndcg(result, decimals),
        ]
    if family == "ERR":
        return latex.err(result, decimals)
    if family == "RBP":
        return latex.rbp(result, decimals)
    if family in _NOVELTY:
        return _NOVELTY[family](result, None, decimals)
    if family == "StRecall":
        return novelty.st_recall(result, decimals)
    return [_BINARY[family](result, convention, decimals)]


# Read from the Result alone: a mistake may have changed its gains (each subtopic once).
_NOVELTY = {"alpha_nDCG": novelty.alpha_ndcg, "ERR_IA": novelty.err_ia}


# --- binary measures -------------------------------------------------------------------------


def _hits(table: pd.DataFrame) -> int:
    return int((table["relevant"] & table["in_cutoff"]).sum())


def _depth(result: Result) -> int:
    """The cutoff the measure read: k from its name, else the list length."""
    k = result.name.partition("@")[2]
    return int(k) if k else len(result.table)


def _fraction(top: str, bottom: str, floor: bool) -> Expr:
    tex = rf"\frac{{{top}}}{{{bottom}}}"
    if floor:
        return Expr(rf"\left\lfloor {tex} \right\rfloor", f"floor({top}/{bottom})")
    return Expr(tex, f"{top}/{bottom}")


def _value(result: Result, decimals: int) -> Expr:
    text = number(result.value, decimals)
    return Expr(text, text)


def _name(result: Result) -> Expr:
    return Expr(latex.name_tex(result.name), result.name)


def _relevant_note(convention: Convention, hits: int, depth: int) -> str:
    said = _("{hits} of the top {depth} are relevant (judged, grade >= {threshold:g})")
    return said.format(hits=hits, depth=depth, threshold=convention.rel_threshold)


def _floored(result: Result) -> bool:
    return bool(result.details.get("integer_division"))


def _precision(result: Result, convention: Convention, decimals: int) -> Line:
    """P@k = h(k) / k (the denominator the Result used: k, or what a mistake put there)."""
    hits, depth = _hits(result.table), int(result.details.get("depth", _depth(result)))
    sides = (_fraction(str(hits), str(depth), _floored(result)), _value(result, decimals))
    note = _relevant_note(convention, hits, _depth(result))
    return Line(_name(result), sides, _("; ").join(n for n in (note, result.note) if n))


def _recall(result: Result, convention: Convention, decimals: int) -> Line:
    """R@k = h(k) / R, R counting every relevant judged document, retrieved or not."""
    hits, big_r = _hits(result.table), int(result.details["R"])
    if not big_r:
        return Line(_name(result), (_value(result, decimals),), _("nothing is relevant: R = 0"))
    sides = (_fraction(str(hits), str(big_r), _floored(result)), _value(result, decimals))
    note = _("{hits} found of R = {big_r} relevant judged documents").format(hits=hits, big_r=big_r)
    return Line(_name(result), sides, _("; ").join(n for n in (note, result.note) if n))


def _f1(result: Result, convention: Convention, decimals: int) -> Line:
    """F1@k = 2 h(k) / (R + k), the harmonic mean of P@k = h/k and R@k = h/R."""
    hits, big_r, depth = _hits(result.table), int(result.details["R"]), _depth(result)
    if not big_r:
        return Line(_name(result), (_value(result, decimals),), _("nothing is relevant: R = 0"))
    symbolic = Expr(
        r"\frac{2\,\mathrm{P}\,\mathrm{R}}{\mathrm{P}+\mathrm{R}} = \frac{2\,h}{R + k}",
        "2PR/(P+R) = 2h/(R+k)",
    )
    numbers = Expr(rf"\frac{{2 \cdot {hits}}}{{{big_r} + {depth}}}", f"2*{hits}/({big_r}+{depth})")
    sides = (symbolic, numbers, _value(result, decimals))
    said = _("h = {hits} relevant in the top k = {depth}; R = {big_r}")
    note = said.format(hits=hits, depth=depth, big_r=big_r)
    return Line(_name(result), sides, note)


def _average_precision(result: Result, convention: Convention, decimals: int) -> Line:
    """AP = (1/R) sum of P@i over the relevant ranks i within k."""
    t = result.table
    rows = t[t["relevant"] & t["in_cutoff"]]
    big_r = int(result.details["R"])
    if not big_r or rows.empty:
        if not big_r:
            why = _("nothing is relevant: R = 0")
        else:
            why = _("no relevant document in the top k")
        return Line(_name(result), (_value(result, decimals),), why)
    floor = _floored(result)
    terms = [
        _fraction(str(int(h)), str(int(r)), floor)
        for h, r in zip(rows["hits"], rows["rank"], strict=True)
    ]
    inner = Expr(" + ".join(e.tex for e in terms), " + ".join(e.text for e in terms))
    outer = _fraction(inner.tex, str(big_r), floor)
    sides = (
        Expr(outer.tex, f"({inner.text}) / {big_r}"),
        _value(result, decimals),
    )
    note = _(
        "precision at each of the {n} relevant ranks, divided by R = {big_r} relevant judged "
        "documents"
    ).format(n=len(rows), big_r=big_r)
    return Line(_name(result), sides, _("; ").join(n for n in (note, result.note) if n))


def _reciprocal_rank(result: Result, convention: Convention, decimals: int) -> Line:
    """RR = 1 / (rank of the first relevant document within k)."""
    t = result.table
    first = t[t["relevant"] & t["in_cutoff"]]
    if first.empty:
        why = _("no relevant document in the top k")
        return Line(_name(result), (_value(result, decimals),), why)
    rank = int(first["rank"].iloc[0])
    sides = (_fraction("1", str(rank), False), _value(result, decimals))
    note = _("the first relevant document is at rank {rank}").format(rank=rank)
    return Line(_name(result), sides, note)


_BINARY = {
    "P": _precision,
    "R": _recall,
    "F1": _f1,
    "AP": _average_precision,
    "RR": _reciprocal_rank,
}

# The families `lines` writes the working of.
WORKED = frozenset({"DCG", "IDCG", "nDCG", "ERR", "RBP", "StRecall", *_NOVELTY, *_BINARY})
