"""RankLab's computational core: ranking measures with their working shown.

numpy and pandas (and pyarrow, in the collection reader's fast path only: `arrow_kernels`).
The pieces, in the order a newcomer should read them:

- `conventions.Convention`: every choice that changes a number; `conventions.PRESETS` the tools.
- `ranking.Ranking.build(grades, doc_ids=None, scores=None, unretrieved=(), scale_max=None)`:
  one query, validated (`RankingError`, a ValueError, names the bad value);
  `ranking.order(ranking, convention)` gives the `Ordered` list every measure reads.
- `graded` (DCG, IDCG, nDCG, ERR, RBP) and `binary` (P, R, F, AP, RR, R-Prec, Success, bpref,
  Judged): `measure(ranking_or_ordered, convention, k) -> result.Result` (value + per-rank
  table whose `contribution` column sums to the value).
- `measures.parse("nDCG@10")`: ir_measures-style names -> `Measure` objects; `measures.REGISTRY`
  holds each measure's formula, description, reader and citation.
- `report.evaluate(ranking, convention, k)`: the Playground's headline measures and joined table.
"""
