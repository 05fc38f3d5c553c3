"""What a measure family declares: `MeasureSpec`, its parameters (`Param`) and its
capabilities (`Capabilities`), with the parameters, the `Convention` fields and the working
columns several families share.

A family's module (`rankwork.core.measures.families`) declares one `MeasureSpec` per family
with keywords: its name as ir_measures spells it, its parameters (each a `Param`: what it means,
what it allows, which `Convention` fields it sets), its cutoff rule, its single-list function
(the value and its per-rank working), its batch kernel (every query at once, on the arrays of
`rankwork.core.segments.Prepared`), the `Convention` fields it reads, what the interface shows
(title, description, the reader it models, its formula and citation) and which lists of
measures it belongs to (`Capabilities`, read by `rankwork.core.capabilities.families`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Literal

import numpy as np

from rankwork.core.diversity import DEFAULT_ALPHA
from rankwork.core.result import Result
from rankwork.language import N_

Cutoff = Literal["optional", "required", "none"]


@dataclass(frozen=True, kw_only=True)
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


@dataclass(frozen=True, kw_only=True)
class Capabilities:
    """The lists of measures a family belongs to, each a flag that
    `rankwork.core.capabilities.families(name)` reads (the families with it true, in the order
    of `SPECS`). All false unless the family's declaration sets them.

    headline        a card of the Playground's report shown for every list (the headline
                    measures of `rankwork.explore.report`)
    diversity_card  a card the Playground's report adds when the list has subtopics
    more            a card a teacher can add (the Playground's "More measures")
    projector       a card the projector view shows until the teacher picks others
    graded_card     in the first row of the Playground's cards, the graded measures (the
                    binary ones make the second)
    pool_normalised normalised by the judged pool (the ideal ranking or R), so a top-grade fill
                    of the unjudged documents changes the normaliser too (`rankwork.core.bounds`)
    pitfalls        a measure of the Pitfalls lab's catalogue (`rankwork.teaching.pitfalls`)
    condensable     one of those the condensed list (unjudged documents removed) can change
    sweep           drawn in the Behaviour page's sweeps (`rankwork.explore.behaviour`)
    ordering        compared over every ordering of a list (`rankwork.explore.orderings`)
    exercise        its value is predicted in the Exercises (`rankwork.teaching.exercises`)
    micro           can be micro-averaged over queries from its counts
                    (`rankwork.collection.micro`)
    reader          has a C/W/L reader the Discounts page draws on the Playground's list
                    (`rankwork.core.cwl.list_reader`)
    """

    headline: bool = False
    diversity_card: bool = False
    more: bool = False
    projector: bool = False
    graded_card: bool = False
    pool_normalised: bool = False
    pitfalls: bool = False
    condensable: bool = False
    sweep: bool = False
    ordering: bool = False
    exercise: bool = False
    micro: bool = False
    reader: bool = False


@dataclass(frozen=True, kw_only=True)
class MeasureSpec:
    """One measure family.

    `single(ranking, convention, k, **function parameters)` returns its `Result` for one list;
    `kernel(prepared, convention, k, **function parameters)` its value for every query of a
    `rankwork.core.segments.Prepared` (a float array indexed by query), the same number. `order`
    places the family in `SPECS` (and so in every list derived from it). `working` names the
    columns of its table that show how the value is made (the Pitfalls lab sets them side by
    side, right and wrong); `exclusive` names parameters a name may not give together, and says
    why; `examples` are names of it to show (in the command line's help and in the message for
    a name that does not parse); `subtopics` marks the diversity measures, which read subtopic
    judgments (`rankwork.core.intents`) instead of grades; `shown` is the name people write for
    the family when it is not the family's own (α-nDCG for alpha_nDCG): the interface shows it
    (`display_name`), while links, the command line and exports keep the family's. `citation`
    names the sources only (papers, tools: it stays as it is in every language); what is said
    about them is `note`, a sentence marked for translation (shown with `_`)."""

    family: str
    order: int
    title: str
    description: str
    reader: str
    latex: str
    citation: str
    params: tuple[Param, ...]
    cutoff: Cutoff
    single: Callable[..., Result]
    kernel: Callable[..., np.ndarray]
    reads: tuple[str, ...]
    working: tuple[str, ...] = ()
    exclusive: tuple[tuple[str, ...], str] | None = None
    examples: tuple[str, ...] = ()
    subtopics: bool = False
    shown: str | None = None
    note: str = ""
    capabilities: Capabilities = field(default_factory=Capabilities)

    def param(self, name: str) -> Param:
        return next(p for p in self.params if p.name == name)


def positive(value: object) -> bool:
    """A parsed value that is a number above 0."""
    return isinstance(value, float) and value > 0


def probability(value: object) -> bool:
    """A parsed value strictly between 0 and 1."""
    return isinstance(value, float) and 0 < value < 1


GAIN_MAP = Param(
    name="gains",
    description=N_("A custom gain for each grade, e.g. {0:0,1:1,2:3}."),
    allowed=N_("a map such as {0:0,1:1,2:3}, with at least one grade"),
    allows=lambda v: isinstance(v, dict) and bool(v),
    sets=lambda v: {"gain": "custom", "gain_map": tuple(sorted(v.items()))},  # type: ignore[attr-defined]
)
REL = Param(
    name="rel",
    description=N_(
        "The relevance threshold: a document is relevant when its grade is at least rel."
    ),
    allowed=N_("a positive number"),
    allows=positive,
    sets=lambda v: {"rel_threshold": float(v)},  # type: ignore[arg-type]
)
ALPHA = Param(
    name="alpha",
    description=N_("The redundancy penalty α: a subtopic already seen c times is worth (1 - α)^c."),
    allowed=N_("a number from 0 to 1"),
    allows=lambda v: isinstance(v, float) and 0 <= v <= 1,
    default=DEFAULT_ALPHA,
    symbol="α",
)
JUDGED_ONLY = Param(
    name="judged_only",
    description=N_(
        "True: score the condensed list, the unjudged documents removed (Sakai, SIGIR 2007; "
        "ir_measures' spelling)."
    ),
    allowed=N_("True or False"),
    allows=lambda v: isinstance(v, bool),
    default=False,
)

# The Convention fields families read (the diagnosis compares only these).
ORDERING = ("ties", "float32_scores", "negative")
BINARY = ("rel_threshold",) + ORDERING

# The columns of the working that show how the value is made, shared by several families.
BINARY_WORKING = ("rank", "doc_id", "grade", "relevant", "hits", "precision", "contribution")
NOVELTY_WORKING = ("rank", "doc_id", "subtopics", "new", "repeated", "gain", "discount",
                   "contribution")  # fmt: skip
IDEAL_WORKING = NOVELTY_WORKING + ("ideal_doc", "ideal_subtopics", "ideal_gain",
                                   "ideal_contribution")  # fmt: skip

# Pieces of formulas and citations several families share.
SUM_K = r"\sum_{i=1}^{k}"
#: Diversity: the novelty gain g_i = sum_j w_j rel_ij (1 - α)^c_ij of rankwork.core.diversity.
NOVELTY_GAIN = r"g_i=\sum_j w_j\,\mathrm{rel}_{ij}(1-\alpha)^{c_{ij}}"
NDEVAL = "TREC's ndeval (version 4.5), through pyndeval; ir_measures "
