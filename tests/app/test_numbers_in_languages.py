"""A count the Evaluate page writes in a sentence, in Vietnamese: its thousands grouped with a
space, never with a comma ("1,160" reads as 1.16 in Vietnamese, whose decimal mark is a comma)."""

from __future__ import annotations

from pathlib import Path

from streamlit.testing.v1 import AppTest

from tests.markdown_text import unescaped

SAMPLE = Path(__file__).resolve().parents[2] / "data" / "sample"


def test_the_evaluate_page_counts_a_files_lines_without_a_comma_in_vietnamese(
    app: AppTest,
) -> None:
    run = (SAMPLE / "run_weak.txt").read_bytes()
    lines = len(run.splitlines())
    assert lines >= 1000  # a count with a thousands group
    app.query_params["lang"] = "vi"
    at = app.run()
    at.switch_page("app_pages/evaluate.py").run()
    at.file_uploader(key="ev_upload_runs").set_value(("run.txt", run, "text/plain")).run()
    assert not at.exception, at.exception
    captions = " ".join(unescaped(c.value) for c in at.caption)
    assert f"{lines // 1000}\u00a0{lines % 1000:03d} dòng" in captions
    assert f"{lines // 1000},{lines % 1000:03d}" not in captions
