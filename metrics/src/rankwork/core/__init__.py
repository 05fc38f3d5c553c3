"""The single-list core: one query's ranked list and the value of every measure on it.

`conventions` (every choice that changes a number, and the presets), `gains` and `discounts`,
`ranking` (one query, validated, and its order under a convention), `result` (a value with its
per-rank table), `graded` (DCG, IDCG, nDCG, ERR, RBP), `binary` (P, R, F, AP, RR, R-Prec,
Success, bpref, Judged) and `measures` (ir_measures-style names and the registry).

Everything else in `metrics` builds on these; the core imports nothing else of `metrics`
(tests/unit/test_architecture.py checks).
"""
