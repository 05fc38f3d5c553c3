"""Writes tests/data/links_v1.txt: links as RankLab made them before issue 27's state models.

It imports the link code of that version (ui.url_state, ui.exercises), so it runs from a
checkout of commit af69130, the last one before the models::

    mkdir /tmp/v1 && git archive af69130 | tar -x -C /tmp/v1
    cd /tmp/v1 && PYTHONPATH=metrics/src:. python /path/to/make_links_v1.py > links_v1.txt

Each line is ``name<TAB>path?query``. tests/app/test_links_v1.py opens every one with today's
codec and checks the state it yields against values written out by hand in the test.
"""

from __future__ import annotations

from urllib.parse import urlencode

from i18n import translations
from rankwork.core.ranking import Ranking
from rankwork.teaching.exercises import KINDS
from ui import url_state
from ui.model import default_settings, preset_fields


def playground(name: str, ranking: Ranking, **changes: object) -> str:
    settings = {**default_settings(), **changes}
    if "preset" in changes:
        settings.update(preset_fields(str(changes["preset"])))
        settings.update(changes)
    params = url_state.encode(ranking, settings)
    return f"{name}\t/playground?{urlencode(params, safe=',:')}"


LINES = [
    playground("playground_default", Ranking.build([3, 2, 3, 0, 1, 2], unretrieved=[3, 2])),
    playground(
        "playground_labels_cutoff_convention",
        Ranking.build(
            ["3", "", "2", "1"],
            doc_ids=["doc-α", "a,b", "50%", "z"],
            scores=[0.9, 0.5, 0.5, 0.1],
            unretrieved=[2],
            scale_max=3,
        ),
        scale_max=3,
        k=3,
        preset="trec_eval ndcg_cut",
        gain="exponential",
        rel_threshold=2.0,
        decimals=3,
        condensed=True,
    ),
    playground(
        "playground_projector_cards",
        Ranking.build([2, 1, 0, 2]),
        presentation=True,
        cards=("nDCG", "ERR", "RBP"),
        more=("Q",),
        k=4,
    ),
    playground(
        "playground_custom_gain",
        Ranking.build([2, 1, 0]),
        gain="custom",
        gain_map=((0.0, 0.0), (1.0, 1.0), (2.0, 5.0), (3.0, 7.0), (4.0, 9.0)),
        discount="jk",
        log_base=3.0,
        err_gmax=3.0,
        rbp_p=0.9,
    ),
    playground(
        "playground_subtopics",
        Ranking.build(
            [2, 1, 0],
            unretrieved=[1],
            intents=__import__("rankwork.core.intents", fromlist=["Intents"]).Intents.build(
                ["1, 2", "2", ""], [("u1", "3")]
            ),
        ),
        alpha=0.7,
        weights="1:0.5, 2:0.3, 3:0.2",
    ),
    "exercise_round\t/exercises?"
    + urlencode(
        {
            "seed": 42,
            "qconv": url_state.preset_slug("trec_eval ndcg_cut"),
            "qk": 3,
            "ex": ["dcg", "predict"],
            "lang": "zh",
            "qtol": "0.001",
            "pm": 1,
        },
        doseq=True,
    ),
    "exercise_quiz_address\t/quiz?"
    + urlencode({"seed": 7, "qconv": "textbook", "qk": 4, "ex": ["compare"]}, doseq=True),
    # the address bar of that version: the bound widgets kept the shown text (the convention's
    # name and the kinds' titles, in the session's language: here Chinese)
    "exercise_address_bar_zh\t/exercises?"
    + urlencode(
        {
            "seed": 9,
            "qconv": translations("zh").gettext("Textbook"),
            "qk": 5,
            "ex": [translations("zh").gettext(KINDS[k]) for k in ("choose", "compare")],
            "lang": "zh",
        },
        doseq=True,
    ),
    "language_home\t/?lang=vi",
    "language_playground\t/playground?"
    + urlencode(
        {**url_state.encode(Ranking.build([1, 0, 2]), default_settings()), "lang": "zh"},
        safe=",:",
    ),
]

if __name__ == "__main__":
    print("\n".join(LINES))
