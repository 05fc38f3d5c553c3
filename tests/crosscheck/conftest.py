"""Fixtures of the cross-checks against the reference tools.

``ranx``
    The ranx module, imported on first use (not at collection: with numba it takes seconds).
    ranx compiles its measures with numba the first time a process calls them: tens of seconds,
    cached in the venv's copy of ranx after the first run, except its typed containers, which
    every process compiles again. Every test that asks for this fixture runs on the same
    pytest-xdist worker (tests/conftest.py groups the tests of a fixture named in
    ``ONE_WORKER``), so one run pays that warm-up once.
"""

from __future__ import annotations

import warnings
from types import ModuleType

import pytest


@pytest.fixture(scope="session")
def ranx() -> ModuleType:
    """The ranx module (its import warns about numba's type safety: silenced here; its callers
    silence the same warnings raised while it computes)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return pytest.importorskip("ranx")
