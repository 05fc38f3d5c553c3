"""The means tab's geometric means: every run's geometric mean of every measure, floored at
trec_eval's 0.00001 (GMAP for AP; `rankwork.stats.geometric`, the command line's --gmean), and,
with two runs or more, the measures on which it picks another winner than the arithmetic mean.
"""

from __future__ import annotations

import streamlit as st

from i18n import N_, _
from rankwork.stats.geometric import geometric_means, winners
from ui.evaluate.choices import Choices
from ui.evaluate.outcome import Outcome
from ui.shared import language
from ui.shared.literal import literal

WHEN = N_(
    "The geometric mean counts ratios, not differences: raising a query from 0.01 to 0.02 "
    "counts as much as raising one from 0.5 to 1.0, so it changes the winner when one run "
    "leads the arithmetic mean on its easy queries and the other does less badly on the hard "
    "ones (Robertson, On GMAP, CIKM 2006)."
)
HOW = N_(
    "exp(mean(log(max(value, 0.00001)))) over the same queries as the arithmetic mean, the "
    "floor trec_eval uses for gm_map; gm of AP is GMAP. `rankwork --gmean` prints it."
)


def render(outcome: Outcome, choices: Choices) -> None:
    st.subheader(_("Geometric means (GMAP for AP)"))
    per_query = {run: e.result.per_query for run, e in outcome.evaluated.items()}
    table = geometric_means(per_query).reset_index()
    st.dataframe(
        table,
        hide_index=True,
        key="ev_gmeans",
        column_config={
            **language.headers(N_("run")),
            **{
                m: st.column_config.NumberColumn(_("gm {measure}").format(measure=m), format="%.4f")
                for m in choices.names
            },
        },
    )
    st.markdown(_(WHEN))
    if len(per_query) > 1:
        changed = [w for w in (winners(per_query, m) for m in choices.names) if w.changes]
        for found in changed:
            said = _(
                "**{measure}**: {arithmetic} has the highest arithmetic mean, {geometric} the "
                "highest geometric mean."
            )
            st.markdown(
                "- "
                + said.format(
                    measure=literal(found.measure),
                    arithmetic=literal(found.arithmetic),
                    geometric=literal(found.geometric),
                )
            )
        if not changed:
            st.markdown(_("Here the same run wins both means on every measure."))
    st.caption(_(HOW))
