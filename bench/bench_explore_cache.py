"""What caching saves on the Learn and Explore pages, in one run.

    python bench/bench_explore_cache.py                    # each cached section: miss vs hit
    python bench/bench_explore_cache.py --before OLD_TREE  # also whole-page reruns, old vs new

Sections: the functions of ui/shared/cached.py on the default Playground list (Textbook, k = 5),
timed uncached (the core's own function) and as a cache hit (what a rerun after an unrelated
widget change costs), median of REPS. Pages (`--before`, a checkout without the cache, e.g.
`git worktree add /tmp/old main`): `AppTest` reruns of the Metric behaviour, Check, Discounts
and Gains pages with nothing changed, i.e. the cost of any widget change that leaves the heavy
inputs alone, median of REPS, the old and the new tree alternating in fresh processes.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
REPS = 7
PAGES = {
    "behaviour": ("app_pages/behaviour.py", {}),
    "check": ("app_pages/check.py", {"check_answer": "0.5"}),
    "discounts": ("app_pages/discounts.py", {}),
    "gains": ("app_pages/gains.py", {}),
}


def _median_ms(action: Callable[[], object], reps: int = REPS) -> float:
    action()  # the first call fills the cache (and imports)
    times = []
    for _ in range(reps):
        start = time.perf_counter()
        action()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def sections() -> None:
    sys.path.insert(0, str(REPO))
    from rankwork.core.ranking import order
    from rankwork.core.scenario import Scenario
    from rankwork.explore import behaviour, profiles, tradeoffs
    from rankwork.teaching import diagnose
    from ui.playground import link as playground_link
    from ui.playground.inputs import convention_from, cutoff_from, ranking_from
    from ui.shared import cached, explore_figures

    start = playground_link.default_state()
    top = int(start.settings["scale_max"])
    ranking = ranking_from(start.ranking, start.unretrieved, top)
    convention, k = convention_from(start.settings), cutoff_from(start.settings["k"])
    ordered = order(ranking, convention)
    table = behaviour.sweep(2, 20, convention, k, top)
    deltas = behaviour.swap_deltas(ordered, convention, k, "ERR")
    repeated = behaviour.redundancy(top, 10, convention, 10, top)
    scape = behaviour.landscape(ordered, convention, k)
    histograms = behaviour.landscape_histograms(scape)
    answer = diagnose.parse_answer("0.5")
    scenario = Scenario(ranking, convention, k)
    gains, discounts = tradeoffs.gain_conventions(None), tradeoffs.tradeoff_discounts(0.8)
    curves = tradeoffs.tradeoff_curves(2, 1, gains, discounts)
    chosen = curves["discount"].iloc[0]
    weights = profiles.weights_frame(
        [profiles.discount_profile(c, 20, 10) for c in profiles.standard_conventions()], 10, False
    )
    cases = [
        ("position sweep (N = 20)", "sweep", (2, 20, convention, k, top)),
        ("  its figure", "position_sweep_figure", (table, "title")),
        ("swap grid (ERR)", "swap_deltas", (ordered, convention, k, "ERR")),
        ("  its figure", "swap_matrix_figure", (deltas.delta, ordered.doc_ids, "ERR")),
        ("redundancy (10 copies)", "redundancy", (top, 10, convention, 10, top)),
        ("  its figure", "redundancy_figure", (repeated,)),
        ("landscape", "landscape", (ordered, convention, k)),
        ("  its figure", "landscape_figure", (histograms, scape.current)),
        ("diagnosis (nDCG, 0.5)", "diagnosis", ("nDCG", scenario, answer)),
        ("discount profiles figure", "profile_weights_figure", (weights, 10, False, False)),
        ("trade-off curves", "tradeoff_curves", (2, 1, gains, discounts)),
        ("  their figure", "tradeoff_curves_figure", (curves, chosen, 2, 1, 2)),
    ]
    uncached = {
        "sweep": behaviour.sweep,
        "position_sweep_figure": explore_figures.position_sweep,
        "swap_deltas": behaviour.swap_deltas,
        "swap_matrix_figure": explore_figures.swap_matrix,
        "redundancy": behaviour.redundancy,
        "redundancy_figure": explore_figures.redundancy,
        "landscape": behaviour.landscape,
        "landscape_figure": explore_figures.landscape,
        "diagnosis": diagnose.diagnose,
        "profile_weights_figure": explore_figures.profile_weights,
        "tradeoff_curves": tradeoffs.tradeoff_curves,
        "tradeoff_curves_figure": explore_figures.tradeoff_curves,
    }
    print(f"\n{'section':<26}{'uncached ms':>12}{'cache hit ms':>14}{'hit / uncached':>16}")
    for label, name, args in cases:
        hit_call = getattr(cached, name)
        miss = _median_ms(lambda f=uncached[name], a=args: f(*a))
        hit = _median_ms(lambda f=hit_call, a=args: f(*a))
        print(f"{label:<26}{miss:>12.1f}{hit:>14.2f}{hit / miss:>16.3f}")


def page_ms(root: Path) -> dict[str, float]:
    """Median AppTest rerun of each page (nothing changed), from the tree at `root`."""
    sys.path.insert(0, str(root))
    from streamlit.testing.v1 import AppTest

    out = {}
    for name, (page, widgets) in PAGES.items():
        at = AppTest.from_file(str(root / "app.py"), default_timeout=120).run()
        at.switch_page(page).run()
        for key, value in widgets.items():
            at.text_input(key=key).set_value(value)
        out[name] = _median_ms(lambda at=at: at.run())
    return out


def pages(before: Path) -> None:
    runs: dict[str, list[dict[str, float]]] = {"before": [], "after": []}
    for _ in range(2):  # alternate, so both see the same machine load
        for label, root in (("before", before), ("after", REPO)):
            result = subprocess.run(
                [sys.executable, __file__, "--page-worker", str(root)],
                capture_output=True, text=True, check=True, cwd=root,
            )  # fmt: skip
            runs[label].append(json.loads(result.stdout.strip().splitlines()[-1]))
    head = f"{'page rerun, nothing changed':<30}{'before ms':>10}{'after ms':>10}"
    print(f"\n{head}{'after/before':>14}")
    for name in PAGES:
        old = statistics.median(r[name] for r in runs["before"])
        new = statistics.median(r[name] for r in runs["after"])
        print(f"{name:<30}{old:>10.0f}{new:>10.0f}{new / old:>14.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", type=Path, help="a checkout without the cache")
    parser.add_argument("--page-worker", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.page_worker:
        print(json.dumps(page_ms(args.page_worker.resolve())))
        return
    sections()
    if args.before:
        pages(args.before.resolve())


if __name__ == "__main__":
    main()
