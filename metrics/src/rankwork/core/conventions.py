"""Every choice that changes a number, in one frozen dataclass, and the presets of real tools.

Two tools that "compute nDCG@10" can disagree because they make different choices: linear or
exponential gain, the discount, where the ideal ranking comes from and how deep it goes, how
ties in the scores are broken, what a negative grade means, what a query with nothing relevant
scores. `Convention` names each choice as a field; a preset fixes all of them to reproduce one
tool, and says where that behaviour is documented (its source and notes, prose, are in the
content file ``rankwork/content/presets.md``).

The fields are validated on construction, so a bad combination (a gain map missing a grade is
checked later, against the data) fails with a message that names the value and what is allowed.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Iterable
from dataclasses import dataclass, field, fields, replace
from typing import Any, Literal, get_args, get_origin, get_type_hints

from rankwork.core.discounts import DISCOUNTS
from rankwork.core.gains import GAINS
from rankwork.core.numbers import beyond_double, too_large
from rankwork.language import N_, _, prose

Ideal = Literal["judged", "retrieved", "none"]
Ties = Literal["docno_desc", "input", "reverse_input", "average"]
Negative = Literal["reject", "clip", "unjudged", "keep"]
RbpGain = Literal["graded", "binary", "raw"]

IDEALS: tuple[str, ...] = get_args(Ideal)
TIES: tuple[str, ...] = get_args(Ties)
NEGATIVES: tuple[str, ...] = get_args(Negative)
RBP_GAINS: tuple[str, ...] = get_args(RbpGain)


def _check_choice(name: str, value: str, allowed: Collection[str]) -> None:
    if value not in allowed:
        raise ValueError(
            _("{name} must be one of {allowed}; got {value!r}.").format(
                name=name, allowed=", ".join(allowed), value=value
            )
        )


def _check_probability(name: str, value: float) -> None:
    if not (isinstance(value, (int, float)) and 0.0 < value < 1.0):
        raise ValueError(
            _("{name} must be a number strictly between 0 and 1; got {value!r}.").format(
                name=name, value=value
            )
        )


@dataclass(frozen=True)
class Convention:
    """One complete set of choices: each field is a choice that changes a number.

    Take a tool's from `PRESETS` (or `preset(name)`) and change fields with `with_`, or give
    the fields by hand. The fields are checked on construction: a bad value raises a ValueError
    that names it and what is allowed (a gain map missing a grade is found later, against the
    data). The formulas below write g for a grade and i for the 1-based rank.

    Parameters
    ----------
    name : str
        What the convention is called ("Custom" by default); show it with ``_(name)``, which
        translates a preset's name.
    source : str
        Where its behaviour comes from: the tool's file and version, or the paper.
    gain : str
        A key of `rankwork.core.gains.GAINS`: 'exponential': 2^g - 1 (Burges et al. 2005; the
        default); 'linear': g (Järvelin & Kekäläinen 2002; trec_eval); 'custom': the grade ->
        gain map `gain_map`.
    gain_map : tuple of (float, float)
        For 'custom': pairs (grade, gain); every grade in the data must be listed.
    discount : str
        A key of `rankwork.core.discounts.DISCOUNTS`: 'log': 1/log_b(i + 1) with b = `log_base`
        (b = 2 is the usual 1/log2(i + 1); the default); 'jk': Järvelin-Kekäläinen rank-b, 1
        for i < b, then 1/log_b(i); 'geometric': p^(i - 1) with p = `discount_p`; 'reciprocal':
        1/i; 'flat': 1 up to the cutoff k (cumulated gain).
    log_base : float
        b for 'log' and 'jk' (> 1; 2 by default).
    discount_p : float
        p for the geometric discount, in (0, 1) (0.8 by default).
    ideal : {'judged', 'retrieved', 'none'}
        Where IDCG's ideal ranking comes from: 'judged' (every judged document, retrieved or
        not: trec_eval, ranx, ir_measures; the default), 'retrieved' (the retrieved list
        re-sorted: scikit-learn, LightGBM), 'none' (scaled DCG: k documents of the top grade,
        as cwl_eval's SDCG).
    ideal_cut : bool
        True (the default): the ideal ranking is cut at k like the list (trec_eval ndcg_cut);
        False: the whole ideal ranking counts while the list is still cut at k (DCG@k over
        the uncut IDCG: a mistake no tool prints, see the pitfalls).
    dcg_cutoff : bool
        True (the default): DCG, IDCG and nDCG read the top k; False: they ignore k and read
        the whole list and the whole ideal ranking, as trec_eval's `ndcg` does (it takes no
        cutoff; m_ndcg.c).
    empty_value : float
        nDCG of a query whose IDCG is 0 (nothing relevant): 0 by trec_eval and most tools
        (the default), 1 by LightGBM and XGBoost.
    err_gmax : float or None
        ERR's top grade in R_i = (2^g - 1) / 2^gmax; None (the default) = the grade scale's
        maximum (Chapelle et al. 2009); gdeval and ir_measures fix it at 4.
    rbp_p : float
        RBP's persistence p in (0, 1) (Moffat & Zobel 2008; 0.8 by default).
    rbp_gain : {'graded', 'binary', 'raw'}
        RBP's gain: 'graded': g / gmax (the default); 'binary': 1 when g >= `rel_threshold`;
        'raw': g (ranx).
    rbp_gmax : float or None
        gmax of graded RBP; None (the default) = the grade scale's maximum.
    rel_threshold : float
        A document is relevant for the binary measures when its grade >= this (1 by default).
    ties : {'docno_desc', 'input', 'reverse_input', 'average'}
        Order of documents with equal scores: 'docno_desc' (doc id descending in byte order:
        trec_eval; the default), 'input' (input order: LightGBM, ranx on short lists),
        'reverse_input' (scikit-learn's ignore_ties=True on small ties such as T1; numpy's
        argsort is not stable, so elsewhere its order among ties is arbitrary), 'average'
        (gains averaged over the tied positions, McSherry & Najork 2008: scikit-learn's DCG;
        the other measures then use input order within a tie).
    float32_scores : bool
        Compare scores as 32-bit floats (trec_eval <= 9.0.8, pytrec_eval), which turns scores
        that differ only past the 7th digit into ties (False by default).
    negative : {'reject', 'clip', 'unjudged', 'keep'}
        Negative grades: 'reject' (an error; the default), 'clip' (to 0), 'unjudged'
        (trec_eval: in the pool but not judged), 'keep' (used as they are: a negative gain, -1
        with linear gain as in scikit-learn's dcg_score, 2^-1 - 1 = -0.5 with exponential gain;
        shown as a pitfall).
    notes : tuple of str
        Remarks on the tool that no field can say; they take no part in ``==``.

    Raises
    ------
    ValueError
        When a field's value is not one it allows (the message names the field and the value).

    Examples
    --------
    DCG@2 of the grades 2, 1 with the default exponential gain is
    (2^2 - 1)/log2(2) + (2^1 - 1)/log2(3) = 3 + 0.6309 = 3.6309, and with linear gain
    2/log2(2) + 1/log2(3) = 2 + 0.6309 = 2.6309:

    >>> import rankwork
    >>> from rankwork import Convention
    >>> round(rankwork.measure("DCG@2", [2, 1], convention=Convention()).value, 4)
    3.6309
    >>> round(rankwork.measure("DCG@2", [2, 1], convention=Convention(gain="linear")).value, 4)
    2.6309
    >>> Convention(gain="square")
    Traceback (most recent call last):
    ...
    ValueError: gain must be one of exponential, linear, custom; got 'square'.
    """

    name: str = N_("Custom")
    source: str = N_("Settings chosen by hand.")
    gain: str = "exponential"
    gain_map: tuple[tuple[float, float], ...] = ()
    discount: str = "log"
    log_base: float = 2.0
    discount_p: float = 0.8
    ideal: Ideal = "judged"
    ideal_cut: bool = True
    dcg_cutoff: bool = True
    empty_value: float = 0.0
    err_gmax: float | None = None
    rbp_p: float = 0.8
    rbp_gain: RbpGain = "graded"
    rbp_gmax: float | None = None
    rel_threshold: float = 1.0
    ties: Ties = "docno_desc"
    float32_scores: bool = False
    negative: Negative = "reject"
    notes: tuple[str, ...] = field(default=(), compare=False)

    def __post_init__(self) -> None:
        for name, allowed in CHOICES.items():  # the registries' and the Literal[...] fields
            _check_choice(name, getattr(self, name), allowed)
        numbers = [(n, getattr(self, n)) for n in _NUMBER_FIELDS]
        for name, value in numbers + [("gain_map", v) for pair in self.gain_map for v in pair]:
            if beyond_double(value):  # float() would raise OverflowError below
                raise ValueError(too_large(name, value))
        if "gain_map" in GAINS[self.gain].parameters and not self.gain_map:
            raise ValueError(_("A custom gain needs a gain map: one gain for every grade."))
        for grade, gain in self.gain_map:
            if not (math.isfinite(grade) and math.isfinite(gain)):
                raise ValueError(
                    _("The gain map must hold finite numbers; got {grade!r}: {gain!r}.").format(
                        grade=grade, gain=gain
                    )
                )
        if len({g for g, _gain in self.gain_map}) != len(self.gain_map):
            raise ValueError(_("The gain map lists a grade twice."))
        if not (isinstance(self.log_base, (int, float)) and self.log_base > 1):
            raise ValueError(
                _("The log base must be a number greater than 1; got {value!r}.").format(
                    value=self.log_base
                )
            )
        _check_probability(_("The geometric discount's p"), self.discount_p)
        _check_probability(_("RBP's persistence p"), self.rbp_p)
        if self.empty_value not in (0.0, 1.0):
            raise ValueError(
                _("empty_value must be 0 or 1; got {value!r}.").format(value=self.empty_value)
            )
        for name in ("err_gmax", "rbp_gmax"):
            value = getattr(self, name)
            if value is not None and not (math.isfinite(value) and value > 0):
                raise ValueError(
                    _("{name} must be a positive number or None; got {value!r}.").format(
                        name=name, value=value
                    )
                )
        if not math.isfinite(self.rel_threshold) or self.rel_threshold <= 0:
            raise ValueError(
                _("The relevance threshold must be a positive grade; got {value!r}.").format(
                    value=self.rel_threshold
                )
            )

    def with_(self, **changes: Any) -> Convention:
        """A copy with some fields changed, named for what changed.

        Parameters
        ----------
        **changes
            New values of fields, by name (``gain="linear"``), each checked as on construction.
            Unless ``name`` is among them the copy is named for what changed, in the current
            language: this convention's name (translated) and each changed field in a few
            words, joined by " + ", e.g. 'Textbook + linear gain'; unless ``source`` is given
            it says this convention's name, modified. When no field changes, both stay.

        Returns
        -------
        Convention
            A new convention; this one is unchanged (it is frozen).

        Raises
        ------
        ValueError
            When a new value is not one its field allows.
        TypeError
            When a name is not a field of Convention.

        Examples
        --------
        >>> from rankwork import preset
        >>> linear = preset("Textbook").with_(gain="linear")
        >>> linear.name, linear.source, linear.gain
        ('Textbook + linear gain', 'Textbook, modified.', 'linear')
        >>> preset("Textbook").with_(gain="exponential").name  # the Textbook gain already
        'Textbook'
        >>> preset("Textbook").with_(rbp_p=0.9, name="Patient RBP").name
        'Patient RBP'
        """
        other = replace(self, **{k: v for k, v in changes.items() if k not in _META})
        what = [_change(name, value) for name, (_old, value) in self.differences(other).items()]
        base = _(self.name)
        changes.setdefault("name", " + ".join([base, *what]) if what else self.name)
        modified = _("{convention}, modified.").format(convention=base)
        changes.setdefault("source", modified if what else self.source)
        return replace(other, **{k: v for k, v in changes.items() if k in _META})

    def differences(
        self, other: Convention, names: Iterable[str] | None = None
    ) -> dict[str, tuple[object, object]]:
        """The fields on which two conventions differ, with the value each has.

        Parameters
        ----------
        other : Convention
            The convention to compare with.
        names : iterable of str, optional
            The fields to compare, e.g. those a measure reads
            (``rankwork.core.measures.SPECS[family].reads``); by default every field except
            ``name``, ``source`` and ``notes``.

        Returns
        -------
        dict of str to (object, object)
            Field name -> (this convention's value, `other`'s value), for each field compared
            whose values differ, in the order compared (the fields' order by default).

        Examples
        --------
        ranx's ndcg and trec_eval's ndcg_cut both use linear gain, 1/log2(i + 1) and the
        judged ideal, but ranx keeps ties in input order, its RBP gain is the raw grade and
        its ERR reads the scale's top grade (trec_eval's preset fixes it at 4):

        >>> from rankwork import preset
        >>> preset("ranx ndcg").differences(preset("trec_eval ndcg_cut"))
        {'err_gmax': (None, 4.0), 'rbp_gain': ('raw', 'graded'), 'ties': ('input', 'docno_desc')}
        >>> preset("ranx ndcg").differences(preset("trec_eval ndcg_cut"), ["gain", "ties"])
        {'ties': ('input', 'docno_desc')}
        """
        if names is None:
            names = [f.name for f in fields(self) if f.name not in _META]
        return {
            name: (getattr(self, name), getattr(other, name))
            for name in names
            if getattr(self, name) != getattr(other, name)
        }


#: Every field whose value is one of a few names, with the names it allows: the keys of the
#: gain and discount registries (read when checked, so a new entry is allowed at once), and the
#: names the other fields' Literal types allow.
CHOICES: dict[str, Collection[str]] = {"gain": GAINS.keys(), "discount": DISCOUNTS.keys()} | {
    name: get_args(hint)
    for name, hint in get_type_hints(Convention).items()
    if get_origin(hint) is Literal
}

_META = {"name", "source", "notes"}
#: The fields holding one number (or None), checked to fit a double before anything else.
_NUMBER_FIELDS = ("log_base", "discount_p", "empty_value", "err_gmax", "rbp_p", "rbp_gmax",
                  "rel_threshold")  # fmt: skip
# A changed field's value in a few words, for a derived convention's name (each a whole phrase,
# translated where the name is made, with _).
_WORDS = {
    "ideal": {"judged": N_("ideal from the judgments"), "retrieved": N_("ideal from the list"),
              "none": N_("ideal of top grades")},
    "ideal_cut": {True: N_("ideal cut at k"), False: N_("ideal not cut")},
    "dcg_cutoff": {True: N_("DCG cut at k"), False: N_("DCG not cut")},
    "ties": {"docno_desc": N_("ties by doc id"), "input": N_("ties in input order"),
             "reverse_input": N_("ties in reverse input order"), "average": N_("ties averaged")},
    "float32_scores": {True: N_("float32 scores"), False: N_("float64 scores")},
    "rbp_gain": {"graded": N_("graded RBP gain"), "binary": N_("binary RBP gain"),
                 "raw": N_("raw RBP gain")},
    "negative": {"reject": N_("negative grades: an error"), "clip": N_("negative grades: 0"),
                 "unjudged": N_("negative grades: unjudged"),
                 "keep": N_("negative grades: kept as they are")},
}  # fmt: skip
_REGISTRIES = {"gain": GAINS, "discount": DISCOUNTS}
# A changed number, in a phrase with its value as a placeholder.
_NUMBERS = {
    "log_base": N_("log base = {value:g}"),
    "discount_p": N_("discount p = {value:g}"),
    "rbp_p": N_("RBP p = {value:g}"),
    "empty_value": N_("nDCG of an empty query = {value:g}"),
    "rel_threshold": N_("relevant if ≥ {value:g}"),
    "err_gmax": N_("ERR top grade {value:g}"),
    "rbp_gmax": N_("RBP top grade {value:g}"),
}
_SCALE_TOP = {"err_gmax": N_("ERR top grade: the scale maximum"),
              "rbp_gmax": N_("RBP top grade: the scale maximum")}  # fmt: skip


def _change(name: str, value: object) -> str:
    """A changed field in a few words, in the current language, e.g. 'linear gain',
    'RBP p = 0.9'."""
    if name == "gain_map":
        return _("gain map")
    if name in _REGISTRIES:
        return _(_REGISTRIES[name][value].words)  # type: ignore[index]
    if name in _WORDS:
        return _(_WORDS[name][value])  # type: ignore[index]
    if value is None:
        return _(_SCALE_TOP[name])
    return _(_NUMBERS[name]).format(value=value)


# What the presets say about each tool (sources and notes, in rankwork/content/presets.md) is
# checked against the tool itself in tests/crosscheck/test_claims.py. What cannot be run here is
# marked with its source below.


def _source(preset: str) -> str:
    """A preset's source, in English (shown with ``_``): section <preset>.source of
    rankwork/content/presets.md, `preset` being its name here in lower case."""
    return prose.source("presets", f"{preset}.source")


def _notes(preset: str) -> tuple[str, ...]:
    """A preset's notes, in English: sections <preset>.note.1, .2, ... of presets.md."""
    said = prose.sections("presets")
    return tuple(text for key, text in said.items() if key.startswith(f"{preset}.note."))


# source: the papers named in the text.
TEXTBOOK = Convention(
    name=N_("Textbook"),
    source=_source("textbook"),
)

TREC_EVAL_NDCG_CUT = Convention(
    name="trec_eval ndcg_cut",
    source=_source("trec_eval_ndcg_cut"),
    gain="linear",
    err_gmax=4.0,
    negative="unjudged",
    # source (trec_eval 10, not on PyPI): research note shared/research/library-conventions.md
    # §1D and D11 (m_rbp.c:te_calc_rbp: p = 0.9, per-topic rescaling) and D2 (doubles).
    notes=_notes("trec_eval_ndcg_cut"),
)

TREC_EVAL_NDCG = TREC_EVAL_NDCG_CUT.with_(
    name="trec_eval ndcg",
    source=_source("trec_eval_ndcg"),
    ideal_cut=False,
    dcg_cutoff=False,
    notes=TREC_EVAL_NDCG_CUT.notes,
)

IR_MEASURES = TREC_EVAL_NDCG_CUT.with_(
    name="ir_measures",
    source=_source("ir_measures"),
    float32_scores=True,
    rbp_gain="binary",
    notes=_notes("ir_measures"),
)

RANX = Convention(
    name="ranx ndcg",
    source=_source("ranx"),
    gain="linear",
    ties="input",
    rbp_gain="raw",
    negative="unjudged",
    notes=_notes("ranx"),
)

RANX_BURGES = RANX.with_(
    name="ranx ndcg_burges",
    source=_source("ranx_burges"),
    gain="exponential",
    notes=RANX.notes,
)

SKLEARN = Convention(
    name="scikit-learn",
    source=_source("sklearn"),
    gain="linear",
    ideal="retrieved",
    ties="average",
    notes=_notes("sklearn"),
)

LIGHTGBM = Convention(
    name="LightGBM / XGBoost",
    source=_source("lightgbm"),
    ideal="retrieved",
    empty_value=1.0,
    ties="input",
    notes=_notes("lightgbm"),
)

# source: dmlc/xgboost v3.2.0 (7991260), src/metric/rank_metric.cc (EvalNDCG::Eval: a group
# whose IDCG is 0 scores 1, or 0 for `ndcg@k-`; common::ArgSort, a stable sort, of the float
# predictions), src/common/ranking_utils.h (CalcDCGGain 2^label - 1, CalcDCGDiscount
# 1/log2(i + 2) for the 0-based i; ndcg_exp_gain true by default), src/common/ranking_utils.cc
# (NDCGCache::InitOnCPU: IDCG from the group's labels sorted, cut at k). Checked against
# xgboost 3.2.0 itself in tests/crosscheck/test_adapters_xgboost.py.
XGBOOST = LIGHTGBM.with_(
    name="XGBoost",
    source=_source("xgboost"),
    float32_scores=True,
    notes=(LIGHTGBM.notes[0], *_notes("xgboost")),  # ndcg@k- first
)

# source: UKPLab/sentence-transformers v5.1.2 (dfcbbd9),
# sentence_transformers/evaluation/InformationRetrievalEvaluator.py: compute_metrics (binary
# relevance: a corpus id in relevant_docs[qid]; top hits sorted by score with Python's stable
# sorted(); IDCG from min(k, number relevant) ones; P@k over k, recall@k over the number
# relevant; MAP@k over min(k, number relevant)) and __init__ (a query without relevant
# documents is left out). Worked by hand in tests/crosscheck/test_adapters_sentence_transformers.py.
SENTENCE_TRANSFORMERS = Convention(
    name="sentence-transformers",
    source=_source("sentence_transformers"),
    gain="linear",
    ties="input",
    notes=_notes("sentence_transformers"),
)

GDEVAL = Convention(
    name="gdeval",
    source=_source("gdeval"),
    log_base=math.e,
    err_gmax=4.0,
    negative="clip",
    notes=_notes("gdeval"),
)

# source: Järvelin & Kekäläinen 2002 (DCG with the rank-b discount); research note D3.
JK2002 = Convention(
    name="Järvelin & Kekäläinen 2002",
    source=_source("jk2002"),
    gain="linear",
    discount="jk",
)

PRESETS: dict[str, Convention] = {
    c.name: c
    for c in (
        TEXTBOOK,
        TREC_EVAL_NDCG_CUT,
        TREC_EVAL_NDCG,
        IR_MEASURES,
        RANX,
        RANX_BURGES,
        SKLEARN,
        LIGHTGBM,
        XGBOOST,
        SENTENCE_TRANSFORMERS,
        GDEVAL,
        JK2002,
    )
}


def preset(name: str) -> Convention:
    """The preset called `name`, matched ignoring case and surrounding spaces.

    Parameters
    ----------
    name : str
        A name in ``PRESETS`` (``"Textbook"``, ``"trec_eval ndcg_cut"``, ``"ranx ndcg"``, ...),
        in any case and with any spaces around it: ``" TEXTBOOK "`` is ``"Textbook"``. The
        command line's ``--convention``, `rankwork.evaluate` and `rankwork.measure` all read a
        preset's name through this function.

    Returns
    -------
    Convention
        The preset itself (``PRESETS[...]``), not a copy.

    Raises
    ------
    ValueError
        When no preset has that name (or `name` is not a string); the message lists the names.

    Examples
    --------
    >>> from rankwork.core.conventions import PRESETS, preset
    >>> preset("  trec_eval NDCG_CUT ") is PRESETS["trec_eval ndcg_cut"]
    True
    >>> preset("textbook").gain
    'exponential'
    >>> preset("trec")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: Unknown preset 'trec'; choose one of: Textbook, trec_eval ndcg_cut, ...
    """
    key = name.strip().lower() if isinstance(name, str) else None
    for preset_name, convention in PRESETS.items():
        if preset_name.lower() == key:
            return convention
    raise ValueError(
        _("Unknown preset {name!r}; choose one of: {presets}.").format(
            name=name, presets=", ".join(PRESETS)
        )
    )


def resolve(convention: Convention | str) -> Convention:
    """`convention` itself, or the preset it names (read by :func:`preset`): what every public
    function taking ``convention: Convention | str`` calls.

    >>> resolve("ranx ndcg") is PRESETS["ranx ndcg"], resolve(TEXTBOOK) is TEXTBOOK
    (True, True)
    """
    return convention if isinstance(convention, Convention) else preset(convention)
