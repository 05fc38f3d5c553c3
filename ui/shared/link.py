"""The one link codec: a page's link read and written from its declared model (ui.shared.state).

Each linkable field names its parameter (``url_key``) and a `Codec`: a strict ``parse`` of the
text (numbers by a regular expression, choices from a fixed list; never eval, never unpickle)
that raises ValueError saying why, and the ``format`` that writes the value back so that parsing
it gives the value again. `encode` writes every field that differs from its base value (or is
written ``always``); `decode` reads the fields a link holds, each checked by its codec and the
field's own validation, and returns the bad ones (`Bad`) for the page to name in its own words.

Parameters come as Streamlit gives them: ``{name: [value, ...]}`` from `query` (a parameter may
be repeated: ``?ex=dcg&ex=compare``); a plain ``{name: value}`` mapping is read the same way.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import streamlit as st

from i18n import _
from rankwork.core.numbers import NUMBER
from ui.shared.state import Field, Model

Params = Mapping[str, str | Sequence[str]]


@dataclass(frozen=True)
class Codec:
    """How one field's value is written in a link. ``repeated``: the value is a list, one
    parameter per item (``?ex=dcg&ex=compare``); `parse` reads one item, `format` writes one."""

    parse: Callable[[str], Any]
    format: Callable[[Any], str]
    repeated: bool = False
    bounds: tuple[int, int] | None = None  # a whole number's range, for the sentences


def number_text(x: float) -> str:
    """Shortest text that reads back as the same float: 3, 2.5, 0.1, 2.718281828459045."""
    x = float(x)
    return str(int(x)) if x.is_integer() and abs(x) < 1e15 else repr(x)


def parse_number(text: str) -> float:
    """A finite number as `NUMBER` spells it; else a ValueError saying why."""
    if not NUMBER.match(text):
        raise ValueError(_("is not a number"))
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(_("is not a finite number"))
    return value


def parse_whole(text: str) -> int:
    value = parse_number(text)
    if not value.is_integer():
        raise ValueError(_("is not a whole number"))
    return int(value)


def number() -> Codec:
    return Codec(parse_number, number_text)


def whole(low: int, high: int) -> Codec:
    """A whole number from `low` to `high`."""

    def parse(text: str) -> int:
        value = parse_whole(text)
        if not low <= value <= high:
            raise ValueError(_("is not a whole number from {low} to {high}").format(
                low=low, high=high))  # fmt: skip
        return value

    return Codec(parse, lambda value: str(int(value)), bounds=(low, high))


def flag() -> Codec:
    """True or False, written 1 or 0."""

    def parse(text: str) -> bool:
        if text not in ("0", "1"):
            raise ValueError(_("is not 0 or 1"))
        return text == "1"

    return Codec(parse, lambda value: "1" if value else "0")


def choice(texts: Mapping[str, Any], write: Callable[[Any], str] | None = None) -> Codec:
    """One of a fixed set of values, each read from any of the texts that name it (`texts`:
    text -> value) and written with `write` (its own text by default)."""

    def parse(text: str) -> Any:
        if text not in texts:
            allowed = ", ".join(dict.fromkeys(str(t) for t in texts))
            raise ValueError(_("is not one of {allowed}").format(allowed=allowed))
        return texts[text]

    return Codec(parse, write or str)


class _Names(Mapping[str, str]):
    """Each key of a registry as itself, read when asked: an entry added later is a choice."""

    def __init__(self, registry: Mapping[str, object]) -> None:
        self._registry = registry

    def __getitem__(self, name: str) -> str:
        if name not in self._registry:
            raise KeyError(name)
        return name

    def __iter__(self) -> Iterator[str]:
        return iter(self._registry)

    def __len__(self) -> int:
        return len(self._registry)


def choices(options: Iterable[str]) -> Codec:
    """One of `options`, written as itself. A mapping (a registry such as
    `rankwork.core.discounts.DISCOUNTS`) is read when a link is, so its new entries open."""
    if isinstance(options, Mapping):
        return choice(_Names(options))
    return choice({o: o for o in options})


def optional_number(none: str) -> Codec:
    """A number, or None written as the word `none` (the ERR top grade 'scale')."""

    def parse(text: str) -> float | None:
        return None if text == none else parse_number(text)

    return Codec(parse, lambda value: none if value is None else number_text(value))


def number_pairs(most: int) -> Codec:
    """'0:0,1:1,2:3' <-> ((0.0, 0.0), (1.0, 1.0), (2.0, 3.0)), at most `most` pairs."""

    def parse(text: str) -> tuple[tuple[float, float], ...]:
        pairs = []
        for item in text.split(","):
            left, sep, right = item.partition(":")
            if not sep:
                raise ValueError(_("is not a list of grade:gain pairs"))
            pairs.append((parse_number(left), parse_number(right)))
        if len(pairs) > most:
            raise ValueError(_("lists more than 100 grades"))
        return tuple(pairs)

    return Codec(parse, lambda pairs: ",".join(f"{number_text(a)}:{number_text(b)}"
                                               for a, b in pairs))  # fmt: skip


def names(allowed: Sequence[str]) -> Codec:
    """A comma-separated list of names from `allowed`, written in `allowed`'s order."""

    def parse(text: str) -> tuple[str, ...]:
        given = [name for name in text.split(",") if name]
        unknown = [name for name in given if name not in allowed]
        if unknown or not given:
            raise ValueError(", ".join(unknown))
        return tuple(name for name in allowed if name in given)

    return Codec(parse, lambda value: ",".join(n for n in allowed if n in value))


def shown(text: str) -> str:
    """A link's value quoted in a sentence, cut to 40 characters."""
    return repr(text if len(text) <= 40 else text[:37] + "...")


# --- the codec -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Bad:
    """A field the link holds but that cannot be used: its texts (more than one when the
    parameter is repeated and the field takes one value) and why (None: repeated)."""

    field: Field
    texts: tuple[str, ...]
    why: str | None

    @property
    def given(self) -> str:
        """The parameter as the link wrote it: "k='0'"."""
        return f"{self.field.url_key}={shown(self.texts[0])}"


def query() -> dict[str, list[str]]:
    """This run's query parameters, each with every value the URL gives it."""
    return {name: st.query_params.get_all(name) for name in st.query_params}


def texts_of(params: Params, param: str) -> tuple[str, ...] | None:
    """The texts `params` gives `param` (None when it is absent)."""
    if param not in params:
        return None
    value = params[param]
    return (value,) if isinstance(value, str) else tuple(value)


def decode(model: Model, params: Params) -> tuple[dict[str, Any], list[Bad]]:
    """The values the link gives the fields of `model` it holds (each parsed by its codec and
    validated by the field), and the fields it holds that cannot be used."""
    values: dict[str, Any] = {}
    bad: list[Bad] = []
    for f in model.linked:
        texts = texts_of(params, f.url_key)  # type: ignore[arg-type]
        if texts is None:
            continue
        if not f.codec.repeated and len(set(texts)) > 1:  # type: ignore[union-attr]
            bad.append(Bad(f, texts, None))
            continue
        if f.codec.repeated:  # type: ignore[union-attr]
            values[f.key] = _decode_items(f, texts, bad)
            continue
        try:
            values[f.key] = f.validate(f.codec.parse(texts[0]))  # type: ignore[union-attr]
        except ValueError as why:
            bad.append(Bad(f, texts, str(why)))
    return values, bad


def _decode_items(f: Field, texts: tuple[str, ...], bad: list[Bad]) -> list[Any]:
    """The items of a repeated parameter that parse (an empty one, ``?ex=``, is no item); the
    others, when any, noted as one `Bad`."""
    good, wrong, why = [], [], ""
    for text in texts:
        try:
            good.append(f.codec.parse(text))  # type: ignore[union-attr]
        except ValueError as error:
            if text != "":
                wrong.append(text)
                why = str(error)
    if wrong:
        bad.append(Bad(f, tuple(wrong), why))
    return good


def encode(
    model: Model, values: Mapping[str, Any], base: Mapping[str, Any] | None = None
) -> dict[str, str | list[str]]:
    """The link's parameters for `values`: each linkable field that differs from `base` (the
    model's defaults unless given) or is written ``always``, in the model's order."""
    base = model.defaults() if base is None else base
    params: dict[str, str | list[str]] = {}
    for f in model.linked:
        value = values[f.key]
        if not f.always and value == base.get(f.key):
            continue
        codec = f.codec
        assert codec is not None and f.url_key is not None
        params[f.url_key] = (
            [codec.format(v) for v in value] if codec.repeated else codec.format(value)
        )
    return params
