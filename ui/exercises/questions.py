"""The Exercises page's questions: one exercise with its answer boxes and feedback, its worked
solution, and the sheet downloads (the round's settings and link: ui.exercises.round_state).

Answers are checked with `rankwork.teaching.answers.check` (numbers through the diagnosis); a
wrong number shows how it may have been reached (ui.shared.answers); solutions come from
ui.exercises.sheet, the same text the downloaded sheet holds.
"""

from __future__ import annotations

from collections.abc import Sequence

import pandas as pd
import streamlit as st

from i18n import _
from rankwork.teaching.answers import Check, check
from rankwork.teaching.exercises import Exercise, Question, option_text
from rankwork.teaching.phrasing import moot
from ui.exercises import sheet
from ui.shared import answers
from ui.shared.literal import literal
from ui.shared.mistakes import show_lines


def lists_table(e: Exercise) -> None:
    header, rows = sheet.lists_table(e)
    st.dataframe(pd.DataFrame(rows, columns=list(header)), hide_index=True, width="content")


def _answer_box(q: Question, key: str) -> str:
    if q.numeric:
        return st.text_input(q.prompt, key=key, placeholder=_("e.g. 0.785 or 3/4"))
    picked = st.radio(
        q.prompt,
        q.options,
        index=None,
        key=key,
        horizontal=len(q.options) <= 3,
        format_func={option: option_text(option) for option in q.options}.get,
    )
    return picked or ""


def _verdict(c: Check) -> None:
    if c.correct:
        st.success(literal(c.message), icon=":material/check_circle:")
    else:
        st.warning(literal(c.message), icon=":material/troubleshoot:")


def _how(c: Check, decimals: int, key: str) -> None:
    """How a wrong number comes about, with the calculations (full width: the answer boxes'
    columns are too narrow for a formula)."""
    d = c.diagnosis
    if not c.correct and d is not None and d.matches:
        with st.expander(
            _("How {answer} comes about").format(answer=literal(c.text)), key=f"{key}_how"
        ):
            step = c.question.steps[0]
            for m in d.matches:
                how = m.describe(step.scenario.convention, d.family, moot(step.scenario.ranking))
                st.markdown(f"**{how}**")
                answers.show_match(m, d, step.scenario, decimals)


def solution(q: Question, decimals: int) -> None:
    """The answer and how to get it: the working of a number, the values behind a choice."""
    st.markdown(f"**{q.prompt}: {sheet.answer_text(q, decimals)}**")
    if q.numeric:
        show_lines(sheet.working_lines(q, decimals))
    else:
        st.dataframe(
            pd.DataFrame(sheet.comparison(q, decimals), columns=[_("computed"), _("value")]),
            hide_index=True,
        )


def exercise(
    e: Exercise, round_key: str, decimals: int, tolerance: float | None = None
) -> list[Check]:
    """One exercise: statement, lists, answer boxes with feedback (numbers checked within
    ±`tolerance` when set), the solution on request. Returns the checks of the questions
    answered."""
    st.subheader(e.title)
    st.markdown(e.statement)
    lists_table(e)
    checks = []
    numeric = [q for q in e.questions if q.numeric]
    slots = list(st.columns(len(numeric))) if numeric else []
    for q in e.questions:
        key = f"quiz_{round_key}_{e.number}_{q.key}"
        with slots.pop(0) if q.numeric else st.container():
            typed = _answer_box(q, key)
            if typed.strip():
                checks.append(check(q, typed, tolerance, decimals))
                _verdict(checks[-1])
    for c in checks:  # below the answer boxes, at full width
        _how(c, decimals, f"quiz_{round_key}_{e.number}_{c.question.key}")
    if st.toggle(_("Show the worked solution"), key=f"quiz_{round_key}_{e.number}_solution"):
        with st.container(border=True):
            for q in e.questions:
                solution(q, decimals)
    return checks


def downloads(round_: Sequence[Exercise], address: str) -> None:
    """The sheet and its solutions, in Markdown and LaTeX."""
    stem = f"ranklab-round-{round_[0].seed}"
    files = (
        (_("Sheet (Markdown)"), sheet.markdown(round_, False, address), "-sheet.md",
         "text/markdown"),
        (_("Solutions (Markdown)"), sheet.markdown(round_, True, address), "-solutions.md",
         "text/markdown"),
        (_("Sheet (LaTeX)"), sheet.latex(round_, False, address), "-sheet.tex",
         "application/x-tex"),
        (_("Solutions (LaTeX)"), sheet.latex(round_, True, address), "-solutions.tex",
         "application/x-tex"),
    )  # fmt: skip
    for column, (label, data, suffix, mime) in zip(st.columns(4), files, strict=True):
        column.download_button(
            label, data, file_name=stem + suffix, mime=mime, icon=":material/download:",
            key=f"quiz_download{suffix}", on_click="ignore",
        )  # fmt: skip
