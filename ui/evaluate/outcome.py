"""Read every file, evaluate every run, compare them: the Evaluate page's work in one pass,
with a progress bar, and what came of it (`Outcome`).

A file that cannot be read is listed with its problem (file, line, problem) and left out;
the others go on. Without a readable qrels nothing can be evaluated; a run whose evaluation
fails (e.g. missing queries under the 'error' policy) is listed with its message.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import streamlit as st

from i18n import N_, _
from ui.evaluate import compute
from ui.evaluate.choices import Choices
from ui.evaluate.compute import Compared, Evaluated, FileInfo, Problem
from ui.evaluate.sources import Collection, SourceFile
from ui.shared.literal import literal

QRELS = ("qrels", "qrels")  # (kind, role) of the qrels file


@dataclass
class Outcome:
    """files: (kind, role, file, what was read or its problem), in the order shown (a run's role
    is its name, which may be any word, even 'qrels');
    evaluated: run name -> result, for the runs that could be evaluated (in upload order);
    failed: run name -> message; compared: the runs' CIs and paired tests (None before any
    run is evaluated); groups: qid -> group when a readable groups file was given."""

    files: list[tuple[str, str, SourceFile, FileInfo | Problem]] = field(default_factory=list)
    evaluated: dict[str, Evaluated] = field(default_factory=dict)
    failed: dict[str, str] = field(default_factory=dict)
    compared: Compared | Problem | None = None
    groups: dict[str, str] | None = None
    qrels2_ok: bool = False

    def key(self, collection: Collection, choices: Choices) -> tuple:
        """What the evaluated results depend on (the cache key of work done with them)."""
        runs = tuple(
            (name, run.key)
            for name, run in zip(collection.run_names, collection.runs, strict=True)
            if name in self.evaluated
        )
        qrels = collection.qrels.key if collection.qrels else None
        return qrels, runs, choices.names, choices.preset, choices.missing


def run(collection: Collection, choices: Choices) -> Outcome:
    """Do the work (cached), showing progress while it runs."""
    out = Outcome()
    named = list(zip(collection.run_names, collection.runs, strict=True))
    roles = [("qrels", "qrels", collection.qrels)]
    roles += [("run", name, source) for name, source in named]
    roles += [("groups", "groups", collection.groups), ("qrels", "qrels2", collection.qrels2)]
    roles = [(kind, role, source) for kind, role, source in roles if source is not None]
    steps = len(roles) + len(named) + 1
    bar = st.progress(0.0, text=_("Reading the files…"))
    readable: dict[tuple[str, str], bool] = {}  # (kind, role): a run named 'qrels' is no qrels
    for step, (kind, role, source) in enumerate(roles):
        reading = _("Reading {name} ({size})…")
        bar.progress(
            step / steps, text=reading.format(name=literal(source.name), size=source.size_text)
        )
        info = compute.inspect(kind, source.name, source.digest, source.data)
        out.files.append((kind, role, source, info))
        readable[kind, role] = isinstance(info, FileInfo)
    if readable.get(("groups", "groups")):
        out.groups = compute.frame("groups", collection.groups)
    out.qrels2_ok = readable.get(("qrels", "qrels2"), False) and readable.get(QRELS, False)
    if readable.get(QRELS) and choices.measures:
        for i, (name, source) in enumerate(named):
            if not readable["run", name]:
                continue
            bar.progress(
                (len(roles) + i) / steps,
                text=_("Evaluating {name} ({i} of {n})…").format(
                    name=literal(name), i=i + 1, n=len(named)
                ),
            )
            done = compute.evaluate_run(
                collection.qrels, source, choices.names, choices.preset, choices.missing
            )
            if isinstance(done, Problem):
                out.failed[name] = done.message
            else:
                out.evaluated[name] = done
    if out.evaluated:
        bar.progress(
            (steps - 1) / steps,
            text=_("Confidence intervals and paired tests (10,000 bootstrap resamples)…"),
        )
        results = {name: e.result for name, e in out.evaluated.items()}
        out.compared = compute.compare_runs(out.key(collection, choices), results)
    bar.empty()
    return out


ROLE_WORDS = {  # shown translated
    "qrels": N_("qrels"),
    "groups": N_("query groups"),
    "qrels2": N_("second assessor's qrels"),
}


def _diversity_note(outcome: Outcome) -> None:
    """Say that the qrels was read as a diversity qrels, by which rule, and what follows."""
    for kind, role, source, info in outcome.files:
        if (kind, role) == QRELS and isinstance(info, FileInfo) and info.subtopics:
            st.info(
                _(
                    "**{name}** is read as a **diversity qrels** (ndeval's "
                    "`topic subtopic docno judgment`): its second column takes more than one "
                    "value within a query, so it names subtopics. Pick the diversity measures — "
                    "α-nDCG (`alpha_nDCG@20`), ERR-IA (`ERR_IA@20`), NRBP, P-IA, AP-IA, subtopic "
                    "recall (`StRecall@20`) — under **Measures**. A document is relevant to a "
                    "subtopic when its judgment is above 0; the other measures read each "
                    "document's largest judgment."
                ).format(name=literal(source.name)),
                icon=":material/diversity_3:",
            )


def show_files(outcome: Outcome) -> None:
    """What each file holds (one caption), and in red each file's problem (file, line,
    problem) and each run that could not be evaluated."""
    read = []
    for kind, role, source, info in outcome.files:
        what = (
            _("run **{name}**").format(name=literal(role)) if kind == "run" else _(ROLE_WORDS[role])
        )
        if isinstance(info, Problem):
            st.error(
                _("{message} ({what}; the other files are still used)").format(
                    message=literal(info.message), what=what
                ),
                icon=":material/error:",
            )
        else:
            read.append(
                f":material/check_circle: **{literal(source.name)}** — {what}: "
                f"{literal(info.description)}"
            )
    if read:
        st.caption("  \n".join(read))
    _diversity_note(outcome)
    for name, message in outcome.failed.items():
        st.error(
            _("Run **{name}** could not be evaluated: {message}").format(
                name=literal(name), message=literal(message)
            ),
            icon=":material/error:",
        )
