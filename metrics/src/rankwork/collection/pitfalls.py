"""Two mistakes made over a whole collection rather than on one ranked list: the Pitfalls lab's
second part. Every number comes from the batch evaluation (`rankwork.collection.batch`, under
trec_eval's conventions, a query the run lacks scored 0 as trec_eval -c does), the micro
averages (`rankwork.collection.micro`) and the paired tests (`rankwork.stats.stats`); nothing is
computed here that those modules compute. (The list-level catalogue lives in
`rankwork.teaching`, which may import only `rankwork.core`; these need the collection and the
statistics, so they live here: tests/unit/test_architecture.py.)

1. Micro-averaging reported as macro (`averages`). A measure that is a ratio of counts has,
   for each query q of the n queries of the qrels, a numerator c_q and a denominator d_q
   (R@k: c_q = relevant documents in the top k, d_q = R_q, the query's relevant documents;
   P@k: c_q the same, d_q = k):

       macro = (1/n) sum_q c_q / d_q        the mean over queries, trec_eval's `all` line
                                            (tests/conformance); a query with d_q = 0 (no
                                            relevant document) counts 0, as in trec_eval
       micro = sum_q c_q / sum_q d_q        the pooled counts

   The micro average is the macro average with query q weighted by d_q / sum_p d_p instead of
   1/n: for recall, a query with many relevant documents weighs more, and a query with none
   weighs nothing (while the mean counts its 0). For P@k every d_q = k, so micro = macro. For
   recall, the mean over the queries with R_q > 0 (`macro_with_relevant`) separates the two
   effects: from it to micro is the weighting alone.

2. The best of many comparisons without correction (`null_comparisons`). Take one run's
   per-query values x_1..x_n (AP) and make m variants, y_jq = x_q + e_jq with e_jq ~ N(0,
   sigma^2) independent (`numpy.random.default_rng(seed).normal(0, sigma, size=(m, n))`, row
   j for variant j; not clipped to [0, 1], so the noise stays zero-mean). No variant differs
   from the run in truth. Each is compared with the run by the paired t-test
   (`paired_t_test(y_j, x)`), which sees d_q = y_jq - x_q = e_jq: normal, mean 0, so the test
   is exact and P(p_j < alpha) = alpha. Expected count below alpha: alpha m. The m tests are
   independent (each reads its own noise only), so

       P(at least one p_j < alpha) = 1 - (1 - alpha)^m       (0.64 for m = 20, alpha = 0.05)

   Reporting the smallest of the m p-values as if it were the only test made is the mistake.
   Holm's adjustment (`holm`, Holm 1979) keeps that chance at most alpha, whatever the
   dependence. tests/crosscheck/test_collection_pitfalls.py checks the three rates on many
   seeds, and every p against scipy's ttest_rel and statsmodels' Holm.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from numbers import Real

import numpy as np
import pandas as pd

from rankwork.collection import micro
from rankwork.collection.batch import evaluate
from rankwork.collection.trec import read_qrels, read_run
from rankwork.language import _
from rankwork.stats.stats import holm, paired_t_test

MEASURES = ("P@10", "R@10", "R@100")
RELEVANT = "NumRel"  # the per-query count of relevant documents (grade >= 1)
COLUMNS = ("run", "measure", "macro", "micro", "macro_with_relevant")

ALPHA = 0.05
VARIANTS, MIN_VARIANTS, MAX_VARIANTS = 20, 2, 100
SIGMA = 0.05
SEED = 1  # the lab's first draw: a variant below 0.05 (seed 0's has none, as 0.95^20 = 36% do)
PROGRAM_K = 100  # the programs compute R@100
SIMULATED = "AP"  # the measure whose per-query values the variants are made from


# --- 1. micro-averaging reported as macro -------------------------------------------------


@dataclass(frozen=True)
class Averages:
    """`table`: run, measure, macro (the mean over queries), micro (the pooled counts' ratio),
    macro_with_relevant (the mean over the queries with a relevant document only; 0 if there
    is none), one row per run and measure, runs in the order given. `orders`: one row per measure:
    macro_order and micro_order (the run names, best first; a tie keeps the order given),
    same_order, macro_spread and micro_spread (best minus worst). `relevant`: each query's
    number of relevant documents (index qid, trec_eval's order). `missing`: each run's qrels
    queries without a line in the run (each scored 0, as trec_eval -c does)."""

    table: pd.DataFrame
    orders: pd.DataFrame
    relevant: pd.Series
    missing: Mapping[str, list[str]]  # run -> the qrels queries it has no line for (scored 0)

    @property
    def queries(self) -> int:
        return len(self.relevant)

    @property
    def relevant_total(self) -> int:
        return int(self.relevant.sum())

    @property
    def heaviest(self) -> str:
        """The query with the most relevant documents (the first in trec_eval's order if
        several): the one micro-averaged recall weighs most."""
        return str(self.relevant.idxmax())

    @property
    def empty(self) -> list[str]:
        """The queries with no relevant document: 0 in the mean, no weight in micro recall."""
        return [str(q) for q in self.relevant.index[self.relevant == 0]]

    def micro_weight(self, qid: str) -> float:
        """Query `qid`'s weight in micro-averaged recall, R_q / sum_p R_p (in the mean: 1/n)."""
        return float(self.relevant[qid]) / self.relevant_total


def averages(
    qrels: pd.DataFrame, runs: Mapping[str, pd.DataFrame], measures: Sequence[str] = MEASURES
) -> Averages:
    """Each run's macro and micro average of each P or R measure (trec_eval's conventions),
    and whether the two order the runs alike. Raises ValueError for a measure that is not P or
    R (`micro.count_measures`) and for no run."""
    if not runs:
        raise ValueError(_("name at least one run to average"))
    names = list(dict.fromkeys([*measures, *micro.extra_measures(measures), RELEVANT]))
    rows, relevant, missing = [], None, {}
    for run_name, run in runs.items():
        result = evaluate(qrels, run, names)
        missing[run_name] = list(result.missing)
        pooled = micro.micro_means(result.per_query, measures)
        relevant = result.per_query[RELEVANT].astype(int)  # the qrels' counts: alike for all
        some = result.per_query[relevant > 0]
        rows += [
            {
                "run": run_name,
                "measure": m,
                "macro": float(result.means[m]),
                "micro": pooled[m],
                "macro_with_relevant": float(some[m].mean()) if len(some) else 0.0,
            }
            for m in measures
        ]
    table = pd.DataFrame(rows, columns=[*COLUMNS])
    return Averages(table, _orders(table, measures), relevant, missing)


def _orders(table: pd.DataFrame, measures: Sequence[str]) -> pd.DataFrame:
    rows = []
    for m in measures:
        of = table[table["measure"] == m]
        order = {
            kind: tuple(of.sort_values(kind, ascending=False, kind="stable")["run"])
            for kind in ("macro", "micro")
        }
        rows.append(
            {
                "measure": m,
                "macro_order": order["macro"],
                "micro_order": order["micro"],
                "same_order": order["macro"] == order["micro"],
                "macro_spread": float(of["macro"].max() - of["macro"].min()),
                "micro_spread": float(of["micro"].max() - of["micro"].min()),
            }
        )
    return pd.DataFrame(rows)


def averages_of_files(
    qrels: str, runs: Sequence[tuple[str, str]], measures: Sequence[str] = MEASURES
) -> Averages:
    """`averages` of a qrels file and (name, path) run files (`rankwork.collection.trec`)."""
    return averages(read_qrels(qrels), {name: read_run(path) for name, path in runs}, measures)


# Two queries where the two averages order two runs in opposite ways: q1 has 1 relevant
# document, q2 has 9. Run A finds q1's and 1 of q2's; run B none of q1's and 4 of q2's.
TWO_QUERIES_MEASURE = "R@100"
_TWO_QUERIES_QRELS = "q1 0 a1 1\n" + "".join(f"q2 0 b{i} 1\n" for i in range(1, 10))
_TWO_QUERIES_RUNS = {
    "A": "q1 Q0 a1 1 2 A\nq1 Q0 x1 2 1 A\nq2 Q0 b1 1 2 A\nq2 Q0 x2 2 1 A\n",
    "B": "q1 Q0 x1 1 2 B\n" + "".join(f"q2 Q0 b{i} {i} {5 - i} B\n" for i in range(1, 5)),
}


def two_queries() -> Averages:
    """Two runs on two queries whose order micro-averaging reverses (see the constants)."""
    return averages(
        read_qrels(_TWO_QUERIES_QRELS, name="two queries"),
        {name: read_run(text, name=name) for name, text in _TWO_QUERIES_RUNS.items()},
        (TWO_QUERIES_MEASURE,),
    )


def recall_program(qrels: str, run: str, k: int, wrong: bool) -> str:
    """A whole Python program (the standard library only) that reads the TREC files `qrels`
    and `run` and sets `mean_recall`: the macro average of R@k over the qrels' queries (right)
    or the micro average labelled as the mean (wrong). The ranking is the run's documents by
    score descending, ties by docno descending (trec_eval's order)."""
    head = f"""from collections import defaultdict

qrels_file = {qrels!r}  # qid 0 docno grade
run_file = {run!r}  # qid Q0 docno rank score tag
k = {k}

relevant = {{}}  # every query of the qrels, even one with no relevant document
with open(qrels_file) as lines:
    for line in lines:
        qid, _, docno, grade = line.split()
        relevant.setdefault(qid, set())
        if float(grade) >= 1:
            relevant[qid].add(docno)

retrieved = defaultdict(list)
with open(run_file) as lines:
    for line in lines:
        qid, _, docno, _, score, _ = line.split()
        retrieved[qid].append((float(score), docno))

found = {{}}  # relevant documents in each query's top k (a query the run lacks finds none)
for qid in relevant:
    top = sorted(retrieved[qid], reverse=True)[:k]  # score, then docno, descending
    found[qid] = sum(1 for _, docno in top if docno in relevant[qid])

"""
    if wrong:
        tail = """# pooled counts (micro), reported as "mean R@k"
mean_recall = sum(found.values()) / sum(len(r) for r in relevant.values())
"""
    else:
        tail = """# the mean over queries (macro): a query with no relevant document counts 0
recall = {qid: found[qid] / len(relevant[qid]) if relevant[qid] else 0.0 for qid in relevant}
mean_recall = sum(recall.values()) / len(recall)
"""
    return head + tail + 'print(f"mean R@{k} = {mean_recall:.4f}")\n'


# --- 2. the best of many comparisons without correction ------------------------------------


@dataclass(frozen=True)
class NullComparisons:
    """m variants of a run that differ from it only by zero-mean noise, each compared with it.

    `table`: variant (1..m), mean_difference (variant minus run), t, p (paired t-test,
    two-sided), significant (p < alpha), holm (Holm-adjusted p over the m), significant_holm.
    `best` is the variant with the smallest p (the first if tied)."""

    m: int
    seed: int
    sigma: float
    alpha: float
    table: pd.DataFrame

    @property
    def best(self) -> int:
        return int(np.argmin(self.table["p"].to_numpy())) + 1

    @property
    def best_p(self) -> float:
        return float(self.table["p"].iloc[self.best - 1])

    @property
    def best_holm(self) -> float:
        return float(self.table["holm"].iloc[self.best - 1])

    @property
    def significant(self) -> int:
        return int(self.table["significant"].sum())

    @property
    def significant_holm(self) -> int:
        return int(self.table["significant_holm"].sum())

    @property
    def expected(self) -> float:
        """The expected number of p < alpha among the m when nothing differs: alpha m."""
        return self.alpha * self.m

    @property
    def at_least_one(self) -> float:
        return chance_of_a_false_positive(self.m, self.alpha)


def chance_of_a_false_positive(m: int, alpha: float = ALPHA) -> float:
    """P(at least one of m independent tests has p < alpha when nothing differs):
    1 - (1 - alpha)^m."""
    return 1.0 - (1.0 - alpha) ** m


def check_variants(m: object) -> int:
    """The number of variants as an int, or a ValueError saying what is allowed."""
    if isinstance(m, Real) and not isinstance(m, bool) and float(m).is_integer():
        if MIN_VARIANTS <= float(m) <= MAX_VARIANTS:
            return int(float(m))
    raise ValueError(
        _("The number of variants must be a whole number from {low} to {high}; got {m!r}.").format(
            low=MIN_VARIANTS, high=MAX_VARIANTS, m=m
        )
    )


def variants(values, m: int, seed: int, sigma: float = SIGMA) -> np.ndarray:
    """m rows, row j = values + e_j, e_j ~ N(0, sigma^2) per value, independent, from
    `numpy.random.default_rng(seed)`."""
    x = np.asarray(values, dtype=np.float64)
    if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)) or seed < 0:
        raise ValueError(
            _("The seed must be a whole number from 0 up; got {seed!r}.").format(seed=seed)
        )
    noise = np.random.default_rng(seed).normal(0.0, sigma, size=(check_variants(m), x.size))
    return x + noise


def null_comparisons(
    values, m: int = VARIANTS, seed: int = SEED, sigma: float = SIGMA, alpha: float = ALPHA
) -> NullComparisons:
    """Each of `variants(values, m, seed, sigma)` against `values` by the paired t-test, with
    the p-values Holm-adjusted over the m. Raises ValueError for a bad m or seed, and for
    values the t-test cannot take (fewer than 2, not finite)."""
    x = np.asarray(values, dtype=np.float64)
    tests = [paired_t_test(y, x) for y in variants(x, m, seed, sigma)]
    p = np.array([t.p_value for t in tests])
    adjusted = holm(p)
    table = pd.DataFrame(
        {
            "variant": np.arange(1, len(tests) + 1),
            "mean_difference": [t.mean_difference for t in tests],
            "t": [t.t for t in tests],
            "p": p,
            "significant": p < alpha,
            "holm": adjusted,
            "significant_holm": adjusted < alpha,
        }
    )
    return NullComparisons(len(tests), seed, sigma, alpha, table)


def per_query_of_files(qrels: str, run: str, measure: str = SIMULATED) -> np.ndarray:
    """One measure's per-query values of a run file on a qrels file (trec_eval's conventions
    and query order; a query the run lacks scores 0)."""
    result = evaluate(read_qrels(qrels), read_run(run), [measure])
    return result.per_query[measure].to_numpy(dtype=np.float64)


def comparisons_program(
    values, label: str, m: int, seed: int, wrong: bool, sigma: float = SIGMA
) -> str:
    """A whole Python program (numpy and scipy) that draws the same m variants of `values`
    (described by `label`), tests each against the run with scipy's paired t-test and sets
    `best_p`: the smallest p as it is (wrong) or Holm-adjusted (right)."""
    numbers = [repr(float(v)) for v in np.asarray(values, dtype=np.float64)]
    rows = ",\n".join("    " + ", ".join(numbers[i : i + 4]) for i in range(0, len(numbers), 4))
    head = f"""import numpy as np
from scipy.stats import ttest_rel

ap = [  # {label}
{rows},
]
m, seed, sigma = {m}, {seed}, {sigma!r}

rng = np.random.default_rng(seed)
noise = rng.normal(0.0, sigma, size=(m, len(ap)))  # row j: variant j's noise, mean 0
p = [ttest_rel(np.add(ap, e), ap).pvalue for e in noise]  # each variant against the run
best = int(np.argmin(p))  # the variant with the smallest p

"""
    if wrong:
        tail = """best_p = p[best]  # read as if it were the only comparison made
"""
    else:
        tail = """# Holm: the i-th smallest p times m - i + 1, then the running maximum, capped at 1
order = sorted(range(m), key=lambda j: p[j])
adjusted, running = [0.0] * m, 0.0
for i, j in enumerate(order, start=1):
    running = max(running, (m - i + 1) * p[j])
    adjusted[j] = min(1.0, running)
best_p = adjusted[best]
"""
    return (
        head
        + tail
        + f'verdict = "significant" if best_p < {ALPHA!r} else "not significant"\n'
        + 'print(f"variant {best + 1}: p = {best_p:.4f}, {verdict}")\n'
    )
