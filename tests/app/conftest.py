"""AppTest fixtures and helpers for tests of the pages (no browser; each test runs in-process).

How to
------
Run the app and switch pages (``st.navigation`` pages are addressed by file, relative to app.py;
``run()`` must have been called once before switching)::

    def test_playground(app):
        at = app.run()
        assert not at.exception
        at.switch_page("app_pages/discounts.py").run()

Edit an ``st.data_editor``: ``at.data_editor(key=...).set_value`` is not supported for edits;
write the editor's edit state (the ``DataEditorState`` dict, rows by *position*) into session
state under the editor's key, then rerun. ``at.data_editor(key=...).value`` is the editor's input
table without the edits; read the result from what the page renders (metrics, tables, state)::

    set_data_editor_edits(at, "ranking_editor", edited_rows={0: {"grade": 3}},
                          added_rows=[{"doc": "d9", "grade": 1}])
    at.run()

Read plotly figures: each ``st.plotly_chart`` is an ``UnknownElement`` whose ``proto.spec`` is
the figure's JSON; ``plotly_figures(at)`` parses them all (in page order)::

    fig = plotly_figures(at)[0]
    assert fig["data"][0]["y"] == [1.0, 0.63, 0.5]

Read ``st.metric`` values (strings, as displayed) by label: ``metric_values(at)["nDCG@10"]``.
Other elements: ``at.latex[0].value``, ``at.markdown``, ``at.error``, ``at.dataframe[0].value``;
query parameters in: ``at.query_params["k"] = "5"`` before ``run()``; file uploads:
``at.file_uploader(key="run").set_value(("run.txt", b"...", "text/plain")).run()``.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import streamlit as st
from streamlit.testing.v1 import AppTest

REPO_ROOT = Path(__file__).resolve().parents[2]
APP = REPO_ROOT / "app.py"


@pytest.fixture
def app() -> AppTest:
    """A fresh, not yet run, ``AppTest`` of app.py (call ``.run()``)."""
    return AppTest.from_file(APP, default_timeout=30)


@pytest.fixture(autouse=True)
def _clear_streamlit_caches() -> Iterator[None]:
    """st.cache_data / st.cache_resource are process-global: start every test with them empty."""
    st.cache_data.clear()
    st.cache_resource.clear()
    yield


def set_data_editor_edits(
    at: AppTest,
    key: str,
    *,
    edited_rows: dict[int, dict[str, Any]] | None = None,
    added_rows: list[dict[str, Any]] | None = None,
    deleted_rows: list[int] | None = None,
) -> None:
    """Inject edits into the ``st.data_editor`` with ``key`` (applied on the next ``at.run()``).

    Rows are positions in the editor's input table; column names are the table's columns.
    """
    at.session_state[key] = {
        "edited_rows": dict(edited_rows or {}),
        "added_rows": list(added_rows or []),
        "deleted_rows": list(deleted_rows or []),
    }


def plotly_figures(at: AppTest) -> list[dict[str, Any]]:
    """The plotly figures on the current page as parsed JSON specs (``{"data": ..., "layout":
    ...}``), in page order."""
    return [json.loads(el.proto.spec) for el in at.get("plotly_chart")]


def metric_values(at: AppTest) -> dict[str, str]:
    """``{label: displayed value}`` of every ``st.metric`` on the current page.

    Raises ``AssertionError`` when two metrics share a label (use ``at.metric`` directly then).
    """
    values: dict[str, str] = {}
    for m in at.metric:
        assert m.label not in values, f"two st.metric share the label {m.label!r}"
        values[m.label] = m.value
    return values
