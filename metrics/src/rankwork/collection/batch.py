"""Evaluate many queries at once: a qrels and a run (DataFrames, as `rankwork.collection.trec` reads
them) and a list of measures -> one value per query and measure, and the means.

    result = evaluate(qrels, run, ["nDCG@10", "P@10", "AP"])
    result.per_query      # DataFrame: index qid (trec_eval's order), one column per measure
    result.means          # Series: the mean of every column
    result.warnings       # what the command line prints on stderr
    runs, pairs, notes = compare({"a": result_a, "b": result_b})   # CIs and paired tests

The numbers are the single-list core's (`rankwork.core.measures.Measure` called on
`query_ranking(qrels, run, qid)`), computed for all queries together without a Python loop
per query: the run is put in ranked order once, joined to the qrels once, reduced to its
judged documents, and every measure is a handful of segment sums over those rows
(`rankwork.collection.batch_measures`).

Conventions (trec_eval's by default, `conventions.TREC_EVAL_NDCG_CUT`):
- a query's ranking is its run lines sorted by score descending (64-bit doubles, or 32-bit
  with `float32_scores`), ties broken by the convention (docno descending in byte order, as
  trec_eval's strcmp); the rank column is ignored;
- a retrieved document the qrels do not judge is unjudged (gain 0, not relevant);
- negative grades follow the convention (trec_eval: unjudged);
- the queries are those of the qrels, in byte order of their ids (trec_eval's strcmp order).
  A qrels query absent from the run is evaluated as an empty ranking (`missing='zero'`, named
  in a warning), as trec_eval -c does: it scores 0 on every measure of effectiveness, while
  NumRel still counts its relevant documents and RBP_resid is 1 (nothing was read). With
  `'skip'` (trec_eval 9's default) it is left out, with `'error'` it is an error. Run queries
  absent from the qrels are ignored (and named in a warning).
- the grade scale's top (`Ranking.scale_max`: ERR's and graded RBP's default top grade) is
  the largest grade in the qrels; ERR's top grade under trec_eval's preset is gdeval's 4, and
  a warning says so when the qrels' largest grade is another.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

import numpy as np
import pandas as pd

from rankwork.collection import subtopic_qrels
from rankwork.collection.batch_measures import compute
from rankwork.collection.batch_ranks import as_text, factorize, positions_in, rank
from rankwork.core.conventions import TREC_EVAL_NDCG_CUT, Convention
from rankwork.core.diversity import NoSubtopicsError
from rankwork.core.measures import Measure, parse
from rankwork.core.ranking import Ranking, compared_scores, negative_grades
from rankwork.core.segments import Prepared
from rankwork.language import _, ngettext

# The measures a collection is evaluated on when none are named: the command line's default and
# the Evaluate page's first choice.
DEFAULT_MEASURES = ("nDCG@10", "P@10", "AP", "RR")
MISSING = ("zero", "skip", "error")
# how the command line's user writes the missing-query policy, in its messages
MISSING_OPTION = "--missing {value}"
_SHOWN = 10  # query ids named in a warning before "and N more"


class BatchError(ValueError):
    """A problem with the collection as a whole, raised by `rankwork.evaluate` and the batch
    evaluation: e.g. a qrels query the run does not answer under ``missing="error"``, a run
    with none of the qrels' queries, a diversity measure asked of qrels without subtopics.

    `qrels_row` / `run_row` (0-based row of the DataFrame) point at the line to blame when
    there is one, so a caller that knows the line numbers can name it; `qrels_file` says that
    the qrels as a whole is to blame (a diversity measure asked of a qrels without
    subtopics); `measure_error` that a measure's parameters are (the command line then names
    its -m argument). A ValueError, so ``except ValueError`` catches it too.

    Examples
    --------
    >>> import rankwork
    >>> qrels = {"q1": {"d1": 1}, "q2": {"d2": 1}}
    >>> run = {"q1": {"d1": 0.5}}  # nothing for q2
    >>> rankwork.evaluate(qrels, run, "P@1", missing="error")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    rankwork.collection.batch.BatchError: 1 qrels query has no results in the run: q2 ...
    >>> try:
    ...     rankwork.evaluate(qrels, run, "P@1", missing="error")
    ... except rankwork.BatchError as error:
    ...     print(error.qrels_row, error.run_row, error.qrels_file, error.measure_error)
    None None False False
    """

    def __init__(
        self,
        message: str,
        qrels_row: int | None = None,
        run_row: int | None = None,
        measure_error: bool = False,
        qrels_file: bool = False,
    ) -> None:
        super().__init__(message)
        self.qrels_row = qrels_row
        self.run_row = run_row
        self.measure_error = measure_error  # the measure's own parameters are to blame
        self.qrels_file = qrels_file


def data_line(data: bytes, row: int, rows: int) -> int | None:
    """The 1-based line number of DataFrame row `row` of a file's bytes `data` read into
    `rows` rows (for a BatchError's qrels_row / run_row): data lines are the non-blank lines
    not starting with '#', after a header line if there is one."""
    numbers = [
        i for i, line in enumerate(data.splitlines(), 1) if line.strip() and line[:1] != b"#"
    ]
    at = row + len(numbers) - rows  # one more when the first data line is a header
    return numbers[at] if 0 <= at < len(numbers) else None


@dataclass(frozen=True, eq=False)
class BatchResult:
    """per_query: index `qid` (str, trec_eval's order), one float column per measure, named
    as typed; means: the mean of each column over the evaluated queries; warnings: messages
    for the user (the command line prints them on stderr); missing: qrels queries absent from
    the run (scored 0, or left out with missing='skip'); ignored: run queries absent from the
    qrels."""

    per_query: pd.DataFrame
    means: pd.Series
    warnings: list[str]
    missing: list[str]
    ignored: list[str]


def evaluate(
    qrels: pd.DataFrame,
    run: pd.DataFrame,
    measures: Sequence[Measure | str],
    convention: Convention = TREC_EVAL_NDCG_CUT,
    missing: str = "zero",
    *,
    option: str = MISSING_OPTION,
) -> BatchResult:
    """Every measure for every query of the qrels. Raises MeasureNameError for a bad name and
    BatchError for a collection a measure cannot take (e.g. a grade above ERR's top grade).
    Each document must appear once per query in the run, as `rankwork.collection.trec.read_run`
    ensures. Nothing is printed: the caller shows `warnings`. `option` is how the caller's user
    spells the missing-query policy, a template with ``{value}`` (the command line's
    ``--missing {value}`` by default; `rankwork.evaluate` passes ``missing="{value}"``)."""
    named = _named_measures(measures)
    prepared, qids, absent, ignored = prepare(qrels, run, convention, missing, option=option)
    warnings = _query_warnings(absent, ignored, option.format(value=missing), missing)
    columns: dict[str, np.ndarray] = {}
    for name, measure in named.items():
        try:
            with np.errstate(all="ignore"):  # an overflow is caught below, by its value
                values = compute(measure, convention, prepared)
        except NoSubtopicsError as error:  # the qrels is to blame: it has no subtopics
            raise BatchError(f"{name}: {error}", qrels_file=True) from None
        except ValueError as error:
            row = _blame(measure, convention, prepared)
            raise BatchError(f"{name}: {error}", qrels_row=row) from None
        _check_finite(name, measure, convention, prepared, values, qids)
        columns[name] = values
        warnings += _measure_warnings(name, measure, convention, prepared)
    per_query = pd.DataFrame(columns, index=pd.Index(qids, name="qid", dtype=object))
    return BatchResult(per_query, _means(per_query), warnings, absent, ignored)


def _check_finite(name, measure, convention, prepared, values, qids) -> None:
    """A value that overflowed (inf, or NaN from inf/inf) is an error naming the query and
    the input to blame: the -m name's gain map, else the query's largest grade."""
    bad = ~np.isfinite(values)
    if not bad.any():
        return
    q = int(np.flatnonzero(bad)[0])
    c = measure.convention(convention)
    if c.gain == "custom" and "gain" in measure.spec.reads:
        problem = _(
            "{name}: the value for query {qid} cannot be computed in double precision (its "
            "sums overflow: the largest double is about 1.8e308); the gain map's gains are too "
            "large."
        )
        raise BatchError(problem.format(name=name, qid=qids[q]), measure_error=True)
    grades = np.abs(prepared.pool_grade)
    mine = np.flatnonzero(prepared.pool_q == q)
    row = int(prepared.pool_row[mine[np.argmax(grades[mine])]]) if mine.size else None
    problem = _(
        "{name}: the value for query {qid} cannot be computed in double precision (its "
        "sums overflow: the largest double is about 1.8e308); its grades are too large."
    )
    raise BatchError(problem.format(name=name, qid=qids[q]), qrels_row=row)


def _means(per_query: pd.DataFrame) -> pd.Series:
    """The mean of every column over all its queries (never skipping one: the values are
    finite), computed as the sum over n, or, if that sum overflows, as the sum of x/n."""
    with np.errstate(over="ignore"):
        means = per_query.mean(skipna=False)
        for column in means.index[~np.isfinite(means.to_numpy(dtype=float))]:
            values = per_query[column].to_numpy(dtype=float)
            means[column] = float(np.sum(values / len(values)))
    return means


def compare(
    results: Mapping[str, BatchResult],
    confidence: float = 0.95,
    resamples: int = 10_000,
    seed: int = 0,
) -> tuple[pd.DataFrame, pd.DataFrame, list[str]]:
    """Several runs' results (same measures) side by side, with `rankwork.stats.stats`:

    runs:  one row per (measure, run): mean, ci_low, ci_high (percentile bootstrap of the
           mean over queries), queries;
    pairs: one row per (measure, run_a, run_b), a before b as given: mean_diff (a - b),
           ci_low, ci_high (bootstrap of the paired differences), p_randomisation (paired
           sign-flip test, `resamples` permutations), p_t (paired t-test; NaN when every
           query has the same difference), queries.

    Pairs are compared on the queries both runs evaluated (all the qrels' queries unless
    missing='skip'). Also returns notes for the user (a t-test that could not be done).
    Without scipy (the optional extra ``stats``) it raises a ValueError saying how to install it,
    before computing anything."""
    from rankwork.stats import stats  # noqa: PLC0415 (only comparisons need it)

    stats.require_scipy()
    names = list(results)
    measures = list(results[names[0]].per_query.columns)
    few = [name for name in names if len(results[name].per_query) < 2]
    if few:
        raise BatchError(
            _("comparing runs needs at least 2 queries; {run} has fewer.").format(run=few[0])
        )
    run_rows, pair_rows, notes = [], [], []
    for measure in measures:
        for name in names:
            values = results[name].per_query[measure]
            ci = stats.bootstrap_ci(values, confidence=confidence, resamples=resamples, seed=seed)
            run_rows.append((measure, name, ci.mean, ci.low, ci.high, len(values)))
        for i, a in enumerate(names):
            for b in names[i + 1 :]:
                of_a, of_b = results[a].per_query[measure], results[b].per_query[measure]
                common = of_a.index.intersection(of_b.index, sort=False)
                x, y = of_a[common].to_numpy(), of_b[common].to_numpy()
                diff = stats.bootstrap_diff_ci(
                    x, y, confidence=confidence, resamples=resamples, seed=seed
                )
                test = stats.paired_randomisation_test(x, y, permutations=resamples, seed=seed)
                try:
                    t_test = stats.paired_t_test(x, y)
                    p_t, effect = t_test.p_value, stats.effect_size(t_test)
                except ValueError as error:
                    p_t = effect = float("nan")
                    note = _("{measure}, {a} vs {b}: {problem}")
                    notes.append(note.format(measure=measure, a=a, b=b, problem=error))
                pair_rows.append(
                    (measure, a, b, diff.mean, diff.low, diff.high, test.p_value, p_t, len(x),
                     effect)
                )  # fmt: skip
    runs = pd.DataFrame(
        run_rows, columns=["measure", "run", "mean", "ci_low", "ci_high", "queries"]
    )
    pairs = pd.DataFrame(
        pair_rows,
        columns=[
            "measure",
            "run_a",
            "run_b",
            "mean_diff",
            "ci_low",
            "ci_high",
            "p_randomisation",
            "p_t",
            "queries",
            "effect_size",
        ],
    )
    return runs, pairs, notes


def _named_measures(measures: Sequence[Measure | str]) -> dict[str, Measure]:
    """Each measure under its name as typed (first occurrence of a repeated name)."""
    named: dict[str, Measure] = {}
    for m in measures:
        name = m if isinstance(m, str) else str(m)
        if name not in named:
            named[name] = parse(m) if isinstance(m, str) else m
    return named


def _listing(qids: Sequence[str]) -> str:
    shown = ", ".join(qids[:_SHOWN])
    more = len(qids) - _SHOWN
    if more > 0:
        return _("{shown} and {n} more").format(shown=shown, n=more)
    return shown


def _query_warnings(absent: list[str], ignored: list[str], option: str, missing: str) -> list[str]:
    """What the user is told about queries: those of the qrels the run misses (scored 0 or
    left out, as `missing` says, which the user wrote as `option`) and those of the run the
    qrels do not have."""
    out = []
    if absent:
        if missing == "zero":
            said = ngettext(
                "{n} qrels query has no results in the run and score 0 (an empty ranking) "
                "({option}): {queries}.",
                "{n} qrels queries have no results in the run and score 0 (an empty ranking) "
                "({option}): {queries}.",
                len(absent),
            )
        else:
            said = ngettext(
                "{n} qrels query has no results in the run and is left out ({option}): {queries}.",
                "{n} qrels queries have no results in the run and are left out "
                "({option}): {queries}.",
                len(absent),
            )
        out.append(said.format(n=len(absent), option=option, queries=_listing(absent)))
    if ignored:
        said = ngettext(
            "{n} run query is not in the qrels and was ignored: {queries}.",
            "{n} run queries are not in the qrels and were ignored: {queries}.",
            len(ignored),
        )
        out.append(said.format(n=len(ignored), queries=_listing(ignored)))
    return out


def _measure_warnings(name: str, measure: Measure, base: Convention, p: Prepared) -> list[str]:
    """ERR with the convention's fixed top grade (gdeval's 4) on qrels whose top is another."""
    if measure.family != "ERR" or "max_rel" in dict(measure.params):
        return []
    gmax = measure.convention(base).err_gmax
    if gmax is None or gmax == p.scale_max:
        return []
    said = _(
        "{name}: ERR's top grade is {gmax:g} (gdeval's), but the qrels' largest grade is "
        "{top:g}, so R = (2^g - 1)/2^{gmax:g}; write ERR(max_rel={top:g})@{k} for the qrels' "
        "own scale."
    )
    return [said.format(name=name, gmax=gmax, top=p.scale_max, k=measure.cutoff or "k")]


def _blame(measure: Measure, base: Convention, p: Prepared) -> int | None:
    """The qrels row whose grade a measure could not take, for the error message."""
    c = measure.convention(base)
    grades, rows = p.ret_grade, p.ret_row
    reads = measure.spec.reads  # which of the convention's grade rules the measure applies
    if "err_gmax" in reads:
        bad = grades > (c.err_gmax if c.err_gmax is not None else p.scale_max)
    elif "rbp_gmax" in reads and c.rbp_gain == "graded":
        bad = grades > (c.rbp_gmax if c.rbp_gmax is not None else p.scale_max)
    elif "gain" in reads and c.gain == "custom":
        listed = np.array([g for g, _gain in c.gain_map])
        grades, rows = p.pool_grade, p.pool_row
        bad = ~np.isin(grades, listed)
    elif "gain" in reads and c.gain == "exponential":
        grades, rows = p.pool_grade, p.pool_row
        bad = grades >= 1024  # 2^g - 1 overflows
    else:
        return None
    return int(rows[bad].min()) if bad.any() else None


# ------------------------------------------------------------------------------- preparing


def prepare(
    qrels: pd.DataFrame,
    run: pd.DataFrame,
    convention: Convention = TREC_EVAL_NDCG_CUT,
    missing: str = "zero",
    *,
    option: str = MISSING_OPTION,
) -> tuple[Prepared, np.ndarray, list[str], list[str]]:
    """The compact arrays every measure reads, the evaluated query ids (in order), the qrels
    queries absent from the run and the run queries absent from the qrels.

    A diversity qrels (a `subtopic` column) is read as an ordinary qrels whose grade of a
    document is its largest judgment over the subtopics (`subtopic_qrels.collapse`), plus its
    subtopic judgments for the diversity measures (`Prepared.subtopics`); rows named in
    errors and `Prepared.*_row` are rows of the diversity qrels as given."""
    if SUBTOPIC not in qrels.columns:
        return _prepare(qrels, run, convention, missing, option)
    _check_columns(qrels, ("qid", "docno", "rel"), "qrels")
    try:
        graded, origin, line_pair = subtopic_qrels.collapse(qrels)
    except subtopic_qrels.RepeatedJudgment as error:
        raise BatchError(str(error), qrels_row=error.row) from None
    try:
        prepared, qids, absent, ignored = _prepare(graded, run, convention, missing, option)
    except BatchError as error:
        if error.qrels_row is not None:
            error.qrels_row = int(origin[error.qrels_row])
        raise
    subtopics = subtopic_qrels.subtopic_arrays(
        qrels,
        line_pair,
        prepared.n_queries,
        prepared.pool_row,
        prepared.pool_q,
        prepared.ret_row,
    )
    prepared = replace(
        prepared,
        ret_row=origin[prepared.ret_row],
        pool_row=origin[prepared.pool_row],
        subtopics=subtopics,
    )
    return prepared, qids, absent, ignored


SUBTOPIC = "subtopic"  # the column that makes a qrels a diversity qrels (rankwork.collection.trec)


def _prepare(
    qrels: pd.DataFrame, run: pd.DataFrame, convention: Convention, missing: str, option: str
) -> tuple[Prepared, np.ndarray, list[str], list[str]]:
    """`prepare` for an ordinary qrels (one row per judged query and document)."""
    if missing not in MISSING:
        raise ValueError(f"missing must be one of {', '.join(MISSING)}; got {missing!r}.")
    _check_columns(qrels, ("qid", "docno", "rel"), "qrels")
    _check_columns(run, ("qid", "docno", "score"), "run")

    # Queries: codes of the qrels' queries (sorted), and each run line's query among them.
    # sort=True orders str by code point: the byte order of UTF-8, trec_eval's strcmp order.
    qrels_q, qrels_uniques = pd.factorize(as_text(qrels["qid"]), sort=True)
    qrels_qids = np.asarray(qrels_uniques, dtype=object)
    run_codes, run_qids = factorize(as_text(run["qid"]))
    to_qrels = pd.Index(qrels_qids).get_indexer(run_qids)  # -1: not in the qrels
    present = np.zeros(len(qrels_qids), dtype=bool)
    present[to_qrels[to_qrels >= 0]] = True
    absent = [str(q) for q in qrels_qids[~present]]
    ignored = sorted(str(q) for q in run_qids[to_qrels < 0])
    if missing == "error" and absent:
        said = ngettext(
            "{n} qrels query has no results in the run: {queries} (use {zero} or {skip} to go on).",
            "{n} qrels queries have no results in the run: {queries} (use {zero} or {skip} to "
            "go on).",
            len(absent),
        )
        zero, skip = option.format(value="zero"), option.format(value="skip")
        raise BatchError(said.format(n=len(absent), queries=_listing(absent), zero=zero, skip=skip))
    evaluated = present if missing == "skip" else np.ones(len(qrels_qids), dtype=bool)
    qids = qrels_qids[evaluated]
    if not len(qids):
        raise BatchError(_("no query to evaluate: the run has none of the qrels' queries."))
    # qrels code -> query index (int32: a 10M-line run's query column is then 40 MB)
    renumber = np.full(len(qrels_qids) + 1, -1, dtype=np.int32)
    renumber[np.flatnonzero(evaluated)] = np.arange(len(qids))
    run_q = renumber[to_qrels][run_codes] if len(run_codes) else np.zeros(0, np.int32)

    # The judged pool, with the convention's negative-grade policy.
    grades = _negative_policy(qrels, convention.negative)
    pool_q = renumber[qrels_q]
    keep = (pool_q >= 0) & ~np.isnan(grades)
    pool_row = np.flatnonzero(keep)
    raw_max = qrels["rel"].to_numpy(dtype=float).max(initial=-np.inf)
    scale_max = max(float(raw_max), 1.0)

    # In the pool but not judged: a negative grade the policy made unjudged (trec_eval's -1).
    pooled = (pool_q >= 0) & np.isnan(grades) & (qrels["rel"].to_numpy(dtype=float) < 0)

    # The judged (and pooled) retrieved documents, and where they are ranked.
    score = _scores(run, convention)
    run_row, qrels_row = _join(run, run_q, qrels, pool_q, keep | pooled)
    ranks = rank(run_codes, run_q, score, run["docno"], convention.ties, len(qids), run_row)
    by_rank = np.lexsort((ranks.pos, run_q[run_row]))
    run_row, qrels_row = run_row[by_rank], qrels_row[by_rank]
    judged = ~np.isnan(grades[qrels_row])
    pos = ranks.pos[by_rank]
    first = None if ranks.tie_first is None else ranks.tie_first[by_rank][judged]
    last = None if ranks.tie_last is None else ranks.tie_last[by_rank][judged]
    prepared = Prepared(
        n_queries=len(qids),
        n_ret=ranks.n_ret,
        ret_q=run_q[run_row[judged]],
        ret_pos=pos[judged],
        ret_grade=grades[qrels_row[judged]],
        ret_tie_first=first,
        ret_tie_last=last,
        ret_row=qrels_row[judged],
        pool_q=pool_q[keep],
        pool_grade=grades[keep],
        pool_row=pool_row,
        scale_max=scale_max,
        pooled_q=run_q[run_row[~judged]] if (~judged).any() else None,
        pooled_pos=pos[~judged] if (~judged).any() else None,
    )
    return prepared, qids, absent, ignored


def _check_columns(df: pd.DataFrame, needed: tuple[str, ...], what: str) -> None:
    lacking = [c for c in needed if c not in df.columns]
    if lacking:
        raise BatchError(
            _("The {what} has no column {lacking}; it needs {needed}.").format(
                what=what, lacking=", ".join(lacking), needed=needed
            )
        )


def _negative_policy(qrels: pd.DataFrame, policy: str) -> np.ndarray:
    """The qrels grades with the policy applied ('unjudged' -> NaN, 'clip' -> 0)."""
    grades, row = negative_grades(qrels["rel"].to_numpy(dtype=float, copy=True), policy)
    if row is not None:
        raise BatchError(
            _(
                "query {qid} document {docno} has the negative grade {grade:g}; this convention "
                "allows grades >= 0 only."
            ).format(qid=qrels["qid"].iloc[row], docno=qrels["docno"].iloc[row], grade=grades[row]),
            qrels_row=row,
        )
    return grades


def _scores(run: pd.DataFrame, convention: Convention) -> np.ndarray:
    score = run["score"].to_numpy(dtype=float)
    bad = ~np.isfinite(score)
    if bad.any():
        row = int(np.flatnonzero(bad)[0])
        raise BatchError(
            _("score {score} is not a finite number.").format(score=repr(score[row])), run_row=row
        )
    return compared_scores(score, convention)


def _join(run, run_q, qrels, pool_q, keep):
    """(run row, qrels row) of every judged retrieved document of an evaluated query: run
    docnos are matched against the judged docnos (a small set), then (query, docno) pairs."""
    judged_rows = np.flatnonzero(keep)
    docs = as_text(qrels["docno"]).iloc[judged_rows]
    names = pd.unique(docs)
    rows, doc_code = positions_in(as_text(run["docno"]), names)
    evaluated = run_q[rows] >= 0
    candidates, doc_code = rows[evaluated], doc_code[evaluated]
    width = len(names)
    run_key = run_q[candidates].astype(np.int64) * width + doc_code
    _rows, judged_code = positions_in(docs, names)  # every judged document is among the names
    qrels_key = pool_q[judged_rows].astype(np.int64) * width + judged_code
    keys = pd.Index(qrels_key)
    if not keys.is_unique:
        dup = int(judged_rows[np.flatnonzero(keys.duplicated())[0]])
        raise BatchError(
            _("query {qid} judges document {docno} twice.").format(
                qid=qrels["qid"].iloc[dup], docno=qrels["docno"].iloc[dup]
            ),
            qrels_row=dup,
        )
    at = keys.get_indexer(run_key)
    hit = at >= 0
    return candidates[hit], judged_rows[at[hit]]


# ------------------------------------------------------------------------------ drill-down


def query_ranking(qrels: pd.DataFrame, run: pd.DataFrame, qid: str) -> Ranking:
    """One query as the single-list core's input ("open in Playground"): the run lines in
    file order with their doc ids, scores and grades (unjudged: None), the judged documents
    that were not retrieved, and the qrels' largest grade as the scale's top. From a
    diversity qrels: a document's grade is its largest judgment, and the ranking carries the
    subtopic judgments (`subtopic_qrels.intents_of`)."""
    qid = str(qid)
    judged = qrels[as_text(qrels["qid"]) == qid]
    lines = run[as_text(run["qid"]) == qid]
    grade_of: dict[str, float] = {}
    for d, g in zip(as_text(judged["docno"]), judged["rel"].astype(float), strict=True):
        grade_of[d] = max(g, grade_of.get(d, g))  # one line per document, except per subtopic
    doc_ids = as_text(lines["docno"]).tolist()
    retrieved = set(doc_ids)
    raw_max = qrels["rel"].to_numpy(dtype=float).max(initial=-np.inf)
    intents = subtopic_qrels.intents_of(judged, doc_ids) if SUBTOPIC in qrels.columns else None
    return Ranking.build(
        [grade_of.get(d) for d in doc_ids],
        doc_ids=doc_ids,
        scores=lines["score"].to_numpy(dtype=float).tolist(),
        unretrieved=[g for d, g in grade_of.items() if d not in retrieved],
        scale_max=max(float(raw_max), 1.0),
        intents=intents,
    )
