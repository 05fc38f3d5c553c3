"""The import directions of the code, read from the source with `ast` (nothing is imported or
executed): every `import` and `from ... import` anywhere in a file counts, including those
inside functions (lazy imports) and under `if TYPE_CHECKING:`.

- metrics/core imports nothing else of metrics (no teaching, explore, stats, collection, cli);
- metrics/teaching and metrics/explore import only metrics.core (and their own package);
- metrics/stats imports nothing else of metrics: it works on numbers and DataFrames;
- metrics/collection imports metrics.core and metrics.stats (confidence intervals and paired
  tests for --compare), never teaching or explore;
- only metrics.cli and metrics.__main__ may import the command line; ui/, app_pages/ and app.py
  never do;
- nothing in metrics/ (nor i18n/, which every part may import for its sentences) imports
  streamlit or plotly, nor ui/ or app_pages/; pyarrow is imported
  by metrics/collection/arrow_kernels.py alone (README: "the one place that imports it").

The first tests check the reader itself on small sources, so that a rule cannot pass because
the reader missed an import.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
METRICS = ROOT / "metrics"

# sub-package -> the sub-packages of metrics it may import (its own included)
ALLOWED = {
    "core": {"core"},
    "teaching": {"core", "teaching"},
    "explore": {"core", "explore"},
    "stats": {"stats"},
    "collection": {"core", "stats", "collection"},
}
COMMAND_LINE = ("metrics.cli", "metrics.__main__")


def module_name(path: Path) -> str:
    """'metrics/core/graded.py' -> 'metrics.core.graded'; a package's __init__ -> the package."""
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imported(source: str, module: str, is_package: bool = False) -> set[str]:
    """Every module name an import statement in `source` may load: for `from a.b import c`
    both 'a.b' and 'a.b.c' (c may be a submodule); relative imports resolved from `module`."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                package = module.split(".") if is_package else module.split(".")[:-1]
                base = package[: len(package) - (node.level - 1)]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module
            names.add(target)
            names.update(f"{target}.{alias.name}" for alias in node.names)
    return names


def imports_of(path: Path) -> set[str]:
    return imported(path.read_text(), module_name(path), path.name == "__init__.py")


def sources(*folders: str) -> list[Path]:
    found = sorted(p for folder in folders for p in (ROOT / folder).rglob("*.py"))
    assert found, f"no Python files under {folders}: the rule would check nothing"
    return found


def subpackage(name: str) -> str | None:
    """'metrics.core.graded' -> 'core'; 'metrics.cli' -> 'cli'; 'metrics' or numpy -> None."""
    parts = name.split(".")
    return parts[1] if parts[0] == "metrics" and len(parts) > 1 else None


def top(name: str) -> str:
    return name.split(".")[0]


# --- the reader ------------------------------------------------------------------------------


def test_the_reader_sees_lazy_relative_and_submodule_imports():
    source = """
import numpy as np
from metrics import cli
from metrics.core import graded as G
if TYPE_CHECKING:
    from metrics.stats.stats import holm
def f():
    import plotly.graph_objects as go
    from . import trec
    from ..explore.report import evaluate
"""
    found = imported(source, "metrics.collection.batch")
    assert {"numpy", "metrics.cli", "metrics.core.graded", "metrics.stats.stats"} <= found
    assert {"plotly.graph_objects", "metrics.collection.trec", "metrics.explore.report"} <= found
    assert imported("from . import trec", "metrics.collection", is_package=True) == {
        "metrics.collection",
        "metrics.collection.trec",
    }


def test_the_rules_name_every_subpackage_on_disk():
    on_disk = {p.name for p in METRICS.iterdir() if (p / "__init__.py").is_file()}
    assert on_disk == set(ALLOWED)


# --- the rules -------------------------------------------------------------------------------


@pytest.mark.parametrize("package", sorted(ALLOWED))
def test_each_subpackage_imports_only_what_it_may(package):
    wrong = {}
    for path in sources(f"metrics/{package}"):
        others = {subpackage(n) for n in imports_of(path)} - {None} - ALLOWED[package]
        if others:
            wrong[str(path.relative_to(ROOT))] = sorted(others)
    assert not wrong, f"metrics/{package} may import only {sorted(ALLOWED[package])}: {wrong}"


def test_nothing_in_metrics_or_i18n_imports_streamlit_plotly_or_the_app():
    wrong = {
        str(path.relative_to(ROOT)): sorted(bad)
        for path in sources("metrics", "i18n")
        if (
            bad := {
                n for n in imports_of(path) if top(n) in {"streamlit", "plotly", "ui", "app_pages"}
            }
        )
    }
    assert not wrong


def test_only_the_command_line_imports_the_command_line():
    may = {METRICS / "cli.py", METRICS / "__main__.py"}
    paths = [p for p in sources("metrics", "ui", "app_pages") if p not in may] + [ROOT / "app.py"]
    wrong = {
        str(path.relative_to(ROOT)): sorted(bad)
        for path in paths
        if (bad := {n for n in imports_of(path) if n.startswith(COMMAND_LINE)})
    }
    assert not wrong


def test_pyarrow_is_imported_by_the_arrow_kernels_alone():
    importers = {
        str(path.relative_to(ROOT))
        for path in sources("metrics", "ui", "app_pages")
        if any(top(n) == "pyarrow" for n in imports_of(path))
    }
    assert importers == {"metrics/collection/arrow_kernels.py"}
