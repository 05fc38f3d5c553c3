"""Discounts: the weight of rank i (1-based) in DCG, and the reader each one models, as a registry.

- log:        1 / log_b(i + 1); b = 2 gives 1, 0.631, 0.5, 0.431, 0.387, ... (Burges et al. 2005,
              every library). The base scales every weight by the same factor ln b / ln 2, so it
              changes DCG but cancels in nDCG.
- jk:         Järvelin & Kekäläinen (2002) rank-b: 1 for i < b, then 1 / log_b(i). With b = 2
              ranks 1 and 2 both weigh 1: a different profile, not a change of base.
- geometric:  p^(i - 1), the memoryless reader of RBP who goes on with probability p.
- reciprocal: 1 / i (Zipfian; the weight behind RR and AP's precision terms).
- flat:       1 for i <= k, 0 after (precision's and cumulated gain's reader, who reads exactly k).

Each discount is one `DiscountKind` in `DISCOUNTS`, keyed by the name a `Convention`'s
``discount`` field takes: its weights, its labels, the sentence on its reader, how the working
writes it, the `Convention` fields it reads and its source. Everything that names a discount (the
Convention's allowed values, the Playground's picker, the LaTeX working, the phrases of the
exercises, the reader profiles) reads it from that entry, so a new discount is one entry here.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, NamedTuple

import numpy as np

from rankwork.core.numbers import short
from rankwork.language import N_, _

if TYPE_CHECKING:
    from rankwork.core.conventions import Convention


class Written(NamedTuple):
    """A discount at one rank as the working writes it: ``how`` is 'over' (the gain divided by
    ``tex``/``text``), 'times' (the gain multiplied by it) or 'as is' (weight 1: the gain alone)."""

    how: str
    tex: str
    text: str


@dataclass(frozen=True, kw_only=True)
class DiscountKind:
    """One discount: everything that shows, computes or explains it.

    Parameters
    ----------
    name : str
        The value of ``Convention.discount`` that picks it ('log').
    weights : callable
        ``weights(ranks, k=k, **parameters)``: the weights of the 1-based ranks (a float array),
        each parameter a `Convention` field named in `parameters`; k is the cutoff or None.
    label : str
        The Playground's option, marked for translation ('1 / log_b(i+1)').
    words : str
        A few words for a derived convention's name, marked for translation ('log discount').
    phrase : callable
        ``phrase(convention)``: the discount with its parameters in words, translated
        ('discount 1/log2(i+1)').
    profile : callable
        ``profile(convention, k)``: the profile's key, a formula in English ('1/log2(i+1)').
    reader : callable
        ``reader(convention, k)``: one sentence on the reader it models, translated.
    written : callable
        ``written(rank, convention)``: the discount at ``rank`` for the LaTeX working.
    parameters : tuple of str
        The `Convention` fields it reads ('log_base',).
    citation : str
        Where it comes from.
    profile_name : callable or None
        ``profile_name(convention, k)``: the profile's name, translated; None when the profile
        key is a formula, the same in every language.
    """

    name: str
    weights: Callable[..., np.ndarray]
    label: str
    words: str
    phrase: Callable[[Convention], str]
    profile: Callable[[Convention, int | None], str]
    reader: Callable[[Convention, int], str]
    written: Callable[[int, Convention], Written]
    parameters: tuple[str, ...]
    citation: str
    profile_name: Callable[[Convention, int | None], str] | None = None


def log_written(base: float, arg: str) -> tuple[str, str]:
    """log_b(arg) as (LaTeX, text): log_2, ln for b = e, else log_b."""
    if base == 2:
        return rf"\log_2 {arg}", f"log2({arg})"
    if math.isclose(base, math.e):
        return rf"\ln {arg}", f"ln({arg})"
    b = f"{base:g}"
    return rf"\log_{{{b}}} {arg}", f"log_{b}({arg})"


def _log_name(base: float) -> str:
    b = short(base)
    return "ln" if b == "e" else f"log{b}"


def _log_weights(ranks: np.ndarray, *, k: int | None, log_base: float) -> np.ndarray:
    return np.log(log_base) / np.log(ranks + 1.0)


def _log_reader(c: Convention, k: int) -> str:
    b = c.log_base
    if b == 2:
        return _(
            "A patient reader who never quite stops: attention fades with the log of the rank, "
            "and without a cutoff the weights add up without limit (no finite expected depth)."
        )
    return _(
        "The same patient reader as 1/log2(i+1): base {b:.3g} multiplies every weight by "
        "ln {b:.3g} / ln 2 = {factor:.3f}, so normalised (and in nDCG, "
        "where it cancels) the profile is identical."
    ).format(b=b, factor=np.log(b) / np.log(2))


def _jk_weights(ranks: np.ndarray, *, k: int | None, log_base: float) -> np.ndarray:
    out = np.ones(len(ranks))
    late = ranks >= log_base
    out[late] = np.log(log_base) / np.log(ranks[late])
    return out


def _jk_written(rank: int, c: Convention) -> Written:
    if rank < c.log_base:
        return Written("over", "1", "1")
    return Written("over", *log_written(c.log_base, str(rank)))


def _geometric_weights(ranks: np.ndarray, *, k: int | None, discount_p: float) -> np.ndarray:
    return discount_p ** (ranks - 1.0)


def _geometric_written(rank: int, c: Convention) -> Written:
    p = f"{c.discount_p:g}"
    return Written("times", f"{p}^{{{rank - 1}}}", f"{p}^{rank - 1}")


def _flat_weights(ranks: np.ndarray, *, k: int | None) -> np.ndarray:
    out = np.ones(len(ranks))
    if k is not None:
        out[k:] = 0.0
    return out


DISCOUNTS: dict[str, DiscountKind] = {
    kind.name: kind
    for kind in (
        DiscountKind(
            name="log",
            weights=_log_weights,
            label="1 / log_b(i+1)",
            words=N_("log discount"),
            phrase=lambda c: _("discount 1/{log}(i+1)").format(log=_log_name(c.log_base)),
            profile=lambda c, k: (
                "1/log2(i+1)" if c.log_base == 2 else f"1/log_b(i+1), b = {c.log_base:.3g}"
            ),
            reader=_log_reader,
            written=lambda rank, c: Written("over", *log_written(c.log_base, str(rank + 1))),
            parameters=("log_base",),
            citation="Burges et al., ICML 2005",
        ),
        DiscountKind(
            name="jk",
            weights=_jk_weights,
            label=N_("Järvelin–Kekäläinen rank-b"),
            words=N_("jk discount"),
            phrase=lambda c: _(
                "Järvelin-Kekäläinen discount (1 for i < {b}, then 1/{log}(i))"
            ).format(b=short(c.log_base), log=_log_name(c.log_base)),
            profile=lambda c, k: f"rank-b (JK), b = {c.log_base:.3g}",
            profile_name=lambda c, k: _("rank-b (JK), b = {b:.3g}").format(b=c.log_base),
            reader=lambda c, k: _(
                "A reader who gives the ranks up to b = {b:.3g} full attention (1/log_b(b) = 1), "
                "then fades as 1/log_b(i) (Järvelin & Kekäläinen 2002): patient, and never quite "
                "stops."
            ).format(b=c.log_base),
            written=_jk_written,
            parameters=("log_base",),
            citation="Järvelin & Kekäläinen, ACM TOIS 20(4), 2002",
        ),
        DiscountKind(
            name="geometric",
            weights=_geometric_weights,
            label=N_("geometric p^(i−1)"),
            words=N_("geometric discount"),
            phrase=lambda c: _("discount {p}^(i-1)").format(p=short(c.discount_p)),
            profile=lambda c, k: f"p^(i-1), p = {c.discount_p:g}",
            reader=lambda c, k: _(
                "A memoryless reader who goes on with probability p = {p:g} at every rank: "
                "{depth:.3g} documents on average without a cutoff (RBP, Moffat & Zobel 2008)."
            ).format(p=c.discount_p, depth=1 / (1 - c.discount_p)),
            written=_geometric_written,
            parameters=("discount_p",),
            citation="Moffat & Zobel, ACM TOIS 27(1), 2008",
        ),
        DiscountKind(
            name="reciprocal",
            weights=lambda ranks, *, k: 1.0 / ranks,
            label="1 / i",
            words=N_("reciprocal discount"),
            phrase=lambda c: _("discount 1/i"),
            profile=lambda c, k: "1/i",
            reader=lambda c, k: _(
                "An impatient reader whose attention falls as 1/i (Zipf): much of it goes to the "
                "first ranks, yet the weights still add up without limit."
            ),
            written=lambda rank, c: Written("over", str(rank), str(rank)),
            parameters=(),
            citation="Zipf's law; the weight behind RR and AP",
        ),
        DiscountKind(
            name="flat",
            weights=_flat_weights,
            label=N_("none (1 up to k)"),
            words=N_("flat discount"),
            phrase=lambda c: _("no discount (every rank up to k weighs 1)"),
            profile=lambda c, k: "flat (no discount)" if k is None else f"flat@{k} (P@{k})",
            profile_name=lambda c, k: (
                _("flat (no discount)") if k is None else _("flat@{k} (P@{k})").format(k=k)
            ),
            reader=lambda c, k: _(
                "A reader who reads exactly k = {k} documents, each with the same attention, and "
                "nothing after (P@{k})."
            ).format(k=k),
            written=lambda rank, c: Written("as is", "1", "1"),
            parameters=(),
            citation="Järvelin & Kekäläinen, ACM TOIS 20(4), 2002 (cumulated gain)",
        ),
    )
}
"""Every discount by its name (the value of ``Convention.discount``), in the order shown."""


def weights(kind: str, ranks: np.ndarray, k: int | None = None, **parameters: float) -> np.ndarray:
    """The weights of the 1-based `ranks` under the discount `kind`, which takes from
    `parameters` (`Convention` fields by name) the ones it reads:
    ``weights('geometric', ranks, log_base=2.0, discount_p=0.8)`` is 0.8^(i - 1)."""
    entry = DISCOUNTS[kind]
    given = {name: parameters[name] for name in entry.parameters}
    return entry.weights(np.asarray(ranks, dtype=float), k=k, **given)


def discount(n: int, convention: Convention, k: int | None = None) -> np.ndarray:
    """Weights of ranks 1..n under the convention's discount (not yet cut at k, except 'flat',
    whose weight is 1 up to k and 0 after; with k None it is 1 everywhere)."""
    kind = DISCOUNTS[convention.discount]
    parameters = {name: getattr(convention, name) for name in kind.parameters}
    return kind.weights(np.arange(1, n + 1, dtype=float), k=k, **parameters)
