"""Timing shared by the benchmarks: the fastest of several runs of a function."""

from __future__ import annotations

import time
from collections.abc import Callable


def fastest(function: Callable[[], object], repeat: int) -> tuple[float, object]:
    """The shortest wall time of `repeat` calls of `function` (seconds), and its last value."""
    best, value = float("inf"), None
    for _ in range(repeat):
        start = time.perf_counter()
        value = function()
        best = min(best, time.perf_counter() - start)
    return best, value
