#!/usr/bin/env bash
# The RankLab test command: lint + every test (unit, crosscheck, app, e2e in a real browser).
#
#   bash scripts/test.sh                 # everything
#   bash scripts/test.sh -m "not e2e"    # extra arguments go to pytest
#
# Installs what it needs (Debian's chromium, .venv from requirements-test.txt); a second run
# finds them installed and goes straight to the tests.
set -euo pipefail
cd "$(dirname "$0")/.."

say() { printf '\n==> %s\n' "$*"; }

CHROMIUM=/usr/bin/chromium
if [[ ! -x "$CHROMIUM" ]]; then
    say "installing Debian's chromium (browser tests drive $CHROMIUM)"
    SUDO=""
    if [[ "$(id -u)" != 0 ]]; then SUDO="sudo"; fi
    export DEBIAN_FRONTEND=noninteractive
    $SUDO apt-get update
    $SUDO apt-get install -y chromium
fi
# Chinese in the browser tests and screenshots needs a CJK font (Vietnamese is covered by
# chromium's default fonts)
if ! fc-list :lang=zh 2>/dev/null | grep -q .; then
    say "installing Debian's fonts-noto-cjk (the pages in 简体中文)"
    SUDO=""
    if [[ "$(id -u)" != 0 ]]; then SUDO="sudo"; fi
    export DEBIAN_FRONTEND=noninteractive
    $SUDO apt-get update
    $SUDO apt-get install -y fonts-noto-cjk
fi
say "browser: $("$CHROMIUM" --version 2>/dev/null | head -n 1)"

if [[ ! -x .venv/bin/python ]]; then
    say "creating .venv with $(command -v python3) ($(python3 --version 2>&1))"
    python3 -m venv .venv
fi

# Idempotent: with everything pinned and installed, pip only checks (about a second).
say "installing requirements-test.txt into .venv"
start=$SECONDS
PIP_DISABLE_PIP_VERSION_CHECK=1 .venv/bin/pip install -q -r requirements-test.txt
echo "pip install: $((SECONDS - start)) s"

say "ruff check ."
.venv/bin/ruff check .

say "pytest $*"
.venv/bin/python -m pytest "$@"
