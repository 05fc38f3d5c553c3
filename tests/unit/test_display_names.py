"""The names people write for the measures (issue 25, "one name per measure on screen"):
`rankwork.core.measures.display_name` turns a name spelt as ir_measures does into the papers'
(α-nDCG: Clarke et al., SIGIR 2008; ERR-IA: Chapelle et al., CIKM 2009; S-recall: Zhai, Cohen &
Lafferty, SIGIR 2003), for the screen; links, the command line and exports keep ir_measures'."""

from __future__ import annotations

import pytest

from rankwork.core.measures import SPECS, display_name, parse


@pytest.mark.parametrize(
    ("name", "shown"),
    [
        ("alpha_nDCG@4", "α-nDCG@4"),
        ("alpha_nDCG(alpha=0.8)@4", "α-nDCG(α=0.8)@4"),
        ("alpha_DCG@4", "α-DCG@4"),
        ("ERR_IA@4", "ERR-IA@4"),
        ("nERR_IA(alpha=0.8)@4", "nERR-IA(α=0.8)@4"),
        ("StRecall@4", "S-recall@4"),
        ("P_IA@10", "P-IA@10"),
        ("AP_IA", "AP-IA"),
        ("NRBP(alpha=0.3,beta=0.8)", "NRBP(α=0.3,β=0.8)"),
        ("nNRBP", "nNRBP"),
        # the others keep their names: they are the ones people write
        ("nDCG@5", "nDCG@5"),
        ("nDCG′@5", "nDCG′@5"),
        ("RBP(p=0.8)", "RBP(p=0.8)"),
        ("Judged@5", "Judged@5"),
    ],
)
def test_display_name(name: str, shown: str) -> None:
    assert display_name(name) == shown


def test_the_measures_own_names_become_display_names() -> None:
    # what a Result is called (the name the cards used to show) goes through the same function
    assert display_name(str(parse("ERR_IA(alpha=0.8)@4"))) == "ERR-IA(α=0.8)@4"


def test_the_shown_name_is_the_title_the_spec_already_gives() -> None:
    """One declaration: a family's shown name is its title without the '@k'."""
    with_names = {f: s for f, s in SPECS.items() if s.shown}
    assert set(with_names) >= {
        "alpha_DCG",
        "alpha_nDCG",
        "ERR_IA",
        "nERR_IA",
        "P_IA",
        "AP_IA",
        "StRecall",
    }  # fmt: skip (and any family added since)
    for spec in with_names.values():
        assert spec.title in (spec.shown, f"{spec.shown}@k"), spec.family
