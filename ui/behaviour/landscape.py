"""The landscape: every ordering of the grades in the Playground's list (or a seeded sample of
them), scored by each measure, with this list's order marked among them."""

from __future__ import annotations

import pandas as pd
import streamlit as st

from i18n import N_, _
from rankwork.core.conventions import Convention
from rankwork.core.ranking import Ordered
from rankwork.explore import behaviour, orderings
from rankwork.explore.behaviour import Landscape
from ui.behaviour.controls import playground_list
from ui.behaviour.model import BEHAVIOUR
from ui.playground.readout import PlaygroundInputs
from ui.shared import cached, language
from ui.shared.literal import literal
from ui.shared.numbers import grouped


def landscape(inputs: PlaygroundInputs) -> None:
    """The section: how many orderings were scored, the histograms, the summary table."""
    st.header(_("Landscape"), anchor="landscape")
    st.markdown(
        _(
            "Every ordering of the grades in the Playground's list, scored by each measure: "
            "where does this list's order sit among all the orders it could have had?"
        )
    )
    ordered = playground_list(inputs, _("The landscape needs the Playground's list: {problem}"))
    if ordered is None:
        return
    try:
        scape = cached.landscape(ordered, inputs.convention, inputs.k)
    except ValueError as err:
        st.error(literal(err), icon=":material/error:")
        return
    _which_orderings(scape, ordered, inputs.convention)
    summary = behaviour.landscape_summary(scape)
    ndcg = summary.set_index("measure").loc["nDCG"]
    if ndcg["min"] == ndcg["max"]:
        st.info(
            _(
                "Every ordering has the same nDCG@{k} ({value:.4f}): nDCG cannot tell the "
                "orders of this list apart. That is what happens when all grades are equal: "
                "every order is then the ideal order."
            ).format(k=inputs.k, value=ndcg["min"]),
            icon=":material/info:",
        )
    st.plotly_chart(
        cached.landscape_figure(behaviour.landscape_histograms(scape), scape.current),
        **BEHAVIOUR.widget("beh_landscape_plot"),
        alt=_("Distribution of each measure over the orderings, this list marked"),
    )
    _summary_table(summary)


def _count(number: int) -> str:
    """A count as text: exact up to a million, else its order of magnitude (they get huge:
    1,000 documents have up to 1000! orderings)."""
    if number < 10**6:
        return grouped(number)
    return _("about 10^{power}").format(power=len(str(number)) - 1)


def _which_orderings(scape: Landscape, ordered: Ordered, convention: Convention) -> None:
    """Captions: all orderings or a seeded sample of them; what tie-averaging changes."""
    if scape.distinct == 1:
        st.caption(_("These grades have a single distinct ordering: every order scores the same."))
    elif scape.exact:
        st.caption(
            _("All {count} distinct orderings of the {n} grades.").format(
                count=grouped(scape.distinct), n=len(ordered)
            )
        )
    else:
        st.caption(
            _(
                "{count} random orderings (seeded, so the same every time) of the {n} grades, "
                "which have {distinct} distinct orderings: exact enumeration stops at {limit} "
                "documents."
            ).format(
                count=grouped(len(scape.values)),
                n=len(ordered),
                distinct=_count(scape.distinct),
                limit=orderings.EXACT_MAX_DOCS,
            )
        )
    if convention.ties == "average" and ordered.scores is not None:
        st.caption(
            _(
                "Orderings carry no scores, so this convention's tie-averaged DCG shapes only "
                "the list's own nDCG, not the orderings'."
            )
        )


def _summary_table(summary: pd.DataFrame) -> None:
    """Each measure's value for this list, its range over the orderings, and where it sits."""
    st.dataframe(
        summary,
        hide_index=True,
        **BEHAVIOUR.widget("beh_landscape_table"),
        column_config=language.headers(N_("measure"))
        | {
            c: st.column_config.NumberColumn(label, format="%.4f")
            for c, label in (
                ("this list", _("this list")),
                ("min", _("min")),
                ("mean", _("mean")),
                ("max", _("max")),
            )
        }
        | {
            c: st.column_config.NumberColumn(label, format="percent")
            for c, label in (
                ("share below", _("share below")),
                ("share equal", _("share equal")),
                ("share above", _("share above")),
            )
        },
    )
