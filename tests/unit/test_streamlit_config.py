"""The app's .streamlit/config.toml as Streamlit reads it (issue 11.15: no traceback, with its
server paths, is ever shown to a user)."""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[2]
CONFIG = REPO_ROOT / ".streamlit" / "config.toml"


def test_error_details_are_never_shown_in_the_browser() -> None:
    assert tomllib.loads(CONFIG.read_text())["client"]["showErrorDetails"] == "none"


def test_streamlit_reads_that_setting() -> None:
    """`streamlit config show` in the repository prints the options in force: Streamlit 1.67
    takes "none" (of "full", "stacktrace", "type", "none") from the file."""
    shown = subprocess.run(
        [sys.executable, "-m", "streamlit", "config", "show"],
        cwd=REPO_ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    lines = [line.strip() for line in shown.splitlines()]
    assert 'showErrorDetails = "none"' in lines
    assert '# - "none" : In the browser, Streamlit displays generic exception' in lines
