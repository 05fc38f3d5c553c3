"""The Evaluate page in AppTest: the sample collection and uploaded files (TREC and CSV, valid
and broken), with every number shown checked against pytrec_eval (trec_eval's C code, a
test-only dependency) run here on the same files, or against the command line and
scikit-learn where pytrec_eval has no such number."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pandas as pd
import pytest
from streamlit.testing.v1 import AppTest

from rankwork import cli
from rankwork.collection import trec
from rankwork.stats.comparison import p_text
from tests.app.conftest import metric_values
from tests.markdown_text import unescaped

pytrec_eval = pytest.importorskip("pytrec_eval")
sklearn_metrics = pytest.importorskip("sklearn.metrics")

PAGE = "app_pages/evaluate.py"
TABS = ("Means", "Per query", "Compare runs", "Groups", "Open a query", "Assessor agreement")
SAMPLE = Path(__file__).resolve().parents[2] / "data" / "sample"
RUNS = ("run_weak", "run_medium", "run_strong")
# the page's default measures (the command line's) and pytrec_eval's names for them
PYTREC = {"nDCG@10": "ndcg_cut_10", "P@10": "P_10", "AP": "map", "RR": "recip_rank"}
QIDS = [str(q) for q in range(301, 331)]


def sample_bytes(name: str) -> bytes:
    return (SAMPLE / name).read_bytes()


def pytrec_per_query(qrels_file: str, run_file: str) -> pd.DataFrame:
    """pytrec_eval's per-query values (queries the run has), columns named as ours."""
    qrels, run = {}, {}
    for r in trec.read_qrels(SAMPLE / qrels_file).itertuples():
        qrels.setdefault(r.qid, {})[r.docno] = int(r.rel)
    for r in trec.read_run(SAMPLE / run_file).itertuples():
        run.setdefault(r.qid, {})[r.docno] = float(r.score)
    evaluator = pytrec_eval.RelevanceEvaluator(qrels, set(PYTREC.values()) - {"P_10"} | {"P.10"})
    found = pd.DataFrame(evaluator.evaluate(run)).T
    return found.rename(columns={v: k for k, v in PYTREC.items()})[list(PYTREC)]


@pytest.fixture(scope="module")
def expected() -> dict[str, pd.DataFrame]:
    """Per run, pytrec_eval's values for all 30 qrels queries; a query the run misses scores 0
    (trec_eval -c, the page's default policy)."""
    return {
        run: pytrec_per_query("qrels.txt", f"{run}.txt").reindex(QIDS, fill_value=0.0)
        for run in RUNS
    }


def open_page(app: AppTest) -> AppTest:
    at = app.run()
    at.switch_page(PAGE).run()
    assert not at.exception, at.exception
    return at


def show_tab(at: AppTest, name: str) -> AppTest:
    at.session_state["ev_tab"] = name
    at.run()
    assert not at.exception, at.exception
    return at


def table(at: AppTest, *columns: str) -> pd.DataFrame:
    """The first table shown with all these columns."""
    return next(df.value for df in at.dataframe if set(columns) <= set(df.value.columns))


def means(at: AppTest) -> pd.DataFrame:
    return table(at, "run", "queries").set_index("run")


def upload(at: AppTest, slot: str, *files: tuple[str, bytes]) -> AppTest:
    value = [(name, data, "text/plain") for name, data in files]
    at.file_uploader(key=f"ev_upload_{slot}").set_value(value if slot == "runs" else value[0])
    at.run()
    assert not at.exception, at.exception
    return at


def errors(at: AppTest) -> str:
    """The errors' text as shown (file names and contents in them are escaped:
    ui.shared.literal)."""
    return "\n".join(unescaped(e.value) for e in at.error)


# ------------------------------------------------------------------------- the sample, means


def test_sample_means_equal_pytrec_eval(app: AppTest, expected) -> None:
    at = open_page(app)
    shown = means(at)
    assert list(shown.index) == list(RUNS)
    for run in RUNS:
        for measure in PYTREC:
            assert shown.loc[run, measure] == pytest.approx(
                expected[run][measure].mean(), abs=1e-12
            )
        assert shown.loc[run, "queries"] == 30
    # the interval is printed around the mean
    low, high = map(float, re.findall(r"[\d.]+", shown.loc["run_strong", "nDCG@10 95% CI"]))
    assert low < shown.loc["run_strong", "nDCG@10"] < high


def test_sample_per_query_values_equal_pytrec_eval(app: AppTest, expected) -> None:
    at = show_tab(open_page(app), "Per query")
    shown = table(at, "qid", "run", "first relevant rank")
    assert len(shown) == 90
    for run in RUNS:
        rows = shown[shown["run"] == run].set_index("qid")
        assert list(rows.index) == QIDS
        for measure in PYTREC:
            pd.testing.assert_series_equal(
                rows[measure], expected[run][measure], check_names=False, atol=1e-12, rtol=0
            )
        # first relevant rank = 1 / trec_eval's recip_rank, empty when it is 0
        rr = expected[run]["RR"]
        first = rows["first relevant rank"]
        assert first[rr > 0].tolist() == pytest.approx((1 / rr[rr > 0]).tolist())
        assert first[rr == 0].isna().all()
    assert at.get("download_button")
    assert at.get("plotly_chart")


def test_a_query_without_relevant_documents_shows_a_dash_not_none(app: AppTest) -> None:
    # 307 and 322 have nothing relevant: their first relevant rank is empty, drawn as "–"
    at = show_tab(open_page(app), "Per query")
    shown = next(df for df in at.dataframe if "first relevant rank" in set(df.value.columns))
    rows = shown.value.set_index(["qid", "run"])
    assert pd.isna(rows.loc[("307", "run_weak"), "first relevant rank"])
    assert shown.proto.placeholder == "–"


def test_nothing_relevant_and_missing_queries_are_explained(app: AppTest) -> None:
    at = open_page(app)
    notes = " ".join(unescaped(i.value) for i in at.info)
    assert "**run_weak** has no results for query 315" in notes
    assert "score 0 and count it" in notes
    assert "2 queries (307, 322) have no relevant judged document" in notes
    assert "nDCG scores them 0 under trec_eval ndcg_cut" in notes


def test_skip_policy_means_equal_pytrec_eval_over_the_run_queries(app: AppTest) -> None:
    at = open_page(app)
    at.radio(key="ev_missing").set_value("skip").run()
    shown = means(at)
    weak = pytrec_per_query("qrels.txt", "run_weak.txt")  # 29 queries, 315 left out
    assert shown.loc["run_weak", "queries"] == 29
    for measure in PYTREC:
        assert shown.loc["run_weak", measure] == pytest.approx(weak[measure].mean(), abs=1e-12)


def test_error_policy_names_the_query_and_keeps_the_other_runs(app: AppTest) -> None:
    at = open_page(app)
    at.radio(key="ev_missing").set_value("error").run()
    assert not at.exception
    assert "Run **run_weak** could not be evaluated" in errors(at)
    assert "315" in errors(at)
    assert list(means(at).index) == ["run_medium", "run_strong"]


def test_page_equals_the_command_line_with_another_preset_and_a_typed_measure(app: AppTest):
    at = open_page(app)
    typed = ["nDCG(dcg='exp-log2')@5", "ERR(max_rel=3)@10"]
    at.multiselect(key="ev_measures").set_value(typed).run()
    at.selectbox(key="ev_preset").set_value("Textbook").run()
    shown = means(at)
    for run in RUNS:
        argv = [str(SAMPLE / "qrels.txt"), str(SAMPLE / f"{run}.txt"), "--convention", "Textbook"]
        lines, _ = cli.run(argv + [arg for name in typed for arg in ("-m", name)])
        for line in lines:
            measure, _, value = line.split("\t")
            assert shown.loc[run, measure] == float(value)


def test_confidence_intervals_equal_the_command_line_compare(app: AppTest) -> None:
    at = open_page(app)
    shown = means(at)
    argv = [str(SAMPLE / "qrels.txt")] + [str(SAMPLE / f"{run}.txt") for run in RUNS]
    lines, _ = cli.run(argv + ["-m", "nDCG@10", "--compare"])
    blank = lines.index("")
    runs = pd.read_csv(io.StringIO("\n".join(lines[:blank])), sep="\t")
    for row, run in zip(runs.itertuples(), RUNS, strict=True):
        assert shown.loc[run, "nDCG@10 95% CI"] == f"[{row.ci_low:.4f}, {row.ci_high:.4f}]"


# ------------------------------------------------------------------------------- measures


def test_a_mistyped_measure_lists_the_valid_names_and_the_others_still_count(app: AppTest):
    at = open_page(app)
    at.multiselect(key="ev_measures").set_value(["nDCG@10", "nDGC@10", "P@x"]).run()
    assert not at.exception
    assert "Unknown measure 'nDGC'" in errors(at) and "Valid measures: DCG@10" in errors(at)
    assert "Cannot read" in errors(at) or "expected a number" in errors(at)
    assert [c for c in means(at).columns if "CI" not in c] == ["nDCG@10", "queries"]


def test_no_valid_measure_says_so(app: AppTest) -> None:
    at = open_page(app)
    at.multiselect(key="ev_measures").set_value([]).run()
    assert not at.exception
    assert "Pick or type at least one valid measure." in [i.value for i in at.info]


# -------------------------------------------------------------------------------- uploads


def as_csv(run_file: str) -> bytes:
    run = trec.read_run(SAMPLE / run_file)
    return (
        run[["qid", "docno", "score"]].sample(frac=1, random_state=1).to_csv(index=False).encode()
    )


def test_uploaded_trec_and_csv_files_give_the_same_means(app: AppTest, expected) -> None:
    at = open_page(app)
    upload(at, "qrels", ("judgments.txt", sample_bytes("qrels.txt")))
    upload(
        at,
        "runs",
        ("medium.txt", sample_bytes("run_medium.txt")),
        ("strong.csv", as_csv("run_strong.txt")),  # shuffled lines, no rank column
    )
    assert at.session_state["ev_source"] == "My files"
    shown = means(at)
    assert list(shown.index) == ["medium", "strong"]
    for ours, run in (("medium", "run_medium"), ("strong", "run_strong")):
        for measure in PYTREC:
            assert shown.loc[ours, measure] == pytest.approx(
                expected[run][measure].mean(), abs=1e-12
            )
    assert "Up to 200 MB per file" in " ".join(c.value for c in at.caption)


def test_a_broken_run_shows_file_line_and_problem_and_the_rest_is_evaluated(app: AppTest):
    at = open_page(app)
    upload(at, "qrels", ("qrels.txt", sample_bytes("qrels.txt")))
    broken = b"301 Q0 D301-001 1 12.5 x\n301 Q0 D301-002 2 12.4 x\n301 Q0 D301-003 3 twelve x\n"
    upload(at, "runs", ("good.txt", sample_bytes("run_strong.txt")), ("bad.txt", broken))
    assert "bad.txt, line 3:" in errors(at) and "'twelve'" in errors(at)
    assert "the other files are still used" in errors(at)
    assert list(means(at).index) == ["good"]


def test_a_broken_qrels_is_reported_without_an_exception(app: AppTest) -> None:
    at = open_page(app)
    upload(at, "runs", ("good.txt", sample_bytes("run_strong.txt")))
    upload(at, "qrels", ("qrels.txt", b"301 0 D1 1\n301 0 D2\n"))
    assert "qrels.txt, line 2:" in errors(at)
    assert "No run could be evaluated" in " ".join(w.value for w in at.warning)
    assert not at.dataframe  # nothing evaluated, nothing shown as if it were


def test_a_convention_error_names_the_qrels_line(app: AppTest) -> None:
    at = open_page(app)
    upload(at, "qrels", ("q.txt", b"1 0 a 0\n1 0 b 5\n"))
    upload(at, "runs", ("r.txt", b"1 Q0 a 1 2.0 x\n1 Q0 b 2 1.0 x\n"))
    at.multiselect(key="ev_measures").set_value(["ERR@10"]).run()
    # trec_eval's preset fixes ERR's top grade at 4 (gdeval's); grade 5 is on line 2
    assert "q.txt, line 2: ERR@10:" in errors(at)


def test_uploads_survive_a_trip_to_the_playground_and_can_be_removed(app: AppTest) -> None:
    at = open_page(app)
    upload(at, "qrels", ("qrels.txt", sample_bytes("qrels.txt")))
    upload(at, "runs", ("only.txt", sample_bytes("run_medium.txt")))
    at.multiselect(key="ev_measures").set_value(["AP"]).run()
    at.switch_page("app_pages/playground.py").run()
    at.switch_page(PAGE).run()
    assert list(means(at).index) == ["only"]
    assert [c for c in means(at).columns if "CI" not in c] == ["AP", "queries"]
    assert "Kept in this session: qrels.txt, only.txt" in " ".join(
        unescaped(c.value) for c in at.caption
    )
    next(b for b in at.button if b.label == "Remove uploads").click().run()
    assert at.session_state["ev_source"] == "Sample collection"
    assert list(means(at).index) == list(RUNS)


# ----------------------------------------------------------------------------- comparison


def test_compare_tab_counts_and_verdict(app: AppTest, expected) -> None:
    at = show_tab(open_page(app), "Compare runs")
    diff = expected["run_medium"]["nDCG@10"] - expected["run_weak"]["nDCG@10"]
    shown = {unescaped(label): value for label, value in metric_values(at).items()}
    assert shown["wins of run_medium"] == str((diff > 1e-12).sum())
    assert shown["ties"] == str((diff.abs() <= 1e-12).sum())
    assert shown["losses of run_medium"] == str((diff < -1e-12).sum())
    assert shown["challenger − baseline (mean)"] == f"{diff.mean():+.4f}"
    verdict = next(t.value for t in at.text if "has the higher mean" in t.value)
    assert verdict.startswith(
        f"run_medium has the higher mean nDCG@10: run_medium − run_weak = {diff.mean():+.3f} "
        "in nDCG@10's own units, 95% bootstrap interval ["
    )
    pairs = table(at, "challenger_minus_baseline", "p_randomisation_holm").set_index(
        ["measure", "baseline", "challenger"]
    )
    row = pairs.loc[("nDCG@10", "run_weak", "run_medium")]
    assert (
        f"Paired randomisation test: {p_text(row['p_randomisation'])}, the probability of a "
        "mean difference at least this large, either way, if the two runs were equally good. "
        f"Holm-adjusted for the 12 comparisons made: {p_text(row['p_randomisation_holm'])}."
    ) in verdict
    assert row["p_randomisation_holm"] < 0.05 and row["ci_low"] > 0
    assert "Evidence of a difference at the 5% level: the adjusted p is below 0.05" in verdict
    for old in ("beats", "is real", "chance"):
        assert old not in verdict
    bars = [f for f in at.get("plotly_chart") if "ev_cmp_plot" in f.proto.id]
    assert bars


# Six made-up queries, one relevant document r each; RR = 1 / the rank of r, by hand:
#   q1-q3: runA 1/2, runB 1    -> runB wins 3
#   q4-q5: runA 1,   runB 1/5  -> runB loses 2
#   q6:    runA 1,   runB 1    -> 1 tie
# mean RR: runA (3/2 + 3)/6 = 0.75 > runB (3 + 2/5 + 1)/6 = 0.7333: runA has the higher mean
# while runB wins more queries, so the cards must say whose wins they count.
WIN_LOSS_QRELS = "".join(f"q{q} 0 r 1\n" for q in range(1, 7))


def _run(tag: str, rank_of_r: dict[int, int]) -> bytes:
    """A run with r at the given rank of each query (non-relevant x1, x2, ... before it)."""
    lines = []
    for q, rank in rank_of_r.items():
        docs = [f"x{i}" for i in range(1, rank)] + ["r"]
        lines += [f"q{q} Q0 {d} {i} {10 - i} {tag}" for i, d in enumerate(docs, 1)]
    return ("\n".join(lines) + "\n").encode()


def test_compare_cards_count_the_wins_of_the_run_named_on_them(app: AppTest) -> None:
    at = open_page(app)
    upload(at, "qrels", ("qrels.txt", WIN_LOSS_QRELS.encode()))
    run_a = _run("A", {1: 2, 2: 2, 3: 2, 4: 1, 5: 1, 6: 1})
    run_b = _run("B", {1: 1, 2: 1, 3: 1, 4: 5, 5: 5, 6: 1})
    upload(at, "runs", ("runA.txt", run_a), ("runB.txt", run_b))
    at.multiselect(key="ev_measures").set_value(["RR"]).run()
    at = show_tab(at, "Compare runs")
    verdict = next(t.value for t in at.text if "has the higher mean" in t.value)
    mean_a, mean_b = (3 / 2 + 3) / 6, (3 + 2 / 5 + 1) / 6
    assert verdict.startswith(f"runA has the higher mean RR: runB − runA = {mean_b - mean_a:+.3f} ")
    assert any(unescaped(m.value) == "Query by query, **runB** against **runA**:"
               for m in at.markdown)  # fmt: skip
    shown = {unescaped(label): value for label, value in metric_values(at).items()}
    assert (shown["wins of runB"], shown["ties"], shown["losses of runB"]) == ("3", "1", "2")
    # the other way round, the counts are runA's
    at.selectbox(key="ev_cmp_a").set_value("runB").run()
    at.selectbox(key="ev_cmp_b").set_value("runA").run()
    shown = {unescaped(label): value for label, value in metric_values(at).items()}
    assert (shown["wins of runA"], shown["ties"], shown["losses of runA"]) == ("2", "1", "3")
    (wins,) = [m for m in at.metric if unescaped(m.label) == "wins of runA"]
    assert unescaped(wins.help) == "Queries where runA scores higher than runB."


def test_compare_card_and_table_agree_on_the_sign(app: AppTest, expected) -> None:
    at = show_tab(open_page(app), "Compare runs")
    at.selectbox(key="ev_cmp_measure").set_value("AP").run()
    diff = (expected["run_medium"]["AP"] - expected["run_weak"]["AP"]).mean()
    pairs = table(at, "baseline", "challenger", "challenger_minus_baseline").set_index(
        ["measure", "baseline", "challenger"]
    )
    row = pairs.loc[("AP", "run_weak", "run_medium")]
    assert row["challenger_minus_baseline"] == pytest.approx(diff, abs=1e-12)
    assert metric_values(at)["challenger − baseline (mean)"] == f"{diff:+.4f}"
    # picked the other way round, the card turns; the table keeps the run listed first
    at.selectbox(key="ev_cmp_a").set_value("run_medium").run()
    at.selectbox(key="ev_cmp_b").set_value("run_weak").run()
    assert metric_values(at)["challenger − baseline (mean)"] == f"{-diff:+.4f}"


def test_compare_shows_holm_adjusted_p_over_every_pair_and_measure(app: AppTest) -> None:
    multitest = pytest.importorskip("statsmodels.stats.multitest")
    at = show_tab(open_page(app), "Compare runs")
    pairs = table(at, "p_randomisation", "p_randomisation_holm", "p_t", "p_t_holm")
    assert len(pairs) == 12  # 3 pairs of runs x 4 measures
    for column in ("p_randomisation", "p_t"):
        reference = multitest.multipletests(pairs[column], method="holm")[1]
        assert pairs[f"{column}_holm"].to_numpy() == pytest.approx(reference, rel=1e-12)
    deltas = {m.label: m.delta for m in at.metric}
    assert deltas["paired randomisation test"].startswith("Holm-adjusted: p")
    assert deltas["paired t-test"].startswith("Holm-adjusted: p")
    captions = " ".join(c.value for c in at.caption)
    assert "the 12 comparisons made: 3 pairs of runs × 4 measures" in captions
    assert not at.warning  # 30 queries: no warning on the intervals


FEW_QRELS = "".join(f"{q} 0 d{q} 1\n{q} 0 e{q} 0\n" for q in range(1, 6))


def few_run(first: str) -> bytes:
    return "".join(
        f"{q} Q0 {first}{q} 1 2.0 t\n{q} Q0 {'e' if first == 'd' else 'd'}{q} 2 1.0 t\n"
        for q in range(1, 6)
    ).encode()


def test_intervals_over_few_queries_are_flagged(app: AppTest) -> None:
    scipy_stats = pytest.importorskip("scipy.stats")
    # a 95% percentile interval of 5 normal values covers P(|T_4| <= 1.96 sqrt(4/5)): 84.6%
    cover = 1 - 2 * scipy_stats.t.sf(scipy_stats.norm.ppf(0.975) * (4 / 5) ** 0.5, 4)
    at = open_page(app)
    upload(at, "qrels", ("qrels.txt", FEW_QRELS.encode()))
    upload(at, "runs", ("good.txt", few_run("d")), ("bad.txt", few_run("e")))
    for tab in ("Means", "Compare runs"):
        show_tab(at, tab)
        warnings = " ".join(w.value for w in at.warning)
        assert "Only 5 queries: with fewer than 30, 95% percentile bootstrap intervals" in warnings
        assert f"only about {cover:.1%} of the time with 5 queries" in warnings


def test_compare_needs_two_runs(app: AppTest) -> None:
    at = open_page(app)
    upload(at, "qrels", ("qrels.txt", sample_bytes("qrels.txt")))
    upload(at, "runs", ("only.txt", sample_bytes("run_medium.txt")))
    show_tab(at, "Compare runs")
    assert "Comparing needs two runs or more" in " ".join(i.value for i in at.info)


# ---------------------------------------------------------------------- groups, agreement


def test_groups_tab_means_per_group_equal_pytrec_eval(app: AppTest, expected) -> None:
    at = show_tab(open_page(app), "Groups")
    groups = pd.read_csv(SAMPLE / "groups.csv", dtype=str).set_index("qid")["group"]
    shown = table(at, "group", "queries · run_weak").set_index("group")
    for run in RUNS:
        by_group = expected[run].groupby(groups).mean()
        for measure in PYTREC:
            for group, value in by_group[measure].items():
                assert shown.loc[group, f"{measure} · {run}"] == pytest.approx(value, abs=1e-12)
    assert shown.loc["navigational", "queries · run_weak"] == 8
    # the smallest group has 8 queries: a 95% percentile interval of 8 normal values covers
    # P(|T_7| <= 1.96 sqrt(7/8)) of the time
    scipy_stats = pytest.importorskip("scipy.stats")
    cover = 1 - 2 * scipy_stats.t.sf(scipy_stats.norm.ppf(0.975) * (7 / 8) ** 0.5, 7)
    warnings = " ".join(w.value for w in at.warning)
    assert "Only 8 queries in a group: with fewer than 30" in warnings
    assert f"only about {cover:.1%} of the time with 8 queries" in warnings


def test_a_broken_groups_file_is_reported_and_the_rest_stays(app: AppTest) -> None:
    at = open_page(app)
    upload(at, "qrels", ("qrels.txt", sample_bytes("qrels.txt")))
    upload(at, "runs", ("a.txt", sample_bytes("run_medium.txt")))
    upload(at, "groups", ("groups.csv", b"qid,group\n301,x\n302\n"))
    assert "groups.csv, line 3:" in errors(at)
    assert list(means(at).index) == ["a"]
    show_tab(at, "Groups")
    assert "groups file groups.csv could not be read" in " ".join(
        unescaped(w.value) for w in at.warning
    )


def test_agreement_tab_kappa_equals_scikit_learn(app: AppTest) -> None:
    at = show_tab(open_page(app), "Assessor agreement")
    a = trec.read_qrels(SAMPLE / "qrels.txt")["rel"]
    b = trec.read_qrels(SAMPLE / "qrels_assessor2.txt")["rel"]
    shown = metric_values(at)
    assert shown["Cohen's kappa"] == f"{sklearn_metrics.cohen_kappa_score(a, b):.3f}"
    linear = sklearn_metrics.cohen_kappa_score(a, b, weights="linear")
    assert shown["linear weighted κ"] == f"{linear:.3f}"
    quadratic = sklearn_metrics.cohen_kappa_score(a, b, weights="quadratic")
    assert shown["quadratic weighted κ"] == f"{quadratic:.3f}"
    confusion = table(at, "0", "1", "2", "3")
    assert confusion.to_numpy().tolist() == sklearn_metrics.confusion_matrix(a, b).tolist()


def test_agreement_tab_means_with_the_other_labels_equal_pytrec_eval(app: AppTest) -> None:
    at = show_tab(open_page(app), "Assessor agreement")
    changes = table(at, "measure", "run", "mean_a", "mean_b")
    for run in RUNS:
        other = pytrec_per_query("qrels_assessor2.txt", f"{run}.txt").reindex(QIDS, fill_value=0)
        for measure in PYTREC:
            row = changes[(changes["run"] == run) & (changes["measure"] == measure)].iloc[0]
            assert row["mean_b"] == pytest.approx(other[measure].mean(), abs=1e-12)
    assert table(at, "challenger_minus_baseline_a", "sign_flips") is not None


# ----------------------------------------------------------------------------- drill-down


def test_open_a_query_in_the_playground(app: AppTest, expected) -> None:
    at = show_tab(open_page(app), "Open a query")
    at.selectbox(key="ev_dd_run").set_value("run_medium").run()
    at.selectbox(key="ev_dd_query").set_value("305").run()
    next(b for b in at.button if b.label == "Open in the Playground").click().run()
    assert not at.exception
    assert metric_values(at)["nDCG@10"] == f"{expected['run_medium'].loc['305', 'nDCG@10']:.4f}"
    listed = at.session_state["ranking"]
    run = trec.read_run(SAMPLE / "run_medium.txt")
    lines = run[run["qid"] == "305"]
    assert sorted(listed["doc"]) == sorted(lines["docno"])
    assert list(listed["score"]) == sorted(listed["score"], reverse=True)
    qrels = trec.read_qrels(SAMPLE / "qrels.txt")
    judged = qrels[qrels["qid"] == "305"]
    missed = judged[~judged["docno"].isin(lines["docno"])]["rel"]
    assert sorted(map(float, at.session_state["unretrieved"]["grade"])) == sorted(missed)
    grade_of = dict(zip(judged["docno"], judged["rel"], strict=True))
    for doc, grade in zip(listed["doc"], listed["grade"], strict=True):
        assert grade == ("" if doc not in grade_of else f"{grade_of[doc]:g}")


@pytest.mark.parametrize(
    "data",
    [
        b"",
        b"\n\n# nothing but a comment\n",
        b"\x00\xff\xfe garbage \x81\n" * 3,
        b"qid,docno\n1,a\n",
        b"1 Q0 a 1 nan x\n",
        b"1 Q0 a 1 1e999 x\n",
        b"1 Q0 a 1 1 x\n1 Q0 a 2 0.5 x\n",
        "1 0 d\u00e9j\u00e0 2\n".encode("latin-1"),
        b"a,b,c,d,e,f,g\n" * 5,
    ],
)
@pytest.mark.parametrize("slot", ["qrels", "runs", "groups", "qrels2"])
def test_bad_input_never_raises_and_keeps_the_other_files(app: AppTest, slot: str, data: bytes):
    at = open_page(app)
    good = {
        "qrels": ("qrels.txt", sample_bytes("qrels.txt")),
        "runs": ("good.txt", sample_bytes("run_medium.txt")),
    }
    for name, file in good.items():
        if name != slot:
            upload(at, name, file)
    files = [good["runs"], ("bad.txt", data)] if slot == "runs" else [("bad.txt", data)]
    upload(at, slot, *files)
    if slot != "groups":  # some of these are two-column lines: a groups file that fits nothing
        assert "bad.txt" in errors(at)
    for tab in TABS:
        show_tab(at, tab)
    if slot != "qrels":
        assert list(show_tab(at, "Means") and means(at).index) == ["good"]


def test_an_overflowing_gain_map_blames_the_measure_not_the_run(app: AppTest) -> None:
    at = open_page(app)
    upload(at, "qrels", ("q.txt", b"1 0 a 1\n1 0 b 2\n"))
    upload(at, "runs", ("r.txt", b"1 Q0 a 1 2.0 x\n1 Q0 b 2 1.0 x\n"))
    # gains 1.7e308 at ranks 1 and 2: 1.7e308 + 1.7e308 / log2(3) is beyond the largest double
    at.multiselect(key="ev_measures").set_value(["nDCG(gains={0:0,1:1.7e308,2:1.7e308})@10"]).run()
    shown = errors(at)
    assert "gain map's gains are too large" in shown
    assert "r.txt:" not in shown  # the run file is not to blame (it was before)


# ---------------------------------------------------------------------------- micro and macro


def test_micro_and_macro_averages_of_p_and_r(app: AppTest) -> None:
    # q1: 1 relevant (a1), found at rank 1; q2: 9 relevant (b1..b9), b1 found at rank 1 of 4.
    qrels = b"q1 0 a1 1\n" + b"".join(f"q2 0 b{i} 1\n".encode() for i in range(1, 10))
    run = b"q1 Q0 a1 1 9 r\nq2 Q0 b1 1 8 r\nq2 Q0 n1 2 7 r\nq2 Q0 n2 3 6 r\nq2 Q0 n3 4 5 r\n"
    at = upload(open_page(app), "qrels", ("q.txt", qrels))
    at = upload(at, "runs", ("r.txt", run))
    at.multiselect(key="ev_measures").set_value(["R@2", "P", "AP"]).run()
    averages = table(at, "measure", "macro", "micro").set_index("measure")
    # R@2: macro (1/1 + 1/9)/2 = 5/9, micro (1 + 1)/(1 + 9) = 1/5; P: macro (1/1 + 1/4)/2 =
    # 5/8, micro (1 + 1)/(1 + 4) = 2/5; AP is no ratio of counts: not in the table
    assert averages.loc["R@2", "macro"] == pytest.approx(5 / 9)
    assert averages.loc["R@2", "micro"] == pytest.approx(1 / 5)
    assert averages.loc["P", "macro"] == pytest.approx(5 / 8)
    assert averages.loc["P", "micro"] == pytest.approx(2 / 5)
    assert list(averages.index) == ["R@2", "P"]
    assert any("Macro R@2 = (1/1 + 1/9)/2 = 0.556" in m.value for m in at.markdown)
