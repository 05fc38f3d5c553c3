"""Command line: evaluate TREC runs as trec_eval does, with RankLab's measures.

    rankwork QRELS RUN -m nDCG@10 -m AP [-q] [--missing zero|skip|error]
    rankwork QRELS RUN1 RUN2 ... -m nDCG@10 --compare
    rankwork QRELS RUN -m AP --gmean          # adds gm_AP: GMAP, trec_eval's gm_map
    rankwork QRELS RUN -m R@10 --micro        # adds R@10 micro: pooled counts

Everything is read and evaluated before anything is printed, so bad input prints no result:
only a one-line message on stderr (file, line and problem) and exit status 2.  So does output
that cannot be written (a query id the output encoding cannot hold, a full disk, a closed
stdout); library warnings never add lines to stderr.

`rankwork` runs `main` from `rankwork.__main__`, which first prepares the process
(before this module loads pandas) and ends it without the interpreter's teardown.
"""

from __future__ import annotations

import argparse
import math
import os
import re
import sys
import textwrap
import warnings
from collections.abc import Sequence
from dataclasses import replace
from functools import partial
from pathlib import Path

from rankwork.collection.batch import (
    DEFAULT_MEASURES,
    MISSING,
    BatchError,
    BatchResult,
    compare,
    data_line,
    evaluate,
)
from rankwork.core.conventions import PRESETS, TREC_EVAL_NDCG_CUT, Convention, preset
from rankwork.core.measures import EXAMPLES, SPECS, Measure, parse

PROG = "rankwork"
QRELS_KINDS = {"auto": None, "trec": False, "diversity": True}  # -> read_qrels(subtopics=)
EXIT_BAD_INPUT = 2
# --compare: what the pairs table prints where the t-test cannot be done (a word that no
# parser reads as a number: 'nan' would be read as NaN, a number) and the columns it is in.
UNDEFINED = "undefined"
T_TEST_COLUMNS = ("p_t", "p_t_holm", "effect_size")


class InputError(Exception):
    """Bad input: the one-line message to print before exiting with status 2."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # one line, not argparse's usage + error
        raise InputError(f"{message} (see {PROG} --help)")


def _measure_help() -> str:
    lines = ["measures (ir_measures syntax; parameters in brackets, cutoff after @):"]
    for family, info in SPECS.items():
        cutoff = {"required": "@k required", "optional": "@k optional", "none": "no cutoff"}
        params = ", ".join(param.name for param in info.params) or "none"
        lines.append(f"  {family:<10} {info.title}: {info.description}")
        lines.append(f"  {'':<10} parameters: {params}; {cutoff[info.cutoff]}")
    lines += [
        "",
        "  parameters: rel=t relevance threshold of binary measures (and makes RBP binary);",
        "  max_rel=g top grade of ERR (default 4, gdeval's) and of graded RBP (default: the",
        "  qrels' largest grade); dcg='exp-log2' exponential gain 2^g-1 (default linear, as",
        "  trec_eval); gains={0:0,1:1,2:3} custom gains; p=0.8 RBP persistence; beta=2 F-beta;",
        "  alpha=0.5 the redundancy penalty of alpha_DCG, alpha_nDCG, ERR_IA, nERR_IA, NRBP,",
        "  nNRBP (ndeval's -alpha; ir_measures' ERR_IA takes none) and beta=0.5",
        "  NRBP's patience (ndeval's defaults). The diversity measures need a diversity qrels",
        "  (topic subtopic docno judgment; see --qrels).",
        "",
        *textwrap.wrap("examples: " + " ".join(EXAMPLES), 88, subsequent_indent="  "),
        "",
        "trec_eval names: ndcg_cut.k = nDCG@k, ndcg = nDCG, map = AP, map_cut.k = AP@k,",
        "P.k = P@k, recall.k = R@k, recip_rank = RR, Rprec, bpref = Bpref, success.k =",
        "Success@k, set_P = P, set_recall = R, set_F = F1, num_ret = NumRet, num_rel = NumRel,",
        "num_rel_ret = NumRelRet, rbp = RBP(p=0.9,rel=1); trec_eval -l2 = add rel=2.",
        "",
        *textwrap.wrap("conventions (--convention): " + "; ".join(PRESETS), 88),
        "",
        "output: MEASURE<TAB>QUERY<TAB>VALUE, the measure as typed, the value as a full-",
        "precision double; per query with -q (queries in trec_eval's order: byte order of the",
        "ids), then 'all' for the mean over the queries. Warnings go to stderr. Exit status 0,",
        "or 2 with a one-line message (file, line, problem) on bad input.",
        "",
        "--compare output: two tab-separated tables, each with a header line, a blank line",
        "between them. Per run:",
        "  measure, run (the path; #2, #3 when given again), mean (over the queries),",
        "  ci_low, ci_high (95% percentile bootstrap interval of the mean), queries.",
        "Per pair of runs, on the queries both evaluated:",
        "  measure; baseline (the run given first); challenger (the later one);",
        "  challenger_minus_baseline (the mean per-query difference); ci_low, ci_high (its",
        "  95% percentile bootstrap interval); p_randomisation (two-sided paired sign-flip",
        "  test); p_t (two-sided paired t-test); p_randomisation_holm, p_t_holm (the same",
        "  Holm-adjusted over every row of the table whose test could be done); queries;",
        "  effect_size (d_z, the mean difference over the differences' standard deviation).",
        "10,000 resamples each (seed 0). When every query has the same difference (e.g. the",
        "same run twice) the standard deviation is 0, so p_t, p_t_holm and effect_size are",
        f"'{UNDEFINED}' (a word, not a number) and a warning on stderr says so;",
        "p_randomisation still holds (1.0 when every difference is 0).",
    ]
    return "\n".join(lines)


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog=PROG,
        description="Evaluate TREC runs against qrels, trec_eval-style, with RankLab's measures.",
        epilog=_measure_help(),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("qrels", metavar="QRELS", help="relevance judgments: qid iter docno rel")
    parser.add_argument(
        "runs", metavar="RUN", nargs="+", help="run file(s): qid Q0 docno rank score tag"
    )
    parser.add_argument(
        "-m",
        "--measure",
        action="append",
        dest="measures",
        metavar="MEASURE",
        help=f"a measure (repeat for several); default: {' '.join(DEFAULT_MEASURES)}",
    )
    parser.add_argument(
        "-q", "--per-query", action="store_true", help="print every query's value, then 'all'"
    )
    parser.add_argument(
        "--missing",
        choices=MISSING,
        default="zero",
        # source: shared/research/library-conventions.md, fixture M1 (trec_eval 9.0.8 and 10
        # run on it); tests/crosscheck/test_cli_missing.py checks 'skip' against pytrec_eval
        help="a qrels query with no results in the run: 'zero' (the default) scores it 0 and "
        "counts it in the mean, as trec_eval -c and ir_measures do; 'skip' leaves it out of "
        "the mean, as trec_eval 9 does without -c; 'error' stops, as trec_eval 10 does "
        "without -c. So when a run misses queries, the default 'all' line is NOT plain "
        "trec_eval's: add --missing skip for trec_eval 9's mean. The missing queries are "
        "named on stderr.",
    )
    parser.add_argument(
        "--convention",
        default=TREC_EVAL_NDCG_CUT.name,
        metavar="NAME",
        help=f"the preset whose conventions apply (default {TREC_EVAL_NDCG_CUT.name!r}); "
        "names are listed below, matched ignoring case",
    )
    parser.add_argument(
        "--qrels",
        choices=QRELS_KINDS,
        default="auto",
        dest="qrels_kind",
        help="how to read QRELS: 'auto' (the default) reads a diversity qrels (ndeval's "
        "'topic subtopic docno judgment') when a diversity measure is asked for, and says so on "
        "stderr, else an ordinary qrels (qid iter docno rel) exactly as before; 'trec' always "
        "reads an ordinary qrels (a document judged twice for a query is an error, as in "
        "trec_eval's plain qrels reader); 'diversity' always reads a diversity qrels. On a "
        "diversity qrels the measures other than the diversity ones read each document's "
        "largest judgment",
    )
    parser.add_argument(
        "--gmean",
        action="store_true",
        help="after each measure's 'all' line, a line 'gm_MEASURE<TAB>all<TAB>VALUE' with the "
        "geometric mean over the same queries, each value floored at 0.00001 as trec_eval "
        "does: exp(mean(log(max(v, 0.00001)))); gm_AP is GMAP (trec_eval's gm_map). An "
        "aggregate over queries, so -q prints no per-query gm_ lines",
    )
    parser.add_argument(
        "--micro",
        action="store_true",
        help="P and R only: after the 'all' lines, a line 'MEASURE<TAB>micro<TAB>VALUE' with "
        "the micro average, the counts pooled over the queries (sum of relevant retrieved / "
        "sum of R for R; / sum of retrieved for P; P@k's micro average is its mean, as "
        "trec_eval divides by k). Any other measure is refused",
    )
    parser.add_argument(
        "--compare",
        action="store_true",
        help="with several runs: each run's mean with a 95%% bootstrap confidence interval, "
        "and for each pair of runs the mean difference (the later run minus the one given "
        "first), its 95%% CI and the p-values of a paired randomisation test and a paired "
        "t-test, raw and Holm-adjusted over every pair and measure",
    )
    return parser


def _convention(name: str) -> Convention:
    """The preset --convention names (any case, as `preset` reads it), or the option's error."""
    try:
        return preset(name)
    except ValueError:
        raise InputError(
            f"unknown --convention {name!r}; choose one of: {'; '.join(PRESETS)}"
        ) from None


def _measures(names: Sequence[str], convention: Convention) -> list[tuple[str, Measure]]:
    """Each name parsed, with its parameters applied to the convention: an error in either
    is the -m argument's.  A name is echoed in the tab-separated output, so it may hold no
    tab or line break."""
    out: list[tuple[str, Measure]] = []
    for name in names:
        if _BREAKS_TSV.search(name):
            raise InputError(
                f"-m {name!r}: a measure name may not hold a tab or a line break "
                "(it is echoed in the tab-separated output)"
            )
        try:
            measure = parse(name)
            measure.convention(convention)
        except ValueError as error:
            raise InputError(f"-m {name!r}: {_one_line(error)}") from None
        out.append((name, measure))
    return out


# What str.splitlines splits at, and the tab: none may appear in a field of the output.
_BREAKS_TSV = re.compile("[\t\n\x0b\x0c\r\x1c-\x1e\x85\u2028\u2029]")


def _one_line(error: BaseException) -> str:
    return " ".join(str(error).split())


def _read(path: str, kind: str, subtopics: bool | None = False):
    # Imported here, once the arguments are known to be good.
    from rankwork.collection import trec  # noqa: PLC0415

    if kind == "qrels":
        reader = partial(trec.read_qrels, subtopics=subtopics)
    else:
        reader = trec.read_run
    if "\n" in path or "\r" in path:  # the reader would take the text for the file's content
        raise InputError(f"{kind.upper()} {path!r}: a file name with a line break is not read")
    try:
        return reader(Path(path), name=path)
    except trec.TrecFormatError as error:
        raise InputError(_one_line(error)) from None
    except OSError as error:
        raise InputError(f"{path}: {error.strerror or error}") from None


def _data_line(path: str, row: int, rows: int) -> int | None:
    """The 1-based line number of DataFrame row `row` of the file at `path` (batch.data_line)."""
    try:
        with open(path, "rb") as f:
            return data_line(f.read(), row, rows)
    except OSError:
        return None


def _evaluate(qrels, qrels_path, run, run_path, measures, convention, missing) -> BatchResult:
    try:
        return evaluate(qrels, run, [name for name, _ in measures], convention, missing)
    except BatchError as error:
        message = _one_line(error)
        if error.measure_error:
            raise InputError(f"-m {message}") from None
        if error.qrels_file:
            raise InputError(f"{qrels_path}: {message}") from None
        if error.qrels_row is not None:
            line = _data_line(qrels_path, error.qrels_row, len(qrels))
            where = f"{qrels_path}, line {line}" if line else qrels_path
            raise InputError(f"{where}: {message}") from None
        if error.run_row is not None:
            line = _data_line(run_path, error.run_row, len(run))
            where = f"{run_path}, line {line}" if line else run_path
            raise InputError(f"{where}: {message}") from None
        raise InputError(f"{run_path}: {message}") from None
    except ValueError as error:
        raise InputError(f"{run_path}: {_one_line(error)}") from None


def _format_trec(result: BatchResult, names: list[str], per_query: bool) -> list[str]:
    lines: list[str] = []
    table = result.per_query
    if per_query:
        values = table.to_numpy()
        for qid, row in zip(table.index, values, strict=True):
            lines += [f"{name}\t{qid}\t{v!r}" for name, v in zip(names, row.tolist(), strict=True)]
    lines += [f"{name}\tall\t{float(result.means[name])!r}" for name in names]
    return lines


def run(argv: Sequence[str] | None = None) -> tuple[list[str], list[str]]:
    """Parse, read, evaluate: (stdout lines, stderr warnings). Raises InputError."""
    args = build_parser().parse_args(argv)
    typed = args.measures or list(DEFAULT_MEASURES)
    convention = _convention(args.convention)
    measures = _measures(typed, convention)
    names = list(dict.fromkeys(typed))
    if len(args.runs) > 1 and not args.compare:
        raise InputError(
            f"{len(args.runs)} runs given: evaluate one run at a time, or add --compare"
        )
    if args.compare and len(args.runs) < 2:
        raise InputError("--compare needs at least two runs")
    if args.compare and (args.gmean or args.micro):
        option = "--gmean" if args.gmean else "--micro"
        raise InputError(f"{option} prints one run's means; leave out --compare")
    extra = _micro_counts(measures) if args.micro else []
    measures += _measures(extra, convention)
    subtopics = QRELS_KINDS[args.qrels_kind]
    if subtopics is None:  # auto: the second column is a subtopic when a measure reads one
        subtopics = any(measure.spec.subtopics for _, measure in measures)
    qrels = _read(args.qrels, "qrels", subtopics)
    notes: list[str] = _qrels_notes(args.qrels, qrels, args.qrels_kind)
    results: list[BatchResult] = []
    for path in args.runs:
        run_df = _read(path, "run")
        result = _evaluate(qrels, args.qrels, run_df, path, measures, convention, args.missing)
        del run_df
        prefix = f"{path}: " if args.compare else ""
        notes += [prefix + w for w in result.warnings]
        results.append(result)
    if args.compare:
        return _compare(args.runs, results, notes), notes
    result = results[0]
    table = result.per_query
    if extra:
        result = replace(result, per_query=table[names], means=result.means[names])
    lines = _format_trec(result, names, args.per_query)
    if args.gmean:
        lines += _geometric_lines(result, names)
    if args.micro:
        lines += _micro_lines(table, names)
    return lines, notes


def _micro_counts(measures: list[tuple[str, Measure]]) -> list[str]:
    """The count measures --micro needs (`rankwork.collection.micro`); refuses other measures."""
    from rankwork.collection.micro import extra_measures  # noqa: PLC0415 (only --micro)

    try:
        return extra_measures([name for name, _ in measures])
    except ValueError as error:
        raise InputError(f"--micro: {_one_line(error)}") from None


def _micro_lines(per_query, names: list[str]) -> list[str]:
    from rankwork.collection.micro import micro_means  # noqa: PLC0415 (only --micro)

    return [f"{name}\tmicro\t{value!r}" for name, value in micro_means(per_query, names).items()]


def _geometric_lines(result: BatchResult, names: list[str]) -> list[str]:
    """gm_MEASURE all VALUE for each measure (`rankwork.stats.geometric`)."""
    from rankwork.stats.geometric import geometric_mean  # noqa: PLC0415 (only --gmean needs it)

    try:
        return [f"gm_{name}\tall\t{geometric_mean(result.per_query[name])!r}" for name in names]
    except ValueError as error:
        raise InputError(f"--gmean: {_one_line(error)}") from None


def _qrels_notes(path: str, qrels, kind: str) -> list[str]:
    """What the reading of a diversity qrels implies, said on stderr: with --qrels auto, that
    it was read so (the other measures then read each document's largest judgment); and when
    every query has one subtopic, that the diversity measures have nothing to diversify (the
    second column of an ordinary qrels is a constant iteration number)."""
    if "subtopic" not in qrels.columns:
        return []
    queries = qrels["qid"].nunique()
    subtopics = len(qrels[["qid", "subtopic"]].drop_duplicates())
    notes = []
    if kind == "auto":
        notes.append(
            f"{path} is read as a diversity qrels (topic subtopic docno judgment) since a "
            f"diversity measure is asked for ({subtopics} subtopics over {queries} queries); "
            "measures other than the diversity ones read each document's largest judgment. "
            "Use --qrels trec to read it as an ordinary qrels."
        )
    if subtopics == queries:
        notes.append(
            f"every query of {path} has one subtopic: the diversity measures then reward no "
            "diversity (is its second column an iteration number rather than a subtopic?)."
        )
    return notes


def _compare(paths: list[str], results: list[BatchResult], notes: list[str]) -> list[str]:
    """Two tab-separated tables with a header line each, a blank line between: each run's
    mean and 95% CI, then each pair's mean difference (challenger − baseline, the run given
    first as the baseline), its CI, the paired tests' p, raw and Holm-adjusted, and the
    effect size d_z (mean difference over the differences' standard deviation)."""
    from rankwork.stats.comparison import pairs_table  # noqa: PLC0415 (only --compare needs it)

    named = dict(zip(_unique_names(paths), results, strict=True))
    try:
        runs, pairs, test_notes = compare(named)
    except ValueError as error:
        raise InputError(f"--compare: {_one_line(error)}") from None
    notes += test_notes
    table = pairs_table(pairs)
    undefined = int(table[list(T_TEST_COLUMNS)].isna().any(axis=1).sum())
    if undefined:
        notes.append(
            f"{undefined} row(s) of the pairs table print {UNDEFINED!r} for "
            f"{', '.join(T_TEST_COLUMNS)}: every query has the same difference there, so the "
            "t-test and d_z divide by a standard deviation of 0; p_randomisation still holds."
        )
    return _table(runs) + [""] + _table(table)


def _unique_names(paths: list[str]) -> list[str]:
    """The runs as given on the command line, numbered when a path is given twice."""
    seen: dict[str, int] = {}
    out = []
    for path in paths:
        seen[path] = seen.get(path, 0) + 1
        out.append(path if seen[path] == 1 else f"{path}#{seen[path]}")
    return out


def _table(frame) -> list[str]:
    """The frame as tab-separated lines, a header first; a NaN (a test that could not be done)
    as UNDEFINED, never 'nan', which parsers would read as a number."""

    def cell(value) -> str:
        if isinstance(value, float):
            return UNDEFINED if math.isnan(value) else repr(float(value))
        return str(value)

    rows = ["\t".join(frame.columns)]
    rows += ["\t".join(cell(v) for v in row) for row in frame.itertuples(index=False)]
    return rows


def main(argv: Sequence[str] | None = None) -> int:
    """Run, print, and return the exit status: 0, or 2 with one line on stderr."""
    try:
        with warnings.catch_warnings():
            # Library warnings (numpy overflow, pandas casts) would add lines to stderr; every
            # input they could come from is checked and reported as one line (InputError).
            warnings.simplefilter("ignore")
            lines, notes = run(argv)
        output = _output(lines)
    except InputError as error:
        _say(f"error: {error}")
        return EXIT_BAD_INPUT
    for note in notes:
        _say(f"warning: {note}")
    return _write(output)


def _say(message: str) -> None:
    """One line on stderr (a file name or id with a line break is joined into it)."""
    if sys.stderr is not None:
        try:
            print(f"{PROG}: {_one_line(message)}", file=sys.stderr, flush=True)
        except OSError:  # stderr closed or full: the exit status still tells
            pass


def _output(lines: list[str]) -> str:
    """The output text, checked against stdout's encoding (as the user set it, e.g.
    PYTHONIOENCODING): a text it cannot hold is an error before anything is written."""
    text = "\n".join(lines) + "\n" if lines else ""
    encoding = getattr(sys.stdout, "encoding", None) or "utf-8"
    try:
        text.encode(encoding)
    except UnicodeEncodeError as error:
        raise InputError(
            f"the output holds {error.object[error.start : error.end]!r}, which the output "
            f"encoding {encoding} cannot write; set PYTHONIOENCODING=utf-8"
        ) from None
    return text


def _write(output: str) -> int:
    if not output:
        return 0
    if sys.stdout is None:
        _say("error: there is no standard output to write the results to (it is closed)")
        return EXIT_BAD_INPUT
    try:
        sys.stdout.write(output)
        sys.stdout.flush()
    except BrokenPipeError:  # e.g. piped into head: the reader has all it wanted
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    except (OSError, ValueError) as error:  # a full disk, a closed stream
        _say(f"error: cannot write the results: {getattr(error, 'strerror', None) or error}")
        _discard_stdout()
        return EXIT_BAD_INPUT
    return 0


def _discard_stdout() -> None:
    """After a failed write: drop what stdout still buffers, so that no flush at exit retries
    the write (and prints a second error)."""
    try:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):
        pass
