"""The internals of `rankwork.arrays`: checking 2-D label and score arrays, sorting every row
by score, and the tie groups that the measures average over.

Rows are sorted with one ``np.argsort(axis=1)``; padded positions get the sort key NaN, which
numpy sorts last, so the real documents take ranks 1..n of their row. Tie groups (ties=
"average") are numbered over the flattened sorted array, so that a group's sum is one
``np.bincount``: no Python loop over rows.
"""

from __future__ import annotations

import numbers
from dataclasses import dataclass

import numpy as np
from numpy.typing import ArrayLike, NDArray

from rankwork.core.conventions import Convention, _check_choice
from rankwork.core.discounts import discount
from rankwork.core.result import overflow_error
from rankwork.language import _

Floats = NDArray[np.float64]


@dataclass(frozen=True)
class Ranked:
    """Every row sorted by score, descending: `grades` the labels in rank order (0 at padded
    positions, which come last), `n_real` the real documents per row, `groups` the tie groups
    (None under ties='input', where every position is its own group)."""

    grades: Floats
    n_real: NDArray[np.intp]
    groups: Groups | None


@dataclass(frozen=True)
class Groups:
    """Tie groups of the flattened sorted array: `index` the group of each position, `size`
    the positions in each group, `first` each group's first flat position."""

    index: NDArray[np.intp]
    size: NDArray[np.intp]
    first: NDArray[np.intp]

    def _sums(self, values: Floats) -> Floats:
        sums = np.bincount(self.index, weights=values.ravel(), minlength=len(self.size))
        return np.asarray(sums, dtype=np.float64)

    def total(self, values: Floats) -> Floats:
        """`values` (rows x ranks) replaced by their sum over each tie group."""
        return self._sums(values)[self.index].reshape(values.shape)

    def mean(self, values: Floats) -> Floats:
        """`values` (rows x ranks) replaced by their mean over each tie group."""
        return (self._sums(values) / self.size)[self.index].reshape(values.shape)


def _array(name: str, value: ArrayLike, kinds: str) -> Floats:
    """`value` as float64, or a ValueError if it is not 2-D or its dtype's kind is not in
    `kinds` ("iuf": integers and floats; "b" adds booleans). An object array counts as the
    dtype numpy gives its items (numbers pass; text, None or a mix does not)."""
    try:
        out = np.asarray(value)
        if out.dtype == object:
            out = np.asarray(out.tolist())
    except (TypeError, ValueError):
        out = None
    if out is None or out.ndim != 2 or out.dtype.kind not in kinds:
        raise ValueError(
            _(
                "{name} must be a 2-D array of real numbers (rows are queries, columns "
                "documents); got {value!r:.60}."
            ).format(name=name, value=value)
        )
    return out.astype(np.float64, copy=False)


def _same_shape(name: str, shape: tuple[int, ...], expected: tuple[int, ...]) -> None:
    if shape != expected:
        raise ValueError(
            _("{name} must have the shape of labels, {expected}; got {shape}.").format(
                name=name, expected=expected, shape=shape
            )
        )


def _refuse(name: str, bad: NDArray[np.bool_], values: Floats, allowed: str) -> None:
    """A ValueError naming the first position where `bad` holds, if any."""
    if bad.any():
        row, column = (int(i) for i in np.argwhere(bad)[0])
        raise ValueError(
            _(
                "{name}[{row}, {column}] is {value}; {allowed} (mark a position with no "
                "document with mask or pad)."
            ).format(name=name, row=row, column=column, value=values[row, column], allowed=allowed)
        )


def _real(labels: Floats, mask: ArrayLike | None, pad: float | None) -> NDArray[np.bool_] | None:
    """True where a real document is: the mask's True and a label other than `pad`; None
    when neither is given (every position is a real document)."""
    if mask is None and pad is None:
        return None
    real = np.ones(labels.shape, dtype=bool)
    if mask is not None:
        given = np.asarray(mask)
        _same_shape("mask", given.shape, labels.shape)
        if given.dtype != np.bool_:
            raise ValueError(
                _("mask must hold booleans (True = a real document); got dtype {dtype}.").format(
                    dtype=given.dtype
                )
            )
        real &= given
    if pad is not None:
        if isinstance(pad, bool) or not isinstance(pad, numbers.Real):
            raise ValueError(
                _(
                    "pad must be a real number or NaN (the label that marks a position with no "
                    "document); got {value!r}."
                ).format(value=pad)
            )
        real &= ~np.isnan(labels) if np.isnan(pad) else labels != pad
    return real


def _check_values(grades: Floats, keys: Floats, real: NDArray[np.bool_] | None) -> None:
    """Refuse a label that is not a finite number >= 0, or a NaN score, at a real position."""
    with np.errstate(invalid="ignore"):
        bad_labels = ~(np.isfinite(grades) & (grades >= 0))
    bad_scores = np.isnan(keys)
    if real is not None:
        bad_labels &= real
        bad_scores &= real
    _refuse("labels", bad_labels, grades, _("a label must be a finite number >= 0"))
    _refuse("scores", bad_scores, keys, _("a score must be a number"))


def rank(
    labels: ArrayLike,
    scores: ArrayLike,
    mask: ArrayLike | None,
    pad: float | None,
    ties: str,
) -> Ranked:
    """Check the inputs and sort every row by score, descending (see the module docstring)."""
    _check_choice("ties", ties, ("average", "input"))
    grades = _array("labels", labels, "iufb")  # booleans: True is grade 1
    keys = _array("scores", scores, "iuf")
    _same_shape("scores", keys.shape, grades.shape)
    real = _real(grades, mask, pad)
    _check_values(grades, keys, real)
    if real is None:
        keys = -keys
        n_real = np.full(len(grades), grades.shape[1])
    else:
        grades = np.where(real, grades, 0.0)
        keys = np.where(real, -keys, np.nan)  # NaN sorts last: padded positions take no rank
        n_real = real.sum(axis=1)
    stable = ties == "input"
    order = np.argsort(keys, axis=1, kind="stable" if stable else None)
    ranked = np.take_along_axis(grades, order, axis=1)
    if stable:
        return Ranked(ranked, n_real, None)
    sorted_keys = np.take_along_axis(keys, order, axis=1)
    starts = np.ones(keys.shape, dtype=bool)
    starts[:, 1:] = sorted_keys[:, 1:] != sorted_keys[:, :-1]  # NaN != NaN: padding alone
    index = np.cumsum(starts.ravel()) - 1
    first = np.flatnonzero(starts.ravel())
    size = np.diff(np.append(first, starts.size))
    return Ranked(ranked, n_real, Groups(index, size, first))


def finite(name: str, k: int | None, values: Floats) -> Floats:
    """`values` (one per row), or `overflow_error` naming the measure and the first row whose
    value is not finite: its sums went beyond the largest double (inf, or NaN from inf - inf
    or inf * 0). The caller computes them under ``np.errstate`` so that no warning escapes."""
    bad = np.flatnonzero(~np.isfinite(values))
    if bad.size:
        cut = "" if k is None else f"@{k}"
        raise overflow_error(f"{name}{cut}[{bad[0]}]")
    return values


def tied(ranked: Ranked, values: Floats) -> Floats:
    """What a linear measure reads at each rank: `values` averaged over its tie group."""
    return values if ranked.groups is None else ranked.groups.mean(values)


def log_weights(n: int, k: int | None) -> Floats:
    """1/log2(i + 1) for ranks 1..n, 0 beyond k."""
    weights = discount(n, Convention())
    if k is not None:
        weights[k:] = 0.0
    return weights


def safe_divide(top: Floats, bottom: ArrayLike, empty: float) -> Floats:
    """top / bottom, and `empty` where bottom is 0."""
    bottom = np.broadcast_to(np.asarray(bottom, dtype=np.float64), top.shape)
    out = np.full(top.shape, float(empty))
    np.divide(top, bottom, out=out, where=bottom > 0)
    return out


def relevant(
    labels: ArrayLike,
    scores: ArrayLike,
    threshold: float,
    ties: str,
    mask: ArrayLike | None,
    pad: float | None,
) -> tuple[Ranked, Floats]:
    """The sorted rows and rel_i (1.0 where the label >= threshold) at each rank."""
    Convention(rel_threshold=threshold)  # checks it is a positive number
    ranked = rank(labels, scores, mask, pad, ties)
    return ranked, (ranked.grades >= threshold).astype(np.float64)


def within(n: int, k: int | None) -> Floats:
    """1.0 for ranks 1..min(k, n), 0.0 beyond."""
    return (np.arange(n) < (n if k is None else k)).astype(np.float64)


def reciprocal_ranks(n: int, k: int | None) -> Floats:
    """1/i for ranks 1..n, 0 beyond k."""
    return within(n, k) / np.arange(1, n + 1)


@dataclass(frozen=True)
class Tie:
    """Per rank, its tie group's size m and relevant count r, the rank's 0-based offset j in
    the group and the hits H ranked before the group (m = 1, r = rel_i, j = 0 without
    groups). Over every order of the tie, rank i is relevant with probability r/m."""

    m: Floats
    r: Floats
    j: Floats
    hits_before: Floats


def tie_stats(ranked: Ranked, rel: Floats) -> Tie:
    """`Tie` of every rank, from the relevance rel_i at each rank."""
    before = np.cumsum(rel, axis=1) - rel
    groups = ranked.groups
    if groups is None:
        return Tie(np.ones(rel.shape), rel, np.zeros(rel.shape), before)
    shape, index = rel.shape, groups.index
    j = np.arange(rel.size) - groups.first[index]
    return Tie(
        groups.size[index].reshape(shape).astype(np.float64),
        groups.total(rel),
        j.reshape(shape).astype(np.float64),
        before.ravel()[groups.first][index].reshape(shape),
    )


def scale_max(ranked: Ranked) -> tuple[float, float]:
    """The largest label of the whole array and the grade scale's top: that label, at least 1."""
    largest = float(ranked.grades.max(initial=0.0))
    return largest, max(largest, 1.0)
