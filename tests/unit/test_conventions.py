"""Conventions, presets, gains and discounts (`rankwork.core.conventions`, gains.py,
discounts.py)."""

from __future__ import annotations

import math
from math import log2

import numpy as np
import pytest

from rankwork.core import conventions as C
from rankwork.core.discounts import discount
from rankwork.core.gains import custom_gain, gain

# --- presets ---------------------------------------------------------------------------------


def test_every_preset_is_registered_under_its_name_and_cites_a_source():
    assert set(C.PRESETS) == {
        "Textbook",
        "trec_eval ndcg_cut",
        "trec_eval ndcg",
        "ir_measures",
        "ranx ndcg",
        "ranx ndcg_burges",
        "scikit-learn",
        "LightGBM / XGBoost",
        "XGBoost",
        "sentence-transformers",
        "gdeval",
        "Järvelin & Kekäläinen 2002",
    }
    for name, conv in C.PRESETS.items():
        assert conv.name == name
        assert C.preset(name) is conv
        assert len(conv.source) > 40


@pytest.mark.parametrize(
    ("name", "fields"),
    [
        # research note §1A/1B/1D: the choice of each tool
        (
            "trec_eval ndcg_cut",
            {
                "gain": "linear",
                "ideal": "judged",
                "ideal_cut": True,
                "ties": "docno_desc",
                "negative": "unjudged",
                "empty_value": 0.0,
            },
        ),
        ("trec_eval ndcg", {"gain": "linear", "ideal_cut": False, "ties": "docno_desc"}),
        (
            "ir_measures",
            {
                "gain": "linear",
                "float32_scores": True,
                "err_gmax": 4.0,
                "rbp_gain": "binary",
                "rbp_p": 0.8,
            },
        ),
        ("ranx ndcg", {"gain": "linear", "ties": "input", "rbp_gain": "raw"}),
        ("ranx ndcg_burges", {"gain": "exponential", "ties": "input"}),
        ("scikit-learn", {"gain": "linear", "ideal": "retrieved", "ties": "average"}),
        (
            "LightGBM / XGBoost",
            {"gain": "exponential", "ideal": "retrieved", "empty_value": 1.0, "ties": "input"},
        ),
        (
            # dmlc/xgboost v3.2.0 src/metric/rank_metric.cc, src/common/ranking_utils.h: float
            # predictions (HostDeviceVector<float>), stable ArgSort, IDCG 0 -> 1
            "XGBoost",
            {
                "gain": "exponential",
                "ideal": "retrieved",
                "empty_value": 1.0,
                "ties": "input",
                "float32_scores": True,
            },
        ),
        (
            # InformationRetrievalEvaluator (sentence-transformers 5.1.2): binary relevance,
            # IDCG from min(k, #relevant) ones, Python's stable sorted()
            "sentence-transformers",
            {"ideal": "judged", "ideal_cut": True, "ties": "input", "rel_threshold": 1.0},
        ),
        ("gdeval", {"gain": "exponential", "log_base": math.e, "err_gmax": 4.0}),
        ("Järvelin & Kekäläinen 2002", {"gain": "linear", "discount": "jk", "log_base": 2.0}),
        (
            "Textbook",
            {
                "gain": "exponential",
                "discount": "log",
                "log_base": 2.0,
                "rbp_p": 0.8,
                "ideal": "judged",
                "err_gmax": None,
                "negative": "reject",
            },
        ),
    ],
)
def test_preset_fields(name, fields):
    conv = C.preset(name)
    for field_name, value in fields.items():
        assert getattr(conv, field_name) == value, field_name


def test_unknown_preset_lists_the_names():
    with pytest.raises(ValueError, match=r"Unknown preset 'trec'; choose one of: Textbook, "):
        C.preset("trec")
    # a name that is not a string is unknown too (not an AttributeError)
    with pytest.raises(ValueError, match=r"Unknown preset None; choose one of: .*, gdeval, "):
        C.preset(None)


@pytest.mark.parametrize(
    ("given", "name"),
    [
        ("textbook", "Textbook"),
        ("  TREC_EVAL NDCG_CUT\t", "trec_eval ndcg_cut"),
        ("lightgbm / xgboost", "LightGBM / XGBoost"),
        ("XGBOOST", "XGBoost"),
        ("JÄRVELIN & KEKÄLÄINEN 2002", "Järvelin & Kekäläinen 2002"),
    ],
)
def test_a_preset_is_found_in_any_case_and_with_spaces_around(given, name):
    assert C.preset(given) is C.PRESETS[name]


def test_spaces_inside_a_presets_name_still_count():
    with pytest.raises(ValueError, match=r"Unknown preset 'trec_eval  ndcg'"):
        C.preset("trec_eval  ndcg")


def test_with_renames_and_differences():
    changed = C.TREC_EVAL_NDCG_CUT.with_(gain="exponential")
    assert changed.name == "trec_eval ndcg_cut + exponential gain"  # named for what changed
    assert changed.source == "trec_eval ndcg_cut, modified."
    assert C.TREC_EVAL_NDCG_CUT.differences(changed) == {"gain": ("linear", "exponential")}
    assert C.TREC_EVAL_NDCG_CUT.differences(C.TREC_EVAL_NDCG) == {
        "ideal_cut": (True, False),
        "dcg_cutoff": (True, False),
    }
    assert C.RANX.differences(C.RANX_BURGES) == {"gain": ("linear", "exponential")}
    several = C.TEXTBOOK.with_(gain="linear", rbp_p=0.9, ideal_cut=False, rel_threshold=2.0)
    assert several.name == (
        "Textbook + linear gain + ideal not cut + RBP p = 0.9 + relevant if ≥ 2"
    )
    assert C.TEXTBOOK.with_(gain="exponential") == C.TEXTBOOK  # nothing changed
    assert C.TEXTBOOK.with_(gain="exponential").name == "Textbook"
    kept = C.RANX.with_(name="mine", rbp_p=0.5)
    assert kept.name == "mine" and kept.rbp_p == 0.5


def test_conventions_are_frozen():
    with pytest.raises(AttributeError):
        C.TEXTBOOK.gain = "linear"  # type: ignore[misc]


# --- validation messages name the value ------------------------------------------------------


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"gain": "log"}, r"gain must be one of exponential, linear, custom; got 'log'"),
        ({"discount": "zipf"}, r"discount must be one of .*; got 'zipf'"),
        ({"ideal": "qrels"}, r"ideal must be one of judged, retrieved, none; got 'qrels'"),
        ({"ties": "random"}, r"ties must be one of .*; got 'random'"),
        ({"negative": "drop"}, r"negative must be one of reject, clip, unjudged.*; got 'drop'"),
        ({"rbp_gain": "scaled"}, r"rbp_gain must be one of graded, binary, raw; got 'scaled'"),
        (
            {"rbp_p": 1.0},
            r"RBP's persistence p must be a number strictly between 0 and 1; "
            r"got 1.0",
        ),
        ({"rbp_p": 0}, r"RBP's persistence p .* got 0\."),
        ({"rbp_p": -0.5}, r"got -0.5"),
        ({"rbp_p": "0.8"}, r"got '0.8'"),
        ({"discount_p": 1.5}, r"geometric discount's p must be .* got 1.5"),
        ({"log_base": 1.0}, r"log base must be a number greater than 1; got 1.0"),
        ({"log_base": 0.5}, r"got 0.5"),
        ({"gain": "custom"}, r"custom gain needs a gain map"),
        ({"gain": "custom", "gain_map": ((0, 0), (1, math.inf))}, r"finite numbers; got 1: inf"),
        ({"gain": "custom", "gain_map": ((1, 1), (1, 2))}, r"lists a grade twice"),
        ({"empty_value": 0.5}, r"empty_value must be 0 or 1; got 0.5"),
        ({"err_gmax": 0.0}, r"err_gmax must be a positive number or None; got 0.0"),
        ({"rbp_gmax": -1.0}, r"rbp_gmax must be a positive number or None; got -1.0"),
        ({"rel_threshold": 0.0}, r"relevance threshold must be a positive grade; got 0.0"),
        ({"rel_threshold": math.nan}, r"relevance threshold .* got nan"),
    ],
)
def test_bad_fields_are_named(changes, message):
    with pytest.raises(ValueError, match=message):
        C.Convention(**changes)


# --- gains -----------------------------------------------------------------------------------


def test_gains():
    grades = np.array([0, 1, 2, 3, np.nan])
    assert gain(grades, C.TEXTBOOK.with_(gain="linear")).tolist() == [0, 1, 2, 3, 0]
    assert gain(grades, C.TEXTBOOK).tolist() == [0, 2**1 - 1, 2**2 - 1, 2**3 - 1, 0]
    custom = C.TEXTBOOK.with_(gain="custom", gain_map=((3, 9), (0, 0), (1, 1), (2, 4)))
    assert gain(grades, custom).tolist() == [0, 1, 4, 9, 0]


def test_custom_gain_missing_grades_are_all_named():
    with pytest.raises(ValueError, match=r"no gain for grade 2, 5; it lists grades 0, 1, 3"):
        custom_gain(np.array([0.0, 2.0, 5.0, 2.0]), ((0, 0), (1, 1), (3, 7)))
    with pytest.raises(ValueError, match=r"no gain for grade 0.5"):
        custom_gain(np.array([0.5]), ((0, 0), (1, 1)))


# --- discounts -------------------------------------------------------------------------------


def test_log2_discount_values():
    # 1/log2(i+1): 1, 0.631, 0.5, 0.431, 0.387 (Burges et al. 2005)
    d = discount(5, C.TEXTBOOK)
    assert d.tolist() == pytest.approx([1, 1 / log2(3), 1 / 2, 1 / log2(5), 1 / log2(6)], abs=1e-15)
    assert np.round(d, 3).tolist() == [1.0, 0.631, 0.5, 0.431, 0.387]


def test_log_base_b_discount_values():
    d = discount(3, C.TEXTBOOK.with_(log_base=10.0))
    assert d.tolist() == pytest.approx([1 / math.log10(2), 1 / math.log10(3), 1 / math.log10(4)])


def test_jk2002_rank_b_discount_values():
    # Järvelin & Kekäläinen 2002, b = 2: ranks 1 and 2 undiscounted, then 1/log2(i)
    d = discount(8, C.JK2002)
    assert d.tolist() == pytest.approx(
        [1, 1, 1 / log2(3), 1 / 2, 1 / log2(5), 1 / log2(6), 1 / log2(7), 1 / 3], abs=1e-15
    )
    # b = 3: ranks 1 and 2 undiscounted, rank i >= 3 weighs 1/log3(i)
    d3 = discount(4, C.JK2002.with_(log_base=3.0))
    assert d3.tolist() == pytest.approx([1, 1, 1, 1 / math.log(4, 3)], abs=1e-15)


def test_geometric_reciprocal_and_flat_discounts():
    assert discount(4, C.TEXTBOOK.with_(discount="geometric", discount_p=0.5)).tolist() == [
        1,
        0.5,
        0.25,
        0.125,
    ]
    assert discount(4, C.TEXTBOOK.with_(discount="reciprocal")).tolist() == pytest.approx(
        [1, 1 / 2, 1 / 3, 1 / 4]
    )
    flat = C.TEXTBOOK.with_(discount="flat")
    assert discount(4, flat, k=2).tolist() == [1, 1, 0, 0]
    assert discount(3, flat).tolist() == [1, 1, 1]
    assert discount(0, C.TEXTBOOK).tolist() == []
