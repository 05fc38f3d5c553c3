"""What a Markdown body shows, for tests of text that came from a user (ui.shared.literal).

`rendered(body)` is the HTML a CommonMark renderer (markdown-it-py, with GitHub's tables and
strikethrough, as Streamlit's) makes of `body`; `shown(body)` is its visible text. A test checks
that the user's text is shown exactly (`text in shown(body)`) and formed no element
(`formed_elements(body)` lists every tag other than the paragraph around it). Bare addresses
(GitHub's autolink literals, which Streamlit's renderer finds after parsing) are not modelled
here: tests/unit/test_literal.py checks them with GitHub's patterns, tests/e2e in the browser.
"""

from __future__ import annotations

import html
import re

from markdown_it import MarkdownIt

from ui.shared.literal import WORD_JOINER

_MARKDOWN = MarkdownIt("commonmark").enable(["table", "strikethrough"])
_TAG = re.compile(r"<(/?)([a-zA-Z0-9]+)[^>]*>")


def rendered(body: str) -> str:
    return _MARKDOWN.render(body)


def shown(body: str) -> str:
    """The visible text of `body` rendered (tags dropped, entities decoded, lines joined, and the
    invisible word joiners ui.shared.literal puts into addresses dropped)."""
    text = html.unescape(_TAG.sub("", rendered(body))).replace("\n", " ").strip()
    return text.replace(WORD_JOINER, "")


def formed_elements(body: str) -> set[str]:
    """The tags `body` renders to, besides the paragraph every body is."""
    return {m.group(2).lower() for m in _TAG.finditer(rendered(body))} - {"p"}


def unescaped(body: str) -> str:
    """`body` with CommonMark's backslash escapes removed (ui.shared.literal's undone): the Markdown
    source as the reader sees its text, list markers and all."""
    return re.sub(r"\\([!-/:-@\[-`{-~])", r"\1", body).replace(WORD_JOINER, "")
