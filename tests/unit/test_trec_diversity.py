"""rankwork.collection.trec and diversity qrels (ndeval's `topic subtopic docno judgment`): the
recognition rule (the second column takes more than one value within some query), the
`subtopics` argument, repeated lines, CSV/TSV, writing and reading back."""

from __future__ import annotations

import io

import pandas as pd
import pytest

from rankwork.collection.trec import TrecFormatError, is_diversity, read_qrels
from rankwork.collection.trec_write import write_qrels

DIVERSE = b"1 1 a 1\n1 2 a 0\n1 2 b 2\n2 1 c 1\n"


def test_auto_reads_a_diversity_qrels_with_its_subtopic_column() -> None:
    got = read_qrels(DIVERSE, subtopics=None)
    assert list(got.columns) == ["qid", "docno", "rel", "subtopic"]
    assert got.values.tolist() == [
        ["1", "a", 1.0, "1"],
        ["1", "a", 0.0, "2"],
        ["1", "b", 2.0, "2"],
        ["2", "c", 1.0, "1"],
    ]
    assert is_diversity(got)


def test_auto_reads_a_constant_second_column_as_an_ordinary_qrels() -> None:
    plain = b"1 0 a 1\n1 0 b 0\n2 Q0 c 1\n"  # constant within each query
    auto = read_qrels(plain, subtopics=None)
    pd.testing.assert_frame_equal(auto, read_qrels(plain))
    assert list(auto.columns) == ["qid", "docno", "rel"]


def test_the_default_reads_an_ordinary_qrels_and_refuses_a_repeated_document() -> None:
    with pytest.raises(TrecFormatError) as error:
        read_qrels(DIVERSE, name="d.txt")
    assert error.value.line == 2 and "judged twice for query '1' (lines 1 and 2)" in str(
        error.value
    )


def test_subtopics_true_reads_one_subtopic_queries() -> None:
    got = read_qrels(b"1 7 a 1\n2 3 b 0\n", subtopics=True)
    assert got["subtopic"].tolist() == ["7", "3"] and not is_diversity(got)


@pytest.mark.parametrize("subtopics", [None, True])
def test_a_repeated_judgment_names_both_lines(subtopics) -> None:
    with pytest.raises(TrecFormatError) as error:
        read_qrels(DIVERSE + b"1 2 b 0\n", name="d.txt", subtopics=subtopics)
    assert error.value.line == 5
    assert "document 'b' is judged twice for query '1' and subtopic '2' (lines 3 and 5)" in str(
        error.value
    )


def test_auto_reports_a_bad_line_as_an_ordinary_qrels_would() -> None:
    with pytest.raises(TrecFormatError) as error:
        read_qrels(b"1 0 a 1\n1 0 b\n", name="q.txt", subtopics=None)
    assert str(error.value).startswith("q.txt, line 2: found 3 columns")
    assert "qid iter docno rel" in str(error.value)


def test_auto_names_the_bad_line_of_a_diversity_qrels() -> None:
    # lines 1-2 judge a on two subtopics (legitimate); line 3 has 3 fields: it is to blame,
    # not the "repeat" of a that an ordinary reading would see on line 2
    with pytest.raises(TrecFormatError) as error:
        read_qrels(b"1 1 a 1\n1 2 a 0\n1 2 b\n", name="d.txt", subtopics=None)
    assert str(error.value).startswith("d.txt, line 3: found 3 columns")


def test_csv_with_a_subtopic_column_and_a_file_object() -> None:
    text = b"topic,subtopic,docno,judgment\n1,x,a,1\n1,y,a,0\n"
    got = read_qrels(io.BytesIO(text), name="d.csv", subtopics=None)
    assert got["subtopic"].tolist() == ["x", "y"]
    plain = read_qrels(io.BytesIO(b"qid,docno,rel\n1,a,1\n"), name="p.csv", subtopics=None)
    assert list(plain.columns) == ["qid", "docno", "rel"]


def test_written_and_read_back() -> None:
    got = read_qrels(DIVERSE, subtopics=None)
    assert write_qrels(got).encode() == DIVERSE
    with pytest.raises(ValueError, match="twice for query '1' and subtopic '2'"):
        write_qrels(pd.concat([got, got.iloc[[2]]]))
