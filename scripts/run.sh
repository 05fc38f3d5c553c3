#!/usr/bin/env bash
# Run the RankLab app: bash scripts/run.sh [streamlit options], e.g. --server.port 8502
set -euo pipefail
cd "$(dirname "$0")/.."

if [[ ! -x .venv/bin/python ]]; then
    echo "==> creating .venv with $(command -v python3)"
    python3 -m venv .venv
fi
echo "==> installing requirements.txt into .venv"
PIP_DISABLE_PIP_VERSION_CHECK=1 .venv/bin/pip install -q -r requirements.txt
exec .venv/bin/streamlit run app.py "$@"
