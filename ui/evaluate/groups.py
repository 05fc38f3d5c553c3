"""The groups tab: every measure's mean per query group, for every run, with 95% bootstrap
intervals (`rankwork.collection.groups.per_group_means`), as a table and as bars for one measure."""

from __future__ import annotations

import streamlit as st

from i18n import N_, _
from rankwork.collection.groups import NO_GROUP
from rankwork.stats.comparison import interval_warning
from ui.evaluate import compute, figures
from ui.evaluate.choices import Choices
from ui.evaluate.outcome import Outcome
from ui.evaluate.sources import Collection
from ui.shared import language
from ui.shared.literal import literal


def render(outcome: Outcome, collection: Collection, choices: Choices) -> None:
    if outcome.groups is None and collection.groups is not None:
        st.warning(
            _("The groups file {name} could not be read: see the message in red above.").format(
                name=literal(collection.groups.name)
            ),
            icon=":material/warning:",
        )
        return
    if outcome.groups is None:
        st.info(
            _(
                "Upload a CSV that maps each query to a group (`qid,group`) under **Upload "
                "files** above to see every measure per group. The sample collection has one."
            ),
            icon=":material/info:",
        )
        return
    per_query = {run: e.result.per_query for run, e in outcome.evaluated.items()}
    key = (outcome.key(collection, choices), collection.groups.key)
    table, ungrouped = compute.group_means(key, per_query, outcome.groups)
    if ungrouped:
        said = _(
            "{n} evaluated queries are not in the groups file and are shown as '{no_group}': "
            "{queries}"
        )
        st.warning(
            said.format(
                n=len(ungrouped),
                no_group=NO_GROUP,
                queries=", ".join(map(literal, ungrouped[:10])),
            )
            + (" …" if len(ungrouped) > 10 else ""),
            icon=":material/warning:",
        )
    wide = table.pivot_table(index="group", columns=["measure", "run"], values="mean", sort=False)
    wide.columns = [f"{measure} · {run}" for measure, run in wide.columns]
    counts = table.drop_duplicates(["run", "group"]).pivot(index="group", columns="run", values="n")
    shown = {f"queries · {run}": _("queries · {run}").format(run=run) for run in counts.columns}
    counts.columns = list(shown)
    st.dataframe(
        counts.join(wide).reset_index(),
        hide_index=True,
        key="ev_groups_table",
        column_config={
            **language.headers(N_("group")),
            **{name: st.column_config.Column(label) for name, label in shown.items()},
            **{c: st.column_config.NumberColumn(format="%.4f") for c in wide.columns},
        },
    )
    st.caption(
        _(
            "Mean of each measure over the queries of each group. The {level} intervals are in "
            "the figure and the CSV; a group of one query has none."
        ).format(level="95%")
    )
    sizes = table.loc[table["n"] > 1, "n"]  # a group of one query has no interval
    few = interval_warning(int(sizes.min()), in_group=True) if len(sizes) else None
    if few:
        st.warning(few, icon=":material/warning:")
    measure = st.selectbox(_("Measure"), choices.names, key="ev_groups_measure")
    st.plotly_chart(figures.group_bars(table, measure), key="ev_groups_plot")
    st.download_button(
        _("Download as CSV (with intervals)"),
        table.to_csv(index=False).encode("utf-8"),
        file_name="ranklab_groups.csv",
        mime="text/csv",
        icon=":material/download:",
    )
