"""Every example in rankwork's docstrings runs and prints what it shows (issue 26, part 3: the
numpydoc Examples sections are executed).

Each module of metrics/src/rankwork (found from the files, so a module nothing imports is not
missed) is imported and its docstrings' ``>>>`` examples are run by the standard library's
doctest, with ELLIPSIS and NORMALIZE_WHITESPACE, as
``python -m pytest --doctest-modules metrics/src/rankwork/<file>.py`` would (COMMON.md's command
for one file).  A module fails with doctest's report of each example that went wrong.
"""

from __future__ import annotations

import doctest
import importlib
import io
import types
from pathlib import Path

import pytest

SOURCES = Path(__file__).resolve().parents[2] / "metrics" / "src"
FLAGS = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE


def module_names() -> list[str]:
    names = []
    for path in sorted((SOURCES / "rankwork").rglob("*.py")):
        parts = path.relative_to(SOURCES).with_suffix("").parts
        names.append(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
    assert len(names) > 40, "rankwork's modules were not found: nothing would be checked"
    return names


def run_examples(module: types.ModuleType) -> tuple[int, int, str]:
    """(examples failed, examples run, doctest's report of the failures)."""
    runner = doctest.DocTestRunner(optionflags=FLAGS)
    report = io.StringIO()
    for test in doctest.DocTestFinder().find(module, module.__name__):
        runner.run(test, out=report.write)
    failed, attempted = runner.summarize(verbose=False)
    return failed, attempted, report.getvalue()


@pytest.mark.parametrize("name", module_names())
def test_the_docstring_examples_print_what_they_show(name):
    failed, _attempted, report = run_examples(importlib.import_module(name))
    assert failed == 0, report


def test_the_examples_are_found_and_run():
    attempted = sum(run_examples(importlib.import_module(n))[1] for n in module_names())
    assert attempted >= 1  # rankwork.language's example at least


def test_a_wrong_example_is_reported():
    module = types.ModuleType("example")
    module.__doc__ = ">>> 1 + 1\n3\n>>> 'a' * 30\n'aaa...'\n"
    failed, attempted, report = run_examples(module)
    assert (failed, attempted) == (1, 2)  # the second passes through ELLIPSIS
    assert "Expected:\n    3\nGot:\n    2" in report
