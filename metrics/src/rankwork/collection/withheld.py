"""The same runs scored as judgments are taken away: which measures stay put.

A test collection's judgments are never complete, and a run retrieves documents nobody judged.
`withhold(qrels, share, seed)` takes a share of every query's judgments away at random: each
chosen judgment becomes grade -1, "in the pool but not judged" (trec_eval's convention, which
infAP reads; every other measure reads a -1 as unjudged under trec_eval's preset). `degradation`
scores the runs under each share, several seeds each, and averages:

    AP      an unjudged document counts as non-relevant, so AP falls as judgments go;
    bpref   reads only judged documents (Buckley & Voorhees, SIGIR 2004);
    infAP   estimates AP from the judged sample of the pool (Yilmaz & Aslam, CIKM 2006);
    AP', nDCG'@10
            AP and nDCG on the condensed list, the unjudged documents removed (Sakai, SIGIR
            2007).

Withholding a share uniformly at random is the sampling infAP's estimate assumes; judgments
missing for other reasons (a pool too shallow) are not random, and the measures then hold less
well. The judgments are withheld per query, share × judged of each rounded half up, so a query keeps
the same number at every seed.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import numpy as np
import pandas as pd

from rankwork.collection.batch import evaluate
from rankwork.collection.trec import read_qrels, read_run
from rankwork.core.conventions import TREC_EVAL_NDCG_CUT
from rankwork.language import _

SHARES = (0.0, 0.1, 0.3, 0.5)
SEEDS = 5
MEASURES = {
    "AP": "AP",
    "bpref": "Bpref",
    "infAP": "infAP",
    "AP′": "AP(judged_only=True)",
    "nDCG′@10": "nDCG(judged_only=True)@10",
}


def withhold(qrels: pd.DataFrame, share: float, seed: int) -> pd.DataFrame:
    """`qrels` with share × n (rounded half up) of each query's n judgments set to -1 (pooled,
    not judged), chosen at random from `numpy.random.default_rng(seed)`."""
    if not 0.0 <= share < 1.0:
        raise ValueError(
            _("The share of judgments to withhold must be from 0 up to 1; got {share}.").format(
                share=share
            )
        )
    rng = np.random.default_rng(seed)
    out = qrels.copy()
    grades = out["rel"].to_numpy(dtype=float).copy()
    for rows in out.groupby("qid", sort=True).indices.values():
        count = int(np.floor(share * len(rows) + 0.5))
        grades[rng.choice(rows, size=count, replace=False)] = -1.0
    out["rel"] = grades
    return out


def degradation(
    qrels: pd.DataFrame,
    runs: Mapping[str, pd.DataFrame],
    shares: Sequence[float] = SHARES,
    seeds: int = SEEDS,
) -> pd.DataFrame:
    """share, measure, run, mean (over the queries, then over `seeds` draws), and change
    (that mean minus the run's mean with every judgment), under trec_eval's conventions. The
    shares start with 0: every judgment kept."""
    shares = sorted({0.0, *shares})
    rows = []
    for share in shares:
        draws = [0] if share == 0 else range(seeds)
        for name, run in runs.items():
            means = [
                evaluate(withhold(qrels, share, seed), run, list(MEASURES.values()),
                         TREC_EVAL_NDCG_CUT).means
                for seed in draws
            ]  # fmt: skip
            for label, measure in MEASURES.items():
                rows.append(
                    {
                        "share": share,
                        "measure": label,
                        "run": name,
                        "mean": float(np.mean([m[measure] for m in means])),
                    }
                )
    table = pd.DataFrame(rows)
    full = table[table["share"] == 0].set_index(["measure", "run"])["mean"]
    keys = list(zip(table["measure"], table["run"], strict=True))
    table["change"] = table["mean"] - full.loc[keys].to_numpy()
    return table


def degradation_of_files(qrels: str, runs: Sequence[tuple[str, str]]) -> pd.DataFrame:
    """`degradation` of a qrels file and (name, path) run files (read by
    `rankwork.collection.trec`)."""
    return degradation(read_qrels(qrels), {name: read_run(path) for name, path in runs})
