"""Seeded exercises for the classroom (their answers are checked by `rankwork.teaching.answers`).

`generate(seed, kinds, convention, k)` builds one round: exercise i of the round is drawn from
`numpy.random.default_rng([seed, i])`, so the same seed gives every student the same lists (and
adding an exercise to a round leaves the others as they were). Five kinds (a round holds the
first four unless it asks for "diversity"):

- "dcg":     one list (with judged documents it missed): compute DCG@k, IDCG@k and nDCG@k;
- "compare": two lists for the same query: nDCG@k of each, and which is better;
- "predict": two lists: which does each of nDCG@k, ERR@k, P@k, RR@k and AP@k prefer
             (drawn so that the measures do not all agree);
- "choose":  two lists: which gain (or which discount) makes list A beat list B on nDCG@k
             (drawn so that exactly one option does);
- "diversity": one list for a query with three subtopics: α-nDCG@k and S-recall@k (drawn so
             that a subtopic repeats within k, where α-nDCG and nDCG part, and one is missing
             from the top k but found by the judges).

Every question keeps the scenarios that answer it (`Question.steps`), so a worked solution is
rendered from the core's Results and never from numbers stored here.
`rankwork.teaching.answers.check(question, text)` reads a typed answer: numbers go through the
diagnosis (`rankwork.teaching.diagnose`), which names the mistake behind a wrong one; choices are
compared with the right option. A number is also right when it is what the worked solution's
terms, each rounded to the decimals it shows them with, add up to (`right_to_rounding`):
IDCG@5 = 7 + 4.4165 + 1.5 + 0.4307 + 0.3869 = 13.7341, while the unrounded IDCG@5 = 13.73404
rounds to 13.7340.
"""

from __future__ import annotations

import string
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

import numpy as np

from rankwork.core.capabilities import families
from rankwork.core.conventions import TEXTBOOK, Convention
from rankwork.core.intents import Intents, subtopics_text
from rankwork.core.measures import SPECS, display_name
from rankwork.core.ranking import Ranking
from rankwork.core.scenario import Scenario, correct
from rankwork.language import N_, _
from rankwork.teaching.phrasing import choice, describe

KINDS: dict[str, str] = {  # marked for translation: show `_(KINDS[kind])`
    "dcg": N_("Compute DCG, IDCG and nDCG"),
    "compare": N_("Compare two lists"),
    "predict": N_("Which measure prefers which list?"),
    "choose": N_("Pick the gain or discount that makes A win"),
    "diversity": N_("Diversity: α-nDCG and subtopic recall"),
}
DEFAULT_KINDS = ("dcg", "compare", "predict", "choose")  # a round's kinds unless asked
SUBTOPICS = ("1", "2", "3")
SCALE_MAX = 3  # grades 0..3 in every exercise
LIST_LENGTH = 5
CUTOFFS = (3, 4, 5)  # k for a round; below 3 the measures can hardly disagree
POOL_SIZE = 8  # documents judged for a two-list query
MAX_DRAWS = 2000
PREFERENCES = ("A", "B", N_("Equal"))  # option values; shown with `option_text`
PREDICTED = families("exercise")  # the measures a "predict" exercise asks about
MARGIN = 0.02  # two lists compared differ by at least this much, or not at all


@dataclass(frozen=True)
class Step:
    """One computation a solution shows: `family` on `scenario`, under a label."""

    label: str
    family: str
    scenario: Scenario

    def result(self):
        return correct(self.family, self.scenario)


@dataclass(frozen=True)
class Question:
    """A numeric question (no `options`: the answer is `steps[0]`'s value) or a choice among
    `options` whose right one is `answer`; `steps` are the computations behind it."""

    key: str
    prompt: str
    steps: tuple[Step, ...]
    options: tuple[str, ...] = ()
    answer: str = ""

    @property
    def numeric(self) -> bool:
        return not self.options


def option_text(option: str) -> str:
    """An option of a choice question as shown: a preference ('A', 'B', 'Equal') translated,
    a gain or discount (phrased in the language of the round's run) as it is."""
    return _(option) if option in PREFERENCES else option


@dataclass(frozen=True)
class Exercise:
    number: int
    kind: str
    seed: int
    statement: str
    lists: tuple[tuple[str, Ranking], ...]
    k: int
    convention: Convention
    questions: tuple[Question, ...]

    @property
    def title(self) -> str:
        return _("Exercise {number}: {kind}").format(number=self.number, kind=_(KINDS[self.kind]))


# --- drawing lists ---------------------------------------------------------------------------


def _grades(rng: np.random.Generator, n: int) -> list[int]:
    # skewed towards low grades, as real judgments are
    return [int(g) for g in rng.choice(4, size=n, p=[0.35, 0.3, 0.2, 0.15])]


def _single(rng: np.random.Generator) -> Ranking:
    grades = _grades(rng, LIST_LENGTH)
    missed = [int(g) for g in rng.integers(1, SCALE_MAX + 1, size=int(rng.integers(1, 3)))]
    return Ranking.build(grades, unretrieved=missed, scale_max=SCALE_MAX)


@dataclass(frozen=True)
class _Pair:
    """Two lists of LIST_LENGTH documents drawn from one judged pool named a, b, c, ..."""

    a: Ranking
    b: Ranking
    pool: dict[str, int]

    def text(self) -> str:
        listed = ", ".join(f"{d} = {g}" for d, g in self.pool.items())
        return _(
            "{n} documents were judged for one query (grades {grades}). List A ranks {a}; list B "
            "ranks {b}."
        ).format(
            n=len(self.pool),
            grades=listed,
            a=" > ".join(self.a.doc_ids),
            b=" > ".join(self.b.doc_ids),
        )


def _pair(rng: np.random.Generator) -> _Pair:
    grades = _grades(rng, POOL_SIZE)
    pool = dict(zip(string.ascii_lowercase[:POOL_SIZE], grades, strict=True))

    def draw() -> Ranking:
        picked = [list(pool)[i] for i in rng.permutation(POOL_SIZE)[:LIST_LENGTH]]
        return Ranking.build(
            [pool[d] for d in picked],
            doc_ids=picked,
            unretrieved=[g for d, g in pool.items() if d not in picked],
            scale_max=SCALE_MAX,
        )

    return _Pair(draw(), draw(), pool)


def _value(family: str, ranking: Ranking, convention: Convention, k: int) -> float:
    return correct(family, Scenario(ranking, convention, k)).value


def _preference(a: float, b: float) -> str:
    if abs(a - b) <= 1e-9:
        return "Equal"
    return "A" if a > b else "B"


def _clear(a: float, b: float) -> bool:
    """Equal, or apart by at least MARGIN: a preference a student can see."""
    return abs(a - b) <= 1e-9 or abs(a - b) >= MARGIN


def _draw(rng: np.random.Generator, make, accept):
    for _attempt in range(MAX_DRAWS):
        candidate = make(rng)
        if accept(candidate):
            return candidate
    raise RuntimeError(_("No exercise satisfies the constraints; try another seed."))


# --- the four kinds --------------------------------------------------------------------------


def _at(family: str, k: int) -> str:
    return f"{family}@{k}"


def _grades_text(r: Ranking) -> str:
    return ", ".join(_("unjudged") if np.isnan(g) else str(int(g)) for g in r.grades)


def _lowered(sentence: str) -> str:
    """A sentence of `describe` made a clause: full stop dropped, first letter lowered unless
    it starts an acronym ('ERR')."""
    head = sentence[0] if sentence[1:2].isupper() else sentence[0].lower()
    return head + sentence[1:].rstrip(".")


def _dcg(rng, convention: Convention, k: int):
    def accept(r: Ranking) -> bool:
        value = _value("nDCG", r, convention, k)
        return _value("DCG", r, convention, k) > 0 and 0.05 < value < 0.95

    ranking = _draw(rng, _single, accept)
    s = Scenario(ranking, convention, k)
    questions = tuple(
        Question(f, _("{measure} of the list").format(measure=_at(f, k)), (Step(_at(f, k), f, s),))
        for f in ("DCG", "IDCG", "nDCG")
    )
    missed = ", ".join(str(int(g)) for g in ranking.unretrieved)
    statement = _(
        "A system returned documents with grades {grades} (rank 1 first). The judges also graded "
        "documents the system did not return: grade(s) {missed}. Compute DCG@{k}, IDCG@{k} and "
        "nDCG@{k}. {convention}"
    ).format(
        grades=_grades_text(ranking),
        missed=missed,
        k=k,
        convention=describe(convention, "nDCG", SCALE_MAX),
    )
    return statement, (("the list", ranking),), questions


def _compare(rng, convention: Convention, k: int):
    def accept(pair: _Pair) -> bool:
        va, vb = (_value("nDCG", r, convention, k) for r in (pair.a, pair.b))
        return abs(va - vb) >= MARGIN and min(va, vb) > 0

    pair = _draw(rng, _pair, accept)
    name = _at("nDCG", k)
    steps = tuple(
        Step(_of_list(name, label), "nDCG", Scenario(r, convention, k))
        for label, r in (("A", pair.a), ("B", pair.b))
    )
    better = _preference(*(step.result().value for step in steps))
    questions = (
        Question("nDCG_A", _of_list(name, "A"), steps[:1]),
        Question("nDCG_B", _of_list(name, "B"), steps[1:]),
        Question(
            "better",
            _("Which list is better by {measure}?").format(measure=name),
            steps,
            PREFERENCES,
            better,
        ),
    )
    statement = _(
        "{lists} Compute {measure} of both lists and say which is better. {convention}"
    ).format(lists=pair.text(), measure=name, convention=describe(convention, "nDCG", SCALE_MAX))
    return statement, (("A", pair.a), ("B", pair.b)), questions


def _of_list(measure: str, label: str) -> str:
    return _("{measure} of list {label}").format(measure=measure, label=label)


def _predict_questions(pair: _Pair, convention: Convention, k: int) -> tuple[Question, ...]:
    out = []
    for family in PREDICTED:
        name = display_name(family if SPECS[family].cutoff == "none" else _at(family, k))
        steps = tuple(
            Step(_of_list(name, label), family, Scenario(r, convention, k))
            for label, r in (("A", pair.a), ("B", pair.b))
        )
        answer = _preference(*(step.result().value for step in steps))
        prompt = _("Which list does {measure} prefer?").format(measure=name)
        out.append(Question(family, prompt, steps, PREFERENCES, answer))
    return tuple(out)


def _predict(rng, convention: Convention, k: int):
    def accept(pair: _Pair) -> bool:
        questions = _predict_questions(pair, convention, k)
        clear = all(_clear(*(s.result().value for s in q.steps)) for q in questions)
        return clear and {"A", "B"} <= {q.answer for q in questions}

    pair = _draw(rng, _pair, accept)
    statement = _(
        "{lists} Which list does each measure prefer? Think first, compute if you must. "
        "{convention} For nDCG: {ndcg}. For ERR: {err}."
    ).format(
        lists=pair.text(),
        convention=describe(convention, "P", SCALE_MAX),
        ndcg=_lowered(describe(convention, "nDCG", SCALE_MAX)),
        err=_lowered(describe(convention, "ERR", SCALE_MAX)),
    )
    return statement, (("A", pair.a), ("B", pair.b)), _predict_questions(pair, convention, k)


def _options(convention: Convention, axis: str) -> dict[str, Convention]:
    """The gains (or discounts) to choose from, by their phrasing, as conventions."""
    if axis == "gain":
        variants = [convention.with_(gain=g, gain_map=()) for g in ("linear", "exponential")]
    else:
        variants = [
            convention.with_(discount="log", log_base=2.0),
            convention.with_(discount="reciprocal"),
            convention.with_(discount="flat"),
        ]
    return {choice(v, axis): v for v in variants}


def _margins(options: Mapping[str, Convention], pair: _Pair, k: int) -> dict[str, float]:
    """nDCG@k of A minus that of B under each option."""
    return {
        label: _value("nDCG", pair.a, c, k) - _value("nDCG", pair.b, c, k)
        for label, c in options.items()
    }


def _single_winner(options: Mapping[str, Convention], pair: _Pair, k: int) -> str | None:
    """The one option under which A beats B, if exactly one does and every option is clear."""
    margins = _margins(options, pair, k)
    winners = [label for label, m in margins.items() if m > 1e-9]
    if len(winners) != 1 or not all(_clear(m, 0.0) for m in margins.values()):
        return None
    return winners[0]


def _choose(rng, convention: Convention, k: int):
    def make(rng) -> tuple[str, _Pair]:
        # the axis is drawn with the lists: under some conventions (an ideal from the list
        # with k = its length) no pair of lists separates the discounts, and the gain is asked
        return ("gain" if rng.integers(2) == 0 else "discount"), _pair(rng)

    def winner(drawn: tuple[str, _Pair]) -> str | None:
        return _single_winner(_options(convention, drawn[0]), drawn[1], k)

    axis, pair = _draw(rng, make, lambda drawn: winner(drawn) is not None)
    options, answer = _options(convention, axis), winner((axis, pair))
    name = _at("nDCG", k)
    steps = tuple(
        Step(
            _("{measure} of list {label}, {option}").format(
                measure=name, label=label, option=option
            ),
            "nDCG",
            Scenario(r, c, k),
        )
        for option, c in options.items()
        for label, r in (("A", pair.a), ("B", pair.b))
    )
    kept = "discount" if axis == "gain" else "gain"
    cut = "ideal_cut" if convention.dcg_cutoff else "dcg_cutoff"  # trec_eval ndcg: no k
    rest = [choice(convention, f, SCALE_MAX) for f in (kept, "ideal", cut)]
    if axis == "gain":
        asked = _(
            "{lists} Which gain makes list A beat list B on {measure}? Keep the rest as "
            "given: {rest}."
        )
        prompt = _("The gain that makes A beat B")
    else:
        asked = _(
            "{lists} Which discount makes list A beat list B on {measure}? Keep the rest as "
            "given: {rest}."
        )
        prompt = _("The discount that makes A beat B")
    statement = asked.format(lists=pair.text(), measure=name, rest=_("; ").join(rest))
    question = Question(axis, prompt, steps, tuple(options), answer)
    return statement, (("A", pair.a), ("B", pair.b)), (question,)


def _subtopic_sets(rng: np.random.Generator, n: int) -> list[frozenset[str]]:
    return [frozenset(s for s in SUBTOPICS if rng.random() < 0.4) for _unused in range(n)]


def _with_subtopics(rng: np.random.Generator) -> Ranking:
    """LIST_LENGTH documents a, b, c, ... with random subtopics, and one or two judged
    documents the list missed (named after them)."""
    listed = _subtopic_sets(rng, LIST_LENGTH)
    missed = _subtopic_sets(rng, int(rng.integers(1, 3)))
    names = string.ascii_lowercase[: LIST_LENGTH + len(missed)]
    return Ranking.build(
        [1 if s else 0 for s in listed],
        doc_ids=list(names[:LIST_LENGTH]),
        unretrieved=[1 if s else 0 for s in missed],
        scale_max=1,
        intents=Intents.build(listed, list(zip(names[LIST_LENGTH:], missed, strict=True))),
    )


def _repeats_within(ranking: Ranking, k: int) -> bool:
    seen: set[str] = set()
    for subs in ranking.intents.retrieved[:k]:  # type: ignore[union-attr]
        if subs & seen:
            return True
        seen |= subs
    return False


def _described(doc_id: str, subtopics: frozenset[str]) -> str:
    if subtopics:
        return f"{doc_id} {{{subtopics_text(subtopics)}}}"
    return _("{doc} (none)").format(doc=doc_id)


def _diversity(rng, convention: Convention, k: int):
    def accept(r: Ranking) -> bool:
        full = r.intents.covered() == set(SUBTOPICS)  # type: ignore[union-attr]
        value = _value("alpha_nDCG", r, convention, k)
        missing = _value("StRecall", r, convention, k) < 1
        return full and missing and _repeats_within(r, k) and 0.05 < value < 0.95

    ranking = _draw(rng, _with_subtopics, accept)
    s = Scenario(ranking, convention, k)
    questions = tuple(
        Question(f, _("{measure} of the list").format(measure=_at(f, k)), (Step(_at(f, k), f, s),))
        for f in ("alpha_nDCG", "StRecall")
    )
    intents: Intents = ranking.intents  # type: ignore[assignment]
    retrieved = zip(ranking.doc_ids, intents.retrieved, strict=True)
    listed = ", ".join(_described(d, x) for d, x in retrieved)
    missed = ", ".join(_described(d, x) for d, x in intents.unretrieved)
    statement = _(
        "A query has three meanings, subtopics 1, 2 and 3, equally likely. A system returned "
        "{listed} (rank 1 first; in braces, the subtopics a document is relevant to). The "
        "judges also found {missed}, which the system did not return. With α = 0.5 (a subtopic "
        "already seen c times is worth 0.5^c of a new one) compute α-nDCG@{k}, whose ideal "
        "ranking is the greedy one (at each rank the document that adds the most; a tie goes to "
        "the later letter), and subtopic recall S-recall@{k}."
    ).format(listed=listed, missed=missed, k=k)
    return statement, (("the list", ranking),), questions


_MAKERS = {
    "dcg": _dcg,
    "compare": _compare,
    "predict": _predict,
    "choose": _choose,
    "diversity": _diversity,
}


def generate(
    seed: int,
    kinds: Iterable[str] = DEFAULT_KINDS,
    convention: Convention = TEXTBOOK,
    k: int = LIST_LENGTH,
) -> tuple[Exercise, ...]:
    """One round: an exercise of each of `kinds`, in order, all reproducible from `seed`."""
    if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)) or seed < 0:
        raise ValueError(
            _("The seed must be a whole number >= 0; got {seed}.").format(seed=repr(seed))
        )
    if k not in CUTOFFS or isinstance(k, bool):
        raise ValueError(
            _("k must be one of {cutoffs}; got {k}.").format(
                cutoffs=", ".join(map(str, CUTOFFS)), k=repr(k)
            )
        )
    out = []
    for i, kind in enumerate(kinds):
        if kind not in _MAKERS:
            raise ValueError(
                _("Unknown exercise kind {kind}; choose from {kinds}.").format(
                    kind=repr(kind), kinds=", ".join(KINDS)
                )
            )
        rng = np.random.default_rng([int(seed), i])
        statement, lists, questions = _MAKERS[kind](rng, convention, k)
        out.append(Exercise(i + 1, kind, int(seed), statement, lists, k, convention, questions))
    return tuple(out)
