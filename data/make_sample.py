"""Write RankLab's sample collection (data/sample/), the same bytes on every machine.

    python data/make_sample.py               # (re)write data/sample/
    python data/make_sample.py --out DIR     # somewhere else (the tests compare the bytes)

Thirty queries (301..330), each with 20 to 39 judged documents graded 0..3, and three runs
of 40 documents per query whose scores are the documents' grades plus noise: the less noise,
the better the run. Everything is drawn from Python's `random.Random(SEED).random()`, the one
stream Python promises to keep across versions, so the files never change. See
data/README.md for what the collection is for and what each file holds.
"""

from __future__ import annotations

import argparse
import random
from pathlib import Path
from statistics import NormalDist

SEED = 20260107
QUERIES = tuple(str(q) for q in range(301, 331))
NOTHING_RELEVANT = ("307", "322")  # every judged document of these queries is grade 0
GROUPS = ("navigational", "informational", "transactional")
DEPTH = 40  # documents per query in each run
CANDIDATES = 120  # documents per query a run can retrieve (the judged ones among them)
GRADE_P = (0.55, 0.25, 0.13, 0.07)  # grades 0..3 of a judged document
UNJUDGED_LATENT = 0.3  # how relevant an unjudged document looks to a run, on the grade scale


class Run:
    """How a run scores: noise per group (its standard deviation, in grades), score format."""

    def __init__(self, name: str, noise: dict[str, float], decimals: int, skip: tuple = ()):
        self.name, self.noise, self.decimals, self.skip = name, noise, decimals, skip


RUNS = (
    Run("strong", {"navigational": 0.5, "informational": 0.6, "transactional": 0.9}, 4),
    # one decimal: many documents of a query share a score (ties)
    Run("medium", {"navigational": 1.1, "informational": 1.2, "transactional": 1.4}, 1),
    # good at navigational queries only; retrieved nothing for query 315
    Run("weak", {"navigational": 0.9, "informational": 2.6, "transactional": 2.8}, 4, ("315",)),
)
SECOND_ASSESSOR = (0.14, 0.03)  # chance that the second assessor moves a grade by 1, by 2


class Draws:
    """Every random number comes from `random.Random(seed).random()`."""

    def __init__(self, seed: int):
        self._rng = random.Random(seed)

    def uniform(self) -> float:
        return self._rng.random()

    def normal(self) -> float:
        u = min(max(self._rng.random(), 1e-12), 1 - 1e-12)
        return NormalDist().inv_cdf(u)

    def pick(self, weights: tuple[float, ...]) -> int:
        u, total = self._rng.random(), 0.0
        for i, w in enumerate(weights):
            total += w
            if u < total:
                return i
        return len(weights) - 1

    def shuffled(self, items: list) -> list:
        keys = [self._rng.random() for _ in items]
        return [item for _, item in sorted(zip(keys, items, strict=True))]


def collection(seed: int = SEED):
    """(groups, judgments, candidates): each query's group, its judged documents with their
    grades, and the documents a run can retrieve (judged and unjudged), in a fixed order."""
    draws = Draws(seed)
    groups, judged, candidates = {}, {}, {}
    for i, qid in enumerate(QUERIES):
        groups[qid] = GROUPS[i % len(GROUPS)] if i % 5 else GROUPS[1]
        docs = draws.shuffled([f"D{qid}-{n:03d}" for n in range(CANDIDATES)])
        n_judged = 20 + int(20 * draws.uniform())
        grades = [0 if qid in NOTHING_RELEVANT else draws.pick(GRADE_P) for _ in docs[:n_judged]]
        judged[qid] = dict(zip(docs[:n_judged], grades, strict=True))
        candidates[qid] = docs
    return groups, judged, candidates


def run_lines(run: Run, groups, judged, candidates, draws: Draws) -> list[str]:
    """The run's TREC lines: the top DEPTH candidates by grade + noise, in rank order (tied
    scores in docno ascending order, so the file order is not trec_eval's tie order)."""
    lines = []
    for qid in QUERIES:
        sigma = run.noise[groups[qid]]
        scored = []
        for doc in candidates[qid]:
            latent = judged[qid].get(doc, UNJUDGED_LATENT)
            score = round(10 + 2 * latent + 2 * sigma * draws.normal(), run.decimals)
            scored.append((-score, doc))
        if qid in run.skip:
            continue
        top = sorted(scored)[:DEPTH]
        lines += [
            f"{qid} Q0 {doc} {rank} {-neg:.{run.decimals}f} {run.name}"
            for rank, (neg, doc) in enumerate(top, 1)
        ]
    return lines


def second_assessor(judged, draws: Draws) -> dict[str, dict[str, int]]:
    """The same documents judged again: most grades kept, some moved by 1 or 2 (within 0..3)."""
    out = {}
    for qid in QUERIES:
        out[qid] = {}
        for doc, grade in judged[qid].items():
            u, direction = draws.uniform(), 1 if draws.uniform() < 0.5 else -1
            step = 2 if u < SECOND_ASSESSOR[1] else 1 if u < sum(SECOND_ASSESSOR) else 0
            moved = grade + direction * step
            if not 0 <= moved <= 3:
                moved = grade - direction * step
            out[qid][doc] = min(max(moved, 0), 3)
    return out


def qrels_lines(judged) -> list[str]:
    return [f"{qid} 0 {doc} {g}" for qid in QUERIES for doc, g in sorted(judged[qid].items())]


def write(out: Path, seed: int = SEED) -> list[Path]:
    """Write every file of the collection under `out`; return their paths."""
    groups, judged, candidates = collection(seed)
    draws = Draws(seed + 1)
    files = {
        "qrels.txt": qrels_lines(judged),
        **{
            f"run_{run.name}.txt": run_lines(run, groups, judged, candidates, draws) for run in RUNS
        },
        "qrels_assessor2.txt": qrels_lines(second_assessor(judged, draws)),
        "groups.csv": ["qid,group"] + [f"{qid},{groups[qid]}" for qid in QUERIES],
    }
    out.mkdir(parents=True, exist_ok=True)
    paths = []
    for name, lines in files.items():
        path = out / name
        path.write_text("\n".join(lines) + "\n", encoding="utf-8", newline="\n")
        paths.append(path)
    return paths


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path(__file__).resolve().parent / "sample")
    for path in write(parser.parse_args().out):
        print(f"{path}  {path.stat().st_size:,} bytes")


if __name__ == "__main__":
    main()
