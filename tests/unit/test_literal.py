"""ui.shared.literal: user text placed in Markdown is shown exactly as typed and forms no
element."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.markdown_text import formed_elements, rendered, shown
from ui.shared.literal import WORD_JOINER, literal

NASTY = [
    "[Login](https://evil.example/x)",
    "![](https://evil.example/beacon.png)",
    "<img src=https://evil.example/b.png>",
    "<a href='https://evil.example'>x</a>",
    "**bold** _em_ `code` ~~gone~~",
    "# heading",
    "- item\n- item",
    "1. first\n> quote",
    "a | b\n--|--\n1 | 2",
    "$x^2$ and :red[colour] and &lt;tag&gt;",
    "back\\slash \\[not a link\\](x)",
    "<https://evil.example>",
]


@pytest.mark.parametrize("text", NASTY)
def test_user_text_is_shown_literally(text: str) -> None:
    body = f"preset={literal(text)} names no preset"
    assert shown(body) == f"preset={text} names no preset".replace("\n", " ")
    assert formed_elements(body) == set()


def test_the_checker_sees_what_unescaped_text_would_do() -> None:
    """The check above can fail: the same text unescaped forms a link and an image."""
    assert "a" in formed_elements("[Login](https://evil.example/x)")
    assert "img" in formed_elements("![](https://evil.example/beacon.png)")


# The autolink literals Streamlit's renderer (remark-gfm) finds in text *after* parsing, so
# whatever was escaped: mdast-util-gfm-autolink-literal, lib/index.js, transformGfmAutolinkLiterals
# (JavaScript's \w is ASCII here; so is [-.\w] with re.ASCII).
GFM_URL = re.compile(r"(https?://|www(?=\.))([-.\w]+)([^ \t\r\n]*)", re.IGNORECASE | re.ASCII)
GFM_EMAIL = re.compile(r"([-.\w+]+)@([-\w]+(?:\.[-\w]+)+)", re.ASCII)


def autolinks(text: str) -> list[str]:
    return [m.group(0) for p in (GFM_URL, GFM_EMAIL) for m in p.finditer(text)]


def test_bare_addresses_are_not_recognised_after_parsing() -> None:
    text = "see https://evil.example/x, WWW.evil.example or me@evil.example"
    assert len(autolinks(text)) == 3  # the check can fail: as typed, all three are links
    body = literal(text)
    assert autolinks(rendered(body)) == []
    assert shown(body) == text  # the word joiners are invisible


@settings(max_examples=500, derandomize=True, deadline=None)
@given(st.text(st.characters(codec="utf-8"), max_size=60))
def test_any_text_is_shown_literally(text: str) -> None:
    body = f"x {literal(text)} y"
    assert formed_elements(body) == set()
    assert autolinks(rendered(body)) == []
    # Markdown shows a run of blanks (and a line break) as one space; \0 becomes U+FFFD; shown()
    # drops word joiners (ui.shared.literal's and any typed)
    typed = f"x {text} y".replace("\0", "\ufffd").replace(WORD_JOINER, "")
    assert shown(body).split() == typed.split()
