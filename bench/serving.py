"""Serve a Streamlit script on 127.0.0.1 for a benchmark: `with served("app.py") as server:`.

One `streamlit run` on a free loopback port, headless, no file watcher, no usage statistics;
ready once `/_stcore/health` answers `ok`; stopped when the block ends. Shared by
bench/bench_playground.py and bench/bench_load.py.
"""

from __future__ import annotations

import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from tests.e2e.helpers import stop_process  # noqa: E402

START_TIMEOUT_S = 60


@dataclass(frozen=True)
class Server:
    url: str  # http://127.0.0.1:<port>
    pid: int  # the `streamlit run` process


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextmanager
def served(script: str, root: Path = REPO) -> Iterator[Server]:
    """Serve `script` (a path relative to `root`, by default this repository) until the block
    ends."""
    port = free_port()
    proc = subprocess.Popen(
        [sys.executable, "-m", "streamlit", "run", script, "--server.headless=true",
         "--server.address=127.0.0.1", f"--server.port={port}",
         "--browser.gatherUsageStats=false", "--server.fileWatcherType=none"],
        cwd=root, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, stdin=subprocess.DEVNULL,
    )  # fmt: skip
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + START_TIMEOUT_S
        while True:
            try:
                with urllib.request.urlopen(f"{url}/_stcore/health", timeout=2) as response:
                    if response.read().strip() == b"ok":
                        break
            except OSError:
                pass
            if time.monotonic() > deadline or proc.poll() is not None:
                raise RuntimeError(f"streamlit did not start for {script}")
            time.sleep(0.2)
        yield Server(url, proc.pid)
    finally:
        stop_process(proc)
