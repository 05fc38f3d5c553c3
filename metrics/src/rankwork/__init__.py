"""RankLab's computational core: ranking measures with their working shown.

numpy and pandas (and pyarrow, in the collection reader's fast path only:
`collection.arrow_kernels`); never streamlit or plotly. Sub-packages, each importing only those
before it in this list (tests/unit/test_architecture.py checks):

- `core`: one query's list and every measure on it (imports nothing else of metrics);
- `teaching`: mistakes, diagnoses, worked examples, exercises (the Learn pages);
- `explore`: the Playground's report and text box, profiles, sweeps, orderings, trade-offs;
- `stats`: bootstrap intervals, paired tests, comparisons, assessor agreement (imports nothing
  else of metrics);
- `collection`: TREC/CSV readers and batch evaluation of many queries (core and stats);
- `cli`: the command line, `rankwork` (`__main__` starts its process).

The pieces, in the order a newcomer should read them:

- `core.conventions.Convention`: every choice that changes a number; `core.conventions.PRESETS`
  the tools.
- `core.ranking.Ranking.build(grades, doc_ids=None, scores=None, unretrieved=(),
  scale_max=None)`: one query, validated (`RankingError`, a ValueError, names the bad value);
  `core.ranking.order(ranking, convention)` gives the `Ordered` list every measure reads.
- `core.graded` (DCG, IDCG, nDCG, ERR, RBP) and `core.binary` (P, R, F, AP, RR, R-Prec,
  Success, bpref, Judged): `measure(ranking_or_ordered, convention, k) -> core.result.Result`
  (value + per-rank table whose `contribution` column sums to the value).
- `core.specs.SPECS`: one definition per measure family (parameters, cutoff rule, single-list
  function, the Convention fields it reads, formula, description, reader and citation);
  `core.measures.parse("nDCG@10")`: ir_measures-style names -> `Measure` objects.
- `explore.report.evaluate(ranking, convention, k)`: the Playground's headline measures and
  joined table.
"""
