"""Example lists a teacher can load in one click, each chosen to show one behaviour."""

from __future__ import annotations

from dataclasses import dataclass

from i18n import N_

U = None  # an unjudged document


@dataclass(frozen=True)
class Example:
    """A list with the grade scale it is graded on: loading it sets the Playground's top grade,
    which ERR's and graded RBP's gmax default to (Wikipedia's 0..3 list read on a 0..4 scale
    would give Textbook ERR@5 = 0.560 instead of 0.921)."""

    title: str  # English, marked with N_: shown with _()
    grades: tuple[float | None, ...]
    unretrieved: tuple[float, ...]
    lesson: str  # the same
    scale_max: int


EXAMPLES: tuple[Example, ...] = (
    Example(
        N_("3,2,3,0,1,2 + unretrieved 3,2"),
        (3, 2, 3, 0, 1, 2),
        (3, 2),
        N_(
            "Two judged documents were never retrieved: they raise IDCG and the recall denominator."
        ),
        3,
    ),
    Example(
        N_("1,2,0,2,1 + unretrieved 2"),
        (1, 2, 0, 2, 1),
        (2,),
        N_(
            "The classic small list: the relevant 2s come late, and one relevant document is "
            "missing."
        ),
        2,
    ),
    Example(
        N_("A single relevant document"),
        (0, 0, 3, 0, 0, 0),
        (),
        N_("RR = 1/3 and AP = 1/3: with one relevant document both read only its rank."),
        3,
    ),
    Example(
        N_("All zeros"),
        (0, 0, 0, 0, 0),
        (),
        N_("IDCG = 0, so nDCG is a convention: 0 for trec_eval, 1 for LightGBM."),
        1,
    ),
    Example(
        N_("All grades equal"),
        (2, 2, 2, 2, 2),
        (),
        N_("Every order is ideal: nDCG = 1 however you shuffle."),
        2,
    ),
    Example(
        N_("With unjudged documents"),
        (3, U, 2, U, 0, 1),
        (),
        N_("Unjudged documents gain 0, but RBP's residual counts what they might add."),
        3,
    ),
)

DEFAULT = EXAMPLES[0]
