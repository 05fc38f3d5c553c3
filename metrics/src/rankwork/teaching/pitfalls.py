"""The catalogue of common mistakes: each a named, explained deviation that computes the wrong
number from the same input, so it can be switched on and off and compared with the right one.

A mistake acts at one or both of two depths:
- `transform` changes the scenario (the list, the convention or the cutoff) before the core
  computes: e.g. taking the ideal ranking from the retrieved list, or ties in input order;
- `adjust` changes the worked calculation the core returned: e.g. a discount 1/log2(i + 2),
  or 1e-8 added to IDCG. For the DCG family it edits the per-rank nDCG table (gain, discount,
  ideal gain columns) and re-adds it; for the binary measures it edits the counts.

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

from rankwork.core import diversity
from rankwork.core.capabilities import families
from rankwork.core.intents import subtopics_text
from rankwork.core.measures.families.dcg import part
from rankwork.core.ranking import Ranking
from rankwork.core.result import Result
from rankwork.core.scenario import Scenario, correct, ordered
from rankwork.language import N_, _

DCG_FAMILY = ("DCG", "IDCG", "nDCG")
#: The graded and binary families of the lab (the families declaring `pitfalls`).
FAMILIES = families("pitfalls")


def _readd(full: Result, eps: float = 0.0, empty: float = 0.0) -> Result:
    """Re-add an edited nDCG table: contributions from its gain, discount and ideal columns,
    summed as numpy sums them (a NaN, e.g. 0 * inf from 1/log2(1), makes the sum NaN, as it
    does in the code that makes the mistake). nDCG = DCG / (IDCG + eps), or `empty` when
    IDCG + eps is not positive (a NaN IDCG is not positive either: `nan > 0` is False)."""
    t = full.table.copy()
    listed = t["gain"].notna() & t["in_cutoff"]
    t["dcg_contribution"] = np.where(listed, t["gain"] * t["discount"], 0.0)
    t["ideal_contribution"] = np.where(
        t["ideal_gain"].notna(), t["ideal_gain"] * t["discount"], 0.0
    )
    t["cum_dcg"] = np.cumsum(t["dcg_contribution"].to_numpy())
    t["cum_idcg"] = np.cumsum(t["ideal_contribution"].to_numpy())
    dcg = float(np.sum(t["dcg_contribution"].to_numpy()))
    idcg = float(np.sum(t["ideal_contribution"].to_numpy()))
    denominator = idcg + eps
    with np.errstate(divide="ignore", invalid="ignore"):
        if denominator > 0:
            t["contribution"] = t["dcg_contribution"] / denominator
            value = dcg / denominator
        else:
            t["contribution"] = 0.0
            value = empty
    details = {**full.details, "DCG": dcg, "IDCG": idcg, "nDCG": float(value)}
    return Result(full.name, float(value), t, details, full.note)


# --- adjustments of the worked calculation -------------------------------------------------


def _shift_discount(offset: int) -> Callable[[str, Scenario, Result], Result]:
    """Discount 1/log2(i + offset) instead of 1/log2(i + 1)."""

    def adjust(family: str, scenario: Scenario, full: Result) -> Result:
        t = full.table.copy()
        with np.errstate(divide="ignore"):
            t["discount"] = 1.0 / np.log2(t["rank"].to_numpy(dtype=float) + offset)
        eps = full.details.get("eps", 0.0)
        return _readd(replace(full, table=t), eps, scenario.convention.empty_value)

    return adjust


def _linear_ideal(family: str, scenario: Scenario, full: Result) -> Result:
    t = full.table.copy()
    t["ideal_gain"] = t["ideal_grade"]
    return _readd(replace(full, table=t), empty=scenario.convention.empty_value)


def _ideal_cut_at_r(family: str, scenario: Scenario, full: Result) -> Result:
    big_r = int((ordered(scenario).judged_pool >= scenario.convention.rel_threshold).sum())
    t = full.table.copy()
    beyond = t["rank"] > big_r
    t.loc[beyond, ["ideal_grade", "ideal_gain"]] = np.nan
    return _readd(replace(full, table=t), empty=scenario.convention.empty_value)


def _epsilon(family: str, scenario: Scenario, full: Result) -> Result:
    out = _readd(full, 1e-8, scenario.convention.empty_value)
    return replace(out, details={**out.details, "eps": 1e-8})


def _integer_division(family: str, scenario: Scenario, result: Result) -> Result:
    """Counts divided with // as in C, Java or Python 2 integer arithmetic."""
    t = result.table
    big_r = int(result.details.get("R", 0))
    k = scenario.k if scenario.k is not None else len(t)
    hits = int(t.loc[t["in_cutoff"], "relevant"].sum())
    if family == "P":
        value = hits // k
    elif family == "R":
        value = hits // big_r if big_r else 0
    else:  # AP: each precision term and the final division truncated
        terms = (t["hits"] // t["rank"])[t["relevant"] & t["in_cutoff"]]
        value = int(terms.sum()) // big_r if big_r else 0
    table = t.copy()
    table["contribution"] = 0.0
    note = _("Integer division throws the fraction away before it is used.")
    details = {**result.details, "integer_division": 1.0}
    return Result(result.name, float(value), table, details, note)


def _precision_by_length(family: str, scenario: Scenario, result: Result) -> Result:
    t = result.table.copy()
    n = max(len(t), 1)
    t["contribution"] = np.where(t["in_cutoff"] & t["relevant"], 1.0 / n, 0.0)
    return Result(
        result.name,
        float(t["contribution"].sum()),
        t,
        {**result.details, "depth": float(n)},
        _("Divided by the list length {n} instead of k.").format(n=len(t)),
    )


def _novelty_result(full: Result, table, norm: float, within, note: str) -> Result:
    """A diversity Result re-added from its gain and discount columns over `norm`."""
    table["discounted_gain"] = table["gain"] * table["discount"]
    discounted = np.where(within, table["discounted_gain"], 0.0)
    table["contribution"] = discounted / norm if norm > 0 else 0.0
    details = {**full.details, "normaliser": norm, "discounted_sum": float(discounted.sum())}
    return Result(full.name, float(table["contribution"].sum()), table, details, note)


def _ideal_of_ndcg(family: str, scenario: Scenario, full: Result) -> Result:
    """α-nDCG over the ideal nDCG would use: every judged document's gain with no novelty
    discount (sum_j w_j rel_j), sorted, cut at k."""
    j = diversity.judged(ordered(scenario))
    t = full.table.copy()
    depth = scenario.k if scenario.k is not None else len(t)
    by_gain = [(sum(j.weight.get(x, 0.0) for x in subs), d) for d, subs in j.pool]
    plain = sorted(by_gain, key=lambda p: (p[0], p[1].encode("utf-8")), reverse=True)[:depth]
    gains = np.array([g for g, _doc in plain])
    disc = 1.0 / np.log2(np.arange(1, len(gains) + 1) + 1.0)
    norm = float(np.sum(gains * disc))
    shown = min(len(t), len(plain))
    t["ideal_doc"] = [d for _gain, d in plain[:shown]] + [""] * (len(t) - shown)
    t["ideal_subtopics"] = [subtopics_text(dict(j.pool)[d]) for _gain, d in plain[:shown]] + [
        ""
    ] * (len(t) - shown)
    t["ideal_gain"] = np.concatenate([gains[:shown], np.zeros(len(t) - shown)])
    t["ideal_contribution"] = t["ideal_gain"] * t["discount"] / norm if norm > 0 else 0.0
    note = _("Normalised by the ideal of nDCG, no novelty discount: {norm:.4g}.").format(norm=norm)
    return _novelty_result(full, t, norm, t["rank"] <= depth, note)


def _subtopics_once(family: str, scenario: Scenario, full: Result) -> Result:
    """Every subtopic counted once per list: a repeat gains nothing, as if α were 1 (for the
    list, and for α-nDCG's greedy ideal, built with the same gains)."""
    j = diversity.judged(ordered(scenario))
    t = full.table.copy()
    depth = scenario.k if scenario.k is not None else len(t)
    t["gain"] = [step.gain for step in diversity.novelty(j.ranked, j.weight, 1.0)]
    norm = full.details["normaliser"]
    if family == "alpha_nDCG":
        ideal = diversity.greedy_ideal(j, 1.0, depth)
        disc = 1.0 / np.log2(np.arange(1, len(ideal) + 1) + 1.0)
        norm = float(sum(c.gain * d for c, d in zip(ideal, disc, strict=True)))
        shown = ideal[: len(t)]
        pad = [""] * (len(t) - len(shown))
        t["ideal_doc"] = [c.doc_id for c in shown] + pad
        t["ideal_subtopics"] = [subtopics_text(c.subtopics) for c in shown] + pad
        t["ideal_gain"] = [c.gain for c in shown] + [0.0] * len(pad)
        t["ideal_contribution"] = t["ideal_gain"] * t["discount"] / norm if norm > 0 else 0.0
    note = _("A subtopic seen before gains nothing: each counted once per list.")
    return _novelty_result(full, t, norm, t["rank"] <= depth, note)


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
    of a hand calculation cannot suspect. `needs` says what a scenario must have for the
    mistake to show (when `applies` is False); `unchanged` why it can still change nothing
    when it applies (both read by `why_unchanged`). Its wrong and right code are whole
    programs, in `rankwork.teaching.snippets`."""

    key: str
    title: str
    families: tuple[str, ...]
    why: str
    where: str
    plausibility: float
    transform: Callable[[Scenario], Scenario] | None = None
    adjust: Callable[[str, Scenario, Result], Result] | None = None
    applies: Callable[[Scenario], bool] = _always
    diagnosable: bool = True
    needs: str = ""
    unchanged: str = ""


BINARY_COUNTS = ("P", "R", "AP")
#: the catalogue's measures the condensed list can change (the families declaring
#: `condensable`; IDCG, which reads only the judged pool, does not)
CONDENSABLE = families("condensable")

CATALOGUE: tuple[Pitfall, ...] = (
    Pitfall(
        "log2_of_rank",
        N_("Discount 1/log2(i): rank 1 divides by zero"),
        DCG_FAMILY,
        N_(
            "log2(1) = 0, so rank 1 weighs 1/0. numpy does not stop: it prints a RuntimeWarning "
            "and makes the weight inf. A relevant document at rank 1 makes DCG inf; a non-relevant "
            "one makes 0 · inf = nan, and nan swallows the whole sum. IDCG is inf whenever "
            "anything is relevant, so nDCG comes out nan (inf/inf or nan/inf). The 'fix' rel_1 + "
            "sum_{i>=2} rel_i/log2(i) is Järvelin & Kekäläinen's rank-b discount with b = 2: a "
            "different metric, not a repair."
        ),
        N_(
            "Formulas copied from older Wikipedia versions and course wikis; 1-based ranks fed to "
            "a formula written for i+1."
        ),
        0.5,
        adjust=_shift_discount(0),
        applies=_log_discount,
        needs=N_(
            "It concerns the log discount 1/log2(i+1); this convention uses another discount."
        ),
        unchanged=(
            N_(
                "The list is empty, so no weight is used, not even 1/0 (with any document at rank "
                "1, numpy's DCG is inf or nan)."
            )
        ),
    ),
    Pitfall(
        "log2_off_by_one",
        N_("Discount off by one: 1/log2(i + 2)"),
        DCG_FAMILY,
        N_(
            "Mixing 0-based and 1-based positions shifts every weight by one rank: rank 1 weighs "
            "1/log2(3) = 0.631 instead of 1. DCG shrinks, and nDCG changes because the top ranks "
            "lose relatively more than the lower ones."
        ),
        N_("`np.log2(np.arange(1, k + 1) + 2)` or enumerate() starting at 1 on a formula for i+2."),
        1.0,
        adjust=_shift_discount(2),
        applies=_log_discount,
        needs=N_(
            "It concerns the log discount 1/log2(i+1); this convention uses another discount."
        ),
        unchanged=(
            N_(
                "Nothing with a positive gain lies in the top k, so the shifted weights multiply "
                "zeros."
            )
        ),
    ),
    Pitfall(
        "natural_log",
        N_("Natural log instead of log2"),
        DCG_FAMILY,
        N_(
            "1/ln(i+1) = (1/log2(i+1)) / ln 2: every weight is scaled by 1.4427, so DCG and IDCG "
            "grow by that factor and nDCG does not change at all. A wrong DCG, a right nDCG."
        ),
        N_(
            "np.log instead of np.log2; gdeval.pl uses ln (harmless there: it prints nDCG and "
            "ERR, never DCG)."
        ),
        1.5,
        transform=_convention(discount="log", log_base=math.e),
        applies=lambda s: _log_discount(s) and s.convention.log_base != math.e,
        needs=(
            N_(
                "It concerns the log2 discount; this convention already uses another base or "
                "discount."
            )
        ),
        unchanged=(
            N_(
                "Changing the log base multiplies every weight by the same factor (1/ln 2 = "
                "1.4427): DCG and IDCG grow alike and the factor cancels in nDCG. A wrong DCG, a "
                "right nDCG."
            )
        ),
    ),
    Pitfall(
        "gain_flipped",
        N_("Linear gain where exponential is meant (or the reverse)"),
        DCG_FAMILY,
        N_(
            "2^g - 1 rewards high grades much more than g: 2^3 - 1 = 7 vs 3. On binary grades the "
            "two coincide (2^1 - 1 = 1), so the mistake only shows with graded labels."
        ),
        N_(
            "trec_eval and pytrec_eval use linear gain, LightGBM and gdeval exponential; code and "
            "papers rarely say which (pytrec_eval's maintainer once called its linear gain "
            "exponential)."
        ),
        3.0,
        transform=_flip_gain,
        applies=lambda s: s.convention.gain != "custom",
        needs=N_("A custom gain map is neither linear nor exponential."),
        unchanged=(
            N_(
                "On grades 0 and 1 the two gains coincide (2^0 - 1 = 0, 2^1 - 1 = 1): only a grade "
                "of 2 or more in the top k (or in the ideal top k) tells them apart."
            )
        ),
    ),
    Pitfall(
        "mixed_gain",
        N_("Exponential gain in DCG, linear in IDCG"),
        ("IDCG", "nDCG"),
        N_(
            "DCG and IDCG must use the same gain, or nDCG is not a ratio of like quantities: with "
            "2^g - 1 above and g below, nDCG can exceed 1."
        ),
        N_("A DCG helper with exponential gain and an IDCG computed by a second, simpler helper."),
        1.0,
        adjust=_linear_ideal,
        applies=_exponential,
        needs=N_("It shows with exponential gain, when the ideal side falls back to linear."),
        unchanged=(
            N_(
                "The ideal top k holds only grades 0 and 1, where 2^g - 1 = g: the mixed IDCG "
                "equals the right one."
            )
        ),
    ),
    Pitfall(
        "ideal_from_retrieved",
        N_("IDCG from the retrieved list only"),
        ("IDCG", "nDCG"),
        N_(
            "The ideal ranking must come from every judged document of the query. Re-sorting only "
            "what was retrieved forgets the relevant documents the system missed, so a list that "
            "found few of them can still score 1."
        ),
        N_(
            "scikit-learn's ndcg_score, LightGBM, XGBoost and most learning-to-rank code (by "
            "design: they only see the scored list)."
        ),
        3.0,
        transform=_convention(ideal="retrieved"),
        applies=lambda s: s.convention.ideal == "judged" and _has_unretrieved(s),
        needs=(
            N_(
                "Every judged document was retrieved (or the ideal already comes from the list): "
                "the list is the whole judged pool."
            )
        ),
        unchanged=(
            N_(
                "The judged documents that were not retrieved would not enter the ideal top k: the "
                "list already holds k documents at least as good."
            )
        ),
    ),
    Pitfall(
        "ideal_uncut",
        N_("IDCG not cut at k"),
        ("IDCG", "nDCG"),
        N_(
            "nDCG@k compares the top k with the best possible top k. An IDCG over every judged "
            "document is larger, so nDCG@k can never reach 1 when more than k are relevant."
        ),
        N_(
            "Hand-written IDCG over the whole judged pool. No tool prints this: trec_eval's `ndcg` "
            "cuts neither DCG nor IDCG (it has no cutoff), its ndcg_cut.k cuts both."
        ),
        2.0,
        transform=_convention(ideal_cut=False),
        applies=_ideal_cut,
        needs=N_("It needs a cutoff k and an ideal ranking cut at k."),
        unchanged=(
            N_(
                "No more than k documents have a positive gain, so the ideal ranking ends by rank "
                "k whether it is cut or not."
            )
        ),
    ),
    Pitfall(
        "ideal_cut_at_r",
        N_("IDCG cut at R instead of k"),
        ("IDCG", "nDCG"),
        N_(
            "The ideal ranking is cut at R, the number of relevant documents, not at k: IDCG then "
            "counts more ideal documents than the list is allowed to show when R > k."
        ),
        N_(
            "Code that builds the ideal list from the relevant documents alone, then forgets to "
            "cut."
        ),
        1.0,
        transform=_convention(ideal_cut=False),
        adjust=_ideal_cut_at_r,
        applies=_ideal_cut,
        needs=N_("It needs a cutoff k and an ideal ranking cut at k."),
        unchanged=(
            N_(
                "Cutting the ideal at R or at k keeps the same documents with a positive gain here "
                "(R <= k and nothing of positive gain below the first R)."
            )
        ),
    ),
    Pitfall(
        "recall_retrieved_only",
        N_("Relevant documents never retrieved are ignored"),
        ("R", "F1", "AP", "IDCG", "nDCG"),
        N_(
            "R, AP and IDCG divide by every relevant judged document, retrieved or not. Counting "
            "only the retrieved ones rewards a system for what it failed to find."
        ),
        N_("Evaluation code that only has the ranked list in hand (no qrels): R = sum(list_rels)."),
        2.5,
        transform=_drop_unretrieved,
        applies=_has_unretrieved,
        needs=(
            N_(
                "Every judged document was retrieved: there is no relevant document outside the "
                "list to forget."
            )
        ),
        unchanged=(
            N_(
                "The judged documents outside the list are not relevant (or would not reach the "
                "ideal top k), so leaving them out changes no count."
            )
        ),
    ),
    Pitfall(
        "integer_division",
        N_("Integer division"),
        BINARY_COUNTS,
        N_(
            "Counts divided as integers drop the fraction: 3 // 5 = 0, so P@5 is 0 unless all five "
            "are relevant."
        ),
        N_("C, Java and Python 2 `/` on ints; numpy integer arrays with //."),
        1.0,
        adjust=_integer_division,
        unchanged=(
            N_(
                "The division comes out whole here (0 hits, or every one of k relevant), so "
                "nothing is thrown away."
            )
        ),
    ),
    Pitfall(
        "epsilon_denominator",
        N_("1e-8 added to the denominator"),
        ("nDCG",),
        N_(
            "nDCG = DCG / (IDCG + 1e-8) avoids a division by zero but makes a perfect list score "
            "0.99999999..., and hides the real decision: what a query with nothing relevant scores."
        ),
        N_("Deep-learning code that guards every division with eps."),
        0.5,
        adjust=_epsilon,
        unchanged=(
            N_(
                "DCG is 0 (nothing relevant in the top k), and 0 divided by anything is 0. "
                "Elsewhere the change hides in the 8th decimal or so: a perfect list scores "
                "0.99999999."
            )
        ),
    ),
    Pitfall(
        "negative_exponential",
        N_("Negative grades fed to 2^g - 1"),
        ("DCG", "IDCG", "nDCG", "ERR", "RBP"),
        N_(
            "2^g - 1 is meant for grades 0 and up: a grade of -1 gives 2^-1 - 1 = -0.5, a negative "
            "gain that lowers DCG, and nDCG can leave [0, 1]. In trec_eval's qrels a negative "
            "grade is not a judgment at all: the document was in the pool but not judged, so it is "
            "neither relevant nor non-relevant and gains nothing."
        ),
        N_(
            "Hand-written 2**g - 1 on qrels with negative grades. scikit-learn's dcg_score accepts "
            "negative labels with linear gain (a -1 counts -1, not -0.5); its ndcg_score refuses "
            "them."
        ),
        1.0,
        transform=_convention(negative="keep"),
        applies=_has_negative,
        needs=N_("The list has no negative grade."),
        unchanged=(
            N_(
                "The negative grades lie beyond k (and outside the ideal top k), where no gain is "
                "read."
            )
        ),
    ),
    Pitfall(
        "duplicate_counted",
        N_("A duplicate document counted twice"),
        FAMILIES,
        N_(
            "A document retrieved twice earns its gain twice in DCG, while the ideal ranking, "
            "built from the judgments, holds it once: nDCG can exceed 1. trec_eval stops with an "
            "error ('duplicate docs'); tools that read the run into a dictionary silently keep one "
            "copy."
        ),
        N_("Runs merged from several shards; gdeval; hand-made evaluation loops."),
        0.5,
        transform=_duplicate_top,
        diagnosable=False,
        unchanged=(
            N_(
                "The repeated document falls beyond k or gains nothing, so counting it twice adds "
                "nothing."
            )
        ),
    ),
    Pitfall(
        "merged_queries",
        N_("Relevant sets of several queries merged"),
        ("R", "F1", "AP", "IDCG", "nDCG"),
        N_(
            "R must count the relevant documents of this query only. Pooling the judgments of all "
            "queries inflates R (and IDCG), so recall and AP drop."
        ),
        N_("qrels loaded as one set of relevant doc ids instead of a dict per query."),
        0.5,
        transform=_merge_other_query,
        diagnosable=False,
        unchanged=(
            N_("The pooled documents do not reach the ideal top k and nothing here divides by R.")
        ),
    ),
    Pitfall(
        "cutoff_one_short",
        N_("The sum stops one rank early (k - 1 ranks)"),
        ("DCG", "IDCG", "nDCG", "ERR", "P", "R", "F1", "AP", "RR"),
        N_(
            "@k reads ranks 1 to k inclusive. A loop `for i in range(1, k)` or a slice "
            "`ranked[:k - 1]` stops at rank k - 1, so the k-th document never counts. Simulated "
            "here as the measure at k - 1 throughout: the list, the ideal ranking and P's "
            "divisor all stop one short."
        ),
        N_(
            "1-based formulas translated to 0-based loops; `range(1, k)` where `range(1, k + 1)` "
            "was meant."
        ),
        1.0,
        transform=_cutoff_one_short,
        applies=lambda s: s.k is not None and s.k > 1,
        needs=N_("a cutoff k of at least 2."),
        unchanged=N_(
            "The document at rank k adds nothing (it is not relevant, or beyond the list)."
        ),
    ),
    Pitfall(
        "k_clipped",
        N_("k larger than the list clipped to the list"),
        ("IDCG", "nDCG", "P", "R", "F1"),
        N_(
            "When the list is shorter than k, the missing ranks are non-relevant: P@10 of 4 "
            "documents divides by 10 and IDCG@10 still counts 10 ideal documents. Clipping k to "
            "the list length rewards short lists."
        ),
        N_("k = min(k, len(ranked)) written once at the top of a function."),
        1.5,
        transform=_clip_k,
        applies=_k_beyond_list,
        needs=N_("k does not go beyond the end of the list: there is nothing to clip."),
        unchanged=(
            N_("The ranks beyond the list gain nothing either way and nothing here divides by k.")
        ),
    ),
    Pitfall(
        "ties_input_order",
        N_("Ties by input order instead of doc id"),
        FAMILIES,
        N_(
            "With equal scores the order is arbitrary unless fixed: trec_eval breaks ties by doc "
            "id descending (compared as text: 'd9' > 'd10'). Input order gives another ranking and "
            "another value."
        ),
        N_("ranx, LightGBM and Python's stable sort keep input order; trec_eval does not."),
        2.0,
        transform=_convention(ties="input"),
        applies=_ties_not_input,
        needs=(
            N_(
                "No two scores tie (or the convention already keeps input order): there is no tie "
                "to break."
            )
        ),
        unchanged=(
            N_(
                "The tied documents have the same grade (or lie beyond k), so either order gives "
                "the same value."
            )
        ),
    ),
    Pitfall(
        "err_gmax_4",
        N_("ERR with top grade 4 on another scale"),
        ("ERR",),
        N_(
            "R_i = (2^g - 1)/2^gmax must use the scale's top grade. gdeval fixes gmax = 4, so on a "
            "0..3 or binary scale every stopping probability shrinks: a relevant document at rank "
            "1 gives 1/16 instead of 1/2 on binary labels."
        ),
        N_("gdeval.pl and ir_measures' ERR@k; RankLib fixes 16 = 2^4."),
        2.0,
        transform=_convention(err_gmax=4.0),
        applies=lambda s: (s.convention.err_gmax or s.ranking.scale_max) != 4.0,
        needs=N_("The scale's top grade is already 4."),
        unchanged=N_("Nothing relevant in the top k: ERR is 0 whatever the top grade."),
    ),
    Pitfall(
        "err_gmax_list",
        N_("ERR with the list's largest grade as top grade"),
        ("ERR",),
        N_(
            "Taking gmax from the grades in this list makes R_i depend on the query: the same "
            "document at the same rank scores differently from one query to the next."
        ),
        N_("gmax = max(grades) computed per query in hand-written code."),
        1.0,
        transform=_err_list_max,
        unchanged=(
            N_(
                "The list's largest grade is the scale's maximum, so the two top grades coincide "
                "(or nothing relevant is in the top k)."
            )
        ),
    ),
    Pitfall(
        "rbp_raw_grade",
        N_("RBP with the raw grade as gain"),
        ("RBP",),
        N_(
            "RBP's gain must lie in [0, 1] (g/gmax, or 0/1). With the raw grade a grade-3 document "
            "counts 3 times and RBP can exceed 1."
        ),
        N_("ranx's graded RBP (since 0.3.15) uses the raw grade."),
        1.0,
        transform=_convention(rbp_gain="raw"),
        applies=lambda s: s.convention.rbp_gain == "graded",
        needs=N_("RBP is not graded g/gmax under this convention (binary or raw already)."),
        unchanged=(
            N_(
                "With a top grade of 1, g/gmax = g: binary grades make the raw grade right by "
                "accident."
            )
        ),
    ),
    Pitfall(
        "precision_by_length",
        N_("P@k divided by the list length"),
        ("P",),
        N_(
            "P@k divides the hits in the top k by k. Dividing by the list length n is a different "
            "number whenever n != k (set precision, trec_eval's set_P)."
        ),
        N_("`len(ranked)` used where `k` was meant."),
        1.5,
        adjust=_precision_by_length,
        applies=lambda s: s.k is not None and s.k != len(s.ranking),
        needs=N_("k equals the list length (or there is no cutoff): k and n coincide."),
        unchanged=N_("No relevant document in the top k: 0/k = 0/n = 0."),
    ),
)

CATALOGUE += (
    Pitfall(
        "unjudged_kept",
        N_("AP′ and nDCG′ with unjudged documents kept as non-relevant"),
        CONDENSABLE,
        N_(
            "Sakai's condensed list removes the unjudged documents and scores what is left: the "
            "judged documents move up. Reading an unjudged document as non-relevant instead keeps "
            "it in its place, where it pushes every judged document below it down a rank: that "
            "is the ordinary AP (or nDCG), which is exactly what AP′ was made to avoid, since a "
            "new system's unjudged documents then count against it."
        ),
        N_(
            "`qrels.get(doc, 0)` in code that then reports the number as AP′ or nDCG′; "
            "ir_measures' judged_only and trec_eval's -J remove the unjudged documents instead."
        ),
        1.0,
        transform=_unjudged_kept,
        applies=_condensed_with_unjudged,
        needs=(
            N_(
                "It concerns the condensed measures (AP′, nDCG′, P′...): switch on the condensed "
                "list on the Playground, with an unjudged document in the list."
            )
        ),
        unchanged=(
            N_(
                "Removing the unjudged documents changes no rank this measure reads: P@k and R@k "
                "only see whether a relevant document is within k, and an unjudged document "
                "below every relevant one moves nothing that counts."
            )
        ),
    ),
    Pitfall(
        "alpha_ideal_of_ndcg",
        N_("α-nDCG normalised by nDCG's ideal"),
        ("alpha_nDCG",),
        N_(
            "α-nDCG must divide by the α-DCG of the best ranking under the same novelty gains (in "
            "practice ndeval's greedy one). Sorting the documents by how many subtopics each "
            "covers, as nDCG's ideal would, and summing their gains with no penalty for repeats, "
            "gives a larger denominator that no list can reach: a perfectly diverse list scores "
            "below 1."
        ),
        N_("Code that reuses an nDCG helper's IDCG for α-nDCG."),
        1.0,
        adjust=_ideal_of_ndcg,
        applies=_has_subtopics,
        needs=N_("No document of this list has subtopics: there is no α-nDCG to normalise."),
        unchanged=(
            N_(
                "No two judged documents share a subtopic within the ideal top k, so the novelty "
                "penalty never applies and both ideals coincide."
            )
        ),
    ),
    Pitfall(
        "subtopics_once",
        N_("Each subtopic counted once per list"),
        ("alpha_nDCG", "ERR_IA"),
        N_(
            "A document on a subtopic already seen c times gains (1 - α)^c of it, not nothing. "
            "Counting each subtopic only the first time it appears is α = 1: it is subtopic recall "
            "with a discount, and a second document on a subtopic, which still helps a reader who "
            "missed the first, is worth nothing."
        ),
        N_("Hand-written diversity code that keeps a set of seen subtopics."),
        1.0,
        adjust=_subtopics_once,
        applies=_has_subtopics,
        needs=N_("No document of this list has subtopics."),
        unchanged=N_("No subtopic comes up twice in the top k, so there is no repeat to count."),
    ),
    Pitfall(
        "intents_ignored",
        N_("Intent probabilities ignored"),
        ("ERR_IA", "alpha_nDCG"),
        N_(
            "ERR-IA weights each intent's ERR by how likely a user means it. Averaging the intents "
            "equally when they are not equally likely lets a list that serves a rare intent score "
            "as well as one that serves the common one."
        ),
        N_(
            "ndeval and ir_measures take no intent weights (they assume equal ones); code built on "
            "them drops the weights silently."
        ),
        1.0,
        transform=_equal_intents,
        applies=_has_weights,
        needs=N_("The list gives no intent weights: equal weights are already right."),
        unchanged=(
            N_(
                "The list's gains come out the same with equal weights (the weighted subtopics "
                "balance out in the top k)."
            )
        ),
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
