"""Long prose in content files (rankwork.language.Prose): a file's sections are read as Markdown
joins its lines, translated when asked for, extracted into the catalogues with their key; the
library's own files say nothing that no code reads."""

from __future__ import annotations

import gettext
from pathlib import Path

import pytest

import rankwork.language as language
from i18n import catalogues
from rankwork.core.conventions import PRESETS
from rankwork.language import Prose, prose, sections_in
from rankwork.teaching.demos import DISAGREEMENTS
from rankwork.teaching.pitfalls import CATALOGUE

CONTENT = Path(language.__file__).parent / "content"

FILE = """# A title, and a note for the authors

It is not a section.

## first.why

One sentence
that goes on.

A second paragraph.

## second

A list:

- **one** item,
  its second line;
- another.

## third
Braces: sum_{i>=2} and {name}.
"""


def test_sections_are_read_as_markdown_joins_their_lines() -> None:
    assert sections_in(FILE) == [
        ("first.why", 5, "One sentence that goes on.\n\nA second paragraph."),
        ("second", 12, "A list:\n\n- **one** item,\n  its second line;\n- another."),
        ("third", 20, "Braces: sum_{i>=2} and {name}."),
    ]


@pytest.fixture
def folder(tmp_path: Path) -> Prose:
    (tmp_path / "topic.md").write_text(FILE, encoding="utf-8")
    (tmp_path / "twice.md").write_text("## a\nx\n## b\ny\n## a\nz\n", encoding="utf-8")
    (tmp_path / "empty.md").write_text("## a\nx\n## b\n\n## c\ny\n", encoding="utf-8")
    (tmp_path / "measures").mkdir()
    (tmp_path / "measures" / "ndcg.md").write_text("## reader\nA reader.\n", encoding="utf-8")
    return Prose(tmp_path)


def test_a_section_is_found_by_topic_and_key(folder: Prose) -> None:
    assert list(folder.sections("topic")) == ["first.why", "second", "third"]
    assert folder.source("topic", "third") == "Braces: sum_{i>=2} and {name}."
    assert folder.source("measures/ndcg", "reader") == "A reader."  # a topic in a subfolder


def test_what_is_not_there_is_refused_with_what_is(folder: Prose) -> None:
    with pytest.raises(ValueError, match=r"topic\.md has no section 'fourth'; it has first\.why"):
        folder.source("topic", "fourth")
    with pytest.raises(ValueError, match=r"No content file other\.md in "):
        folder.sections("other")
    with pytest.raises(ValueError, match=r"twice\.md has two sections called a\."):
        folder.sections("twice")
    with pytest.raises(ValueError, match=r"empty\.md has an empty section 'b'\."):
        folder.sections("empty")


class _Shouting(gettext.NullTranslations):
    """A language whose translation of each text of FILE is known here."""

    said = {
        "One sentence that goes on.\n\nA second paragraph.": "ONE SENTENCE.\n\nA SECOND.",
        "Braces: sum_{i>=2} and {name}.": "{name} AND sum_{{i>=2}}.",
    }

    def gettext(self, message: str) -> str:
        return self.said.get(message, message)


def test_a_section_is_translated_when_asked_for_then_its_placeholders_filled(
    folder: Prose,
) -> None:
    assert folder("topic", "first.why") == "One sentence that goes on.\n\nA second paragraph."
    app = language._source  # the app's catalogues (i18n lends them), given back below
    language.translate_with(_Shouting)
    try:
        assert folder("topic", "first.why") == "ONE SENTENCE.\n\nA SECOND."
        assert folder("topic", "third", name="x") == "x AND sum_{i>=2}."  # moved, then filled
        assert folder.source("topic", "first.why").startswith("One sentence")  # the English
        assert folder("topic", "third") == "{name} AND sum_{{i>=2}}."  # no fields: as written
    finally:
        language.translate_with(app)


@pytest.fixture(scope="module")
def template():
    return catalogues.extract()


def test_every_section_of_every_content_file_is_in_the_template_with_its_key(template) -> None:
    # the library's content files (rankwork/content/, or beside a module) and the app's
    found = sorted(CONTENT.parent.rglob("*.md")) + sorted(
        (catalogues.ROOT / "content").rglob("*.md")
    )
    files = [path for path in found if catalogues.is_content(path)]
    assert files, "no content file found: the check would check nothing"
    for path in files:
        where = path.relative_to(catalogues.ROOT).as_posix()
        for key, _line, text in sections_in(path.read_text(encoding="utf-8")):
            entry = template.get(text)
            assert entry is not None, (where, key)
            assert (f"{where}:{key}", None) in entry.locations, (where, key, entry.locations)


def test_the_extraction_method_gives_each_sections_text_at_its_heading() -> None:
    import io

    found = list(catalogues.extract_prose(io.BytesIO(FILE.encode()), (), (), {}))
    assert [(line, text[:12]) for line, _f, text, _c in found] == [
        (5, "One sentence"),
        (12, "A list:\n\n- *"),
        (20, "Braces: sum_"),
    ]


# --- the library's own content files: every section read by the code, every text there


def test_each_pitfall_says_why_and_where_and_pitfalls_md_nothing_else() -> None:
    keys = {p.key for p in CATALOGUE}
    for key in prose.sections("pitfalls"):
        pitfall, _dot, text = key.partition(".")
        assert pitfall in keys and text in {"why", "where", "needs", "unchanged"}, key
    assert all(p.why and p.where for p in CATALOGUE)


def test_each_disagreement_says_why_and_disagreements_md_nothing_else() -> None:
    assert list(prose.sections("disagreements")) == [f"{d.key}.why" for d in DISAGREEMENTS]
    assert all(d.why for d in DISAGREEMENTS)


def test_every_section_of_presets_md_is_a_presets_source_or_note() -> None:
    said = {text for c in PRESETS.values() for text in (c.source, *c.notes)}
    assert set(prose.sections("presets").values()) == said
