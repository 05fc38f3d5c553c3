"""A round of exercises: its declared state (`ROUND`), its settings' widgets, and its link.

The round's number, convention, k, kinds and the teacher's tolerance are fields of `ROUND`, each
with its parameter in the link (``seed``, ``qconv``, ``qk``, ``ex``, ``qtol``), so one shared
address gives a whole class the same lists. The page reads its link with the one codec
(ui.shared.link) when the address holds a round the page did not write itself (a link opened,
pasted or edited by hand), and writes the round back into the address after every run, so the
address bar and the address shown to share are the same. A damaged link is not silently
replaced: each part it could not use is named with what is used instead.

Links written before the models keep opening: the convention may be named by its slug or its
name, the kinds by their keys or their titles in any language (the widgets used to keep the
shown text in the address), and a round's ``pm=1`` turns presentation mode on, as it did.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Mapping, Sequence
from copy import copy
from dataclasses import replace
from typing import Any
from urllib.parse import urlencode

import streamlit as st

from i18n import LANGUAGES, _, ngettext, translations
from rankwork.core.conventions import PRESETS
from rankwork.teaching.exercises import CUTOFFS, DEFAULT_KINDS, KINDS
from ui.playground import state
from ui.playground.model import SETTINGS, preset_slug
from ui.shared import language, link
from ui.shared.link import Bad, shown
from ui.shared.numbers import grouped
from ui.shared.state import Field, Model

URL_PATH = (
    "exercises"  # the page's address (ui/shared/navigation.py); /quiz, its former one, forwards
)
SLUGS = {preset_slug(name): name for name in PRESETS}
DEFAULT_SEED = 1
MAX_SEED = 999_999
DEFAULT_SLUG = next(iter(SLUGS))  # the convention selectbox starts on its first option
DEFAULT_K = 5
MIN_TOLERANCE, MAX_TOLERANCE = 0.00001, 0.5


def _kind_texts() -> dict[str, str]:
    """Every text a link may name a kind by -> its key: the key, its title in every language."""
    out = {kind: kind for kind in KINDS}
    for lang in LANGUAGES:
        out.update({translations(lang).gettext(title): kind for kind, title in KINDS.items()})
    return out


def _convention_texts() -> dict[str, str]:
    """Every text a link may name a convention by -> its slug: the slug, its name in English
    and in every language."""
    out = {slug: slug for slug in SLUGS}
    for lang in LANGUAGES:
        out.update({translations(lang).gettext(name): slug for slug, name in SLUGS.items()})
    return out


def _tolerance(text: str) -> float:
    value = link.parse_number(text)
    if not MIN_TOLERANCE <= value <= MAX_TOLERANCE:
        raise ValueError(text)
    return value


ROUND = Model(
    "exercises",
    (
        Field("ex_seed", int, DEFAULT_SEED, "seed", link.whole(0, MAX_SEED),
              widget=True, persists=True),
        Field("ex_conv", str, DEFAULT_SLUG, "qconv", link.choice(_convention_texts()),
              widget=True, persists=True),
        Field("ex_k", int, DEFAULT_K, "qk", link.choice({str(k): k for k in CUTOFFS}),
              widget=True, persists=True),
        Field("ex_kinds", list, list(DEFAULT_KINDS), "ex",
              replace(link.choice(_kind_texts()), repeated=True), widget=True, persists=True),
        Field("ex_tol", (float, type(None)), None, "qtol",
              link.Codec(_tolerance, link.number_text), widget=True, persists=True),
        Field("ex_link", dict, None, persists=True),  # the round's parameters the page wrote
        Field("ex_link_problems", list, [], persists=True),
        Field("quiz_", family=True, widget=True),  # answer boxes, solutions, downloads
    ),
)  # fmt: skip
#: A round's link may turn presentation mode on (``pm=1``): the Playground's setting.
PRESENTATION = Model("presentation in a round's link", (SETTINGS["presentation"],))


# --- the link ----------------------------------------------------------------------------------


def _page_params(params: Mapping[str, Sequence[str]]) -> dict[str, list[str]]:
    """The parameters of `params` that are the round's (and ``pm``)."""
    own = [f.url_key for f in (*ROUND.linked, *PRESENTATION.linked)]
    return {p: list(params[p]) for p in own if p in params}


def open_link() -> None:
    """Before the round's widgets: when the address holds a round this page did not write (a
    link just opened), make it the round, every field the link leaves out at its default, and
    note what could not be used (`link_problems`). Fields never given a value start at their
    defaults."""
    ss = st.session_state
    for f in ROUND.fields:
        if f.widget and not f.family:
            ss.setdefault(f.key, copy(f.default))  # a session's own list, never the model's
    given = _page_params(link.query())
    if not given or given == ss.get("ex_link"):
        return
    values, bad = link.decode(ROUND, given)
    for f in ROUND.linked:
        ss[f.key] = values.get(f.key, copy(f.default))
    kinds = list(dict.fromkeys(values.get("ex_kinds", ())))  # the known ones, each once
    if "ex" in given:
        ss["ex_kinds"] = (
            kinds
            if kinds or not any(b.field.key == "ex_kinds" for b in bad)
            else list(DEFAULT_KINDS)
        )
    shown_pm, bad_pm = link.decode(PRESENTATION, given)
    if "presentation" in shown_pm:
        state.set_settings(shown_pm)
    ss["ex_link_problems"] = [_problem(b, kinds) for b in (*bad, *bad_pm)]
    ss["ex_link"] = given


def _params(presentation: bool, base: dict[str, Any] | None) -> dict[str, list[str]]:
    """The round's parameters: the fields that differ from `base` (None: their defaults), and
    ``pm=1`` in presentation mode."""
    values = {f.key: st.session_state[f.key] for f in ROUND.linked}
    coded = link.encode(ROUND, values, base)
    params = {p: v if isinstance(v, list) else [v] for p, v in coded.items()}
    if presentation:
        params["pm"] = ["1"]
    return params


def write_link(presentation: bool) -> None:
    """Write the round into the address bar, leaving out what is at its default (only the
    round's own parameters: another page's are left alone)."""
    params = _params(presentation, None)
    for p in (*(f.url_key for f in ROUND.linked), "pm"):
        if p in params and st.query_params.get_all(p) != params[p]:  # type: ignore[arg-type]
            st.query_params[p] = params[p]  # type: ignore[index]
        elif p not in params and p in st.query_params:
            del st.query_params[p]  # type: ignore[arg-type]
    st.session_state["ex_link"] = params


def address(presentation: bool) -> str:
    """This round's shareable address: every setting of the round (so that a printed sheet
    names them all), the class's language, and ``pm=1`` in presentation mode."""
    params = _params(presentation, {})
    ordered: dict[str, Any] = {p: params[p] for p in ("seed", "qconv", "qk", "ex")}
    ordered.update(language.link_params())
    ordered.update({p: params[p] for p in ("qtol", "pm") if p in params})
    base = (st.context.url or "").rstrip("/").removesuffix(f"/{URL_PATH}")
    return f"{base}/{URL_PATH}?{urlencode(ordered, doseq=True)}"


def link_problems() -> list[str]:
    """What was wrong with the link this page was opened with (empty when nothing)."""
    return st.session_state.get("ex_link_problems", [])


def dismiss_link_problems() -> None:
    st.session_state["ex_link_problems"] = []


# Each sentence below names what is wrong with a parameter ('seed=x', as the link wrote it) and
# what is used instead.


def _instead(key: str) -> str:
    """What is used instead of a field's bad value."""
    return {
        "ex_seed": lambda: _("round {seed}").format(seed=DEFAULT_SEED),
        "ex_conv": lambda: SLUGS[DEFAULT_SLUG],
        "ex_k": lambda: f"k = {DEFAULT_K}",
        "ex_tol": lambda: _("the decimals typed"),
    }[key]()


_SAID: dict[str, Callable[[str], str]] = {
    "ex_seed": lambda given: _(
        "{given} is not a whole number from 0 to {most}; using round {seed}."
    ).format(given=given, most=grouped(MAX_SEED), seed=DEFAULT_SEED),
    "ex_conv": lambda given: _(
        "{given} names no convention; using {default}. Conventions: {conventions}."
    ).format(given=given, default=_(SLUGS[DEFAULT_SLUG]), conventions=", ".join(SLUGS)),
    # i18n: {first} is "3, 4", {last} is "5"
    "ex_k": lambda given: _(
        "{given} is not a cutoff the exercises use ({first} or {last}); using k = {k}."
    ).format(given=given, first=", ".join(map(str, CUTOFFS[:-1])), last=CUTOFFS[-1], k=DEFAULT_K),
    "ex_tol": lambda given: _(
        "{given} is not a tolerance from {least} to {most}; answers are checked to the "
        "decimals typed."
    ).format(given=given, least=f"{MIN_TOLERANCE:.5f}", most=f"{MAX_TOLERANCE:g}"),
    "presentation": lambda given: _(
        "pm={given} is not 0 or 1; presentation mode is unchanged."
    ).format(given=given.removeprefix("pm=")),
}


def _problem(bad: Bad, kinds: list[str]) -> str:
    """The sentence naming a part of the link that was not used, and what is used instead
    (`kinds`: the kinds of exercise the link names rightly)."""
    key = bad.field.key
    if bad.why is None and key != "presentation":  # a parameter given more than once
        said = _("{param} is given {n} times ({values}); using {instead}.")
        values = ", ".join(map(shown, bad.texts))
        return said.format(
            param=bad.field.url_key, n=len(bad.texts), values=values, instead=_instead(key)
        )
    if key != "ex_kinds":
        return _SAID[key](bad.given)
    if kinds:
        said = ngettext(
            "{given} is not a kind of exercise ({kinds}); using the others, {others}.",
            "{given} are not kinds of exercise ({kinds}); using the others, {others}.",
            len(bad.texts),
        )
    else:
        said = ngettext(
            "{given} is not a kind of exercise ({kinds}); using the default kinds.",
            "{given} are not kinds of exercise ({kinds}); using the default kinds.",
            len(bad.texts),
        )
    given = "ex=" + ", ".join(map(shown, bad.texts))
    return said.format(given=given, kinds=", ".join(KINDS), others=", ".join(kinds))


# --- the widgets -------------------------------------------------------------------------------


def new_round() -> None:
    """Callback: a fresh random round number."""
    st.session_state["ex_seed"] = secrets.randbelow(MAX_SEED) + 1


def settings() -> tuple[int, list[str], str, int, float | None]:
    """The round's number, kinds, convention name, k and the tolerance answers are checked
    with (None: the precision typed), each widget showing its field of `ROUND`."""
    seed_col, conv_col, k_col, tol_col = st.columns([2, 3, 1, 1.6])
    seed = seed_col.number_input(
        _("Round number"), min_value=0, max_value=MAX_SEED, step=1,
        help=_("The same number gives everyone the same lists."), **ROUND.widget("ex_seed"),
    )  # fmt: skip
    slug = conv_col.selectbox(
        _("Convention"),
        list(SLUGS),
        format_func=language.labels(SLUGS),  # a preset's name translated, a tool's as it is
        **ROUND.widget("ex_conv"),
    )
    k = k_col.selectbox(_("Cutoff k"), CUTOFFS, **ROUND.widget("ex_k"))
    tolerance = tol_col.number_input(
        _("Tolerance ±"),
        min_value=MIN_TOLERANCE,
        max_value=MAX_TOLERANCE,
        step=0.0005,
        format="%g",
        placeholder=_("as typed"),
        help=_(
            "Empty: an answer is right when it is the value rounded to the decimals typed "
            "(at least 2), or the sum of the worked solution's terms as they are rounded there. "
            "A number such as 0.001: right when within ± that of the value."
        ),
        **ROUND.widget("ex_tol"),
    )
    kinds = st.multiselect(
        _("Exercises"),
        list(KINDS),
        format_func={kind: _(KINDS[kind]) for kind in KINDS}.get,  # in this run's language
        **ROUND.widget("ex_kinds"),
    )
    st.button(_("New round"), on_click=new_round, icon=":material/casino:")
    return int(seed), kinds, SLUGS[slug], int(k), tolerance
