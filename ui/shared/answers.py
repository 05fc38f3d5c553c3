"""Checking a typed answer: reading a list typed as text, and showing a diagnosis (the verdict,
every convention x mistake combination that reproduces the answer with its calculation, or the
right calculation step by step when nothing does). Used by the check page and the Exercises page.

Every number shown comes from the Diagnosis: the verdict from `right`, each match's value and
working from its own Result.
"""

from __future__ import annotations

import re
from dataclasses import replace

import streamlit as st

from i18n import _, ngettext
from rankwork.core.measures import display_name
from rankwork.core.ranking import Ranking
from rankwork.core.scenario import Scenario
from rankwork.core.working import lines as working
from rankwork.teaching.answers import right_to_rounding
from rankwork.teaching.diagnose import Diagnosis, Match, rounding_hint
from rankwork.teaching.phrasing import changes, moot
from rankwork.teaching.pitfalls import transformed
from ui.shared.mistakes import show_lines

UNJUDGED = {"-", "?", "u", "unjudged", "none", "nan"}
_SEPARATORS = re.compile(r"[,;\s]+")


def grades_from_text(text: str) -> list[object]:
    """'3, 2, -, 0' -> ['3', '2', None, '0']: numbers left as typed for the core to validate;
    '-', '?' or 'u' mark an unjudged document."""
    tokens = [t for t in _SEPARATORS.split(text.strip()) if t]
    return [None if t.lower() in UNJUDGED else t for t in tokens]


def typed_ranking(grades: str, missed: str, scale_max: float) -> Ranking:
    """A Ranking from the two text boxes; raises the core's RankingError naming the bad value."""
    return Ranking.build(
        grades_from_text(grades),
        unretrieved=grades_from_text(missed),
        scale_max=scale_max,
    )


def tolerance_text(d: Diagnosis) -> str:
    """'±0.0005' for an answer typed to 3 decimals."""
    return "±" + f"{d.answer.tolerance:.10f}".rstrip("0")


def verdict(d: Diagnosis, decimals: int) -> None:
    """Right or not, with the tolerance the typed precision implies (or right to the rounding
    of the calculation's terms: the sum of the terms it shows)."""
    right, name = d.right.value, display_name(d.right.name)
    rounded = right_to_rounding(d, decimals)
    if rounded is not None:
        st.success(rounded, icon=":material/check_circle:")
    elif d.correct:
        st.success(
            _(
                "**Right.** {name} = {value}; your {answer} is within {tolerance} (answers are "
                "accepted rounded to the decimals you type, 2 to 4 or more)."
            ).format(
                name=name,
                value=f"{right:.{decimals}f}",
                answer=d.answer.text,
                tolerance=tolerance_text(d),
            ),
            icon=":material/check_circle:",
        )
    elif d.rounded_from is not None:
        st.warning(rounding_hint(d), icon=":material/troubleshoot:")
    elif d.matches:
        count = len(d.matches)
        st.warning(
            ngettext(
                "**Not {name} under this convention.** {answer} is what this way of computing "
                "gives (within {tolerance}), the most likely first:",
                "**Not {name} under this convention.** {answer} is what these {count} ways of "
                "computing give (within {tolerance}), the most likely first:",
                count,
            ).format(name=name, answer=d.answer.text, tolerance=tolerance_text(d), count=count),
            icon=":material/troubleshoot:",
        )
    else:
        st.error(
            _(
                "**Not {name}, and no convention or common mistake we know gives {answer}** "
                "(within {tolerance}). Compare your working with the right calculation below, "
                "step by step."
            ).format(name=name, answer=d.answer.text, tolerance=tolerance_text(d)),
            icon=":material/help:",
        )


def show_match(m: Match, d: Diagnosis, scenario: Scenario, decimals: int) -> None:
    """One way to the answer: what was done, why it is wrong, and the calculation (from the
    match's Result, under the convention the mistakes leave)."""
    if m.slip is not None:
        said = m.slip.describe()
        st.markdown(f"**{said[:1].upper()}{said[1:]}.** {_(m.slip.why)}")
    elif m.convention is not scenario.convention:
        st.markdown(
            _("**The {name} convention.** {source}").format(
                name=_(m.convention.name), source=_(m.convention.source)
            )
        )
        choices = changes(scenario.convention, m.convention, d.family, moot(scenario.ranking))
        st.markdown("\n".join(f"- {line}" for line in choices))
    for p in m.mistakes:
        st.markdown(_("**{title}.** {why}").format(title=_(p.title), why=_(p.why)))
    s = replace(scenario, convention=m.convention)
    convention = transformed(d.family, s, m.mistakes).convention
    show_lines(working.lines(d.family, m.result, convention, decimals))


def right_calculation(d: Diagnosis, scenario: Scenario, decimals: int) -> None:
    st.caption(_("Under {name}").format(name=_(scenario.convention.name)))
    show_lines(working.lines(d.family, d.right, scenario.convention, decimals))


def show(d: Diagnosis, scenario: Scenario, decimals: int, key: str) -> None:
    """The verdict, then each match (the first open), then the right calculation: open when
    nothing matched, folded (to compare with) when something did."""
    verdict(d, decimals)
    if d.correct or right_to_rounding(d, decimals) is not None:
        with st.expander(_("The calculation"), icon=":material/function:"):
            right_calculation(d, scenario, decimals)
        return
    base = scenario.convention
    for i, m in enumerate(d.matches):
        title = (
            f"{m.describe(base, d.family, moot(scenario.ranking))} → {m.result.value:.{decimals}f}"
        )
        with st.expander(title, expanded=i == 0, key=f"{key}_match_{i}"):
            show_match(m, d, scenario, decimals)
    if d.matches:
        with st.expander(
            _("The right calculation"), icon=":material/function:", key=f"{key}_right"
        ):
            right_calculation(d, scenario, decimals)
    else:
        st.markdown(
            _("**The right calculation of {name}**").format(name=display_name(d.right.name))
        )
        right_calculation(d, scenario, decimals)
