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

>>> from rankwork.language import _
>>> _("the grade must be a number")
'the grade must be a number'
"""

from __future__ import annotations

import gettext
from collections.abc import Callable

__all__ = ["NP_", "N_", "_", "ngettext", "pgettext", "translate_with"]

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
