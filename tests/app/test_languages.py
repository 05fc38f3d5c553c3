"""Every page in every language: it runs, and what it shows is translated (issue 16).

A page's shown texts are every string of its elements (labels, bodies, help, options, the
expanders' and tabs' labels, the plots' titles, axes, notes and legends) except code, formulas
and tables' cells. Untranslated means one
of two things: an English text of the catalogue that has a translation appears as it is, or
(in Chinese, where English cannot pass for the language) four English words in a row appear
outside formulas, code and parentheses (which hold names and citations)."""

from __future__ import annotations

import csv
import functools
import json
import re
import threading

import pytest
from google.protobuf.message import Message as Proto
from streamlit.testing.v1 import AppTest

import i18n
from i18n import catalogues
from rankwork.core.measures import SPECS
from rankwork.teaching.demos import DISAGREEMENTS
from tests.app.conftest import APP, REPO_ROOT, plotly_figures
from tests.unit.test_wrapped_texts import KEPT
from ui.evaluate.figures import OUTCOME_COLORS
from ui.shared.navigation import PAGES

_NOT_TEXT = {"code", "latex", "dataframe", "arrow_data_frame", "exception"}
_FORMULA_OR_CODE = re.compile(r"\$\$.*?\$\$|\$[^$]*\$|`[^`]*`|\([^()]*\)|（[^（）]*）", re.S)
_WORD = re.compile(r"[^\W\d_](?:\w*[^\W\d_])?")  # letters, with inner digits and _
_ENGLISH_RUN = re.compile(r"\b[A-Za-z]{2,}(?:[ ,]+[A-Za-z]{2,}){3}\b")


def _strings(proto: Proto):
    for _descriptor, value in proto.ListFields():
        values = value if isinstance(value, (list, tuple)) or hasattr(value, "extend") else [value]
        for item in values:
            if isinstance(item, str):
                yield item
            elif isinstance(item, Proto):
                yield from _strings(item)


def _figure_texts(figure: dict) -> list[str]:
    """A plotly figure's words: its title, axis titles, annotations and trace names."""
    layout = figure.get("layout", {})
    texts = [layout.get("title", {}).get("text", "")]
    for axis in ("xaxis", "yaxis"):
        texts.append(layout.get(axis, {}).get("title", {}).get("text", ""))
    texts += [note.get("text", "") for note in layout.get("annotations", [])]
    texts += [trace.get("name", "") for trace in figure.get("data", [])]
    return [text for text in texts if text]


def shown_texts(at: AppTest) -> list[str]:
    """Every text the run shows (see the module's docstring)."""
    found: list[str] = []

    def walk(node) -> None:
        if getattr(node, "type", None) in _NOT_TEXT:
            return
        proto = getattr(node, "proto", None)
        if getattr(node, "type", None) == "plotly_chart":
            found.extend(_figure_texts(json.loads(proto.spec)))
        elif proto is not None and not (node.type == "markdown" and proto.element_type == 2):
            found.extend(_strings(proto))
        for child in (getattr(node, "children", None) or {}).values():
            walk(child)

    walk(at._tree)
    return found


def translated_english(lang: str) -> list[str]:
    """The catalogue's English texts that `lang` translates differently (their longest piece
    between placeholders, when that is long enough to be found in a text)."""
    pieces = []
    for entry in catalogues.read(i18n.catalogue_path(lang), lang):
        if not entry.id or isinstance(entry.id, tuple) or entry.string in ("", entry.id):
            continue
        longest = max(re.split(r"\{[^{}]*\}", entry.id), key=len)
        if " " in longest.strip() and len(longest) >= 12:
            pieces.append(longest)
    return pieces


def _without_formulas_and_asides(text: str) -> str:
    """`text` without its formulas, code and parentheses (nested ones too: a citation such as
    "(Järvelin & Kekäläinen, ACM TOIS 20(4), 2002)" stays as it is in every language)."""
    while True:
        shorter = _FORMULA_OR_CODE.sub(" ", text)
        if shorter == text:
            return text
        text = shorter


def untranslated(at: AppTest, lang: str) -> list[str]:
    texts = shown_texts(at)
    found = [piece for piece in translated_english(lang) if any(piece in t for t in texts)]
    if lang == "zh":
        for text in texts:
            found += _ENGLISH_RUN.findall(_without_formulas_and_asides(text))
    return found


# Words a table's header keeps in every language: the measures' and tools' names, notation (log
# in a discount, gm for trec_eval's geometric mean, d_z, R_i), the acronym ID, Holm's name (his
# correction), the averages' names macro and micro, and the sample collection's file names (its
# runs' names: user data).
_HEADER_NAMES = (
    KEPT
    | {spec.family for spec in SPECS.values()}
    | {"log", "gm", "JK", "d_z", "R_i", "ID", "Holm", "macro", "micro"}
    | {path.stem for path in (REPO_ROOT / "data" / "sample").iterdir()}
)


def shown_headers(at: AppTest) -> list[str]:
    """The column headers of every table the run shows: a column's label from its column
    config (the translated one, ui.shared.language.headers), else its name; the index's name too
    unless hidden."""
    found = []
    for frame in [*at.dataframe, *at.table]:
        config = json.loads(getattr(frame.proto, "columns", "") or "{}")
        table = frame.value
        names = [str(n) for n in table.index.names if n is not None]
        if config.get("_index", {}).get("hidden"):
            names = []
        for name in names + [str(c) for c in table.columns]:
            column = config.get(name, {})
            if not column.get("hidden"):
                found.append(column.get("label") or name)
    return found


def _words_of(texts) -> set[str]:
    """The words of `texts` written in Latin letters only, of two letters or more, lower case
    (an identifier such as run_medium or p_randomisation is one word; "thứ" is no such word)."""
    words = (word for text in texts for word in _WORD.findall(text))
    return {word.lower() for word in words if word.isascii() and len(word) >= 2}


@functools.cache
def _own_words(lang: str) -> frozenset[str]:
    """The words written in Latin letters that `lang`'s translations use and the English texts
    do not (Vietnamese's own: "theo", "cho")."""
    entries = [e for e in catalogues.read(i18n.catalogue_path(lang), lang) if e.id]
    english = _words_of(text for e in entries for text in _forms(e.id))
    return frozenset(_words_of(text for e in entries for text in _forms(e.string)) - english)


def _forms(text) -> tuple[str, ...]:
    return text if isinstance(text, tuple) else (text,)


def english_headers(at: AppTest, lang: str) -> list[str]:
    """The headers that show an English word: a word of two letters or more, inside
    parentheses too, that is neither a name kept in every language (_HEADER_NAMES), nor the
    user's data (a run's name, a query id), nor, in Vietnamese, a word of its translations."""
    data = _words_of(
        str(cell) for frame in [*at.dataframe, *at.table] for cell in frame.value.to_numpy().ravel()
    )
    kept = _words_of(_HEADER_NAMES) | data | (_own_words(lang) if lang == "vi" else set())
    terms = _glossary_terms(lang)
    return [h for h in shown_headers(at) if _words_of([terms.sub(" ", h)]) - kept]


@functools.cache
def _glossary_terms(lang: str) -> re.Pattern:
    """The glossary's terms in `lang`, some of which keep an English name in parentheses on
    purpose: 运行结果（run）, lượt chạy (run)."""
    with (REPO_ROOT / "i18n" / "glossary.csv").open(encoding="utf-8") as file:
        terms = [row[lang] for row in csv.DictReader(file) if not row[lang].isascii()]
    return re.compile("|".join(map(re.escape, sorted(terms, key=len, reverse=True))))


def _lang_param(at: AppTest) -> str | None:
    value = at.query_params.get("lang")
    return value[-1] if isinstance(value, list) else value


def in_language(app: AppTest, lang: str) -> AppTest:
    app.query_params["lang"] = lang
    return app.run()


@pytest.mark.parametrize("lang", ["zh", "vi"])
def test_every_page_runs_in_each_language(app: AppTest, lang: str) -> None:
    at = in_language(app, lang)
    for entry in PAGES:
        at.switch_page(entry.file).run()
        assert not at.exception, f"{entry.file} in {lang}: {at.exception}"


@pytest.mark.parametrize("lang", ["zh", "vi"])
@pytest.mark.parametrize("page", [entry.file for entry in PAGES])
def test_a_translated_page_shows_no_english_sentence(app: AppTest, lang: str, page: str) -> None:
    at = in_language(app, lang)
    at.switch_page(page).run()
    assert not at.exception
    assert untranslated(at, lang) == []


def test_the_check_finds_english_on_a_page_in_english(app: AppTest) -> None:
    # the same check on the home page in English finds its sentences (it can fail)
    at = app.run()
    assert untranslated(at, "zh")


def test_the_link_chooses_the_language_and_the_address_keeps_it(app: AppTest) -> None:
    at = in_language(app, "zh")
    assert at.selectbox(key="language").value == "zh"
    assert at.title[0].value == "RankLab"
    assert at.subheader[0].value == i18n.translations("zh").gettext("Learn")
    at.switch_page("app_pages/playground.py").run()
    assert _lang_param(at) == "zh"


def test_the_picker_changes_the_language_and_english_leaves_the_address_clean(
    app: AppTest,
) -> None:
    at = app.run()
    assert at.subheader[0].value == "Learn" and "lang" not in at.query_params
    at.selectbox(key="language").set_value("vi").run()
    assert at.subheader[0].value == i18n.translations("vi").gettext("Learn")
    assert _lang_param(at) == "vi"
    at.selectbox(key="language").set_value("en").run()
    assert at.subheader[0].value == "Learn" and "lang" not in at.query_params


def test_a_language_the_link_asks_for_but_ranklab_lacks_is_said_and_english_shown(
    app: AppTest,
) -> None:
    app.query_params["lang"] = "fr"
    at = app.run()
    assert at.subheader[0].value == "Learn"
    assert any("fr" in c.value and "does not speak" in c.value for c in at.sidebar.caption)


def test_the_browser_language_is_the_default(app: AppTest, monkeypatch) -> None:
    import streamlit as st

    monkeypatch.setattr(type(st.context), "locale", property(lambda self: "vi-VN"))
    at = app.run()
    assert at.selectbox(key="language").value == "vi"


def test_options_keep_their_values_and_show_translated_labels(app: AppTest) -> None:
    # the Pitfalls lab's source radio in Chinese: picked by its value, labelled in Chinese
    at = in_language(app, "zh")
    at.switch_page("app_pages/pitfalls.py").run()
    source = at.radio(key="lab_source")
    chinese = i18n.translations("zh").gettext
    english = ["My Playground list", "The example that shows a mistake best"]
    assert source.options == [chinese(label) for label in english]
    assert all(not label.isascii() for label in source.options)
    source.set_value(source.value).run()
    assert not at.exception


def test_a_cached_result_holds_the_language_it_was_made_in() -> None:
    from ui.shared import cached

    @cached._data
    def sentence(n: int) -> str:
        return i18n._("Language") + f" {n}"

    seen = {}

    def student(lang: str) -> None:
        i18n.use(lang)
        seen[lang] = sentence(1)

    for lang in ("vi", "zh", "en"):
        thread = threading.Thread(target=student, args=(lang,))
        thread.start()
        thread.join()
    in_ = {lang: i18n.translations(lang).gettext("Language") for lang in ("vi", "zh")}
    assert seen == {"vi": f"{in_['vi']} 1", "zh": f"{in_['zh']} 1", "en": "Language 1"}
    assert len(set(seen.values())) == 3  # three languages, three words


@pytest.mark.parametrize("lang", ["zh", "vi"])
def test_the_playgrounds_calculation_and_plots_are_translated(app: AppTest, lang: str) -> None:
    at = in_language(app, lang)
    at.switch_page("app_pages/playground.py").run()
    at.session_state["calc_open"] = True
    at.session_state["plots_open"] = True
    at.run()
    tabs = ["Contribution per rank", "Cumulative gain", "Measures at every depth"]
    found = untranslated(at, lang)
    for tab in tabs:
        at.session_state["plot_tab"] = i18n.translations(lang).gettext(tab)
        at.run()
        assert not at.exception
        found += untranslated(at, lang)
    assert len(at.get("plotly_chart")) == 1 and at.latex  # the sections were built
    assert sorted(set(found)) == []


def test_the_open_tab_stays_open_when_the_language_changes(app: AppTest) -> None:
    at = app.run()
    at.switch_page("app_pages/evaluate.py").run()
    at.session_state["ev_tab"] = "Compare runs"
    at.run()
    at.selectbox(key="language").set_value("vi").run()
    assert at.session_state["ev_tab"] == i18n.translations("vi").gettext("Compare runs")
    assert not at.exception


def test_a_damaged_link_is_explained_in_each_sessions_language(app: AppTest, monkeypatch) -> None:
    # the decoded link is cached for all sessions: an English session first, then a Chinese
    # one (the browser's language, not the link's) opening the same damaged link
    import streamlit as st

    app.query_params["g"] = "3,x,1"
    english = app.run()
    english.switch_page("app_pages/playground.py").run()
    assert any("damaged or edited by hand" in w.value for w in english.warning)

    monkeypatch.setattr(type(st.context), "locale", property(lambda self: "zh-CN"))
    chinese = AppTest.from_file(str(APP), default_timeout=30)
    chinese.query_params["g"] = "3,x,1"
    chinese.run().switch_page("app_pages/playground.py").run()
    warnings = [w.value for w in chinese.warning]
    assert warnings and not any("damaged" in w or "not a number" in w for w in warnings)
    assert untranslated(chinese, "zh") == []


EVALUATE_TABS = ("Means", "Per query", "Compare runs", "Groups", "Assessor agreement")


def _open_evaluate_tab(at: AppTest, lang: str, tab: str) -> None:
    """The Evaluate page (the sample collection) with its tab `tab` (English) open."""
    at.switch_page("app_pages/evaluate.py").run()
    at.session_state["ev_tab"] = i18n.translations(lang).gettext(tab)
    at.run()


def _evaluate_tabs(at: AppTest, lang: str):
    """The Evaluate page's tabs, each open in turn."""
    for tab in EVALUATE_TABS:
        _open_evaluate_tab(at, lang, tab)
        yield tab


def _worked_disagreement(at: AppTest):
    """The Conventions page with its first known disagreement worked (its list's table)."""
    at.switch_page("app_pages/conventions.py").run()
    at.session_state["conv_example"] = DISAGREEMENTS[0].key
    at.run()
    yield "a known disagreement"


def _lab_on_err(at: AppTest):
    """The Pitfalls lab with ERR's top-grade mistake on (its rank-by-rank tables)."""
    at.switch_page("app_pages/pitfalls.py").run()
    at.session_state["lab_source"] = "example"
    at.selectbox(key="lab_family").set_value("ERR").run()
    at.session_state["lab_err_gmax_4"] = True
    at.run()
    yield "the Pitfalls lab on ERR"


@pytest.mark.parametrize("lang", ["zh", "vi"])
def test_no_table_header_is_left_in_english(app: AppTest, lang: str) -> None:
    """Every table's headers, on every page and in the tables a page shows after a choice, in
    the language (column names in parentheses too, which the sentence check leaves out)."""
    at = in_language(app, lang)
    found = {}
    for entry in PAGES:
        at.switch_page(entry.file).run()
        found[entry.file] = english_headers(at, lang)
    for state in (_evaluate_tabs(at, lang), _worked_disagreement(at), _lab_on_err(at)):
        for where in state:
            assert not at.exception, f"{where}: {at.exception}"
            assert at.dataframe or at.table, f"{where}: no table shown"
            found[where] = english_headers(at, lang)
    english = [f"{where}: {headers}" for where, headers in found.items() if headers]
    assert english == [], "\n".join(english)


def _check_page_states(at: AppTest):
    """The Check page on the Playground's list, after an answer nothing explains (the right
    calculation 'under' the convention), and on a typed list (its convention picker)."""
    at.switch_page("app_pages/check.py").run()
    yield "the Check page"
    at.text_input(key="check_answer").input("0.1234").run()
    yield "the Check page's right calculation"
    at.session_state["check_source"] = "typed"
    at.run()
    yield "the Check page on a typed list"


@pytest.mark.parametrize("lang", ["zh", "vi"])
def test_the_textbook_preset_is_named_in_the_language(app: AppTest, lang: str) -> None:
    # "Textbook" describes a convention (translated: the glossary's one word per language);
    # the presets named after a tool keep the tool's name
    at = in_language(app, lang)
    textbook = i18n.translations(lang).gettext("Textbook")
    found = {}
    for page in ("app_pages/evaluate.py", "app_pages/exercises.py", "app_pages/pitfalls.py"):
        at.switch_page(page).run()
        assert not at.exception, page
        found[page] = shown_texts(at)
    for where in _check_page_states(at):
        assert not at.exception, where
        found[where] = shown_texts(at)
    for where, texts in found.items():
        assert not [t for t in texts if "Textbook" in t], where
        assert any(textbook in t for t in texts), where


@pytest.mark.parametrize("lang", ["zh", "vi"])
def test_the_compare_cards_ties_are_the_charts_draws(app: AppTest, lang: str) -> None:
    # a query where both runs score the same is a draw (平局 / hòa), as the chart beside the
    # card says, not a tie in a ranking (并列 / đồng hạng)
    at = in_language(app, lang)
    _open_evaluate_tab(at, lang, "Compare runs")
    same = i18n.translations(lang).gettext("Queries where both score the same.")
    (card,) = [m for m in at.metric if m.proto.help == same]
    (chart,) = [f for f in plotly_figures(at) if f["data"][0]["type"] == "bar"]
    (tie,) = [t for t in chart["data"] if t["marker"]["color"] == OUTCOME_COLORS["tie"]]
    assert tie["name"] == f"{card.label} ({card.value})"


@pytest.mark.parametrize("lang", ["zh", "vi"])
def test_the_kappa_caption_says_observed_and_chance_in_the_language(app: AppTest, lang) -> None:
    at = in_language(app, lang)
    _open_evaluate_tab(at, lang, "Assessor agreement")
    (caption,) = [c.value for c in at.caption if c.value.startswith("κ = 1 − Σ w·")]
    assert not re.search(r"observed|expected|chance", caption), caption
