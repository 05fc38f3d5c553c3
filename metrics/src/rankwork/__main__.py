"""`rankwork` and `python -m rankwork`: the command line's process. The command line
itself (arguments, reading, evaluating, printing) is `rankwork.cli`; this module only starts and
ends the process around `rankwork.cli.main`:

- `_head_start` sets the environment before anything loads numpy, pyarrow or pandas
  (importing `rankwork.cli` does), which is why it lives here and not in `rankwork.cli`;
- `_exit_now` ends the process once the output is written, without the interpreter's teardown.

Importing this module (as the tests do) runs neither.
"""

from __future__ import annotations

import os
import sys
from typing import NoReturn


def _head_start() -> None:
    """Prepare the program's own process before numpy, pyarrow and pandas load:

    - Arrow allocates with malloc, as numpy does, so each reuses the memory the other frees
      (Arrow's default allocator keeps what it frees for itself: the peak of a 2-million-line
      run is ~60 MB higher without this, above pytrec_eval's own);
    - OpenBLAS starts no threads (nothing here multiplies matrices).

    Only ``rankwork`` does this: importing the module changes nothing.
    bench/bench_cli_start.py measures what this and `_exit_now` buy against pytrec_eval.
    """
    for name, value in {"ARROW_DEFAULT_MEMORY_POOL": "system", "OPENBLAS_NUM_THREADS": "1"}.items():
        os.environ.setdefault(name, value)


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


def run() -> NoReturn:
    """The console script `rankwork` (and `python -m rankwork`): prepare the process, run the
    command line, end the process with its exit status."""
    _head_start()
    from rankwork.cli import main  # noqa: PLC0415 (after _head_start: this loads pandas)

    _exit_now(main())


if __name__ == "__main__":
    run()
