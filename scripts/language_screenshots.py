"""Screenshots of the Playground in each language RankLab speaks, for the README:
docs/playground-<lang>.png (1280 x 900, Debian's chromium, the default list).

    .venv/bin/python scripts/language_screenshots.py

Chinese needs a CJK font in the system (scripts/test.sh installs Debian's fonts-noto-cjk); the
page names its language (`<html lang>`) and the theme lists sans-serif CJK fonts, so it is drawn
in Noto Sans CJK SC even where TeX's brush-style Kaiti is installed (ui/shared/style.py). Retake
them after a change of the Playground's first screen or of its texts in either language.
"""

from __future__ import annotations

import sys
from pathlib import Path

from playwright.sync_api import sync_playwright

REPO = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(REPO), str(REPO / "bench")]

from serving import served  # noqa: E402

from i18n import LANGUAGES, SOURCE  # noqa: E402
from tests.e2e.conftest import CHROMIUM, CHROMIUM_ARGS, VIEWPORT  # noqa: E402
from tests.e2e.helpers import wait_for_app  # noqa: E402


def main() -> None:
    with served("app.py") as server, sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM, args=["--headless", *CHROMIUM_ARGS]
        )
        for lang in LANGUAGES:
            if lang == SOURCE:
                continue
            page = browser.new_page(viewport=VIEWPORT)
            page.goto(f"{server.url}/playground?lang={lang}")
            wait_for_app(page)
            page.get_by_test_id("stMetricValue").first.wait_for()
            path = REPO / "docs" / f"playground-{lang}.png"
            page.screenshot(path=path)
            print(f"wrote {path.relative_to(REPO)}")
            page.close()
        browser.close()


if __name__ == "__main__":
    main()
