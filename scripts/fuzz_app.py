"""The app's long fuzz campaign (issue 11; not run in CI): the same inputs and invariants as
tests/fuzz/test_fuzz_{links,playground,uploads}.py, many more of them.

    .venv/bin/python scripts/fuzz_app.py [--links 10000] [--playground-minutes 5]
                                          [--uploads-minutes 5] [--seed 0]

- links: `ui.playground.link.decode` on `--links` fuzzed links, each checked by `assert_valid_state`
  (builds, finite values, re-encodes to a link with no problem);
- playground: the Playground in AppTest opened with fuzzed links, for the given minutes;
- uploads: the Evaluate page in AppTest with mutated qrels and runs, for the given minutes.

Inputs come from hypothesis, seeded; a failing input is recorded and the campaign goes on. It
prints, per entry point, the inputs run, the rate, and each distinct failure with its first
input; the exit status is 1 when anything failed.
"""

from __future__ import annotations

import argparse
import sys
import time
import traceback
from collections.abc import Callable
from pathlib import Path

from hypothesis import HealthCheck, given, seed, settings
from hypothesis import strategies as st

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.fuzz.app_inputs import assert_valid_state, links, uploads  # noqa: E402
from tests.fuzz.test_fuzz_playground import check_playground  # noqa: E402
from tests.fuzz.test_fuzz_uploads import check_uploads  # noqa: E402
from ui.playground import link as playground_link  # noqa: E402


def campaign(
    name: str,
    strategy: st.SearchStrategy,
    check: Callable[[object], None],
    *,
    count: int | None = None,
    minutes: float | None = None,
    seed_value: int = 0,
) -> bool:
    """Run `check` on inputs drawn from `strategy` until `count` inputs or `minutes` have
    passed (a budget of 0 skips the entry point); print the tally. True when nothing failed."""
    if not (count or minutes):
        return True
    failures: dict[str, tuple[object, str]] = {}
    done = 0
    deadline = time.monotonic() + 60 * minutes if minutes is not None else None
    start = time.monotonic()

    @seed(seed_value)
    @settings(
        max_examples=count if count is not None else 10**9,
        database=None,
        deadline=None,
        suppress_health_check=list(HealthCheck),
    )
    @given(strategy)
    def run(value) -> None:
        nonlocal done
        if deadline is not None and time.monotonic() > deadline:
            raise TimeUp
        done += 1
        try:
            check(value)
        except Exception as err:  # noqa: BLE001 - a campaign records every failure
            where = traceback.extract_tb(err.__traceback__)[-1]
            key = f"{type(err).__name__} at {Path(where.filename).name}:{where.lineno}"
            failures.setdefault(key, (value, f"{err}"[:300]))

    try:
        run()
    except TimeUp:
        pass
    seconds = time.monotonic() - start
    print(
        f"{name}: {done:,} inputs in {seconds:,.0f} s ({done / seconds:,.1f} per second), "
        f"{len(failures)} distinct failure(s)"
    )
    for key, (value, message) in failures.items():
        print(f"  {key}: {message}\n    first input: {value!r}"[:2000])
    return not failures


class TimeUp(BaseException):
    """The campaign's time for one entry point is over (a BaseException: hypothesis lets it
    through instead of shrinking it as a failure)."""


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--links", type=int, default=10_000)
    parser.add_argument("--playground-minutes", type=float, default=5.0)
    parser.add_argument("--uploads-minutes", type=float, default=5.0)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    ok = campaign(
        "playground_link.decode",
        links(),
        lambda params: assert_valid_state(playground_link.decode(params)),
        count=args.links,
        seed_value=args.seed,
    )
    ok &= campaign(
        "Playground (AppTest)",
        links(),
        check_playground,
        minutes=args.playground_minutes,
        seed_value=args.seed,
    )
    ok &= campaign(
        "Evaluate uploads (AppTest)",
        uploads(),
        lambda files: check_uploads(*files),
        minutes=args.uploads_minutes,
        seed_value=args.seed,
    )
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
