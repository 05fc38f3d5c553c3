"""Agreement between two assessors who judged the same documents, and what it does to a run's
numbers.

    pairs = paired_judgments(qrels_a, qrels_b)         # the documents both judged
    result = agreement(pairs, threshold=1.0)           # kappa, weighted kappa, confusion table
    cohen_kappa(a, b, weights="linear")                # on two arrays of labels
    order_agreement(runs_a, "AP", runs_b, "AP")        # do the runs keep their order? tau, tau_AP

Cohen's kappa (Cohen 1960) compares the observed agreement with the agreement expected by
chance from each assessor's own label frequencies:

    kappa = 1 - sum_ij w_ij O_ij / sum_ij w_ij E_ij,

O the confusion table of counts (rows: assessor A's label, columns: B's), E_ij = (row i total)
(column j total) / n, and w_ij the cost of a disagreement: 1 off the diagonal for plain kappa;
|i - j| (linear) or (i - j)^2 (quadratic) for weighted kappa (Cohen 1968), i and j the
positions of the two labels in the sorted list of labels. That is scikit-learn's
`cohen_kappa_score` (tests/crosscheck/test_agreement_sklearn.py checks it). kappa = 1 is
perfect agreement, 0 is what chance gives; it is NaN when chance alone agrees perfectly (both
assessors used one and the same label). Graded labels call for weighted kappa: an assessor who
says 2 where the other says 3 disagrees less than one who says 0.

numpy and pandas only.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import pandas as pd

from rankwork.language import N_, _
from rankwork.stats.comparison import pairs_table
from rankwork.stats.rank_correlation import kendall_tau, tau_ap

WEIGHTS = (None, "linear", "quadratic")

# Landis & Koch (1977), Biometrics 33(1): the usual words for a kappa.
# The words are English; a page translates them (they are marked N_ for it: _(strength(k))).
_STRENGTH = (
    (0.2, N_("slight")),
    (0.4, N_("fair")),
    (0.6, N_("moderate")),
    (0.8, N_("substantial")),
)


def confusion_matrix(a, b, labels: Sequence[float]) -> np.ndarray:
    """Counts of (label of A, label of B): rows follow `labels` for A, columns for B."""
    a, b = _pair(a, b)
    index = {float(label): i for i, label in enumerate(labels)}
    unknown = sorted({float(x) for x in np.concatenate([a, b])} - set(index))
    if unknown:
        raise ValueError(
            _("label {label:g} is not among the labels {labels}").format(
                label=unknown[0], labels=list(labels)
            )
        )
    rows = np.array([index[float(x)] for x in a], dtype=np.int64)
    cols = np.array([index[float(x)] for x in b], dtype=np.int64)
    n = len(labels)
    return np.bincount(rows * n + cols, minlength=n * n).reshape(n, n)


def cohen_kappa(a, b, *, weights: str | None = None, labels: Sequence[float] | None = None):
    """Cohen's kappa of two assessors' labels for the same items (weighted: 'linear' or
    'quadratic'); `labels` defaults to every label either used, sorted."""
    if weights not in WEIGHTS:
        raise ValueError(f"weights must be None, 'linear' or 'quadratic'; got {weights!r}")
    a, b = _pair(a, b)
    labels = _labels(a, b) if labels is None else tuple(float(x) for x in labels)
    return kappa_from_confusion(confusion_matrix(a, b, labels), weights)


def kappa_from_confusion(confusion: np.ndarray, weights: str | None = None) -> float:
    """kappa = 1 - sum(w O) / sum(w E) for a square table of counts O (see the module)."""
    observed = np.asarray(confusion, dtype=float)
    n = observed.sum()
    expected = np.outer(observed.sum(axis=1), observed.sum(axis=0)) / n
    i, j = np.indices(observed.shape)
    if weights is None:
        w = (i != j).astype(float)
    elif weights == "linear":
        w = np.abs(i - j).astype(float)
    else:
        w = ((i - j) ** 2).astype(float)
    chance = float((w * expected).sum())
    if chance == 0.0:
        return float("nan")
    return 1.0 - float((w * observed).sum()) / chance


def strength(kappa: float) -> str:
    """Landis & Koch's word for a kappa: poor (< 0), slight, fair, moderate, substantial,
    almost perfect (> 0.8); 'undefined' for NaN."""
    if np.isnan(kappa):
        return N_("undefined")
    if kappa < 0:
        return N_("poor")
    for upper, word in _STRENGTH:
        if kappa <= upper:
            return word
    return N_("almost perfect")


@dataclass(frozen=True)
class Judgments:
    """The documents two qrels both judge (`both`: qid, docno, a, b, one row per document, in
    A's order), and how many each judges that the other does not."""

    both: pd.DataFrame
    only_a: int
    only_b: int
    queries_only_a: list[str]
    queries_only_b: list[str]


def paired_judgments(qrels_a: pd.DataFrame, qrels_b: pd.DataFrame) -> Judgments:
    """Match two qrels (`rankwork.collection.trec.read_qrels` frames) on (qid, docno)."""
    left = _keyed(qrels_a).rename(columns={"rel": "a"})
    right = _keyed(qrels_b).rename(columns={"rel": "b"})
    both = left.merge(right, on=["qid", "docno"], how="inner", sort=False)
    qa, qb = set(left["qid"]), set(right["qid"])
    return Judgments(
        both.reset_index(drop=True),
        len(left) - len(both),
        len(right) - len(both),
        sorted(qa - qb),
        sorted(qb - qa),
    )


@dataclass(frozen=True)
class Agreement:
    """How two assessors agree on the documents both judged.

    labels       the grades either used, sorted (the confusion table's rows and columns)
    confusion    counts: rows A's grade, columns B's grade
    observed     share of documents given the same grade
    kappa        Cohen's kappa on the grades; linear / quadratic: weighted kappa
    binary_kappa kappa on relevant / not relevant (grade >= threshold), what P, AP, RR see
    """

    labels: tuple[float, ...]
    confusion: np.ndarray
    n: int
    observed: float
    kappa: float
    linear: float
    quadratic: float
    threshold: float
    binary_kappa: float

    def table(self) -> pd.DataFrame:
        """The confusion table with labelled rows (A's grade) and columns (B's grade)."""
        names = [f"{g:g}" for g in self.labels]
        return pd.DataFrame(
            self.confusion,
            index=pd.Index(names, name=_("assessor A")),
            columns=pd.Index(names, name=_("assessor B")),
        )


def agreement(pairs: pd.DataFrame, threshold: float = 1.0) -> Agreement:
    """Kappa, weighted kappa and the confusion table of the paired grades (`Judgments.both`)."""
    a, b = pairs["a"].to_numpy(dtype=float), pairs["b"].to_numpy(dtype=float)
    if not len(a):
        raise ValueError(_("the two qrels have no judged document in common (same qid and docno)"))
    labels = _labels(a, b)
    confusion = confusion_matrix(a, b, labels)
    binary = confusion_matrix(a >= threshold, b >= threshold, (0.0, 1.0))
    return Agreement(
        labels,
        confusion,
        len(a),
        float(np.trace(confusion) / len(a)),
        kappa_from_confusion(confusion),
        kappa_from_confusion(confusion, "linear"),
        kappa_from_confusion(confusion, "quadratic"),
        float(threshold),
        kappa_from_confusion(binary),
    )


def means_change(runs_a: pd.DataFrame, runs_b: pd.DataFrame) -> pd.DataFrame:
    """Each run's mean per measure with A's labels and with B's (`batch.compare`'s runs
    tables): measure, run, mean_a, mean_b, change (b - a)."""
    keys = ["measure", "run"]
    out = runs_a[keys + ["mean"]].merge(runs_b[keys + ["mean"]], on=keys, suffixes=("_a", "_b"))
    out["change"] = out["mean_b"] - out["mean_a"]
    return out


def comparisons_change(pairs_a: pd.DataFrame, pairs_b: pd.DataFrame, alpha: float = 0.05):
    """Each comparison of two runs (`batch.compare`'s pairs tables) with A's labels and with
    B's, as `comparison.pairs_table` states it (challenger − baseline, the run listed first
    the baseline): the mean difference and the randomisation p under each (not adjusted for
    multiple comparisons), whether the sign of the difference flips, and whether p < alpha
    changes."""
    keys = ["measure", "baseline", "challenger"]
    cols = keys + ["challenger_minus_baseline", "p_randomisation"]
    out = pairs_table(pairs_a)[cols].merge(
        pairs_table(pairs_b)[cols], on=keys, suffixes=("_a", "_b")
    )
    out["sign_flips"] = np.sign(out["challenger_minus_baseline_a"]) != np.sign(
        out["challenger_minus_baseline_b"]
    )
    out["significance_changes"] = (out["p_randomisation_a"] < alpha) != (
        out["p_randomisation_b"] < alpha
    )
    return out


def run_order(runs: pd.DataFrame, measure: str) -> list[str]:
    """The runs from best to worst mean on `measure` (a `batch.compare` runs table); runs
    with equal means keep the table's order."""
    rows = runs[runs["measure"] == measure]
    return rows.sort_values("mean", ascending=False, kind="stable")["run"].tolist()


@dataclass(frozen=True)
class OrderAgreement:
    """Two orderings of the same runs, best first, and how they agree: Kendall's tau-b on the
    means (ties count as ties) and tau_AP of `other` against `reference` (equal means broken
    by the runs' order in the table). See `rankwork.stats.rank_correlation`."""

    reference: list[str]
    other: list[str]
    tau: float
    tau_ap: float


def order_agreement(
    reference_runs: pd.DataFrame, reference_measure: str, runs: pd.DataFrame, measure: str
) -> OrderAgreement:
    """How the runs' order on `measure` in `runs` agrees with their order on
    `reference_measure` in `reference_runs` (two `batch.compare` runs tables: the same one for
    two measures, A's and B's for two assessors). Raises ValueError when tau is undefined."""
    first = reference_runs[reference_runs["measure"] == reference_measure].set_index("run")
    second = runs[runs["measure"] == measure].set_index("run")
    names = [run for run in first.index if run in second.index]
    tau = kendall_tau(first.loc[names, "mean"], second.loc[names, "mean"])
    reference, other = run_order(reference_runs, reference_measure), run_order(runs, measure)
    reference = [r for r in reference if r in names]
    other = [r for r in other if r in names]
    return OrderAgreement(reference, other, tau, tau_ap(other, reference))


def _pair(a, b) -> tuple[np.ndarray, np.ndarray]:
    a, b = np.asarray(a, dtype=float).ravel(), np.asarray(b, dtype=float).ravel()
    if a.shape != b.shape:
        raise ValueError(
            _("both assessors must label the same items; got {a} and {b}").format(
                a=a.size, b=b.size
            )
        )
    if not a.size:
        raise ValueError(_("no labels to compare"))
    return a, b


def _labels(a: np.ndarray, b: np.ndarray) -> tuple[float, ...]:
    return tuple(float(x) for x in np.unique(np.concatenate([a, b])))


def _keyed(qrels: pd.DataFrame) -> pd.DataFrame:
    out = qrels[["qid", "docno", "rel"]].copy()
    out["qid"], out["docno"] = out["qid"].astype(str), out["docno"].astype(str)
    return out
