"""scipy is an optional extra (``rankwork[stats]``): without it, what needs it (the paired
t-test of ``rankwork --compare``, a bootstrap interval's coverage, Kendall's tau between two
orderings of runs) refuses with a ValueError
saying how to install it, and the command line turns that into its one-line message and exit
status 2, never a traceback. Everything else runs. Each case runs in a fresh interpreter where a
finder placed first on ``sys.meta_path`` makes every ``import scipy...`` fail, as where scipy is
not installed.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = ROOT / "data" / "sample"
BLOCK = """
import importlib.abc, sys

class NoScipy(importlib.abc.MetaPathFinder):
    def find_spec(self, fullname, path=None, target=None):
        if fullname.partition(".")[0] == "scipy":
            raise ModuleNotFoundError(f"No module named {fullname!r}", name=fullname)
        return None

sys.meta_path.insert(0, NoScipy())
"""
INSTALL = 'pip install "rankwork[stats]"'
NEEDS_SCIPY = (
    "this needs scipy (the t and normal distributions, Kendall's tau), which is not installed: "
    + INSTALL
)


def without_scipy(code: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-c", BLOCK + code], capture_output=True, text=True, cwd=ROOT, check=False
    )


def test_compare_says_how_to_install_scipy_in_one_line_with_exit_status_2():
    qrels, weak, strong = (str(SAMPLE / n) for n in ("qrels.txt", "run_weak.txt", "run_strong.txt"))
    code = (
        "from rankwork import cli\n"
        f"raise SystemExit(cli.main([{qrels!r}, {weak!r}, {strong!r}, '-m', 'AP', '--compare']))"
    )
    done = without_scipy(code)
    assert done.returncode == 2, done.stderr
    assert done.stdout == ""
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("rankwork: error: ")
    assert INSTALL in lines[0]


def test_the_coverage_refuses_with_the_same_advice_and_the_means_still_run():
    code = (
        "import rankwork\n"
        "from rankwork.stats import stats\n"
        "print(rankwork.evaluate({'q': {'a': 1}}, {'q': {'a': 1.0}}, ['AP']))\n"
        "try:\n"
        "    stats.percentile_interval_coverage(10, 0.95)\n"
        "except ValueError as error:\n"
        "    print(error)\n"
    )
    done = without_scipy(code)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [
        "{'AP': 1.0}",
        NEEDS_SCIPY,
    ]


def test_kendalls_tau_refuses_with_the_same_advice_and_tau_ap_still_runs():
    code = (
        "from rankwork.stats import rank_correlation\n"
        "print(rank_correlation.tau_ap(['a', 'b', 'c'], ['a', 'b', 'c']))\n"
        "try:\n"
        "    rank_correlation.kendall_tau([1, 2, 3], [1, 3, 2])\n"
        "except ValueError as error:\n"
        "    print(error)\n"
    )
    done = without_scipy(code)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == ["1.0", NEEDS_SCIPY]
