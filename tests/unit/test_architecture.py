"""The import directions of the code, read from the source with `ast` (nothing is imported or
executed): every `import` and `from ... import` anywhere in a file counts, including those
inside functions (lazy imports) and under `if TYPE_CHECKING:`.

- rankwork.core imports nothing else of rankwork (no teaching, explore, stats, collection, cli);
- rankwork.teaching and rankwork.explore import only rankwork.core (and their own package);
- rankwork.stats imports nothing else of rankwork: it works on numbers and DataFrames;
- rankwork.collection imports rankwork.core and rankwork.stats (confidence intervals and
  paired tests for --compare), never teaching or explore;
- only rankwork.cli and rankwork.__main__ may import the command line; ui/, app_pages/ and app.py
  never do;
- nothing in metrics/ imports i18n/ or Babel: its sentences go through rankwork.language;
- nothing in metrics/ (nor i18n/, which the app's parts import for their sentences) imports
  streamlit or plotly, nor ui/ or app_pages/; pyarrow is imported
  by rankwork.collection.arrow_kernels alone (README: "the one place that imports it").

The first tests check the reader itself on small sources, so that a rule cannot pass because
the reader missed an import.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
METRICS = ROOT / "metrics" / "src" / "rankwork"

# sub-package -> the sub-packages of rankwork it may import (its own included); every one may
# import rankwork.language, the module its sentences go through
ALLOWED = {
    "core": {"core", "language"},
    "teaching": {"core", "teaching", "language"},
    "explore": {"core", "explore", "language"},
    "stats": {"stats", "language"},
    "collection": {"core", "stats", "collection", "language"},
    # the training loops' metrics (LightGBM, XGBoost, sentence-transformers): the 2-D array
    # measures (rankwork.arrays, rankwork.arrays_ranking) compute them at every boosting
    # iteration, the batch code the measures arrays lacks, under the core's conventions; the
    # tools themselves are imported by no one
    "adapters": {"core", "collection", "stats", "adapters", "arrays", "arrays_ranking", "language"},
}
COMMAND_LINE = ("rankwork.cli", "rankwork.__main__")


def module_name(path: Path) -> str:
    """'metrics/src/rankwork/core/graded.py' -> 'rankwork.core.graded' (__init__: its package)."""
    base = METRICS.parent if path.is_relative_to(METRICS.parent) else ROOT
    parts = path.relative_to(base).with_suffix("").parts
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
    """'rankwork.core.graded' -> 'core'; 'rankwork.cli' -> 'cli'; 'rankwork' or numpy -> None."""
    parts = name.split(".")
    return parts[1] if parts[0] == "rankwork" and len(parts) > 1 else None


def top(name: str) -> str:
    return name.split(".")[0]


# --- the reader ------------------------------------------------------------------------------


def test_the_reader_sees_lazy_relative_and_submodule_imports():
    source = """
import numpy as np
from rankwork import cli
from rankwork.core import graded as G
if TYPE_CHECKING:
    from rankwork.stats.stats import holm
def f():
    import plotly.graph_objects as go
    from . import trec
    from ..explore.report import evaluate
"""
    found = imported(source, "rankwork.collection.batch")
    assert {"numpy", "rankwork.cli", "rankwork.core.graded", "rankwork.stats.stats"} <= found
    assert {"plotly.graph_objects", "rankwork.collection.trec", "rankwork.explore.report"} <= found
    assert imported("from . import trec", "rankwork.collection", is_package=True) == {
        "rankwork.collection",
        "rankwork.collection.trec",
    }


def test_the_rules_name_every_subpackage_on_disk():
    on_disk = {p.name for p in METRICS.iterdir() if (p / "__init__.py").is_file()}
    assert on_disk == set(ALLOWED)


# --- the rules -------------------------------------------------------------------------------


@pytest.mark.parametrize("package", sorted(ALLOWED))
def test_each_subpackage_imports_only_what_it_may(package):
    wrong = {}
    for path in sources(f"metrics/src/rankwork/{package}"):
        others = {subpackage(n) for n in imports_of(path)} - {None} - ALLOWED[package]
        if others:
            wrong[str(path.relative_to(ROOT))] = sorted(others)
    assert not wrong, f"rankwork.{package} may import only {sorted(ALLOWED[package])}: {wrong}"


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


def test_the_library_imports_neither_the_apps_languages_nor_babel():
    # rankwork speaks English by itself; the app's i18n package lends it its catalogues
    wrong = {
        str(path.relative_to(ROOT)): sorted(bad)
        for path in sources("metrics")
        if (bad := {n for n in imports_of(path) if top(n) in {"i18n", "babel"}})
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
    assert importers == {"metrics/src/rankwork/collection/arrow_kernels.py"}
