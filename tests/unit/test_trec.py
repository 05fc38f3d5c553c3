"""rankwork.collection.trec: reading and writing TREC qrels and runs (and CSV/TSV with named
columns).

Expected values are the text of the input itself (quoted in the test) or come from a plain
line-by-line reader written here, independently of rankwork.collection.trec, that applies
trec_eval's rules.
"""

from __future__ import annotations

import io
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from rankwork.collection import trec_format, trec_problems
from rankwork.collection.trec import TrecFormatError, read_qrels, read_run
from rankwork.collection.trec_format import DEFAULT_TAG
from rankwork.collection.trec_write import write_qrels, write_run

REPO = Path(__file__).resolve().parents[2]
# CI clones the repository into some folder and puts a copy of shared/ beside the clone.
CONFORMANCE = REPO.parent / "shared" / "conformance" / "trec_eval"

STR = pd.Series(["x"]).dtype  # pandas' default string dtype


def conformance(name: str) -> Path:
    path = CONFORMANCE / name
    if not path.exists():
        pytest.skip(f"trec_eval's test files are not at {CONFORMANCE} (shared/ beside the clone)")
    return path


def reference_read(path: Path, kind: str) -> pd.DataFrame:
    """trec_eval's rules, one line at a time: '#' in column 0 is a comment, blank lines are
    skipped, fields split at whitespace, run columns after the sixth ignored."""
    rows = []
    for line in path.read_text().splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        fields = line.split()
        if kind == "qrels":
            qid, _, docno, rel = fields
            rows.append((qid, docno, float(rel)))
        else:
            qid, _, docno, rank, score, tag = fields[:6]
            rows.append((qid, docno, float(score), int(rank), tag))
    columns = (
        ["qid", "docno", "rel"] if kind == "qrels" else ["qid", "docno", "score", "rank", "tag"]
    )
    frame = pd.DataFrame(rows, columns=columns)
    return frame.astype({"qid": STR, "docno": STR} | ({"tag": STR} if kind == "run" else {}))


def run_frame(rows: list[tuple]) -> pd.DataFrame:
    frame = pd.DataFrame(rows, columns=["qid", "docno", "score", "rank", "tag"])
    return frame.astype({"qid": STR, "docno": STR, "score": "float64", "rank": "int64", "tag": STR})


def qrels_frame(rows: list[tuple]) -> pd.DataFrame:
    frame = pd.DataFrame(rows, columns=["qid", "docno", "rel"])
    return frame.astype({"qid": STR, "docno": STR, "rel": "float64"})


@pytest.fixture(params=["line scan", "vectorised"])
def search(request, monkeypatch):
    """Run a test with both ways of finding the first bad line: the line-by-line scan of the
    first lines, and, with that scan switched off, the vectorised search."""
    if request.param == "vectorised":
        monkeypatch.setattr(trec_problems, "_QUICK_SCAN_LINES", 0)


def error(reader, content, name="f.txt") -> TrecFormatError:
    with pytest.raises(TrecFormatError) as info:
        reader(content, name=name)
    return info.value


# ------------------------------------------------------------------ trec_eval's own test files


def test_qrels_with_comments_equal_qrels_except_comments():
    plain = read_qrels(conformance("qrels.test"))
    commented = read_qrels(conformance("qrels.test.with-comments"))
    # README: 3,681 judgments; the commented copy adds 4 comment lines and writes one docno
    # as CR#93E-1860 ('#' not in column 0, so part of the docno).
    assert len(plain) == len(commented) == 3681
    assert plain.loc[4, "docno"] == "CR93E-1860"
    assert commented.loc[4, "docno"] == "CR#93E-1860"
    commented.loc[4, "docno"] = "CR93E-1860"
    pd.testing.assert_frame_equal(plain, commented)


@pytest.mark.parametrize(
    "name",
    [
        "qrels.test",
        "qrels.test.with-comments",
        "qrels.rel_level",
        "qrels.comment.test",
        "qrels-302.test",
    ],
)
def test_conformance_qrels_match_a_line_by_line_reader(name):
    path = conformance(name)
    pd.testing.assert_frame_equal(read_qrels(path), reference_read(path, "qrels"))


@pytest.mark.parametrize(
    "name", ["results.test", "results.trunc", "results.comment.test", "results-302.test"]
)
def test_conformance_runs_match_a_line_by_line_reader(name):
    path = conformance(name)
    pd.testing.assert_frame_equal(read_run(path), reference_read(path, "run"))


def test_results_test_tab_and_space_separated():
    run = read_run(conformance("results.test"))
    # README: 3 topics x 500 documents.
    # First line: "301\tQ0\tFR940202-2-00150\t104\t  2.129133\tSTANDARD"
    assert len(run) == 1500
    assert run.iloc[0].tolist() == ["301", "FR940202-2-00150", 2.129133, 104, "STANDARD"]
    assert list(run.dtypes) == [STR, STR, np.float64, np.int64, STR]


def test_results_trunc_ignores_junk_columns():
    path = conformance("results.trunc")
    run = read_run(path)
    assert len(run) == len(path.read_text().splitlines())
    # line 1: "301\tQ0\tFBIS3-27619\t99\t  2.138276\tSTANDARD more junk at"
    assert run.iloc[0].tolist() == ["301", "FBIS3-27619", 2.138276, 99, "STANDARD"]
    assert set(run["tag"]) == {"STANDARD"}


def test_hash_inside_docnos_of_the_msmarco_files():
    qrels = read_qrels(conformance("qrels.comment.test"))
    run = read_run(conformance("results.comment.test"))
    # first lines: "2024-127266 0 msmarco_v2.1_doc_00_880019750#4_1633802806 1" and
    # "2024-224960 Q0 msmarco_v2.1_doc_50_2286987788#13_3087841662 1 0.7 comment.test"
    assert qrels.iloc[0].tolist() == [
        "2024-127266",
        "msmarco_v2.1_doc_00_880019750#4_1633802806",
        1.0,
    ]
    assert run.iloc[0].tolist() == [
        "2024-224960",
        "msmarco_v2.1_doc_50_2286987788#13_3087841662",
        0.7,
        1,
        "comment.test",
    ]
    assert (len(qrels), len(run)) == (5890, 30100)  # wc -l of the two files (no comment lines)


def test_judgment_groups_are_duplicates_in_plain_qrels(search):
    # qrels.123 holds three judgment groups (iter 0, 1, 2) for trec_eval's -R qrels_jg; read as
    # plain qrels, line 3682 "301 1 CR93E-10279 0" judges line 1's document again.
    err = error(read_qrels, conformance("qrels.123"), name="qrels.123")
    assert err.line == 3682
    assert "'CR93E-10279'" in str(err) and "'301'" in str(err) and "lines 1 and 3682" in str(err)


# ---------------------------------------------------------------------------- TREC whitespace


def test_any_whitespace_blank_lines_and_line_endings():
    tidy = b"1 Q0 a 1 3.5 t\n1 Q0 b 2 2 t\n2 Q0 a 1 -1e-3 t\n"
    messy = b"\r\n  1\tQ0  a \t1\t3.5   t  \r\n \t \r\n\n1 Q0 b 2 2.0 t\n2 Q0 a 1 -0.001 t"
    expected = run_frame(
        [("1", "a", 3.5, 1, "t"), ("1", "b", 2.0, 2, "t"), ("2", "a", -0.001, 1, "t")]
    )
    pd.testing.assert_frame_equal(read_run(tidy), expected)
    pd.testing.assert_frame_equal(read_run(messy), expected)


def test_only_a_hash_in_column_zero_starts_a_comment(search):
    content = b"# header comment\n301 0 CR#93E-1860 1\n#301 0 X 1\n301 0 Y# 0\n"
    assert read_qrels(content)["docno"].tolist() == ["CR#93E-1860", "Y#"]
    # An indented '#' is data: the line then has 3 fields.
    err = error(read_qrels, b"301 0 A 1\n  # indented\n")
    assert (err.line, "found 2 columns" in err.problem) == (2, True)


def test_lone_carriage_returns_end_lines(search):
    content = b"1 0 a 1\r# comment\r1 0 b 0\r"
    pd.testing.assert_frame_equal(
        read_qrels(content), qrels_frame([("1", "a", 1.0), ("1", "b", 0.0)])
    )
    assert error(read_qrels, b"1 0 a 1\r# comment\r1 0 b\r").line == 3


def test_ids_are_kept_as_written():
    qrels = read_qrels(b"007 0 0001 1\n1e5 0 NA 2\n007 0 null -1\n007 0 nan 0.5\n")
    assert qrels["qid"].tolist() == ["007", "1e5", "007", "007"]
    assert qrels["docno"].tolist() == ["0001", "NA", "null", "nan"]
    # negative (judged-unjudged in trec_eval) and fractional grades are kept
    assert qrels["rel"].tolist() == [1.0, 2.0, -1.0, 0.5]
    assert list(qrels.dtypes) == [STR, STR, np.float64]
    assert isinstance(qrels.index, pd.RangeIndex)


def test_file_order_is_kept_and_rank_is_not_used_for_order():
    run = read_run(b"2 Q0 b 7 0.1 x\n1 Q0 a 3 0.9 x\n2 Q0 a 1 0.5 x\n")
    assert run["qid"].tolist() == ["2", "1", "2"]
    assert run["rank"].tolist() == [7, 3, 1]


def test_sources_path_str_bytes_and_file_objects(tmp_path):
    text = "1 0 a 1\n1 0 b 0\n"
    expected = qrels_frame([("1", "a", 1.0), ("1", "b", 0.0)])
    path = tmp_path / "q.txt"
    path.write_text(text)
    binary = io.BytesIO(text.encode())
    binary.name = "upload.txt"
    with path.open() as handle:
        from_handle = read_qrels(handle)
    for frame in [
        read_qrels(path),
        read_qrels(str(path)),
        read_qrels(text.encode()),
        read_qrels(text),
        read_qrels(binary),
        read_qrels(io.StringIO(text)),
        from_handle,
    ]:
        pd.testing.assert_frame_equal(frame, expected)


def test_the_name_in_messages_comes_from_the_source(tmp_path):
    path = tmp_path / "bad.qrels"
    path.write_text("1 0 a\n")
    assert str(error(read_qrels, path, name=None)).startswith(f"{path}, line 1: ")
    upload = io.BytesIO(b"1 0 a\n")
    upload.name = "mine.txt"
    assert str(error(read_qrels, upload, name=None)).startswith("mine.txt, line 1: ")
    assert str(error(read_qrels, b"1 0 a\n", name=None)).startswith("qrels input, line 1: ")
    assert str(error(read_run, b"1 Q0 a\n", name=None)).startswith("run input, line 1: ")


def test_unsupported_source_type():
    with pytest.raises(TypeError, match="got int"):
        read_run(42)


# ------------------------------------------------------------------------------------- errors


def test_error_is_a_value_error_with_its_parts():
    err = error(read_qrels, b"1 0 a 1\n1 0 b\n", name="q.txt")
    assert isinstance(err, ValueError)
    assert (err.file, err.line) == ("q.txt", 2)
    assert str(err) == f"q.txt, line 2: {err.problem}"


@pytest.mark.parametrize(
    "content, line, words",
    [
        (b"1 0 a 1\n1 0 b\n", 2, "found 3 columns, but a TREC qrels line needs exactly 4"),
        (b"1 0 a 1 extra\n", 1, "found 5 columns, but a TREC qrels line needs exactly 4"),
        (b"1 0 a 1\n1 0 b 1 x\n", 2, "found 5 columns"),
        (b"1 0 a 1 7\n1 0 b 1 7\n", 1, "found 5 columns"),
        (b"1 0 a high\n", 1, "the relevance grade 'high' is not a number"),
        (b"1 0 a 1\n1 0 b inf\n", 2, "the relevance grade 'inf' is not a finite number"),
        (b"1 0 a NaN\n", 1, "the relevance grade 'NaN' is not a finite number"),
        (
            b"1 0 a 1\n\n# c\n1 0 a 0\n",
            4,
            "document 'a' is judged twice for query '1' (lines 1 and 4)",
        ),
    ],
)
def test_qrels_errors(content, line, words, search):
    err = error(read_qrels, content)
    assert err.line == line
    assert words in err.problem


@pytest.mark.parametrize(
    "content, line, words",
    [
        (b"1 Q0 a 1 2 t\n1 Q0 b 2 1\n", 2, "found 5 columns, but a TREC run line needs at least 6"),
        (b"1 Q0 a 1 2\n", 1, "found 5 columns"),
        (b"1 Q0 a\n", 1, "found 3 columns"),
        (b"1 Q0 a 1 high t\n", 1, "the score 'high' is not a number"),
        (b"1 Q0 a 1 1,5 t\n", 1, "the score '1,5' is not a number"),
        (b"1 Q0 a 1 2 t\n1 Q0 b 2 -inf t\n", 2, "the score '-inf' is not a finite number"),
        (b"1 Q0 a 1 nan t\n", 1, "the score 'nan' is not a finite number"),
        (b"1 Q0 a 1 1e999 t\n", 1, "the score '1e999' is not a finite number"),
        (b"1 Q0 a 0.93 1 t\n", 1, "the rank '0.93' is not a whole number"),
        (b"1 Q0 a x 1 t\n", 1, "the rank 'x' is not a number"),
        (b"1 Q0 a 99999999999999999999 1 t\n", 1, "the rank '99999999999999999999' is not a whole"),
        (
            b"1 Q0 a 1 3 t\n2 Q0 a 1 3 t\n1 Q0 b 2 2 t\n1 Q0 a 3 1 t\n",
            4,
            "document 'a' appears twice for query '1' (lines 1 and 4)",
        ),
        (b"1 Q0 a 1 3 t\n1 Q0 b 2 2 t\xff\n", 2, "not UTF-8 text (byte 0xff at column 13)"),
    ],
)
def test_run_errors(content, line, words, search):
    err = error(read_run, content)
    assert err.line == line
    assert words in err.problem


def test_a_problem_no_line_explains_still_gives_a_format_error(monkeypatch):
    # If the line checks ever disagreed with the parser, the reader must still raise a
    # TrecFormatError for the file, not a pandas error.
    monkeypatch.setattr(trec_problems, "scan", lambda *args, **kwargs: None)
    monkeypatch.setattr(
        trec_problems, "_raise_at_first_flagged_row", lambda data, table, layout, name: None
    )
    for content in [b"1 Q0 a 1 x t\n", b"1 Q0 a 1 2 t\n1 Q0 a 2 1 t\n"]:
        err = error(read_run, content)
        assert (err.line, err.problem) == (
            None,
            "the file could not be read, but no single line could be blamed",
        )


@pytest.mark.parametrize(
    "reader, content, line, words",
    [
        (read_run, b"# c\n\n1 Q0 a\xff 1 2 t\n", 3, "not UTF-8 text (byte 0xff at column 7)"),
        (read_run, b"1 Q0 a 1 x t\n1 Q0 b\xff 2 1 t\n", 1, "the score 'x' is not a number"),
        (read_run, b"1 Q0 a 1 2 t\n1 Q0 a 2 1 t\n1 Q0 \xe9 3 0 t\n", 2, "appears twice"),
        (read_qrels, b"1 0 a 1 5\n1 0 \xe9 1\n", 1, "found 5 columns"),
        (read_qrels, b"1 0 a 1\n1 0 b\xe2\x82\n", 2, "(byte 0xe2 at column 6)"),
    ],
)
def test_text_that_is_not_utf8(reader, content, line, words, search):
    err = error(reader, content)
    assert err.line == line
    assert words in err.problem


def test_comments_may_hold_any_bytes():
    assert read_run(b"# caf\xe9\n1 Q0 a 1 2 t\n")["docno"].tolist() == ["a"]


def test_the_first_problem_in_file_order_is_reported(search):
    # line 2 repeats a document, line 3 has a bad score: line 2 is reported
    err = error(read_run, b"1 Q0 a 1 3 t\n1 Q0 a 2 2 t\n1 Q0 b 3 oops t\n")
    assert err.line == 2 and "appears twice" in err.problem
    err = error(read_run, b"1 Q0 a 1 3 t\n1 Q0 b 2 oops t\n1 Q0 a 3 2 t\n")
    assert err.line == 2 and "'oops'" in err.problem


@pytest.mark.parametrize("content", [b"", b"\n\n  \t\n", b"# only\n# comments\n", "   \n"])
def test_empty_files(content):
    for reader in (read_qrels, read_run):
        err = error(reader, content)
        assert err.line is None
        assert err.problem.startswith("the file has no data lines")


DEFECTS = {
    "short line": lambda line, first: line.rsplit(" ", 1)[0],
    "junk after the sixth column (fine)": lambda line, first: line.replace(" tag", " tag junk"),
    "extra field shifts the score into the rank": lambda line, first: line.replace(
        " Q0 ", " Q0 X "
    ),
    "infinite score": lambda line, first: line.rsplit(" ", 2)[0] + " inf tag",
    "bad score": lambda line, first: line.rsplit(" ", 2)[0] + " x1 tag",
    "bad rank": lambda line, first: " ".join(
        "2.5" if i == 3 else field for i, field in enumerate(line.split())
    ),
    "repeat of line 1": lambda line, first: first,
}


@pytest.mark.parametrize("defect", DEFECTS)
@pytest.mark.parametrize("seed", range(2))
def test_injected_defect_is_found_on_its_line(defect, seed, search):
    """One defect at a random line of a valid run with comments and blank lines is reported at
    that line, and the vectorised search gives the message the line-by-line scan gives."""
    at = int(np.random.default_rng(seed).integers(1, 200))
    lines = [f"{q} Q0 D{d} {d + 1} {1.0 / (d + 1)!r} tag" for q in range(5) for d in range(40)]
    lines[at] = DEFECTS[defect](lines[at], lines[0])
    extra = {3: "# a comment", 10: "", 17: "   "}  # inserted before these indexes
    text = "\n".join(
        line for i, own in enumerate(lines) for line in ([extra[i]] if i in extra else []) + [own]
    )
    if defect.endswith("(fine)"):
        assert len(read_run(text)) == len(lines)
        return
    err = error(read_run, text)
    assert err.line == at + 1 + sum(1 for i in extra if i <= at)
    with pytest.raises(TrecFormatError) as scanned:
        trec_problems.scan(text.encode(), trec_format.TREC_LAYOUTS["run"], "f.txt")
    assert str(scanned.value) == str(err)


def test_errors_after_crlf_and_blank_lines(search):
    content = b"1 Q0 a 1 2 t\r\n \t\r\n\r\n# c\r\n1 Q0 b 2 1 t\r\n1 Q0 a 3 0.5 t\r\n"
    err = error(read_run, content)
    assert (err.line, "(lines 1 and 6)" in err.problem) == (6, True)
    err = error(read_qrels, b"1 0 a 1\r\n\r\n1 0 b x\r\n")
    assert (err.line, err.problem) == (3, "the relevance grade 'x' is not a number")


# ---------------------------------------------------------------------------------- CSV / TSV


def test_csv_with_aliases_and_ignored_columns():
    content = "Query_ID,iter,doc_id,relevance,comment\n301,0,D1,2,good\n301,0,D2,0,\n"
    expected = qrels_frame([("301", "D1", 2.0), ("301", "D2", 0.0)])
    pd.testing.assert_frame_equal(read_qrels(content, name="q.csv"), expected)
    # no extension: recognised from the header line
    pd.testing.assert_frame_equal(read_qrels(content), expected)


def test_tsv_and_whitespace_header():
    expected = qrels_frame([("1", "a b", 1.0)])
    pd.testing.assert_frame_equal(
        read_qrels("qid\tdocno\tgrade\n1\ta b\t1\n", name="q.tsv"), expected
    )
    expected = qrels_frame([("1", "a", 1.0)])
    pd.testing.assert_frame_equal(read_qrels("# c\n\ntopic  docid label\n1 a 1\n"), expected)


def test_csv_quoting():
    run = read_run('qid,docno,score\n1,"a,b",2\n', name="r.csv")
    assert run["docno"].tolist() == ["a,b"]


def test_csv_run_without_rank_and_tag():
    # trec_eval order: score descending, ties by docno descending, so within query 1:
    # c (5) first, then b and a tie at 3 with b > a, so b second, a third.
    run = read_run("qid,docno,score\n1,a,3\n1,b,3\n2,z,1\n1,c,5\n", name="r.csv")
    expected = run_frame(
        [
            ("1", "a", 3.0, 3, DEFAULT_TAG),
            ("1", "b", 3.0, 2, DEFAULT_TAG),
            ("2", "z", 1.0, 1, DEFAULT_TAG),
        ]
        + [("1", "c", 5.0, 1, DEFAULT_TAG)]
    )
    pd.testing.assert_frame_equal(run, expected)


def test_csv_run_with_rank_and_tag():
    run = read_run("tag,qid,docno,score,rank\nbm25,1,a,3,1\n", name="r.csv")
    pd.testing.assert_frame_equal(run, run_frame([("1", "a", 3.0, 1, "bm25")]))


@pytest.mark.parametrize(
    "content, line, words",
    [
        ("a,b,c\n1,2,3\n", 1, "no column for the query id (qid, query_id, topic, topic_id)"),
        ("qid,docno\n1,2\n", 1, "no column for the score (score). Columns found: 'qid', 'docno'"),
        ("qid,query_id,docno,score\n", 1, "columns 'qid' and 'query_id' both give the query id"),
        ("qid,docno,score\n", 1, "the file has a header line but no data lines"),
        ("qid,docno,score\n1,a,2\n1,,3\n", 3, "the document id is empty"),
        ("qid,docno,score\n1,a,2\n1,b\n", 3, "found 2 fields, so the column 'score' has no value"),
        (
            "qid,docno,score\n1,a,2\n1,b,3,4\n",
            3,
            "found 4 fields, but the header line names 3 columns",
        ),
        ("qid,docno,score\n1,a,2,4\n", 2, "found 4 fields, but the header line names 3 columns"),
        ("qid,docno,score\n1,a,\n", 2, "the score is empty"),
        ("qid,docno,score\n1,a,x\n", 2, "the score 'x' is not a number"),
        (
            "# c\nqid,docno,score\n1,a,2\n\n1,a,1\n",
            5,
            "appears twice for query '1' (lines 3 and 5)",
        ),
    ],
)
def test_csv_errors(content, line, words):
    err = error(read_run, content, name="r.csv")
    assert err.line == line
    assert words in err.problem


def test_csv_extension_without_header():
    err = error(read_qrels, "1,0,a,1\n", name="q.csv")
    assert err.line == 1
    assert "needs a header line naming its columns" in err.problem


# ------------------------------------------------------------------------------------ writing


def test_write_run_round_trip_is_exact(tmp_path):
    rng = np.random.default_rng(7)
    scores = rng.standard_normal(500) * 10.0 ** rng.integers(-12, 12, 500)
    run = run_frame([(str(i % 7), f"d{i}", s, i + 1, "t") for i, s in enumerate(scores.tolist())])
    path = tmp_path / "run.txt"
    assert write_run(run, path) is None
    pd.testing.assert_frame_equal(read_run(path), run)
    pd.testing.assert_frame_equal(read_run(write_run(run)), run)


def test_write_run_text():
    run = run_frame([("301", "D1", 2.5, 1, "bm25"), ("301", "D2", 0.1, 2, "bm25")])
    assert write_run(run) == "301 Q0 D1 1 2.5 bm25\n301 Q0 D2 2 0.1 bm25\n"
    buffer = io.StringIO()
    write_run(run, buffer)
    assert buffer.getvalue() == "301 Q0 D1 1 2.5 bm25\n301 Q0 D2 2 0.1 bm25\n"


def test_write_run_fills_rank_and_tag():
    run = pd.DataFrame({"qid": [1, 1, 1], "docno": ["a", "b", "c"], "score": [1.0, 2.0, 1.0]})
    # ranks: b (2.0) first, then the tie a/c broken by docno descending: c, then a
    assert (
        write_run(run)
        == f"1 Q0 a 3 1.0 {DEFAULT_TAG}\n1 Q0 b 1 2.0 {DEFAULT_TAG}\n1 Q0 c 2 1.0 {DEFAULT_TAG}\n"
    )


def test_write_qrels_text_and_round_trip():
    qrels = qrels_frame([("301", "D1", 2.0), ("301", "D2", -1.0)])
    assert write_qrels(qrels) == "301 0 D1 2\n301 0 D2 -1\n"
    fractional = qrels_frame([("1", "a", 0.5), ("1", "b", 1.0)])
    assert write_qrels(fractional) == "1 0 a 0.5\n1 0 b 1.0\n"
    pd.testing.assert_frame_equal(read_qrels(write_qrels(fractional)), fractional)


@pytest.mark.parametrize(
    "frame, words",
    [
        (pd.DataFrame({"qid": ["1"], "docno": ["a"]}), "missing column(s) score"),
        (
            pd.DataFrame({"qid": ["1"], "docno": ["a b"], "score": [1.0]}),
            "the docno 'a b' is empty or contains",
        ),
        (pd.DataFrame({"qid": [""], "docno": ["a"], "score": [1.0]}), "the qid '' is empty"),
        (pd.DataFrame({"qid": ["1"], "docno": ["a"], "score": [np.inf]}), "NaN or infinite"),
        (
            pd.DataFrame({"qid": ["1", "1"], "docno": ["a", "a"], "score": [1.0, 2.0]}),
            "'a' appears twice",
        ),
    ],
)
def test_write_run_refuses_what_would_not_read_back(frame, words):
    with pytest.raises(ValueError) as info:
        write_run(frame)
    assert words in str(info.value)


def test_write_qrels_refuses_non_finite_grades():
    with pytest.raises(ValueError, match="NaN or infinite"):
        write_qrels(pd.DataFrame({"qid": ["1"], "docno": ["a"], "rel": [np.nan]}))
