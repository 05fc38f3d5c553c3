"""The app's pages, in one table: adding a page is one entry here (and its file in app_pages/).
The home page lists every entry with its summary; the sidebar groups them (Learn / Explore /
Evaluate).

A page's address is its name (/exercises for Exercises). An address a page had before keeps
opening it (`MOVED`: /quiz, printed on sheets and shared before the page was renamed, opens
/exercises with the link's parameters); any other address shows the home page under a message
saying there is no page there (`say_if_unknown`), where Streamlit alone would show the home page
as if it had been asked for.

Page files live in app_pages/, not pages/: while a folder called pages/ exists next to app.py,
a fresh Streamlit server (1.67) runs a deep link such as /playground?g=... in the legacy
multipage mode, without app.py (no state initialised, no page config, a KeyError on screen),
until some session has called st.navigation. tests/app/test_navigation.py keeps pages/ absent.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from urllib.parse import unquote, urlparse

import streamlit as st

from i18n import N_, _
from ui.shared.literal import literal

GROUPS = (N_("Learn"), N_("Explore"), N_("Evaluate"))  # shown translated, with _()


@dataclass(frozen=True)
class PageEntry:
    file: str
    title: str  # English, marked with N_; shown with _()
    icon: str
    url_path: str
    group: str  # one of GROUPS, or "" for the home page (listed first, without a heading)
    summary: str  # what the page is for, shown on the home page (English, marked with N_)


HOME = PageEntry(
    "app_pages/home.py",
    N_("Home"),
    ":material/home:",
    "home",
    "",
    N_("What RankLab is and where to start."),
)

PAGES: tuple[PageEntry, ...] = (
    HOME,
    PageEntry(
        "app_pages/check.py",
        N_("Check my answer"),
        ":material/fact_check:",
        "check",
        "Learn",
        N_(
            "Type the value you computed by hand: right or not, and if not which convention or "
            "mistake gives it, with the calculation that leads there."
        ),
    ),
    PageEntry(
        "app_pages/pitfalls.py",
        N_("Pitfalls lab"),
        ":material/science:",
        "pitfalls",
        "Learn",
        N_(
            "Switch common mistakes on, alone or together: the wrong and the right value, both "
            "breakdowns with the changed cells marked, the code, and why it is wrong."
        ),
    ),
    PageEntry(
        "app_pages/conventions.py",
        N_("Library conventions"),
        ":material/compare_arrows:",
        "conventions",
        "Learn",
        N_(
            "Your list under trec_eval, ir_measures, ranx, scikit-learn, LightGBM, gdeval and the "
            "textbook, why they differ, and the known disagreements worked in one click."
        ),
    ),
    PageEntry(
        "app_pages/exercises.py",
        N_("Exercises"),
        ":material/quiz:",
        "exercises",  # was "quiz": see MOVED
        "Learn",
        N_(
            "Seeded exercises a class shares by link: compute, compare, predict, choose. Answers "
            "checked and diagnosed, a score, worked solutions, sheets in Markdown and LaTeX."
        ),
    ),
    PageEntry(
        "app_pages/playground.py",
        N_("Playground"),
        ":material/tune:",
        "playground",
        "Explore",
        N_(
            "Edit a ranked list and watch nDCG, ERR, RBP, P, R, AP and RR update, with the "
            "per-rank breakdown, the calculation with your numbers, plots, and a link to share."
        ),
    ),
    PageEntry(
        "app_pages/discounts.py",
        N_("Discounts"),
        ":material/trending_down:",
        "discounts",
        "Explore",
        N_(
            "The weight each rank gets under log, rank-b, geometric, 1/i and flat discounts, "
            "the reader each models (C/W/L: continuation, weight, expected depth), where the "
            "weight goes."
        ),
    ),
    PageEntry(
        "app_pages/gains.py",
        N_("Gains"),
        ":material/stacked_line_chart:",
        "gains",
        "Explore",
        N_(
            "Linear, exponential and custom gains by grade, and when one great document beats "
            "several good ones under each gain and discount."
        ),
    ),
    PageEntry(
        "app_pages/behaviour.py",
        N_("Metric behaviour"),
        ":material/insights:",
        "behaviour",
        "Explore",
        N_(
            "Each measure as one relevant document moves down the list, swap deltas you can click "
            "to apply, ERR against nDCG on repeated documents, and every ordering of your list."
        ),
    ),
    PageEntry(
        "app_pages/evaluate.py",
        N_("Evaluate runs"),
        ":material/analytics:",
        "evaluate",
        "Evaluate",
        N_(
            "Upload qrels and runs (or use the sample): per-query values, means with confidence "
            "intervals, paired tests, groups, assessor agreement, and any query in the Playground."
        ),
    ),
)


#: Addresses pages had before -> the page's file: old links keep opening the page.
MOVED = {"quiz": "app_pages/exercises.py"}


def _forward(file: str) -> Callable[[], None]:
    """A hidden page that opens `file` with every parameter of the link it was opened with."""

    def forward() -> None:
        params = {name: st.query_params.get_all(name) for name in st.query_params}
        st.switch_page(file, query_params=params)

    return forward


def _moved_pages() -> list[st.Page]:
    titles = {entry.file: entry.title for entry in PAGES}
    return [
        st.Page(_forward(file), title=_(titles[file]), url_path=old, visibility="hidden")
        for old, file in MOVED.items()
    ]


def requested_address() -> str:
    """The page address the browser asked for, read from the URL before `st.navigation`
    resolves it (`address_of`)."""
    return address_of(st.context.url or "", st.get_option("server.baseUrlPath") or "")


def address_of(url: str, base: str = "") -> str:
    """The page address in `url` under the server's base path `base`: '' for the app's root,
    'exercises' for http://host/exercises or, with base 'ranklab', http://host/ranklab/exercises;
    percent-escapes decoded."""
    path = unquote(urlparse(url).path).strip("/")
    base = base.strip("/")
    if base and (path == base or path.startswith(base + "/")):
        path = path[len(base) :].strip("/")
    return path


def known(address: str) -> bool:
    """Whether `address` opens a page: the root, a page's address or a former one."""
    return address == "" or address in MOVED or any(e.url_path == address for e in PAGES)


def say_if_unknown(address: str, chosen: st.Page) -> None:
    """Above the home page Streamlit falls back to: there is no page at `address` (shown as
    typed, never as Markdown), and where the pages are. Only on that home page (`chosen` is
    the default page, whose url_path is ''): any other page was found, whatever the URL says."""
    if known(address) or chosen.url_path != "":
        return
    st.warning(
        _(
            "There is no page at the address /{address}. This is the home page: every page of "
            "RankLab is listed below, with a link."
        ).format(address=literal(address)),
        icon=":material/link_off:",
    )


def navigation() -> dict[str, list[st.Page]]:
    """`st.navigation`'s input: pages grouped under their headings, empty groups left out, and
    the hidden pages that forward a former address (`MOVED`)."""
    sections: dict[str, list[st.Page]] = {"": []}
    for group in GROUPS:
        sections[group] = []
    for entry in PAGES:
        sections[entry.group].append(
            st.Page(
                entry.file,
                title=_(entry.title),
                icon=entry.icon,
                url_path=entry.url_path,
                default=entry is HOME,
            )
        )
    sections[""] += _moved_pages()
    return {_(name) if name else name: pages for name, pages in sections.items() if pages}
