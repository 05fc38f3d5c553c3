"""rankwork.collection.batch.data_line: the file line of a DataFrame row that a BatchError blames
(blank and comment lines skipped, a header line counted), for the CLI and the Evaluate page."""

from __future__ import annotations

import pytest

from rankwork.collection.batch import data_line


@pytest.mark.parametrize(
    ("data", "row", "rows", "line"),
    [
        (b"q 0 d 1\nq 0 e 1\n", 1, 2, 2),
        (b"# c\n\nq 0 d 1\r\nq 0 e 1\r\n", 1, 2, 4),  # comments and blank lines skipped
        (b"qid,docno,rel\nq,d,1\nq,e,1\n", 0, 2, 2),  # a header line comes first
        (b"q 0 d 1\n", 5, 1, None),
    ],
)
def test_data_line(data: bytes, row: int, rows: int, line) -> None:
    assert data_line(data, row, rows) == line
