"""Condensed lists (Sakai, SIGIR 2007): a measure on the list with its unjudged documents removed.

    condense([d1, d2?, d3, d4?, d5]) = [d1, d3, d5]   (? unjudged; ranks renumbered 1, 2, 3)

A measure on the condensed list is written with a prime: nDCG′, AP′, P′ (Sakai's notation), or
in ir_measures' spelling `nDCG(judged_only=True)@10` ("ignore returned documents that do not have
relevance judgments", ir_measures 0.4's description of the parameter; tests/crosscheck checks the
values against it). The judged pool does not change (an unjudged document is in no judgment), so
the ideal ranking and R stay as they are; only the judged documents move up. That is the whole
difference from the usual value, which reads an unjudged document as non-relevant in its place:
AP′ ≥ AP and P′@k ≥ P@k whenever documents above a relevant one are unjudged. Cutoffs apply to
the condensed list: P′@10 reads the first 10 judged documents.

`condense` keeps the score tie groups (renumbered), so `ties='average'` still averages over
the tied judged documents; the subtopics of a removed document go with it.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import replace

import numpy as np

from rankwork.core.conventions import Convention
from rankwork.core.ranking import Ordered, order
from rankwork.core.result import Result
from rankwork.language import _

PRIME = "′"


def condense(ordered: Ordered) -> Ordered:
    """The list without its unjudged documents (grade NaN), in the same order."""
    keep = ~np.isnan(ordered.grades)
    if keep.all():
        return ordered
    _values, tie_group = np.unique(ordered.tie_group[keep], return_inverse=True)
    subtopics = ordered.subtopics
    return replace(
        ordered,
        grades=ordered.grades[keep],
        doc_ids=tuple(d for d, k in zip(ordered.doc_ids, keep, strict=True) if k),
        scores=None if ordered.scores is None else ordered.scores[keep],
        tie_group=tie_group.reshape(-1),
        pooled=None,  # every unjudged document is gone
        subtopics=None
        if subtopics is None
        else tuple(s for s, k in zip(subtopics, keep, strict=True) if k),
    )


def removed(ordered: Ordered) -> tuple[str, ...]:
    """The doc ids `condense` removes."""
    return tuple(d for d, g in zip(ordered.doc_ids, ordered.grades, strict=True) if np.isnan(g))


def primed(result: Result, gone: tuple[str, ...]) -> Result:
    """`result` renamed for the condensed list ('nDCG@5' -> 'nDCG′@5'), its note naming the
    documents removed ('RBP(p=0.8)' -> 'RBP′(p=0.8)')."""
    name = result.name
    cut = min((i for i in (name.find("("), name.find("@")) if i >= 0), default=len(name))
    what = ", ".join(gone) if gone else _("none")
    note = _(
        "Condensed list: the unjudged documents removed ({removed}); ranks are renumbered."
    ).format(removed=what)
    return replace(
        result,
        name=f"{name[:cut]}{PRIME}{name[cut:]}",
        note=f"{note} {result.note}".strip(),
    )


def condensable(single: Callable[..., Result]) -> Callable[..., Result]:
    """`single` with the parameter `judged_only` (default False): True scores the condensed
    list and names the result with a prime."""

    @functools.wraps(single)
    def measure(ranking, convention: Convention, k=None, judged_only: bool = False, **params):
        if not judged_only:
            return single(ranking, convention, k, **params)
        ordered = ranking if isinstance(ranking, Ordered) else order(ranking, convention)
        return primed(single(condense(ordered), convention, k, **params), removed(ordered))

    return measure
