"""rankwork.collection.groups: reading qid -> group files (with and without a header, any separator)
with errors that name the file and line, and every measure per group."""

from __future__ import annotations

import pandas as pd
import pytest

from rankwork.collection.groups import NO_GROUP, per_group_means, read_groups
from rankwork.collection.trec import TrecFormatError
from rankwork.stats.stats import per_group


@pytest.mark.parametrize(
    "text",
    [
        b"qid,group\n1,nav\n2,info\n",
        b"1,nav\n2,info\n",
        b"query_id\tcategory\n1\tnav\n2\tinfo\n",
        b"# comment\n\n1 nav\n2   info\n",
        b"\xef\xbb\xbfgroup,qid\nnav,1\ninfo,2\n",
        b"topic,size,group\n1,3,nav\n2,4,info\n",
    ],
)
def test_read_groups_forms(text: bytes) -> None:
    assert read_groups(text, name="g.csv") == {"1": "nav", "2": "info"}


def test_read_groups_from_a_path(tmp_path) -> None:
    path = tmp_path / "groups.csv"
    path.write_text("qid,group\n7,x\n")
    assert read_groups(path) == {"7": "x"}


@pytest.mark.parametrize(
    ("text", "line", "problem"),
    [
        (b"qid,group\n1,nav\n2\n", 3, "expected 2 fields (a query id and a group), found 1"),
        (b"301 Q0 D1 1 2.5 run\n", 1, "found 6 (is this a run or a qrels file?)"),
        (b"qid,group,size\n1,a,3\n2,b\n", 3, "expected 3 fields (the header), found 2"),
        (b"1,nav\n1,info\n", 2, "query 1 is put in group 'info' here but in 'nav' on line 1"),
        (b"1,nav\n,info\n", 2, "empty"),
        (b"qid,group\n", None, "header line but no data lines"),
        (b"\n# only a comment\n", None, "no data lines"),
        (b"1,nav\n2,\xff\n", 2, "not UTF-8"),
        (b"name,group\n1,x\n", 1, "no query column"),
    ],
)
def test_read_groups_errors(text: bytes, line, problem: str) -> None:
    with pytest.raises(TrecFormatError) as error:
        read_groups(text, name="groups.csv")
    assert error.value.file == "groups.csv"
    assert error.value.line == line
    assert problem in error.value.problem


def test_per_group_means_uses_stats_per_group_and_names_the_ungrouped() -> None:
    table = pd.DataFrame(
        {"m": [0.1, 0.5, 0.3, 0.9]}, index=pd.Index(["1", "2", "3", "4"], name="qid")
    )
    groups = {"1": "a", "2": "a", "3": "b"}
    found, ungrouped = per_group_means({"run": table}, groups, resamples=500)
    assert ungrouped == ["4"]
    assert list(found.columns) == ["run", "measure", "group", "n", "mean", "low", "high"]
    expected = per_group(table["m"], {**groups, "4": NO_GROUP}, resamples=500)
    pd.testing.assert_frame_equal(
        found.drop(columns=["run", "measure"]), expected, check_dtype=False
    )
