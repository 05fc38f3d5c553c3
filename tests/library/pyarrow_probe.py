"""Run by tests/library/test_without_pyarrow.py in a fresh interpreter:
``python pyarrow_probe.py (blocked|installed) FOLDER``.

Reads the files the test wrote to FOLDER with rankwork's TREC reader, evaluates collections with
the batch evaluation, and prints everything as one JSON object on stdout: the DataFrames (their
columns, dtypes and values), the error messages, and which modules got imported.  With
``blocked``, a finder placed first on ``sys.meta_path`` before anything else is imported makes
every ``import pyarrow...`` fail as it does where pyarrow is not installed, so pandas and rankwork
both run as they would without it.
"""

from __future__ import annotations

import importlib.abc
import json
import sys
from pathlib import Path


class NoPyarrow(importlib.abc.MetaPathFinder):
    """Every pyarrow module is missing."""

    def find_spec(self, fullname, path=None, target=None):
        if fullname.partition(".")[0] == "pyarrow":
            raise ModuleNotFoundError(f"No module named {fullname!r}", name=fullname)
        return None


def loaded(prefixes: tuple[str, ...]) -> list[str]:
    return sorted(m for m in sys.modules if m.startswith(prefixes))


def frame(df) -> dict:
    return {
        "columns": [str(c) for c in df.columns],
        "index": [str(i) for i in df.index],
        "dtypes": [str(t) for t in df.dtypes],
        "rows": df.astype(object).values.tolist(),
    }


def outcome(read, *args, **kwargs):
    from rankwork.collection.trec import TrecFormatError

    try:
        return frame(read(*args, **kwargs))
    except TrecFormatError as error:
        return f"error: {error}"


def main(mode: str, folder: Path) -> dict:
    if mode == "blocked":
        sys.meta_path.insert(0, NoPyarrow())
    import pandas as pd

    before = set(sys.modules)
    import rankwork  # noqa: F401
    import rankwork.collection.trec  # noqa: F401

    at_import = sorted(set(sys.modules) - before)
    from rankwork.collection import batch, trec

    out: dict = {
        "import_adds": [m for m in at_import if m.startswith(("pyarrow", "scipy"))]
        + [m for m in at_import if m == "rankwork.collection.arrow_kernels"],
        "reads": {},
    }
    for path in sorted(folder.iterdir()):
        reader = trec.read_qrels if path.name.startswith("qrels") else trec.read_run
        out["reads"][path.name] = {
            "path": outcome(reader, path),
            "bytes": outcome(reader, path.read_bytes(), name=path.name),
        }
        if path.name.startswith("qrels"):
            out["reads"][path.name]["recognised"] = outcome(reader, path, subtopics=None)
    measures = ["nDCG@10", "P@5", "AP", "RR", "R@20", "Bpref", "ERR@10"]
    qrels = trec.read_qrels(folder / "qrels.txt")
    evaluations = {}
    for name in ("run_blocks.txt", "run_shuffled.txt", "run_tabs.txt"):
        result = batch.evaluate(qrels, trec.read_run(folder / name), measures)
        evaluations[name] = {"per_query": frame(result.per_query), "warnings": result.warnings}
    by_hand = pd.DataFrame({"qid": [1, 1, 2], "docno": ["b", "a", "a"], "score": [1.0, 1.0, 0.5]})
    judged = pd.DataFrame({"qid": ["1", "1", "2"], "docno": ["a", "b", "a"], "rel": [1, 2, 0]})
    evaluations["objects"] = frame(batch.evaluate(judged, by_hand, measures).per_query)
    out["evaluations"] = evaluations
    out["pyarrow_loaded"] = loaded(("pyarrow",))
    out["kernels_loaded"] = loaded(("rankwork.collection.arrow_kernels",))
    return out


if __name__ == "__main__":
    print(json.dumps(main(sys.argv[1], Path(sys.argv[2])), default=str))
