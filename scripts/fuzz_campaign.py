"""The long fuzz campaign of issue 33's generators (not run in CI): the same inputs and checks
as tests/fuzz/test_fuzz_hardening.py (tests/fuzz/hardening.py), many more of them.

    .venv/bin/python scripts/fuzz_campaign.py                  # 2 minutes over all six
    .venv/bin/python scripts/fuzz_campaign.py --minutes 10 --seed 3 --only box_text,core

Generators: box_text (texts in the Playground's text box, to its parser), box_page (the same
typed into the Playground in AppTest), box_round_trip (grid -> box ->
grid with hostile ids), link_round_trip (encode -> decode of valid states), mutated_link (the
links of valid states, mutated), core (the core's API with ints beyond a double). Each runs
for its share of the minutes; a failing input is counted and the campaign goes on (nothing is
shrunk). It prints, per generator, the inputs tried, their outcomes, the failures and each
distinct failure with its first input; the exit status is 1 when anything failed.
"""

from __future__ import annotations

import argparse
import sys
import time
import traceback
import warnings
from collections import Counter
from collections.abc import Callable
from pathlib import Path

from hypothesis import HealthCheck, given, seed, settings
from hypothesis import strategies as st

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.fuzz import hardening as h  # noqa: E402


def _box_page(text: str) -> str:
    """`text` typed into one Playground (opened at the first text, kept for the next)."""
    if not _PAGE:
        _PAGE.append(h.playground_page())
    h.check_box_in_playground(_PAGE[0], text)
    return "shown"


_PAGE: list = []
GENERATORS: dict[str, tuple[Callable[[], st.SearchStrategy], Callable[[object], str]]] = {
    "box_text": (h.box_texts, h.check_box_text),
    "box_page": (h.box_texts, _box_page),
    "box_round_trip": (h.grid_lists, h.check_box_round_trip),
    "link_round_trip": (h.link_states, h.check_link_round_trip),
    "mutated_link": (h.mutated_state_links, h.check_mutated_link),
    "core": (h.core_calls, h.check_core_call),
}
FAILURES_SHOWN = 3


class TimeUp(BaseException):
    """The generator's time is over (a BaseException: hypothesis lets it through)."""


def run_one(name: str, seconds: float, seed_value: int) -> Counter:
    """Draw inputs for `seconds` and check each; the tally of outcomes ('failed' included)."""
    strategy, check = GENERATORS[name]
    tally: Counter = Counter()
    first: dict[str, str] = {}
    deadline = time.monotonic() + seconds

    @seed(seed_value)
    @settings(
        max_examples=10**9, database=None, deadline=None, suppress_health_check=list(HealthCheck)
    )
    @given(strategy())
    def draw(value) -> None:
        if time.monotonic() > deadline:
            raise TimeUp
        try:
            tally[check(value)] += 1
        except Exception as err:  # noqa: BLE001 - a campaign records every failure
            tally["failed"] += 1
            where = traceback.extract_tb(err.__traceback__)[-1]
            key = f"{type(err).__name__} at {Path(where.filename).name}:{where.lineno}"
            first.setdefault(key, f"{str(err)[:300]}\n    first input: {value!r:.600}")

    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)  # numpy's, before a ValueError
        try:
            draw()
        except TimeUp:
            pass
    tried = sum(tally.values())
    outcomes = ", ".join(f"{k} {v:,}" for k, v in sorted(tally.items()) if k != "failed")
    print(f"{name:<16} {tried:>8,} inputs  {tally['failed']:>5,} failures  ({outcomes})")
    for key, text in list(first.items())[:FAILURES_SHOWN]:
        print(f"  {key}: {text}")
    sys.stdout.flush()
    return tally


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--minutes", type=float, default=2.0, help="in all, shared evenly")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--only", default=",".join(GENERATORS), help="generators, comma-separated")
    args = parser.parse_args()
    names = [n for n in args.only.split(",") if n]
    unknown = [n for n in names if n not in GENERATORS]
    if unknown:
        parser.error(f"unknown generator(s) {', '.join(unknown)}; known: {', '.join(GENERATORS)}")
    failed = 0
    for name in names:
        failed += run_one(name, 60 * args.minutes / len(names), args.seed)["failed"]
    print(f"failures: {failed:,}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
