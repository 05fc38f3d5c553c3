"""rankwork built, checked and installed as a user would: ``python -m build metrics/`` gives an
sdist and a wheel that ``twine check`` accepts; the wheel holds the package (with ``py.typed``)
and nothing of the app or the tests; installed into a fresh venv in a temporary folder outside
the repository (pip may fetch numpy and pandas), its quick start runs there with the checkout
nowhere on ``sys.path``: ``import rankwork`` (loading none of the app's libraries, nor scipy or
pyarrow, which the wheel does not install), the console script, and an evaluation whose value
is worked by hand below.

Slow (a build and a pip install: a minute or two).  Skipped, saying so, only when pip cannot
reach a package index (the build needs hatchling from it).
"""

from __future__ import annotations

import json
import math
import os
import re
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

import pytest

from tests.library.test_docs import blocks
from tests.library.test_docs import printed_lines as lines

pytestmark = pytest.mark.packaging  # a build and a pip install (tiers: tests/conftest.py)

ROOT = Path(__file__).resolve().parents[2]
PROJECT = ROOT / "metrics"
SOURCES = PROJECT / "src" / "rankwork"
# what the app needs and the library must never load at `import rankwork` (scipy and pyarrow:
# optional extras, imported only where they are used)
NOT_AT_IMPORT = ("streamlit", "plotly", "babel", "scipy", "pyarrow", "i18n", "ui", "app_pages")

# A tiny collection.  q1: the run ranks d2 (grade 0), d1 (2), d3 (1); d4 (1) is judged but not
# retrieved.  q2: d6 (unjudged) then d5 (1).
QRELS = "q1 0 d1 2\nq1 0 d2 0\nq1 0 d3 1\nq1 0 d4 1\nq2 0 d5 1\n"
RUN = "q1 Q0 d2 1 3 r\nq1 Q0 d1 2 2 r\nq1 Q0 d3 3 1 r\nq2 Q0 d6 1 2 r\nq2 Q0 d5 2 1 r\n"
# nDCG@10 as trec_eval's ndcg_cut.10 computes it: gain = grade, discount 1/log2(rank + 1), the
# ideal ranking is every judged document by grade (d1, d3, d4 for q1).
Q1 = (0 / math.log2(2) + 2 / math.log2(3) + 1 / math.log2(4)) / (
    2 / math.log2(2) + 1 / math.log2(3) + 1 / math.log2(4)
)  # (2/1.585 + 0.5) / (2 + 0.631 + 0.5) = 1.7619 / 3.1309 = 0.5627
Q2 = (0 / math.log2(2) + 1 / math.log2(3)) / (1 / math.log2(2))  # 0.6309
MEAN = (Q1 + Q2) / 2  # 0.5968


def run(command: list[str], *, timeout: float = 600, **kwargs) -> subprocess.CompletedProcess:
    return subprocess.run(command, capture_output=True, text=True, timeout=timeout, **kwargs)


def must(done: subprocess.CompletedProcess) -> str:
    assert done.returncode == 0, f"{done.args} failed:\n{done.stdout}\n{done.stderr}"
    return done.stdout


@pytest.fixture(scope="module")
def workdir(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("packaging")
    assert not folder.is_relative_to(ROOT), "the fresh venv must live outside the repository"
    return folder


@pytest.fixture(scope="module")
def index(workdir):
    """Skip the module when pip cannot fetch a package (the build backend, hatchling)."""
    done = run(
        [sys.executable, "-m", "pip", "download", "--no-deps", "--only-binary", ":all:"]
        + ["--dest", str(workdir / "probe"), "hatchling"],
        timeout=300,
    )
    if done.returncode != 0:
        pytest.skip(f"no package index reachable for pip (hatchling): {done.stderr[-500:]}")


@pytest.fixture(scope="module")
def dist(index, workdir) -> dict[str, Path]:
    outdir = workdir / "dist"
    must(run([sys.executable, "-m", "build", str(PROJECT), "--outdir", str(outdir)]))
    found = {path.suffix: path for path in outdir.iterdir()}
    assert sorted(found) == [".gz", ".whl"], sorted(outdir.iterdir())
    return {"sdist": found[".gz"], "wheel": found[".whl"]}


@pytest.fixture(scope="module")
def venv(dist, workdir) -> Path:
    """A fresh venv with the wheel installed; the folder its commands run in."""
    folder = workdir / "venv"
    must(run([sys.executable, "-m", "venv", str(folder)]))
    python = folder / "bin" / "python"
    must(
        run(
            [str(python), "-m", "pip", "install", "--disable-pip-version-check", "-q"]
            + ["--only-binary", ":all:", str(dist["wheel"])],
            env=user_env(),
            cwd=workdir,
        )
    )
    (workdir / "qrels.txt").write_text(QRELS)
    (workdir / "run.txt").write_text(RUN)
    return folder


def user_env() -> dict[str, str]:
    """The environment of a user's shell: no PYTHONPATH (so not this checkout), no venv."""
    drop = {"PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV", "PYTHONSTARTUP"}
    return {name: value for name, value in os.environ.items() if name not in drop}


def in_venv(venv: Path, *command: str) -> str:
    """Run one of the venv's commands, in the temporary folder, as a user would."""
    return must(
        run([str(venv / "bin" / command[0]), *command[1:]], env=user_env(), cwd=venv.parent)
    )


def version() -> str:
    text = (PROJECT / "pyproject.toml").read_text()
    return re.search(r'^version = "([^"]+)"', text, re.MULTILINE).group(1)


# ---------------------------------------------------------------------------- the build


def test_the_build_gives_an_sdist_and_a_wheel_that_twine_accepts(dist):
    assert dist["sdist"].name == f"rankwork-{version()}.tar.gz"
    assert dist["wheel"].name == f"rankwork-{version()}-py3-none-any.whl"
    out = must(run([sys.executable, "-m", "twine", "check", "--strict", *map(str, dist.values())]))
    assert out.count("PASSED") == 2, out


def test_the_wheel_holds_the_package_with_py_typed_and_nothing_of_the_app(dist):
    names = zipfile.ZipFile(dist["wheel"]).namelist()
    info = f"rankwork-{version()}.dist-info"
    assert {name.split("/")[0] for name in names} == {"rankwork", info}
    sources = {f"rankwork/{p.relative_to(SOURCES).as_posix()}" for p in SOURCES.rglob("*.py")}
    assert sources <= set(names), sorted(sources - set(names))  # every module of the package
    prose = {f"rankwork/{p.relative_to(SOURCES).as_posix()}" for p in SOURCES.rglob("*.md")}
    assert prose and prose <= set(names), sorted(prose - set(names))  # and its content files
    assert "rankwork/py.typed" in names
    for name in names:
        parts = name.split("/")
        assert not set(parts) & {"tests", "ui", "app_pages", "i18n", "app.py"}, name
        assert not parts[-1].startswith(("test_", "conftest")), name


def test_the_wheel_declares_ranges_extras_and_the_console_script(dist):
    wheel = zipfile.ZipFile(dist["wheel"])
    info = f"rankwork-{version()}.dist-info"
    metadata = wheel.read(f"{info}/METADATA").decode()
    requires = re.findall(r"^Requires-Dist: (.+)$", metadata, re.MULTILINE)
    always = [r for r in requires if "extra ==" not in r]
    assert sorted(re.match(r"[a-z]+", r).group() for r in always) == ["numpy", "pandas"]
    assert not [r for r in requires if "==" in r.split(";")[0]], requires  # ranges, not pins
    extras = re.findall(r"^Provides-Extra: (.+)$", metadata, re.MULTILINE)
    assert {"arrow", "stats"} <= set(extras)
    assert "py.typed" not in metadata  # (a file, checked above; not a metadata field)
    entry_points = wheel.read(f"{info}/entry_points.txt").decode()
    assert re.search(r"^rankwork = rankwork\.__main__:run$", entry_points, re.MULTILINE)


def test_the_sdist_holds_the_project_and_nothing_of_the_app(dist):
    top = f"rankwork-{version()}"
    with tarfile.open(dist["sdist"]) as archive:
        names = archive.getnames()
    assert {f"{top}/pyproject.toml", f"{top}/README.md", f"{top}/src/rankwork/py.typed"} <= set(
        names
    )
    for name in names:
        parts = name.split("/")
        assert not set(parts) & {"tests", "ui", "app_pages", "i18n", "app.py"}, name


# ------------------------------------------------------------- installed in a fresh venv


def test_the_venv_imports_the_installed_wheel_not_the_checkout(venv):
    where = in_venv(venv, "python", "-c", "import rankwork; print(rankwork.__file__)").strip()
    assert Path(where).is_relative_to(venv), where


def test_import_rankwork_loads_none_of_the_apps_libraries_nor_scipy_or_pyarrow(venv):
    script = (
        "import json, sys, rankwork; "
        f"print(json.dumps(sorted(m for m in sys.modules if m.split('.')[0] in {NOT_AT_IMPORT!r})))"
    )
    assert json.loads(in_venv(venv, "python", "-c", script)) == []


def test_the_installed_library_reads_its_own_content_files(venv):
    script = (
        "from rankwork.language import prose; print(prose('pitfalls', 'integer_division.where'))"
    )
    said = in_venv(venv, "python", "-c", script)
    assert said == "C, Java and Python 2 `/` on ints; numpy integer arrays with //.\n"


def test_the_console_script_and_python_m_show_the_same_help(venv):
    script = in_venv(venv, "rankwork", "--help")
    assert script.startswith("usage: rankwork ")
    assert in_venv(venv, "python", "-m", "rankwork", "--help") == script


def test_the_console_script_evaluates_a_collection_as_worked_by_hand(venv):
    out = in_venv(venv, "rankwork", "qrels.txt", "run.txt", "-m", "nDCG@10", "-q")
    rows = [line.split("\t") for line in out.splitlines()]
    assert [(measure, qid) for measure, qid, _ in rows] == [
        ("nDCG@10", "q1"),
        ("nDCG@10", "q2"),
        ("nDCG@10", "all"),
    ]
    for (_measure, _qid, value), expected in zip(rows, (Q1, Q2, MEAN), strict=True):
        assert float(value) == pytest.approx(expected, rel=1e-12, abs=0)


def test_the_public_evaluate_gives_the_hand_worked_mean(venv):
    script = (
        "import json, rankwork; "
        "print(json.dumps(rankwork.evaluate('qrels.txt', 'run.txt', ['nDCG@10'])))"
    )
    means = json.loads(in_venv(venv, "python", "-c", script))
    assert list(means) == ["nDCG@10"]
    assert means["nDCG@10"] == pytest.approx(MEAN, rel=1e-12, abs=0)


def test_the_readmes_quick_starts_without_a_training_library_run_in_the_fresh_venv(venv):
    # every python block of metrics/README.md that needs only numpy and pandas (a collection,
    # one list, arrays, sentence-transformers' metrics, the presets), the LightGBM and XGBoost
    # one left out (tests/library/test_docs.py runs it in the checkout): run in the fresh venv,
    # they print what the README shows
    every = blocks((PROJECT / "README.md").read_text(encoding="utf-8"))
    pairs = [(code, shown) for code, shown in every if "lightgbm" not in code]
    assert len(pairs) == len(every) - 1 == 6
    assert all(shown is not None for _, shown in pairs)
    printed = in_venv(venv, "python", "-c", "\n".join(code for code, _ in pairs))
    assert lines(printed) == [line for _, shown in pairs for line in lines(shown)]
