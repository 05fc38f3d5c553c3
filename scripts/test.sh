#!/usr/bin/env bash
# The RankLab test command: lint, the library's type check, every test of every tier (fast: unit,
# crosscheck, conformance, fuzz, library; app: AppTest; e2e: a real browser), in parallel.
#
#   bash scripts/test.sh                 # everything
#   bash scripts/test.sh -m "not e2e"    # extra arguments go to pytest
#   bash scripts/test.sh -n 0            # in one process
#
# Installs what it needs (Debian's chromium, fonts-noto-cjk and TeX, .venv from
# requirements-test.txt); a second run finds them installed and goes straight to the tests.
set -euo pipefail
cd "$(dirname "$0")/.."

say() { printf '\n==> %s\n' "$*"; }

CHROMIUM=/usr/bin/chromium
# Debian packages the tests need, each found by what it provides: the browser for the e2e tests,
# a CJK font for the pages in 简体中文, and TeX to compile the exercise sheets in every language
# (pdflatex for English, with vntex's T5 encoding for Vietnamese; xelatex with ctex for Chinese)
missing=() tex=()
[[ -x "$CHROMIUM" ]] || missing+=(chromium)
[[ -n "$(fc-list :lang=zh 2>/dev/null)" ]] || missing+=(fonts-noto-cjk)
command -v pdftotext >/dev/null || missing+=(poppler-utils)  # the sheets' text, read back
command -v xelatex >/dev/null && kpsewhich ctexart.cls >/dev/null || tex+=(texlive-xetex texlive-lang-chinese)
command -v pdflatex >/dev/null && kpsewhich t5enc.def >/dev/null || tex+=(texlive-latex-base texlive-lang-other)
if (( ${#missing[@]} + ${#tex[@]} )); then
    say "installing Debian's ${missing[*]} ${tex[*]}"
    SUDO=""
    if [[ "$(id -u)" != 0 ]]; then SUDO="sudo"; fi
    export DEBIAN_FRONTEND=noninteractive
    $SUDO apt-get update
    if (( ${#missing[@]} )); then $SUDO apt-get install -y "${missing[@]}"; fi
    # TeX without its recommends (documentation, every font): about 210 MB
    if (( ${#tex[@]} )); then $SUDO apt-get install -y --no-install-recommends "${tex[@]}"; fi
fi
say "browser: $("$CHROMIUM" --version 2>/dev/null | head -n 1)"

if [[ ! -x .venv/bin/python ]]; then
    say "creating .venv with $(command -v python3) ($(python3 --version 2>&1))"
    python3 -m venv .venv
fi

# Idempotent: with everything pinned and installed, pip only checks the pins, and reinstalls
# the editable library from metrics/ (-e ./metrics in requirements.txt: a few seconds; its build
# backend, hatchling, comes from the package index into an isolated build environment).
say "installing requirements-test.txt into .venv"
start=$SECONDS
PIP_DISABLE_PIP_VERSION_CHECK=1 .venv/bin/pip install -q -r requirements-test.txt
echo "pip install: $((SECONDS - start)) s"

say "ruff check ."
.venv/bin/ruff check .

# The library's type hints ([tool.mypy] in metrics/pyproject.toml says which modules, how strictly)
say "mypy (metrics/)"
(cd metrics && ../.venv/bin/mypy)

# One pytest-xdist worker per core; --dist loadgroup runs on one worker the tests that share an
# expensive set-up (tests/conftest.py gives them a group). A -n among the arguments wins.
say "pytest -n auto --dist loadgroup $*"
.venv/bin/python -m pytest -n auto --dist loadgroup "$@"
