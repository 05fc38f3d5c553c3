"""The library's sentences: English, unless an application asks for its own language.

Every sentence a person reads (an error's message, a table's header, a pitfall's explanation) is
written in English and wrapped as gettext expects, so that an application can translate it with
its own catalogue, using the English text as the key:

- ``_("text")``: the text in the current language; ``ngettext(singular, plural, n)``: the form
  for ``n``; ``pgettext(context, "text")``: the text in the sense ``context`` names;
- ``N_("text")`` and ``NP_(context, "text")`` only mark a constant defined at import time, which
  the code that shows it translates then.

By itself the library speaks English (:class:`gettext.NullTranslations`). An application that
speaks other languages calls :func:`translate_with` once with a function returning the current
language's :class:`gettext.NullTranslations` (RankLab's app passes its per-session catalogue,
see its ``i18n`` package); the function is called at every lookup, so a server with two
sessions in two languages gives each its own.

Long prose (a paragraph: a pitfall's explanation, a preset's source) is not written in the code
but in Markdown content files beside it, one per topic, read by :class:`Prose` (the library's
own are in ``rankwork/content/``, read by :data:`prose`); each section's text is the key of its
translation, as a wrapped text is.

>>> from rankwork.language import _
>>> _("the grade must be a number")
'the grade must be a number'
"""

from __future__ import annotations

import gettext
import re
from collections.abc import Callable
from importlib import resources
from importlib.resources.abc import Traversable

__all__ = ["NP_", "N_", "Prose", "_", "ngettext", "pgettext", "prose", "translate_with"]

_ENGLISH = gettext.NullTranslations()
_source: Callable[[], gettext.NullTranslations] | None = None


def translate_with(source: Callable[[], gettext.NullTranslations] | None) -> None:
    """Translate the library's sentences with ``source()`` from now on (``None``: English)."""
    global _source
    _source = source


def _translations() -> gettext.NullTranslations:
    return _ENGLISH if _source is None else _source()


def _(text: str) -> str:
    """``text`` in the current language (itself when there is no translation)."""
    return _translations().gettext(text)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of ``singular``/``plural`` for ``n``, in the current language."""
    return _translations().ngettext(singular, plural, n)


def pgettext(context: str, text: str) -> str:
    """``text`` in the current language, in the sense ``context`` names."""
    return _translations().pgettext(context, text)


def N_(text: str) -> str:  # noqa: N802 (gettext's name)
    """Mark ``text`` for extraction only; translate it where it is shown, with ``_``."""
    return text


def NP_(context: str, text: str) -> str:  # noqa: N802 (gettext's name)
    """Mark ``text``, in the sense ``context`` names, for extraction only."""
    return text


# a paragraph whose first line opens a list or a table keeps its line breaks
_BLOCK = re.compile(r"[-*+] |\d+[.)] |\|")


def sections_in(markdown: str) -> list[tuple[str, int, str]]:
    """The sections of a content file's text: (key, line of its heading, text), in order.

    A section starts at a heading ``## key`` and runs to the next one; whatever comes before
    the first (a title, a note for the authors) is no section. Its text is joined as Markdown
    reads it: the lines of a paragraph with one space, paragraphs with a blank line between
    them; a paragraph whose first line opens a list or a table (``- ``, ``* ``, ``1. ``,
    ``|``) keeps its lines as they are.

    >>> sections_in("# Title\\n\\n## a.why\\nOne line\\nand the next.\\n\\nAnother.\\n")
    [('a.why', 3, 'One line and the next.\\n\\nAnother.')]
    """
    found: list[tuple[str, int, list[str]]] = []
    for number, line in enumerate(markdown.splitlines(), start=1):
        if line.startswith("## "):
            found.append((line[3:].strip(), number, []))
        elif found:
            found[-1][2].append(line)
    return [(key, number, _joined(lines)) for key, number, lines in found]


def _joined(lines: list[str]) -> str:
    paragraphs: list[str] = []
    current: list[str] = []
    for line in [*lines, ""]:
        if line.strip():
            current.append(line.rstrip())
        elif current:
            keep = _BLOCK.match(current[0])
            paragraphs.append("\n".join(current) if keep else " ".join(x.strip() for x in current))
            current = []
    return "\n\n".join(paragraphs)


class Prose:
    """The content files of one folder: ``<topic>.md``, each a list of sections ``## key``
    (read as :func:`sections_in` says).

    A section's English text is also the key of its translation in the catalogues, as the
    text of ``_("...")`` is: moving a sentence from the code into a section without changing
    a character keeps its translation (the app's ``python -m i18n update`` extracts every
    section, located as ``file:key``).

    Parameters
    ----------
    folder : Traversable
        The folder of the files (a :class:`pathlib.Path`, or ``importlib.resources.files``
        for a package's data).

    Examples
    --------
    >>> from rankwork.language import prose
    >>> prose("pitfalls", "integer_division.where")  # the current language's text
    'C, Java and Python 2 `/` on ints; numpy integer arrays with //.'
    """

    def __init__(self, folder: Traversable) -> None:
        self.folder = folder
        self._read: dict[str, dict[str, str]] = {}

    def sections(self, topic: str) -> dict[str, str]:
        """Every section of ``<topic>.md``: key -> English text, in the file's order.

        Raises
        ------
        ValueError
            When the folder has no such file, or the file gives one key twice or a key no text.
        """
        if topic not in self._read:
            self._read[topic] = self._parse(topic)
        return self._read[topic]

    def _parse(self, topic: str) -> dict[str, str]:
        path = self.folder / f"{topic}.md"
        if not path.is_file():
            raise ValueError(
                _("No content file {topic}.md in {folder}.").format(topic=topic, folder=self.folder)
            )
        found = sections_in(path.read_text(encoding="utf-8"))
        texts = {key: text for key, _line, text in found}
        if len(texts) != len(found):
            keys = [key for key, _line, _text in found]
            twice = sorted({key for key in keys if keys.count(key) > 1})
            raise ValueError(
                _("{topic}.md has two sections called {keys}.").format(
                    topic=topic, keys=", ".join(twice)
                )
            )
        empty = [key for key, text in texts.items() if not text]  # _("") is the catalogue's header
        if empty:
            raise ValueError(
                _("{topic}.md has an empty section {key!r}.").format(topic=topic, key=empty[0])
            )
        return texts

    def source(self, topic: str, key: str) -> str:
        """The English text of section `key` of ``<topic>.md``, untranslated: for a constant
        made at import time and translated where it is shown, with ``_`` (as ``N_`` marks one).

        Raises
        ------
        ValueError
            When there is no such file or section (the message names the sections there are).
        """
        texts = self.sections(topic)
        if key not in texts:
            raise ValueError(
                _("{topic}.md has no section {key!r}; it has {keys}.").format(
                    topic=topic, key=key, keys=", ".join(texts)
                )
            )
        return texts[key]

    def __call__(self, topic: str, key: str, **fields: object) -> str:
        """Section `key` of ``<topic>.md`` in the current language (``_``), with its
        placeholders ``{name}`` filled from `fields` after translation (only when `fields` are
        given: a text without them may hold braces, as ``sum_{i>=2}``)."""
        text = _(self.source(topic, key))
        return text.format(**fields) if fields else text


#: The library's own content files (``rankwork/content/``, shipped in the wheel).
prose = Prose(resources.files("rankwork") / "content")
