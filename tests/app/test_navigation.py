"""The app's entry and navigation: pages come from one table, only existing pages are listed,
every page runs, and the home page links to each."""

from __future__ import annotations

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from tests.markdown_text import unescaped
from ui.shared.navigation import GROUPS, HOME, MOVED, PAGES, address_of

REPO = Path(__file__).resolve().parents[2]


def test_every_listed_page_exists_and_every_page_file_is_listed() -> None:
    listed = {entry.file for entry in PAGES}
    assert all((REPO / file).is_file() for file in listed), "a listed page has no file"
    on_disk = {f"app_pages/{p.name}" for p in (REPO / "app_pages").glob("*.py")}
    assert on_disk == listed, "a page file is missing from ui/shared/navigation.py (or the reverse)"


def test_titles_url_paths_and_groups_are_well_formed() -> None:
    assert len({entry.url_path for entry in PAGES}) == len(PAGES)
    assert all(entry.group in GROUPS for entry in PAGES if entry is not HOME)
    assert all(entry.title and entry.icon and entry.summary for entry in PAGES)


def test_no_legacy_pages_folder() -> None:
    # A pages/ folder makes a fresh server run deep links without app.py (see
    # ui/shared/navigation.py).
    assert not (REPO / "pages").exists()


def test_home_says_what_each_page_is_for_and_links_to_it(app: AppTest) -> None:
    at = app.run()
    assert not at.exception
    assert at.title[0].value == "RankLab"
    links = {el.proto.page for el in at.get("page_link")}
    assert links == {entry.url_path for entry in PAGES if entry is not HOME}
    captions = {c.value for c in at.caption}
    assert {entry.summary for entry in PAGES if entry is not HOME} <= captions


def test_every_page_runs_without_an_exception(app: AppTest) -> None:
    at = app.run()
    for entry in PAGES:
        at.switch_page(entry.file).run()
        assert not at.exception, f"{entry.file}: {at.exception}"


def test_a_page_address_is_its_name_and_a_former_one_still_opens_it() -> None:
    exercises = next(entry for entry in PAGES if entry.file == "app_pages/exercises.py")
    assert exercises.url_path == "exercises"
    assert MOVED == {"quiz": "app_pages/exercises.py"}  # printed on sheets before the rename


def open_at(app: AppTest, address: str) -> AppTest:
    """The app as a browser opening `address` finds it (the server falls back to Home for an
    address it does not know)."""
    app.context = {"url": f"http://localhost:8501{address}"}
    at = app.run()
    assert not at.exception
    return at


def test_an_unknown_address_says_so_above_the_home_page(app: AppTest) -> None:
    at = open_at(app, "/exercisez")
    (warning,) = at.warning
    assert unescaped(warning.value).startswith("There is no page at the address /exercisez.")
    assert at.title[0].value == "RankLab"  # the home page, with its links to every page
    assert {el.proto.page for el in at.get("page_link")} >= {"exercises", "playground"}


def test_an_unknown_address_is_shown_as_typed(app: AppTest) -> None:
    at = open_at(app, "/%2A%2Abold%2A%2A")  # **bold**, percent-encoded by the browser
    assert "\\*\\*bold\\*\\*" in at.warning[0].value  # escaped: no Markdown forms


@pytest.mark.parametrize("address", ["", "/", "/exercises", "/quiz", "/playground"])
def test_a_known_address_says_nothing(app: AppTest, address: str) -> None:
    assert not open_at(app, address).warning


def test_the_address_is_read_under_a_base_path() -> None:
    assert address_of("http://host:8501") == "" and address_of("http://host:8501/") == ""
    assert address_of("http://host/exercises") == "exercises"
    assert address_of("http://host/ranklab", "ranklab") == ""
    assert address_of("http://host/ranklab/exercisez", "/ranklab/") == "exercisez"
    assert address_of("http://host/ranklab", "") == "ranklab"  # no base path: a page name
    assert address_of("http://host/a%20b") == "a b"
