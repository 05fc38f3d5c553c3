"""Helpers shared by the Explore pages' AppTest tests: open a page on a chosen Playground list,
and find a chart or a table by what identifies it.

Plotly 7 writes numpy arrays into a figure's JSON as typed arrays, ``{"dtype": "f8", "bdata":
<base64>, "shape": ...}``; `trace` decodes them back into plain lists, so tests compare numbers.
"""

from __future__ import annotations

import base64
import json
from typing import Any

import numpy as np
import pandas as pd
from streamlit.testing.v1 import AppTest

from tests.markdown_text import unescaped
from ui.playground.inputs import ranking_frame, unretrieved_frame


def open_page(
    at: AppTest,
    page: str,
    grades: list[float | None] | None = None,
    unretrieved: list[float] = (),
    scale_max: int = 4,
) -> AppTest:
    """Run the app, optionally make `grades` (and `unretrieved`) the Playground's list, set its
    top grade (4 by default: the Explore tests' arithmetic reads the default example, graded
    0..3, on a 0..4 scale), then switch to `page` (e.g. "app_pages/discounts.py") and run it."""
    at.run()
    at.session_state["settings"] = {**at.session_state["settings"], "scale_max": scale_max}
    if grades is not None:
        at.session_state["ranking"] = ranking_frame(grades)
        at.session_state["unretrieved"] = unretrieved_frame(unretrieved)
    at.switch_page(page).run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def figure(at: AppTest, key: str) -> dict[str, Any]:
    """The plotly figure of the chart with this key, as parsed JSON."""
    for element in at.get("plotly_chart"):
        if element.key == key or str(element.key).startswith(key):
            return json.loads(element.proto.spec)
    raise AssertionError(f"no chart with key {key!r}")


def decoded(value: Any) -> Any:
    """A figure value with plotly's typed arrays turned into (nested) lists, recursively."""
    if isinstance(value, dict) and "bdata" in value and "dtype" in value:
        array = np.frombuffer(base64.b64decode(value["bdata"]), dtype=np.dtype(value["dtype"]))
        if "shape" in value:
            shape = value["shape"]
            shape = [int(x) for x in shape.split(",")] if isinstance(shape, str) else shape
            array = array.reshape(shape)
        return array.tolist()
    if isinstance(value, dict):
        return {key: decoded(item) for key, item in value.items()}
    if isinstance(value, list):
        return [decoded(item) for item in value]
    return value


def trace(fig: dict[str, Any], name: str) -> dict[str, Any]:
    """The trace called `name` (the first one, when several share it), typed arrays decoded."""
    for t in fig["data"]:
        if t.get("name") == name:
            return decoded(t)
    raise AssertionError(f"no trace {name!r}; traces: {[t.get('name') for t in fig['data']]}")


def table_with(at: AppTest, column: str) -> pd.DataFrame:
    """The first st.dataframe whose table has `column`."""
    for frame in at.dataframe:
        if column in frame.value.columns:
            return frame.value
    raise AssertionError(f"no table with a column {column!r}")


def texts(at: AppTest) -> str:
    """Every markdown, caption, info, warning, error and success text of the page, joined, as a
    reader sees it (the backslash escapes of ui.shared.literal undone)."""
    parts = []
    for kind in ("markdown", "caption", "info", "warning", "error", "success"):
        parts += [element.value for element in getattr(at, kind)]
    return unescaped("\n".join(parts))
