"""RankLab's languages: English (the source), 简体中文 and Tiếng Việt, from gettext catalogues.

Every sentence a user reads is written in English in the code and wrapped for translation:

- ``_("text")`` returns the text in the current language, or the English when the catalogue
  has no translation for it. Placeholders are named and filled after translation, so that a
  translator can move them: ``_("{n} documents are unjudged.").format(n=n)`` (never an
  f-string inside ``_``, whose text would differ for every value and match no entry).
- ``ngettext("{n} query", "{n} queries", n)`` picks the singular or plural form (Chinese and
  Vietnamese have one form; English two).
- A widget's options keep their values (the state, the link) and show translated labels
  through a dict built in the run: ``format_func={key: _(label) for ...}.get`` (not a function
  that calls ``_``: Streamlit's AppTest formats options from its own thread, outside the run).
- ``pgettext(context, "text")`` (``NP_(context, "text")`` for a constant) when one English
  word means two things: "tie" is equal scores in a ranking (并列), but the draw of a
  comparison, ``pgettext("outcome", "tie")`` (平局).
- ``N_("text")`` only marks a constant defined at import time (a measure's label) so that
  Babel extracts it; the code that shows it translates it then, with ``_(constant)``, in the
  language of the session that shows it.
- Long prose (a paragraph) is written in a Markdown content file, ``content/<topic>.md``, one
  section ``## key`` per text: ``prose(topic, key, name=value)`` gives it in the current
  language (`rankwork.language.Prose`; the library's own files are in
  ``metrics/src/rankwork/content/``). `python -m i18n update` extracts every section.

The catalogues are ``i18n/locales/<lang>/LC_MESSAGES/ranklab.po`` (standard gettext, kept with
Babel: ``python -m i18n update``; ``i18n/glossary.csv`` holds the field's terms they follow).
They are read with Babel and compiled in memory once per process, fuzzy entries left out.

The current language is the session's. Streamlit runs a session's script in a thread of the
session's own; at the start of every run app.py sets the session's language as that thread's
with `use(lang)` (ui.shared.language.start_run), so two students in two languages on one server
never see each other's, and a lookup costs a context variable (a few hundred texts per run). Before
that, in a thread the session has not run in yet (its widgets' callbacks run first), the
function registered with `follow` reads the language from the session's state. Code outside a
session (the command line, the tests) gets English unless it calls `use`. The library
(rankwork, under metrics/) has no catalogue of its own: importing this package makes it
translate its sentences with these catalogues (`rankwork.language.translate_with`). The command
line's output stays English on purpose: it is trec_eval's format.
"""

from __future__ import annotations

import functools
import gettext
import io
from collections.abc import Callable
from contextvars import ContextVar
from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

import rankwork.language
from rankwork.language import Prose

SOURCE = "en"
LANGUAGES = {"en": "English", "zh": "简体中文", "vi": "Tiếng Việt"}  # code -> its own name
DOMAIN = "ranklab"
LOCALES = Path(__file__).resolve().parent / "locales"
#: the app's content files of long prose (the library reads its own: rankwork.language.prose)
prose = Prose(Path(__file__).resolve().parents[1] / "content")

_current: ContextVar[str | None] = ContextVar("ranklab_language", default=None)
_followed: list[Callable[[], str | None]] = []  # the session's language, when in a session


def catalogue_path(lang: str) -> Path:
    """The .po file of a language (there is none for English, the source)."""
    return LOCALES / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


@functools.cache
def translations(lang: str) -> gettext.NullTranslations:
    """The language's catalogue, compiled in memory (English: the identity)."""
    if lang == SOURCE:
        return gettext.NullTranslations()
    with catalogue_path(lang).open("rb") as po:
        catalogue = read_po(po, locale=lang, domain=DOMAIN)
    compiled = io.BytesIO()
    write_mo(compiled, catalogue, use_fuzzy=False)
    compiled.seek(0)
    return gettext.GNUTranslations(compiled)


def use(lang: str) -> None:
    """Make `lang` (a key of LANGUAGES) the language of this thread's texts."""
    if lang not in LANGUAGES:
        known = ", ".join(LANGUAGES)
        raise ValueError(f"{lang!r} is not a language RankLab speaks; it speaks {known}.")
    _current.set(lang)


def follow(session_language: Callable[[], str | None]) -> None:
    """Take the language from `session_language()` whenever it gives one (ui.shared.language
    registers the running Streamlit session's choice)."""
    _followed[:] = [session_language]


def current() -> str:
    """The code of the current language: this thread's (`use`), else the session's (`follow`),
    else English."""
    lang = _current.get()
    if lang is not None:
        return lang
    for session_language in _followed:
        lang = session_language()
        if lang in LANGUAGES:
            return lang
    return SOURCE


def _(text: str) -> str:
    """`text` in the current language (itself when the catalogue has no translation)."""
    return translations(current()).gettext(text)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of `singular`/`plural` for `n`, in the current language."""
    return translations(current()).ngettext(singular, plural, n)


def pgettext(context: str, text: str) -> str:
    """`text` in the current language, in the sense `context` names."""
    return translations(current()).pgettext(context, text)


def NP_(context: str, text: str) -> str:  # noqa: N802 (gettext's name)
    """Mark `text`, in the sense `context` names, for extraction only; show it with
    `pgettext(context, text)`."""
    return text


def N_(text: str) -> str:
    """Mark `text` for extraction only; translate it where it is shown, with `_`."""
    return text


# The library (rankwork) writes its sentences in English; its texts are in these catalogues
# too (babel.cfg extracts them), and it reads them in the language current here.
rankwork.language.translate_with(lambda: translations(current()))
