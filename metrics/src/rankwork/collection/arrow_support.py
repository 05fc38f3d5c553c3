"""Whether the Arrow fast paths can run: pyarrow is an optional dependency (the extra
``rankwork[arrow]``).

The TREC reader (`rankwork.collection.trec`) and the batch evaluation
(`rankwork.collection.batch`) ask :func:`kernels` before each fast path and take their general
path (the pandas C parser, ``pd.factorize``, ``pd.Index.get_indexer``, numpy's sort) when it
answers None; both paths give the same results (tests/library/test_without_pyarrow.py).  Nothing
here imports pyarrow until a fast path is about to run, so ``import rankwork.collection.trec``
costs no pyarrow import of its own.
"""

from __future__ import annotations

from types import ModuleType

__all__ = ["kernels"]


def kernels() -> ModuleType | None:
    """`rankwork.collection.arrow_kernels` (imported on the first call) when pyarrow can be
    imported; None when it cannot (not installed)."""
    try:
        from rankwork.collection import arrow_kernels  # noqa: PLC0415 (pyarrow: only when used)
    except ModuleNotFoundError as error:
        if error.name is None or error.name.partition(".")[0] != "pyarrow":
            raise
        return None
    return arrow_kernels
