"""The package's top level: `rankwork.__all__` is the public API, each name imported on first
use (PEP 562), so that `import rankwork` loads neither numpy nor pandas, let alone streamlit,
plotly, Babel, scipy or pyarrow; type checkers see every name through `if TYPE_CHECKING:`."""

from __future__ import annotations

import ast
import importlib
import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest

import rankwork

INIT = Path(rankwork.__file__)
SRC = INIT.parents[1]


def defined_in(name: str) -> str:
    """The module a public name comes from (a sub-module is its own)."""
    if name in rankwork._MODULES:
        return f"rankwork.{name}"
    return rankwork._DEFINED_IN.get(name, "rankwork")


def exists(module: str) -> bool:
    return importlib.util.find_spec(module) is not None


def test_all_is_exactly_the_lazy_names():
    lazy = {*rankwork._DEFINED_IN, *rankwork._MODULES, "__version__"}
    assert sorted(rankwork.__all__) == sorted(lazy)
    assert len(rankwork.__all__) == len(set(rankwork.__all__))


@pytest.mark.parametrize("name", rankwork.__all__)
def test_every_public_name_resolves(name):
    module = defined_in(name)
    assert exists(module), f"rankwork.{name} names {module}, which does not exist"
    value = getattr(rankwork, name)
    assert value is not None
    if name in rankwork._MODULES:
        assert value is importlib.import_module(module)
    elif name != "__version__":
        assert value is getattr(importlib.import_module(module), name)
    assert name in dir(rankwork)


def test_the_type_checking_imports_name_every_public_name_from_its_module():
    seen: dict[str, str] = {}
    tree = ast.parse(INIT.read_text())
    block = next(
        node
        for node in tree.body
        if isinstance(node, ast.If) and getattr(node.test, "id", None) == "TYPE_CHECKING"
    )
    for node in block.body:
        assert isinstance(node, ast.ImportFrom)
        for alias in node.names:
            seen[alias.name] = (
                node.module if node.module != "rankwork" else f"rankwork.{alias.name}"
            )
    assert seen == {name: defined_in(name) for name in rankwork.__all__ if name != "__version__"}


def test_an_unknown_name_is_an_attribute_error():
    with pytest.raises(AttributeError, match=r"module 'rankwork' has no attribute 'evaluat'"):
        rankwork.evaluat  # noqa: B018
    assert not hasattr(rankwork, "evaluat")


def test_version_is_the_distributions_or_a_placeholder(monkeypatch):
    from importlib import metadata

    try:
        expected = metadata.version("rankwork")
    except metadata.PackageNotFoundError:
        expected = "0+unknown"
    assert rankwork._version() == expected

    def not_installed(name):
        raise metadata.PackageNotFoundError(name)

    monkeypatch.setattr(metadata, "version", not_installed)
    assert rankwork._version() == "0+unknown"


HEAVY = ("numpy", "pandas", "streamlit", "plotly", "babel", "scipy", "pyarrow", "i18n")


def loaded_after(code: str) -> list[str]:
    """The HEAVY modules a fresh interpreter has loaded after running `code`."""
    script = f"import sys\n{code}\nprint(' '.join(m for m in {HEAVY!r} if m in sys.modules))"
    done = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True,
        text=True,
        check=True,
        env={"PYTHONPATH": str(SRC), "PATH": ""},
        cwd=SRC,
    )
    return done.stdout.split()


def test_import_rankwork_loads_no_heavy_module():
    assert loaded_after("import rankwork") == []
    assert loaded_after("import rankwork; rankwork.__version__; dir(rankwork)") == []


def test_the_first_use_imports_what_it_needs():
    # core.conventions reads the gain and discount registries, whose entries hold numpy functions
    assert loaded_after("import rankwork; rankwork.Convention") == ["numpy"]
    used = loaded_after("import rankwork; rankwork.evaluate")
    assert {"numpy", "pandas"} <= set(used)
    assert not {"streamlit", "plotly", "babel", "scipy", "i18n"} & set(used)
