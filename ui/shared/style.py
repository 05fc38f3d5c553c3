"""The app's few CSS rules, in one place: tighter top padding; metric cards sized for the
screen (normal) or for a projector (presentation mode), with room for the change badge that
appears after the first edit (so the list below does not move: it jumped 31 px, 36 px in
presentation mode; the Exercises' score cards, which never show a badge, take no extra room);
two lines reserved under the Playground's text box, whose message changes;
code boxes whose text keeps clear of the copy button.

A card never cuts a text: its label, value, change and interval wrap where Streamlit's own rule
ends them in "…" (a range read "9.96…" at 1400 px); a large card's value shrinks with the card
(at most 2.8 rem, 26% of its width: "123.4567" fits), and so does its interval (1.3 rem, 13%:
"∈ [0.5057, 0.7678]" on one line). In presentation mode the list (45% of the width) and the
cards (55%) sit side by side while they have 24 and 25 rem, else the cards go below the list
(the sidebar opened at 1280 px cut every value); the list's grid is enlarged by `GRID_ZOOM`.

The page's language is set on the document (`<html lang>`, by `document_language`): the
browser then picks its fonts for that language (without it Chromium drew Chinese in the first
CJK font the system lists, a brush-style Kaiti on machines with TeX's fonts). The font stack
itself, which also reaches the data grids' canvas and the plots, is the theme's (`font` in
.streamlit/config.toml, `FONT_FAMILY` for plotly)."""

import json

import streamlit as st

#: Streamlit's own sans-serif for Latin and Vietnamese, then sans-serif CJK fonts for Chinese
#: (Debian's Noto, Adobe's Source Han, macOS's PingFang, Windows' YaHei, WenQuanYi). The theme's
#: `font` in .streamlit/config.toml lists the same (a test holds them equal; Streamlit appends
#: its own sans-serif to it); FONT_FAMILY, with the generic family last, is the plots'.
FONTS = (
    "Source Sans",
    "Noto Sans CJK SC",
    "Source Han Sans SC",
    "PingFang SC",
    "Microsoft YaHei",
    "WenQuanYi Micro Hei",
)
FONT_FAMILY = ", ".join([*(f'"{font}"' for font in FONTS), "sans-serif"])
#: The BCP 47 tag of each language RankLab speaks (Chinese is written in simplified characters).
HTML_LANG = {"en": "en", "zh": "zh-Hans", "vi": "vi"}
_LANGUAGE_SCRIPT = "document-language"  # the script's id; its box is hidden (CSS)

#: Presentation mode's row of the list and the cards (the row that holds the large cards).
PROJECTOR_VIEW = (
    '[data-testid="stHorizontalBlock"]:has(> [data-testid="stColumn"] .st-key-cards_large)'
)
#: How much presentation mode enlarges the list's grid. The grid draws its text on a canvas in a
#: font size fixed by Streamlit's theme (14 px), which no style rule reaches: CSS `zoom` scales
#: the whole grid instead (its text, rows and columns; clicks still find their cell), 14 px ->
#: 19.6 px, and its width is divided by as much so that it fills its column
#: (ui/playground/editors.py sizes its rows and columns to fit).
GRID_ZOOM = 1.4

CARD_TEXTS = (
    '[data-testid="stMetric"] :is([data-testid="stMetricLabel"], [data-testid="stMetricValue"],'
    ' [data-testid="stMetricDelta"], [data-testid="stMetricDeltaDescription"])'
)

CSS = """
<style>
[data-testid="stMainBlockContainer"] { padding-top: 2.5rem; }
[data-testid="stMetricValue"] { font-variant-numeric: tabular-nums; }
CARD_TEXTS, CARD_TEXTS * { white-space: normal; overflow: visible; text-overflow: clip; }
div:has(> [data-testid="stMetricDeltaDescription"]) { flex-wrap: wrap; row-gap: 0.25rem; }
.st-key-cards [data-testid="stMetricValue"] { font-size: 1.65rem; }
.st-key-cards_large [data-testid="stMetric"],
.st-key-score_large [data-testid="stMetric"] { container-type: inline-size; }
.st-key-cards_large [data-testid="stMetricValue"],
.st-key-score_large [data-testid="stMetricValue"] {
  font-size: min(2.8rem, 26cqi); line-height: 1.15;
}
.st-key-cards_large [data-testid="stMetricLabel"] p,
.st-key-score_large [data-testid="stMetricLabel"] p { font-size: 1.4rem; }
.st-key-cards_large [data-testid="stMetricDelta"] { font-size: 1.3rem; }
.st-key-cards_large [data-testid="stMetricDeltaDescription"] p { font-size: min(1.3rem, 13cqi); }
.st-key-cards [data-testid="stMetric"] { min-height: 7.625rem; }
.st-key-cards_large [data-testid="stMetric"] { min-height: 9.5625rem; }
PROJECTOR_VIEW { flex-wrap: wrap; }
PROJECTOR_VIEW > [data-testid="stColumn"] { flex: 9 1 0; min-width: min(24rem, 100%); }
PROJECTOR_VIEW > [data-testid="stColumn"]:has(.st-key-cards_large) {
  flex: 11 1 0; min-width: min(25rem, 100%);
}
PROJECTOR_VIEW .st-key-ranking_editor { zoom: GRID_ZOOM; width: calc(100% / GRID_ZOOM); }
[data-testid="stCode"] pre { padding-right: 2.75rem; }
.st-key-list_box_status { min-height: 2.8rem; }
[data-testid="stElementContainer"]:has(#LANGUAGE_SCRIPT) { display: none; }
</style>
"""
for _name, _value in {
    "CARD_TEXTS": CARD_TEXTS,
    "PROJECTOR_VIEW": PROJECTOR_VIEW,
    "GRID_ZOOM": str(GRID_ZOOM),
    "LANGUAGE_SCRIPT": _LANGUAGE_SCRIPT,
}.items():
    CSS = CSS.replace(_name, _value)


def apply() -> None:
    """Inject the style rules (call once per run, from the entry script)."""
    st.html(CSS)


def document_language(lang: str) -> None:
    """Set `<html lang>` to the session's language (a code of i18n.LANGUAGES, never user text:
    Streamlit has no API for it, so a one-line script does it, in a box that takes no room)."""
    tag = json.dumps(HTML_LANG[lang])
    script = f'<script id="{_LANGUAGE_SCRIPT}">document.documentElement.lang = {tag};</script>'
    st.html(script, unsafe_allow_javascript=True)
