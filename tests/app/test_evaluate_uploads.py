"""The Evaluate page's kept uploads (issue 11.17, issue 12.6b): what the uploaders hold is what
the session keeps, a file chosen twice is kept once and said so, new runs add to the kept runs
(also after a page switch) and a session keeps at most MAX_SESSION_MB of uploads in all.

AppTest's uploader gives every file of a `set_value` a new id, and its `upload` drops the files
already in the box; the browser's uploader keeps the files it holds (with their ids) and adds
or removes one. `choose` and `take_out` do what the browser does, by writing the element's
pending files (its private `_files`, the list `set_value` fills) from the files it holds.
"""

from __future__ import annotations

import uuid
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from tests.markdown_text import unescaped
from ui.evaluate import sources

PAGE = "app_pages/evaluate.py"
SAMPLE = Path(__file__).resolve().parents[2] / "data" / "sample"
QRELS = ("qrels.txt", (SAMPLE / "qrels.txt").read_bytes())
RUN_A = ("runA.txt", (SAMPLE / "run_weak.txt").read_bytes())
RUN_B = ("runB.txt", (SAMPLE / "run_strong.txt").read_bytes())


def open_page(app: AppTest) -> AppTest:
    at = app.run()
    at.switch_page(PAGE).run()
    assert not at.exception, at.exception
    return at


def _held(at: AppTest, slot: str) -> list[tuple[str, str, bytes, str]]:
    value = at.session_state[f"ev_upload_{slot}"] if f"ev_upload_{slot}" in at.session_state else []
    files = value if isinstance(value, list) else [value] if value is not None else []
    return [(f.file_id, f.name, f.getvalue(), f.type) for f in files]


def choose(at: AppTest, slot: str, *files: tuple[str, bytes]) -> AppTest:
    """Choose more files in the slot's uploader, as the browser adds them to those it holds."""
    box = at.file_uploader(key=f"ev_upload_{slot}")
    added = [(str(uuid.uuid4()), name, data, "text/plain") for name, data in files]
    box._files = _held(at, slot) + added
    at.run()
    assert not at.exception, at.exception
    return at


def take_out(at: AppTest, slot: str, name: str) -> AppTest:
    """Click the x of the file `name` in the slot's uploader."""
    box = at.file_uploader(key=f"ev_upload_{slot}")
    box._files = [f for f in _held(at, slot) if f[1] != name]
    at.run()
    assert not at.exception, at.exception
    return at


def kept(at: AppTest) -> dict[str, list[str]]:
    return {slot: [f.name for f in files] for slot, files in at.session_state["ev_kept"].items()}


def page_text(at: AppTest) -> str:
    return "\n".join(unescaped(e.value) for e in [*at.warning, *at.caption])


def means_runs(at: AppTest) -> list[str]:
    table = next(df.value for df in at.dataframe if {"run", "queries"} <= set(df.value.columns))
    return list(table["run"])


def test_a_run_chosen_again_with_another_is_kept_once_and_said_so(app: AppTest) -> None:
    at = choose(open_page(app), "qrels", QRELS)
    choose(at, "runs", RUN_A)
    choose(at, "runs", RUN_A, RUN_B)  # the file dialog again: runA and runB
    assert kept(at)["runs"] == ["runA.txt", "runB.txt"]
    assert "runA.txt holds the same bytes as runA.txt: it is kept once." in page_text(at)
    assert means_runs(at) == ["runA", "runB"]  # no "runA (2)"
    at.session_state["ev_tab"] = "Compare runs"
    at.run()
    assert [at.selectbox(key=k).value for k in ("ev_cmp_a", "ev_cmp_b")] == ["runA", "runB"]


def test_a_file_taken_out_of_the_uploader_is_dropped(app: AppTest) -> None:
    at = choose(open_page(app), "qrels", QRELS)
    choose(at, "runs", RUN_A, RUN_B)
    take_out(at, "runs", "runB.txt")
    assert kept(at)["runs"] == ["runA.txt"]
    take_out(at, "qrels", "qrels.txt")
    assert kept(at)["qrels"] == []


def test_new_runs_after_a_page_switch_are_added_and_the_caption_says_so(app: AppTest) -> None:
    at = choose(open_page(app), "qrels", QRELS)
    choose(at, "runs", RUN_A)
    at.switch_page("app_pages/playground.py").run()
    at.switch_page(PAGE).run()
    assert _held(at, "runs") == []  # Streamlit forgot the uploader's files
    choose(at, "runs", RUN_B)
    assert kept(at)["runs"] == ["runA.txt", "runB.txt"]
    assert "new runs are added to the kept runs" in page_text(at)
    assert "replaces the box's files" not in page_text(at)


def test_a_session_keeps_at_most_the_stated_total(app: AppTest, monkeypatch) -> None:
    assert "and 500 MB in all" in page_text(open_page(AppTest.from_file(app._script_path)))
    limit = len(QRELS[1]) + len(RUN_A[1]) + len(RUN_B[1]) // 2  # room for qrels and runA only
    monkeypatch.setattr(sources, "MAX_SESSION_BYTES", limit)
    at = choose(open_page(app), "qrels", QRELS)
    choose(at, "runs", RUN_A, RUN_B)
    assert kept(at)["runs"] == ["runA.txt"]
    size = f"{len(RUN_B[1]) / 1e3:.1f} kB"
    assert (
        f"runB.txt ({size}) was not kept: a session keeps at most 500 MB of uploads in all."
        in page_text(at)
    )
    take_out(at, "runs", "runA.txt")  # room again
    choose(at, "runs", RUN_B)
    assert kept(at)["runs"] == ["runB.txt"]


@pytest.mark.parametrize("slot", ["qrels", "groups", "qrels2"])
def test_a_new_single_file_replaces_the_kept_one(app: AppTest, slot: str) -> None:
    at = choose(open_page(app), slot, ("one.txt", b"1 0 a 1\n"))
    at.file_uploader(key=f"ev_upload_{slot}").set_value(("two.txt", b"1 0 b 1\n", "text/plain"))
    at.run()
    assert kept(at)[slot] == ["two.txt"]


def test_a_run_named_like_the_qrels_is_not_taken_for_them(app: AppTest) -> None:
    """Found by scripts/fuzz_app.py: an unreadable qrels and a run file named qrels.txt; the
    run's name 'qrels' made the page think the qrels were readable, and it crashed."""
    at = choose(open_page(app), "qrels", ("qrels.csv", b"9no,rel\n1,d1,2\n"))
    choose(at, "runs", ("qrels.txt", RUN_A[1]))
    assert "qrels.csv, line 1: the header line has no column" in page_errors(at)
    assert "No run could be evaluated" in page_text(at)
    assert "run **qrels**: 1,160 lines" in " ".join(unescaped(c.value) for c in at.caption)


def page_errors(at: AppTest) -> str:
    return "\n".join(unescaped(e.value) for e in at.error)
