"""The catalogue of common mistakes: each a named, explained deviation that computes the wrong
number from the same input, so it can be switched on and off and compared with the right one.

A mistake acts at one or both of two depths:
- `transform` changes the scenario (the list, the convention or the cutoff) before the core
  computes: e.g. taking the ideal ranking from the retrieved list, or ties in input order;
- `adjust` changes the worked calculation the core returned: e.g. a discount 1/log2(i + 2),
  or 1e-8 added to IDCG (the adjustments are in `rankwork.teaching.adjustments`).

What each mistake does wrong, where it is made, and why it can leave a number unchanged is
prose, in the content file ``rankwork/content/pitfalls.md`` (`Pitfall.why` and the others read
it); the code keeps each mistake's short title.

`compute(family, scenario, mistakes)` applies any combination (transforms first, in catalogue
order, then adjustments) and returns a `Result` like the core's, so the two breakdowns can be
set side by side. `family` is one of MEASURES: the graded and binary FAMILIES, and the
diversity measures α-nDCG and ERR-IA (DIVERSITY), which read the list's subtopics.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace

import numpy as np

from rankwork.core.capabilities import families
from rankwork.core.measures.families.dcg import part
from rankwork.core.ranking import Ranking
from rankwork.core.result import Result
from rankwork.core.scenario import Scenario, correct
from rankwork.language import N_, _, prose
from rankwork.teaching import adjustments

DCG_FAMILY = ("DCG", "IDCG", "nDCG")
#: The graded and binary families of the lab (the families declaring `pitfalls`).
FAMILIES = families("pitfalls")


# --- transforms of the scenario ------------------------------------------------------------


def _convention(**changes) -> Callable[[Scenario], Scenario]:
    def transform(s: Scenario) -> Scenario:
        return replace(s, convention=s.convention.with_(**changes))

    return transform


def _flip_gain(s: Scenario) -> Scenario:
    flipped = "linear" if s.convention.gain == "exponential" else "exponential"
    return replace(s, convention=s.convention.with_(gain=flipped))


def _err_list_max(s: Scenario) -> Scenario:
    grades = s.ranking.grades[~np.isnan(s.ranking.grades)]
    top = float(grades.max()) if grades.size and grades.max() > 0 else 1.0
    return replace(s, convention=s.convention.with_(err_gmax=top))


def _drop_unretrieved(s: Scenario) -> Scenario:
    r = s.ranking
    return replace(s, ranking=Ranking.build(r.grades, r.doc_ids, r.scores, (), r.scale_max))


def _merge_other_query(s: Scenario) -> Scenario:
    """Another query's relevant documents (as many as this one has) join the judged pool."""
    r, t = s.ranking, s.convention.rel_threshold
    pool = np.concatenate([r.grades[~np.isnan(r.grades)], r.unretrieved])
    relevant = pool[pool >= t]
    extra = relevant if relevant.size else np.array([max(t, 1.0)])
    unretrieved = np.concatenate([r.unretrieved, extra])
    return replace(
        s, ranking=Ranking.build(r.grades, r.doc_ids, r.scores, unretrieved, r.scale_max)
    )


def _duplicate_top(s: Scenario) -> Scenario:
    """The best document is listed a second time, right after itself: the copy earns its gain
    again in the list, while the judgments (and so R and the ideal ranking) hold it once."""
    r = s.ranking
    if not len(r):
        return s
    grades = np.nan_to_num(r.grades, nan=-np.inf)
    top = int(np.argmax(grades))
    ids = list(r.doc_ids)
    again = f"{ids[top]} (again)"
    ids.insert(top + 1, again)
    new = np.insert(r.grades, top + 1, r.grades[top])
    scores = None if r.scores is None else np.insert(r.scores, top + 1, r.scores[top])
    ranking = Ranking.build(new, ids, scores, r.unretrieved, r.scale_max)
    return replace(s, ranking=ranking, copies=s.copies | {again})


def _equal_intents(s: Scenario) -> Scenario:
    """The intent weights dropped: every subtopic equally likely."""
    intents = s.ranking.intents
    if intents is None or not intents.weights:
        return s
    return replace(s, ranking=replace(s.ranking, intents=replace(intents, weights=())))


def _unjudged_kept(s: Scenario) -> Scenario:
    return replace(s, condensed=False)


def _cutoff_one_short(s: Scenario) -> Scenario:
    return replace(s, k=s.k - 1)


def _clip_k(s: Scenario) -> Scenario:
    if s.k is None or s.k <= len(s.ranking):
        return s
    return replace(s, k=max(len(s.ranking), 1))


# --- when a mistake can show at all --------------------------------------------------------


def _always(s: Scenario) -> bool:
    return True


def _has_negative(s: Scenario) -> bool:
    return bool((s.ranking.grades < 0).any() or (s.ranking.unretrieved < 0).any())


def _has_ties(s: Scenario) -> bool:
    return s.ranking.scores is not None and len(np.unique(s.ranking.scores)) < len(s.ranking)


def _has_unretrieved(s: Scenario) -> bool:
    return bool(s.ranking.unretrieved.size)


def _k_beyond_list(s: Scenario) -> bool:
    return s.k is not None and s.k > len(s.ranking)


def _condensed_with_unjudged(s: Scenario) -> bool:
    return s.condensed and bool(np.isnan(s.ranking.grades).any())


def _has_subtopics(s: Scenario) -> bool:
    return s.ranking.intents is not None and bool(s.ranking.intents.covered())


def _has_weights(s: Scenario) -> bool:
    return _has_subtopics(s) and bool(s.ranking.intents.weights)  # type: ignore[union-attr]


def _log_discount(s: Scenario) -> bool:
    return s.convention.discount == "log"


def _exponential(s: Scenario) -> bool:
    return s.convention.gain == "exponential"


def _ideal_cut(s: Scenario) -> bool:
    return s.convention.ideal_cut and s.k is not None


def _ties_not_input(s: Scenario) -> bool:
    return s.convention.ties != "input" and _has_ties(s)


@dataclass(frozen=True)
class Pitfall:
    """One mistake. `families` are the measures it can change; `applies` says whether it can
    show on a scenario at all; `diagnosable` is False for mistakes that need data the list
    does not hold (a duplicate, another query), which the lab demonstrates but a diagnosis
    of a hand calculation cannot suspect. Its wrong and right code are whole programs, in
    `rankwork.teaching.snippets`.

    Its prose is in ``rankwork/content/pitfalls.md``, in English (show it with ``_``):
    `why` it is wrong, `where` it is made, what a scenario `needs` for the mistake to show
    (when `applies` is False), and why it can be `unchanged` when it applies (both read by
    `why_unchanged`; "" when the file says nothing)."""

    key: str
    title: str
    families: tuple[str, ...]
    plausibility: float
    transform: Callable[[Scenario], Scenario] | None = None
    adjust: Callable[[str, Scenario, Result], Result] | None = None
    applies: Callable[[Scenario], bool] = _always
    diagnosable: bool = True

    @property
    def why(self) -> str:
        return prose.source("pitfalls", f"{self.key}.why")

    @property
    def where(self) -> str:
        return prose.source("pitfalls", f"{self.key}.where")

    @property
    def needs(self) -> str:
        return prose.sections("pitfalls").get(f"{self.key}.needs", "")

    @property
    def unchanged(self) -> str:
        return prose.sections("pitfalls").get(f"{self.key}.unchanged", "")


BINARY_COUNTS = ("P", "R", "AP")
#: the catalogue's measures the condensed list can change (the families declaring
#: `condensable`; IDCG, which reads only the judged pool, does not)
CONDENSABLE = families("condensable")

CATALOGUE: tuple[Pitfall, ...] = (
    Pitfall(
        "log2_of_rank",
        N_("Discount 1/log2(i): rank 1 divides by zero"),
        DCG_FAMILY,
        0.5,
        adjust=adjustments.shift_discount(0),
        applies=_log_discount,
    ),
    Pitfall(
        "log2_off_by_one",
        N_("Discount off by one: 1/log2(i + 2)"),
        DCG_FAMILY,
        1.0,
        adjust=adjustments.shift_discount(2),
        applies=_log_discount,
    ),
    Pitfall(
        "natural_log",
        N_("Natural log instead of log2"),
        DCG_FAMILY,
        1.5,
        transform=_convention(discount="log", log_base=math.e),
        applies=lambda s: _log_discount(s) and s.convention.log_base != math.e,
    ),
    Pitfall(
        "gain_flipped",
        N_("Linear gain where exponential is meant (or the reverse)"),
        DCG_FAMILY,
        3.0,
        transform=_flip_gain,
        applies=lambda s: s.convention.gain != "custom",
    ),
    Pitfall(
        "mixed_gain",
        N_("Exponential gain in DCG, linear in IDCG"),
        ("IDCG", "nDCG"),
        1.0,
        adjust=adjustments.linear_ideal,
        applies=_exponential,
    ),
    Pitfall(
        "ideal_from_retrieved",
        N_("IDCG from the retrieved list only"),
        ("IDCG", "nDCG"),
        3.0,
        transform=_convention(ideal="retrieved"),
        applies=lambda s: s.convention.ideal == "judged" and _has_unretrieved(s),
    ),
    Pitfall(
        "ideal_uncut",
        N_("IDCG not cut at k"),
        ("IDCG", "nDCG"),
        2.0,
        transform=_convention(ideal_cut=False),
        applies=_ideal_cut,
    ),
    Pitfall(
        "ideal_cut_at_r",
        N_("IDCG cut at R instead of k"),
        ("IDCG", "nDCG"),
        1.0,
        transform=_convention(ideal_cut=False),
        adjust=adjustments.ideal_cut_at_r,
        applies=_ideal_cut,
    ),
    Pitfall(
        "recall_retrieved_only",
        N_("Relevant documents never retrieved are ignored"),
        ("R", "F1", "AP", "IDCG", "nDCG"),
        2.5,
        transform=_drop_unretrieved,
        applies=_has_unretrieved,
    ),
    Pitfall(
        "integer_division",
        N_("Integer division"),
        BINARY_COUNTS,
        1.0,
        adjust=adjustments.integer_division,
    ),
    Pitfall(
        "epsilon_denominator",
        N_("1e-8 added to the denominator"),
        ("nDCG",),
        0.5,
        adjust=adjustments.epsilon,
    ),
    Pitfall(
        "negative_exponential",
        N_("Negative grades fed to 2^g - 1"),
        ("DCG", "IDCG", "nDCG", "ERR", "RBP"),
        1.0,
        transform=_convention(negative="keep"),
        applies=_has_negative,
    ),
    Pitfall(
        "duplicate_counted",
        N_("A duplicate document counted twice"),
        FAMILIES,
        0.5,
        transform=_duplicate_top,
        diagnosable=False,
    ),
    Pitfall(
        "merged_queries",
        N_("Relevant sets of several queries merged"),
        ("R", "F1", "AP", "IDCG", "nDCG"),
        0.5,
        transform=_merge_other_query,
        diagnosable=False,
    ),
    Pitfall(
        "cutoff_one_short",
        N_("The sum stops one rank early (k - 1 ranks)"),
        ("DCG", "IDCG", "nDCG", "ERR", "P", "R", "F1", "AP", "RR"),
        1.0,
        transform=_cutoff_one_short,
        applies=lambda s: s.k is not None and s.k > 1,
    ),
    Pitfall(
        "k_clipped",
        N_("k larger than the list clipped to the list"),
        ("IDCG", "nDCG", "P", "R", "F1"),
        1.5,
        transform=_clip_k,
        applies=_k_beyond_list,
    ),
    Pitfall(
        "ties_input_order",
        N_("Ties by input order instead of doc id"),
        FAMILIES,
        2.0,
        transform=_convention(ties="input"),
        applies=_ties_not_input,
    ),
    Pitfall(
        "err_gmax_4",
        N_("ERR with top grade 4 on another scale"),
        ("ERR",),
        2.0,
        transform=_convention(err_gmax=4.0),
        applies=lambda s: (s.convention.err_gmax or s.ranking.scale_max) != 4.0,
    ),
    Pitfall(
        "err_gmax_list",
        N_("ERR with the list's largest grade as top grade"),
        ("ERR",),
        1.0,
        transform=_err_list_max,
    ),
    Pitfall(
        "rbp_raw_grade",
        N_("RBP with the raw grade as gain"),
        ("RBP",),
        1.0,
        transform=_convention(rbp_gain="raw"),
        applies=lambda s: s.convention.rbp_gain == "graded",
    ),
    Pitfall(
        "precision_by_length",
        N_("P@k divided by the list length"),
        ("P",),
        1.5,
        adjust=adjustments.precision_by_length,
        applies=lambda s: s.k is not None and s.k != len(s.ranking),
    ),
)

CATALOGUE += (
    Pitfall(
        "unjudged_kept",
        N_("AP′ and nDCG′ with unjudged documents kept as non-relevant"),
        CONDENSABLE,
        1.0,
        transform=_unjudged_kept,
        applies=_condensed_with_unjudged,
    ),
    Pitfall(
        "alpha_ideal_of_ndcg",
        N_("α-nDCG normalised by nDCG's ideal"),
        ("alpha_nDCG",),
        1.0,
        adjust=adjustments.ideal_of_ndcg,
        applies=_has_subtopics,
    ),
    Pitfall(
        "subtopics_once",
        N_("Each subtopic counted once per list"),
        ("alpha_nDCG", "ERR_IA"),
        1.0,
        adjust=adjustments.subtopics_once,
        applies=_has_subtopics,
    ),
    Pitfall(
        "intents_ignored",
        N_("Intent probabilities ignored"),
        ("ERR_IA", "alpha_nDCG"),
        1.0,
        transform=_equal_intents,
        applies=_has_weights,
    ),
)

BY_KEY: dict[str, Pitfall] = {p.key: p for p in CATALOGUE}
#: The diversity measures of the lab: the diversity cards a pitfall of the catalogue is about.
DIVERSITY = tuple(f for f in families("diversity_card") if any(f in p.families for p in CATALOGUE))
MEASURES = FAMILIES + DIVERSITY


def pitfall(key: str) -> Pitfall:
    try:
        return BY_KEY[key]
    except KeyError:
        raise ValueError(
            _("Unknown pitfall {key!r}; known: {known}.").format(key=key, known=", ".join(BY_KEY))
        ) from None


def why_unchanged(p: Pitfall, family: str, scenario: Scenario) -> str:
    """Why mistake `p` leaves `family` unchanged on `scenario`: it does not touch the measure,
    the scenario lacks what it needs, or (when it applies) the reason it can still cancel."""
    if family not in p.families:
        return _("It does not touch {family}: it changes {families} only.").format(
            family=family, families=", ".join(p.families)
        )
    if not p.applies(scenario):
        return _(p.needs) if p.needs else _("It cannot show on this list.")
    return (
        _(p.unchanged)
        if p.unchanged
        else _("On this list the mistake happens to give the same number.")
    )


def _chosen(mistakes: Iterable[str | Pitfall]) -> list[Pitfall]:
    chosen = [m if isinstance(m, Pitfall) else pitfall(m) for m in mistakes]
    return sorted(chosen, key=CATALOGUE.index)


def transformed(
    family: str, scenario: Scenario, mistakes: Iterable[str | Pitfall] = ()
) -> Scenario:
    """The scenario the mistakes' transforms leave for `family` (its convention is the one a
    rendering of the wrong calculation must name, e.g. the natural log's base e)."""
    for p in _chosen(mistakes):
        if p.transform is not None and family in p.families:
            scenario = p.transform(scenario)
    return scenario


def compute(family: str, scenario: Scenario, mistakes: Iterable[str | Pitfall] = ()) -> Result:
    """`family` computed with the given mistakes (keys or Pitfalls) switched on."""
    if family not in MEASURES:
        raise ValueError(
            _("Unknown measure {family!r}; choose one of {known}.").format(
                family=family, known=", ".join(MEASURES)
            )
        )
    chosen = _chosen(mistakes)
    scenario = transformed(family, scenario, chosen)
    adjusters = [p.adjust for p in chosen if p.adjust is not None and family in p.families]
    if not adjusters:
        return correct(family, scenario)
    base = "nDCG" if family in DCG_FAMILY else family
    result = correct(base, scenario)
    for adjust in adjusters:
        result = adjust(family, scenario, result)
    return part(family, result) if family in DCG_FAMILY else result
