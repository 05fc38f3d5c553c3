"""The single-list core: one query's ranked list and the value of every measure on it.

`conventions` (every choice that changes a number, and the presets), `gains` and `discounts`,
`ranking` (one query, validated, and its order under a convention), `result` (a value with its
per-rank table) and `measures`: one module per measure family (`measures.families`: its
declaration, single-list function and batch kernel), the registry of them all (`SPECS`) and
ir_measures-style names. The families share `diversity` and `novelty_batch` (novelty gains,
greedy ideal), `cwl` (the C/W/L engine) and `segments` (the batch kernels' rows);
`capabilities` derives the lists of families the pages need.

Everything else in `metrics` builds on these; the core imports nothing else of `metrics`
(tests/unit/test_architecture.py checks).
"""
