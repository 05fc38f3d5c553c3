"""rankwork: ranking measures (nDCG, AP, P, R, RR, ERR, RBP, ...) with their working shown,
equal to trec_eval's and to the tools' whose conventions it names. Quick start::

    import rankwork
    rankwork.evaluate("qrels.txt", "run.txt.gz", ["nDCG@10", "P(rel=2)@5", "AP"])  # {name: mean}
    rankwork.evaluate(qrels_df, run_df, "nDCG@10", per_query=True)  # query_id, nDCG@10
    rankwork.evaluate(qrels, run, "nDCG@10", convention="ranx ndcg")  # a tool's conventions
    result = rankwork.measure("nDCG@5", [3, 2, 0, 1], unretrieved=[2])  # one ranked list
    result.value, result.table  # the value and its per-rank working
    sorted(rankwork.PRESETS)  # the tools' conventions: trec_eval, ranx, scikit-learn, ...
    rankwork.arrays  # batched measures over 2-D label and score arrays (training loops)
    rankwork.adapters  # LightGBM's feval, XGBoost's custom_metric, sentence-transformers

The public API is the names in ``rankwork.__all__`` (each documented, with examples): `evaluate`
(a collection: qrels and runs as TREC, gzip or parquet files, pytrec_eval dicts, or ir_measures
or ranx DataFrames), `measure` (one list), `Result`, `Convention`, `PRESETS` and `preset`, the
`arrays` and `adapters` modules, and the errors, all ValueErrors whose message names what is
wrong and where: `MeasureNameError`, `InputError`, `TrecFormatError`, `BatchError`,
`RankingError`. They are imported when first used, so ``import rankwork`` loads neither numpy
nor pandas. The rest are the library's documented internals, which the RankLab app uses too.

Internals: numpy and pandas (and pyarrow, in the collection reader's fast path and parquet
files only: `collection.arrow_kernels`); never streamlit or plotly. Sub-packages, each
importing only those before it in this list (tests/unit/test_architecture.py checks):

- `core`: one query's list and every measure on it (imports nothing else of rankwork);
- `teaching`: mistakes, diagnoses, worked examples, exercises (the Learn pages);
- `explore`: the Playground's report and text box, profiles, sweeps, orderings, trade-offs;
- `stats`: bootstrap intervals, paired tests, comparisons, assessor agreement (imports nothing
  else of rankwork);
- `collection`: TREC/CSV readers and batch evaluation of many queries (core and stats);
- `cli`: the command line, `rankwork` (`__main__` starts its process).

The pieces, in the order a newcomer should read them:

- `core.conventions.Convention`: every choice that changes a number; `core.conventions.PRESETS`
  the tools.
- `core.ranking.Ranking.build(grades, doc_ids=None, scores=None, unretrieved=(),
  scale_max=None)`: one query, validated (`RankingError`, a ValueError, names the bad value);
  `core.ranking.order(ranking, convention)` gives the `Ordered` list every measure reads.
- `core.measures.families`: one module per measure family (`dcg`: DCG, IDCG, nDCG; `err`,
  `rbp`, `precision`, `recall`, `f`, `ap`, `rr`, `rprec`, ...), each with its single-list
  function `measure(ranking_or_ordered, convention, k) -> core.result.Result` (value + per-rank
  table whose `contribution` column sums to the value) and its batch kernel.
- `core.measures.SPECS`: one definition per measure family (parameters, cutoff rule, single-list
  function, batch kernel, the Convention fields it reads, formula, description, reader,
  citation and capabilities), found in those modules;
  `core.measures.parse("nDCG@10")`: ir_measures-style names -> `Measure` objects.
- `explore.report.evaluate(ranking, convention, k)`: the Playground's headline measures and
  joined table.
- `collection.inputs`: qrels and runs in every form `evaluate` takes, as DataFrames;
  `collection.trec` reads the files; `collection.batch.evaluate` computes every measure for
  every query at once (the command line's and the Evaluate page's engine);
  `collection.evaluation.evaluate` is `rankwork.evaluate`.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # what the lazy names below are, for type checkers and editors
    from rankwork import adapters, arrays
    from rankwork.collection.batch import BatchError
    from rankwork.collection.evaluation import evaluate
    from rankwork.collection.inputs import InputError
    from rankwork.collection.trec import TrecFormatError
    from rankwork.core.conventions import PRESETS, Convention, preset
    from rankwork.core.measures import MeasureNameError
    from rankwork.core.ranking import RankingError
    from rankwork.core.result import Result
    from rankwork.core.single_list import measure

# public name -> the module it is defined in, imported on first use (PEP 562)
_DEFINED_IN = {
    "evaluate": "rankwork.collection.evaluation",
    "measure": "rankwork.core.single_list",
    "Result": "rankwork.core.result",
    "Convention": "rankwork.core.conventions",
    "PRESETS": "rankwork.core.conventions",
    "preset": "rankwork.core.conventions",
    "MeasureNameError": "rankwork.core.measures",
    "InputError": "rankwork.collection.inputs",
    "TrecFormatError": "rankwork.collection.trec",
    "BatchError": "rankwork.collection.batch",
    "RankingError": "rankwork.core.ranking",
}
_MODULES = ("arrays", "adapters")

__all__ = [  # _DEFINED_IN, _MODULES and __version__ (tests/unit/test_public_api.py checks)
    "PRESETS",
    "BatchError",
    "Convention",
    "InputError",
    "MeasureNameError",
    "RankingError",
    "Result",
    "TrecFormatError",
    "__version__",
    "adapters",
    "arrays",
    "evaluate",
    "measure",
    "preset",
]


def __getattr__(name: str) -> Any:
    if name == "__version__":
        value: Any = _version()
    elif name in _MODULES:
        value = importlib.import_module(f"{__name__}.{name}")
    elif name in _DEFINED_IN:
        value = getattr(importlib.import_module(_DEFINED_IN[name]), name)
    else:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    globals()[name] = value  # later uses find it without this function
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})


def _version() -> str:
    """The installed distribution's version ("0+unknown" when it is not installed)."""
    from importlib.metadata import PackageNotFoundError, version  # noqa: PLC0415

    try:
        return version("rankwork")
    except PackageNotFoundError:
        return "0+unknown"
