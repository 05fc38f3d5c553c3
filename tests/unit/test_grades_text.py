"""ui/shared/grades.py: how the pages and the exercise sheet write a list's grades (no
Streamlit)."""

import math

from rankwork.core.ranking import Ranking
from ui.shared.grades import grade_label, grades_label, list_caption, list_frame, unretrieved_label


def test_a_grade_reads_as_percent_g_and_nan_as_unjudged():
    assert [grade_label(g) for g in (3.0, 2.5, 0.0, math.nan)] == ["3", "2.5", "0", "unjudged"]
    assert grades_label([3.0, math.nan, 1.0]) == "3, unjudged, 1"


def test_the_caption_names_the_grades_and_the_unretrieved():
    r = Ranking.build([3, None, 1], unretrieved=[2, 1], scale_max=3)
    assert unretrieved_label(r) == "2, 1"
    assert unretrieved_label(Ranking.build([1, 0])) == "none"
    assert (
        list_caption(r) == "Grades in rank order: 3, unjudged, 1. Judged but not retrieved: 2, 1."
    )


def test_the_list_frame_shows_scores_only_when_the_list_has_them():
    plain = list_frame(Ranking.build([3, None]))
    assert list(plain.columns) == ["rank", "doc", "grade"]
    assert plain["grade"].tolist() == ["3", "unjudged"] and plain["rank"].tolist() == [1, 2]
    scored = list_frame(Ranking.build([1, 0], doc_ids=["a", "b"], scores=[2.0, 1.0]))
    assert scored["score"].tolist() == [2.0, 1.0] and scored["doc"].tolist() == ["a", "b"]
