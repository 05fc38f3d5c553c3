"""The Playground's inputs as plain data, and how they become the core's objects.

Three tables hold what a person types, exactly as typed (so nothing is lost when it is wrong):

- the ranked list: columns ``doc`` (text), ``grade`` (text: a number, or empty for unjudged),
  ``score`` (a number, or empty; scores are all-or-nothing) and ``subtopics`` (text such as
  ``1,3``: the subtopics the document is relevant to; empty for none);
- the unretrieved list: columns ``grade`` (text) and ``subtopics``, the judged documents that
  were not retrieved (the diversity measures name them u1, u2, ...: `unretrieved_ids`);
- the custom gain map: columns ``grade`` and ``gain`` (numbers).

A settings dict holds every other choice: the preset picked last, the cutoff ``k``, the grade
scale's maximum, the display precision, the condensed-list toggle, presentation mode and the
cards it shows (keys of `rankwork.explore.report.CARDS`), the measures added as cards (``more``,
keys of `rankwork.explore.report.MORE`), the diversity measures' α and
intent weights (text such as ``1:0.5, 2:0.5``; empty for equal weights), and one entry per
`Convention` field.
`ranking_from`, `convention_from` and `cutoff_from` turn them into a `Ranking`, a `Convention`
and a cutoff, raising the core's `ValueError` (or `RankingError`) with a message a student can act
on. No Streamlit here: this module is the shared vocabulary of `ui.playground.state` and
`ui.playground.link`.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, fields, replace

import numpy as np
import pandas as pd

from i18n import N_, _, ngettext
from rankwork.collection.assignments import batch_evaluator
from rankwork.core.capabilities import families
from rankwork.core.conventions import PRESETS, Convention
from rankwork.core.diversity import DEFAULT_ALPHA
from rankwork.core.intents import Intents, parse_weights, subtopics_text
from rankwork.core.measures import ALPHA
from rankwork.core.numbers import NUMBER
from rankwork.core.ranking import Ranking, RankingError, check_cutoff
from rankwork.explore.report import Report, evaluate
from ui.shared.numbers import grouped

MAX_K = 1000
DEFAULT_PRESET = "Textbook"
DEFAULT_SCALE_MAX = 4
SCALE_MAXIMA = tuple(range(1, 11))
DEFAULT_K = 5
DEFAULT_DECIMALS = 4
#: The cards presentation mode shows until the teacher picks others (issue 12's projector view):
#: the families declaring `projector`.
DEFAULT_PROJECTOR_CARDS = families("projector")


#: Convention fields the settings hold (name, source and notes come from the preset).
CONVENTION_FIELDS = tuple(
    f.name for f in fields(Convention) if f.name not in {"name", "source", "notes"}
)


# --- the tables ------------------------------------------------------------------------------


def grade_text(value: float | None) -> str:
    """A grade as the editor shows it: '3', '2.5', or '' for unjudged."""
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return ""
    value = float(value)
    return str(int(value)) if value.is_integer() else repr(value)


def ranking_frame(
    grades: Sequence[float | None],
    doc_ids: Sequence[str] | None = None,
    scores: Sequence[float] | None = None,
    subtopics: Sequence[str] | None = None,
) -> pd.DataFrame:
    """The ranked-list table for these grades (doc ids d1, d2, ... unless given; subtopics as
    text, none unless given)."""
    n = len(grades)
    return pd.DataFrame(
        {
            "doc": pd.Series(
                list(doc_ids) if doc_ids is not None else default_doc_ids(n), dtype="str"
            ),
            "grade": pd.Series([grade_text(g) for g in grades], dtype="str"),
            "score": pd.Series(
                [float(s) for s in scores] if scores is not None else [math.nan] * n,
                dtype="float64",
            ),
            "subtopics": pd.Series(
                list(subtopics) if subtopics is not None else [""] * n, dtype="str"
            ),  # fmt: skip
        }
    )


def unretrieved_frame(
    grades: Iterable[float], subtopics: Sequence[str] | None = None
) -> pd.DataFrame:
    """The unretrieved table: one text grade per judged document that was not retrieved, and
    its subtopics as text (none unless given)."""
    grades = [grade_text(g) for g in grades]
    return pd.DataFrame(
        {
            "grade": pd.Series(grades, dtype="str"),
            "subtopics": pd.Series(
                list(subtopics) if subtopics is not None else [""] * len(grades), dtype="str"
            ),
        }
    )


def gain_map_frame(pairs: Iterable[tuple[float, float]]) -> pd.DataFrame:
    """The custom gain map as a table of (grade, gain) rows."""
    pairs = list(pairs)
    return pd.DataFrame(
        {
            "grade": pd.Series([float(g) for g, _ in pairs], dtype="float64"),
            "gain": pd.Series([float(v) for _, v in pairs], dtype="float64"),
        }
    )


def custom_gain_start(grades: Iterable[int], current: pd.DataFrame | None) -> pd.DataFrame:
    """A custom gain map for `grades` (the Gains page's): the gains already typed in `current`
    kept, a grade new to it gaining g^2."""
    typed = {} if current is None else dict(zip(current["grade"], current["gain"], strict=True))
    return gain_map_frame((g, typed.get(float(g), float(g * g))) for g in grades)


def default_doc_ids(n: int) -> list[str]:
    return [f"d{i + 1}" for i in range(n)]


def next_doc_id(taken: Iterable[str]) -> str:
    """The first id d<n> not in `taken`, counting from the number of ids taken."""
    taken = set(taken)
    n = len(taken) + 1
    while f"d{n}" in taken:
        n += 1
    return f"d{n}"


def cell_text(value: object) -> str:
    """A table cell as text: missing values (None, NaN, pd.NA) become ''."""
    if value is None or value is pd.NA or (isinstance(value, float) and math.isnan(value)):
        return ""
    return str(value)


def fill_missing_doc_ids(table: pd.DataFrame) -> pd.DataFrame:
    """A copy whose empty doc ids are replaced by fresh ones (rows added without an id)."""
    out = table.reset_index(drop=True).copy()
    docs = [cell_text(d).strip() for d in out["doc"]]
    taken = {d for d in docs if d}
    for i, d in enumerate(docs):
        if not d:
            docs[i] = next_doc_id(taken)
            taken.add(docs[i])
    out["doc"] = pd.Series(docs, dtype="str")
    return out


# --- tables -> Ranking -----------------------------------------------------------------------


def ranking_from(ranking: pd.DataFrame, unretrieved: pd.DataFrame, scale_max: float) -> Ranking:
    """Validate the two tables into a `Ranking`; raises `RankingError` naming the bad cell."""
    if len(ranking) == 0:
        raise RankingError(
            _(
                "The ranked list is empty: add at least one document (click the empty row at the "
                "foot of the table, or the + above it) or load an example."
            )
        )
    scores = _scores(ranking["score"].tolist())
    doc_ids = [cell_text(d) for d in ranking["doc"]]
    return Ranking.build(
        _grade_cells(ranking["grade"], N_("Grade at rank {rank}")),
        doc_ids=doc_ids,
        scores=scores,
        unretrieved=_grade_cells(unretrieved["grade"], N_("Unretrieved grade {n}")),
        scale_max=scale_max,
        intents=intents_from(ranking, unretrieved),
    )


def subtopic_cells(table: pd.DataFrame) -> list[str]:
    """A table's subtopics cells as text ('' for none; a table without the column has none)."""
    if "subtopics" not in table.columns:
        return [""] * len(table)
    return [cell_text(v).strip() for v in table["subtopics"]]


def has_subtopics(ranking: pd.DataFrame, unretrieved: pd.DataFrame) -> bool:
    """Whether any document, retrieved or not, has subtopics typed."""
    return any(subtopic_cells(ranking)) or any(subtopic_cells(unretrieved))


def unretrieved_ids(count: int, taken: Iterable[str]) -> list[str]:
    """The ids the diversity measures give the judged documents not retrieved: u1, u2, ...,
    skipping ids the list already uses."""
    taken, out, n = set(taken), [], 0
    while len(out) < count:
        n += 1
        if f"u{n}" not in taken:
            out.append(f"u{n}")
    return out


def subtopic_texts(ranking: Ranking) -> tuple[list[str], list[str]]:
    """The subtopics of the ranked documents and of the judged documents not retrieved, as the
    tables write them ("1, 3"; '' for none)."""
    intents = ranking.intents
    if intents is None:
        return [""] * len(ranking), [""] * len(ranking.unretrieved)
    missed = [subtopics_text(s) for _, s in intents.unretrieved]
    if len(missed) != len(ranking.unretrieved):  # judgments without grades: not the tables'
        missed = [""] * len(ranking.unretrieved)
    return [subtopics_text(s) for s in intents.retrieved], missed


def intents_from(
    ranking: pd.DataFrame,
    unretrieved: pd.DataFrame,
    weights: Mapping[str, float] | None = None,
) -> Intents | None:
    """The subtopic judgments the two tables hold (None when no cell has subtopics), with
    `weights` (None: equal); raises RankingError naming a cell the core cannot read, or the
    core's ValueError for weights that do not fit the subtopics."""
    retrieved, missed = subtopic_cells(ranking), subtopic_cells(unretrieved)
    if not any(retrieved) and not any(missed):
        return None
    ids = unretrieved_ids(len(missed), (cell_text(d).strip() for d in ranking["doc"]))
    try:
        judged = Intents.build(retrieved, list(zip(ids, missed, strict=True)))
    except ValueError as err:
        raise RankingError(str(err)) from None
    if not weights:
        return judged
    return Intents.build(judged.retrieved, judged.unretrieved, weights)


def _grade_cells(values: Iterable[object], where: str) -> list[str]:
    """Each grade cell's text ('' = unjudged) when it is a `NUMBER`; else a RankingError naming
    the first other cell, `where` (English, with {rank} or {n} its 1-based row) in the current
    language
    (the core would read 'nan' as unjudged, '1_0' as 10 and '３' as 3)."""
    texts = [cell_text(value).strip() for value in values]
    for n, text in enumerate(texts, start=1):
        if text and not NUMBER.match(text):
            raise RankingError(
                _(
                    "{where}: {text!r} is not a number. Type a grade in digits (0, 1, 2, 2.5, "
                    "...); leave the cell empty for an unjudged document."
                ).format(where=_(where).format(rank=n, n=n), text=text)
            )
    return texts


def _scores(values: list[object]) -> list[float] | None:
    """None when no score is given; else every score, or a RankingError naming the gaps."""
    missing = [i + 1 for i, v in enumerate(values) if cell_text(v) == ""]
    if len(missing) == len(values):
        return None
    if missing:
        ranks = ", ".join(str(r) for r in missing[:5]) + (" ..." if len(missing) > 5 else "")
        raise RankingError(
            ngettext(
                "Rank {ranks} has no score. Scores are "
                "optional, but all or nothing: give every document a score, or clear them all.",
                "Rank {ranks} have no score. Scores are "
                "optional, but all or nothing: give every document a score, or clear them all.",
                len(missing),
            ).format(ranks=ranks)
        )
    return [float(v) for v in values]  # type: ignore[arg-type]


# --- settings -> Convention, k ---------------------------------------------------------------


def preset_fields(name: str) -> dict[str, object]:
    """The Convention fields of preset `name`, as settings entries."""
    convention = PRESETS[name]
    return {f: getattr(convention, f) for f in CONVENTION_FIELDS}


def default_settings() -> dict[str, object]:
    return {
        "preset": DEFAULT_PRESET,
        "k": DEFAULT_K,
        "scale_max": DEFAULT_SCALE_MAX,
        "decimals": DEFAULT_DECIMALS,
        "presentation": False,
        "condensed": False,
        "cards": DEFAULT_PROJECTOR_CARDS,
        "more": (),
        "alpha": DEFAULT_ALPHA,
        "weights": "",
        **preset_fields(DEFAULT_PRESET),
    }


def convention_from(settings: Mapping[str, object]) -> Convention:
    """The preset with the settings' fields applied; the preset itself when nothing differs.

    Raises the core's ValueError when a field is out of range (e.g. a log base <= 1)."""
    base = PRESETS[str(settings["preset"])]
    values = {f: settings[f] for f in CONVENTION_FIELDS}
    if values["gain"] != "custom":
        values["gain_map"] = ()
    if values == preset_fields(base.name):
        return base
    return base.with_(**values)


def cutoff_from(value: object) -> int:
    """k as a whole number from 1 to MAX_K, or a ValueError saying what is allowed."""
    problem = _("k must be a whole number from 1 to {max}; got {value}.").format(
        max=grouped(MAX_K), value=cell_text(value) or _("nothing")
    )
    if value is None or isinstance(value, bool):
        raise ValueError(problem)
    try:
        k = check_cutoff(value)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        raise ValueError(problem) from None
    if k is None or k > MAX_K:
        raise ValueError(problem)
    return k


@dataclass(frozen=True)
class Diversity:
    """The diversity measures' settings, checked: α and the intent weights (empty: equal)."""

    alpha: float = DEFAULT_ALPHA
    weights: tuple[tuple[str, float], ...] = ()

    def apply(self, ranking: Ranking) -> Ranking:
        """`ranking` with its subtopic judgments weighted by these weights (as it is when it has
        none, or the weights are equal). Raises the core's ValueError for weights that do not
        fit its subtopics."""
        if ranking.intents is None or not self.weights:
            return ranking
        intents = ranking.intents
        weighted = Intents.build(intents.retrieved, intents.unretrieved, dict(self.weights))
        return replace(ranking, intents=weighted)


def diversity_from(settings: Mapping[str, object], ranking: Ranking | None = None) -> Diversity:
    """α and the intent weights of the settings, checked (the weights against `ranking`'s
    subtopics, when it has some); the core's ValueError naming what is wrong otherwise."""
    alpha = settings.get("alpha", DEFAULT_ALPHA)
    number = isinstance(alpha, (int, float)) and not isinstance(alpha, bool)
    if not (number and ALPHA.allows(float(alpha))):  # type: ignore[arg-type]
        shown = f"{alpha:g}" if number else cell_text(alpha) or _("nothing")
        raise ValueError(
            _("α must be {allowed}; got {value}.").format(allowed=_(ALPHA.allowed), value=shown)
        )
    weights = parse_weights(settings.get("weights", ""))
    diversity = Diversity(float(alpha), tuple(weights.items()))  # type: ignore[arg-type]
    if ranking is not None:
        diversity.apply(ranking)
    return diversity


OVERFLOW = N_(
    "These grades, gains or top grade are too large to compute with: a value overflows "
    "(floating point ends near 1.8e308; ERR's 2^gmax already at gmax = 1024). Use smaller ones."
)


def evaluate_finite(
    ranking: Ranking,
    convention: Convention,
    k: int,
    diversity: Diversity | None = None,
    condensed: bool = False,
    more: Iterable[str] = (),
) -> Report:
    """`rankwork.explore.report.evaluate` (the diversity measures with `diversity`'s α and
    weights when the list has subtopics; the `more` cards asked for; the bounds' assignments
    scored by the batch kernels), or a ValueError
    (`OVERFLOW`) when a value cannot be computed in floating point, so that no NaN or inf
    reaches the screen and no OverflowError a traceback."""
    diversity = diversity or Diversity()
    with np.errstate(over="ignore", invalid="ignore"):
        try:
            report = evaluate(
                diversity.apply(ranking),
                convention,
                k,
                diversity.alpha,
                condensed,
                more,
                many=batch_evaluator,  # the bounds' assignments scored by the batch kernels
            )
        except OverflowError:
            raise ValueError(_(OVERFLOW)) from None
    if not all(np.isfinite(report.value(key)) for key in report.cards):
        raise ValueError(_(OVERFLOW))
    return report


def describe_differences(convention: Convention, preset_name: str) -> list[str]:
    """'field: preset value -> this value' for each field where `convention` leaves its preset."""
    base = PRESETS[preset_name]
    return [
        f"{name}: {_show(old)} → {_show(new)}"
        for name, (old, new) in base.differences(convention).items()
    ]


def _show(value: object) -> str:
    if value is None:
        return _("scale maximum")
    if isinstance(value, float):
        return f"{value:g}"
    if isinstance(value, tuple):
        return ", ".join(f"{g:g}→{v:g}" for g, v in value) or _("none")
    return str(value)
