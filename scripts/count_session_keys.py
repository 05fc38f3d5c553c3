"""Count the session keys a visit of every page leaves (issue 27's closing note: 163 before the
page models), and list any key no declared model owns.

    PYTHONPATH=metrics/src .venv/bin/python scripts/count_session_keys.py

Prints the number of distinct keys seen over the visit, the number left at its end, and the
stray keys (none expected).
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from streamlit.testing.v1 import AppTest  # noqa: E402

from ui.shared.models import MODELS  # noqa: E402
from ui.shared.navigation import PAGES  # noqa: E402
from ui.shared.state import stray  # noqa: E402


def main() -> None:
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=120).run()
    seen = set(at.session_state)
    for entry in PAGES:
        at.switch_page(entry.file).run()
        seen |= set(at.session_state)
    print(f"keys seen over a visit of every page: {len(seen)}")
    print(f"keys left at its end: {len(set(at.session_state))}")
    print(f"stray keys: {stray(seen, MODELS)}")


if __name__ == "__main__":
    main()
