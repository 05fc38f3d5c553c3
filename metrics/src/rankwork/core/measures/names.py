"""Measure names in ir_measures syntax, parsed without `eval`, and the registry behind them.

A name is `Family`, `Family@k` or `Family(param=value, ...)@k`, e.g. `nDCG@10`,
`nDCG(dcg='exp-log2')@10`, `nDCG(gains={0:0,1:1,2:3})@10`, `P(rel=2)@5`, `RBP(p=0.8,rel=1)`,
`ERR(max_rel=3)@10`. `parse(name)` returns a `Measure`; `measure(ranking, base_convention)`
computes it, after the name's parameters have overridden the base convention (`rel=t` sets the
relevance threshold and makes RBP binary, `max_rel=g` sets ERR's and graded RBP's top grade,
`dcg='exp-log2'` the exponential gain, `gains={...}` a custom gain map, `p=` RBP's persistence,
`judged_only=True` the condensed list of `rankwork.core.condensed`).
Parameters a name does not give keep the base convention's value: `nDCG@10` is linear under
the trec_eval preset (the command line) and exponential under Textbook (the Playground).

The families, their parameters and what each parameter means and allows are the specs of
`rankwork.core.measures.SPECS`; this module only reads names and applies them, and writes them
as people do (`display_name`).
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable
from dataclasses import dataclass

from rankwork.core.conventions import Convention
from rankwork.core.measures.registry import SPECS
from rankwork.core.measures.spec import MeasureSpec
from rankwork.core.ranking import Ordered, Ranking, order
from rankwork.core.result import Result
from rankwork.language import _


class MeasureNameError(ValueError):
    """A measure name that does not parse or names no known measure.

    Raised by `rankwork.evaluate`, `rankwork.measure` and `parse` before anything is computed.
    The message quotes the name, says what is wrong in it (an unknown family, with the right
    spelling when only the case differs; an unknown or repeated parameter; a bad value or
    cutoff) and lists valid names. A ValueError, so ``except ValueError`` catches it too.

    Examples
    --------
    >>> import rankwork
    >>> rankwork.measure("nDGC@10", [1, 0])  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    rankwork.core.measures.names.MeasureNameError: Unknown measure 'nDGC' in 'nDGC@10'. Valid ...
    >>> try:
    ...     rankwork.evaluate({"q1": {"d1": 1}}, {"q1": {"d1": 0.5}}, ["ndcg@10"])
    ... except ValueError as error:
    ...     print(type(error).__name__, str(error)[:57])
    MeasureNameError Unknown measure 'ndcg' in 'ndcg@10'. Did you mean 'nDCG'?
    """


@dataclass(frozen=True)
class Measure:
    """One parsed measure: family, explicit parameters (in the spec's order) and cutoff."""

    family: str
    params: tuple[tuple[str, object], ...] = ()
    cutoff: int | None = None

    @property
    def spec(self) -> MeasureSpec:
        return SPECS[self.family]

    def __str__(self) -> str:
        inner = ",".join(f"{k}={_format_value(v)}" for k, v in self.params)
        text = self.family + (f"({inner})" if inner else "")
        return text + (f"@{self.cutoff}" if self.cutoff is not None else "")

    def param(self, name: str, default: object = None) -> object:
        return dict(self.params).get(name, default)

    def convention(self, base: Convention) -> Convention:
        """The base convention with the Convention fields this name's parameters set."""
        changes: dict[str, object] = {}
        for name, value in self.params:
            sets = self.spec.param(name).sets
            if sets is not None:
                changes.update(sets(value))
        if not changes:
            return base
        return base.with_(name=base.name, source=base.source, **changes)

    def arguments(self) -> dict[str, object]:
        """The parameters passed to the measure's functions (those that set no Convention
        field, e.g. F's beta), each with its default when the name does not give it."""
        return {p.name: self.param(p.name, p.default) for p in self.spec.params if p.sets is None}

    def __call__(self, ranking: Ranking | Ordered, base: Convention) -> Result:
        convention = self.convention(base)
        if isinstance(ranking, Ranking):
            ranking = order(ranking, convention)
        return self.spec.single(ranking, convention, self.cutoff, **self.arguments())


def _format_value(value: object) -> str:
    if isinstance(value, bool):
        return str(value)
    if isinstance(value, str):
        return repr(value)
    if isinstance(value, dict):
        return "{" + ",".join(f"{_num(k)}:{_num(v)}" for k, v in value.items()) + "}"
    return _num(value)


def _num(x: object) -> str:
    x = float(x)  # type: ignore[arg-type]
    return str(int(x)) if x.is_integer() else repr(x)


_TOKEN = re.compile(
    r"\s*(?:(?P<num>-?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?)|(?P<name>[A-Za-z_][A-Za-z0-9_]*)"
    r"|(?P<str>'[^']*'|\"[^\"]*\")|(?P<punct>[(),=@{}:]))"
)


def _tokens(text: str) -> list[tuple[str, str]]:
    out, pos = [], 0
    text = text.strip()
    while pos < len(text):
        m = _TOKEN.match(text, pos)
        if not m or m.end() == pos or m.lastgroup is None:
            raise MeasureNameError(
                _("Cannot read the measure name {text!r} at {rest!r}. {hint}").format(
                    text=text, rest=text[pos:], hint=_hint()
                )
            )
        kind = m.lastgroup
        out.append((kind, m.group(kind)))
        pos = m.end()
    return out


def _hint() -> str:
    return _("Valid measures: {names}.").format(names=", ".join(EXAMPLES))


EXAMPLES = tuple(name for spec in SPECS.values() for name in spec.examples)


class _Parser:
    def __init__(self, text: str):
        self.text = text
        self.toks = _tokens(text)
        self.i = 0

    def peek(self) -> tuple[str, str] | None:
        return self.toks[self.i] if self.i < len(self.toks) else None

    def take(self, kind: str, value: str | None = None) -> str:
        tok = self.peek()
        if tok is None or tok[0] != kind or (value is not None and tok[1] != value):
            names = {"num": _("a number"), "name": _("a name"), "str": _("a quoted text")}
            want = repr(value) if value is not None else names[kind]
            got = _("the end") if tok is None else repr(tok[1])
            raise MeasureNameError(
                _("In {text!r}: expected {want}, found {got}. {hint}").format(
                    text=self.text, want=want, got=got, hint=_hint()
                )
            )
        self.i += 1
        return tok[1]

    def comma(self, close: str) -> None:
        """The comma between two items of a list that `close` ends."""
        tok = self.peek()
        if tok != ("punct", ","):
            got = _("the end") if tok is None else repr(tok[1])
            raise MeasureNameError(
                _("In {text!r}: expected ',' or {close!r}, found {got}. {hint}").format(
                    text=self.text, close=close, got=got, hint=_hint()
                )
            )
        self.i += 1

    def number(self) -> float:
        text = self.take("num")
        value = float(text)
        if not math.isfinite(value):
            raise MeasureNameError(
                _(
                    "In {text!r}: the number {number} is too large for a double "
                    "(at most about 1.8e308)."
                ).format(text=self.text, number=text)
            )
        return value

    def value(self) -> object:
        tok = self.peek()
        if tok and tok[0] == "str":
            self.i += 1
            return tok[1][1:-1]
        if tok and tok == ("punct", "{"):
            self.i += 1
            mapping: dict[float, float] = {}
            while self.peek() != ("punct", "}"):
                if mapping:
                    self.comma("}")
                key = self.number()
                self.take("punct", ":")
                mapping[key] = self.number()
            self.take("punct", "}")
            return mapping
        if tok and tok[0] == "name" and tok[1] in ("True", "False"):
            self.i += 1
            return tok[1] == "True"
        return self.number()


def parse(text: str) -> Measure:
    """Parse one measure name; raises MeasureNameError with the valid names on a bad one."""
    p = _Parser(text)
    family = p.take("name")
    if family not in SPECS:
        same = [f for f in SPECS if f.lower() == family.lower()]
        if same:
            message = _(
                "Unknown measure {family!r} in {text!r}. Did you mean {same!r}? Names are "
                "case-sensitive. {hint}"
            )
        else:
            message = _("Unknown measure {family!r} in {text!r}. {hint}")
        raise MeasureNameError(
            message.format(family=family, text=text, same=same[0] if same else "", hint=_hint())
        )
    spec = SPECS[family]
    names = [param.name for param in spec.params]
    given: dict[str, object] = {}
    if p.peek() == ("punct", "("):
        p.take("punct", "(")
        while p.peek() != ("punct", ")"):
            if given:
                p.comma(")")
            key = p.take("name")
            if key not in names:
                allowed = ", ".join(names) or _("none")
                raise MeasureNameError(
                    _(
                        "{family} has no parameter {key!r} (in {text!r}); its parameters: "
                        "{allowed}."
                    ).format(family=family, key=key, text=text, allowed=allowed)
                )
            if key in given:
                raise MeasureNameError(
                    _("Parameter {key!r} is given twice in {text!r}.").format(key=key, text=text)
                )
            p.take("punct", "=")
            given[key] = p.value()
        p.take("punct", ")")
    cutoff = None
    if p.peek() == ("punct", "@"):
        p.take("punct", "@")
        raw = p.take("num")
        if not math.isfinite(float(raw)):
            raise MeasureNameError(
                _("The cutoff in {text!r} is too large; got {raw}.").format(text=text, raw=raw)
            )
        if not float(raw).is_integer() or float(raw) < 1:
            raise MeasureNameError(
                _("The cutoff in {text!r} must be a whole number >= 1; got {raw}.").format(
                    text=text, raw=raw
                )
            )
        cutoff = int(float(raw))
    extra = p.peek()
    if extra is not None:
        read = "".join(value for _kind, value in p.toks[: p.i])
        raise MeasureNameError(
            _(
                "Unexpected {token!r} after {read!r} in {text!r}; a name ends with its cutoff, "
                "e.g. nDCG@10. {hint}"
            ).format(token=extra[1], read=read, text=text, hint=_hint())
        )
    _check_params(spec, given, text)
    if spec.cutoff == "required" and cutoff is None:
        raise MeasureNameError(
            _("{family} needs a cutoff, e.g. {family}@10 (in {text!r}).").format(
                family=family, text=text
            )
        )
    if spec.cutoff == "none" and cutoff is not None:
        raise MeasureNameError(
            _("{family} takes no cutoff; write {family} (in {text!r}).").format(
                family=family, text=text
            )
        )
    ordered = tuple((k, given[k]) for k in names if k in given)
    return Measure(family, ordered, cutoff)


def _check_params(spec: MeasureSpec, given: dict[str, object], text: str) -> None:
    for key, value in given.items():
        param = spec.param(key)
        if not param.allows(value):
            raise MeasureNameError(
                _("{key} must be {allowed} (in {text!r}); got {value!r}.").format(
                    key=key, allowed=_(param.allowed), text=text, value=value
                )
            )
    if spec.exclusive is not None:
        names, why = spec.exclusive
        if sum(name in given for name in names) > 1:
            raise MeasureNameError(_("{why}, not both: {text!r}.").format(why=_(why), text=text))


def names_asked(measures: object) -> list[str]:
    """The measure names asked for: one name, or an iterable of names (at least one), as
    `rankwork.evaluate` and the adapters take them; MeasureNameError for anything else.

    >>> names_asked("AP"), names_asked(("P@5", "AP"))
    (['AP'], ['P@5', 'AP'])
    """
    if isinstance(measures, str):
        return [measures]
    given: list[object] = [measures]
    if isinstance(measures, Iterable) and not isinstance(measures, bytes):
        given = list(measures)
    if not given:
        raise MeasureNameError(_("No measure asked for: give a measure name or a list of names."))
    names = [name for name in given if isinstance(name, str)]
    if len(names) < len(given):
        wrong = next(name for name in given if not isinstance(name, str))
        raise MeasureNameError(
            _(
                "The measures must be a measure name or a list of names, such as 'nDCG@10' or "
                "['P@5', 'AP']; got {value!r}."
            ).format(value=wrong)
        )
    return names


def display_name(name: str) -> str:
    """The name people write for a measure name spelt as ir_measures does (a Result's name): the
    family's `shown` name and the parameters' symbols, 'alpha_nDCG(alpha=0.8)@5' ->
    'α-nDCG(α=0.8)@5', 'StRecall@5' -> 'S-recall@5', 'NRBP(beta=0.8)' -> 'NRBP(β=0.8)'; the
    rest (nDCG@5, nDCG′@5, a name of no family) as it is."""
    family = re.match(r"[A-Za-z0-9_]*", name).group()  # type: ignore[union-attr]
    spec = SPECS.get(family)
    if spec is None:
        return name
    rest = name[len(family) :]
    if rest.startswith("("):
        params, close, after = rest[1:].partition(")")
        for p in spec.params:
            if p.symbol:
                params = re.sub(rf"\b{p.name}=", f"{p.symbol}=", params)
        rest = f"({params}{close}{after}"
    return (spec.shown or family) + rest
