"""rankwork.evaluate: every form of qrels and run gives the same numbers, worked by hand here,
and bad input raises a ValueError naming what is wrong and where.

The collection, by hand (trec_eval's conventions: linear gain, ties by docno descending):

    qrels  q1: d1 2, d2 0, d3 1      q2: d4 1      q3: d9 1 (the run misses q3)
    run    q1: d1 0.9, d2 0.8, d3 0.7
           q2: d4 0.5, d5 0.5 (a tie: docno descending puts d5 first, d4 second)
           q4: d1 1.0 (not in the qrels: ignored)

    q1: P@2 = 1/2, RR = 1, AP = (1/1 + 2/3)/2 = 5/6,
        nDCG@3 = (2/log2 2 + 0 + 1/log2 4) / (2/log2 2 + 1/log2 3) = 2.5 / (2 + 1/log2 3)
    q2: P@2 = 1/2, RR = 1/2, AP = 1/2, nDCG@3 = (1/log2 3) / 1
    q3: every measure 0 (an empty ranking), with missing="zero"
"""

from __future__ import annotations

import gzip
import math
import warnings
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

import rankwork
from rankwork import BatchError, InputError, MeasureNameError, TrecFormatError, evaluate

QRELS = {"q1": {"d1": 2, "d2": 0, "d3": 1}, "q2": {"d4": 1}, "q3": {"d9": 1}}
RUN = {"q1": {"d1": 0.9, "d2": 0.8, "d3": 0.7}, "q2": {"d4": 0.5, "d5": 0.5}, "q4": {"d1": 1.0}}
MEASURES = ["P@2", "RR", "AP", "nDCG@3"]
BY_HAND = {
    "q1": {"P@2": 1 / 2, "RR": 1.0, "AP": 5 / 6, "nDCG@3": 2.5 / (2 + 1 / math.log2(3))},
    "q2": {"P@2": 1 / 2, "RR": 1 / 2, "AP": 1 / 2, "nDCG@3": 1 / math.log2(3)},
    "q3": {"P@2": 0.0, "RR": 0.0, "AP": 0.0, "nDCG@3": 0.0},
}


def mean_by_hand(queries: list[str]) -> dict[str, float]:
    return {m: sum(BY_HAND[q][m] for q in queries) / len(queries) for m in MEASURES}


def rows(source: dict, value: str) -> list[tuple[str, str, float]]:
    return [(q, d, v) for q, docs in source.items() for d, v in docs.items()]


def frame(source: dict, columns: tuple[str, str, str]) -> pd.DataFrame:
    return pd.DataFrame(rows(source, columns[2]), columns=list(columns))


def trec_qrels_text() -> str:
    return "".join(f"{q} 0 {d} {g}\n" for q, d, g in rows(QRELS, "rel"))


def trec_run_text() -> str:
    lines = []
    for q, docs in RUN.items():
        lines += [f"{q} Q0 {d} {i} {s} tag\n" for i, (d, s) in enumerate(docs.items(), 1)]
    return "".join(lines)


def forms(tmp_path: Path) -> dict[str, tuple[object, object]]:
    """Every accepted form of the collection: name -> (qrels, run)."""
    (tmp_path / "qrels.txt").write_text(trec_qrels_text())
    (tmp_path / "run.txt").write_text(trec_run_text())
    (tmp_path / "qrels.gz").write_bytes(gzip.compress(trec_qrels_text().encode()))
    (tmp_path / "run.txt.gz").write_bytes(gzip.compress(trec_run_text().encode()))
    (tmp_path / "qrels_gzip_named.txt").write_bytes(gzip.compress(trec_qrels_text().encode()))
    ir_qrels = frame(QRELS, ("query_id", "doc_id", "relevance"))
    ir_run = frame(RUN, ("query_id", "doc_id", "score"))
    out: dict[str, tuple[object, object]] = {
        "trec paths (str)": (str(tmp_path / "qrels.txt"), str(tmp_path / "run.txt")),
        "trec paths (Path)": (tmp_path / "qrels.txt", tmp_path / "run.txt"),
        "gzip paths": (tmp_path / "qrels.gz", tmp_path / "run.txt.gz"),
        "gzip under a plain name": (tmp_path / "qrels_gzip_named.txt", tmp_path / "run.txt"),
        "pytrec_eval dicts": (QRELS, RUN),
        "ir_measures DataFrames": (ir_qrels, ir_run),
        "ranx DataFrames": (
            frame(QRELS, ("q_id", "doc_id", "score")),
            frame(RUN, ("q_id", "doc_id", "score")),
        ),
        "rankwork DataFrames": (
            frame(QRELS, ("qid", "docno", "rel")),
            frame(RUN, ("qid", "docno", "score")),
        ),
        "mixed": (QRELS, ir_run),
    }
    try:
        ir_qrels.to_parquet(tmp_path / "qrels.parquet")
        frame(RUN, ("q_id", "doc_id", "score")).to_parquet(tmp_path / "run.parquet")
        out["parquet paths"] = (tmp_path / "qrels.parquet", tmp_path / "run.parquet")
    except ImportError:  # no pyarrow here: the parquet form is tested where it is installed
        pass
    return out


def test_every_form_gives_the_numbers_worked_by_hand(tmp_path):
    checked = 0
    for name, (qrels, run) in forms(tmp_path).items():
        with warnings.catch_warnings(record=True) as said:
            warnings.simplefilter("always")
            means = evaluate(qrels, run, MEASURES)
            table = evaluate(qrels, run, MEASURES, per_query=True)
        assert list(means) == MEASURES, name
        assert means == pytest.approx(mean_by_hand(["q1", "q2", "q3"]), abs=1e-15), name
        assert list(table.columns) == ["query_id", *MEASURES], name
        assert table["query_id"].tolist() == ["q1", "q2", "q3"], name
        for _i, row in table.iterrows():
            assert row[MEASURES].to_dict() == pytest.approx(BY_HAND[row["query_id"]], abs=1e-15)
        messages = " | ".join(str(w.message) for w in said)
        assert "q3" in messages and "q4" in messages, (name, messages)  # missed and ignored
        checked += 1
    assert checked >= 9


def test_missing_policies_are_the_command_lines(tmp_path):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        skipped = evaluate(QRELS, RUN, MEASURES, missing="skip")
        table = evaluate(QRELS, RUN, MEASURES, missing="skip", per_query=True)
        with pytest.raises(BatchError, match="q3"):
            evaluate(QRELS, RUN, MEASURES, missing="error")
    assert skipped == pytest.approx(mean_by_hand(["q1", "q2"]), abs=1e-15)
    assert table["query_id"].tolist() == ["q1", "q2"]


def test_the_messages_spell_the_policy_as_the_caller_wrote_it():
    # a notebook user passed missing="zero", not the command line's --missing zero
    with pytest.warns(UserWarning) as said:
        evaluate(QRELS, RUN, MEASURES)
    missed = next(str(w.message) for w in said if "q3" in str(w.message))
    assert missed == (
        "1 qrels query has no results in the run and score 0 (an empty ranking) "
        '(missing="zero"): q3.'
    )
    with pytest.raises(BatchError) as refused:
        evaluate(QRELS, RUN, MEASURES, missing="error")
    assert str(refused.value) == (
        '1 qrels query has no results in the run: q3 (use missing="zero" or missing="skip" '
        "to go on)."
    )


def test_one_measure_as_a_string_and_names_kept_as_given():
    qrels = {"q": {"a": 2, "b": 1, "c": 0}}
    run = {"q": {"c": 3.0, "b": 2.0, "a": 1.0}}
    # P(rel=2)@2: only a (grade 2) is relevant, and it is at rank 3: 0 of 2.
    # P@2 (rel >= 1): b at rank 2: 1 of 2. RR(rel=2): a at rank 3: 1/3.
    assert evaluate(qrels, run, "P@2") == {"P@2": 0.5}
    got = evaluate(qrels, run, ["P(rel=2)@2", "RR(rel=2)", "P@2", "P(rel=2)@2"])
    assert got == pytest.approx({"P(rel=2)@2": 0.0, "RR(rel=2)": 1 / 3, "P@2": 0.5})


def test_ties_follow_the_convention_given_by_preset_name():
    qrels = {"q": {"a": 1, "b": 0}}
    run = {"q": {"a": 1.0, "b": 1.0}}  # a tie: trec_eval puts b first (docno descending)
    assert evaluate(qrels, run, "RR") == {"RR": 0.5}
    # ranx ndcg's preset: ties in input order, a first (and the name is matched ignoring case)
    assert evaluate(qrels, run, "RR", convention="RANX NDCG") == {"RR": 1.0}
    assert evaluate(qrels, run, "RR", convention=rankwork.PRESETS["ranx ndcg"]) == {"RR": 1.0}
    with pytest.raises(ValueError, match=r"Unknown preset 'nope'.*trec_eval ndcg_cut"):
        evaluate(qrels, run, "RR", convention="nope")


def test_a_diversity_measure_reads_a_qrels_file_with_subtopics(tmp_path):
    # ndeval's format: topic subtopic docno judgment. Query 1 has two subtopics; a covers
    # subtopic 1, b covers 1 and 2. P_IA@1 = mean over subtopics of P@1 = (1 + 0)/2 for the
    # run a, b; for the run b, a it is (1 + 1)/2.
    (tmp_path / "div.txt").write_text("1 1 a 1\n1 1 b 1\n1 2 b 1\n")
    assert evaluate(tmp_path / "div.txt", {"1": {"a": 2.0, "b": 1.0}}, "P_IA@1") == {"P_IA@1": 0.5}
    assert evaluate(tmp_path / "div.txt", {"1": {"b": 2.0, "a": 1.0}}, "P_IA@1") == {"P_IA@1": 1.0}


# ------------------------------------------------------------------------------- bad input


def test_an_unknown_measure_is_named_with_the_parsers_message():
    with pytest.raises(MeasureNameError, match=r"Unknown measure 'nDGC' in 'nDGC@10'"):
        evaluate(QRELS, RUN, ["P@2", "nDGC@10"])


def test_a_dataframe_without_the_columns_lists_what_it_has_and_what_it_needs():
    bad = pd.DataFrame({"query": ["q"], "doc": ["d"], "relevance": [1]})
    with pytest.raises(InputError) as error:
        evaluate(bad, RUN, "P@2")
    message = str(error.value)
    assert message.startswith("The qrels DataFrame has the columns 'query', 'doc', 'relevance';")
    assert "(query_id, doc_id, relevance), (q_id, doc_id, score), (qid, docno, rel)" in message
    run = pd.DataFrame({"query_id": ["q"], "doc_id": ["d"], "relevance": [1.0]})
    with pytest.raises(InputError, match=r"The run DataFrame has the columns .*'relevance'.*"
                       r"\(query_id, doc_id, score\)"):  # fmt: skip
        evaluate(QRELS, run, "P@2")


def test_a_grade_or_score_that_is_not_a_number_is_named_by_its_row_or_its_ids():
    qrels = pd.DataFrame(
        {"query_id": ["q1", "q1"], "doc_id": ["a", "b"], "relevance": [1, "high"]},
        index=[10, 11],
    )
    with pytest.raises(InputError, match=r"The qrels DataFrame, row 11: the relevance grade "
                       r"'high' is not a finite number"):  # fmt: skip
        evaluate(qrels, RUN, "P@2")
    with pytest.raises(InputError, match=r"The run dict, query 'q1', document 'd2': the score "
                       r"None is not a finite number"):  # fmt: skip
        evaluate(QRELS, {"q1": {"d1": 1.0, "d2": None}}, "P@2")
    with pytest.raises(InputError, match=r"The run DataFrame, row 0: the score inf"):
        evaluate(QRELS, pd.DataFrame({"q_id": ["q1"], "doc_id": ["d"], "score": [math.inf]}), "RR")
    with pytest.raises(InputError, match=r"The qrels dict, query 'q', document 'd': .*nan"):
        evaluate({"q": {"d": math.nan}}, RUN, "RR")


def test_a_document_twice_in_a_query_is_named_with_both_rows():
    run = pd.DataFrame({"query_id": ["q1", "q1", "q1"], "doc_id": ["a", "b", "a"],
                        "score": [3.0, 2.0, 1.0]})  # fmt: skip
    with pytest.raises(InputError, match=r"The run DataFrame: document 'a' appears twice for "
                       r"query 'q1' \(row 0; row 2\)"):  # fmt: skip
        evaluate(QRELS, run, "P@2")
    qrels = pd.DataFrame({"qid": ["x", "x"], "docno": [5, "5"], "rel": [1, 0]})  # ids as text
    with pytest.raises(InputError, match=r"document '5' appears twice for query 'x'"):
        evaluate(qrels, RUN, "P@2")


def test_a_document_twice_in_a_run_file_is_the_readers_error_with_its_lines(tmp_path):
    (tmp_path / "run.txt").write_text("q1 Q0 a 1 2.0 t\nq1 Q0 a 2 1.0 t\n")
    with pytest.raises(TrecFormatError, match=r"run.txt, line 2: document 'a' appears twice"):
        evaluate(QRELS, tmp_path / "run.txt", "P@2")


def test_a_path_that_does_not_exist_is_named(tmp_path):
    missing = tmp_path / "nowhere" / "qrels.txt"
    with pytest.raises(TrecFormatError, match=rf"^{missing}: No such file or directory$"):
        evaluate(missing, RUN, "P@2")
    with pytest.raises(TrecFormatError, match=r"run.parquet: No such file or directory"):
        evaluate(QRELS, str(tmp_path / "run.parquet"), "P@2")


def test_a_damaged_gzip_file_is_named(tmp_path):
    (tmp_path / "run.gz").write_bytes(gzip.compress(trec_run_text().encode())[:-12])
    with pytest.raises(TrecFormatError, match=r"run.gz: "):
        evaluate(QRELS, tmp_path / "run.gz", "P@2")


def test_gzip_content_is_checked_by_the_reader_with_its_lines(tmp_path):
    (tmp_path / "qrels.gz").write_bytes(gzip.compress(b"q1 0 d1 1\nq1 0 d2 high\n"))
    with pytest.raises(TrecFormatError, match=r"qrels.gz, line 2: the relevance grade 'high'"):
        evaluate(tmp_path / "qrels.gz", RUN, "P@2")


def test_other_compression_keeps_the_readers_refusal(tmp_path):
    import bz2

    (tmp_path / "run.bz2").write_bytes(bz2.compress(trec_run_text().encode()))
    with pytest.raises(TrecFormatError, match=r"the file is bzip2-compressed"):
        evaluate(QRELS, tmp_path / "run.bz2", "P@2")


def test_parquet_without_pyarrow_says_what_to_install(tmp_path, monkeypatch):
    def no_engine(*args, **kwargs):
        raise ImportError("Unable to find a usable engine; tried using: 'pyarrow'.")

    monkeypatch.setattr(pd, "read_parquet", no_engine)
    (tmp_path / "qrels.parquet").write_bytes(b"PAR1")
    with pytest.raises(InputError, match=r"qrels.parquet: reading a parquet file needs "
                       r"pyarrow; install it with pip install rankwork\[arrow\]"):  # fmt: skip
        evaluate(tmp_path / "qrels.parquet", RUN, "P@2")


@pytest.mark.parametrize("bad", [3, None, [("q", "d", 1)], b"q 0 d 1\n"])
def test_an_input_of_another_type_is_named(bad):
    with pytest.raises(InputError, match=rf"The qrels must be a path .*; got {type(bad).__name__}"):
        evaluate(bad, RUN, "P@2")


def test_a_dict_whose_query_holds_no_dict_is_named():
    with pytest.raises(InputError, match=r"The run dict: query 'q1' maps to a list"):
        evaluate(QRELS, {"q1": ["d1", "d2"]}, "P@2")


def test_errors_are_value_errors():
    for error in (InputError, TrecFormatError, BatchError, MeasureNameError):
        assert issubclass(error, ValueError)


def test_the_messages_speak_the_apps_language():
    from tests.in_language import in_language

    def message() -> str:
        try:
            evaluate({"q": {"d": "x"}}, RUN, "P@2")
        except InputError as error:
            return str(error)
        return ""

    english = (
        "The qrels dict, query 'q', document 'd': the relevance grade 'x' is not a finite number."
    )
    assert in_language("en", message) == english
    assert (
        in_language("zh", message)
        == "qrels 字典，查询 'q'，文档 'd'：相关性等级 'x' 不是有限的数。"
    )


def test_a_file_named_parquet_that_is_not_one_is_named(tmp_path):
    pytest.importorskip("pyarrow")
    (tmp_path / "run.parquet").write_text(trec_run_text())
    with pytest.raises(TrecFormatError, match=r"^\S*run.parquet: .*"):
        evaluate(QRELS, tmp_path / "run.parquet", "P@2")


def test_a_missing_id_is_named_by_its_row_or_its_ids():
    run = pd.DataFrame({"query_id": ["q1", None], "doc_id": ["d1", "d2"], "score": [2.0, 1.0]})
    with pytest.raises(InputError, match=r"^The run DataFrame, row 1: the query id is missing\.$"):
        evaluate(QRELS, run, "P@2")
    with pytest.raises(InputError, match=r"^The qrels dict, query 'q', document None: the "
                       r"document id is missing\.$"):  # fmt: skip
        evaluate({"q": {"d": 1, None: 0}}, RUN, "P@2")


# ------------------------------------------- measures, columns, grades and ids (review B, 9)


@pytest.mark.parametrize("measures", [None, 5, ["P@2", 5], b"P@2"])
def test_measures_that_are_not_names_are_refused(measures):
    shown = repr(5 if isinstance(measures, list) else measures)
    with pytest.raises(MeasureNameError) as error:
        evaluate(QRELS, RUN, measures)
    assert str(error.value) == (
        "The measures must be a measure name or a list of names, such as 'nDCG@10' or "
        f"['P@5', 'AP']; got {shown}."
    )


def test_no_measure_asked_for_is_refused_not_an_empty_result():
    for nothing in ([], (), iter([])):
        with pytest.raises(MeasureNameError, match=r"^No measure asked for: give a measure name"):
            evaluate(QRELS, RUN, nothing)


def test_a_repeated_column_that_is_read_is_named():
    run = pd.DataFrame([["q1", "d1", 1.0, 2.0]], columns=["query_id", "doc_id", "score", "score"])
    with pytest.raises(InputError, match=r"^The run DataFrame has more than one column named "
                       r"'score'; keep one\.$"):  # fmt: skip
        evaluate(QRELS, run, "P@2")
    # a repeated column the evaluation does not read is no problem: q1 has d1 (grade 2) at
    # rank 1, so RR = 1; q2 and q3 are missed (0): mean 1/3
    run = pd.DataFrame([["q1", "d1", 1.0, "x", "y"]],
                       columns=["query_id", "doc_id", "score", "note", "note"])  # fmt: skip
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        assert evaluate(QRELS, run, "RR") == pytest.approx({"RR": 1 / 3}, abs=1e-15)


def test_booleans_are_not_grades_or_scores():
    with pytest.raises(InputError, match=r"^The qrels dict, query 'q', document 'd': the "
                       r"relevance grade True is a boolean, not a number\.$"):  # fmt: skip
        evaluate({"q": {"c": 1, "d": True}}, RUN, "RR")
    with pytest.raises(InputError, match=r"^The run dict, query 'q1', document 'd1': the score "
                       r"False is a boolean, not a number\.$"):  # fmt: skip
        evaluate(QRELS, {"q1": {"d1": False}}, "RR")
    qrels = pd.DataFrame({"query_id": ["q", "q"], "doc_id": ["a", "b"], "relevance": [True, False]})
    with pytest.raises(InputError, match=r"^The qrels DataFrame, row 0: the relevance grade "
                       r"True is a boolean, not a number\.$"):  # fmt: skip
        evaluate(qrels, RUN, "RR")


def test_text_grades_are_read_as_the_trec_reader_reads_them(tmp_path):
    # q: a (grade 2) at rank 2, b (grade 1) at rank 1. nDCG@2 = (1/log2 2 + 2/log2 3) /
    # (2/log2 2 + 1/log2 3); the same whether the grades are numbers, text, or a file's text
    by_hand = {"nDCG@2": (1 + 2 / math.log2(3)) / (2 + 1 / math.log2(3))}
    run = {"q": {"b": 2.0, "a": 1.0}}
    (tmp_path / "qrels.txt").write_text("q 0 a 2\nq 0 b 1e0\n")
    (tmp_path / "qrels.csv").write_text("qid,docno,rel\nq,a, 2\nq,b,1\t\n")  # spaces ignored
    files = (tmp_path / "qrels.txt", tmp_path / "qrels.csv")
    texts = ({"q": {"a": "2", "b": "1e0"}}, {"q": {"a": " 2", "b": "1\t"}})
    for qrels in ({"q": {"a": 2, "b": 1}}, *texts, *files):
        assert evaluate(qrels, run, "nDCG@2") == pytest.approx(by_hand, abs=1e-15)
    assert evaluate({"q": {"a": "+2.0", "b": ".5"}}, {"q": {"a": "0.5", "b": "1"}}, "RR") == {
        "RR": 1 / 2  # b (score 1) first, a (score 0.5, the relevant one: grade 2) second
    }


@pytest.mark.parametrize("text", ["0x1", "1_000", "\u0662", "two"])
def test_text_the_trec_reader_refuses_is_refused_in_a_dict_too(tmp_path, text):
    (tmp_path / "qrels.txt").write_text(f"q 0 a {text}\n")
    with pytest.raises(TrecFormatError, match=r"line 1: the relevance grade .* is not a number"):
        evaluate(tmp_path / "qrels.txt", RUN, "RR")
    with pytest.raises(InputError, match=rf"document 'a': the relevance grade {text!r} is not a "
                       r"finite number\.$"):  # fmt: skip
        evaluate({"q": {"a": text}}, RUN, "RR")


def test_whole_number_ids_are_their_decimal_text_on_both_sides():
    # q 1: doc 7 (grade 1) at rank 2 behind doc 8 (not judged): RR = 1/2; q 2: doc 9 (grade 1)
    # at rank 1: RR = 1. Written as floats, integers or text, the ids are "1", "2", "7", ...
    run = {"1": {"8": 2.0, "7": 1.0}, "2": {"9": 1.0}}
    by_hand = {"RR": (1 / 2 + 1) / 2}
    floats = pd.DataFrame({"query_id": [1.0, 2.0], "doc_id": [7.0, 9.0], "relevance": [1, 1]})
    integers = pd.DataFrame({"q_id": [1, 2], "doc_id": [7, 9], "score": [1, 1]})
    mixed = {1: {7.0: 1}, np.float32(2): {np.int64(9): 1}}
    for qrels in (floats, integers, mixed):
        with warnings.catch_warnings():
            warnings.simplefilter("error")  # no query missed, none ignored
            assert evaluate(qrels, run, "RR") == pytest.approx(by_hand, abs=1e-15)
            table = evaluate(qrels, run, "RR", per_query=True)
        assert table["query_id"].tolist() == ["1", "2"]
    # the run's float ids too; a float that is not whole keeps its decimals
    run_floats = pd.DataFrame({"q_id": [1.0, 1.0, 2.0], "doc_id": ["8", "7", "9"],
                               "score": [2.0, 1.0, 1.0]})  # fmt: skip
    assert evaluate({"1": {"7": 1}, "2": {"9": 1}}, run_floats, "RR") == by_hand
    assert evaluate({"1.5": {"a": 1}}, {1.5: {"a": 1.0}}, "RR") == {"RR": 1.0}


def test_no_query_of_the_run_in_the_qrels_is_an_error_showing_both_sides(tmp_path):
    # a file's ids are its text: "1.0" is not the qrels' 1 (which is "1")
    (tmp_path / "run.txt").write_text("1.0 Q0 a 1 2.0 t\n2.0 Q0 a 1 2.0 t\n")
    qrels = {1: {"a": 1}, 2: {"a": 1}, 3: {"a": 1}, 4: {"a": 1}}
    with pytest.raises(InputError) as error:
        evaluate(qrels, tmp_path / "run.txt", "P@2")
    assert str(error.value) == (
        "No query of the run is in the qrels (the qrels' query ids: '1', '2', '3', ...; the "
        "run's: '1.0', '2.0'). Ids are compared as text: check that both write them alike."
    )
    # above 2**53 a float is not exact: it keeps str()'s text, so it does not meet the integer
    with pytest.raises(InputError, match=r"the run's: '9007199254740992.0'\)"):
        evaluate({"9007199254740992": {"a": 1}}, {2.0**53: {"a": 1.0}}, "P@2")


def test_an_empty_run_still_scores_every_query_zero():
    # no query meets, but the run has none at all: a system that found nothing (missing="zero")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        assert evaluate(QRELS, {}, "RR") == {"RR": 0.0}
