"""The adapters' messages for inputs they cannot take, with stand-ins for LightGBM's Dataset
and XGBoost's DMatrix (the real tools are exercised in tests/crosscheck/test_adapters_*.py)."""

from __future__ import annotations

import numpy as np
import pytest

from rankwork.adapters import lightgbm_feval, xgboost_metric


class Dataset:
    """What lightgbm_feval reads of a LightGBM Dataset."""

    def __init__(self, group, label, weight=None):
        self.group, self.label, self.weight = group, label, weight

    def get_group(self):
        return self.group

    def get_label(self):
        return np.asarray(self.label, dtype=float)

    def get_weight(self):
        return self.weight


class DMatrix:
    """What xgboost_metric reads of an XGBoost DMatrix."""

    def __init__(self, group_ptr, label):
        self.group_ptr, self.label = np.asarray(group_ptr, dtype=np.uint32), label

    def get_uint_info(self, field):
        assert field == "group_ptr"
        return self.group_ptr

    def get_label(self):
        return np.asarray(self.label, dtype=np.float32)

    def get_weight(self):
        return np.array([], dtype=np.float32)


def test_no_measure_or_a_measure_that_is_no_name_is_an_error_as_in_evaluate():
    for build in (lightgbm_feval, xgboost_metric):
        with pytest.raises(ValueError, match=r"^No measure asked for"):
            build([])
        for wrong in (None, 5, [5]):
            with pytest.raises(ValueError, match=r"^The measures must be a measure name or a list"):
                build(wrong)


def test_a_dataset_without_groups_is_an_error():
    with pytest.raises(ValueError, match="no groups"):
        lightgbm_feval()(np.zeros(2), Dataset(None, [1, 0]))


def test_groups_that_do_not_cover_the_rows_are_an_error_with_the_counts():
    with pytest.raises(ValueError, match="cover 3 rows, but there are 2 labels and 2 pred"):
        lightgbm_feval()(np.zeros(2), Dataset([3], [1, 0]))


def test_weights_that_sum_to_zero_are_an_error():
    with pytest.raises(ValueError, match="weights sum to 0"):
        lightgbm_feval()(np.zeros(2), Dataset([2], [1, 0], weight=np.zeros(2)))


@pytest.mark.parametrize("bad", [-1.0, np.nan, np.inf])
def test_a_label_that_is_not_a_number_at_least_0_names_its_row_and_group(bad):
    with pytest.raises(ValueError, match=rf"label of row 3 \(group 1\) is {bad}"):
        xgboost_metric()(np.zeros(4), DMatrix([0, 2, 4], [1, 0, 0, bad]))
    with pytest.raises(ValueError, match=rf"label of row 2 \(group 1\) is {bad}"):
        lightgbm_feval("ERR@3")(np.zeros(4), Dataset([1, 3], [1, 0, bad, 0]))


@pytest.mark.parametrize("bad", [np.nan, -np.inf])
def test_a_prediction_that_is_not_finite_names_its_row_and_group(bad):
    scores = np.array([0.5, 0.1, bad, 0.2])
    with pytest.raises(ValueError, match=rf"prediction of row 2 \(group 1\) is {bad}"):
        lightgbm_feval()(scores, Dataset([2, 2], [1, 0, 0, 1]))


def test_xgboost_weights_must_be_one_per_group():
    data = DMatrix([0, 2, 4], [1, 0, 0, 1])
    data.get_weight = lambda: np.array([1.0, 2.0, 3.0], dtype=np.float32)
    with pytest.raises(ValueError, match="3 weights for 2 groups; there must be one per group"):
        xgboost_metric()(np.zeros(4), data)


def test_lightgbm_weights_must_be_one_per_row_and_not_negative():
    with pytest.raises(ValueError, match="3 weights for 4 rows; there must be one per row"):
        lightgbm_feval()(np.zeros(4), Dataset([2, 2], [1, 0, 0, 1], weight=np.ones(3)))
    weight = np.array([1.0, 1.0, -2.0, 1.0])
    with pytest.raises(ValueError, match="weight of row 2 is -2.0; it must be a finite"):
        lightgbm_feval()(np.zeros(4), Dataset([2, 2], [1, 0, 0, 1], weight=weight))


def test_without_groups_xgboost_reads_one_query():
    # XGBoost 3.2.0 src/common/ranking_utils.cc: an empty group_ptr is one group of all rows.
    # Grades 0, 1 ranked by scores 0.9, 0.1: DCG@2 = 1/log2(3), IDCG@2 = 1 -> 0.6309
    ((name, value),) = xgboost_metric("nDCG@2")(np.array([0.9, 0.1]), DMatrix([], [0, 1]))
    assert name == "nDCG@2" and value == pytest.approx(1 / np.log2(3), abs=1e-12)


class _TwoQueries:
    """A LightGBM-like data set: query 1 grades 2, 0, 1; query 2 has nothing relevant."""

    def get_group(self):
        return np.array([3, 2])

    def get_label(self):
        return np.array([2.0, 0.0, 1.0, 0.0, 0.0])

    def get_weight(self):
        return None


def test_a_preset_is_given_by_name_and_an_unknown_name_fails_before_training():
    feval = lightgbm_feval("nDCG@2", convention="SCIKIT-LEARN")
    # scikit-learn: gain = grade, ideal from the scored list. Query 1 ranks 2, 0 in its top 2:
    # DCG@2 = 2; its ideal 2, 1: IDCG@2 = 2 + 1/log2(3) = 2.6309; 0.7602. Query 2 has nothing
    # relevant: scikit-learn's 0. Mean 0.3801.
    [(name, value, _)] = feval(np.array([0.9, 0.5, 0.3, 0.1, 0.2]), _TwoQueries())
    assert name == "nDCG@2"
    assert value == pytest.approx((2 / (2 + 1 / np.log2(3))) / 2, abs=1e-12)
    for build in (lightgbm_feval, xgboost_metric):
        with pytest.raises(ValueError, match=r"Unknown preset 'sklearn'; choose one of"):
            build("nDCG@2", convention="sklearn")
