"""Small worked examples: the list that shows each pitfall best, and each known disagreement
between evaluation tools set up so that one click shows it.

`PITFALL_DEMOS[key]` is a `Demo` (the measure to look at and the scenario) for every entry of
the pitfall catalogue. `DISAGREEMENTS` holds the disagreements of the research note
(shared/research/library-conventions.md, fixtures T1, G1, D4, D7, D10, D11): one list, several
`Side`s (a tool's convention, possibly with a known deviation such as k clipped to the list),
and the measures on which they part. `work(d)` computes every side from the core.
`preset_table(ranking, k, family)` puts one list under every preset, with what differs.
"""

from __future__ import annotations

from dataclasses import dataclass

import pandas as pd

from rankwork.core import conventions as C
from rankwork.core.intents import Intents
from rankwork.core.ranking import Ranking
from rankwork.core.result import Result
from rankwork.core.scenario import Scenario, correct
from rankwork.language import N_, _, prose
from rankwork.teaching.phrasing import changes, moot
from rankwork.teaching.pitfalls import compute

WIKIPEDIA = Ranking.build([3, 2, 3, 0, 1, 2], unretrieved=[3, 2], scale_max=3)
"""Wikipedia's DCG example: grades 3,2,3,0,1,2 retrieved; judged 3 and 2 never retrieved."""

G1 = Ranking.build(
    [1, 3, None, 0],
    doc_ids=["c", "a", "u", "e"],
    scores=[3.0, 2.0, 1.5, 1.0],
    unretrieved=[2, 1],
    scale_max=3,
)
"""Research fixture G1: qrels {a:3, b:2, c:1, d:1, e:0}, run c > a > u > e (u unjudged)."""


@dataclass(frozen=True)
class Demo:
    """A measure and a scenario on which one pitfall shows clearly."""

    family: str
    scenario: Scenario
    note: str


def _demo(family: str, ranking: Ranking, k: int | None, note: str, **changes) -> Demo:
    convention = C.TEXTBOOK.with_(**changes) if changes else C.TEXTBOOK
    return Demo(family, Scenario(ranking, convention, k), note)


_SUBTOPICS = ["1,2", "1", "", "3", "2,3"]
DIVERSE = Ranking.build(
    [1, 1, 0, 1, 1], doc_ids=["d1", "d2", "d3", "d4", "d5"], intents=Intents.build(_SUBTOPICS)
)
"""Five documents on three subtopics: d1 {1, 2}, d2 {1}, d3 none, d4 {3}, d5 {2, 3}."""
_WEIGHTED = Ranking.build(
    [1, 1, 0, 1, 1],
    doc_ids=["d1", "d2", "d3", "d4", "d5"],
    intents=Intents.build(_SUBTOPICS, weights={"1": 0.1, "2": 0.3, "3": 0.6}),
)

_TIED = Ranking.build([1, 0, 0], doc_ids=["d1", "d2", "d3"], scores=[1.0, 1.0, 0.5])
_SHORT = Ranking.build([1, 0, 1])

PITFALL_DEMOS: dict[str, Demo] = {
    "log2_of_rank": _demo("DCG", WIKIPEDIA, 6, N_("Wikipedia's list: rank 1 weighs 1/log2(1).")),
    "log2_off_by_one": _demo("nDCG", WIKIPEDIA, 6, N_("Wikipedia's list, every weight shifted.")),
    "natural_log": _demo("DCG", WIKIPEDIA, 6, N_("DCG changes; switch to nDCG: it does not.")),
    "gain_flipped": _demo("nDCG", WIKIPEDIA, 6, N_("Wikipedia's 0.785 is the linear-gain nDCG.")),
    "mixed_gain": _demo("nDCG", WIKIPEDIA, 6, N_("Exponential DCG over a linear IDCG exceeds 1.")),
    "ideal_from_retrieved": _demo(
        "nDCG", WIKIPEDIA, 6, N_("Two judged documents (grades 3 and 2) were never retrieved.")
    ),
    "ideal_uncut": _demo("nDCG", WIKIPEDIA, 3, N_("Seven relevant documents, k = 3.")),
    "ideal_cut_at_r": _demo(
        "nDCG",
        WIKIPEDIA,
        3,
        N_("Relevant means grade >= 2 here: R = 6 > k = 3."),
        rel_threshold=2.0,
    ),
    "recall_retrieved_only": _demo("R", WIKIPEDIA, 6, N_("Two relevant documents were missed.")),
    "integer_division": _demo("P", WIKIPEDIA, 6, N_("5 relevant of 6: 5 // 6 = 0.")),
    "epsilon_denominator": _demo(
        "nDCG", Ranking.build([3, 2, 1]), 3, N_("A perfect list: nDCG must be exactly 1.")
    ),
    "negative_exponential": _demo(
        "DCG",
        Ranking.build([-1, 2, 1]),
        3,
        N_("A junk document (grade -1) at rank 1; the right convention clips it to 0."),
        negative="clip",
    ),
    "duplicate_counted": _demo(
        "nDCG", Ranking.build([2, 0, 1]), 3, N_("The grade-2 document twice.")
    ),
    "merged_queries": _demo("R", _SHORT, 3, N_("Both relevant documents found: R@3 must be 1.")),
    "cutoff_one_short": _demo(
        "nDCG", Ranking.build([0, 1, 0, 3]), 4, N_("The best document sits exactly at rank k = 4.")
    ),
    "k_clipped": _demo("P", _SHORT, 5, N_("Three documents, k = 5.")),
    "ties_input_order": _demo(
        "RR", _TIED, 3, N_("d1 (relevant) and d2 tie; trec_eval puts d2 first ('d2' > 'd1').")
    ),
    "err_gmax_4": _demo(
        "ERR", Ranking.build([1, 0, 1], scale_max=1), 3, N_("Binary grades: the top grade is 1.")
    ),
    "err_gmax_list": _demo(
        "ERR", Ranking.build([2, 0], scale_max=4), 2, N_("Grades 0..4, but this list tops at 2.")
    ),
    "rbp_raw_grade": _demo("RBP", G1, None, N_("Research fixture G1, grades 0..3.")),
    "precision_by_length": _demo("P", Ranking.build([1, 0, 1, 0]), 2, N_("Four documents, k = 2.")),
    "unjudged_kept": Demo(
        "AP",
        Scenario(Ranking.build([1, None, 0, 1, None, 1]), C.TEXTBOOK, 6, condensed=True),
        N_("Two of six documents unjudged; the condensed list is 1, 0, 1, 1."),
    ),
    "alpha_ideal_of_ndcg": _demo(
        "alpha_nDCG", DIVERSE, 5, N_("d1 {1, 2}, d2 {1}, d3 none, d4 {3}, d5 {2, 3}.")
    ),
    "subtopics_once": _demo(
        "alpha_nDCG", DIVERSE, 5, N_("d2 repeats subtopic 1, d5 repeats 2 and 3.")
    ),
    "intents_ignored": _demo(
        "ERR_IA",
        _WEIGHTED,
        5,
        N_("The same list; subtopic 3 is meant 6 times in 10, subtopic 1 once."),
    ),
}


@dataclass(frozen=True)
class Side:
    """One way to compute: a convention, plus deviations from the catalogue a tool makes.
    `lacks`: the measures of the disagreement this tool does not compute (none is shown)."""

    label: str
    convention: C.Convention
    who: str
    mistakes: tuple[str, ...] = ()
    lacks: tuple[str, ...] = ()


@dataclass(frozen=True)
class Disagreement:
    """A list on which tools part. `why` they do, in English (shown with ``_``), is prose:
    section <key>.why of rankwork/content/disagreements.md."""

    key: str
    title: str
    short: str  # a button's label
    ranking: Ranking
    k: int | None
    families: tuple[str, ...]
    sides: tuple[Side, ...]
    seen_in: str

    @property
    def why(self) -> str:
        return prose.source("disagreements", f"{self.key}.why")

    def scenario(self, side: Side) -> Scenario:
        return Scenario(self.ranking, side.convention, self.k)


def work(d: Disagreement) -> list[tuple[Side, dict[str, Result]]]:
    """Every side of `d` with its result for each of `d.families` it computes, from the core."""
    return [
        (
            side,
            {
                f: compute(f, d.scenario(side), side.mistakes)
                for f in d.families
                if f not in side.lacks
            },
        )
        for side in d.sides
    ]


def preset_table(ranking: Ranking, k: int | None, family: str) -> pd.DataFrame:
    """The Library conventions page's table: one row per preset (`conventions.PRESETS`) with
    its value of `family` on `ranking` cut at `k`, the difference from Textbook, and the
    choices that differ from Textbook (those that can matter on this list, in words).

    Columns: tool, value, "Δ Textbook", differs. A preset that cannot compute the list (e.g.
    negative grades it rejects) gets NaN for both numbers and the reason in `differs`."""
    reference = correct(family, Scenario(ranking, C.TEXTBOOK, k)).value
    rows = []
    for preset in C.PRESETS.values():
        try:
            value = correct(family, Scenario(ranking, preset, k)).value
            delta = round(value - reference, 12) + 0.0  # no -0.0000 from rounding noise
        except ValueError as err:  # e.g. negative grades this tool rejects
            value = delta = float("nan")
            differs = _("Cannot compute: {error}").format(error=err)
        else:
            differs = _("; ").join(changes(C.TEXTBOOK, preset, family, moot(ranking))) or "—"
        rows.append({"tool": preset.name, "value": value, "Δ Textbook": delta, "differs": differs})
    return pd.DataFrame(rows)


# Every tool named here is run in tests/crosscheck/test_claims.py, except those that do not
# install here: source: research note shared/research/library-conventions.md D1 (torchmetrics
# averages tied gains), D3 (RankLib's ideal from the list), D4 (TF-Ranking scores an empty query
# 0), D7 (TF-Ranking and torchmetrics' adaptive_k divide by min(k, n)), D10 (RankLib's gmax 4).
_TREC = Side("trec_eval ndcg_cut", C.TREC_EVAL_NDCG_CUT, "trec_eval, pytrec_eval, ir_measures")

DISAGREEMENTS: tuple[Disagreement, ...] = (
    Disagreement(
        "ties",
        N_("Tied scores: doc ids 'd9' and 'd10' compared as text"),
        N_("Ties: d9 vs d10"),
        Ranking.build([1, 0], doc_ids=["d10", "d9"], scores=[2.0, 2.0]),
        None,
        ("RR", "nDCG"),
        (
            Side(
                N_("trec_eval (docno descending)"), C.TREC_EVAL_NDCG_CUT, "trec_eval, pytrec_eval"
            ),
            Side(N_("ranx (input order)"), C.RANX, "ranx, LightGBM, cwl_eval"),
            Side(
                N_("scikit-learn (ties averaged)"),
                C.SKLEARN,
                "scikit-learn, torchmetrics nDCG",
                lacks=("RR",),
            ),
        ),
        "usnistgov/trec_eval#22, cvangysel/pytrec_eval#51, terrierteam/ir_measures#18",
    ),
    Disagreement(
        "ideal_source",
        N_("The ideal ranking: from all judged documents or from the list"),
        N_("Ideal: judged vs list"),
        G1,
        5,
        ("nDCG",),
        (
            _TREC,
            Side("ranx ndcg_burges", C.RANX_BURGES, "ranx ndcg_burges, gdeval"),
            Side("scikit-learn", C.SKLEARN, "scikit-learn ndcg_score"),
            Side("LightGBM / XGBoost", C.LIGHTGBM, "LightGBM, XGBoost, RankLib"),
        ),
        "cvangysel/pytrec_eval#51, o19s/quepid#836, run-llama/llama_index#17070",
    ),
    Disagreement(
        "nothing_relevant",
        N_("A query with nothing relevant: nDCG 0 or 1"),
        N_("Nothing relevant: 0 vs 1"),
        Ranking.build([0, 0, 0]),
        3,
        ("nDCG",),
        (
            _TREC,
            Side("scikit-learn", C.SKLEARN, "scikit-learn, ranx, TF-Ranking"),
            Side("LightGBM / XGBoost", C.LIGHTGBM, "LightGBM, XGBoost ndcg@k"),
        ),
        "LightGBM rank_metric.hpp, dmlc/xgboost ndcg@k-, scikit-learn#29521",
    ),
    Disagreement(
        "err_gmax",
        N_("ERR's top grade: fixed 4 or the scale's maximum"),
        N_("ERR gmax: 4 vs scale max"),
        Ranking.build([1, 0, None], doc_ids=["x", "y", "v"], unretrieved=[1], scale_max=1),
        5,
        ("ERR",),
        (
            Side(
                N_("Textbook (Chapelle et al.)"),
                C.TEXTBOOK,
                N_("the ERR paper, gmax = scale maximum"),
            ),
            Side("gdeval", C.GDEVAL, "gdeval, ir_measures ERR@k, RankLib"),
        ),
        "terrierteam/ir_measures#50, mitre/quaerite#57",
    ),
    Disagreement(
        "short_list",
        N_("P@k on a list shorter than k"),
        N_("P@k beyond the list"),
        Ranking.build([1, 0, 1, 0]),
        5,
        ("P",),
        (
            Side(N_("trec_eval (÷ k)"), C.TREC_EVAL_NDCG_CUT, "trec_eval, ir_measures, ranx, cwl"),
            Side(
                N_("TF-Ranking (÷ min(k, n))"),
                C.TREC_EVAL_NDCG_CUT,
                "TF-Ranking, torchmetrics adaptive_k",
                ("k_clipped",),
            ),
        ),
        "trec_eval P help text; tensorflow/ranking _per_list_precision",
    ),
    Disagreement(
        "rbp_gain",
        N_("RBP's gain: the raw grade or g/gmax"),
        N_("RBP gain: g vs g/gmax"),
        G1,
        None,
        ("RBP",),
        (
            Side(N_("Textbook (g / gmax)"), C.TEXTBOOK, N_("cwl_eval with gains g/3")),
            Side(N_("ranx (raw grade)"), C.RANX, "ranx rbp"),
            Side(N_("ir_measures (binary, rel >= 1)"), C.IR_MEASURES, "ir_measures RBP(rel=1)"),
        ),
        "AmenRa/ranx#45",
    ),
)

BY_DISAGREEMENT: dict[str, Disagreement] = {d.key: d for d in DISAGREEMENTS}
