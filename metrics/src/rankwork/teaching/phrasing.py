"""Conventions in words: what each choice means, for exercise statements, the side-by-side
table of tools ("which choices differ") and diagnoses.

`choice(field, value)` phrases one field's value ('exponential gain 2^g - 1');
`describe(convention, family)` the choices `family` reads, as one sentence a student can
compute from; `changes(a, b, family)` the fields on which two conventions differ, phrased.
"""

from __future__ import annotations

from collections.abc import Collection

from rankwork.core.conventions import Convention
from rankwork.core.discounts import DISCOUNTS
from rankwork.core.gains import GAINS
from rankwork.core.measures import SPECS
from rankwork.core.measures.spec import ORDERING
from rankwork.core.numbers import short as _num
from rankwork.core.ranking import Ranking
from rankwork.language import N_, _

SHORT = {
    "gain": N_("gain"),
    "gain_map": N_("gain map"),
    "discount": N_("discount"),
    "log_base": N_("log base"),
    "discount_p": N_("discount p"),
    "ideal": N_("ideal ranking"),
    "ideal_cut": N_("ideal cut"),
    "dcg_cutoff": N_("cutoff k"),
    "empty_value": N_("value when nothing is relevant"),
    "err_gmax": N_("ERR top grade"),
    "rbp_p": N_("RBP p"),
    "rbp_gain": N_("RBP gain"),
    "rbp_gmax": N_("RBP top grade"),
    "rel_threshold": N_("relevance threshold"),
    "ties": N_("tie order"),
    "float32_scores": N_("score precision"),
    "negative": N_("negative grades"),
}
"""Each Convention field in two or three words (marked for translation: show `_(SHORT[f])`)."""


def moot(ranking: Ranking) -> set[str]:
    """The choices that cannot change a number on this list: the tie order and the score
    precision when it has no scores, the negative-grade policy when no grade is negative."""
    out = set() if ranking.scores is not None else {"ties", "float32_scores"}
    if not ((ranking.grades < 0).any() or (ranking.unretrieved < 0).any()):
        out.add("negative")
    return out


def _gain(c: Convention) -> str:
    return GAINS[c.gain].phrase(c)


def _discount(c: Convention) -> str:
    return DISCOUNTS[c.discount].phrase(c)


_IDEAL = {
    "judged": N_("ideal ranking from all judged documents (retrieved or not)"),
    "retrieved": N_("ideal ranking from the retrieved list only"),
    "none": N_("ideal ranking of k documents of the top grade (scaled DCG)"),
}
_TIES = {
    "docno_desc": N_("tied scores broken by doc id, descending (as text)"),
    "input": N_("tied scores kept in input order"),
    "reverse_input": N_("tied scores in reverse input order"),
    "average": N_("gains averaged over tied scores"),
}
_NEGATIVE = {
    "reject": N_("negative grades rejected"),
    "clip": N_("negative grades clipped to 0"),
    "unjudged": N_("negative grades treated as unjudged"),
    "keep": N_("negative grades used as they are"),
}
_RBP_GAIN = {
    "graded": "g / gmax",
    "binary": N_("1 if relevant else 0"),
    "raw": N_("the raw grade g"),
}


def _top(value: float | None, scale_max: float | None) -> str:
    if value is not None:
        return _num(value)
    if scale_max is None:
        return _("the scale's maximum")
    return _("the scale's maximum ({top})").format(top=_num(scale_max))


def choice(c: Convention, field: str, scale_max: float | None = None) -> str:
    """The value of `field` in convention `c`, in words (`scale_max` names the top grade
    where the convention takes the scale's maximum)."""
    phrases = {
        "gain": _gain,
        "gain_map": _gain,
        "discount": _discount,
        "log_base": _discount,
        "discount_p": _discount,
        "ideal": lambda c: _(_IDEAL[c.ideal]),
        "ideal_cut": lambda c: _("ideal cut at k") if c.ideal_cut else _("ideal not cut at k"),
        "dcg_cutoff": lambda c: (
            _("DCG read to k")
            if c.dcg_cutoff
            else _("k ignored: the whole list and the whole ideal ranking (trec_eval ndcg)")
        ),
        "empty_value": lambda c: _("nDCG = {value:g} when nothing is relevant").format(
            value=c.empty_value
        ),
        "err_gmax": lambda c: _("ERR top grade gmax = {top}").format(
            top=_top(c.err_gmax, scale_max)
        ),
        "rbp_p": lambda c: _("RBP persistence p = {p}").format(p=_num(c.rbp_p)),
        "rbp_gain": lambda c: _("RBP gain {gain}").format(gain=_(_RBP_GAIN[c.rbp_gain])),
        "rbp_gmax": lambda c: _("RBP top grade {top}").format(top=_top(c.rbp_gmax, scale_max)),
        "rel_threshold": lambda c: _("relevant means grade >= {threshold}").format(
            threshold=_num(c.rel_threshold)
        ),
        "ties": lambda c: _(_TIES[c.ties]),
        "float32_scores": lambda c: (
            _("scores as 32-bit floats") if c.float32_scores else _("scores as 64-bit floats")
        ),
        "negative": lambda c: _(_NEGATIVE[c.negative]),
    }
    return phrases[field](c)


_ESSENTIAL = {
    "DCG": ("gain", "discount"),
    "IDCG": ("gain", "discount", "ideal", "ideal_cut"),
    "nDCG": ("gain", "discount", "ideal", "ideal_cut", "empty_value"),
    "ERR": ("err_gmax",),
    "RBP": ("rbp_p", "rbp_gain", "rel_threshold"),
}


#: fields whose words are part of another field's phrase (the gain map in the gain's, ...)
_SAID_WITH = ("gain_map", "log_base", "discount_p", "dcg_cutoff")


def _essential(family: str) -> tuple[str, ...]:
    """The Convention fields a student needs for `family`: `_ESSENTIAL`'s, else those its spec
    reads (`MeasureSpec.reads`) that change its value on a ranked list (not how the list is
    ordered); the relevance threshold when it reads none of those."""
    if family in _ESSENTIAL:
        return _ESSENTIAL[family]
    spec = SPECS.get(family)
    read = () if spec is None else spec.reads
    fields = tuple(f for f in read if f not in ORDERING and f not in _SAID_WITH)
    return fields or ("rel_threshold",)


def describe(c: Convention, family: str, scale_max: float | None = None) -> str:
    """The choices a student needs to compute `family` under `c`, as one sentence."""
    fields = _essential(family)
    spec = SPECS.get(family)
    if spec is not None and "dcg_cutoff" in spec.reads and not c.dcg_cutoff:
        fields = tuple(f for f in fields if f != "ideal_cut") + ("dcg_cutoff",)
    if family == "RBP" and c.rbp_gain != "binary":
        fields = ("rbp_p", "rbp_gain") + (("rbp_gmax",) if c.rbp_gain == "graded" else ())
    # i18n: the separator between two choices of a convention (a semicolon and a space)
    text = _("; ").join(choice(c, f, scale_max) for f in fields)
    # i18n: one sentence made of the convention's choices, separated by semicolons
    return _("{choices}.").format(choices=text[0].upper() + text[1:])


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
