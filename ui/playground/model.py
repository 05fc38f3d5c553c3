"""The Playground's declared state (ui.shared.state): its settings and every session key it uses.

`SETTINGS` is the settings dict (``st.session_state["settings"]``, ui.playground.state): one
field per setting, with its type, default, and its parameter in the link (``top``, ``k``,
``preset``, one short parameter per `Convention` field, ``a`` and ``w`` for the diversity
measures, ``dec``, ``pm``, ``cl``, ``cards``, ``more``), in the order the link writes them. The
settings are plain values (they persist); a setting's widget, ``w_<name>``, is re-made from it on
every visit. `PLAYGROUND` holds the other keys: the three tables with their editors' snapshots,
the last result, what the page remembers between runs.

The ranked list itself is written in the link by ui.playground.link (``g``, ``d``, ``s``, ``u``,
``sub``, ``usub``: `LIST_PARAMS`), which checks it against the core as a whole.
"""

from __future__ import annotations

import re
import unicodedata
from urllib.parse import quote, unquote

from rankwork.core import conventions
from rankwork.core.conventions import PRESETS
from rankwork.core.diversity import DEFAULT_ALPHA
from rankwork.core.intents import parse_weights
from rankwork.explore.report import CARDS, MORE
from ui.playground.inputs import (
    CONVENTION_FIELDS,
    DEFAULT_DECIMALS,
    DEFAULT_K,
    DEFAULT_PRESET,
    DEFAULT_PROJECTOR_CARDS,
    DEFAULT_SCALE_MAX,
    MAX_K,
    SCALE_MAXIMA,
    preset_fields,
)
from ui.shared import link
from ui.shared.state import Field, Model

MAX_DECIMALS = 12
LIST_PARAMS = ("g", "d", "s", "u", "sub", "usub")  # the ranked list's parameters
NUMBER = (int, float)


def preset_slug(name: str) -> str:
    """A URL-friendly preset key: 'Järvelin & Kekäläinen 2002' -> 'jarvelin-kekalainen-2002'."""
    ascii_name = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]+", "-", ascii_name.lower()).strip("-")


PRESET_BY_SLUG = {preset_slug(name): name for name in PRESETS}


def escape(name: str, separators: str) -> str:
    """A name inside a list parameter: % and the list's separators percent-escaped (the URL
    percent-encodes the whole value once more)."""
    for char in "%" + separators:
        name = name.replace(char, quote(char, safe=""))
    return name


def _weights_codec() -> link.Codec:
    """The intent weights' text ('1:0.5, 2:0.5') <-> ``w=1:0.5,2:0.5`` (names escaped)."""

    def parse(text: str) -> str:
        pairs = []
        for item in text.split(","):
            name, colon, weight = item.rpartition(":")
            pairs.append(f"{unquote(name)}:{weight}" if colon else item)
        return ", ".join(pairs)

    def write(text: str) -> str:
        weights = parse_weights(text)
        return ",".join(f"{escape(n, ',:')}:{link.number_text(v)}" for n, v in weights.items())

    return link.Codec(parse, write)


#: Convention field -> (type, URL parameter, codec). A test checks that it covers them all.
_CONVENTION = {
    "gain": (str, "gain", link.choices(conventions.GAINS)),
    "gain_map": (tuple, "gm", link.number_pairs(100)),
    "discount": (str, "disc", link.choices(conventions.DISCOUNTS)),
    "log_base": (NUMBER, "b", link.number()),
    "discount_p": (NUMBER, "dp", link.number()),
    "ideal": (str, "ideal", link.choices(conventions.IDEALS)),
    "ideal_cut": (bool, "cut", link.flag()),
    "dcg_cutoff": (bool, "dk", link.flag()),
    "empty_value": (NUMBER, "empty", link.choice({"0": 0.0, "1": 1.0}, link.number_text)),
    "err_gmax": ((*NUMBER, type(None)), "eg", link.optional_number("scale")),
    "rbp_p": (NUMBER, "rp", link.number()),
    "rbp_gain": (str, "rg", link.choices(conventions.RBP_GAINS)),
    "rbp_gmax": ((*NUMBER, type(None)), "rgm", link.optional_number("scale")),
    "rel_threshold": (NUMBER, "t", link.number()),
    "ties": (str, "ties", link.choices(conventions.TIES)),
    "float32_scores": (bool, "f32", link.flag()),
    "negative": (str, "neg", link.choices(conventions.NEGATIVES)),
}
_TEXTBOOK = preset_fields(DEFAULT_PRESET)

SETTINGS = Model(
    "playground settings",
    (
        Field(
            "scale_max",
            int,
            DEFAULT_SCALE_MAX,
            "top",
            link.whole(min(SCALE_MAXIMA), max(SCALE_MAXIMA)),
            always=True,
            widget=True,
        ),  # fmt: skip
        Field("k", int, DEFAULT_K, "k", link.whole(1, MAX_K), always=True, widget=True),
        Field(
            "preset",
            str,
            DEFAULT_PRESET,
            "preset",
            link.choice(PRESET_BY_SLUG, preset_slug),
            always=True,
            widget=True,
        ),  # fmt: skip
        *(
            Field(name, kind, _TEXTBOOK[name], param, codec, widget=True)
            for name, (kind, param, codec) in _CONVENTION.items()
        ),
        Field("alpha", NUMBER, DEFAULT_ALPHA, "a", link.number(), widget=True),
        Field("weights", str, "", "w", _weights_codec(), widget=True),
        Field("decimals", int, DEFAULT_DECIMALS, "dec", link.whole(0, MAX_DECIMALS), widget=True),
        Field("presentation", bool, False, "pm", link.flag(), widget=True),
        Field("condensed", bool, False, "cl", link.flag(), widget=True),
        Field("cards", tuple, DEFAULT_PROJECTOR_CARDS, "cards", link.names(CARDS), widget=True),
        Field("more", tuple, (), "more", link.names(MORE), widget=True),
    ),
    store="settings",
    widget_prefix="w_",
)
assert set(CONVENTION_FIELDS) == set(_CONVENTION), "every Convention field has its parameter"


def _table(name: str) -> tuple[Field, ...]:
    """A canonical table, its editor's snapshot, the editor's state and its arguments."""
    return (
        Field(name, persists=True),
        Field(f"{name}_base", persists=True),
        Field(f"{name}_editor", dict, widget=True),
        Field(f"{name}_editor_args", str, persists=True),
    )


PLAYGROUND = Model(
    "playground",
    (
        *_table("ranking"),
        *_table("unretrieved"),
        *_table("gain_map"),
        Field("link_opened", bool, False, persists=True),
        Field("link_problems", list, [], persists=True),
        Field("last_result", object, None, persists=True),
        Field("current_ranking_memo", tuple, None, persists=True),
        Field("settings_built", bool, False, persists=True),
        Field("settings_drawn_from", str, None, persists=True),
        Field("settings_open", bool, False, widget=True),
        Field("calc_open", bool, False, widget=True),
        Field("plots_open", bool, False, widget=True),
        Field("plot_tab", str, None, widget=True),
        Field("plot_tab_labels", list, None, persists=True),
        Field("card_history", dict, None, persists=True),
        Field("list_box", str, "", widget=True),
        Field(
            "list_box_", family=True, persists=True
        ),  # the text box's memory (ui.playground.list_box)
        Field("move_rank", int, 1, widget=True, persists=True),
        Field("seed", int, 1, widget=True, persists=True),  # Shuffle's and Random list's
        Field("loaded_example", str, None, persists=True),
        Field("k_offer", tuple, None, persists=True),
        Field("try_open", bool, False, widget=True),
        Field("try_family", str, None, widget=True, persists=True),  # kept while closed
        Field("try_mistakes_", family=True, widget=True, persists=True),  # picked, per family
    ),
)
