"""The input model of one query, its validation, and the ranked order a convention gives it.

A `Ranking` is what a person types or a run file holds for one query:
- grades of the retrieved documents in input order (int or float; None, NaN or '' = unjudged),
- optional doc ids (default d1, d2, ...) and optional scores,
- grades of judged documents that were NOT retrieved (they raise IDCG, R, AP's denominator),
- the grade scale's maximum (default: the largest grade present), the top grade of ERR and RBP.

`order(ranking, convention)` applies the convention's negative-grade policy and, when scores are
given, sorts by score with its tie policy, giving an `Ordered` list that every measure reads.
Without scores the input order is the ranking.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import partial

import numpy as np

from rankwork.core.conventions import Convention
from rankwork.core.intents import Intents
from rankwork.core.numbers import beyond_double, too_large
from rankwork.language import _

MAX_DOCS = 100_000


class RankingError(ValueError):
    """Bad input for one query, with a message that names the value and what is allowed.

    Raised by `rankwork.measure` (and `Ranking.build`, which it calls) for a grade or score that
    is not a finite number, a doc id that is empty or repeated, lists of different lengths, a
    grade above the scale's maximum, and by a convention that rejects negative grades. The
    message names the place (e.g. "Grade at rank 2"). A ValueError, so ``except ValueError``
    catches it too.

    Examples
    --------
    >>> import rankwork
    >>> rankwork.measure("P@2", [1, "x"])  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    rankwork.core.ranking.RankingError: Grade at rank 2: 'x' is not a number. Grades are ...
    >>> try:
    ...     rankwork.measure("P@2", [1, 0], doc_ids=["a", "a"])
    ... except rankwork.RankingError as error:
    ...     print(error)  # doctest: +ELLIPSIS
    Doc id 'a' appears twice (ranks 1 and 2); a document can be retrieved only once. ...
    """


def _as_grade(value: object, place: Callable[[], str]) -> float:
    """One grade: a finite number, or None / NaN / '' for unjudged (returned as NaN). `place()`
    names the cell in an error (called only then: a list has up to MAX_DOCS cells)."""
    if value is None or (isinstance(value, str) and value.strip() == ""):
        return math.nan
    if isinstance(value, bool):
        raise RankingError(
            _("{where}: {value!r} is not a grade; use a number such as 0, 1, 2.").format(
                where=place(), value=value
            )
        )
    try:
        grade = float(value)  # type: ignore[arg-type]
    except OverflowError:  # an int beyond any double
        raise RankingError(too_large(place(), value)) from None
    except (TypeError, ValueError):
        raise RankingError(
            _(
                "{where}: {value!r} is not a number. Grades are numbers (0, 1, 2, ...); "
                "leave the grade empty for an unjudged document."
            ).format(where=place(), value=value)
        ) from None
    if math.isinf(grade):
        raise RankingError(
            _("{where}: {value!r} is infinite; grades must be finite numbers.").format(
                where=place(), value=value
            )
        )
    return grade


def _retrieved_place(rank: int) -> str:
    return _("Grade at rank {rank}").format(rank=rank)


def _unretrieved_place(n: int) -> str:
    return _("Unretrieved grade {n}").format(n=n)


def _as_score(value: object, where: str) -> float:
    if isinstance(value, bool):
        raise RankingError(_("{where}: {value!r} is not a score.").format(where=where, value=value))
    try:
        score = float(value)  # type: ignore[arg-type]
    except OverflowError:  # an int beyond any double
        raise RankingError(too_large(where, value)) from None
    except (TypeError, ValueError):
        raise RankingError(
            _("{where}: {value!r} is not a number; scores are numbers.").format(
                where=where, value=value
            )
        ) from None
    if not math.isfinite(score):
        raise RankingError(
            _("{where}: {value!r} is not a finite number; scores must be finite.").format(
                where=where, value=value
            )
        )
    return score


def _doc_ids(doc_ids: Sequence[object] | None, n: int) -> tuple[str, ...]:
    """The ``n`` documents' ids, stripped: d1, d2, ... when none are given; each one given,
    non-empty and unique."""
    if doc_ids is None:
        return tuple(f"d{i + 1}" for i in range(n))
    ids = tuple("" if d is None else str(d).strip() for d in doc_ids)
    if len(ids) != n:
        raise RankingError(
            _("There are {ids} doc ids for {n} grades; give one each.").format(ids=len(ids), n=n)
        )
    for i, d in enumerate(ids):
        if not d:
            raise RankingError(
                _("The doc id at rank {rank} is empty; give every document an id.").format(
                    rank=i + 1
                )
            )
    seen: dict[str, int] = {}
    for i, d in enumerate(ids):
        if d in seen:
            raise RankingError(
                _(
                    "Doc id {doc!r} appears twice (ranks {first} and {second}); a document "
                    "can be retrieved only once. Remove or rename one of them."
                ).format(doc=d, first=seen[d] + 1, second=i + 1)
            )
        seen[d] = i
    return ids


def _scores(scores: Sequence[object], n: int) -> np.ndarray:
    """The ``n`` scores as finite floats."""
    score_list = list(scores)
    if len(score_list) != n:
        raise RankingError(
            _("There are {scores} scores for {n} grades; give one each.").format(
                scores=len(score_list), n=n
            )
        )
    s = np.array(
        [
            _as_score(v, _("Score at rank {rank}").format(rank=i + 1))
            for i, v in enumerate(score_list)
        ]
    )
    return s.astype(float).reshape(n)


def _unretrieved_grades(unretrieved: Iterable[object]) -> np.ndarray:
    """The grades of the judged documents not retrieved; each must have one."""
    u = np.array(
        [_as_grade(v, partial(_unretrieved_place, i + 1)) for i, v in enumerate(unretrieved)],
        dtype=np.float64,
    )
    if np.isnan(u).any():
        raise RankingError(
            _(
                "A judged document that was not retrieved needs a grade, and one has none: "
                "give its grade, or leave it out."
            )
        )
    return u


def _scale_max(g: np.ndarray, u: np.ndarray, scale_max: float | None) -> float:
    """The grade scale's maximum: as given (positive, finite, at least every grade), or the
    largest grade (at least 1) when None."""
    present = np.concatenate([g[~np.isnan(g)], u])
    top = float(present.max()) if present.size else 0.0
    if scale_max is None:
        return max(top, 1.0)
    if beyond_double(scale_max):
        raise RankingError(too_large(_("The grade scale's maximum"), scale_max))
    if not math.isfinite(scale_max) or scale_max <= 0:
        raise RankingError(
            _("The grade scale's maximum must be a positive number; got {value!r}.").format(
                value=scale_max
            )
        )
    if top > scale_max:
        raise RankingError(
            _(
                "Grade {top:g} is above the scale's maximum {max:g}; raise the maximum or "
                "lower the grade."
            ).format(top=top, max=scale_max)
        )
    return float(scale_max)


@dataclass(frozen=True, eq=False)
class Ranking:
    """One query as given (input order). Build it with `Ranking.build`, which validates."""

    grades: np.ndarray
    doc_ids: tuple[str, ...]
    scores: np.ndarray | None
    unretrieved: np.ndarray
    scale_max: float
    intents: Intents | None = None

    @classmethod
    def build(
        cls,
        grades: Sequence[object],
        doc_ids: Sequence[object] | None = None,
        scores: Sequence[object] | None = None,
        unretrieved: Iterable[object] = (),
        scale_max: float | None = None,
        intents: Intents | None = None,
    ) -> Ranking:
        """Validate and freeze one query. Raises `RankingError` naming the bad value.
        `intents`, the subtopic judgments the diversity measures read, is optional."""
        grades_list = list(grades)
        n = len(grades_list)
        if n > MAX_DOCS:
            raise RankingError(
                _("The list has {n} documents; at most {max} are allowed.").format(
                    n=n, max=MAX_DOCS
                )
            )
        g = np.array(
            [_as_grade(v, partial(_retrieved_place, i + 1)) for i, v in enumerate(grades_list)]
        )
        g = g.astype(float).reshape(n)
        ids = _doc_ids(doc_ids, n)
        s = None if scores is None else _scores(scores, n)
        u = _unretrieved_grades(unretrieved)
        scale = _scale_max(g, u, scale_max)
        for arr in (g, u):
            arr.setflags(write=False)
        if s is not None:
            s.setflags(write=False)
        if intents is not None and len(intents.retrieved) != n:
            raise RankingError(
                _(
                    "There are subtopics for {docs} documents and {n} grades; "
                    "give each document its subtopics (empty for none)."
                ).format(docs=len(intents.retrieved), n=n)
            )
        return cls(g, ids, s, u, scale, intents)

    def __len__(self) -> int:
        return len(self.grades)


@dataclass(frozen=True, eq=False)
class Ordered:
    """A ranking in the order a convention gives it, with the convention's negative policy
    applied. `tie_group[i]` numbers the run of equal scores position i belongs to (all
    different without scores). `unretrieved` holds only judged grades (no NaN). `pooled[i]`
    marks an unjudged document whose negative grade the policy made unjudged: trec_eval's
    qrels write -1 for "in the pool, not judged", which infAP
    (`rankwork.core.measures.families.infap`) tells apart from a document in no judgment (None:
    no such document)."""

    grades: np.ndarray
    doc_ids: tuple[str, ...]
    scores: np.ndarray | None
    tie_group: np.ndarray
    unretrieved: np.ndarray
    scale_max: float
    subtopics: tuple[frozenset[str], ...] | None = None
    intents: Intents | None = None
    pooled: np.ndarray | None = None

    def __len__(self) -> int:
        return len(self.grades)

    @property
    def judged_pool(self) -> np.ndarray:
        """Grades of every judged document of the query, retrieved or not."""
        return np.concatenate([self.grades[~np.isnan(self.grades)], self.unretrieved])


def negative_grades(grades: np.ndarray, policy: str) -> tuple[np.ndarray, int | None]:
    """The grades under a negative-grade policy, and the index of the first negative grade the
    policy refuses (None when it refuses none): 'clip': negative -> 0; 'unjudged': -> NaN;
    'keep': unchanged; 'reject': unchanged, and the first negative one named. The single list
    (`apply_negative_policy`) and the batch reader both apply it, each naming its own input."""
    negative = grades < 0  # NaN compares False
    if policy == "keep" or not negative.any():
        return grades, None
    if policy == "reject":
        return grades, int(np.flatnonzero(negative)[0])
    out = grades.copy()
    out[negative] = 0.0 if policy == "clip" else math.nan
    return out, None


def apply_negative_policy(grades: np.ndarray, policy: str, where: str) -> np.ndarray:
    """`negative_grades` for one list: a refused grade is a RankingError naming it."""
    out, refused = negative_grades(grades, policy)
    if refused is not None:
        raise RankingError(
            _(
                "{where} has the negative grade {grade:g}. This convention allows "
                "grades >= 0 only; choose 'clip to 0' or 'treat as unjudged' (as trec_eval does) "
                "to accept it."
            ).format(where=where, grade=grades[refused])
        )
    return out


def compared_scores(scores: np.ndarray, convention: Convention) -> np.ndarray:
    """The scores as the convention compares them: rounded to 32-bit floats with
    `float32_scores` (trec_eval <= 9.0.8), which can turn near-equal scores into ties."""
    return scores.astype(np.float32).astype(float) if convention.float32_scores else scores


def _docno_key(doc_id: str) -> bytes:
    return doc_id.encode("utf-8")


def order(ranking: Ranking, convention: Convention) -> Ordered:
    """Apply the convention to one query: the negative-grade policy, then the ranked order.

    With scores: descending score, ties by the convention's policy. 'docno_desc' puts the
    larger doc id (compared as bytes, like C's strcmp: 'd9' > 'd10') first; 'input' keeps
    input order; 'reverse_input' puts the later input first; 'average' keeps input order and
    marks the tie groups, over which DCG averages the gains.
    """
    grades = apply_negative_policy(ranking.grades, convention.negative, _("The ranked list"))
    unretrieved = apply_negative_policy(
        ranking.unretrieved, convention.negative, _("The unretrieved documents")
    )
    unretrieved = unretrieved[~np.isnan(unretrieved)]
    n = len(grades)
    pooled = np.isnan(grades) & (ranking.grades < 0)  # NaN < 0 is False
    pooled = pooled if pooled.any() else None
    if ranking.scores is None:
        return Ordered(
            grades,
            ranking.doc_ids,
            None,
            np.arange(n),
            unretrieved,
            ranking.scale_max,
            None if ranking.intents is None else ranking.intents.retrieved,
            ranking.intents,
            pooled,
        )
    scores = compared_scores(ranking.scores, convention)
    idx = np.arange(n)
    if convention.ties == "docno_desc":
        # Stable sorts: first by doc id descending, then by score descending.
        by_doc = np.array(
            sorted(idx, key=lambda i: _docno_key(ranking.doc_ids[i]), reverse=True), dtype=int
        )
        perm = by_doc[np.argsort(-scores[by_doc], kind="stable")]
    elif convention.ties == "reverse_input":
        rev = idx[::-1]
        perm = rev[np.argsort(-scores[rev], kind="stable")]
    else:
        perm = np.argsort(-scores, kind="stable")
    sorted_scores = scores[perm]
    new_group = np.empty(n, dtype=bool)
    if n:
        new_group[0] = True
        new_group[1:] = sorted_scores[1:] != sorted_scores[:-1]
    tie_group = np.cumsum(new_group) - 1
    return Ordered(
        grades[perm],
        tuple(ranking.doc_ids[i] for i in perm),
        sorted_scores,
        tie_group,
        unretrieved,
        ranking.scale_max,
        None if ranking.intents is None else tuple(ranking.intents.retrieved[i] for i in perm),
        ranking.intents,
        None if pooled is None else pooled[perm],
    )


def check_cutoff(k: int | None) -> int | None:
    """k must be a whole number >= 1 (or None for no cutoff)."""
    if k is None:
        return None
    try:
        whole = not isinstance(k, (bool, str, bytes)) and float(k).is_integer()
    except OverflowError:  # an int beyond any double
        raise ValueError(
            _("The cutoff k is too large (above 1.8e308); got {k!r}.").format(k=k)
        ) from None
    except (TypeError, ValueError):
        whole = False
    if not whole or k < 1:
        raise ValueError(
            _("The cutoff k must be a whole number of at least 1; got {k!r}.").format(k=k)
        )
    return int(k)


def check_ideal_depth(depth: int, longest: int) -> None:
    """A convention with ideal 'none' sums k top-grade discounts: k ranks that exist in no
    list.  Refuse k beyond the longer of the longest list and MAX_DOCS rather than allocate
    k numbers (a cutoff of 10^9 would take gigabytes)."""
    if depth > max(longest, MAX_DOCS):
        raise ValueError(
            _(
                "With the ideal ranking 'none' (k documents of the top grade), IDCG@k sums k "
                "discounts; k = {depth} is more than the {ranks} ranks RankLab "
                "computes. Choose a smaller cutoff."
            ).format(depth=depth, ranks=max(longest, MAX_DOCS))
        )
