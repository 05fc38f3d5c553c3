"""Links saved from the version before the page models (issue 27) keep opening: each link in
tests/data/links_v1.txt (made by tests/data/make_links_v1.py from commit af69130's own code) is
opened in the app, and the state it gives is checked field by field against values written out
here from what the link was made of, not from today's codec."""

from __future__ import annotations

from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest
from streamlit.testing.v1 import AppTest

from ui.shared.navigation import MOVED, PAGES

LINKS = dict(
    line.split("\t")
    for line in (Path(__file__).parents[1] / "data" / "links_v1.txt").read_text().splitlines()
)
TEXTBOOK_CARDS = ("DCG", "IDCG", "nDCG", "ERR", "RBP", "P", "R")


def open_link(app: AppTest, name: str) -> AppTest:
    """The app opened on the link `name`: its parameters as the browser gives them (decoded
    once), then its page (a former address, /quiz, is followed to its page)."""
    url = urlsplit(LINKS[name])
    for param, values in parse_qs(url.query, keep_blank_values=True).items():
        app.query_params[param] = values if len(values) > 1 else values[0]
    at = app.run()
    address = url.path.strip("/")
    page = MOVED.get(address) or next(e.file for e in PAGES if e.url_path == (address or "home"))
    at.switch_page(page).run()
    assert not at.exception
    assert not at.warning, [w.value for w in at.warning]  # nothing in the link was refused
    return at


def table(at: AppTest, name: str, column: str) -> list:
    return at.session_state[name][column].tolist()


def test_the_default_playground(app: AppTest) -> None:
    at = open_link(app, "playground_default")
    assert table(at, "ranking", "grade") == ["3", "2", "3", "0", "1", "2"]
    assert table(at, "ranking", "doc") == ["d1", "d2", "d3", "d4", "d5", "d6"]
    assert table(at, "unretrieved", "grade") == ["3", "2"]
    settings = at.session_state["settings"]
    assert (settings["scale_max"], settings["k"], settings["preset"]) == (4, 5, "Textbook")
    assert (settings["gain"], settings["discount"], settings["log_base"]) == (
        "exponential",
        "log",
        2,
    )
    assert settings["presentation"] is False and settings["condensed"] is False
    assert tuple(settings["cards"]) == TEXTBOOK_CARDS and tuple(settings["more"]) == ()
    assert at.session_state["language"] == "en"


def test_labels_scores_cutoff_and_a_tools_convention(app: AppTest) -> None:
    at = open_link(app, "playground_labels_cutoff_convention")
    assert table(at, "ranking", "doc") == ["doc-α", "a,b", "50%", "z"]
    assert table(at, "ranking", "grade") == ["3", "", "2", "1"]
    assert table(at, "ranking", "score") == [0.9, 0.5, 0.5, 0.1]
    assert table(at, "unretrieved", "grade") == ["2"]
    settings = at.session_state["settings"]
    assert (settings["scale_max"], settings["k"], settings["decimals"]) == (3, 3, 3)
    assert settings["preset"] == "trec_eval ndcg_cut"
    assert settings["gain"] == "exponential"  # trec_eval's is linear: the link changed it
    assert settings["rel_threshold"] == 2.0
    assert settings["condensed"] is True


def test_the_projector_and_its_cards(app: AppTest) -> None:
    at = open_link(app, "playground_projector_cards")
    settings = at.session_state["settings"]
    assert settings["presentation"] is True
    assert tuple(settings["cards"]) == ("nDCG", "ERR", "RBP")
    assert tuple(settings["more"]) == ("Q",)
    assert settings["k"] == 4
    assert table(at, "ranking", "grade") == ["2", "1", "0", "2"]


def test_a_custom_gain_and_a_changed_discount(app: AppTest) -> None:
    at = open_link(app, "playground_custom_gain")
    settings = at.session_state["settings"]
    assert settings["gain"] == "custom"
    assert settings["gain_map"] == ((0, 0), (1, 1), (2, 5), (3, 7), (4, 9))
    assert table(at, "gain_map", "gain") == [0, 1, 5, 7, 9]
    assert (settings["discount"], settings["log_base"]) == ("jk", 3)
    assert (settings["err_gmax"], settings["rbp_p"]) == (3, 0.9)


def test_subtopics_alpha_and_weights(app: AppTest) -> None:
    at = open_link(app, "playground_subtopics")
    assert table(at, "ranking", "subtopics") == ["1, 2", "2", ""]
    assert table(at, "unretrieved", "subtopics") == ["3"]
    settings = at.session_state["settings"]
    assert settings["alpha"] == 0.7
    assert settings["weights"] == "1:0.5, 2:0.3, 3:0.2"


def test_an_exercise_round_in_chinese_with_a_tolerance_on_the_projector(app: AppTest) -> None:
    at = open_link(app, "exercise_round")
    assert at.session_state["language"] == "zh"
    assert at.session_state["ex_seed"] == 42
    assert at.session_state["ex_conv"] == "trec-eval-ndcg-cut"
    assert at.session_state["ex_k"] == 3
    assert at.session_state["ex_kinds"] == ["dcg", "predict"]
    assert at.session_state["ex_tol"] == 0.001
    assert at.session_state["settings"]["presentation"] is True


def test_a_round_at_the_former_address(app: AppTest) -> None:
    at = open_link(app, "exercise_quiz_address")
    assert at.session_state["ex_seed"] == 7
    assert at.session_state["ex_conv"] == "textbook"
    assert at.session_state["ex_k"] == 4
    assert at.session_state["ex_kinds"] == ["compare"]
    assert at.session_state["ex_tol"] is None


def test_a_round_copied_from_the_address_bar_in_chinese(app: AppTest) -> None:
    # the convention and the kinds as the widgets showed them: 教科书 is Textbook
    at = open_link(app, "exercise_address_bar_zh")
    assert at.session_state["ex_seed"] == 9
    assert at.session_state["ex_conv"] == "textbook"
    assert at.session_state["ex_kinds"] == ["choose", "compare"]


@pytest.mark.parametrize(("name", "language"), [("language_home", "vi"),
                                                ("language_playground", "zh")])  # fmt: skip
def test_a_language_link(app: AppTest, name: str, language: str) -> None:
    at = open_link(app, name)
    assert at.session_state["language"] == language


def test_the_playground_in_chinese_keeps_its_list(app: AppTest) -> None:
    at = open_link(app, "language_playground")
    assert table(at, "ranking", "grade") == ["1", "0", "2"]
