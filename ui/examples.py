"""Example lists a teacher can load in one click, each chosen to show one behaviour."""

from __future__ import annotations

from dataclasses import dataclass

U = None  # an unjudged document


@dataclass(frozen=True)
class Example:
    """A list with the grade scale it is graded on: loading it sets the Playground's top grade,
    which ERR's and graded RBP's gmax default to (Wikipedia's 0..3 list read on a 0..4 scale
    would give Textbook ERR@5 = 0.560 instead of 0.921)."""

    title: str
    grades: tuple[float | None, ...]
    unretrieved: tuple[float, ...]
    lesson: str
    scale_max: int


EXAMPLES: tuple[Example, ...] = (
    Example(
        "3,2,3,0,1,2 + unretrieved 3,2",
        (3, 2, 3, 0, 1, 2),
        (3, 2),
        "Two judged documents were never retrieved: they raise IDCG and the recall denominator.",
        3,
    ),
    Example(
        "1,2,0,2,1 + unretrieved 2",
        (1, 2, 0, 2, 1),
        (2,),
        "The classic small list: the relevant 2s come late, and one relevant document is missing.",
        2,
    ),
    Example(
        "A single relevant document",
        (0, 0, 3, 0, 0, 0),
        (),
        "RR = 1/3 and AP = 1/3: with one relevant document both read only its rank.",
        3,
    ),
    Example(
        "All zeros",
        (0, 0, 0, 0, 0),
        (),
        "IDCG = 0, so nDCG is a convention: 0 for trec_eval, 1 for LightGBM.",
        1,
    ),
    Example(
        "All grades equal",
        (2, 2, 2, 2, 2),
        (),
        "Every order is ideal: nDCG = 1 however you shuffle.",
        2,
    ),
    Example(
        "With unjudged documents",
        (3, U, 2, U, 0, 1),
        (),
        "Unjudged documents gain 0, but RBP's residual counts what they might add.",
        3,
    ),
)

DEFAULT = EXAMPLES[0]
