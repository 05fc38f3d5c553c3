"""Page state, declared once: every page says which session keys it uses, as a typed `Model`.

A `Field` is one value a page keeps: its session key, type, default, validation, whether it is
shared in a link (``url_key``, read and written by the one codec, `ui.shared.link`) and whether
it survives a page switch (``persists``). A page declares its model beside its code, e.g. the
Exercises page's::

    ROUND = Model(
        "exercises",
        (
            Field("ex_seed", int, DEFAULT_SEED, url_key="seed", codec=link.whole(0, MAX_SEED),
                  widget=True, persists=True),
            ...
        ),
    )

and renders a widget field with ``st.number_input(..., **ROUND.widget("ex_seed"))``.

The one rule for persistence across pages (Streamlit 1.67): a plain value (set by code, never a
widget's key) lives until the session ends; a widget's value is deleted by Streamlit when its page
stops rendering it, unless the widget is given ``persist_state="session"``, which
`Model.widget` does for a field that ``persists``. A field whose value must survive while its
widget is re-made on every visit (the Playground's settings) is a plain value that its widget
edits (`ui.playground.state.bound`).

``ui.shared.models.MODELS`` lists every page's model; tests/app/test_session_keys.py visits every
page and checks that each key in the session belongs to one of them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ui.shared.link import Codec


@dataclass(frozen=True)
class Field:
    """One value a page keeps in the session.

    - ``key``: its session key; with ``family``, the start of the keys the page makes at run
      time, one per item (an exercise's answer boxes, a figure's selection);
    - ``type``, ``default``: what a valid value is, and the value before anything is chosen;
      ``check`` raises ValueError (saying why) for a value of the right type that is not valid;
    - ``url_key``: its parameter in the page's link (None: not linkable), read and written with
      ``codec``; ``always``: written even when it is the default;
    - ``widget``: the key is a widget's; ``persists``: the value survives a page switch.
    """

    key: str
    type: type | tuple[type, ...] = object
    default: Any = None
    url_key: str | None = None
    codec: Codec | None = None
    check: Callable[[Any], None] | None = None
    always: bool = False
    widget: bool = False
    persists: bool = False
    family: bool = False

    def __post_init__(self) -> None:
        if (self.url_key is None) != (self.codec is None):
            raise ValueError(f"field {self.key!r}: a url_key needs a codec, and a codec a url_key")
        if self.family and self.url_key is not None:
            raise ValueError(f"field {self.key!r}: a family of keys is not linkable")

    def owns(self, key: str) -> bool:
        """Whether the session key `key` is this field's."""
        return key == self.key or (self.family and key.startswith(self.key))

    def validate(self, value: Any) -> Any:
        """`value` when it is valid; else a ValueError saying why."""
        if not isinstance(value, self.type) or (
            isinstance(value, bool) and bool not in _types(self.type)
        ):
            raise ValueError(f"{value!r} is not a {_type_names(self.type)}")
        if self.check is not None:
            self.check(value)
        return value


def _types(spec: type | tuple[type, ...]) -> tuple[type, ...]:
    return spec if isinstance(spec, tuple) else (spec,)


def _type_names(spec: type | tuple[type, ...]) -> str:
    return " or ".join(t.__name__ for t in _types(spec))


@dataclass(frozen=True)
class Model:
    """A page's state: its fields (see `Field`). ``store``: the fields are entries of one dict
    held under this session key (the Playground's settings), and each field's widget, when it
    is shown, has the key ``widget_prefix + field.key``."""

    name: str
    fields: tuple[Field, ...]
    store: str | None = None
    widget_prefix: str = ""

    def __post_init__(self) -> None:
        keys = [f.key for f in self.fields]
        params = [f.url_key for f in self.fields if f.url_key is not None]
        for what, names in (("session key", keys), ("url_key", params)):
            twice = sorted({n for n in names if names.count(n) > 1})
            if twice:
                raise ValueError(f"model {self.name!r} declares the {what} {twice} twice")

    def __getitem__(self, key: str) -> Field:
        for f in self.fields:
            if f.key == key:
                return f
        raise KeyError(f"model {self.name!r} has no field {key!r}")

    @property
    def linked(self) -> tuple[Field, ...]:
        """The fields a link holds, in the order the link writes them."""
        return tuple(f for f in self.fields if f.url_key is not None)

    def session_key(self, f: Field) -> str:
        """Where `f`'s value lives in the session: its key, or its widget's under a store."""
        return self.widget_prefix + f.key if self.store is not None else f.key

    def owns(self, key: str) -> bool:
        """Whether the session key `key` is one of this model's (its store, a field's key, or a
        field's widget key under the store)."""
        if self.store is None:
            return any(f.owns(key) for f in self.fields)
        if key == self.store:
            return True
        name = key.removeprefix(self.widget_prefix)
        return key.startswith(self.widget_prefix) and any(f.owns(name) for f in self.fields)

    def defaults(self) -> dict[str, Any]:
        """Every field (but the families) at its default."""
        return {f.key: f.default for f in self.fields if not f.family}

    def widget(self, key: str, item: object = None) -> dict[str, Any]:
        """The keyword arguments that give the field `key` its widget: its key, and
        ``persist_state="session"`` when it persists (the one persistence rule). For a
        ``family``, `item` names the member: its key is the family's start followed by `item`."""
        f = self[key]
        if not f.widget:
            raise ValueError(f"field {key!r} of model {self.name!r} is not a widget's")
        if f.family == (item is None):
            raise ValueError(f"field {key!r} of model {self.name!r}: an item names a family member")
        args: dict[str, Any] = {"key": self.session_key(f) + ("" if item is None else str(item))}
        if f.persists:
            args["persist_state"] = "session"
        return args


def owner(key: str, models: Iterable[Model]) -> Model | None:
    """The model that declares the session key `key` (None: a stray key)."""
    return next((m for m in models if m.owns(key)), None)


def stray(keys: Iterable[str], models: Iterable[Model]) -> list[str]:
    """The keys no model declares."""
    models = tuple(models)
    return sorted(str(k) for k in keys if owner(str(k), models) is None)


def overlapping(models: Iterable[Model]) -> dict[str, list[str]]:
    """Session keys that two models declare (key -> the models' names); empty when none."""
    seen: dict[str, list[str]] = {}
    for m in models:
        keys = {m.store} if m.store else set()
        keys |= {m.session_key(f) for f in m.fields}
        for k in keys:
            seen.setdefault(k, []).append(m.name)
    return {k: names for k, names in seen.items() if len(names) > 1}
