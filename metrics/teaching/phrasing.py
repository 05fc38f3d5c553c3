"""Conventions in words: what each choice means, for exercise statements, the side-by-side
table of tools ("which choices differ") and diagnoses.

`choice(field, value)` phrases one field's value ('exponential gain 2^g - 1');
`describe(convention, family)` the choices `family` reads, as one sentence a student can
compute from; `changes(a, b, family)` the fields on which two conventions differ, phrased.
"""

from __future__ import annotations

import math
from collections.abc import Collection

from metrics.core.conventions import Convention
from metrics.core.ranking import Ranking
from metrics.core.specs import SPECS

SHORT = {
    "gain": "gain",
    "gain_map": "gain map",
    "discount": "discount",
    "log_base": "log base",
    "discount_p": "discount p",
    "ideal": "ideal ranking",
    "ideal_cut": "ideal cut",
    "dcg_cutoff": "cutoff k",
    "empty_value": "value when nothing is relevant",
    "err_gmax": "ERR top grade",
    "rbp_p": "RBP p",
    "rbp_gain": "RBP gain",
    "rbp_gmax": "RBP top grade",
    "rel_threshold": "relevance threshold",
    "ties": "tie order",
    "float32_scores": "score precision",
    "negative": "negative grades",
}
"""Each Convention field in two or three words."""


def moot(ranking: Ranking) -> set[str]:
    """The choices that cannot change a number on this list: the tie order and the score
    precision when it has no scores, the negative-grade policy when no grade is negative."""
    out = set() if ranking.scores is not None else {"ties", "float32_scores"}
    if not ((ranking.grades < 0).any() or (ranking.unretrieved < 0).any()):
        out.add("negative")
    return out


def _num(x: float) -> str:
    return "e" if math.isclose(x, math.e) else f"{x:g}"


def _gain(c: Convention) -> str:
    if c.gain == "exponential":
        return "exponential gain 2^g - 1"
    if c.gain == "linear":
        return "linear gain g"
    pairs = ", ".join(f"{_num(g)}→{_num(v)}" for g, v in c.gain_map)
    return f"custom gains {pairs}"


def _discount(c: Convention) -> str:
    b = _num(c.log_base)
    log = "ln" if b == "e" else f"log{b}"
    return {
        "log": f"discount 1/{log}(i+1)",
        "jk": f"Järvelin-Kekäläinen discount (1 for i < {b}, then 1/{log}(i))",
        "geometric": f"discount {_num(c.discount_p)}^(i-1)",
        "reciprocal": "discount 1/i",
        "flat": "no discount (every rank up to k weighs 1)",
    }[c.discount]


_IDEAL = {
    "judged": "ideal ranking from all judged documents (retrieved or not)",
    "retrieved": "ideal ranking from the retrieved list only",
    "none": "ideal ranking of k documents of the top grade (scaled DCG)",
}
_TIES = {
    "docno_desc": "tied scores broken by doc id, descending (as text)",
    "input": "tied scores kept in input order",
    "reverse_input": "tied scores in reverse input order",
    "average": "gains averaged over tied scores",
}
_NEGATIVE = {
    "reject": "negative grades rejected",
    "clip": "negative grades clipped to 0",
    "unjudged": "negative grades treated as unjudged",
    "keep": "negative grades used as they are",
}
_RBP_GAIN = {"graded": "g / gmax", "binary": "1 if relevant else 0", "raw": "the raw grade g"}


def _top(value: float | None, scale_max: float | None) -> str:
    if value is not None:
        return _num(value)
    return "the scale's maximum" + (f" ({_num(scale_max)})" if scale_max is not None else "")


def choice(c: Convention, field: str, scale_max: float | None = None) -> str:
    """The value of `field` in convention `c`, in words (`scale_max` names the top grade
    where the convention takes the scale's maximum)."""
    phrases = {
        "gain": _gain,
        "gain_map": _gain,
        "discount": _discount,
        "log_base": _discount,
        "discount_p": _discount,
        "ideal": lambda c: _IDEAL[c.ideal],
        "ideal_cut": lambda c: "ideal cut at k" if c.ideal_cut else "ideal not cut at k",
        "dcg_cutoff": lambda c: (
            "DCG read to k"
            if c.dcg_cutoff
            else "k ignored: the whole list and the whole ideal ranking (trec_eval ndcg)"
        ),
        "empty_value": lambda c: f"nDCG = {c.empty_value:g} when nothing is relevant",
        "err_gmax": lambda c: f"ERR top grade gmax = {_top(c.err_gmax, scale_max)}",
        "rbp_p": lambda c: f"RBP persistence p = {_num(c.rbp_p)}",
        "rbp_gain": lambda c: f"RBP gain {_RBP_GAIN[c.rbp_gain]}",
        "rbp_gmax": lambda c: f"RBP top grade {_top(c.rbp_gmax, scale_max)}",
        "rel_threshold": lambda c: f"relevant means grade >= {_num(c.rel_threshold)}",
        "ties": lambda c: _TIES[c.ties],
        "float32_scores": lambda c: (
            "scores as 32-bit floats" if c.float32_scores else "scores as 64-bit floats"
        ),
        "negative": lambda c: _NEGATIVE[c.negative],
    }
    return phrases[field](c)


_ESSENTIAL = {
    "DCG": ("gain", "discount"),
    "IDCG": ("gain", "discount", "ideal", "ideal_cut"),
    "nDCG": ("gain", "discount", "ideal", "ideal_cut", "empty_value"),
    "ERR": ("err_gmax",),
    "RBP": ("rbp_p", "rbp_gain", "rel_threshold"),
}


def describe(c: Convention, family: str, scale_max: float | None = None) -> str:
    """The choices a student needs to compute `family` under `c`, as one sentence."""
    fields = _ESSENTIAL.get(family, ("rel_threshold",))
    if family in ("DCG", "IDCG", "nDCG") and not c.dcg_cutoff:
        fields = tuple(f for f in fields if f != "ideal_cut") + ("dcg_cutoff",)
    if family == "RBP" and c.rbp_gain != "binary":
        fields = ("rbp_p", "rbp_gain") + (("rbp_gmax",) if c.rbp_gain == "graded" else ())
    text = "; ".join(choice(c, f, scale_max) for f in fields)
    return text[0].upper() + text[1:] + "."


def changes(
    a: Convention, b: Convention, family: str | None = None, ignore: Collection[str] = ()
) -> list[str]:
    """'discount 1/log2(i+1) → discount 1/ln(i+1)' for each choice `family` reads on which
    `a` and `b` differ, except the fields in `ignore` (fields phrased together, such as the
    discount's base, appear once)."""
    out: list[str] = []
    for field in a.differences(b, SPECS[family].reads if family else None):
        line = f"{choice(a, field)} → {choice(b, field)}"
        if field not in ignore and line not in out:
            out.append(line)
    return out
