"""A family given a capability appears and works where that capability is read, with no other
edit: the sweep names it, the landscape scores it (by its single-list function when no
formula of its own exists), an exercise asks about it under its own name, the Discounts page
reads it, micro-averaging refuses a family whose counts it does not know. Each check gives
the consumer a family it did not have before (monkeypatched), and the expected values are
worked out by hand or by brute force here.
"""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from rankwork.collection import micro
from rankwork.core import cwl
from rankwork.core.capabilities import families
from rankwork.core.conventions import TEXTBOOK
from rankwork.core.intents import Intents
from rankwork.core.measures import Measure
from rankwork.core.ranking import Ranking, order
from rankwork.explore import behaviour, orderings
from rankwork.teaching import exercises


def test_every_consumer_reads_its_capability():
    from rankwork.explore import report
    from rankwork.teaching import pitfalls

    assert report.HEADLINE == families("headline")
    assert report.MORE == families("more")
    assert report.DIVERSITY == families("diversity_card")
    assert pitfalls.FAMILIES == families("pitfalls")
    assert pitfalls.CONDENSABLE == families("condensable")
    assert orderings.MEASURES == families("ordering")
    assert exercises.PREDICTED == families("exercise")
    assert micro.FAMILIES == families("micro")
    assert cwl.reader_families() == families("reader")
    swept = [name.removesuffix("@k") for name in behaviour.SWEEP_MEASURES]
    assert tuple(swept) == families("sweep")


@pytest.mark.parametrize(
    ("family", "name"),
    [
        ("nDCG", "nDCG"),  # cutoff optional: over the whole list
        ("RBP", "RBP"),  # no cutoff
        ("P", "P@k"),  # a set measure (micro): over the whole list P = 1/n at every rank
        ("R", "R@k"),
        ("Success", "Success@k"),  # its cutoff is required
    ],
)
def test_the_sweep_cuts_a_measure_at_k_when_it_needs_one(family, name):
    assert behaviour._swept(family) == name


def test_a_new_sweep_family_is_swept(monkeypatch):
    monkeypatch.setattr(behaviour, "SWEEP_MEASURES", ("RR", "Success@k"))
    table = behaviour.sweep(1, 4, TEXTBOOK, 2, 1)
    # one relevant document at rank r: RR = 1/r; Success@2 = [r <= 2]
    assert table["RR"].tolist() == [1, 1 / 2, 1 / 3, 1 / 4]
    assert table["Success@k"].tolist() == [1, 1, 0, 0]


def test_a_landscape_family_without_a_formula_is_scored_on_every_ordering(monkeypatch):
    monkeypatch.setattr(orderings, "MEASURES", ("nDCG", "R", "Success"))
    grades = [2, 0, 1, 0]
    ordered = order(Ranking.build(grades, scale_max=2), TEXTBOOK)
    k = 2
    positions, exact = orderings.position_orderings(ordered.grades)
    values = orderings.evaluate_orderings(ordered, TEXTBOOK, k, positions)
    assert exact and list(values.columns) == ["nDCG", "R", "Success"]
    # brute force: R@2 = relevant (grade >= 1) in the top 2 / 2; Success@2 = any of them
    for row, (_, got) in zip(positions, values.iterrows(), strict=True):
        top = [grades[p] for p in row[:k]]
        assert got["R"] == sum(g >= 1 for g in top) / 2
        assert got["Success"] == float(any(g >= 1 for g in top))
    # 4!/(2!) = 12 distinct orderings of 2, 1, 0, 0
    assert len(values) == len(set(itertools.permutations(grades))) == 12


def test_a_new_exercise_family_is_asked_under_its_own_name(monkeypatch):
    monkeypatch.setattr(exercises, "PREDICTED", ("RBP", "alpha_nDCG", "nDCG"))
    a = Ranking.build([1, 0, 0], doc_ids=["a", "b", "c"], intents=Intents.build(["1", "", ""]))
    b = Ranking.build([0, 0, 1], doc_ids=["b", "c", "a"], intents=Intents.build(["", "", "1"]))
    pair = exercises._Pair(a, b, {"a": 1, "b": 0, "c": 0})
    questions = exercises._predict_questions(pair, TEXTBOOK, 3)
    # RBP has no cutoff; alpha_nDCG is shown as α-nDCG
    assert [q.steps[0].label for q in questions] == [
        "RBP of list A",
        "α-nDCG@3 of list A",
        "nDCG@3 of list A",
    ]
    # the relevant document first (A) beats it last (B) for every one of them
    assert [q.answer for q in questions] == ["A", "A", "A"]


def test_the_readers_are_the_families_declaring_reader():
    ranking = Ranking.build([0, 1, 1], scale_max=1)
    for family in cwl.reader_families():
        result = cwl.list_reader(family, ranking, TEXTBOOK, k=3)
        assert result.name.startswith(family)
    # RR's reader stops at the first relevant document, rank 2: RR = 1/2
    assert cwl.list_reader("RR", ranking, TEXTBOOK).value == 1 / 2


def test_micro_averaging_names_what_it_allows_and_refuses_a_family_without_counts(monkeypatch):
    with pytest.raises(ValueError, match="defined for P and R only"):
        micro.count_measures(Measure("AP"))
    monkeypatch.setattr(micro, "FAMILIES", ("P", "R", "F1"))
    with pytest.raises(NotImplementedError, match="F1"):
        micro.count_measures(Measure("F1", cutoff=5))
    assert micro.count_measures(Measure("P", cutoff=5)) == ("NumRelRet@5", 5)


def test_every_family_with_the_reader_capability_has_a_reader_to_dispatch_to():
    assert set(cwl.OWN_READERS) | set(cwl.MODELS) >= set(families("reader"))
    assert not np.isnan(cwl.list_reader("AP", Ranking.build([1, 0]), TEXTBOOK).value)
