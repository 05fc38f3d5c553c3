"""Swapping two documents of the Playground's table (ui/shared/swap.py), and reading the clicked
cell."""

from __future__ import annotations

from ui.playground.inputs import ranking_frame
from ui.shared.swap import selected_pair, swap_documents


def test_without_scores_the_rows_trade_places():
    table = ranking_frame([3, 0, 2], ["a", "b", "c"])
    out = swap_documents(table, "a", "c")
    assert out["doc"].tolist() == ["c", "b", "a"]
    assert out["grade"].tolist() == ["2", "0", "3"]
    assert table["doc"].tolist() == ["a", "b", "c"]  # the input is not changed


def test_with_scores_the_documents_trade_scores():
    table = ranking_frame([3, 0, 2], ["a", "b", "c"], scores=[0.9, 0.5, 0.1])
    out = swap_documents(table, "a", "b")
    assert out["doc"].tolist() == ["b", "a", "c"]
    assert out["grade"].tolist() == ["0", "3", "2"]
    assert out["score"].tolist() == [0.9, 0.5, 0.1]  # scores stay with the positions


def test_ids_are_matched_as_the_core_reads_them():
    table = ranking_frame([1, 2], [" x ", "y"])
    assert swap_documents(table, "x", "y")["doc"].tolist() == ["y", " x "]


def test_a_document_no_longer_in_the_list_changes_nothing():
    table = ranking_frame([1, 2], ["a", "b"])
    assert swap_documents(table, "a", "z")["doc"].tolist() == ["a", "b"]


def test_selected_pair_reads_the_clicked_cell():
    event = {"selection": {"points": [{"x": 4, "y": 1, "customdata": [1, 4, "d1", "d4"]}]}}
    assert selected_pair(event) == ("d1", "d4")
    assert selected_pair({"selection": {"points": [], "box": [], "lasso": []}}) is None
    assert selected_pair(None) is None
    assert selected_pair({"selection": {"points": [{"x": 1, "customdata": [1]}]}}) is None
