"""Why diversity measures exist, on one ambiguous query; and why their ideal is only greedy.

"jaguar" means the cat, the car or the operating system: three subtopics. Six documents are
relevant, each to one subtopic: three about the car, two about the cat, one about the OS. Two
lists hold the same six documents:

    covering   car-1, cat-1, os-1, car-2, cat-2, car-3   (every meaning by rank 3)
    repeating  car-1, car-2, car-3, cat-1, cat-2, os-1   (the car three times first)

nDCG reads one grade per document, so it cannot tell them apart: with every document relevant
both are ideal, nDCG@k = 1. α-nDCG discounts a subtopic already seen by (1 - α) each time:
at α = 0 it is nDCG with binary gains (both lists 1), and the larger α, the more the repeating
list loses (`alpha_sweep`).

The ideal ranking of α-nDCG is built greedily (by ndeval, and the tools built on it: pyndeval,
ir_measures): finding the best one is NP-hard (Clarke et al., SIGIR 2008). Greedy can miss it,
and then a list beats its "ideal":
`GREEDY_MISS` is four documents on four subtopics where d1 {2, 4} and d2 {1, 3} cover all four
in two ranks, but the greedy choice starts with d3 {2, 3} (three documents tie at rank 1 and the
larger doc id wins) and cannot cover all four by rank 2, so α-nDCG@2 of d1, d2 is above 1.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from rankwork.core.conventions import Convention
from rankwork.core.diversity import Choice, greedy_ideal, judged
from rankwork.core.intents import Intents, subtopics_text
from rankwork.core.measures import Measure
from rankwork.core.ranking import Ranking, order

MEANING = {"car-1": "car", "car-2": "car", "car-3": "car", "cat-1": "cat", "cat-2": "cat",
           "os-1": "os"}  # fmt: skip
LISTS = {
    "covering": ("car-1", "cat-1", "os-1", "car-2", "cat-2", "car-3"),
    "repeating": ("car-1", "car-2", "car-3", "cat-1", "cat-2", "os-1"),
}
GREEDY_MISS = {"d1": "2,4", "d2": "1,3", "d3": "2,3", "d4": "4"}


def jaguar(name: str) -> Ranking:
    """One of the two jaguar lists, every document relevant (grade 1) to its one meaning."""
    docs = LISTS[name]
    return Ranking.build(
        [1] * len(docs),
        doc_ids=docs,
        scale_max=1,
        intents=Intents.build([MEANING[d] for d in docs]),
    )


def alpha_sweep(k: int, convention: Convention, steps: int = 11) -> pd.DataFrame:
    """α-nDCG@k and nDCG@k of both jaguar lists for α = 0, 0.1, ..., 1 (one row per α and
    list). nDCG reads the convention's gain and discount; α-nDCG has its own."""
    rows = []
    for name in LISTS:
        ordered = order(jaguar(name), convention)
        ndcg = Measure("nDCG", cutoff=k)(ordered, convention).value
        for alpha in np.linspace(0.0, 1.0, steps):
            measure = Measure("alpha_nDCG", (("alpha", float(alpha)),), k)
            value = measure(ordered, convention).value
            rows.append({"alpha": float(alpha), "list": name, "alpha_nDCG": value, "nDCG": ndcg})
    return pd.DataFrame(rows)


def greedy_miss(convention: Convention, k: int = 2) -> tuple[float, list[Choice]]:
    """α-nDCG@k (α = 0.5) of the list d1, d2, d3, d4 of `GREEDY_MISS`, and the greedy ideal's
    choices rank by rank."""
    ranking = Ranking.build(
        [1] * len(GREEDY_MISS),
        doc_ids=list(GREEDY_MISS),
        scale_max=1,
        intents=Intents.build(list(GREEDY_MISS.values())),
    )
    ordered = order(ranking, convention)
    value = Measure("alpha_nDCG", cutoff=k)(ordered, convention).value
    return value, greedy_ideal(judged(ordered), 0.5)


def choices_table(choices: list[Choice]) -> pd.DataFrame:
    """The greedy ideal's choices as a table: rank, document, its subtopics, its novelty gain
    and the documents that tied with it (the larger doc id wins a tie, as in ndeval)."""
    return pd.DataFrame(
        {
            "rank": [c.rank for c in choices],
            "picked": [c.doc_id for c in choices],
            "subtopics": [subtopics_text(c.subtopics) for c in choices],
            "gain": [c.gain for c in choices],
            "tied with": [", ".join(c.tied) for c in choices],
        }
    )
