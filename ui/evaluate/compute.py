"""Every number the Evaluate page shows, from metrics/, cached on the files' bytes.

Each cached function takes the files' digests (and names) as its key and their bytes as an
unhashed `_data` argument, so a rerun with the same files and choices costs a dictionary
lookup, and a 1M-line run is parsed and evaluated once. Problems come back as values
(`Problem`), never as exceptions, so they are cached too and a broken file is not read again
on every rerun; the page shows them where the file is listed and goes on with the others.

The functions whose results hold text (descriptions, problems) are cached per language too
(`ui.shared.language.cached`), so one language's text is never served to another.

Parsed tables are cached apart from the small results: a rerun that hits the results' cache
never unpickles a large run.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import partial

import pandas as pd
import streamlit as st

from i18n import _, ngettext
from rankwork.collection import micro, trec
from rankwork.collection.batch import (
    BatchError,
    BatchResult,
    compare,
    data_line,
    evaluate,
    query_ranking,
)
from rankwork.collection.groups import per_group_means, read_groups
from rankwork.core.conventions import PRESETS
from rankwork.core.measures import parse
from rankwork.core.ranking import Ranking
from rankwork.stats import agreement as agreement_core
from rankwork.stats.query_summary import SUMMARY_MEASURES, summarise
from ui.evaluate.sources import SourceFile
from ui.shared import language
from ui.shared.numbers import grouped

# A qrels is read as a diversity qrels (ndeval's `topic subtopic docno judgment`) when its
# second column varies within a query (`trec.is_diversity`), and the page says so. The command
# line reads one only when a diversity measure is asked for: its output has no room to say it.
READERS = {
    "qrels": partial(trec.read_qrels, subtopics=None),
    "run": trec.read_run,
    "groups": read_groups,
}


@dataclass(frozen=True)
class Problem:
    """Why a file or a step could not be used, in one message ("file, line n: problem")."""

    message: str


@dataclass(frozen=True)
class FileInfo:
    """A file that was read: what it holds, in words ("882 judgments, 30 queries"), and
    `subtopics`: how many (query, subtopic) pairs a diversity qrels judges (0 for any other
    file)."""

    name: str
    description: str
    subtopics: int = 0


@dataclass(frozen=True)
class Evaluated:
    """One run against one qrels: the user's measures per query (`result`), the facts
    that explain them (`summary`: relevant, retrieved, first relevant rank per query), and the
    micro averages of its P and R measures (`micro`: name -> pooled counts' ratio)."""

    result: BatchResult
    summary: pd.DataFrame
    micro: dict[str, float] = field(default_factory=dict)


@dataclass(frozen=True)
class Compared:
    """`batch.compare` over the evaluated runs: runs (means, CIs), pairs, notes."""

    runs: pd.DataFrame
    pairs: pd.DataFrame
    notes: list[str]


# ----------------------------------------------------------------------------------- files


@st.cache_data(max_entries=8, show_spinner=False)  # a 1M-line run takes ~60 MB here
def parsed(kind: str, name: str, digest: str, _data: bytes):
    """The file read by metrics (a DataFrame, or a dict for groups); raises TrecFormatError."""
    return READERS[kind](_data, name=name)


@language.cached(st.cache_data(max_entries=64, show_spinner=False))
def inspect(kind: str, name: str, digest: str, _data: bytes) -> FileInfo | Problem:
    """Read a file once: a description of it, or the reader's message (file, line, problem)."""
    try:
        content = parsed(kind, name, digest, _data)
    except ValueError as error:  # TrecFormatError: "file, line n: problem"
        message = str(error)
        return Problem(message if message.startswith(name) else f"{name}: {message}")
    if kind == "groups":
        groups = len(set(content.values()))
        described = ngettext(
            "{queries} queries in {n} group", "{queries} queries in {n} groups", groups
        )
        return FileInfo(name, described.format(queries=grouped(len(content)), n=groups))
    if kind == "qrels":
        described = _("{n} judgments, {queries} queries")
    else:
        described = _("{n} lines, {queries} queries")
    description = described.format(
        n=grouped(len(content)), queries=grouped(content["qid"].nunique())
    )
    if "subtopic" not in content.columns:
        return FileInfo(name, description)
    subtopics = len(content[["qid", "subtopic"]].drop_duplicates())
    with_subtopics = _("{description}, {subtopics} subtopics")
    return FileInfo(
        name,
        with_subtopics.format(description=description, subtopics=grouped(subtopics)),
        subtopics,
    )


def frame(kind: str, source: SourceFile):
    """The parsed content of a file `inspect` found readable."""
    return parsed(kind, source.name, source.digest, source.data)


# ------------------------------------------------------------------------------ evaluation


@language.cached(st.cache_data(max_entries=64, show_spinner=False))
def _evaluate(
    qrels_key: tuple[str, str],
    run_key: tuple[str, str],
    measures: tuple[str, ...],
    preset: str,
    missing: str,
    _qrels: SourceFile,
    _run: SourceFile,
) -> Evaluated | Problem:
    qrels, run = frame("qrels", _qrels), frame("run", _run)
    pooled = [name for name in measures if parse(name).family in micro.FAMILIES]
    counts = [m for m in micro.extra_measures(pooled) if m not in SUMMARY_MEASURES]
    try:
        full = evaluate(
            qrels, run, list(measures) + list(SUMMARY_MEASURES) + counts, PRESETS[preset], missing
        )
    except BatchError as error:
        return Problem(_located(error, qrels, _qrels, run, _run))
    except ValueError as error:
        return Problem(f"{_run.name}: {error}")
    result = BatchResult(
        full.per_query[list(measures)],
        full.means[list(measures)],
        full.warnings,
        full.missing,
        full.ignored,
    )
    return Evaluated(result, summarise(full.per_query), micro.micro_means(full.per_query, pooled))


def evaluate_run(
    qrels: SourceFile, run: SourceFile, measures: Sequence[str], preset: str, missing: str
) -> Evaluated | Problem:
    """Every measure for every query of one run (`rankwork.collection.batch.evaluate`, as the
    CLI)."""
    return _evaluate(qrels.key, run.key, tuple(measures), preset, missing, qrels, run)


def _located(error: BatchError, qrels, qrels_file: SourceFile, run, run_file: SourceFile) -> str:
    """The message with the file and line to blame, as the command line prints it (a measure's
    own parameters to blame: the message alone, which names the measure)."""
    if error.measure_error:
        return str(error)
    if error.qrels_file:  # the qrels as a whole (a diversity measure, no subtopics)
        return f"{qrels_file.name}: {error}"
    for row, table, source in (
        (error.qrels_row, qrels, qrels_file),
        (error.run_row, run, run_file),
    ):
        if row is not None:
            line = data_line(source.data, row, len(table))
            if line:
                return _("{file}, line {line}: {problem}").format(
                    file=source.name, line=line, problem=error
                )
            return f"{source.name}: {error}"
    return f"{run_file.name}: {error}"


@language.cached(st.cache_data(max_entries=64, show_spinner=False))
def compare_runs(key: tuple, _results: dict[str, BatchResult]) -> Compared | Problem:
    """`rankwork.collection.batch.compare` of the runs (95% bootstrap CIs, paired tests; the CLI's
    --compare). `key` identifies the inputs: the files' keys and the choices."""
    try:
        return Compared(*compare(_results))
    except ValueError as error:
        return Problem(str(error))


# ---------------------------------------------------------------------------- groups, kappa


@st.cache_data(max_entries=32, show_spinner=False)
def group_means(key: tuple, _per_query: dict[str, pd.DataFrame], groups: dict[str, str]):
    """Every run's every measure per group (mean, bootstrap CI) and the ungrouped queries;
    `key` identifies the per-query tables."""
    return per_group_means(_per_query, groups)


@language.cached(st.cache_data(max_entries=16, show_spinner=False))
def _agreement(key: tuple, threshold: float, _a: SourceFile, _b: SourceFile):
    judged = agreement_core.paired_judgments(frame("qrels", _a), frame("qrels", _b))
    try:
        return judged, agreement_core.agreement(judged.both, threshold)
    except ValueError as error:
        return judged, Problem(str(error))


def assessor_agreement(a: SourceFile, b: SourceFile, threshold: float):
    """The documents both qrels judge, and kappa (or the Problem why there is none)."""
    return _agreement((a.key, b.key), threshold, a, b)


# ------------------------------------------------------------------------------ drill-down


@st.cache_data(max_entries=32, show_spinner=False)
def _query(key: tuple, qid: str, _qrels: SourceFile, _run: SourceFile) -> Ranking:
    return query_ranking(frame("qrels", _qrels), frame("run", _run), qid)


def query_list(qrels: SourceFile, run: SourceFile, qid: str) -> Ranking:
    """One query of a run as the Playground's input (`rankwork.collection.batch.query_ranking`)."""
    return _query((qrels.key, run.key), qid, qrels, run)
