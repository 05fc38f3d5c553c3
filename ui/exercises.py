"""The Exercises page's pieces: one exercise with its answer boxes and feedback, its worked
solution, the round's settings (bound to the URL, so a link gives everyone the same round), the
check of that link and the sheet downloads.

Answers are checked with `rankwork.teaching.exercises.check` (numbers through the diagnosis); a
wrong number shows how it may have been reached (ui.answers); solutions come from ui.sheet, the same
text the downloaded sheet holds.
"""

from __future__ import annotations

import math
import re
import secrets
from collections.abc import Mapping, Sequence
from urllib.parse import urlencode

import pandas as pd
import streamlit as st

from i18n import LANGUAGES, _, ngettext, translations
from rankwork.core.conventions import PRESETS
from rankwork.teaching.exercises import (
    CUTOFFS,
    DEFAULT_KINDS,
    KINDS,
    Check,
    Exercise,
    Question,
    check,
    option_text,
)
from rankwork.teaching.phrasing import moot
from ui import answers, language, sheet
from ui.literal import literal
from ui.mistakes import show_lines
from ui.numbers import grouped
from ui.playground import state
from ui.playground.model import preset_slug
from ui.shared.link import shown as _shown

URL_PATH = "exercises"  # the page's address (ui/navigation.py); /quiz, its former one, forwards
SLUGS = {preset_slug(name): name for name in PRESETS}
DEFAULT_SEED = 1
MAX_SEED = 999_999
DEFAULT_SLUG = next(iter(SLUGS))  # the convention selectbox starts on its first option
DEFAULT_K = 5
MIN_TOLERANCE, MAX_TOLERANCE = 0.00001, 0.5
LINK_PROBLEMS = "quiz_link_problems"
PM_READ = "quiz_pm_read"
_WHOLE = re.compile(r"[0-9]{1,7}\Z")


# Each check below takes a parameter's value and the way the problem quotes it ('seed=x') and
# returns the whole sentence saying what is wrong and what is used instead (None when right).


def _seed_problem(text: str, given: str) -> str | None:
    if _WHOLE.match(text) and int(text) <= MAX_SEED:
        return None
    return _("{given} is not a whole number from 0 to {most}; using round {seed}.").format(
        given=given, most=grouped(MAX_SEED), seed=DEFAULT_SEED
    )


def _conv_problem(text: str, given: str) -> str | None:
    if text in CONV_TEXTS:
        return None
    return _("{given} names no convention; using {default}. Conventions: {conventions}.").format(
        given=given, default=_(SLUGS[DEFAULT_SLUG]), conventions=", ".join(SLUGS)
    )


def _tolerance_problem(text: str, given: str) -> str | None:
    try:
        tolerance = float(text)
    except ValueError:
        tolerance = math.nan
    if MIN_TOLERANCE <= tolerance <= MAX_TOLERANCE:  # False for NaN
        return None
    return _(
        "{given} is not a tolerance from {least} to {most}; answers are checked to the decimals "
        "typed."
    ).format(given=given, least=f"{MIN_TOLERANCE:.5f}", most=f"{MAX_TOLERANCE:g}")


def _k_problem(text: str, given: str) -> str | None:
    if text in map(str, CUTOFFS):
        return None
    # i18n: {first} is "3, 4", {last} is "5"
    return _(
        "{given} is not a cutoff the exercises use ({first} or {last}); using k = {k}."
    ).format(
        given=given,
        first=", ".join(map(str, CUTOFFS[:-1])),
        last=CUTOFFS[-1],
        k=DEFAULT_K,
    )


# A bound selectbox or multiselect keeps the *shown* option in the URL (the convention's name,
# the kind's title, in the session's language), while `link` writes the slug or the kind's key:
# all are read, and a slug, a key or a title in another language is turned into the shown text
# before the widgets read the link.
CONV_TEXTS = {**{name: name for name in SLUGS.values()}, **SLUGS}


def _kind_title(kind: str) -> str:
    """The kind's title as the multiselect shows it (and the URL holds it)."""
    return _(KINDS[kind])


def _kind_keys() -> dict[str, str]:
    """Every text a link may name a kind by -> its key: the key, its title in every language."""
    out = {kind: kind for kind in KINDS}
    for lang in LANGUAGES:
        out.update({translations(lang).gettext(title): kind for kind, title in KINDS.items()})
    return out


#: The single-valued parameters this page owns: parameter -> (check, what is used instead).
_SINGLE = {
    "seed": (_seed_problem, lambda: _("round {seed}").format(seed=DEFAULT_SEED)),
    "qconv": (_conv_problem, lambda: SLUGS[DEFAULT_SLUG]),
    "qk": (_k_problem, lambda: f"k = {DEFAULT_K}"),
    "qtol": (_tolerance_problem, lambda: _("the decimals typed")),
}


def link_check(params: Mapping[str, list[str]]) -> tuple[list[str], dict[str, list[str]]]:
    """What is wrong with this page's parameters in `params` (each parameter's values), and
    the fixes: parameter -> its values as the widgets read them (empty = drop it, so its widget
    starts from its default). Other parameters are not this page's and are not looked at."""
    problems: list[str] = []
    fixes: dict[str, list[str]] = {}
    for param, (problem_of, instead) in _SINGLE.items():
        values = params.get(param, [])
        if len(set(values)) > 1:
            shown = ", ".join(map(_shown, values))
            problems.append(
                _("{param} is given {n} times ({values}); using {instead}.").format(
                    param=param, n=len(values), values=shown, instead=instead()
                )
            )
            fixes[param] = []
        elif values and (why := problem_of(values[0], f"{param}={_shown(values[0])}")) is not None:
            problems.append(why)
            fixes[param] = []
    conv = params.get("qconv", [])
    if "qconv" not in fixes and conv and conv[0] not in (CONV_TEXTS[conv[0]], DEFAULT_SLUG):
        fixes["qconv"] = [CONV_TEXTS[conv[0]]]  # a slug, e.g. from `link`
    kinds = params.get("ex", [])
    keys = _kind_keys()
    unknown = [v for v in kinds if v not in keys and v != ""]
    keep = [_kind_title(keys[v]) for v in kinds if v in keys]
    titles = [_kind_title(kind) for kind in KINDS]
    if unknown:
        given = "ex=" + ", ".join(map(_shown, unknown))
        if keep:
            problem = ngettext(
                "{given} is not a kind of exercise ({kinds}); using the others, {others}.",
                "{given} are not kinds of exercise ({kinds}); using the others, {others}.",
                len(unknown),
            )
        else:
            problem = ngettext(
                "{given} is not a kind of exercise ({kinds}); using the default kinds.",
                "{given} are not kinds of exercise ({kinds}); using the default kinds.",
                len(unknown),
            )
        others = ", ".join(keys[v] for v in kinds if v in keys)
        problems.append(problem.format(given=given, kinds=", ".join(KINDS), others=others))
        fixes["ex"] = keep
    elif (set(kinds) & set(keys)) - set(titles) and keep != titles:
        fixes["ex"] = keep  # keys, e.g. from `link`, or titles in another language
    return problems, fixes


def check_link() -> None:
    """Before the round's widgets exist (they read the query string themselves): check this
    page's parameters in the link, note what is wrong (`link_problems`) and take the bad values
    out (or write a slug or key as the widget's text), then run the page again so the widgets
    start from the link as fixed. A link the widgets read as it is runs on untouched."""
    params = {param: st.query_params.get_all(param) for param in (*_SINGLE, "ex")}
    problems, fixes = link_check(params)
    if not fixes:
        return
    if problems:
        st.session_state[LINK_PROBLEMS] = problems
    for param, keep in fixes.items():
        if keep:
            st.query_params[param] = keep
        else:
            del st.query_params[param]
    st.rerun()


def open_presentation() -> None:
    """A round's link with ``pm=1`` (``pm=0``) turns presentation mode on (off), once per
    session, as the Playground's link does: turning it off afterwards sticks."""
    if st.session_state.get(PM_READ):
        return
    st.session_state[PM_READ] = True
    values = st.query_params.get_all("pm")
    if not values:
        return
    if values[0] in ("0", "1") and len(set(values)) == 1:
        state.set_settings({"presentation": values[0] == "1"})
    else:
        problems = st.session_state.setdefault(LINK_PROBLEMS, [])
        said = _("pm={given} is not 0 or 1; presentation mode is unchanged.")
        problems.append(said.format(given=_shown(values[0])))


def link_problems() -> list[str]:
    """What was wrong with the link this page was opened with (empty when nothing)."""
    return st.session_state.get(LINK_PROBLEMS, [])


def dismiss_link_problems() -> None:
    st.session_state[LINK_PROBLEMS] = []


def new_round() -> None:
    """Callback: a fresh random round number."""
    st.session_state["seed"] = secrets.randbelow(MAX_SEED) + 1


def settings() -> tuple[int, list[str], str, int, float | None]:
    """The round's number, kinds, convention name, k and the tolerance answers are checked
    with (None: the precision typed); each widget is bound to the URL."""
    seed_col, conv_col, k_col, tol_col = st.columns([2, 3, 1, 1.6])
    seed = seed_col.number_input(
        _("Round number"),
        min_value=0,
        max_value=MAX_SEED,
        step=1,
        value=DEFAULT_SEED,
        key="seed",
        bind="query-params",
        help=_("The same number gives everyone the same lists."),
    )
    slug = conv_col.selectbox(
        _("Convention"),
        list(SLUGS),
        format_func=language.labels(SLUGS),  # a preset's name translated, a tool's as it is
        key="qconv",
        bind="query-params",
    )
    k = k_col.selectbox(
        _("Cutoff k"), CUTOFFS, index=CUTOFFS.index(DEFAULT_K), key="qk", bind="query-params"
    )
    tolerance = tol_col.number_input(
        _("Tolerance ±"),
        min_value=MIN_TOLERANCE,
        max_value=MAX_TOLERANCE,
        value=None,
        step=0.0005,
        format="%g",
        placeholder=_("as typed"),
        key="qtol",
        bind="query-params",
        help=_(
            "Empty: an answer is right when it is the value rounded to the decimals typed "
            "(at least 2), or the sum of the worked solution's terms as they are rounded there. "
            "A number such as 0.001: right when within ± that of the value."
        ),
    )
    kinds = st.multiselect(
        _("Exercises"),
        list(KINDS),
        default=list(DEFAULT_KINDS),
        format_func={kind: _kind_title(kind) for kind in KINDS}.get,  # in this run's language
        key="ex",
        bind="query-params",
    )
    st.button(_("New round"), on_click=new_round, icon=":material/casino:")
    return int(seed), kinds, SLUGS[slug], int(k), tolerance


def link(
    seed: int,
    kinds: Sequence[str],
    preset: str,
    k: int,
    tolerance: float | None = None,
    presentation: bool = False,
) -> str:
    """This round's shareable address (with the tolerance, when the teacher set one, and
    ``pm=1`` in presentation mode, so that a prepared round opens in it)."""
    params = {"seed": seed, "qconv": preset_slug(preset), "qk": k, "ex": list(kinds)}
    params.update(language.link_params())  # the class's language
    if tolerance is not None:
        params["qtol"] = f"{tolerance:g}"
    if presentation:
        params["pm"] = 1
    base = (st.context.url or "").rstrip("/").removesuffix(f"/{URL_PATH}")
    return f"{base}/{URL_PATH}?{urlencode(params, doseq=True)}"


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
