"""Fuzz: the Evaluate page in AppTest with mutated uploads (issue 11): valid small TREC and CSV
files edited byte by byte (separators, line ends, NUL, invalid UTF-8, BOM, nan/inf/1e308...),
under file names that may be hostile Markdown. Whatever the files: no exception, every number
in the means and per-query tables finite, and no file name or content rendered as Markdown or
HTML. Seeded and bounded; scripts/fuzz_app.py runs many more."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import example, given
from streamlit.testing.v1 import AppTest

from tests.app.conftest import APP
from tests.fuzz.app_inputs import (
    HOSTILE,
    QRELS,
    RUN,
    assert_literal,
    bodies,
    fuzz_settings,
    uploads,
)

pytestmark = pytest.mark.app  # opens a page in AppTest (tiers: tests/conftest.py)
EVALUATE = "app_pages/evaluate.py"
FUZZ = fuzz_settings(8)


def check_uploads(qrels: tuple[str, bytes], run: tuple[str, bytes]) -> None:
    """The invariants, for one pair of files (also run by scripts/fuzz_app.py)."""
    at = AppTest.from_file(APP, default_timeout=120)
    at.run()
    at.switch_page(EVALUATE).run()
    for key, (name, data) in (("ev_upload_qrels", qrels), ("ev_upload_runs", run)):
        value = (name, data, "text/plain")
        at.file_uploader(key=key).set_value([value] if key == "ev_upload_runs" else value)
        at.run()
        assert not at.exception, (qrels, run, [e.value for e in at.exception])
    for tab in ("Means", "Per query"):
        at.session_state["ev_tab"] = tab
        at.run()
        assert not at.exception, (qrels, run, [e.value for e in at.exception])
        assert_literal(bodies(at))
        for frame in (df.value for df in at.dataframe):
            numbers = frame.select_dtypes("number").drop(
                columns=["first relevant rank"], errors="ignore"
            )
            assert np.isfinite(numbers.to_numpy(dtype=float)).all(), (qrels, run, frame)


@FUZZ
@given(uploads())
@example(((f"{HOSTILE[0]}.txt", QRELS), (f"{HOSTILE[1]}.txt", RUN + b"1 Q0 [x](y) 9 z r\n")))
@example((("q.txt", QRELS.replace(b"1 0 d1 2", b"1 0 d1 1e308")), ("r.txt", RUN)))
def test_any_upload_is_read_or_refused_cleanly(files) -> None:
    check_uploads(*files)
