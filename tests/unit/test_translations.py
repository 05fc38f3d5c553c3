"""The catalogues (i18n/locales/*/ranklab.po) translate every wrapped text of the code, compile,
keep what must not be translated, and follow the glossary; the translation functions."""

from __future__ import annotations

import csv
import re
import threading

import pytest

import i18n
from i18n import catalogues
from rankwork.core.conventions import TEXTBOOK
from rankwork.core.measures import SPECS
from tests.in_language import in_language

GLOSSARY = catalogues.ROOT / "i18n" / "glossary.csv"


@pytest.fixture(scope="module")
def template():
    return catalogues.extract()


def test_the_committed_template_holds_every_wrapped_text_of_the_code(template) -> None:
    committed = {message.id for message in catalogues.read(catalogues.TEMPLATE) if message.id}
    now = {message.id for message in template if message.id}
    assert committed == now, "run `python -m i18n update` and translate what it adds"


@pytest.mark.parametrize("lang", catalogues.TRANSLATED)
def test_every_text_is_translated_none_fuzzy_and_the_catalogue_compiles(lang, template) -> None:
    assert catalogues.problems(lang, template) == []


def _entries(lang: str):
    return [m for m in catalogues.read(i18n.catalogue_path(lang), lang) if m.id and m.string]


@pytest.mark.parametrize("lang", catalogues.TRANSLATED)
def test_measure_names_stay_as_they_are(lang) -> None:
    plain_words = {"Judged", "Success", "F"}  # families that are also English words
    names = {spec.family for spec in SPECS.values()} - plain_words | {"MAP", "MRR"}
    token = re.compile(r"(?<![\w@])(" + "|".join(map(re.escape, names)) + r")(?![\w(])")
    for entry in _entries(lang):
        for english, translated in zip(_forms(entry.id), _forms(entry.string), strict=False):
            missing = set(token.findall(english)) - set(token.findall(translated))
            assert not missing, f"{lang}: {sorted(missing)} lost in {translated!r}"


def _forms(text):
    return text if isinstance(text, tuple) else (text,)


@pytest.mark.parametrize("lang", catalogues.TRANSLATED)
def test_page_names_and_whole_terms_follow_the_glossary(lang) -> None:
    with GLOSSARY.open(encoding="utf-8") as file:
        glossary = {row["term"]: row[lang] for row in csv.DictReader(file)}
    for entry in _entries(lang):
        if entry.context is None and entry.id in glossary:
            assert entry.string == glossary[entry.id], entry.id


# The terms decided in the glossary, checked wherever the English uses them: (glossary term,
# language, the English that means it, what the translation must say, what it must not say).
TERMS = [
    # vi "đánh giá" is evaluate (the Evaluate page); a document with a label is "đã gán nhãn"
    (
        "judged / unjudged",
        "vi",
        r"(?<!@)\b(un)?judged\b(?!@)",
        "gán nhãn",
        r"(đã|chưa)( được)? đánh giá",
    ),
    ("judged / unjudged", "zh", r"(?i)\b(un)?judged\b|\bjudg(e)?ments?\b", "评判", "判断"),
    ("relevance judgment", "vi", r"(?i)\bjudg(e)?ments?\b", "(?i)nhãn", r"(?i)(một|các) đánh giá"),
    # vi "ngưỡng" is the relevance threshold; the cutoff k is "điểm cắt"
    ("cutoff (k)", "vi", r"(?i)\bcutoff\b|\bideal cut\b", None, r"(?i)ngưỡng cắt"),
    ("collection", "zh", r"(?i)\bcollections?\b", "测试集", r"集合|数据集"),
    ("collection", "vi", r"(?i)\bcollections?\b", "(?i)bộ dữ liệu", r"(?i)sưu tập"),
    ("residual", "zh", r"(?i)\bresidual\b", "残余量", "残差"),
    ("ideal ranking", "zh", r"(?i)\bideal (ranking|order|list)\b", "理想排序", r"理想(顺序|列表)"),
    # vi "độ chính xác" is precision, the measure P
    ("score precision", "vi", r"(?i)\bscore precision\b", "số thực", "độ chính xác"),
    ("Textbook", "zh", r"(?i)\btextbook\b", "教科书", "Textbook"),
    ("Textbook", "vi", r"(?i)\btextbook\b", "Giáo trình", "(?i)Textbook|sách giáo khoa"),
]
_NAMES = [f"{lang}: {term}" for term, lang, *_ in TERMS]

# Vietnamese groups thousands with "." (Babel's vi locale), so "1,160" reads as 1.16; Chinese
# sentences take full-width punctuation (，；：。) after a Chinese character.
NOT_ANYWHERE = {
    "vi": r"\d,\d{3}(?!\d)",
    "zh": r"[\u3400-\u9fff]([,;]|[:.](\s|$))",
}


@pytest.mark.parametrize(("term", "lang", "english", "wanted", "unwanted"), TERMS, ids=_NAMES)
def test_the_decided_terms_are_used_wherever_the_english_means_them(
    term, lang, english, wanted, unwanted
) -> None:
    wrong = [
        translated
        for entry in _entries(lang)
        if any(re.search(english, text) for text in _forms(entry.id))
        for translated in _forms(entry.string)
        if (wanted and not re.search(wanted, translated)) or re.search(unwanted, translated)
    ]
    assert wrong == [], f"{lang} {term!r}: say {wanted!r}, not {unwanted!r}"


@pytest.mark.parametrize(("term", "lang", "english", "wanted", "unwanted"), TERMS, ids=_NAMES)
def test_the_glossary_states_each_decided_term(term, lang, english, wanted, unwanted) -> None:
    with GLOSSARY.open(encoding="utf-8") as file:
        row = next(row for row in csv.DictReader(file) if row["term"] == term)
    assert wanted is None or re.search(wanted, row[lang]), (term, row[lang])
    assert not re.search(unwanted, row[lang]), (term, row[lang])


@pytest.mark.parametrize("lang", NOT_ANYWHERE)
def test_no_translation_writes_numbers_or_punctuation_the_english_way(lang) -> None:
    wrong = [
        translated
        for entry in _entries(lang)
        for translated in _forms(entry.string)
        if re.search(NOT_ANYWHERE[lang], translated)
    ]
    assert wrong == []


_TITLE = re.compile(r"(?<!\w)'[^']*'(?!\w)")  # a paper's title, quoted: 'New performance ...'
_PROSE = re.compile(r"(?<![\w'])[a-z][\w']*(?: [a-z][\w']*){2}")  # three small words in a row


def test_a_citation_names_its_sources_only_and_what_it_says_of_them_is_a_translated_note():
    # a card's help shows the citation as it is in every language (names, venues, years,
    # tools): a sentence inside it ("on binary relevance; the graded gain ... not theirs",
    # "Neither trec_eval nor ir_measures has it") would stay English in Chinese and Vietnamese
    for family, spec in SPECS.items():
        assert _PROSE.findall(_TITLE.sub("", spec.citation)) == [], family
        if spec.note:
            for lang in catalogues.TRANSLATED:
                assert i18n.translations(lang).gettext(spec.note) != spec.note, (family, lang)


def test_the_citation_check_finds_a_sentence() -> None:
    assert _PROSE.findall("Moffat & Zobel, ACM TOIS 27(1), 2008, on binary relevance.")
    assert not _PROSE.findall(_TITLE.sub("", "Sakai, 'New metrics for graded relevance', 2004."))


# one change of every Convention field, from Textbook (and back to the scale's top grade)
_SCALE = TEXTBOOK.with_(err_gmax=4.0, rbp_gmax=4.0, name="Textbook")
_CHANGES = [
    (TEXTBOOK, {"gain": "linear"}),
    (TEXTBOOK, {"gain": "custom", "gain_map": ((0.0, 0.0), (1.0, 1.0), (2.0, 3.0))}),
    (TEXTBOOK, {"discount": "jk", "log_base": 3.0}),
    (TEXTBOOK, {"discount": "geometric", "discount_p": 0.5}),
    (TEXTBOOK, {"discount": "reciprocal"}),
    (TEXTBOOK, {"discount": "flat"}),
    (TEXTBOOK, {"ideal": "retrieved", "ideal_cut": False, "dcg_cutoff": False}),
    (TEXTBOOK, {"ideal": "none", "empty_value": 1.0}),
    (TEXTBOOK, {"err_gmax": 4.0, "rbp_gmax": 3.0, "rbp_p": 0.9, "rel_threshold": 2.0}),
    (_SCALE, {"err_gmax": None, "rbp_gmax": None}),
    (TEXTBOOK, {"rbp_gain": "binary", "ties": "input", "float32_scores": True}),
    (TEXTBOOK, {"rbp_gain": "raw", "ties": "reverse_input"}),
    (TEXTBOOK, {"ties": "average", "negative": "keep"}),
    (TEXTBOOK, {"negative": "clip"}),
    (TEXTBOOK, {"negative": "unjudged"}),
]


@pytest.mark.parametrize("lang", catalogues.TRANSLATED)
@pytest.mark.parametrize(("base", "changes"), _CHANGES)
def test_a_derived_conventions_name_is_made_in_the_language(lang, base, changes) -> None:
    # "Textbook + relevant if ≥ 2" read in English in Chinese and Vietnamese: the preset's name
    # and every change are translated, the change's number kept
    english = base.with_(**changes).name.split(" + ")
    shown = in_language(lang, lambda: base.with_(**changes).name).split(" + ")
    assert len(shown) == len(english) == len(changes) + 1  # the preset, then each change
    assert shown[0] == i18n.translations(lang).gettext("Textbook") != "Textbook"
    for made, source in zip(shown[1:], english[1:], strict=True):
        assert made != source
        assert re.findall(r"\d+(?:\.\d+)?", made) == re.findall(r"\d+(?:\.\d+)?", source)


def test_a_derived_name_in_english_names_each_change() -> None:
    name = TEXTBOOK.with_(gain="linear", rel_threshold=2.0, negative="keep").name
    assert name == "Textbook + linear gain + relevant if ≥ 2 + negative grades: kept as they are"


@pytest.mark.parametrize("lang", catalogues.TRANSLATED)
def test_the_worksheet_names_the_textbook_convention_in_the_language(lang) -> None:
    from rankwork.teaching.exercises import generate
    from ui.exercises import sheet

    round_ = generate(42)  # under Textbook, the default
    tex = in_language(lang, lambda: sheet.latex(round_))
    assert "Textbook" not in tex
    assert i18n.translations(lang).gettext("Textbook") in tex


def test_every_choice_of_the_playgrounds_pickers_has_a_label() -> None:
    # an option without a label is shown as its value ('keep'), in English in every language
    from rankwork.core import conventions
    from ui.playground import controls

    pickers = [
        (controls.IDEAL_LABELS, conventions.IDEALS),
        (controls.TIE_LABELS, conventions.TIES),
        (controls.NEGATIVE_LABELS, conventions.NEGATIVES),
        (controls.RBP_GAIN_LABELS, conventions.RBP_GAINS),
    ]
    for labels, choices in pickers:
        assert set(labels) == set(choices)


@pytest.mark.parametrize("lang", catalogues.TRANSLATED)
def test_textbook_is_one_word_in_each_language(lang) -> None:
    # the Textbook preset describes a convention: translated, by the glossary's one word,
    # wherever a text names it (the presets named after a tool keep the tool's name)
    with GLOSSARY.open(encoding="utf-8") as file:
        word = next(row[lang] for row in csv.DictReader(file) if row["term"] == "Textbook")
    for entry in _entries(lang):
        for english, translated in zip(_forms(entry.id), _forms(entry.string), strict=False):
            if "Textbook" in english:
                assert word in translated and "Textbook" not in translated, translated


def test_a_translated_placeholder_mismatch_is_found() -> None:
    entry = catalogues.Message("{n} documents", string="{count} 个文档")
    assert catalogues._differences(entry) == ["placeholders"]
    entry = catalogues.Message("the $k$ first", string="前 k 个")
    assert catalogues._differences(entry) == ["formula delimiters ($)"]


def test_english_by_default_and_the_chosen_language_in_its_own_thread_only() -> None:
    assert i18n.current() == "en"
    assert i18n._("Language") == "Language"
    seen = {}

    def student(lang: str) -> None:
        i18n.use(lang)
        seen[lang] = i18n._("Language")

    threads = [threading.Thread(target=student, args=(lang,)) for lang in ("zh", "vi")]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert seen == {lang: i18n.translations(lang).gettext("Language") for lang in ("zh", "vi")}
    assert "Language" not in seen.values()
    assert i18n.current() == "en" and i18n._("Language") == "Language"


def test_an_unknown_language_is_refused_with_the_ones_known() -> None:
    with pytest.raises(ValueError, match="en, zh, vi"):
        i18n.use("fr")


def test_a_text_with_no_translation_stays_english() -> None:
    def in_chinese():
        i18n.use("zh")
        seen.append(i18n._("A sentence no catalogue holds."))

    seen: list[str] = []
    thread = threading.Thread(target=in_chinese)
    thread.start()
    thread.join()
    assert seen == ["A sentence no catalogue holds."]


@pytest.mark.parametrize("lang", catalogues.TRANSLATED)
def test_no_catalogue_holds_a_fuzzy_entry_in_use_or_obsolete(lang) -> None:
    # a fuzzy entry is a guess nobody checked: never shipped, never kept
    assert catalogues.fuzzy(catalogues.read(i18n.catalogue_path(lang), lang)) == []


def test_the_fuzzy_check_finds_a_fuzzy_entry_in_use_or_obsolete() -> None:
    catalogue = catalogues.Catalog(locale="zh")
    catalogue.add("Cut at k.", "截断于 k。")
    catalogue.add("The gain of rank i.", "第 i 位的增益。", flags=["fuzzy"])
    catalogue.obsolete["Old text."] = catalogues.Message("Old text.", "旧文。", flags=["fuzzy"])
    assert catalogues.fuzzy(catalogue) == ["The gain of rank i.", "Old text."]


def test_update_never_guesses_a_translation_from_a_similar_text() -> None:
    # Babel's own update gave a new sentence the translation of a similar one, marked fuzzy
    # (issue 27); merge leaves the new sentence untranslated and the old one obsolete
    def old() -> catalogues.Catalog:
        catalogue = catalogues.Catalog(locale="zh")
        catalogue.add("DCG with the discount 1/log2(i + 1).", "折损为 1/log2(i + 1) 的 DCG。")
        return catalogue

    template = catalogues.Catalog()
    template.add("DCG with the discount 1/i^2.")
    guessed = old()
    guessed.update(template)  # Babel's default: the premise of this test
    assert guessed["DCG with the discount 1/i^2."].fuzzy
    merged = old()
    catalogues.merge(merged, template)
    entry = merged["DCG with the discount 1/i^2."]
    assert not entry.string and not entry.fuzzy
    assert list(merged.obsolete) == ["DCG with the discount 1/log2(i + 1)."]
    assert catalogues.fuzzy(merged) == []
