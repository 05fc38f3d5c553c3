"""Keeping the catalogues: extract the wrapped texts from the code (Babel), merge them into each
language's .po, and find what a catalogue lacks. `python -m i18n update|check` runs these;
tests/unit/test_translations.py asserts `problems` is empty for every language.

- `extract()` reads every file babel.cfg names for ``_()``, ``N_()``, ``ngettext()``,
  ``pgettext()`` and ``NP_()``
  (with the ``# i18n:`` comments above them, for translators), and every section of the
  content files of long prose (`extract_prose`, located as ``file:key``), into a template
  catalogue, i18n/ranklab.pot.
- `update()` writes the template and merges it into each .po with Babel's own `update`, never
  guessing: a new or changed text arrives untranslated (Babel would otherwise give it the
  translation of a similar text, marked fuzzy), a removed one obsolete.
- `problems(lang)` lists every entry that is missing, untranslated or fuzzy (any entry of the
  catalogue, obsolete ones too: a catalogue holds no fuzzy entry), any translation
  whose placeholders, formulas or code spans differ from the English (a ``{n}`` lost or
  renamed would raise or show wrong text; a ``$`` lost would break a formula), and what
  Babel's own checks find. The compiled catalogue must also load.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import IO

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.pofile import read_po, write_po

from i18n import DOMAIN, LANGUAGES, SOURCE, catalogue_path, translations
from rankwork.language import sections_in

ROOT = Path(__file__).resolve().parents[1]
CONFIG = ROOT / "i18n" / "babel.cfg"
TEMPLATE = ROOT / "i18n" / f"{DOMAIN}.pot"
TRANSLATED = tuple(lang for lang in LANGUAGES if lang != SOURCE)
COMMENT_TAG = "i18n:"
WIDTH = 100

# what a translation must keep exactly as the English has it
_PLACEHOLDER = re.compile(r"\{[A-Za-z_]\w*(?:[.!:][^{}]*)?\}")
_KEPT = {
    "placeholders": lambda text: sorted(_PLACEHOLDER.findall(text)),
    "formula delimiters ($)": lambda text: text.count("$"),
    "code spans (`)": lambda text: text.count("`"),
}


def extract() -> Catalog:
    """The template: every wrapped text in the code, with where it is and its comments."""
    with CONFIG.open() as config:
        method_map, options_map = parse_mapping_cfg(config)
    template = Catalog(domain=DOMAIN, project="RankLab", fuzzy=False)
    found = extract_from_dir(
        ROOT,
        method_map,
        options_map,
        keywords={**DEFAULT_KEYWORDS, "NP_": ((1, "c"), 2)},
        comment_tags=(COMMENT_TAG,),
        strip_comment_tags=True,
    )
    for filename, lineno, message, comments, context in found:
        where = _location(filename, lineno)
        template.add(message, None, [where], auto_comments=comments, context=context)
    return template


def is_content(path: Path) -> bool:
    """Whether a Markdown file of the package is a content file: every one but a README.md."""
    return path.name != "README.md"


def extract_prose(
    fileobj: IO[bytes], keywords: object, comment_tags: object, options: object
) -> Iterator[tuple[int, None, str, list[str]]]:
    """Babel's extraction method for a content file (babel.cfg): every section's text, at the
    line of its heading. A README.md in the package is documentation for developers, not
    content: it is skipped."""
    if not is_content(Path(getattr(fileobj, "name", ""))):
        return
    for _key, lineno, text in sections_in(fileobj.read().decode("utf-8")):
        yield lineno, None, text, []


def _location(filename: str, lineno: int) -> tuple[str, int | None]:
    """Where a text is: (file, line) in the code; (file:key, None) in a content file, whose
    sections are known by their key."""
    if not filename.endswith(".md"):
        return filename, lineno
    sections = sections_in((ROOT / filename).read_text(encoding="utf-8"))
    return f"{filename}:{next(key for key, line, _text in sections if line == lineno)}", None


def read(path: Path, lang: str | None = None) -> Catalog:
    with path.open("rb") as po:
        return read_po(po, locale=lang, domain=DOMAIN)


def write(path: Path, catalogue: Catalog) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as po:
        write_po(po, catalogue, width=WIDTH, sort_output=True, include_previous=True,
                 include_lineno=False)  # fmt: skip


def update() -> None:
    """Write the template and merge it into every language's catalogue."""
    template = extract()
    write(TEMPLATE, template)
    for lang in TRANSLATED:
        path = catalogue_path(lang)
        catalogue = read(path, lang) if path.exists() else _new(lang)
        merge(catalogue, template)
        write(path, catalogue)


def merge(catalogue: Catalog, template: Catalog) -> None:
    """Bring `catalogue` up to `template`, never guessing: a text it lacks arrives
    untranslated, not with the translation of a similar text marked fuzzy."""
    catalogue.update(template, no_fuzzy_matching=True, update_creation_date=False)


def fuzzy(catalogue: Catalog) -> list[str]:
    """Every fuzzy entry of `catalogue`, in use or obsolete: a guess nobody has checked."""
    entries = [*catalogue, *catalogue.obsolete.values()]
    return [_shown(entry.id) for entry in entries if entry.id and entry.fuzzy]


def _shown(msgid: str | tuple[str, ...]) -> str:
    return msgid if isinstance(msgid, str) else msgid[0]


def _new(lang: str) -> Catalog:
    return Catalog(locale=lang, domain=DOMAIN, project="RankLab", fuzzy=False,
                   language_team=f"RankLab {LANGUAGES[lang]}")  # fmt: skip


def problems(lang: str, template: Catalog | None = None) -> list[str]:
    """What keeps `lang`'s catalogue from translating every text of `template` (by default,
    the texts in the code now); empty when it is complete."""
    template = extract() if template is None else template
    catalogue = read(catalogue_path(lang), lang)
    found = [f"fuzzy (check it, then remove the flag): {shown!r}" for shown in fuzzy(catalogue)]
    for wanted in template:
        if not wanted.id:
            continue
        entry = catalogue.get(wanted.id, wanted.context)
        shown = _shown(wanted.id)
        if entry is None:
            found.append(f"missing (run python -m i18n update): {shown!r}")
        elif entry.fuzzy:
            continue  # listed above
        elif not all(entry.string if isinstance(entry.string, tuple) else (entry.string,)):
            found.append(f"untranslated: {shown!r}")
        else:
            found.extend(f"{what} differ: {shown!r}" for what in _differences(entry))
    for entry, errors in catalogue.check():
        found.extend(f"{error}: {entry.id!r}" for error in errors)
    translations.cache_clear()
    translations(lang)  # compiles
    return found


def _differences(entry: Message) -> list[str]:
    english = entry.id if isinstance(entry.id, tuple) else (entry.id,)
    translated = entry.string if isinstance(entry.string, tuple) else (entry.string,)
    return [
        what
        for what, kept in _KEPT.items()
        if any(kept(text) != kept(english[-1]) for text in translated)
    ]
