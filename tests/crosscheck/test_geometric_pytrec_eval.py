"""GMAP against trec_eval's own code: pytrec_eval's `gm_map` (trec_eval's m_gm_map.c, per query
log(max(AP, MIN_GEO_MEAN)); `compute_aggregated_measure` takes exp of their mean) equals
`rankwork ... -m AP --gmean`'s gm_AP line, on the sample collection and on seeded
random collections with queries where nothing relevant is retrieved (AP 0, floored)."""

from __future__ import annotations

import math
from pathlib import Path

import numpy as np
import pytest

from rankwork import cli
from rankwork.stats.geometric import EPSILON

pytrec_eval = pytest.importorskip("pytrec_eval")

SAMPLE = Path(__file__).resolve().parents[2] / "data" / "sample"


@pytest.fixture(scope="module")
def seen() -> dict[str, float]:
    """What the module's checks saw, reported by its last test: the largest |ours - pytrec_eval|
    and the queries with AP below the floor (so the floor was exercised). Module-scoped, so its
    tests run in order on one pytest-xdist worker (tests/conftest.py)."""
    return {"difference": 0.0, "floored": 0}


def _ours(qrels: Path, run: Path) -> float:
    lines, _ = cli.run([str(qrels), str(run), "-m", "AP", "--gmean", "--missing", "skip"])
    (line,) = [x for x in lines if x.startswith("gm_AP\t")]
    return float(line.split("\t")[2])


def _trec_eval(qrels: Path, run: Path) -> tuple[float, dict[str, float]]:
    with qrels.open() as q, run.open() as r:
        judged, ranked = pytrec_eval.parse_qrel(q), pytrec_eval.parse_run(r)
    per_query = pytrec_eval.RelevanceEvaluator(judged, {"map", "gm_map"}).evaluate(ranked)
    logs = [v["gm_map"] for v in per_query.values()]
    aps = {q: v["map"] for q, v in per_query.items()}
    return pytrec_eval.compute_aggregated_measure("gm_map", logs), aps


def _check(qrels: Path, run: Path, seen: dict[str, float]) -> dict[str, float]:
    ours = _ours(qrels, run)
    theirs, aps = _trec_eval(qrels, run)
    seen["difference"] = max(seen["difference"], abs(ours - theirs))
    seen["floored"] += sum(ap < EPSILON for ap in aps.values())
    assert ours == pytest.approx(theirs, rel=1e-9, abs=1e-15)
    return aps


def test_epsilon_is_trec_eval_min_geo_mean() -> None:
    # a query with AP 0 has gm_map log(0.00001) in trec_eval
    qrels = {"q": {"d1": 1}}
    run = {"q": {"d2": 1.0}}
    found = pytrec_eval.RelevanceEvaluator(qrels, {"gm_map"}).evaluate(run)["q"]["gm_map"]
    assert found == pytest.approx(math.log(EPSILON), abs=1e-12)


def test_sample_gmap_equals_pytrec_eval(seen: dict[str, float]) -> None:
    aps = _check(SAMPLE / "qrels.txt", SAMPLE / "run_weak.txt", seen)
    assert min(aps.values()) < 0.05  # the geometric mean is far from the arithmetic one here


@pytest.mark.parametrize("seed", range(12))
def test_random_collections_gmap_equals_pytrec_eval(
    tmp_path: Path, seed: int, seen: dict[str, float]
) -> None:
    rng = np.random.default_rng(seed)
    docs = [f"D{i}" for i in range(60)]
    qrels_lines, run_lines = [], []
    for q in range(int(rng.integers(3, 25))):
        for doc in rng.choice(docs, size=int(rng.integers(1, 15)), replace=False):
            qrels_lines.append(f"Q{q} 0 {doc} {int(rng.integers(0, 3))}")
        ranked = rng.choice(docs, size=int(rng.integers(1, 40)), replace=False)
        for rank, doc in enumerate(ranked, 1):
            run_lines.append(f"Q{q} Q0 {doc} {rank} {100 - rank}.5 r")
    qrels, run = tmp_path / "qrels", tmp_path / "run"
    qrels.write_text("\n".join(qrels_lines) + "\n")
    run.write_text("\n".join(run_lines) + "\n")
    _check(qrels, run, seen)


def test_zz_report_the_largest_difference(capsys, seen: dict[str, float]) -> None:
    assert seen["floored"] > 0
    with capsys.disabled():
        print(f"\nGMAP vs pytrec_eval gm_map: largest |difference| {seen['difference']:.3g}")
