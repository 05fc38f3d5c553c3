"""Measure names in ir_measures syntax, parsed without `eval`, and the registry behind them.

A name is `Family`, `Family@k` or `Family(param=value, ...)@k`, e.g. `nDCG@10`,
`nDCG(dcg='exp-log2')@10`, `nDCG(gains={0:0,1:1,2:3})@10`, `P(rel=2)@5`, `RBP(p=0.8,rel=1)`,
`ERR(max_rel=3)@10`. `parse(name)` returns a `Measure`; `measure(ranking, base_convention)`
computes it, after the name's parameters have overridden the base convention (`rel=t` sets the
relevance threshold and makes RBP binary, `max_rel=g` sets ERR's and graded RBP's top grade,
`dcg='exp-log2'` the exponential gain, `gains={...}` a custom gain map, `p=` RBP's persistence).
Parameters a name does not give keep the base convention's value: `nDCG@10` is linear under
the trec_eval preset (the command line) and exponential under Textbook (the Playground).

Each registry entry carries what the interface shows: a title, a one-line description, the
reader the measure models, its LaTeX formula, its citation and its parameters.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from dataclasses import dataclass

from metrics.core import binary, graded
from metrics.core.conventions import Convention
from metrics.core.ranking import Ordered, Ranking, order
from metrics.core.result import Result


class MeasureNameError(ValueError):
    """A measure name that does not parse or names no known measure."""


@dataclass(frozen=True)
class MeasureInfo:
    family: str
    title: str
    description: str
    reader: str
    latex: str
    citation: str
    params: tuple[str, ...]
    cutoff: str  # "optional", "required" or "none"
    compute: Callable[..., Result]


def _rbp_residual(ranking, convention: Convention, k=None) -> Result:
    full = graded.rbp(ranking, convention)
    table = full.table.copy()
    table["contribution"] = table["residual_weight"]
    note = f"The tail p^n = {full.details['tail']:.4g} beyond the list is part of the residual."
    return Result(
        f"RBP_resid(p={convention.rbp_p:g})", full.details["residual"], table, full.details, note
    )


def _f(ranking, convention: Convention, k=None, beta: float = 1.0) -> Result:
    return binary.f_beta(ranking, convention, k, beta)


def _count(key: str) -> Callable[..., Result]:
    def compute(ranking, convention: Convention, k=None) -> Result:
        value = binary.counts(ranking, convention, k)[key]
        table = binary.precision(ranking, convention, k).table.iloc[0:0]
        return Result(
            key,
            float(value),
            table,
            {key: float(value)},
            "A count over the query, with no per-rank breakdown.",
        )

    return compute


# Citations: papers, and the tool measure each family reproduces (checked against the tool in
# tests/crosscheck/test_claims.py, test_registry_*). Readers: the user model of the cited paper
# (source: research note shared/research/library-conventions.md §1D for ERR and RBP).
_SUM_K = r"\sum_{i=1}^{k}"
REGISTRY: dict[str, MeasureInfo] = {
    m.family: m
    for m in (
        MeasureInfo(
            "nDCG",
            "nDCG@k",
            "DCG of the list divided by the DCG of the ideal ranking.",
            "A patient reader whose attention fades with the log of the rank.",
            r"\mathrm{nDCG@}k=\frac{\mathrm{DCG@}k}{\mathrm{IDCG@}k},\quad"
            r"\mathrm{DCG@}k=" + _SUM_K + r"\mathrm{gain}(g_i)\,\mathrm{disc}(i)",
            "Järvelin & Kekäläinen, ACM TOIS 20(4), 2002; Burges et al., ICML 2005.",
            ("dcg", "gains"),
            "optional",
            graded.ndcg,
        ),
        MeasureInfo(
            "DCG",
            "DCG@k",
            "Discounted cumulative gain: gains weighted by the rank discount.",
            "A patient reader whose attention fades with the log of the rank.",
            r"\mathrm{DCG@}k=" + _SUM_K + r"\mathrm{gain}(g_i)\,\mathrm{disc}(i)",
            "Järvelin & Kekäläinen, ACM TOIS 20(4), 2002.",
            ("dcg", "gains"),
            "optional",
            graded.dcg,
        ),
        MeasureInfo(
            "IDCG",
            "IDCG@k",
            "DCG of the ideal ranking of the judged documents.",
            "The same reader, shown the best possible list.",
            r"\mathrm{IDCG@}k=" + _SUM_K + r"\mathrm{gain}(g^{*}_i)\,\mathrm{disc}(i)",
            "Järvelin & Kekäläinen, ACM TOIS 20(4), 2002.",
            ("dcg", "gains"),
            "optional",
            graded.idcg,
        ),
        MeasureInfo(
            "ERR",
            "ERR@k",
            "Expected reciprocal rank of the document that satisfies the reader.",
            "A cascade reader who, having reached rank i, stops there with probability "
            "R_i = (2^g - 1)/2^gmax, and otherwise reads on.",
            r"\mathrm{ERR@}k=" + _SUM_K + r"\frac{1}{i}R_i\prod_{j<i}(1-R_j),\quad"
            r"R_i=\frac{2^{g_i}-1}{2^{g_{\max}}}",
            "Chapelle, Metzler, Zhang & Grinspan, CIKM 2009.",
            ("max_rel",),
            "optional",
            graded.err,
        ),
        MeasureInfo(
            "RBP",
            "RBP(p)",
            "Rank-biased precision: expected gain per document read.",
            "A memoryless reader who goes on to the next rank with probability p.",
            r"\mathrm{RBP}=(1-p)\sum_{i\ge 1} r_i\,p^{i-1}",
            "Moffat & Zobel, ACM TOIS 27(1), 2008, on binary relevance; the graded gain "
            "r_i = g/gmax is one common extension, not theirs.",
            ("p", "rel", "max_rel"),
            "none",
            graded.rbp,
        ),
        MeasureInfo(
            "RBP_resid",
            "RBP residual",
            "What RBP could still gain from unjudged ranks and the tail.",
            "The RBP reader, if every unknown document were of the top grade.",
            r"\mathrm{res}=(1-p)\sum_{i\,\mathrm{unjudged}}p^{i-1}+p^{n}",
            "Moffat & Zobel, ACM TOIS 27(1), 2008.",
            ("p", "rel", "max_rel"),
            "none",
            _rbp_residual,
        ),
        MeasureInfo(
            "P",
            "P@k",
            "Precision: the share of the top k that is relevant.",
            "A reader who reads exactly k documents, each equally.",
            r"\mathrm{P@}k=\frac{1}{k}" + _SUM_K + r"\mathrm{rel}_i",
            "trec_eval P.k (Voorhees & Harman, TREC, 2005).",
            ("rel",),
            "optional",
            binary.precision,
        ),
        MeasureInfo(
            "R",
            "R@k",
            "Recall: the share of all relevant documents found in the top k.",
            "A reader who wants every relevant document and reads k.",
            r"\mathrm{R@}k=\frac{1}{R}" + _SUM_K + r"\mathrm{rel}_i",
            "trec_eval recall.k.",
            ("rel",),
            "optional",
            binary.recall,
        ),
        MeasureInfo(
            "F1",
            "F1@k",
            "Harmonic mean of P@k and R@k.",
            "A reader who weighs finding everything and reading little equally.",
            r"F_1@k=\frac{2\,\mathrm{P@}k\,\mathrm{R@}k}{\mathrm{P@}k+\mathrm{R@}k}",
            "van Rijsbergen, Information Retrieval, 1979; trec_eval set_F.",
            ("rel",),
            "optional",
            _f,
        ),
        MeasureInfo(
            "F",
            "F_beta@k",
            "Weighted harmonic mean of P@k and R@k (recall beta times as important).",
            "A reader who values recall beta times as much as precision.",
            r"F_\beta@k=\frac{(1+\beta^2)\,P\,R}{\beta^2P+R}",
            "van Rijsbergen, Information Retrieval, 1979.",
            ("beta", "rel"),
            "optional",
            _f,
        ),
        MeasureInfo(
            "AP",
            "AP",
            "Average precision: mean of P@i over the relevant documents.",
            "A reader who stops at a relevant document, each equally likely.",
            r"\mathrm{AP}=\frac{1}{R}\sum_{i:\,\mathrm{rel}_i=1}\mathrm{P@}i",
            "trec_eval map; Buckley & Voorhees, 'Retrieval System Evaluation', ch. 3 of "
            "Voorhees & Harman (eds.), TREC: Experiment and Evaluation in Information "
            "Retrieval, MIT Press, 2005.",
            ("rel",),
            "optional",
            binary.average_precision,
        ),
        MeasureInfo(
            "RR",
            "RR",
            "Reciprocal rank of the first relevant document.",
            "A reader who wants one relevant document and stops there.",
            r"\mathrm{RR}=\frac{1}{\min\{i:\mathrm{rel}_i=1\}}",
            "Voorhees, TREC-8 QA track, 1999; trec_eval recip_rank.",
            ("rel",),
            "optional",
            binary.reciprocal_rank,
        ),
        MeasureInfo(
            "Rprec",
            "R-Precision",
            "Precision at depth R, the number of relevant documents.",
            "A reader who reads as many documents as there are relevant ones.",
            r"\mathrm{RPrec}=\frac{1}{R}\sum_{i=1}^{R}\mathrm{rel}_i",
            "trec_eval Rprec.",
            ("rel",),
            "none",
            binary.r_precision,
        ),
        MeasureInfo(
            "Success",
            "Success@k",
            "1 if a relevant document is in the top k, else 0.",
            "A reader who reads k documents and is happy with one relevant.",
            r"\mathrm{Success@}k=[\,\exists i\le k:\mathrm{rel}_i=1\,]",
            "trec_eval success.k.",
            ("rel",),
            "required",
            binary.success,
        ),
        MeasureInfo(
            "Bpref",
            "bpref",
            "How often relevant documents are ranked above judged non-relevant ones.",
            "A judge comparing pairs, ignoring unjudged documents.",
            r"\mathrm{bpref}=\frac{1}{R}\sum_{r}\left(1-\frac{\min(N_r,R)}{\min(N,R)}\right)",
            "trec_eval bpref, as corrected in trec_eval 8.0 (min(N_r, R)/min(N, R)); "
            "Buckley & Voorhees, SIGIR 2004 defined bpref, but its numbers come from the "
            "earlier computation (trec_eval's bpref_bug note, 2005).",
            ("rel",),
            "none",
            binary.bpref,
        ),
        MeasureInfo(
            "Judged",
            "Judged@k",
            "The share of the top k that has a judgment.",
            "Not a reader: a check on how far the judgments reach.",
            r"\mathrm{Judged@}k=\frac{|\{i\le k:\ \mathrm{judged}_i\}|}{\min(k,n)}",
            "ir_measures Judged@k (MacAvaney et al.).",
            (),
            "required",
            binary.judged_at,
        ),
        MeasureInfo(
            "NumRet",
            "num_ret",
            "Number of documents retrieved.",
            "A count, not a reader.",
            r"n",
            "trec_eval num_ret.",
            ("rel",),
            "optional",
            _count("num_ret"),
        ),
        MeasureInfo(
            "NumRel",
            "num_rel",
            "Number of relevant judged documents (R).",
            "A count, not a reader.",
            r"R",
            "trec_eval num_rel.",
            ("rel",),
            "none",
            _count("num_rel"),
        ),
        MeasureInfo(
            "NumRelRet",
            "num_rel_ret",
            "Number of relevant documents retrieved.",
            "A count, not a reader.",
            r"h(n)",
            "trec_eval num_rel_ret.",
            ("rel",),
            "optional",
            _count("num_rel_ret"),
        ),
    )
}

_DCG_KINDS = {"log2": "linear", "exp-log2": "exponential"}


@dataclass(frozen=True)
class Measure:
    """One parsed measure: family, explicit parameters (in registry order) and cutoff."""

    family: str
    params: tuple[tuple[str, object], ...] = ()
    cutoff: int | None = None

    @property
    def info(self) -> MeasureInfo:
        return REGISTRY[self.family]

    def __str__(self) -> str:
        inner = ",".join(f"{k}={_format_value(v)}" for k, v in self.params)
        text = self.family + (f"({inner})" if inner else "")
        return text + (f"@{self.cutoff}" if self.cutoff is not None else "")

    def param(self, name: str, default: object = None) -> object:
        return dict(self.params).get(name, default)

    def convention(self, base: Convention) -> Convention:
        """The base convention with this name's parameters applied."""
        changes: dict[str, object] = {}
        params = dict(self.params)
        if "dcg" in params:
            changes.update(gain=_DCG_KINDS[params["dcg"]], discount="log", log_base=2.0)
        if "gains" in params:
            changes.update(gain="custom", gain_map=tuple(sorted(params["gains"].items())))
        if "rel" in params:
            changes["rel_threshold"] = float(params["rel"])
            if self.family in ("RBP", "RBP_resid"):
                changes["rbp_gain"] = "binary"
        if "max_rel" in params:
            if self.family == "ERR":
                changes["err_gmax"] = float(params["max_rel"])
            else:
                changes.update(rbp_gmax=float(params["max_rel"]), rbp_gain="graded")
        if "p" in params:
            changes["rbp_p"] = float(params["p"])
        if not changes:
            return base
        return base.with_(name=base.name, source=base.source, **changes)

    def __call__(self, ranking: Ranking | Ordered, base: Convention) -> Result:
        convention = self.convention(base)
        if isinstance(ranking, Ranking):
            ranking = order(ranking, convention)
        if self.family == "F":
            return _f(ranking, convention, self.cutoff, float(self.param("beta", 1.0)))
        return self.info.compute(ranking, convention, self.cutoff)


def _format_value(value: object) -> str:
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
        if not m or m.end() == pos:
            raise MeasureNameError(
                f"Cannot read the measure name {text!r} at {text[pos:]!r}. {_hint()}"
            )
        kind = m.lastgroup
        out.append((kind, m.group(kind)))
        pos = m.end()
    return out


def _hint() -> str:
    return "Valid measures: " + ", ".join(EXAMPLES) + "."


EXAMPLES = (
    "nDCG@10",
    "nDCG",
    "nDCG(dcg='exp-log2')@10",
    "nDCG(gains={0:0,1:1,2:3})@10",
    "DCG@10",
    "IDCG@10",
    "P@5",
    "P(rel=2)@5",
    "R@100",
    "F1@10",
    "F(beta=2)@10",
    "AP",
    "AP@100",
    "RR",
    "RR@10",
    "Rprec",
    "Bpref",
    "Success@10",
    "Judged@10",
    "ERR@10",
    "ERR(max_rel=3)@10",
    "RBP(p=0.8)",
    "RBP(p=0.8,rel=1)",
    "RBP(p=0.8,max_rel=3)",
    "RBP_resid(p=0.8)",
    "NumRet",
    "NumRel",
    "NumRelRet",
)


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
            names = {"num": "a number", "name": "a name", "str": "a quoted text"}
            want = repr(value) if value is not None else names[kind]
            got = "the end" if tok is None else repr(tok[1])
            raise MeasureNameError(f"In {self.text!r}: expected {want}, found {got}. {_hint()}")
        self.i += 1
        return tok[1]

    def comma(self, close: str) -> None:
        """The comma between two items of a list that `close` ends."""
        tok = self.peek()
        if tok != ("punct", ","):
            got = "the end" if tok is None else repr(tok[1])
            raise MeasureNameError(
                f"In {self.text!r}: expected ',' or {close!r}, found {got}. {_hint()}"
            )
        self.i += 1

    def number(self) -> float:
        text = self.take("num")
        value = float(text)
        if not math.isfinite(value):
            raise MeasureNameError(
                f"In {self.text!r}: the number {text} is too large for a double "
                "(at most about 1.8e308)."
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
        return self.number()


def parse(text: str) -> Measure:
    """Parse one measure name; raises MeasureNameError with the valid names on a bad one."""
    p = _Parser(text)
    family = p.take("name")
    if family not in REGISTRY:
        same = [f for f in REGISTRY if f.lower() == family.lower()]
        guess = f" Did you mean {same[0]!r}? Names are case-sensitive." if same else ""
        raise MeasureNameError(f"Unknown measure {family!r} in {text!r}.{guess} {_hint()}")
    info = REGISTRY[family]
    given: dict[str, object] = {}
    if p.peek() == ("punct", "("):
        p.take("punct", "(")
        while p.peek() != ("punct", ")"):
            if given:
                p.comma(")")
            key = p.take("name")
            if key not in info.params:
                allowed = ", ".join(info.params) or "none"
                raise MeasureNameError(
                    f"{family} has no parameter {key!r} (in {text!r}); its parameters: {allowed}."
                )
            if key in given:
                raise MeasureNameError(f"Parameter {key!r} is given twice in {text!r}.")
            p.take("punct", "=")
            given[key] = p.value()
        p.take("punct", ")")
    cutoff = None
    if p.peek() == ("punct", "@"):
        p.take("punct", "@")
        raw = p.take("num")
        if not math.isfinite(float(raw)):
            raise MeasureNameError(f"The cutoff in {text!r} is too large; got {raw}.")
        if not float(raw).is_integer() or float(raw) < 1:
            raise MeasureNameError(
                f"The cutoff in {text!r} must be a whole number >= 1; got {raw}."
            )
        cutoff = int(float(raw))
    if p.peek() is not None:
        read = "".join(value for _, value in p.toks[: p.i])
        raise MeasureNameError(
            f"Unexpected {p.peek()[1]!r} after {read!r} in {text!r}; a name ends with its "
            f"cutoff, e.g. nDCG@10. {_hint()}"
        )
    _check_params(family, given, text)
    if info.cutoff == "required" and cutoff is None:
        raise MeasureNameError(f"{family} needs a cutoff, e.g. {family}@10 (in {text!r}).")
    if info.cutoff == "none" and cutoff is not None:
        raise MeasureNameError(f"{family} takes no cutoff; write {family} (in {text!r}).")
    ordered = tuple((k, given[k]) for k in info.params if k in given)
    return Measure(family, ordered, cutoff)


def _check_params(family: str, given: dict[str, object], text: str) -> None:
    for key, value in given.items():
        if key == "dcg" and not (isinstance(value, str) and value in _DCG_KINDS):
            raise MeasureNameError(
                f"dcg must be 'log2' or 'exp-log2' (in {text!r}); got {value!r}."
            )
        if key == "gains" and not (isinstance(value, dict) and value):
            raise MeasureNameError(
                f"gains must be a map such as {{0:0,1:1,2:3}}, with at least one grade "
                f"(in {text!r})."
            )
        if key in ("rel", "max_rel", "beta") and not (isinstance(value, float) and value > 0):
            raise MeasureNameError(f"{key} must be a positive number (in {text!r}); got {value!r}.")
        if key == "p" and not (isinstance(value, float) and 0 < value < 1):
            raise MeasureNameError(
                f"p must be a number between 0 and 1 (in {text!r}); got {value!r}."
            )
    if family in ("RBP", "RBP_resid") and "rel" in given and "max_rel" in given:
        raise MeasureNameError(
            f"RBP is either binary (rel=) or graded (max_rel=), not both: {text!r}."
        )
