"""The drill-down tab: pick a run and a query, see its ranked list, and open it in the
Playground with every judged grade (of the documents not retrieved too), under the page's
convention and the chosen measure's parameters and cutoff, so the Playground's card shows the
number in the table — and the working behind it.
"""

from __future__ import annotations

import math

import pandas as pd
import streamlit as st

from i18n import N_, _
from rankwork.core.conventions import Convention
from rankwork.core.measures import SPECS, parse
from rankwork.core.ranking import Ranking, RankingError, order
from rankwork.explore.report import HEADLINE
from ui.evaluate import compute
from ui.evaluate.choices import Choices
from ui.evaluate.outcome import Outcome
from ui.evaluate.sources import Collection
from ui.playground import state
from ui.playground.inputs import CONVENTION_FIELDS, MAX_K, SCALE_MAXIMA, grade_text
from ui.shared import language
from ui.shared.literal import literal

PLAYGROUND = "app_pages/playground.py"
PREVIEW_ROWS = 20


def ranked(ranking: Ranking, convention: Convention) -> Ranking:
    """The same query with its documents in the order the convention ranks them (score
    descending, ties by its policy), so the Playground's rank column is the rank measured."""
    position = {doc: i for i, doc in enumerate(ranking.doc_ids)}
    perm = [position[doc] for doc in order(ranking, convention).doc_ids]
    return Ranking.build(
        ranking.grades[perm],
        doc_ids=[ranking.doc_ids[i] for i in perm],
        scores=None if ranking.scores is None else ranking.scores[perm],
        unretrieved=ranking.unretrieved,
        scale_max=ranking.scale_max,
    )


def playground_settings(ranking: Ranking, measure: str, choices: Choices) -> dict:
    """The Playground settings that reproduce `measure` on this list: the preset with the
    measure's parameters, k = its cutoff (the list's length without one), the top grade."""
    parsed = parse(measure)
    convention = parsed.convention(choices.convention)
    top = min(max(math.ceil(ranking.scale_max), 1), max(SCALE_MAXIMA))
    return {
        "preset": choices.preset,
        **{name: getattr(convention, name) for name in CONVENTION_FIELDS},
        "k": parsed.cutoff or min(max(len(ranking), 1), MAX_K),
        "scale_max": top,
    }


def preview(ranking: Ranking) -> pd.DataFrame:
    """The top of the list as the Playground will show it."""
    n = min(len(ranking), PREVIEW_ROWS)
    return pd.DataFrame(
        {
            "rank": range(1, n + 1),
            "doc": ranking.doc_ids[:n],
            "grade": [grade_text(g) or _("unjudged") for g in ranking.grades[:n]],
            "score": [] if ranking.scores is None else ranking.scores[:n],
        }
    )


def render(outcome: Outcome, collection: Collection, choices: Choices) -> None:
    runs = list(outcome.evaluated)
    left, middle, right = st.columns(3)
    run = left.selectbox(_("Run"), runs, key="ev_dd_run")
    measure = middle.selectbox(_("Measure"), choices.names, key="ev_dd_measure")
    values = outcome.evaluated[run].result.per_query[measure]
    qid = right.selectbox(
        _("Query"),
        list(values.index),
        format_func=lambda q: f"{q}  ({measure} = {values[q]:.4f})",
        key="ev_dd_query",
    )
    source = collection.runs[collection.run_names.index(run)]
    try:
        ranking = ranked(compute.query_list(collection.qrels, source, qid), choices.convention)
    except RankingError as error:
        st.error(literal(error), icon=":material/error:")
        return
    if not len(ranking):
        st.info(
            _("{run} retrieved nothing for query {qid}: there is no list to open.").format(
                run=literal(run), qid=literal(qid)
            )
        )
        return
    settings = playground_settings(ranking, measure, choices)
    st.markdown(_about(ranking, run, qid, measure, values[qid], settings, choices))
    st.dataframe(
        preview(ranking),
        hide_index=True,
        key="ev_dd_preview",
        column_config=language.headers(N_("rank"), N_("doc"), N_("grade"), N_("score")),
    )
    if len(ranking) > PREVIEW_ROWS:
        st.caption(
            _("The first {shown} of {n}; the Playground gets them all.").format(
                shown=PREVIEW_ROWS, n=len(ranking)
            )
        )
    if st.button(_("Open in the Playground"), type="primary", icon=":material/open_in_new:"):
        state.load_ranking(ranking, settings)
        st.switch_page(PLAYGROUND)


def _about(
    ranking: Ranking,
    run: str,
    qid: str,
    measure: str,
    value: float,
    settings: dict,
    choices: Choices,
) -> str:
    """How many documents the query has, retrieved and not, and what the Playground will show."""
    family = parse(measure).family
    card_name = f"{family}{'' if SPECS[family].cutoff == 'none' else '@k'}"
    unretrieved = sorted(ranking.unretrieved, reverse=True)
    if unretrieved:
        counts = _(
            "Query **{qid}** of **{run}**: {n} documents retrieved; {unretrieved} judged "
            "documents not retrieved (grades {grades})."
        )
    else:
        counts = _(
            "Query **{qid}** of **{run}**: {n} documents retrieved; {unretrieved} judged "
            "documents not retrieved."
        )
    if family in HEADLINE:
        where = _(
            "In the Playground, under {preset} with k = {k}, its {card} card reads {value:.4f}, "
            "as here."
        )
    else:
        where = _(
            "In the Playground, under {preset} with k = {k}, the Playground has no {family} "
            "card, but shows every other measure."
        )
    return (
        counts.format(
            qid=literal(qid),
            run=literal(run),
            n=len(ranking),
            unretrieved=len(unretrieved),
            grades=", ".join(grade_text(g) for g in unretrieved),
        )
        + " "
        + where.format(
            preset=choices.preset,
            k=settings["k"],
            card=card_name,
            value=value,
            family=family,
        )
    )
