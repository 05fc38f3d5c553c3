"""A list's grades as the pages and the exercise sheet write them: 'unjudged' for an unjudged
document (a NaN grade), else the number as '%g' prints it ('3', '2.5'). (The Playground's
editor writes grades differently, as cells to edit: `ui.playground.inputs.grade_text`.) No
Streamlit here.
"""

from __future__ import annotations

from collections.abc import Iterable

import pandas as pd

from i18n import _
from rankwork.core.ranking import Ranking


def grade_label(g: float) -> str:
    """'unjudged' for a NaN grade, else '3', '2.5'."""
    return _("unjudged") if g != g else f"{g:g}"


def grades_label(grades: Iterable[float]) -> str:
    """The grades in rank order, comma-separated: '3, unjudged, 0'."""
    return ", ".join(grade_label(g) for g in grades)


def unretrieved_label(ranking: Ranking) -> str:
    """The grades of the judged documents that were not retrieved, or 'none'."""
    return ", ".join(f"{g:g}" for g in ranking.unretrieved) or _("none")


def list_caption(ranking: Ranking) -> str:
    """'Grades in rank order: 3, 2, unjudged. Judged but not retrieved: 2.'"""
    return _("Grades in rank order: {grades}. Judged but not retrieved: {unretrieved}.").format(
        grades=grades_label(ranking.grades), unretrieved=unretrieved_label(ranking)
    )


def list_frame(ranking: Ranking) -> pd.DataFrame:
    """The ranked list as a table to show: rank, doc, grade (as `grade_label` writes it) and,
    when the list has scores, score."""
    frame = pd.DataFrame(
        {
            "rank": range(1, len(ranking) + 1),
            "doc": ranking.doc_ids,
            "grade": [grade_label(g) for g in ranking.grades],
        }
    )
    if ranking.scores is not None:
        frame["score"] = ranking.scores
    return frame
