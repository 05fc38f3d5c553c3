"""No hand-kept list of measures outside the measure modules (issue 27, part 1).

Every list of measure families a page, the command line or the teaching code needs is derived
from the capabilities the families declare (`rankwork.core.capabilities.families`), so that a
new family given a capability appears wherever that capability is read. This test reads the
source with `ast` (nothing is imported from the files it reads) and fails on a tuple, list or
set literal holding two or more measure names: a family of `SPECS` ('nDCG', 'P') or a name
the parser accepts ('P@10', 'nDCG(dcg="exp-log2")@10').

Read: every module of metrics/src/rankwork outside rankwork/core/measures/ (where the families
declare themselves), ui/ and app_pages/. Tests are not read: a test names the measures it
checks.

The first tests check the finder itself on small sources, so that the rule cannot pass because
the finder missed a literal.
"""

from __future__ import annotations

import ast
from functools import cache
from pathlib import Path

import pytest

from rankwork.core.measures import SPECS, parse

ROOT = Path(__file__).resolve().parents[2]
LIBRARY = ROOT / "metrics" / "src" / "rankwork"
DECLARATIONS = LIBRARY / "core" / "measures"

_BOUNDS = (
    "a property proven for these families in core/bounds.py's docstring and checked by brute "
    "force (tests/unit/test_bounds_brute.py); a family not listed gets the safe treatment "
    "(every assignment tried, or the two fills shown as fills, never as a range)"
)
_PITFALL = (
    "a Pitfall of the catalogue names the families its mistake is about: the pitfall's own "
    "declaration (a new family joins a pitfall by being named here; the lab lists it by its "
    "`pitfalls` capability)"
)
_EXERCISE = "an exercise kind's own measures, named in its statement and solution"
_DCG = "the three families of one nDCG breakdown (families/dcg.part), not a list of capabilities"

#: (file, the names of a literal there) -> why that literal is not a hand-kept list of
#: capabilities. Each must still be found (the last test), so that an exception does not
#: outlive its reason.
EXCEPTIONS: dict[tuple[str, tuple[str, ...]], str] = {
    ("metrics/src/rankwork/collection/batch.py", ("nDCG@10", "P@10", "AP", "RR")): (
        "the command line's default measures, names with cutoffs as the README documents them"
    ),
    ("metrics/src/rankwork/collection/pitfalls.py", ("P@10", "R@10", "R@100")): (
        "the micro-average lesson's measures, each discussed in its prose"
    ),
    ("metrics/src/rankwork/core/bounds.py", ("INST", "NERR10", "BPM")): _BOUNDS,
    ("metrics/src/rankwork/core/bounds.py", ("P", "RR", "DCG", "IDCG", "ERR", "RBP", "INSQ")): (
        _BOUNDS
    ),
    ("metrics/src/rankwork/core/bounds.py", ("DCG", "IDCG")): _BOUNDS,
    ("metrics/src/rankwork/core/bounds.py", ("P", "R", "F1", "AP", "RR", "Rprec")): _BOUNDS,
    (
        "metrics/src/rankwork/core/working/lines.py",
        ("DCG", "IDCG", "nDCG", "ERR", "RBP", "StRecall"),
    ): ("the families with a writer of their working as sentences; any other shows its table"),
    ("metrics/src/rankwork/explore/behaviour.py", ("nDCG", "ERR", "RBP", "AP")): (
        "the swap-delta lesson's measures (no capability of its own yet)"
    ),
    ("metrics/src/rankwork/explore/report.py", ("infAP", "Bpref")): (
        "the two measures that read unjudged documents their own way, named in their cards' "
        "help text (no capability of their own yet)"
    ),
    ("metrics/src/rankwork/stats/query_summary.py", ("NumRel", "NumRet", "RR")): (
        "the per-query summary's three columns (relevant, retrieved, first relevant rank)"
    ),
    ("metrics/src/rankwork/teaching/demos.py", ("RR", "nDCG")): (
        "a demonstration's measures, named in its prose"
    ),
    ("metrics/src/rankwork/teaching/exercises.py", ("DCG", "IDCG", "nDCG")): _EXERCISE,
    ("metrics/src/rankwork/teaching/exercises.py", ("alpha_nDCG", "StRecall")): _EXERCISE,
    ("metrics/src/rankwork/teaching/answers.py", ("DCG", "IDCG", "ERR", "RBP")): (
        "the sums whose answers may be off by the rounding of their terms (rounding_slack)"
    ),
    ("metrics/src/rankwork/teaching/answers.py", ("alpha_nDCG", "ERR_IA")): (
        "the ratios whose numerators are such sums (rounding_slack)"
    ),
    ("metrics/src/rankwork/teaching/answers.py", ("DCG", "IDCG")): _DCG,
    ("metrics/src/rankwork/teaching/pitfalls.py", ("DCG", "IDCG", "nDCG")): _DCG,
    ("metrics/src/rankwork/teaching/pitfalls.py", ("P", "R", "AP")): (
        "the families whose counts the integer-division mistake edits"
    ),
    ("metrics/src/rankwork/teaching/pitfalls.py", ("IDCG", "nDCG")): _PITFALL,
    ("metrics/src/rankwork/teaching/pitfalls.py", ("R", "F1", "AP", "IDCG", "nDCG")): _PITFALL,
    ("metrics/src/rankwork/teaching/pitfalls.py", ("DCG", "IDCG", "nDCG", "ERR", "RBP")): _PITFALL,
    (
        "metrics/src/rankwork/teaching/pitfalls.py",
        ("DCG", "IDCG", "nDCG", "ERR", "P", "R", "F1", "AP", "RR"),
    ): _PITFALL,
    ("metrics/src/rankwork/teaching/pitfalls.py", ("IDCG", "nDCG", "P", "R", "F1")): _PITFALL,
    ("metrics/src/rankwork/teaching/pitfalls.py", ("alpha_nDCG", "ERR_IA")): _PITFALL,
    ("metrics/src/rankwork/teaching/pitfalls.py", ("ERR_IA", "alpha_nDCG")): _PITFALL,
    ("ui/shared/explore_figures.py", ("ERR", "nDCG")): (
        "the redundancy lesson's two measures (behaviour.redundancy computes those two)"
    ),
}


@cache
def is_measure_name(text: str) -> bool:
    """`text` is a family of SPECS or a measure name the parser accepts."""
    if text in SPECS:
        return True
    if not text[:1].isalpha():
        return False
    try:
        parse(text)
    except ValueError:
        return False
    return True


def hand_kept(source: str) -> list[tuple[int, list[str]]]:
    """(line, names) of each tuple, list or set literal in `source` holding two or more
    measure names."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Tuple | ast.List | ast.Set):
            names = [
                element.value
                for element in node.elts
                if isinstance(element, ast.Constant)
                and isinstance(element.value, str)
                and is_measure_name(element.value)
            ]
            if len(names) >= 2:
                found.append((node.lineno, names))
    return found


def read_files() -> list[Path]:
    files = [
        *LIBRARY.rglob("*.py"),
        *(ROOT / "ui").rglob("*.py"),
        *(ROOT / "app_pages").rglob("*.py"),
    ]
    return sorted(f for f in files if not f.is_relative_to(DECLARATIONS))


@cache
def found() -> dict[tuple[str, tuple[str, ...]], list[int]]:
    """(file, names) -> the lines of the literals holding those names, in every file read."""
    out: dict[tuple[str, tuple[str, ...]], list[int]] = {}
    for path in read_files():
        relative = str(path.relative_to(ROOT))
        for line, names in hand_kept(path.read_text(encoding="utf-8")):
            out.setdefault((relative, tuple(names)), []).append(line)
    return out


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        ('HEADLINE = ("DCG", "nDCG", "P")', [(1, ["DCG", "nDCG", "P"])]),
        ("x = [1, 'P@10', 'R@100']", [(1, ["P@10", "R@100"])]),
        ("x = {'nDCG', 'AP'}", [(1, ["nDCG", "AP"])]),
        (
            'def f():\n    return ("RR", \'nDCG(dcg="exp-log2")@10\')',
            [(2, ["RR", 'nDCG(dcg="exp-log2")@10'])],
        ),
        ("f(x, ('AP', 'RR'))", [(1, ["AP", "RR"])]),
        # one measure name, or words that are no measure, are not a list of measures
        ("x = ('nDCG', 'rank', 'doc_id')", []),
        ("x = ('P@k', 'R@k', 'ndcg', 'gain')", []),
        ("x = {'nDCG': 1, 'AP': 2}", []),
    ],
)
def test_the_finder_sees_literals_of_measure_names(source, expected):
    assert hand_kept(source) == expected


def test_the_finder_reads_every_package():
    files = read_files()
    for part in (
        "explore/report.py",
        "ui/playground/cards.py",
        "app_pages/conventions.py",
        "rankwork/cli.py",
    ):
        assert any(str(f).endswith(part) for f in files), part


def test_no_hand_kept_list_of_measures():
    problems = [
        f"{file}:{line}: {', '.join(names)}"
        for (file, names), lines in found().items()
        if (file, names) not in EXCEPTIONS
        for line in lines
    ]
    assert not problems, (
        "Lists of measures kept by hand; derive them from "
        "rankwork.core.capabilities.families(...) instead:\n" + "\n".join(problems)
    )


def test_every_exception_is_still_needed():
    assert set(EXCEPTIONS) <= set(found()), set(EXCEPTIONS) - set(found())
