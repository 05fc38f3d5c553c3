"""Text that came from a user (a link, a typed cell or answer, a file's name or content), made
safe to place in anything Streamlit renders as Markdown: st.warning / st.error / st.info /
st.success / st.caption / st.markdown / st.subheader, labels, progress texts and help=.

`literal` backslash-escapes every ASCII punctuation character. CommonMark displays an escaped
punctuation character as the character itself, and an escaped character can start no syntax,
so the reader sees exactly what was typed while no link, image, emphasis, code span, heading,
list, table, HTML tag or entity, LaTeX (``$``) or Streamlit directive (``:red[...]``) can form.
Streamlit's renderer also turns bare addresses into links *after* parsing (GitHub's autolink
literals: ``https://...``, ``www.x``, ``a@b.c``, found in the text whatever was escaped), so an
invisible WORD JOINER (U+2060) is put after ``://`` and ``@`` and between ``www`` and its dot:
the text reads the same and no address is recognised. A line break becomes a space (as Markdown
shows a single one), so the text stays one paragraph: no list, quote, heading or code block can
start on a line of its own::

    st.warning(f"preset={literal(typed)} names no preset")

Put the escaped text inside the page's own Markdown, never inside a code span (backticks):
a code span shows backslashes as they are.

`plot_literal` does the same for plotly's text (legends, axis categories, titles, hover text),
which renders a subset of HTML (``<a href>``, ``<b>``, ``<br>``...) and decodes entities: ``<``,
``>`` and ``&`` are written as entities, so a run named ``<a href=...>x</a>`` shows as typed.
"""

from __future__ import annotations

import html
import re

_PUNCTUATION = re.compile(r"([!-/:-@\[-`{-~])")  # the ASCII punctuation CommonMark can escape
_LINE_BREAK = re.compile(r"\r\n?|\n")
_ADDRESS = re.compile(r"(://|@|www(?=\.))", re.IGNORECASE)  # where an autolink literal starts
WORD_JOINER = "\u2060"


def literal(text: object) -> str:
    """`text` (as str) with every ASCII punctuation character backslash-escaped, a word joiner
    breaking each bare address, and each line break made a space."""
    text = _ADDRESS.sub(lambda m: m.group(1) + WORD_JOINER, str(text))
    return _LINE_BREAK.sub(" ", _PUNCTUATION.sub(r"\\\1", text))


def plot_literal(text: object) -> str:
    """`text` (as str) for plotly: <, > and & as HTML entities (shown as the characters)."""
    return html.escape(str(text), quote=False)
