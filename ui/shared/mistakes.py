"""Mistakes switched on and compared with the right calculation: the Pitfalls lab's pieces, and
the compact "Try a mistake" panel the Playground offers in place (`try_a_mistake`).

Values, tables and workings all come from `rankwork.teaching.pitfalls` Results: `compare` computes
the right and the wrong Result once and everything shown is read from them. `differing` (pure)
marks the cells of the wrong breakdown that are not those of the right one.
"""

from __future__ import annotations

import difflib
import textwrap
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import pandas as pd
import streamlit as st

from i18n import N_, _, ngettext
from rankwork.core.conventions import Convention
from rankwork.core.diversity import DEFAULT_ALPHA
from rankwork.core.measures import SPECS, display_name
from rankwork.core.ranking import Ranking, RankingError
from rankwork.core.result import Result
from rankwork.core.scenario import Scenario, correct
from rankwork.core.working import lines as working
from rankwork.core.working.latex import Line
from rankwork.teaching.demos import PITFALL_DEMOS
from rankwork.teaching.pitfalls import (
    BY_KEY,
    CATALOGUE,
    MEASURES,
    Pitfall,
    compute,
    transformed,
    why_unchanged,
)
from rankwork.teaching.snippets import VARIABLE, program
from ui.playground.model import PLAYGROUND
from ui.shared import language
from ui.shared.literal import literal

LAB = "app_pages/pitfalls.py"
COLUMNS = {family: list(SPECS[family].working) for family in MEASURES}
LABELS = {
    "doc_id": "doc",
    "dcg_contribution": "contribution",
    "ideal_grade": "ideal grade",
    "ideal_gain": "ideal gain",
    "ideal_contribution": "ideal contribution",
    "stop_given_reached": "R_i",
    "p_reach": "P(reach)",
    "p_stop": "P(stop)",
    "residual_weight": "residual",
}  # the tables' English headers (the frames keep their column names; see `_headers`)
# each header's text, marked for translation and shown with _() (a header not here, e.g.
# R_i, is notation and stays as it is)
HEADERS = {
    "rank": N_("rank"),
    "doc": N_("doc"),
    "grade": N_("grade"),
    "gain": N_("gain"),
    "discount": N_("discount"),
    "contribution": N_("contribution"),
    "ideal grade": N_("ideal grade"),
    "ideal gain": N_("ideal gain"),
    "ideal contribution": N_("ideal contribution"),
    "residual": N_("residual"),
    "P(reach)": N_("P(reach)"),
    "P(stop)": N_("P(stop)"),
    "hits": N_("hits"),
    "precision": N_("precision"),
    "relevant": N_("relevant"),
    "subtopics": N_("subtopics"),
    "weight": N_("weight"),
    "new": N_("new"),
    "repeated": N_("repeated"),
    "ideal_doc": N_("ideal_doc"),
    "ideal_subtopics": N_("ideal_subtopics"),
}
HIGHLIGHT = "background-color: rgba(255, 75, 75, 0.22)"
MAX_DECIMALS = 12


@dataclass(frozen=True)
class Comparison:
    """The right and the wrong Result of one measure, and the convention the wrong one used."""

    family: str
    mistakes: tuple[Pitfall, ...]
    right: Result
    wrong: Result
    wrong_convention: Convention

    @property
    def same(self) -> bool:
        """True when the mistakes change nothing beyond float rounding (NaN equals NaN)."""
        a, b = self.right.value, self.wrong.value
        if not (np.isfinite(a) and np.isfinite(b)):
            return bool(np.isnan(a) and np.isnan(b)) or a == b
        return abs(a - b) < 0.5 * 10.0**-MAX_DECIMALS

    def decimals(self, wanted: int) -> int:
        """The decimals to show: `wanted`, or more (up to MAX_DECIMALS) when the two values
        would look equal at `wanted` (1e-8 added to IDCG moves nDCG in the 9th decimal)."""
        a, b = self.right.value, self.wrong.value
        if self.same or not (np.isfinite(a) and np.isfinite(b)):
            return wanted
        d = wanted
        while d < MAX_DECIMALS and f"{a:.{d}f}" == f"{b:.{d}f}":
            d += 1
        return d


def compare(family: str, scenario: Scenario, mistakes: Sequence[Pitfall]) -> Comparison:
    """Compute `family` right and with `mistakes`; raises the core's ValueError on bad input."""
    with np.errstate(divide="ignore", invalid="ignore"):
        wrong = compute(family, scenario, mistakes)
    return Comparison(
        family,
        tuple(mistakes),
        correct(family, scenario),
        wrong,
        transformed(family, scenario, mistakes).convention,
    )


def differing(right: pd.DataFrame, wrong: pd.DataFrame) -> pd.DataFrame:
    """A boolean frame shaped like `wrong`: True where a cell differs from the right table's
    cell at the same position (rows the right table lacks differ entirely; NaN equals NaN)."""
    out = pd.DataFrame(True, index=wrong.index, columns=wrong.columns)
    n = min(len(right), len(wrong))
    for column in wrong.columns:
        if column not in right.columns:
            continue
        a = right[column].to_numpy()[:n]
        b = wrong[column].to_numpy()[:n]
        if a.dtype.kind in "fiub" and b.dtype.kind in "fiub":
            a, b = a.astype(float), b.astype(float)
            same = np.isclose(a, b, rtol=1e-12, atol=0) | (np.isnan(a) & np.isnan(b))
            same |= a == b  # equal infinities
        else:
            same = a == b
        out.iloc[:n, out.columns.get_loc(column)] = ~same
    return out


def _shown(result: Result, family: str) -> pd.DataFrame:
    return result.table[[c for c in COLUMNS[family] if c in result.table.columns]]


def _headers(columns) -> dict[str, str]:
    """Each column's header in the session's language (English: LABELS, else its name)."""
    english = {c: LABELS.get(c, c) for c in columns}
    return {c: _(HEADERS[e]) if e in HEADERS else e for c, e in english.items()}


def _styled(table: pd.DataFrame, marks: pd.DataFrame | None, decimals: int):
    headers = _headers(table.columns)
    floats = [c for c in table.columns if table[c].dtype.kind == "f" and c not in ("grade",)]
    styler = table.rename(columns=headers).style.format(
        {headers[c]: f"{{:.{decimals}f}}" for c in floats}, na_rep="–"
    )
    whole = [headers[c] for c in ("grade", "ideal_grade") if c in headers]
    styler = styler.format(dict.fromkeys(whole, "{:g}"), na_rep="–", subset=whole)
    if marks is not None:
        renamed = marks.rename(columns=_headers(marks.columns))
        styler = styler.apply(
            lambda _frame: renamed.map(lambda m: HIGHLIGHT if m else ""), axis=None
        )
    return styler.hide(axis="index")


def value_text(value: float, decimals: int) -> str:
    """A value as shown on a card: inf and nan as numpy prints them, since that is what the
    code making the mistake returns (1/log2(1) divides by zero)."""
    if not np.isfinite(value):
        return str(float(value))  # 'nan', 'inf' or '-inf'
    return f"{value:.{decimals}f}"


NOT_FINITE = {  # shown with _()
    "inf": N_(
        "The code returns inf: numpy divides by zero without stopping (it only prints a "
        "RuntimeWarning, 'divide by zero encountered'), and the infinite weight makes the sum "
        "infinite."
    ),
    "nan": N_(
        "The code returns nan: numpy goes on past the division by zero (it only prints a "
        "RuntimeWarning), and 0 · inf or inf / inf is undefined, so the result is nan, and so "
        "is every mean it enters."
    ),
}


def cards(c: Comparison, decimals: int) -> None:
    """The right value, the wrong value, and the difference (with as many decimals as it takes
    to tell them apart)."""
    decimals = c.decimals(decimals)
    left, right = st.columns(2)
    left.metric(
        _("Right {measure}").format(measure=display_name(c.right.name)),
        value_text(c.right.value, decimals),
        border=True,
    )
    delta = c.wrong.value - c.right.value
    right.metric(
        ngettext(
            "With the mistake: {measure}", "With the mistakes: {measure}", max(len(c.mistakes), 1)
        ).format(measure=display_name(c.wrong.name)),
        value_text(c.wrong.value, decimals),
        delta=f"{delta:+.{decimals}f}" if np.isfinite(delta) else None,
        delta_color="off",
        border=True,
    )
    if not np.isfinite(c.wrong.value):
        st.caption(_(NOT_FINITE["nan" if np.isnan(c.wrong.value) else "inf"]))


def unchanged_note(c: Comparison, scenario: Scenario) -> None:
    """When the mistakes change nothing here: say so, and why, mistake by mistake."""
    reasons = "\n".join(
        "- "
        + _("**{mistake}**: {reason}").format(
            mistake=_(p.title), reason=why_unchanged(p, c.family, scenario)
        )
        for p in c.mistakes
    )
    st.info(
        _("No change on this list: that is a lesson too.") + f"\n\n{reasons}",
        icon=":material/lightbulb:",
    )


def breakdowns(c: Comparison, decimals: int) -> None:
    """Both per-rank tables, one above the other (they are wide); the wrong table's differing
    cells highlighted."""
    right, wrong = _shown(c.right, c.family), _shown(c.wrong, c.family)
    st.markdown(_("**Right**"))
    # placeholder: an empty cell (no ideal document at this rank) reads "–", not "None"
    st.dataframe(_styled(right, None, decimals), hide_index=True, placeholder="–")
    st.markdown(_("**With the mistakes** (changed cells highlighted)"))
    st.dataframe(
        _styled(wrong, differing(right, wrong), decimals), hide_index=True, placeholder="–"
    )


def workings(c: Comparison, scenario: Scenario, decimals: int) -> None:
    """The two calculations with their numbers, one above the other."""
    for label, result, convention in (
        (_("**Right**"), c.right, scenario.convention),
        (_("**With the mistakes**"), c.wrong, c.wrong_convention),
    ):
        st.markdown(label)
        show_lines(working.lines(c.family, result, convention, decimals))


def show_lines(lines: Sequence[Line]) -> None:
    """Equations as st.latex, each remark under it."""
    for line in lines:
        st.latex(line.display)
        if line.note:
            st.caption(line.note)


def explain(p: Pitfall, family: str, decimals: int) -> None:
    """Why a mistake is wrong, where it happens, and the code: the lines the wrong program
    writes differently, then both programs whole, on the mistake's example list, with the
    values they return (the lab's own numbers for that list; a test runs both programs)."""
    st.markdown(f"**{_(p.title)}**")
    st.markdown(_(p.why))
    st.caption(_("Where it happens: {where}").format(where=_(p.where)))
    demo = PITFALL_DEMOS[p.key]
    # the programs are written for the families of snippets.VARIABLE; another shows the demo's
    shown = family if family in p.families and family in VARIABLE else demo.family
    wrong, right = (program(p.key, shown, demo.scenario, w) for w in (True, False))
    with np.errstate(divide="ignore", invalid="ignore"):
        wrong_value = compute(shown, demo.scenario, [p]).value
    right_value = correct(shown, demo.scenario).value
    wrong_lines, right_lines = differing_lines(wrong, right)
    wrong_col, right_col = st.columns(2)
    with wrong_col:
        st.caption(_("Wrong"))
        st.code(wrong_lines, language="python", wrap_lines=True)
    with right_col:
        st.caption(_("Right"))
        st.code(right_lines, language="python", wrap_lines=True)
    with st.expander(
        _("Both programs, whole and runnable, on its example list ({measure})").format(
            measure=shown
        )
    ):
        run_them = _(
            "Run them: the wrong program sets `{variable}` to {wrong} and the right one to "
            "{right}, the lab's values for this list."
        ).format(
            variable=VARIABLE[shown],
            wrong=value_text(wrong_value, decimals),
            right=value_text(right_value, decimals),
        )
        st.caption(f"{_(demo.note)} {run_them}")
        wrong_col, right_col = st.columns(2)
        wrong_col.code(wrong, language="python", wrap_lines=True)
        right_col.code(right, language="python", wrap_lines=True)


def differing_lines(wrong: str, right: str) -> tuple[str, str]:
    """The lines of each program that the other does not have, in order (blank lines and
    lines both share left out)."""
    a, b = wrong.splitlines(), right.splitlines()
    matcher = difflib.SequenceMatcher(a=a, b=b, autojunk=False)
    only_a, only_b = [], []
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag != "equal":
            only_a += [line for line in a[i1:i2] if line.strip()]
            only_b += [line for line in b[j1:j2] if line.strip()]
    return (
        textwrap.dedent("\n".join(only_a)) or "# (no line differs)",
        textwrap.dedent("\n".join(only_b)) or "# (no line)",
    )


def relevant_to(family: str) -> list[Pitfall]:
    """The mistakes that can change `family`, in catalogue order."""
    return [p for p in CATALOGUE if family in p.families]


# --- the Playground's compact panel ----------------------------------------------------------


def try_a_mistake(
    ranking: Ranking,
    convention: Convention,
    k: int,
    decimals: int,
    alpha: float = DEFAULT_ALPHA,
    condensed: bool = False,
) -> None:
    """An expander on the Playground: pick a measure and mistakes, see the right and the wrong
    value of the current list side by side, and why nothing changed when nothing did (`alpha`:
    the diversity measures' α, `ranking` with its intent weights applied; `condensed`: the
    Playground scores the condensed list, so the right values are AP′, nDCG′...). Its content
    is built only while it is open; its choices are kept meanwhile, as their fields in
    ui.playground.model declare."""
    box = st.expander(
        _("Try a mistake"),
        icon=":material/bug_report:",
        on_change="rerun",
        **PLAYGROUND.widget("try_open"),
    )
    with box:
        if not box.open:
            return
        left, right = st.columns([1, 3])
        with left:
            family = st.selectbox(
                _("Measure"),
                MEASURES,
                index=MEASURES.index("nDCG"),
                format_func=display_name,
                **PLAYGROUND.widget("try_family"),
            )
        with right:
            keys = st.multiselect(
                _("Mistakes to make"),
                [p.key for p in relevant_to(family)],
                format_func=language.labels({key: p.title for key, p in BY_KEY.items()}),
                **PLAYGROUND.widget("try_mistakes_", family),
                placeholder=_("Choose one or more common mistakes"),
            )
            chosen = [BY_KEY[key] for key in keys]
        cut = None if SPECS[family].cutoff == "none" else k
        scenario = Scenario(ranking, convention, cut, alpha=alpha, condensed=condensed)
        if not chosen:
            st.caption(_("Pick a mistake to see what it does to this list."))
        else:
            try:
                c = compare(family, scenario, chosen)
            except (RankingError, ValueError) as err:
                st.error(literal(err), icon=":material/error:")
            else:
                cards(c, decimals)
                if c.same:
                    unchanged_note(c, scenario)
        st.page_link(LAB, label=_("Open the Pitfalls lab"), icon=":material/science:")
