"""The app's entry and navigation: pages come from one table, only existing pages are listed,
every page runs, and the home page links to each."""

from __future__ import annotations

from pathlib import Path

from streamlit.testing.v1 import AppTest

from ui.navigation import GROUPS, HOME, PAGES

REPO = Path(__file__).resolve().parents[2]


def test_every_listed_page_exists_and_every_page_file_is_listed() -> None:
    listed = {entry.file for entry in PAGES}
    assert all((REPO / file).is_file() for file in listed), "a listed page has no file"
    on_disk = {f"app_pages/{p.name}" for p in (REPO / "app_pages").glob("*.py")}
    assert on_disk == listed, "a page file is missing from ui/navigation.py (or the reverse)"


def test_titles_url_paths_and_groups_are_well_formed() -> None:
    assert len({entry.url_path for entry in PAGES}) == len(PAGES)
    assert all(entry.group in GROUPS for entry in PAGES if entry is not HOME)
    assert all(entry.title and entry.icon and entry.summary for entry in PAGES)


def test_no_legacy_pages_folder() -> None:
    # A pages/ folder makes a fresh server run deep links without app.py (see ui/navigation.py).
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
