"""Everything the Playground shows for one list, computed once from the measure breakdowns.

`evaluate(ranking, convention, k)` runs the headline measures and joins their breakdowns into
one per-rank table; when the list has subtopic judgments it also runs the `DIVERSITY` measures
(α-nDCG with the α given, ERR-IA, S-recall), whose own tables hold their working.
`cutoff_curves` reads nDCG@j, P@j and R@j for every depth j off the same cumulative sums
(IDCG@j is the ideal's running sum when the ideal is cut at j, its total otherwise; scaled
DCG's ideal of j top-grade documents is always cut at j). Nothing here computes a measure a
second way: it only selects and aligns.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

import numpy as np
import pandas as pd

from rankwork.core.bounds import Bounds, Evaluator, bounds
from rankwork.core.capabilities import families
from rankwork.core.condensed import condense, primed, removed
from rankwork.core.conventions import Convention
from rankwork.core.diversity import DEFAULT_ALPHA
from rankwork.core.measures import SPECS
from rankwork.core.measures.families.dcg import ndcg as ndcg_measure
from rankwork.core.measures.families.judged import judged_at
from rankwork.core.measures.families.precision import precision
from rankwork.core.measures.families.recall import recall
from rankwork.core.ranking import Ordered, Ranking, check_cutoff, order
from rankwork.core.result import Result
from rankwork.language import _

#: The measures the Playground always shows (the families declaring `headline`).
HEADLINE = families("headline")
#: The diversity measures the Playground shows when the list has subtopics (`diversity_card`).
DIVERSITY = families("diversity_card")
#: Measures a teacher can add as cards (the Playground's "More measures"), each at k when it
#: takes a cutoff: the families declaring `more` (Q-measure, bpref, infAP, C/W/L measures).
MORE = families("more")
#: The MORE measures with no range over the unjudged documents: they read those documents
#: their own way (bpref skips them, infAP estimates from the judged ones), so their value is
#: not the grade-0 fill of `rankwork.core.bounds`, and need not lie in its range.
OWN_UNJUDGED = ("infAP", "Bpref")
#: Every card the Playground can show, in their order (presentation mode picks among them).
CARDS = HEADLINE + DIVERSITY + MORE
#: Given a family, the list it reads, the convention and the cutoff, an `Evaluator` that
#: scores many assignments of grades at once (`rankwork.core.bounds`).
EvaluatorFactory = Callable[[str, Ordered, Convention, "int | None"], Evaluator]


@dataclass(frozen=True, eq=False)
class Report:
    """What the Playground shows. `ordered` is the list as given (ordered by the convention);
    `scored` the one the HEADLINE measures read (condensed when `condensed`)."""

    ordered: Ordered
    convention: Convention
    k: int
    results: dict[str, Result]
    positions: pd.DataFrame
    #: each HEADLINE measure, and each MORE one but OWN_UNJUDGED, over every grade its unjudged
    #: documents could get: the true range, or only the two fills (`core.bounds`);
    #: empty, with `bounds_problem` saying why, when the top grade cannot be scored
    bounds: dict[str, Bounds]
    judged: Result
    bounds_problem: str | None = None
    condensed: bool = False

    @property
    def scored(self) -> Ordered:
        """The list the HEADLINE measures read: `ordered` (the list as given), condensed when
        `condensed`."""
        return condense(self.ordered) if self.condensed else self.ordered

    def value(self, key: str) -> float:
        return self.results[key].value

    @property
    def cards(self) -> tuple[str, ...]:
        """The measures computed, in the cards' order: HEADLINE, then DIVERSITY when the list
        has subtopics, then the MORE measures asked for."""
        return HEADLINE + tuple(key for key in DIVERSITY + MORE if key in self.results)


def evaluate(
    ranking: Ranking,
    convention: Convention,
    k: int,
    alpha: float = DEFAULT_ALPHA,
    condensed: bool = False,
    more: Iterable[str] = (),
    many: EvaluatorFactory | None = None,
) -> Report:
    """The HEADLINE measures at cutoff k, each by its spec (AP and RR at k too; RBP and R-Prec
    have no cutoff), and the DIVERSITY ones at k when the list has subtopics (α-nDCG with
    `alpha`); the per-rank table is nDCG's working with ERR's and RBP's beside it. Each HEADLINE
    measure also gets its `Bounds` over the unjudged documents (`rankwork.core.bounds`: the true
    range where it can be found, else the two fills), and the report Judged@k.

    `condensed`: every HEADLINE measure (and the table, the bounds) reads the condensed list
    (`rankwork.core.condensed`: the unjudged documents removed), its name primed (nDCG′@k);
    Judged@k still reads the list as given, and the diversity measures, which read subtopics
    rather than grades, the whole list.

    `more`: MORE measures to compute too, at k when they take a cutoff, each with its bounds
    but OWN_UNJUDGED.
    Condensed, the one among them with a condensed form (Q) reads the condensed list and is
    primed; infAP, bpref and the C/W/L measures have none and read the list as given.

    `many`: scores the assignments of grades the bounds try, many at once (the Playground
    passes `rankwork.collection.assignments.batch_evaluator`, the batch kernels; without it
    each assignment runs through the single-list function, about half a millisecond each)."""
    k = check_cutoff(k)
    full = order(ranking, convention)
    ordered = condense(full) if condensed else full
    results = {family: SPECS[family].single(ordered, convention, k) for family in HEADLINE}
    if condensed:
        gone = removed(full)
        results = {family: primed(result, gone) for family, result in results.items()}
    if full.intents is not None:
        for family in DIVERSITY:
            spec = SPECS[family]
            params = {p.name: alpha for p in spec.params if p.name == "alpha"}
            results[family] = spec.single(full, convention, k, **params)
    # each measure with bounds: the list it reads and its cutoff
    read_by: dict[str, tuple[Ordered, int | None]] = dict.fromkeys(HEADLINE, (ordered, k))
    for family in (f for f in MORE if f in more):
        condensable = any(p.name == "judged_only" for p in SPECS[family].params)
        listed, cut = read_by[family] = (ordered if condensable else full, _cut(family, k))
        results[family] = SPECS[family].single(listed, convention, cut)
        if condensed and condensable:
            results[family] = primed(results[family], gone)
    positions = results["nDCG"].table.drop(columns=["contribution"]).copy()
    n = len(ordered)
    positions["err_p_stop"] = _pad(results["ERR"].table["p_stop"].to_numpy(), len(positions))
    positions["rbp_weight"] = _pad(results["RBP"].table["weight"].to_numpy(), len(positions))
    positions["retrieved"] = np.arange(len(positions)) < n
    problem = None
    try:
        spread = {
            family: bounds(
                family,
                listed,
                convention,
                cut,
                known=results[family].value,
                many=None if many is None else many(family, listed, convention, cut),
            )
            for family, (listed, cut) in read_by.items()
            if family not in OWN_UNJUDGED
        }
    except ValueError as err:  # e.g. a custom gain map without the scale's top grade
        spread = {}
        problem = _("No bounds over the unjudged documents: {reason}").format(reason=err)
    judged = judged_at(full, convention, k)
    return Report(full, convention, k, results, positions, spread, judged, problem, condensed)


def _cut(family: str, k: int) -> int | None:
    """k for a measure that takes a cutoff, None for one that does not (infAP, INST...)."""
    return None if SPECS[family].cutoff == "none" else k


def _pad(values: np.ndarray, length: int) -> np.ndarray:
    out = np.full(length, np.nan)
    out[: len(values)] = values
    return out


def cutoff_curves(ranking: Ranking | Ordered, convention: Convention) -> pd.DataFrame:
    """nDCG@j, P@j and R@j for j = 1..n (n = list length), from one pass of cumulative sums."""
    ordered = ranking if isinstance(ranking, Ordered) else order(ranking, convention)
    n = len(ordered)
    whole = ndcg_measure(ordered, convention, None)
    table = whole.table.iloc[:n]
    cum_dcg = table["cum_dcg"].to_numpy()
    if convention.ideal_cut or convention.ideal == "none" or convention.discount == "flat":
        # the ideal cut at j; scaled DCG's ideal (j top-grade documents) is always cut at j,
        # and flat@j weighs nothing below j, so an uncut ideal reads the same top j
        idcg = table["cum_idcg"].to_numpy()
    else:
        idcg = np.full(n, whole.details["IDCG"])
    with np.errstate(divide="ignore", invalid="ignore"):
        ndcg = np.where(idcg > 0, cum_dcg / idcg, convention.empty_value)
    if not convention.dcg_cutoff:  # trec_eval's ndcg ignores k: one value at every depth
        ndcg = np.full(n, whole.value)
    hits = precision(ordered, convention, None).table["hits"].to_numpy()
    big_r = recall(ordered, convention, None).details["R"]
    depth = np.arange(1, n + 1)
    return pd.DataFrame(
        {
            "k": depth,
            "nDCG": ndcg,
            "P": hits / depth,
            "R": hits / big_r if big_r else np.zeros(n),
        }
    )
