"""The app (app.py, app_pages/, ui/, i18n/) reaches into no private name of rankwork: it uses the
library's public names and documented internals only (issue 26, part 2).  Read from the source
with `ast`, as tests/unit/test_architecture.py reads imports (nothing is imported or executed).

A name is private when it starts with an underscore: an imported name (``from rankwork.x import
_y``), a module on the import path (``rankwork.x._y``), or an attribute taken from a name that
an import bound to rankwork or one of its modules (``trec._y``, ``rankwork.x._y``).  Two
exceptions: ``_``, gettext's conventional name, public in rankwork.language (its ``__all__``),
and dunder names (``__version__``, ``__name__``).

The first tests check the reader on small sources, so that the rule cannot pass because the
reader missed a use.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
APP = ("app_pages", "ui", "i18n")


def private(name: str) -> bool:
    return name.startswith("_") and name != "_" and not name.startswith("__")


def dotted(node: ast.expr) -> str | None:
    """'a.b.c' for the expression a.b.c; None for anything else (a call, a subscript...)."""
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        base = dotted(node.value)
        return None if base is None else f"{base}.{node.attr}"
    return None


def private_uses(source: str) -> list[str]:
    """Every use of a private rankwork name in ``source``: 'line N: rankwork.x._y'."""
    tree = ast.parse(source)
    bound: dict[str, str] = {}  # a name an import binds -> the rankwork object it stands for
    found: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.split(".")[0] == "rankwork":
                    if alias.asname:
                        bound[alias.asname] = alias.name
                    else:
                        bound["rankwork"] = "rankwork"
                    if any(map(private, alias.name.split("."))):
                        found.append((node.lineno, alias.name))
        elif isinstance(node, ast.ImportFrom) and not node.level and node.module:
            if node.module.split(".")[0] != "rankwork":
                continue
            if any(map(private, node.module.split("."))):
                found.append((node.lineno, node.module))
            for alias in node.names:
                bound[alias.asname or alias.name] = f"{node.module}.{alias.name}"
                if private(alias.name):
                    found.append((node.lineno, f"{node.module}.{alias.name}"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and private(node.attr):
            base = dotted(node.value)
            if base is not None and base.split(".")[0] in bound:
                head, _, rest = base.partition(".")
                target = ".".join(filter(None, [bound[head], rest, node.attr]))
                found.append((node.lineno, target))
    return [f"line {line}: {name}" for line, name in sorted(set(found))]


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        (
            "from rankwork.collection.trec import _read\n",
            ["line 1: rankwork.collection.trec._read"],
        ),
        (
            "from rankwork.core import (\n    ranking,\n    _table,\n)\n",
            ["line 1: rankwork.core._table"],
        ),
        ("from rankwork.core._private import x\n", ["line 1: rankwork.core._private"]),
        ("import rankwork.core._private as p\n", ["line 1: rankwork.core._private"]),
        (
            "from rankwork.collection import trec as t\n\ndef f():\n    return t._load(1)\n",
            ["line 4: rankwork.collection.trec._load"],
        ),
        (
            "import rankwork.collection.trec\nrankwork.collection.trec._x\n",
            ["line 2: rankwork.collection.trec._x"],
        ),
        (
            "import rankwork.core.ranking as r\nr.Ranking._cache\n",
            ["line 2: rankwork.core.ranking.Ranking._cache"],
        ),
        # allowed: gettext's _, dunders, public names, other packages' private names
        ("from rankwork.language import _, N_\nprint(_('a'))\n", []),
        ("import rankwork\nrankwork.__version__\n", []),
        ("from rankwork.core import ranking\nranking.order\n", []),
        ("import pandas as pd\npd._libs\nfrom i18n import _x\n", []),
    ],
)
def test_the_reader_finds_private_names(source, expected):
    assert private_uses(source) == expected


def app_sources() -> list[Path]:
    found = sorted(p for folder in APP for p in (ROOT / folder).rglob("*.py")) + [ROOT / "app.py"]
    assert len(found) > 20, "the app's sources were not found: the rule would check nothing"
    return found


def test_the_app_uses_no_private_name_of_rankwork():
    wrong = {
        str(path.relative_to(ROOT)): uses
        for path in app_sources()
        if (uses := private_uses(path.read_text(encoding="utf-8")))
    }
    assert not wrong
