"""Subtopic judgments of one query: which subtopics (intents) each document is relevant to.

An ambiguous query ("jaguar": the cat, the car, the OS) has subtopics; a document may be
relevant to several of them or to none. `Intents` holds, for one query, the subtopics of every
retrieved document (in the ranking's input order), the judged documents that were not retrieved
with their subtopics (the ideal ranking is built from all of them), and optional intent
weights (the probability that a user means each subtopic; uniform when not given).

Judgments are binary per subtopic, as in TREC's ndeval: a document either is relevant to a
subtopic or it is not (ndeval reads any positive judgment as relevant). A document relevant to
no subtopic is judged non-relevant; the diversity measures treat an unjudged document the same
way (it gains nothing), as ndeval does.

Subtopics are named by short texts ("1", "3", "car"); `parse_subtopics("1, 3")` reads the
usual way of typing them: names separated by commas or spaces.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from rankwork.core.numbers import NUMBER, too_large
from rankwork.language import _

_SEPARATORS = re.compile(r"[,\s]+")


def parse_subtopics(value: object, where: str | None = None) -> frozenset[str]:
    """The set of subtopic names in `value`: a text such as "1,3" or "1 3", an iterable of
    names, or None/"" for none. Raises ValueError naming `where` ("The subtopics" when not
    given) for anything else."""
    if where is None:
        where = _("The subtopics")
    if value is None:
        return frozenset()
    if isinstance(value, float) and math.isnan(value):
        return frozenset()
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        value = f"{value:g}"
    if isinstance(value, str):
        names = [n for n in _SEPARATORS.split(value.strip()) if n]
    elif isinstance(value, Iterable):
        names = []
        for item in value:
            text = str(item).strip()
            if not text or _SEPARATORS.search(text):
                raise ValueError(
                    _(
                        "{where}: a subtopic name must be a short text without commas or spaces; "
                        "got {text!r}."
                    ).format(where=where, text=text)
                )
            names.append(text)
    else:
        raise ValueError(
            _(
                "{where}: write the subtopics as names separated by commas, e.g. 1,3; got "
                "{value!r}."
            ).format(where=where, value=value)
        )
    return frozenset(names)


def subtopics_text(subtopics: Iterable[str]) -> str:
    """The subtopic names as one text, in natural order ("2, 10, car")."""
    return ", ".join(sorted(subtopics, key=_natural))


def _natural(name: str) -> tuple:
    """A sort key that puts "2" before "10": a run of digits compares by its number (by length,
    then digit by digit, so a name of thousands of digits needs no int())."""
    return tuple(
        (0, len(p.lstrip("0")), p.lstrip("0"), p) if p.isdigit() else (1, 0, p, p)
        for p in re.split(r"(\d+)", name)
        if p
    )


@dataclass(frozen=True, eq=False)
class Intents:
    """The subtopic judgments of one query. Build it with `Intents.build`, which validates.

    retrieved    the subtopics of each retrieved document, in the ranking's input order
    unretrieved  (doc id, subtopics) of the judged documents the list did not retrieve
    weights      (subtopic, weight) pairs, empty for uniform weights; the measures normalise
                 them to sum to 1 over the subtopics some judged document is relevant to
    """

    retrieved: tuple[frozenset[str], ...]
    unretrieved: tuple[tuple[str, frozenset[str]], ...] = ()
    weights: tuple[tuple[str, float], ...] = ()

    @classmethod
    def build(
        cls,
        retrieved: Iterable[object],
        unretrieved: Iterable[tuple[object, object]] = (),
        weights: Mapping[str, object] | None = None,
    ) -> Intents:
        """Validate one query's subtopic judgments; raises ValueError naming the bad value."""
        sets = tuple(
            parse_subtopics(v, _("The subtopics at rank {rank}").format(rank=i + 1))
            for i, v in enumerate(retrieved)
        )
        missed = []
        for i, (doc_id, value) in enumerate(unretrieved):
            name = str(doc_id).strip() if doc_id is not None else ""
            if not name:
                raise ValueError(
                    _(
                        "Unretrieved document {number} has no doc id; give every document an id."
                    ).format(number=i + 1)
                )
            where = _("The subtopics of {name!r}").format(name=name)
            missed.append((name, parse_subtopics(value, where)))
        pairs = tuple(sorted(_weights(weights or {}).items(), key=lambda p: _natural(p[0])))
        intents = cls(sets, tuple(missed), pairs)
        if pairs:
            covered = intents.covered()
            unknown = [s for s, _w in pairs if s not in covered]
            if unknown:
                raise ValueError(
                    _(
                        "Subtopic {subtopic!r} has a weight, but no judged document is relevant "
                        "to it; remove its weight or mark a document relevant to it."
                    ).format(subtopic=unknown[0])
                )
            missing = sorted(covered - {s for s, _w in pairs}, key=_natural)
            if missing:
                raise ValueError(
                    _(
                        "Subtopic {subtopic!r} has no weight; give every subtopic a weight, or "
                        "none for equal weights."
                    ).format(subtopic=missing[0])
                )
            total = sum(w for _s, w in pairs)
            if total <= 0:
                raise ValueError(_("The intent weights are all 0; give at least one a weight > 0."))
            if not math.isfinite(total):
                raise ValueError(
                    _(
                        "The intent weights add up to more than the largest double (about "
                        "1.8e308); use smaller ones: only their ratios matter."
                    )
                )
        return intents

    def covered(self) -> frozenset[str]:
        """The subtopics some judged document (retrieved or not) is relevant to: the query's
        subtopics as the measures count them (ndeval ignores a subtopic no document is
        relevant to)."""
        found: set[str] = set()
        for s in self.retrieved:
            found |= s
        for _doc, s in self.unretrieved:
            found |= s
        return frozenset(found)

    def weight_of(self) -> dict[str, float]:
        """Each covered subtopic's raw weight: 1 each when uniform, else the given weights."""
        if not self.weights:
            return dict.fromkeys(self.covered(), 1.0)
        return dict(self.weights)


def _weights(weights: Mapping[str, object]) -> dict[str, float]:
    """{subtopic: weight} as finite numbers >= 0. A weight given as text follows the strict
    number rule of the grid and the links (`rankwork.core.numbers.NUMBER`): '1_0', '３', '٣',
    'inf' and 'nan' are refused, not read as float() would read them."""
    out = {}
    for name, value in weights.items():
        key = str(name).strip()
        out[key] = _weight(key, value)
    return out


def _weight(key: str, value: object) -> float:
    if isinstance(value, str) and not NUMBER.match(value.strip()):
        raise ValueError(
            _(
                "The weight of subtopic {subtopic!r} must be a number; got {value!r}. Write it "
                "in the digits 0-9, such as 0.5 or 2."
            ).format(subtopic=key, value=value)
        )
    try:
        w = float(value)  # type: ignore[arg-type]
    except OverflowError:
        raise ValueError(
            too_large(_("The weight of subtopic {subtopic!r}").format(subtopic=key), value)
        ) from None
    except (TypeError, ValueError):
        raise ValueError(
            _("The weight of subtopic {subtopic!r} must be a number; got {value!r}.").format(
                subtopic=key, value=value
            )
        ) from None
    if not math.isfinite(w) or w < 0:
        raise ValueError(
            _("The weight of subtopic {subtopic!r} must be a number >= 0; got {value!r}.").format(
                subtopic=key, value=value
            )
        )
    return w


def parse_weights(text: object) -> dict[str, float]:
    """Intent weights typed as text, "1:0.5, 2:0.3, 3:0.2" (subtopic:weight pairs separated
    by commas or spaces), as {subtopic: weight}; empty text (or None) for uniform weights.
    Raises ValueError naming the pair that is not a subtopic:weight pair, a subtopic named
    twice, or a weight that is not a number >= 0. (`Intents.build` checks the weights against
    the subtopics.)"""
    if text is None or not str(text).strip():
        return {}
    pairs: dict[str, object] = {}
    for item in _SEPARATORS.split(re.sub(r"\s*:\s*", ":", str(text).strip())):
        if not item:
            continue
        name, colon, value = item.rpartition(":")
        name = name.strip()
        if not colon or not name or not value.strip():
            raise ValueError(
                _(
                    "The intent weights: {item!r} is not a subtopic:weight pair; write them as "
                    "1:0.5, 2:0.3, 3:0.2 (or leave them empty for equal weights)."
                ).format(item=item)
            )
        if name in pairs:
            raise ValueError(
                _("The intent weights: subtopic {name!r} has two weights; give it one.").format(
                    name=name
                )
            )
        pairs[name] = value.strip()
    return _weights(pairs)


def weights_text(weights: Mapping[str, float] | Iterable[tuple[str, float]]) -> str:
    """Weights as `parse_weights` reads them back: "1:0.5, 2:0.3" (subtopics in natural
    order, each weight in the shortest text that reads back as the same number)."""
    pairs = dict(weights.items() if isinstance(weights, Mapping) else weights)
    return ", ".join(f"{s}:{_number_text(pairs[s])}" for s in sorted(pairs, key=_natural))


def _number_text(value: float) -> str:
    value = float(value)
    return str(int(value)) if value.is_integer() and abs(value) < 1e15 else repr(value)
