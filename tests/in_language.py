"""`in_language(lang, work)`: `work()` run in a thread whose language is `lang`, as a session's
script thread runs (i18n keeps the language per thread, so a test's own stays as it was)."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import TypeVar

import i18n

T = TypeVar("T")


def in_language(lang: str, work: Callable[[], T]) -> T:
    """What `work()` returns when run with `lang` as the language."""
    out: list[T] = []

    def run() -> None:
        i18n.use(lang)
        out.append(work())

    thread = threading.Thread(target=run)
    thread.start()
    thread.join()
    return out[0]
