"""RankLab's measures where ranking models are trained and evaluated: one module per tool.

- `lightgbm_metric.lightgbm_feval`: a `feval` for `lightgbm.train`;
- `xgboost_metric.xgboost_metric`: a `custom_metric` for `xgboost.train`;
- `sentence_transformers_metrics.sentence_transformers_metrics`: the metrics of
  sentence-transformers' InformationRetrievalEvaluator from its inputs.

None of them imports lightgbm, xgboost, torch or sentence_transformers: they read the objects
the tools pass them (a Dataset, a DMatrix, lists of dicts) through the methods named in their
docstrings. The numbers come from the 2-D array measures (`rankwork.arrays`) where they
compute the measure under the convention, else from the batch evaluation
(`rankwork.collection.batch`), so every measure name that `rankwork.collection.batch.evaluate`
takes can be reported.
"""

from rankwork.adapters.lightgbm_metric import lightgbm_feval
from rankwork.adapters.sentence_transformers_metrics import sentence_transformers_metrics
from rankwork.adapters.xgboost_metric import xgboost_metric

__all__ = ["lightgbm_feval", "sentence_transformers_metrics", "xgboost_metric"]
