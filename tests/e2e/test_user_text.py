"""Issue 11.14 in the browser: a shared link's values are echoed in the Playground's warning as
literal text. Chromium renders the page; the warning must show the text exactly, hold no link
or image, and no request may go to the address the link names (the beacon of the issue)."""

from __future__ import annotations

from urllib.parse import quote, urlparse

from playwright.sync_api import Page, expect

from tests.e2e.helpers import TIMEOUT_MS, wait_for_app
from ui.shared.literal import WORD_JOINER

LINK = "[Login](https://evil.example/x)"
IMAGE = "![](https://evil.example/beacon.png)"
BARE = "https://evil.example/bare www.evil.example"  # GitHub's autolinks
MARKUP = "**bold** <b>tag</b> :red[red] $x^2$"
ICONS = ":material/home: :smile: :+1:"  # Streamlit's icon and emoji shortcodes


def test_link_values_are_shown_literally(page: Page, console_errors: list[str]) -> None:
    requested: list[str] = []
    page.on("request", lambda request: requested.append(urlparse(request.url).hostname or ""))
    query = "&".join(
        f"{key}={quote(value, safe='')}"
        for key, value in (
            ("preset", LINK),
            ("k", IMAGE),
            ("disc", BARE),
            ("ties", MARKUP),
            ("neg", ICONS),
        )
    )
    page.goto(f"/playground?{query}")
    wait_for_app(page)
    warning = page.get_by_test_id("stAlert").filter(has_text="damaged or edited by hand")
    expect(warning).to_be_visible(timeout=TIMEOUT_MS)
    text = warning.inner_text().replace(WORD_JOINER, "")  # invisible, breaks bare addresses
    # values over 40 characters are shortened to 37 and '...'
    for value in (f"preset='{LINK}'", f"k='{IMAGE}'", f"disc='{BARE[:37]}...'", MARKUP, ICONS):
        assert value in text, (value, text)
    items = warning.locator("li")
    expect(items).to_have_count(5)
    assert items.locator("a, img, strong, b, code, .katex, svg, span").count() == 0
    assert page.locator("a[href*='evil.example'], img[src*='evil.example']").count() == 0
    assert not [host for host in requested if host.endswith("evil.example")]
    assert console_errors == []
