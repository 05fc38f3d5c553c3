"""One definition per measure: `SPECS`, the table every other list of measures is read from.

A `MeasureSpec` holds everything about one measure family: its name (as ir_measures spells it),
its parameters (each a `Param`: what it means, what it allows, which `Convention` fields it
sets), its cutoff rule, its single-list function (the value and its per-rank working, from
`graded` or `binary`), the `Convention` fields it reads, and what the interface shows (title,
description, the reader it models, its formula and citation).

Read from `SPECS`: the name parser and `Measure` (`rankwork.core.measures`), the value of a
measure on a scenario (`rankwork.core.scenario`), which convention fields a measure depends on
(`MeasureSpec.reads`: the diagnosis and the phrasing of differences), the Playground's report
(`rankwork.explore.report`), the sweeps and swaps (`rankwork.explore.behaviour`), the command
line's help and the cards' help text. The vectorised batch kernels live with the collection
code (`rankwork.collection.batch_measures.KERNELS`, one per family here, checked by a test),
since the core imports nothing outside itself.

Adding a measure: a `MeasureSpec` below, its single-list function, its batch kernel, and
their tests.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Literal

from rankwork.core import binary, cwl, diversity, graded, inferred, qmeasure
from rankwork.core.condensed import condensable
from rankwork.core.conventions import Convention
from rankwork.core.result import Result
from rankwork.language import N_, _

Cutoff = Literal["optional", "required", "none"]


@dataclass(frozen=True)
class Param:
    """A parameter of a measure name, e.g. `rel` in `P(rel=2)@5`.

    `allows(value)` says whether a parsed value (a float, a quoted text or a {grade: gain} map)
    is allowed, and `allowed` says in words what is. `sets(value)` gives the `Convention`
    fields the value changes; a parameter without `sets` is passed to the single-list function
    and the batch kernel as a keyword argument, `default` when the name does not give it.
    `symbol` is how the interface writes the parameter (α for alpha; `display_name`), when not
    by its name."""

    name: str
    description: str
    allowed: str
    allows: Callable[[object], bool]
    sets: Callable[[object], dict[str, object]] | None = None
    default: object = None
    symbol: str | None = None


def _positive(value: object) -> bool:
    return isinstance(value, float) and value > 0


DCG_KINDS = {"log2": "linear", "exp-log2": "exponential"}

DCG_KIND = Param(
    "dcg",
    N_(
        "'log2' for linear gain g, 'exp-log2' for exponential gain 2^g - 1 (both with 1/log2(i+1))."
    ),
    N_("'log2' or 'exp-log2'"),
    lambda v: isinstance(v, str) and v in DCG_KINDS,
    lambda v: {"gain": DCG_KINDS[v], "discount": "log", "log_base": 2.0},  # type: ignore[index]
)
GAIN_MAP = Param(
    "gains",
    N_("A custom gain for each grade, e.g. {0:0,1:1,2:3}."),
    N_("a map such as {0:0,1:1,2:3}, with at least one grade"),
    lambda v: isinstance(v, dict) and bool(v),
    lambda v: {"gain": "custom", "gain_map": tuple(sorted(v.items()))},  # type: ignore[attr-defined]
)
REL = Param(
    "rel",
    N_("The relevance threshold: a document is relevant when its grade is at least rel."),
    N_("a positive number"),
    _positive,
    lambda v: {"rel_threshold": float(v)},  # type: ignore[arg-type]
)
RBP_REL = Param(
    "rel",
    N_("Binary RBP: a document gains 1 when its grade is at least rel, else 0."),
    N_("a positive number"),
    _positive,
    lambda v: {"rel_threshold": float(v), "rbp_gain": "binary"},  # type: ignore[arg-type]
)
RBP_MAX_REL = Param(
    "max_rel",
    N_("Graded RBP: a document gains g / max_rel."),
    N_("a positive number"),
    _positive,
    lambda v: {"rbp_gmax": float(v), "rbp_gain": "graded"},  # type: ignore[arg-type]
)
ERR_MAX_REL = Param(
    "max_rel",
    N_("ERR's top grade gmax in R_i = (2^g - 1) / 2^gmax."),
    N_("a positive number"),
    _positive,
    lambda v: {"err_gmax": float(v)},  # type: ignore[arg-type]
)
PERSISTENCE = Param(
    "p",
    N_("RBP's persistence: the reader goes on to the next rank with probability p."),
    N_("a number between 0 and 1"),
    lambda v: isinstance(v, float) and 0 < v < 1,
    lambda v: {"rbp_p": float(v)},  # type: ignore[arg-type]
)
ALPHA = Param(
    "alpha",
    N_("The redundancy penalty α: a subtopic already seen c times is worth (1 - α)^c."),
    N_("a number from 0 to 1"),
    lambda v: isinstance(v, float) and 0 <= v <= 1,
    default=diversity.DEFAULT_ALPHA,
    symbol="α",
)
CWL_T = Param(
    "T",
    N_("The gain the C/W/L reader wants: more wanted, more read (ir_measures' T)."),
    N_("a positive number"),
    _positive,
    default=cwl.DEFAULT_T,
)
INST_T = Param(
    "T",
    N_("The gain INST's reader wants: more wanted, more read (ir_measures' T)."),
    N_("a number of at least 0.5"),  # cwl.INST_MIN_T, checked below
    lambda v: isinstance(v, float) and cwl.INST_MIN_T <= v < float("inf"),
    default=cwl.DEFAULT_T,
)
if f"{cwl.INST_MIN_T:g}" not in INST_T.allowed:  # the text names the minimum
    raise AssertionError("INST_T.allowed must name cwl.INST_MIN_T")
CWL_P = Param(
    "p",
    N_("NERR10's persistence: the reader goes on past a non-relevant document with probability p."),
    N_("a number between 0 and 1"),
    lambda v: isinstance(v, float) and 0 < v < 1,
    default=cwl.DEFAULT_P,
)
CWL_MAX_REL = Param(
    "max_rel",
    N_(
        "The grade that gains 1 (gain = grade / max_rel, clipped to [0, 1]); the grade scale's top "
        "when not given."
    ),
    N_("a positive number"),
    _positive,
)
NRBP_BETA = Param(
    "beta",
    N_("NRBP's patience β: the reader goes on to the next rank with probability β."),
    N_("a number from 0 up to (not including) 1"),
    lambda v: isinstance(v, float) and 0 <= v < 1,
    default=diversity.DEFAULT_BETA,
    symbol="β",
)
JUDGED_ONLY = Param(
    "judged_only",
    N_(
        "True: score the condensed list, the unjudged documents removed (Sakai, SIGIR 2007; "
        "ir_measures' spelling)."
    ),
    N_("True or False"),
    lambda v: isinstance(v, bool),
    default=False,
)
Q_BETA = Param(
    "beta",
    N_("How much Q weighs the gains against the hits: 0 gives AP, Sakai's default is 1."),
    N_("a number of at least 0"),
    lambda v: isinstance(v, float) and 0 <= v < float("inf"),
    default=qmeasure.DEFAULT_BETA,
)
BETA = Param(
    "beta",
    N_("How many times recall matters as much as precision."),
    N_("a positive number"),
    _positive,
    default=1.0,
)


@dataclass(frozen=True)
class MeasureSpec:
    """One measure family. `single(ranking, convention, k, **function parameters)` returns its
    `Result` for one list, and `working` names the columns of its table that show how the
    value is made (the Pitfalls lab sets them side by side, right and wrong); `exclusive` names
    parameters a name may not give together, and says why; `examples` are names of it to show
    (in the command line's help and in the message for a name that does not parse);
    `subtopics` marks the diversity measures, which read subtopic judgments
    (`rankwork.core.intents`) instead of grades; `shown` is the name people write for the
    family when it is not the family's own (α-nDCG for alpha_nDCG): the interface shows it
    (`display_name`), while links, the command line and exports keep the family's. `citation`
    names the sources only (papers, tools: it stays as it is in every language); what is said
    about them is `note`, a sentence marked for translation (shown with `_`)."""

    family: str
    title: str
    description: str
    reader: str
    latex: str
    citation: str
    params: tuple[Param, ...]
    cutoff: Cutoff
    single: Callable[..., Result]
    reads: tuple[str, ...]
    working: tuple[str, ...] = ()
    exclusive: tuple[tuple[str, ...], str] | None = None
    examples: tuple[str, ...] = ()
    subtopics: bool = False
    shown: str | None = None
    note: str = ""

    def param(self, name: str) -> Param:
        return next(p for p in self.params if p.name == name)


def _rbp_residual(ranking, convention: Convention, k=None) -> Result:
    """What RBP could still gain: the residual of `graded.rbp`, its weights as the working."""
    full = graded.rbp(ranking, convention)
    table = full.table.copy()
    table["contribution"] = table["residual_weight"]
    note = _("The tail p^n = {tail:.4g} beyond the list is part of the residual.").format(
        tail=full.details["tail"]
    )
    return Result(
        f"RBP_resid(p={convention.rbp_p:g})", full.details["residual"], table, full.details, note
    )


def _count(key: str) -> Callable[..., Result]:
    """trec_eval's counts (num_ret, num_rel, num_rel_ret) as a Result without a working."""

    def compute(ranking, convention: Convention, k=None) -> Result:
        value = binary.counts(ranking, convention, k)[key]
        table = binary.precision(ranking, convention, k).table.iloc[0:0]
        return Result(
            key,
            float(value),
            table,
            {key: float(value)},
            _("A count over the query, with no per-rank breakdown."),
        )

    return compute


# The Convention fields each family reads (the diagnosis compares only these).
_ORDERING = ("ties", "float32_scores", "negative")
_DCG = ("gain", "gain_map", "discount", "log_base", "discount_p", "dcg_cutoff") + _ORDERING
_BINARY = ("rel_threshold",) + _ORDERING
_RBP = ("rbp_p", "rbp_gain", "rbp_gmax", "rel_threshold") + _ORDERING

# The columns of each family's working that show how its value is made.
_DCG_WORKING = ("rank", "doc_id", "grade", "gain", "discount", "dcg_contribution", "ideal_grade",
                "ideal_gain", "ideal_contribution")  # fmt: skip
_Q_WORKING = ("rank", "doc_id", "grade", "relevant", "hits", "cg", "ideal_cg", "contribution")
_CWL_WORKING = ("rank", "doc_id", "grade", "gain", "continuation", "weight", "contribution")
_BINARY_WORKING = ("rank", "doc_id", "grade", "relevant", "hits", "precision", "contribution")
_NOVELTY_WORKING = ("rank", "doc_id", "subtopics", "new", "repeated", "gain", "discount",
                    "contribution")  # fmt: skip
_IDEAL_WORKING = _NOVELTY_WORKING + ("ideal_doc", "ideal_subtopics", "ideal_gain",
                                     "ideal_contribution")  # fmt: skip
# Diversity: the novelty gain g_i = sum_j w_j rel_ij (1 - α)^c_ij of rankwork.core.diversity.
_G = r"g_i=\sum_j w_j\,\mathrm{rel}_{ij}(1-\alpha)^{c_{ij}}"
_NDEVAL = "TREC's ndeval (version 4.5), through pyndeval; ir_measures "

_CWL_EU = (
    r"\mathrm{EU}=\sum_{i=1}^{1000}W(i)\,g_i,\quad W(i)=\frac{\prod_{j<i}C(j)}"
    r"{\sum_{m}\prod_{j<m}C(j)},\quad "
)


_CWL_NOTE = N_("Computed as cwl_eval 1.0.12 does (ir_measures' cwl_eval provider).")


def _cwl(
    family,
    title,
    description,
    reader,
    continuation,
    citation,
    params,
    cutoff,
    examples,
    note=_CWL_NOTE,
):
    """The spec of a C/W/L measure of `rankwork.core.cwl`: EU with the family's C(i)."""
    return MeasureSpec(
        family,
        title,
        description,
        reader,
        _CWL_EU + continuation,
        citation,
        params + (CWL_MAX_REL,),
        cutoff,
        partial(cwl.cwl_measure, family=family),
        _ORDERING,
        _CWL_WORKING,
        examples=examples,
        note=note,
    )


# Citations: papers, and the tool measure each family reproduces (checked against the tool in
# tests/crosscheck/test_claims.py, test_registry_*). Readers: the user model of the cited paper
# (source: research note shared/research/library-conventions.md §1D for ERR and RBP).
_SUM_K = r"\sum_{i=1}^{k}"
SPECS: dict[str, MeasureSpec] = {
    m.family: m
    for m in (
        MeasureSpec(
            "nDCG",
            "nDCG@k",
            N_("DCG of the list divided by the DCG of the ideal ranking."),
            N_("A patient reader whose attention fades with the log of the rank."),
            r"\mathrm{nDCG@}k=\frac{\mathrm{DCG@}k}{\mathrm{IDCG@}k},\quad"
            r"\mathrm{DCG@}k=" + _SUM_K + r"\mathrm{gain}(g_i)\,\mathrm{disc}(i)",
            "Järvelin & Kekäläinen, ACM TOIS 20(4), 2002; Burges et al., ICML 2005.",
            (DCG_KIND, GAIN_MAP, JUDGED_ONLY),
            "optional",
            condensable(graded.ndcg),
            _DCG + ("ideal", "ideal_cut", "empty_value"),
            _DCG_WORKING,
            examples=(
                "nDCG@10",
                "nDCG",
                "nDCG(dcg='exp-log2')@10",
                "nDCG(gains={0:0,1:1,2:3})@10",
                "nDCG(judged_only=True)@10",
            ),
        ),
        MeasureSpec(
            "DCG",
            "DCG@k",
            N_("Discounted cumulative gain: gains weighted by the rank discount."),
            N_("A patient reader whose attention fades with the log of the rank."),
            r"\mathrm{DCG@}k=" + _SUM_K + r"\mathrm{gain}(g_i)\,\mathrm{disc}(i)",
            "Järvelin & Kekäläinen, ACM TOIS 20(4), 2002.",
            (DCG_KIND, GAIN_MAP),
            "optional",
            graded.dcg,
            _DCG,
            _DCG_WORKING,
            examples=("DCG@10",),
        ),
        MeasureSpec(
            "IDCG",
            "IDCG@k",
            N_("DCG of the ideal ranking of the judged documents."),
            N_("The same reader, shown the best possible list."),
            r"\mathrm{IDCG@}k=" + _SUM_K + r"\mathrm{gain}(g^{*}_i)\,\mathrm{disc}(i)",
            "Järvelin & Kekäläinen, ACM TOIS 20(4), 2002.",
            (DCG_KIND, GAIN_MAP),
            "optional",
            graded.idcg,
            _DCG + ("ideal", "ideal_cut"),
            _DCG_WORKING,
            examples=("IDCG@10",),
        ),
        MeasureSpec(
            "P",
            "P@k",
            N_("Precision: the share of the top k that is relevant."),
            N_("A reader who reads exactly k documents, each equally."),
            r"\mathrm{P@}k=\frac{1}{k}" + _SUM_K + r"\mathrm{rel}_i",
            "trec_eval P.k (Voorhees & Harman, TREC, 2005).",
            (REL, JUDGED_ONLY),
            "optional",
            condensable(binary.precision),
            _BINARY,
            _BINARY_WORKING,
            examples=(
                "P@5",
                "P(rel=2)@5",
            ),
        ),
        MeasureSpec(
            "R",
            "R@k",
            N_("Recall: the share of all relevant documents found in the top k."),
            N_("A reader who wants every relevant document and reads k."),
            r"\mathrm{R@}k=\frac{1}{R}" + _SUM_K + r"\mathrm{rel}_i",
            "trec_eval recall.k.",
            (REL, JUDGED_ONLY),
            "optional",
            condensable(binary.recall),
            _BINARY,
            _BINARY_WORKING,
            examples=("R@100",),
        ),
        MeasureSpec(
            "F1",
            "F1@k",
            N_("Harmonic mean of P@k and R@k."),
            N_("A reader who weighs finding everything and reading little equally."),
            r"F_1@k=\frac{2\,\mathrm{P@}k\,\mathrm{R@}k}{\mathrm{P@}k+\mathrm{R@}k}",
            "van Rijsbergen, Information Retrieval, 1979; trec_eval set_F.",
            (REL,),
            "optional",
            binary.f_beta,
            _BINARY,
            _BINARY_WORKING,
            examples=("F1@10",),
        ),
        MeasureSpec(
            "F",
            "F_beta@k",
            N_("Weighted harmonic mean of P@k and R@k (recall beta times as important)."),
            N_("A reader who values recall beta times as much as precision."),
            r"F_\beta@k=\frac{(1+\beta^2)\,P\,R}{\beta^2P+R}",
            "van Rijsbergen, Information Retrieval, 1979.",
            (BETA, REL),
            "optional",
            binary.f_beta,
            _BINARY,
            examples=("F(beta=2)@10",),
        ),
        MeasureSpec(
            "AP",
            "AP",
            N_("Average precision: mean of P@i over the relevant documents."),
            N_("A reader who stops at a relevant document, each equally likely."),
            r"\mathrm{AP}=\frac{1}{R}\sum_{i:\,\mathrm{rel}_i=1}\mathrm{P@}i",
            "trec_eval map; Buckley & Voorhees, 'Retrieval System Evaluation', ch. 3 of "
            "Voorhees & Harman (eds.), TREC: Experiment and Evaluation in Information "
            "Retrieval, MIT Press, 2005.",
            (REL, JUDGED_ONLY),
            "optional",
            condensable(binary.average_precision),
            _BINARY,
            _BINARY_WORKING,
            examples=(
                "AP",
                "AP@100",
            ),
        ),
        MeasureSpec(
            "Q",
            "Q-measure",
            N_(
                "AP with graded gains blended in: at each relevant rank, hits plus β times the "
                "cumulative gain, over the rank plus β times the ideal's cumulative gain."
            ),
            N_(
                "The AP reader, who stops at a relevant document, each equally likely, and judges "
                "what was read by the blended ratio of hits and gain instead of by precision."
            ),
            r"Q=\frac{1}{R}\sum_{r:\,\mathrm{rel}_r=1}\frac{C(r)+\beta\,cg(r)}"
            r"{r+\beta\,cg^{*}(r)}",
            "Sakai, 'New performance metrics based on multigrade relevance', NTCIR-4, 2004; "
            "Sakai, IP&M 43(2), 2007.",
            (Q_BETA, REL, GAIN_MAP, JUDGED_ONLY),
            "optional",
            condensable(qmeasure.q_measure),
            ("gain", "gain_map") + _BINARY,
            _Q_WORKING,
            examples=("Q", "Q(beta=2)@10"),
            note=N_("Neither trec_eval nor ir_measures has it."),
        ),
        MeasureSpec(
            "RR",
            "RR",
            N_("Reciprocal rank of the first relevant document."),
            N_("A reader who wants one relevant document and stops there."),
            r"\mathrm{RR}=\frac{1}{\min\{i:\mathrm{rel}_i=1\}}",
            "Voorhees, TREC-8 QA track, 1999; trec_eval recip_rank.",
            (REL, JUDGED_ONLY),
            "optional",
            condensable(binary.reciprocal_rank),
            _BINARY,
            _BINARY_WORKING,
            examples=(
                "RR",
                "RR@10",
            ),
        ),
        MeasureSpec(
            "Rprec",
            "R-Precision",
            N_("Precision at depth R, the number of relevant documents."),
            N_("A reader who reads as many documents as there are relevant ones."),
            r"\mathrm{RPrec}=\frac{1}{R}\sum_{i=1}^{R}\mathrm{rel}_i",
            "trec_eval Rprec.",
            (REL, JUDGED_ONLY),
            "none",
            condensable(binary.r_precision),
            _BINARY,
            examples=("Rprec",),
        ),
        MeasureSpec(
            "SetAP",
            "SetAP",
            N_("Set precision times set recall: the retrieved documents as a set, order ignored."),
            N_("Not a reader: a judge of the retrieved set as a whole."),
            r"\mathrm{SetAP}=\frac{h(n)}{n}\cdot\frac{h(n)}{R}",
            "trec_eval set_map; ir_measures SetAP.",
            (REL,),
            "none",
            binary.set_ap,
            _BINARY,
            _BINARY_WORKING,
            examples=("SetAP",),
        ),
        MeasureSpec(
            "Bpref",
            "bpref",
            N_("How often relevant documents are ranked above judged non-relevant ones."),
            N_("A judge comparing pairs, ignoring unjudged documents."),
            r"\mathrm{bpref}=\frac{1}{R}\sum_{r}\left(1-\frac{\min(N_r,R)}{\min(N,R)}\right)",
            "trec_eval bpref; Buckley & Voorhees, SIGIR 2004; bpref_bug (trec_eval, 2005).",
            (REL,),
            "none",
            binary.bpref,
            _BINARY,
            examples=("Bpref",),
            note=N_(
                "As corrected in trec_eval 8.0 (min(N_r, R)/min(N, R)); Buckley & Voorhees "
                "defined bpref, but the numbers in their paper come from the earlier computation."
            ),
        ),
        MeasureSpec(
            "infAP",
            "infAP",
            N_("Inferred AP: AP estimated from a random sample of the pool's judgments."),
            N_(
                "The AP reader, with each pooled but unjudged document above a relevant one "
                "relevant at the rate seen among the judged ones."
            ),
            r"\mathrm{infAP}=\frac{1}{R}\sum_{i:\,\mathrm{rel}_i=1}\Big(\frac{1}{i}+"
            r"\frac{i-1}{i}\cdot\frac{|d_{<i}|}{i-1}\cdot"
            r"\frac{r_{<i}+\varepsilon}{r_{<i}+n_{<i}+2\varepsilon}\Big)",
            "Yilmaz & Aslam, CIKM 2006; trec_eval infAP (m_infAP.c).",
            (REL,),
            "none",
            inferred.inf_ap,
            _BINARY,
            _BINARY_WORKING,
            examples=("infAP",),
            note=N_(
                "In trec_eval's qrels a grade of -1 marks a document in the pool but unjudged; "
                "ε = 0.00001."
            ),
        ),
        MeasureSpec(
            "Success",
            "Success@k",
            N_("1 if a relevant document is in the top k, else 0."),
            N_("A reader who reads k documents and is happy with one relevant."),
            r"\mathrm{Success@}k=[\,\exists i\le k:\mathrm{rel}_i=1\,]",
            "trec_eval success.k.",
            (REL,),
            "required",
            binary.success,
            _BINARY,
            examples=("Success@10",),
        ),
        MeasureSpec(
            "Judged",
            "Judged@k",
            N_("The share of the top k that has a judgment."),
            N_("Not a reader: a check on how far the judgments reach."),
            r"\mathrm{Judged@}k=\frac{|\{i\le k:\ \mathrm{judged}_i\}|}{\min(k,n)}",
            "ir_measures Judged@k (MacAvaney et al.).",
            (),
            "required",
            binary.judged_at,
            _ORDERING,
            examples=("Judged@10",),
        ),
        MeasureSpec(
            "ERR",
            "ERR@k",
            N_("Expected reciprocal rank of the document that satisfies the reader."),
            N_(
                "A cascade reader who, having reached rank i, stops there with probability "
                "R_i = (2^g - 1)/2^gmax, and otherwise reads on."
            ),
            r"\mathrm{ERR@}k=" + _SUM_K + r"\frac{1}{i}R_i\prod_{j<i}(1-R_j),\quad"
            r"R_i=\frac{2^{g_i}-1}{2^{g_{\max}}}",
            "Chapelle, Metzler, Zhang & Grinspan, CIKM 2009.",
            (ERR_MAX_REL,),
            "optional",
            graded.err,
            ("err_gmax",) + _ORDERING,
            ("rank", "doc_id", "grade", "stop_given_reached", "p_reach", "p_stop", "contribution"),
            examples=(
                "ERR@10",
                "ERR(max_rel=3)@10",
            ),
        ),
        MeasureSpec(
            "RBP",
            "RBP(p)",
            N_("Rank-biased precision: expected gain per document read."),
            N_("A memoryless reader who goes on to the next rank with probability p."),
            r"\mathrm{RBP}=(1-p)\sum_{i\ge 1} r_i\,p^{i-1}",
            "Moffat & Zobel, ACM TOIS 27(1), 2008.",
            (PERSISTENCE, RBP_REL, RBP_MAX_REL),
            "none",
            graded.rbp,
            _RBP,
            ("rank", "doc_id", "grade", "gain", "weight", "contribution", "residual_weight"),
            exclusive=(("rel", "max_rel"), N_("RBP is either binary (rel=) or graded (max_rel=)")),
            examples=(
                "RBP(p=0.8)",
                "RBP(p=0.8,rel=1)",
                "RBP(p=0.8,max_rel=3)",
            ),
            note=N_(
                "Moffat & Zobel define RBP on binary relevance; the graded gain r_i = g/gmax is "
                "one common extension, not theirs."
            ),
        ),
        MeasureSpec(
            "RBP_resid",
            "RBP residual",
            N_("What RBP could still gain from unjudged ranks and the tail."),
            N_("The RBP reader, if every unknown document were of the top grade."),
            r"\mathrm{res}=(1-p)\sum_{i\,\mathrm{unjudged}}p^{i-1}+p^{n}",
            "Moffat & Zobel, ACM TOIS 27(1), 2008.",
            (PERSISTENCE, RBP_REL, RBP_MAX_REL),
            "none",
            _rbp_residual,
            _RBP,
            exclusive=(("rel", "max_rel"), N_("RBP is either binary (rel=) or graded (max_rel=)")),
            examples=("RBP_resid(p=0.8)",),
        ),
        MeasureSpec(
            "NumRet",
            "num_ret",
            N_("Number of documents retrieved."),
            N_("A count, not a reader."),
            r"n",
            "trec_eval num_ret.",
            (REL,),
            "optional",
            _count("num_ret"),
            _BINARY,
            examples=("NumRet",),
        ),
        MeasureSpec(
            "NumRel",
            "num_rel",
            N_("Number of relevant judged documents (R)."),
            N_("A count, not a reader."),
            r"R",
            "trec_eval num_rel.",
            (REL,),
            "none",
            _count("num_rel"),
            _BINARY,
            examples=("NumRel",),
        ),
        MeasureSpec(
            "NumRelRet",
            "num_rel_ret",
            N_("Number of relevant documents retrieved."),
            N_("A count, not a reader."),
            r"h(n)",
            "trec_eval num_rel_ret.",
            (REL,),
            "optional",
            _count("num_rel_ret"),
            _BINARY,
            examples=("NumRelRet",),
        ),
        MeasureSpec(
            "alpha_DCG",
            "α-DCG@k",
            N_(
                "DCG of the novelty gains, over the same sum for a list relevant to every subtopic."
            ),
            N_(
                "A reader with one of several intents, for whom a document on a subtopic already "
                "seen c times is worth (1 - α)^c of a new one, and whose attention fades with the "
                "log of the rank."
            ),
            r"\alpha\text{-DCG@}k=\frac{"
            + _SUM_K
            + r"g_i/\log_2(i+1)}{"
            + _SUM_K
            + r"(1-\alpha)^{i-1}/\log_2(i+1)},\quad "
            + _G,
            "Clarke et al., SIGIR 2008; " + _NDEVAL + "alpha_DCG.",
            (ALPHA,),
            "required",
            diversity.alpha_dcg,
            _ORDERING,
            _NOVELTY_WORKING,
            examples=("alpha_DCG@20",),
            subtopics=True,
            shown="α-DCG",
        ),
        MeasureSpec(
            "alpha_nDCG",
            "α-nDCG@k",
            N_("α-DCG of the list over α-DCG of the (greedy) ideal ranking."),
            N_(
                "A reader with one of several intents, for whom a document on a subtopic already "
                "seen c times is worth (1 - α)^c of a new one, and whose attention fades with the "
                "log of the rank."
            ),
            r"\alpha\text{-nDCG@}k=\frac{"
            + _SUM_K
            + r"g_i/\log_2(i+1)}{"
            + _SUM_K
            + r"g^{*}_i/\log_2(i+1)},\quad "
            + _G,
            "Clarke et al., SIGIR 2008; " + _NDEVAL + "alpha_nDCG.",
            (ALPHA,),
            "required",
            diversity.alpha_ndcg,
            _ORDERING,
            _IDEAL_WORKING,
            examples=("alpha_nDCG@20", "alpha_nDCG(alpha=0.8)@10"),
            subtopics=True,
            shown="α-nDCG",
        ),
        MeasureSpec(
            "ERR_IA",
            "ERR-IA@k",
            N_(
                "Intent-aware ERR: each intent's ERR weighted by its probability (ndeval's "
                "normalisation)."
            ),
            N_(
                "A cascade reader with one of several intents, who stops at a document relevant "
                "to it with probability α (0.5 unless the name gives it)."
            ),
            r"\mathrm{ERR\text{-}IA@}k=\frac{"
            + _SUM_K
            + r"g_i/i}{"
            + _SUM_K
            + r"(1-\alpha)^{i-1}/i},\quad "
            + _G,
            "Chapelle et al., CIKM 2009 / Information Retrieval 14(6), 2011; "
            + _NDEVAL
            + "ERR_IA.",
            (ALPHA,),
            "required",
            diversity.err_ia,
            _ORDERING,
            _NOVELTY_WORKING,
            examples=("ERR_IA@20",),
            subtopics=True,
            shown="ERR-IA",
            note=N_(
                "ir_measures' ERR_IA takes no α and always passes ndeval's 0.5; "
                "ERR_IA(alpha=0.8) is ndeval's -alpha 0.8."
            ),
        ),
        MeasureSpec(
            "nERR_IA",
            "nERR-IA@k",
            N_("ERR-IA of the list over ERR-IA of the (greedy) ideal ranking."),
            N_(
                "A cascade reader with one of several intents, who stops at a document relevant "
                "to it with probability α (0.5 unless the name gives it)."
            ),
            r"\mathrm{nERR\text{-}IA@}k=\frac{"
            + _SUM_K
            + r"g_i/i}{"
            + _SUM_K
            + r"g^{*}_i/i},\quad "
            + _G,
            "Chapelle et al., Information Retrieval 14(6), 2011; " + _NDEVAL + "nERR_IA.",
            (ALPHA,),
            "required",
            diversity.nerr_ia,
            _ORDERING,
            _IDEAL_WORKING,
            examples=("nERR_IA@20",),
            subtopics=True,
            shown="nERR-IA",
            note=N_(
                "ir_measures' nERR_IA takes no α and always passes ndeval's 0.5; "
                "nERR_IA(alpha=0.8) is ndeval's -alpha 0.8."
            ),
        ),
        MeasureSpec(
            "NRBP",
            "NRBP",
            N_("Novelty- and rank-biased precision: RBP of the novelty gains."),
            N_(
                "A memoryless reader with one of several intents, who reads on with probability "
                "β, and for whom a document on a subtopic already seen c times is worth "
                "(1 - α)^c of a new one."
            ),
            r"\mathrm{NRBP}=(1-(1-\alpha)\beta)\sum_{i\ge1}g_i\,\beta^{i-1},\quad " + _G,
            "Clarke, Kolla & Vechtomova, ICTIR 2009; " + _NDEVAL + "NRBP.",
            (ALPHA, NRBP_BETA),
            "none",
            diversity.nrbp,
            _ORDERING,
            _NOVELTY_WORKING,
            examples=("NRBP", "NRBP(alpha=0.5,beta=0.8)"),
            subtopics=True,
        ),
        MeasureSpec(
            "nNRBP",
            "nNRBP",
            N_("NRBP of the list over NRBP of the (greedy) ideal ranking."),
            N_(
                "A memoryless reader with one of several intents, who reads on with probability "
                "β, and for whom a document on a subtopic already seen c times is worth "
                "(1 - α)^c of a new one."
            ),
            r"\mathrm{nNRBP}=\frac{\mathrm{NRBP}}{\mathrm{NRBP}^{*}}",
            "Clarke, Kolla & Vechtomova, ICTIR 2009; " + _NDEVAL + "nNRBP.",
            (ALPHA, NRBP_BETA),
            "none",
            diversity.nnrbp,
            _ORDERING,
            _IDEAL_WORKING,
            examples=("nNRBP",),
            subtopics=True,
        ),
        MeasureSpec(
            "P_IA",
            "P-IA@k",
            N_("Intent-aware precision: each intent's P@k weighted by its probability."),
            N_("A reader with one of several intents who reads exactly k documents."),
            r"\mathrm{P\text{-}IA@}k=\sum_j w_j\,\mathrm{P}_j\mathrm{@}k",
            "Agrawal et al., WSDM 2009; " + _NDEVAL + "P_IA.",
            (),
            "required",
            diversity.p_ia,
            _ORDERING,
            _NOVELTY_WORKING,
            examples=("P_IA@20",),
            subtopics=True,
            shown="P-IA",
        ),
        MeasureSpec(
            "AP_IA",
            "AP-IA",
            N_("Intent-aware average precision: each intent's AP weighted by its probability."),
            N_(
                "A reader with one of several intents who stops at a document relevant to it, each "
                "such document equally likely."
            ),
            r"\mathrm{AP\text{-}IA}=\sum_j w_j\,\mathrm{AP}_j",
            "Agrawal et al., WSDM 2009; " + _NDEVAL + "AP_IA (ndeval's MAP-IA).",
            (),
            "none",
            diversity.ap_ia,
            _ORDERING,
            _NOVELTY_WORKING,
            examples=("AP_IA",),
            subtopics=True,
            shown="AP-IA",
        ),
        MeasureSpec(
            "StRecall",
            "S-recall@k",
            N_("Subtopic recall: the share of the query's subtopics the top k cover."),
            N_("A reader who wants to see every subtopic once, and reads k documents."),
            r"\text{S-recall@}k=\frac{|\bigcup_{i\le k}\mathrm{sub}(d_i)|}{|S|}",
            "Zhai, Cohen & Lafferty, SIGIR 2003; " + _NDEVAL + "StRecall.",
            (),
            "required",
            diversity.st_recall,
            _ORDERING,
            _NOVELTY_WORKING,
            examples=("StRecall@20",),
            subtopics=True,
            shown="S-recall",
        ),
        _cwl(
            "INST",
            "INST(T)",
            N_(
                "Expected gain per document read, for a reader whose chance of reading on falls "
                "as the gain wanted, T, is found."
            ),
            N_(
                "An adaptive reader: the more gain still wanted and the deeper the rank, the "
                "likelier to read on."
            ),
            r"C(i)=\Big(\frac{i+T+T_i-1}{i+T+T_i}\Big)^2,\ T_i=T-\sum_{j\le i}g_j",
            "Moffat, Bailey, Scholer & Thomas, ADCS 2015; Moffat et al., ACM TOIS 35(3), 2017.",
            (INST_T,),
            "none",
            ("INST", "INST(T=2,max_rel=3)"),
        ),
        _cwl(
            "INSQ",
            "INSQ(T)",
            N_(
                "Expected gain per document read, for a reader who expects to need T relevant "
                "documents but does not adapt to what is found."
            ),
            N_("A reader whose chance of reading on grows with the rank, the same for every list."),
            r"C(i)=\Big(\frac{i+2T-1}{i+2T}\Big)^2",
            "Moffat, Scholer & Thomas, ADCS 2012.",
            (CWL_T,),
            "none",
            ("INSQ(T=2)",),
        ),
        _cwl(
            "NERR8",
            "NERR8@k",
            N_(
                "A C/W/L measure close to ERR@k: the reader stops at a document with its "
                "scaled gain, and always at rank k."
            ),
            N_(
                "A cascade reader, satisfied at rank i with probability g_i, who reads at "
                "most k documents."
            ),
            r"C(i)=(1-g_i)\,[i<k]",
            "Azzopardi, Mackenzie & Moffat, ICTIR 2021, equation 8.",
            (),
            "required",
            ("NERR8@10",),
        ),
        _cwl(
            "NERR9",
            "NERR9@k",
            N_("NERR8 with a reader who also tires: i/(i+1) of going on at rank i."),
            N_("A cascade reader who tires with the rank, and reads at most k documents."),
            r"C(i)=\frac{i}{i+1}(1-g_i)\,[i<k]",
            "Azzopardi, Mackenzie & Moffat, ICTIR 2021, equation 9.",
            (),
            "required",
            ("NERR9@10",),
        ),
        _cwl(
            "NERR10",
            "NERR10(p)",
            N_("A C/W/L measure close to ERR: RBP's reader who also stops when satisfied."),
            N_("A cascade reader who goes on past an unsatisfying document with probability p."),
            r"C(i)=p\,(1-g_i)",
            "Azzopardi, Mackenzie & Moffat, ICTIR 2021, equation 10.",
            (CWL_P,),
            "none",
            ("NERR10(p=0.8)",),
        ),
        _cwl(
            "NERR11",
            "NERR11(T)",
            N_("A C/W/L measure close to ERR: INSQ's reader who also stops when satisfied."),
            N_("A cascade reader with INSQ's patience."),
            r"C(i)=\Big(\frac{i+2T-1}{i+2T}\Big)^2(1-g_i)",
            "Azzopardi, Mackenzie & Moffat, ICTIR 2021, equation 11.",
            (CWL_T,),
            "none",
            ("NERR11(T=2)",),
        ),
        _cwl(
            "BPM",
            "BPM@k",
            N_(
                "Bejeweled Player Model (static): the reader stops at rank k or once the gain "
                "found reaches T, whichever comes first."
            ),
            N_("A reader with two budgets, gain wanted (T) and documents to spend (k)."),
            r"C(i)=\big[\textstyle\sum_{j\le i}g_j<T\ \wedge\ i<k\big]",
            "Zhang, Liu, Li, Zhang, Xu & Ma, SIGIR 2017.",
            (CWL_T,),
            "required",
            ("BPM(T=2)@10",),
            note=N_(
                "The static model, each document costing 1. Computed as cwl_eval 1.0.12 does "
                "(ir_measures' cwl_eval provider)."
            ),
        ),
    )
}


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
