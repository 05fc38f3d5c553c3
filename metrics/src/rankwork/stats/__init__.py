"""Statistics over per-query values: bootstrap intervals, paired randomisation and t-tests,
Holm's adjustment, per-group means (`stats`), two runs compared and said in words
(`comparison`), agreement between two assessors (`agreement`) and per-query facts
(`query_summary`). Imports nothing else of `metrics`: it works on numbers and DataFrames.
"""
