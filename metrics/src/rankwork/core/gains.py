"""Gains: the value a document of grade g adds before it is discounted, as a registry.

- linear:      gain(g) = g                (Järvelin & Kekäläinen 2002; trec_eval, ranx `ndcg`)
- exponential: gain(g) = 2^g - 1          (Burges et al. 2005; LightGBM, gdeval, ranx `ndcg_burges`)
- custom:      gain(g) = map[g]           (trec_eval `-m ndcg.1=3,2=9`; LightGBM `label_gain`)

Unjudged documents (grade NaN) gain 0. On binary grades 0/1 linear and exponential coincide
(2^1 - 1 = 1), which is why the choice only shows with graded labels.

Each gain is one `GainKind` in `GAINS`, keyed by the name a `Convention`'s ``gain`` field takes:
its function, its labels, how the working writes it, the `Convention` fields it reads and its
source. Everything that names a gain reads it from that entry, so a new gain is one entry here.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from rankwork.core.numbers import short
from rankwork.language import N_, _

if TYPE_CHECKING:
    from rankwork.core.conventions import Convention

_EXP_GRADE_LIMIT = 1024  # 2.0**1024 is beyond the largest double


@dataclass(frozen=True, kw_only=True)
class GainKind:
    """One gain: everything that shows, computes or explains it.

    Parameters
    ----------
    name : str
        The value of ``Convention.gain`` that picks it ('exponential').
    gains : callable
        ``gains(grades, **parameters)``: the gains of judged grades (a float array without NaN),
        each parameter a `Convention` field named in `parameters`.
    label : str
        The Playground's option, marked for translation ('2^g − 1').
    short_name : str
        Its name in tables and legends, marked for translation ('exponential').
    words : str
        A few words for a derived convention's name, marked for translation ('exponential gain').
    phrase : callable
        ``phrase(convention)``: the gain with its parameters in words, translated.
    written : callable or None
        ``written(g)``: the gain of the grade written g as (LaTeX, text), e.g. ('2^{3}-1',
        '(2^3-1)'); None when only the number can be written (a map).
    parameters : tuple of str
        The `Convention` fields it reads ('gain_map',).
    citation : str
        Where it comes from.
    """

    name: str
    gains: Callable[..., np.ndarray]
    label: str
    short_name: str
    words: str
    phrase: Callable[[Convention], str]
    written: Callable[[str], tuple[str, str]] | None
    parameters: tuple[str, ...]
    citation: str


def _exponential(grades: np.ndarray) -> np.ndarray:
    with np.errstate(over="ignore"):
        out = np.exp2(grades) - 1.0
    if np.isinf(out).any():
        raise ValueError(
            _(
                "The exponential gain 2^g - 1 of grade {grade} is beyond the largest double "
                "(about 1.8e308): exponential gain takes grades below {limit}. Use the linear "
                "gain, or a custom gain map, for larger grades."
            ).format(grade=_fmt(grades[np.isinf(out)].max()), limit=_EXP_GRADE_LIMIT)
        )
    return out


def _custom_phrase(c: Convention) -> str:
    pairs = ", ".join(f"{short(g)}→{short(v)}" for g, v in c.gain_map)
    return _("custom gains {pairs}").format(pairs=pairs)


GAINS: dict[str, GainKind] = {
    kind.name: kind
    for kind in (
        GainKind(
            name="exponential",
            gains=_exponential,
            label="2^g − 1",
            short_name=N_("exponential"),
            words=N_("exponential gain"),
            phrase=lambda c: _("exponential gain 2^g - 1"),
            written=lambda g: (f"2^{{{g}}}-1", f"(2^{g}-1)"),
            parameters=(),
            citation="Burges et al., ICML 2005",
        ),
        GainKind(
            name="linear",
            gains=lambda grades: grades,  # gain() copies them into its result
            label=N_("g (linear)"),
            short_name=N_("linear"),
            words=N_("linear gain"),
            phrase=lambda c: _("linear gain g"),
            written=lambda g: (g, g),
            parameters=(),
            citation="Järvelin & Kekäläinen, ACM TOIS 20(4), 2002",
        ),
        GainKind(
            name="custom",
            gains=lambda grades, *, gain_map: custom_gain(grades, gain_map),
            label=N_("custom map"),
            short_name=N_("custom"),
            words=N_("custom gain"),
            phrase=_custom_phrase,
            written=None,
            parameters=("gain_map",),
            citation="trec_eval's ndcg gain map; LightGBM's label_gain",
        ),
    )
}
"""Every gain by its name (the value of ``Convention.gain``), in the order shown."""


def gain(grades: np.ndarray, convention: Convention) -> np.ndarray:
    """Gains of `grades` (float array, NaN = unjudged -> 0) under the convention's gain."""
    grades = np.asarray(grades, dtype=float)
    judged = ~np.isnan(grades)
    out = np.zeros(grades.shape)
    kind = GAINS[convention.gain]
    parameters = {name: getattr(convention, name) for name in kind.parameters}
    out[judged] = kind.gains(grades[judged], **parameters)
    return out


def custom_gain(grades: np.ndarray, gain_map: tuple[tuple[float, float], ...]) -> np.ndarray:
    """Look every grade up in `gain_map`; a grade the map does not list is an error."""
    keys = np.array([g for g, _gain in gain_map], dtype=float)
    values = np.array([v for _grade, v in gain_map], dtype=float)
    order = np.argsort(keys)
    keys, values = keys[order], values[order]
    pos = np.clip(np.searchsorted(keys, grades), 0, len(keys) - 1)
    missing = keys[pos] != grades
    if missing.any():
        absent = sorted({_fmt(g) for g in grades[missing]})
        listed = ", ".join(_fmt(k) for k in keys)
        raise ValueError(
            _(
                "The gain map has no gain for grade {absent}; it lists grades {listed}. "
                "Add a gain for every grade that occurs."
            ).format(absent=", ".join(absent), listed=listed)
        )
    return values[pos]


def _fmt(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else repr(float(x))
