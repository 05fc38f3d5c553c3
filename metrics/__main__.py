"""`python -m metrics`: the command line's process. The command line itself (arguments, reading,
evaluating, printing) is `metrics.cli`; this module only starts and ends the process around
`metrics.cli.main`:

- `_head_start` runs before anything loads numpy, pyarrow or pandas (importing `metrics.cli`
  does), which is why it lives here and not in `metrics.cli`;
- `_exit_now` ends the process once the output is written, without the interpreter's teardown.

Importing this module (as the tests do) runs neither.
"""

from __future__ import annotations

import codecs
import os
import re
import stat
import sys
from pathlib import Path
from typing import NoReturn

# What metrics.collection.trec's fast path asks Arrow to read for a TREC qrels or run file, field by
# field (tests/unit/test_cli_fast_start.py checks that the two agree).
_TREC_COLUMNS = {
    "qrels": {"qid": "text", "_1": "ignored", "docno": "text", "rel": "number"},
    "run": {
        "qid": "text",
        "_1": "ignored",
        "docno": "text",
        "rank": "number",
        "score": "number",
        "tag": "text",
    },
}
_OPTIONS_WITH_VALUES = ("-m", "--measure", "--missing", "--convention")


def _head_start(argv: list[str]) -> None:
    """Prepare the program's own process before numpy, pyarrow and pandas load (0.3 s):

    - Arrow allocates with malloc, as numpy does, so each reuses the memory the other frees
      (Arrow's default allocator keeps what it frees for itself: ~25 MB more at the peak of a
      2-million-line run);
    - OpenBLAS starts no threads (nothing here multiplies matrices; its idle threads burn
      ~0.1 s of CPU time);
    - the qrels and the (first) run are parsed by Arrow in a background thread
      (:func:`metrics.collection.arrow_kernels.prefetch`) while this thread imports pandas: Arrow's
      parser does not hold Python's lock, so on two cores the two overlap (a 2-million-line
      run is evaluated ~0.1 s sooner).  metrics.collection.trec's reader takes the table when it
      asks for the same read; when it does not (a CSV file, say), the table is dropped.

    Only ``python -m metrics`` does this: importing the module changes nothing.
    bench/bench_cli_start.py measures what each of these buys.
    """
    _environment()
    _prefetch(argv)


def _environment() -> None:
    """Arrow allocates with malloc, and OpenBLAS starts no threads (see `_head_start`)."""
    for name, value in {"ARROW_DEFAULT_MEMORY_POOL": "system", "OPENBLAS_NUM_THREADS": "1"}.items():
        os.environ.setdefault(name, value)


def _prefetch(argv: list[str]) -> None:
    """Start reading the qrels and the first run in a background thread (see `_head_start`)."""
    from metrics.collection import arrow_kernels  # noqa: PLC0415 (after `_environment`)

    for kind, path in zip(("qrels", "run"), _input_paths(argv), strict=False):
        delimiter = _plain_trec_delimiter(path)
        if delimiter is not None:
            arrow_kernels.prefetch(path, _TREC_COLUMNS[kind], delimiter)


def _input_paths(argv: list[str]) -> list[str]:
    """The positional arguments (QRELS RUN ...), found without argparse (not loaded yet)."""
    paths, takes_value, options_done = [], False, False
    for arg in argv:
        if takes_value:
            takes_value = False
        elif options_done or not arg.startswith("-") or arg == "-":
            paths.append(arg)
        elif arg == "--":
            options_done = True
        else:
            takes_value = arg in _OPTIONS_WITH_VALUES
    return paths


def _plain_trec_delimiter(path: str) -> str | None:
    """The field separator metrics.collection.trec's fast path would choose for a regular file whose
    first data line has single spaces or single tabs between its fields, else None."""
    try:
        if not stat.S_ISREG(os.stat(path).st_mode) or Path(path).suffix.lower() in (".csv", ".tsv"):
            return None
        with open(path, "rb") as f:
            head = f.read(1 << 16)
    except OSError:
        return None
    head = head.removeprefix(codecs.BOM_UTF8)
    lines = (line for line in re.split(rb"\r\n|\r|\n", head) if line.strip(b" \t"))
    first = next((line for line in lines if not line.startswith(b"#")), b"")
    if b"\t" not in first:
        return " "
    return "\t" if b" " not in first else None


def _exit_now(status: int) -> NoReturn:
    """End the process once everything is written, without the interpreter's teardown.

    The teardown frees every object and module one by one (pandas, pyarrow, the tables just
    evaluated): about 0.06-0.1 s after a 2-million-line run, which is a tenth of the whole
    command; the operating system reclaims the process's memory at once instead.  Nothing is
    left to do at exit: no atexit handler, no open file but stdout and stderr, flushed here.
    """
    for stream in (sys.stdout, sys.stderr):
        try:
            if stream is not None:  # None: the process was started with it closed
                stream.flush()
        except (OSError, ValueError):  # reader gone, disk full, or stream closed
            pass
    os._exit(status)


if __name__ == "__main__":
    _head_start(sys.argv[1:])
    from metrics.cli import main  # after _head_start: this loads pandas

    _exit_now(main())
