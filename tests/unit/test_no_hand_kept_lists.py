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
from pathlib import Path

import pytest

from rankwork.core.measures import parse
from rankwork.core.specs import SPECS

ROOT = Path(__file__).resolve().parents[2]
LIBRARY = ROOT / "metrics" / "src" / "rankwork"
DECLARATIONS = LIBRARY / "core" / "measures"

#: file (relative to the repository) -> the line of a literal allowed there, and why. Each
#: must still be found (the last test), so that an exception does not outlive its reason.
EXCEPTIONS: dict[str, tuple[str, str]] = {}


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
    for part in ("explore/report.py", "ui/cards.py", "app_pages/conventions.py", "rankwork/cli.py"):
        assert any(str(f).endswith(part) for f in files), part


def test_no_hand_kept_list_of_measures():
    problems = []
    for path in read_files():
        relative = str(path.relative_to(ROOT))
        for line, names in hand_kept(path.read_text(encoding="utf-8")):
            allowed = EXCEPTIONS.get(relative)
            if allowed is not None and path.read_text(encoding="utf-8").splitlines()[
                line - 1
            ].strip().startswith(allowed[0]):
                continue
            problems.append(f"{relative}:{line}: {', '.join(names)}")
    assert not problems, (
        "Lists of measures kept by hand; derive them from "
        "rankwork.core.capabilities.families(...) instead:\n" + "\n".join(problems)
    )
