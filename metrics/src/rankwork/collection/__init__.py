"""A test collection, many queries at once: TREC and CSV/TSV readers with file-and-line errors
(`trec`, with `trec_source`, `trec_format` and `trec_problems` beside it) and writers
(`trec_write`), qrels and runs in every form the public `rankwork.evaluate` takes (`inputs`:
paths, gzip, parquet, pytrec_eval dicts, ir_measures and ranx DataFrames) and that function
itself (`evaluation`), query groups files (`groups`), batch evaluation (`batch`) with its
vectorised measure kernels (`batch_measures`), its ranking of the run's lines (`batch_ranks`)
and Arrow kernels (`arrow_kernels`, the one module that imports pyarrow). README.md here says
why the fast paths exist. Built on `rankwork.core`, with `rankwork.stats` for confidence
intervals and paired tests.
"""
