"""The measure families are found, not listed (rankwork.core.measures.registry): every module of
a families package that declares `MEASURES` joins `SPECS`, in the declared `order`; and the lists
of families the pages need come from the declared capabilities (rankwork.core.capabilities).

The expected lists are the tuples the code kept by hand before issue 27 (explore/report.py's
HEADLINE, DIVERSITY and MORE, bounds.POOL_NORMALISED, pitfalls.FAMILIES and CONDENSABLE,
behaviour.SWEEP_MEASURES, orderings.MEASURES, exercises.PREDICTED, micro.FAMILIES,
cwl.READER_FAMILIES, ui/cards.ROWS[0], ui/model.DEFAULT_PROJECTOR_CARDS, as named then),
copied here, each put in the order of SPECS."""

from __future__ import annotations

import sys
import textwrap
from dataclasses import fields

import pytest

from rankwork.core.capabilities import families
from rankwork.core.measures import SPECS, Capabilities
from rankwork.core.measures.registry import discover

ORDER = ("DCG", "IDCG", "nDCG", "ERR", "RBP", "P", "R", "F1", "AP", "RR", "Rprec", "F", "Q",
         "SetAP", "Bpref", "infAP", "Success", "Judged", "RBP_resid", "NumRet", "NumRel",
         "NumRelRet", "alpha_DCG", "alpha_nDCG", "ERR_IA", "nERR_IA", "NRBP", "nNRBP", "P_IA",
         "AP_IA", "StRecall", "INST", "INSQ", "NERR8", "NERR9", "NERR10", "NERR11",
         "BPM")  # fmt: skip
HAND_KEPT = {
    "headline": ("DCG", "IDCG", "nDCG", "ERR", "RBP", "P", "R", "F1", "AP", "RR", "Rprec"),
    "diversity_card": ("alpha_nDCG", "ERR_IA", "StRecall"),
    "more": ("Q", "infAP", "Bpref", "INST", "INSQ", "NERR10", "BPM"),
    "projector": ("DCG", "IDCG", "nDCG", "ERR", "RBP", "P", "R"),
    "graded_card": ("DCG", "IDCG", "nDCG", "ERR", "RBP"),
    "pool_normalised": ("nDCG", "IDCG", "R", "F1", "AP", "Rprec", "Q"),
    "pitfalls": ("DCG", "IDCG", "nDCG", "ERR", "RBP", "P", "R", "F1", "AP", "RR"),
    "condensable": ("DCG", "nDCG", "ERR", "RBP", "P", "R", "F1", "AP", "RR"),
    "sweep": ("nDCG", "ERR", "RBP", "P", "R", "AP", "RR"),
    "ordering": ("nDCG", "ERR", "RBP", "P", "AP", "RR"),
    "exercise": ("nDCG", "ERR", "P", "RR", "AP"),
    "micro": ("P", "R"),
    "reader": ("INST", "INSQ", "NERR8", "NERR9", "NERR10", "NERR11", "BPM", "RR", "AP"),
}


# A family added later (docs/adding-a-measure.md) slots in anywhere and may declare any
# capability: these families keep their order among themselves, and each list keeps theirs.


def test_the_families_come_in_the_declared_order() -> None:
    assert tuple(family for family in SPECS if family in ORDER) == ORDER


@pytest.mark.parametrize("capability", sorted(HAND_KEPT))
def test_each_list_of_families_is_the_hand_kept_one_in_the_order_of_specs(capability) -> None:
    expected = tuple(sorted(HAND_KEPT[capability], key=ORDER.index))
    assert tuple(family for family in families(capability) if family in ORDER) == expected


def test_every_capability_is_checked_and_an_unknown_one_is_refused() -> None:
    assert {f.name for f in fields(Capabilities)} == set(HAND_KEPT)
    with pytest.raises(ValueError, match="No measure capability 'cards'; the capabilities are: "):
        families("cards")


SPEC = """
from rankwork.core.measures.spec import MeasureSpec

MEASURES = tuple(
    MeasureSpec(family=name, order=order, title=name, description="", reader="", latex="",
                citation="", params=(), cutoff="none", single=print, kernel=print, reads=())
    for name, order in {pairs}
)
"""


def package(tmp_path, monkeypatch, name: str, modules: dict[str, str]):
    """A families package `name` under tmp_path, with one module per entry."""
    root = tmp_path / name
    root.mkdir()
    (root / "__init__.py").write_text("")
    for module, pairs in modules.items():
        (root / f"{module}.py").write_text(textwrap.dedent(SPEC.format(pairs=pairs)))
    monkeypatch.syspath_prepend(str(tmp_path))
    __import__(name)
    return sys.modules[name]


def test_a_new_module_is_found_and_placed_by_its_order(tmp_path, monkeypatch) -> None:
    found = package(
        tmp_path, monkeypatch, "fams_a", {"one": "(('B', 20), ('A', 40))", "two": "(('C', 30),)"}
    )
    assert list(discover(found)) == ["B", "C", "A"]


@pytest.mark.parametrize(
    ("pairs", "clash"),
    [("(('A', 30),)", "family 'A'"), ("(('C', 20),)", "order 20")],
)
def test_two_families_may_share_neither_name_nor_order(tmp_path, monkeypatch, pairs, clash):
    name = f"fams_{clash.split()[0]}"
    found = package(tmp_path, monkeypatch, name, {"one": "(('A', 10), ('B', 20))", "two": pairs})
    with pytest.raises(ValueError, match=f"share the {clash}"):
        discover(found)
