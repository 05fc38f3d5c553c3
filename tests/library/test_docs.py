"""The library's documentation runs: every ```python block of metrics/README.md and of the
guides under docs/ is executed, in order, in one namespace per file (cwd: the repository's
root), and the standard output of a block followed by an ```output block must be that block's
text exactly (trailing spaces ignored). A block whose output is not shown must print nothing,
so that no shown output can go stale unnoticed.
"""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DOCUMENTS = [ROOT / "metrics" / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
FENCE = re.compile(r"^```(\w*)\n(.*?)^```$", re.MULTILINE | re.DOTALL)


def blocks(text: str) -> list[tuple[str, str | None]]:
    """The python blocks of a Markdown text, each with the output block right after it."""
    found = [(m.group(1), m.group(2), m.start(), m.end()) for m in FENCE.finditer(text)]
    pairs = []
    for i, (language, body, _, end) in enumerate(found):
        if language != "python":
            continue
        following = found[i + 1] if i + 1 < len(found) else None
        shown = None
        if following and following[0] == "output" and not text[end : following[2]].strip():
            shown = following[1]
        pairs.append((body, shown))
    return pairs


def printed_lines(text: str) -> list[str]:
    return [line.rstrip() for line in text.rstrip("\n").splitlines()]


def test_the_reader_pairs_each_block_with_its_output():
    text = "```python\nprint(1)\n```\n\n```output\n1\n```\ntext\n```python\nx = 2\n```\n"
    assert blocks(text) == [("print(1)\n", "1\n"), ("x = 2\n", None)]


@pytest.mark.parametrize("document", DOCUMENTS, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_code_block_runs_and_prints_what_is_shown(document, monkeypatch):
    pairs = blocks(document.read_text(encoding="utf-8"))
    assert pairs, f"{document.name} has no python block"
    monkeypatch.chdir(ROOT)
    namespace: dict[str, object] = {"__name__": "__docs__"}
    for number, (code, shown) in enumerate(pairs, 1):
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            exec(compile(code, f"{document.name}, block {number}", "exec"), namespace)  # noqa: S102
        where = f"{document.relative_to(ROOT)}, python block {number}:\n{code}"
        assert printed_lines(out.getvalue()) == (
            printed_lines(shown) if shown is not None else []
        ), where
