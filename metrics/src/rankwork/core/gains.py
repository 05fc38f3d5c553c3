"""Gain functions: the value a document of grade g adds before it is discounted.

- linear:      gain(g) = g                (Järvelin & Kekäläinen 2002; trec_eval, ranx `ndcg`)
- exponential: gain(g) = 2^g - 1          (Burges et al. 2005; LightGBM, gdeval, ranx `ndcg_burges`)
- custom:      gain(g) = map[g]           (trec_eval `-m ndcg.1=3,2=9`; LightGBM `label_gain`)

Unjudged documents (grade NaN) gain 0. On binary grades 0/1 linear and exponential coincide
(2^1 - 1 = 1), which is why the choice only shows with graded labels.
"""

from __future__ import annotations

import numpy as np

from rankwork.core.conventions import Convention
from rankwork.language import _

_EXP_GRADE_LIMIT = 1024  # 2.0**1024 is beyond the largest double


def gain(grades: np.ndarray, convention: Convention) -> np.ndarray:
    """Gains of `grades` (float array, NaN = unjudged -> 0) under the convention's gain."""
    grades = np.asarray(grades, dtype=float)
    judged = ~np.isnan(grades)
    out = np.zeros(grades.shape)
    if convention.gain == "linear":
        out[judged] = grades[judged]
    elif convention.gain == "exponential":
        with np.errstate(over="ignore"):
            out[judged] = np.exp2(grades[judged]) - 1.0
        if np.isinf(out).any():
            raise ValueError(
                _(
                    "The exponential gain 2^g - 1 of grade {grade} is beyond the largest double "
                    "(about 1.8e308): exponential gain takes grades below {limit}. Use the linear "
                    "gain, or a custom gain map, for larger grades."
                ).format(grade=_fmt(grades[np.isinf(out)].max()), limit=_EXP_GRADE_LIMIT)
            )
    else:
        out[judged] = custom_gain(grades[judged], convention.gain_map)
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
