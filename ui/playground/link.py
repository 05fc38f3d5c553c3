"""The Playground's state in a URL query string: compact, validated, size-capped, never pickled.

A link holds the list, the unretrieved grades and every setting as short, readable parameters::

    ?g=3,2,3,0,1,2&u=3,2&top=4&k=5&preset=textbook            (the default page)
    ?g=3,,2&d=a,b,c&s=0.9,0.5,0.5&k=3&preset=trec-eval-ndcg-cut&gain=exponential&t=2

``g`` grades in rank order (empty = unjudged, so ``g=`` is one unjudged document), ``d`` doc ids
(only when not d1, d2, ...; % and ``,`` written %25, %2C), ``s`` scores (only when given), ``u``
grades of judged documents not retrieved, ``top`` the grade scale's maximum, ``k`` the cutoff,
``preset`` the preset the settings start from, then only the convention fields that differ from
that preset (each setting's parameter is declared in ui.playground.model.SETTINGS and read and
written by the one codec, ui.shared.link), ``dec`` the decimals shown, ``cl=1`` the condensed
list (unjudged removed), ``pm=1`` presentation mode and ``cards`` the cards it shows (only when
not the default ones, e.g. ``cards=nDCG,ERR,RBP``), ``more`` the measures added as cards (when
any, e.g. ``more=Q,INST``).

A list with subtopics adds ``sub``, the subtopics of each ranked document (names joined by
``;``, documents by ``,``: ``sub=,1;2,2,,3``), ``usub`` those of the judged documents not
retrieved (when any has some), ``a`` the diversity measures' α (when not 0.5) and ``w`` the
intent weights (when given: ``w=1:0.5,2:0.3,3:0.2``). A list without subtopics has none of them,
so its link is the same as before they existed.

`decode` trusts nothing: every value is parsed by a strict rule (its field's codec: numbers by a
regular expression, choices from the core's lists), the whole state is then checked by the core
itself (`Ranking.build`, `Convention`, `evaluate`), and anything that fails is replaced by its
default and named in a problem message. Unknown parameters are ignored. Parsing never calls eval
or unpickles anything.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from urllib.parse import quote, unquote

import pandas as pd

from i18n import _, ngettext
from rankwork.core.diversity import DEFAULT_ALPHA
from rankwork.core.intents import weights_text
from rankwork.core.ranking import Ranking
from rankwork.explore.report import CARDS, MORE
from ui.playground import examples
from ui.playground.inputs import (
    CONVENTION_FIELDS,
    DEFAULT_SCALE_MAX,
    MAX_K,
    convention_from,
    default_doc_ids,
    default_settings,
    diversity_from,
    evaluate_finite,
    gain_map_frame,
    grade_text,
    preset_fields,
    ranking_frame,
    ranking_from,
    subtopic_texts,
    unretrieved_frame,
)
from ui.playground.model import LIST_PARAMS, PRESET_BY_SLUG, SETTINGS, escape
from ui.shared import link
from ui.shared.link import number_text, parse_number, shown
from ui.shared.numbers import grouped

MAX_QUERY_CHARS = 8_000  # a link longer than this is refused (servers often cap URLs at 8 KB)
MAX_LINK_ROWS = 1_000
MAX_ID_CHARS = 100
_ALPHA, _WEIGHTS = SETTINGS["alpha"], SETTINGS["weights"]
_DIVERSITY = (_ALPHA.url_key, _WEIGHTS.url_key)  # only for a list with subtopics, after them


class LinkTooLong(ValueError):
    """The state is too large to share as a link."""


# --- encode ----------------------------------------------------------------------------------


def encode(ranking: Ranking, settings: Mapping[str, object]) -> dict[str, str]:
    """The query parameters of a valid state (a built Ranking and its settings): the list's,
    then the settings that differ from their preset's (ui.playground.model.SETTINGS).

    Raises `LinkTooLong` when the list has more than MAX_LINK_ROWS rows or the query would be
    longer than MAX_QUERY_CHARS."""
    n = len(ranking)
    if n > MAX_LINK_ROWS or len(ranking.unretrieved) > MAX_LINK_ROWS:
        raise LinkTooLong(
            _("This list is too long to share as a link ({n} documents; at most {max}).").format(
                n=grouped(n), max=grouped(MAX_LINK_ROWS)
            )
        )
    params = {"g": ",".join(grade_text(g) for g in ranking.grades)}
    if ranking.doc_ids != tuple(default_doc_ids(n)):
        # only the list's separator and the escape itself: the URL percent-encodes the rest once
        params["d"] = ",".join(escape(d, ",") for d in ranking.doc_ids)
    if ranking.scores is not None:
        params["s"] = ",".join(number_text(s) for s in ranking.scores)
    if len(ranking.unretrieved):
        params["u"] = ",".join(number_text(g) for g in ranking.unretrieved)
    coded = link.encode(SETTINGS, _comparable(settings), _base(settings))
    if settings["gain"] != "custom":
        coded.pop(SETTINGS["gain_map"].url_key, None)  # type: ignore[arg-type]
    diversity = {p: coded.pop(p) for p in _DIVERSITY if coded.get(p)}
    head = [SETTINGS[f].url_key for f in ("scale_max", "k", "preset", *CONVENTION_FIELDS)]
    params.update({p: v for p, v in coded.items() if p in head})  # type: ignore[misc]
    if ranking.intents is not None:
        params.update(_subtopic_params(ranking))
        params.update(diversity)  # type: ignore[arg-type]
    params.update({p: v for p, v in coded.items() if p not in head})  # type: ignore[misc]
    if query_length(params) > MAX_QUERY_CHARS:
        raise LinkTooLong(
            _(
                "This state is too large to share as a link (over {max} characters); "
                "shorten the doc ids or the list."
            ).format(max=grouped(MAX_QUERY_CHARS))
        )
    return params


def _base(settings: Mapping[str, object]) -> dict[str, object]:
    """What a link leaves out: the default settings, with the fields of the settings' preset."""
    return {**SETTINGS.defaults(), **preset_fields(str(settings["preset"]))}


def _comparable(settings: Mapping[str, object]) -> dict[str, object]:
    """The settings with the card lists as tuples (a widget may hold a list)."""
    return {**settings, "cards": tuple(settings["cards"]), "more": tuple(settings["more"])}  # type: ignore[call-overload]


def _subtopic_params(ranking: Ranking) -> dict[str, str]:
    """``sub`` and ``usub`` of a list with subtopics (see the module docstring)."""
    _retrieved, missed = subtopic_texts(ranking)
    intents = ranking.intents
    assert intents is not None

    def cells(sets) -> str:
        return ",".join(";".join(escape(n, ",;") for n in sorted(s)) for s in sets)

    params = {"sub": cells(intents.retrieved)}
    if any(missed):
        params["usub"] = cells(s for _, s in intents.unretrieved)
    return params


def query_length(params: Mapping[str, str]) -> int:
    """Length of the query string these parameters make (as percent-encoded in the URL)."""
    return sum(len(quote(k, safe="")) + len(quote(v, safe=",:")) + 2 for k, v in params.items())


# --- decode ----------------------------------------------------------------------------------


@dataclass
class Decoded:
    """A link's state, every part valid (defaults where the link was wrong), and what was wrong."""

    ranking: pd.DataFrame
    unretrieved: pd.DataFrame
    gain_map: pd.DataFrame
    settings: dict[str, object]
    problems: list[str] = field(default_factory=list)


def default_state() -> Decoded:
    """The state of a fresh Playground: the first example and the default settings."""
    ex = examples.DEFAULT
    settings = {**default_settings(), "scale_max": ex.scale_max}
    return Decoded(
        ranking_frame(ex.grades),
        unretrieved_frame(ex.unretrieved),
        gain_map_frame(settings["gain_map"]),  # type: ignore[arg-type]
        settings,
    )


def decode(params: Mapping[str, str]) -> Decoded:
    """The state a link describes; each bad part is replaced by its default and named."""
    state = default_state()
    if query_length({k: str(v) for k, v in params.items()}) > MAX_QUERY_CHARS:
        state.problems.append(
            _("The link is longer than {max} characters, so none of it was used.").format(
                max=grouped(MAX_QUERY_CHARS)
            )
        )
        return state
    settings, problems = state.settings, state.problems
    _decode_settings(params, settings, problems)
    from_link = _decode_list(params, state)
    if from_link and "top" not in params:
        settings["scale_max"] = DEFAULT_SCALE_MAX  # a list of the link's own, with no scale
    try:
        ranking = ranking_from(state.ranking, state.unretrieved, settings["scale_max"])
    except ValueError as err:
        if from_link:
            problems.append(
                _("The list in the link is not valid ({error}) The example list is used.").format(
                    error=err
                )
            )
            fallback = default_state()
            state.ranking, state.unretrieved = fallback.ranking, fallback.unretrieved
        ranking = _example_on_its_scale(params, state)
    _decode_diversity(params, state, ranking)
    try:
        evaluate_finite(
            ranking,
            convention_from(settings),
            settings["k"],  # type: ignore[arg-type]
            diversity_from(settings, ranking),
        )
    except ValueError as err:
        problems.append(
            _(
                "The link's list and settings do not fit together ({error}) The defaults are used."
            ).format(error=err)
        )
        fallback = default_state()
        fallback.problems = problems
        return fallback
    state.gain_map = gain_map_frame(settings["gain_map"])  # type: ignore[arg-type]
    return state


def _example_on_its_scale(params: Mapping[str, str], state: Decoded) -> Ranking:
    """The example list as a Ranking; when it does not fit the link's top grade (a link with
    top=2 and no usable list), the example's own top grade is used and that is named."""
    settings = state.settings
    try:
        return ranking_from(state.ranking, state.unretrieved, settings["scale_max"])
    except ValueError as err:
        default_top = examples.DEFAULT.scale_max  # the scale the example is graded on
        state.problems.append(
            _("top={top} does not fit the example list ({error}) Using top = {default}.").format(
                top=shown(params.get("top", str(settings["scale_max"]))),
                error=err,
                default=default_top,
            )
        )
        settings["scale_max"] = default_top
        return ranking_from(state.ranking, state.unretrieved, default_top)


#: The order a link's problems are named in: the preset, then what changes it, then the rest.
_PROBLEM_ORDER = ("preset", *CONVENTION_FIELDS, "k", "scale_max", "decimals", "presentation",
                  "condensed")  # fmt: skip


def _decode_settings(params: Mapping[str, str], settings: dict, problems: list[str]) -> None:
    """The link's settings (ui.playground.model.SETTINGS) into `settings`, each bad one named;
    the convention fields on top of the link's preset, and checked together by the core."""
    values, bad = link.decode(SETTINGS, params)
    bad = sorted(
        (b for b in bad if b.field.key in _PROBLEM_ORDER),
        key=lambda b: _PROBLEM_ORDER.index(b.field.key),
    )
    if "preset" in values:
        settings["preset"] = values["preset"]
        settings.update(preset_fields(settings["preset"]))
    problems.extend(
        _problem(b, settings) for b in bad if b.field.key in ("preset", *CONVENTION_FIELDS)
    )
    settings.update({f: values[f] for f in CONVENTION_FIELDS if f in values})
    if SETTINGS["gain_map"].url_key in params and settings["gain"] != "custom":
        settings["gain_map"] = ()
    try:
        convention_from(settings)
    except ValueError as err:
        problems.append(
            _("The link's convention is not valid ({error}) Using {preset}.").format(
                error=err, preset=_(settings["preset"])
            )
        )
        settings.update(preset_fields(str(settings["preset"])))
    problems.extend(
        _problem(b, settings) for b in bad if b.field.key not in ("preset", *CONVENTION_FIELDS)
    )
    for name in ("k", "scale_max", "decimals", "presentation", "condensed"):
        settings.update({name: values[name]} if name in values else {})
    cards, more = SETTINGS["cards"].url_key, SETTINGS["more"].url_key
    if cards in params:
        known = _decode_cards(cards, params[cards], CARDS, _("the default ones"), problems)
        if known:
            settings["cards"] = known
    if more in params:
        settings["more"] = _decode_cards(more, params[more], MORE, _("none added"), problems)


def _problem(bad: link.Bad, settings: Mapping[str, object]) -> str:
    """The sentence naming a setting the link gives wrongly, and what is used instead."""
    name, value, why = bad.field.key, shown(bad.texts[0]), bad.why
    if name == "preset":
        said = _("preset={slug} names no preset; using {preset}. Presets: {presets}.")
        return said.format(
            slug=value, preset=_(settings["preset"]), presets=", ".join(PRESET_BY_SLUG)
        )
    if name in CONVENTION_FIELDS:
        said = _("{param}={value} {why}; using the preset's value.")
        return said.format(param=bad.field.url_key, value=value, why=why)
    if name == "k":
        said = _("k={value} is not a whole number from 1 to {max}; using k = {k}.")
        return said.format(value=value, max=grouped(MAX_K), k=settings["k"])
    if name == "presentation":
        return _("pm={value} {why}; presentation mode stays off.").format(value=value, why=why)
    if name == "condensed":
        return _("cl={value} {why}; the list is scored as given.").format(value=value, why=why)
    low, high = bad.field.codec.bounds  # type: ignore[union-attr]
    said = _("{param}={value} is not a whole number from {low} to {high}; using {using}.")
    return said.format(
        param=bad.field.url_key, value=value, low=low, high=high, using=settings[name]
    )


def _decode_cards(param: str, text: str, cards: tuple[str, ...], none: str, problems: list[str]):
    """``cards=nDCG,ERR`` (the cards presentation mode shows) or ``more=Q,INST`` (the measures
    added as cards): the known names, in the cards' own order; the others named in a problem,
    with what is shown instead (`none` when no name is known)."""
    names = [name for name in text.split(",") if name]
    unknown = [name for name in names if name not in cards]
    known = tuple(key for key in cards if key in names)
    using = ", ".join(known) if known else none
    if unknown:
        problems.append(
            ngettext(
                "{param}={value}: {unknown} is not a card; showing {using}. Cards: {cards}.",
                "{param}={value}: {unknown} are not cards; showing {using}. Cards: {cards}.",
                len(unknown),
            ).format(
                param=param,
                value=shown(text),
                unknown=", ".join(map(shown, unknown)),
                using=using,
                cards=", ".join(cards),
            )
        )
    elif not known:
        problems.append(
            _("{param}={value} names no card; showing {using}.").format(
                param=param, value=shown(text), using=using
            )
        )
    return known


def _items(params: Mapping[str, str], param: str, *, empty_ok: bool = False) -> list:
    """The comma-separated numbers of `param` ('' = None where `empty_ok`), strictly parsed.
    Where `empty_ok`, an empty value is one empty item: ``g=`` is one unjudged document (what
    `encode` writes for it), not an empty list, which the Playground never holds."""
    text = params[param]
    items = text.split(",") if text or empty_ok else []
    if len(items) > MAX_LINK_ROWS:
        raise ValueError(
            _("{param} has {items} items; a link holds at most {max}").format(
                param=param, items=grouped(len(items)), max=grouped(MAX_LINK_ROWS)
            )
        )
    out = []
    for i, item in enumerate(items, start=1):
        if empty_ok and item == "":
            out.append(None)
            continue
        try:
            out.append(parse_number(item))
        except ValueError as why:
            raise ValueError(
                _("{param}: item {i}, {value}, {why}").format(
                    param=param, i=i, value=shown(item), why=why
                )
            ) from None
    return out


def _decode_list(params: Mapping[str, str], state: Decoded) -> bool:
    """Put the link's list into `state`; False (and the example list kept) when the link has
    none or a damaged one, which is named."""
    present = [p for p in LIST_PARAMS if p in params]
    if not present:
        return False
    if "g" not in params:
        state.problems.append(
            _("{params} without the grades g: the example list is used.").format(
                params=", ".join(present)
            )
        )
        return False
    try:
        grades = _items(params, "g", empty_ok=True)
        ids = None
        if "d" in params:
            ids = [unquote(t) for t in params["d"].split(",")]
            if len(ids) != len(grades):
                raise ValueError(
                    _("d has {ids} doc ids for {grades} grades").format(
                        ids=len(ids), grades=len(grades)
                    )
                )
            if any(len(d) > MAX_ID_CHARS for d in ids):
                raise ValueError(
                    _("d has a doc id longer than {max} characters").format(max=MAX_ID_CHARS)
                )
        scores = _items(params, "s") if "s" in params else None
        if scores is not None and len(scores) != len(grades):
            raise ValueError(
                _("s has {scores} scores for {grades} grades").format(
                    scores=len(scores), grades=len(grades)
                )
            )
        unretrieved = _items(params, "u") if "u" in params else []
        subtopics = _subtopic_cells(params, "sub", len(grades), _("grades"))
        missed = _subtopic_cells(params, "usub", len(unretrieved), _("unretrieved grades u"))
    except ValueError as why:
        state.problems.append(
            _("The list in the link is damaged ({why}); the example list is used.").format(why=why)
        )
        return False
    state.ranking = ranking_frame(grades, ids, scores, subtopics)
    state.unretrieved = unretrieved_frame(unretrieved, missed)
    return True


def _subtopic_cells(params: Mapping[str, str], param: str, count: int, of: str) -> list[str]:
    """The subtopics cells of ``sub`` or ``usub`` (one per document, names joined by ';'), as
    the tables write them; none when the link has no such parameter."""
    if param not in params:
        return [""] * count
    items = params[param].split(",")
    if len(items) != count:
        raise ValueError(
            _("{param} has {items} items for {count} {of}").format(
                param=param, items=len(items), count=count, of=of
            )
        )
    cells = []
    for item in items:
        names = [unquote(n) for n in item.split(";") if n]
        if any(len(n) > MAX_ID_CHARS for n in names):
            raise ValueError(
                _("{param} has a subtopic name longer than {max} characters").format(
                    param=param, max=MAX_ID_CHARS
                )
            )
        cells.append(", ".join(names))
    return cells


def _decode_diversity(params: Mapping[str, str], state: Decoded, ranking: Ranking) -> None:
    """α (``a``) and the intent weights (``w``) into the settings, each checked by the core
    against the list; a bad one is named and left at its default."""
    settings, problems = state.settings, state.problems
    a, w = _ALPHA.url_key, _WEIGHTS.url_key
    if a in params:
        try:
            settings["alpha"] = _ALPHA.codec.parse(params[a])  # type: ignore[union-attr]
            diversity_from(settings)
        except ValueError as why:
            settings["alpha"] = DEFAULT_ALPHA
            problems.append(
                _("a={value}: {why} Using α = {alpha:g}.").format(
                    value=shown(params[a]), why=why, alpha=DEFAULT_ALPHA
                )
            )
    if w in params:
        settings["weights"] = _WEIGHTS.codec.parse(params[w])  # type: ignore[union-attr]
        try:
            settings["weights"] = weights_text(diversity_from(settings, ranking).weights)
        except ValueError as why:
            settings["weights"] = ""
            problems.append(
                _("w={value}: {why} Using equal weights.").format(value=shown(params[w]), why=why)
            )
