"""Do two measures, or two assessors, put the runs in the same order? Kendall's tau and tau_AP
between two orderings of the runs (`rankwork.stats.agreement.order_agreement`), shown on the
compare tab (two measures) and the assessor agreement tab (one measure, A's and B's labels).
With fewer than three runs there is nothing to correlate and nothing is shown.
"""

from __future__ import annotations

import pandas as pd
import streamlit as st

from i18n import N_, _
from rankwork.stats.agreement import order_agreement
from ui.shared import language
from ui.shared.literal import literal

MIN_RUNS = 3
READING = N_(
    "τ counts the pairs of runs the two orderings put the same way: 1 is the same order, 0 as "
    "many pairs swapped as kept, −1 the reverse; τ_AP counts them the same way but weighs "
    "swaps near the top of the reference ordering more, so it falls below τ when the "
    "orderings disagree about the best runs and rises above it when they disagree only about "
    "the worst."
)
FORMULAS = N_(
    "τ is Kendall's τ-b on the means (ties counted as ties), as scipy.stats.kendalltau; "
    "τ_AP = 2/(n−1) · Σ_{i=2..n} C(i)/(i−1) − 1 (Yilmaz, Aslam & Robertson, SIGIR 2008), C(i) "
    "the runs above rank i in the other ordering that are also above that run in the "
    "reference ordering; runs with equal means keep their upload order. τ_AP is not "
    "symmetric: swapping the reference changes it."
)


def _ordered(runs: list[str]) -> str:
    return " > ".join(map(literal, runs))


def measures(runs: pd.DataFrame, names: tuple[str, ...]) -> None:
    """Two measures picked by the user: the runs' order under each, tau and tau_AP."""
    st.subheader(_("Do two measures rank the runs the same?"))
    count = runs["run"].nunique()
    if count < MIN_RUNS or len(names) < 2:
        if count < MIN_RUNS:
            need = _("Comparing the runs' orders needs {n} runs or more.").format(n=MIN_RUNS)
        else:
            need = _("Comparing the runs' orders needs two measures or more.")
        st.info(need, icon=":material/info:")
        return
    left, right = st.columns(2)
    reference = left.selectbox(_("Reference measure"), names, index=0, key="ev_tau_ref")
    others = [m for m in names if m != reference]
    other = right.selectbox(_("Other measure"), others, index=0, key="ev_tau_other")
    try:
        found = order_agreement(runs, reference, runs, other)
    except ValueError as error:
        st.warning(literal(error), icon=":material/warning:")
        return
    reference_line = _("{measure}: {order} (the reference)").format(
        measure=literal(reference), order=_ordered(found.reference)
    )
    st.markdown(f"- {reference_line}\n- {literal(other)}: {_ordered(found.other)}")
    cards = st.columns(2)
    cards[0].metric(_("Kendall's τ"), f"{found.tau:.3f}", border=True)
    cards[1].metric(
        _("τ_AP (other measure against the reference)"), f"{found.tau_ap:.3f}", border=True
    )
    st.caption(_(READING) + " " + _(FORMULAS))


def assessors(before: pd.DataFrame, after: pd.DataFrame, names: tuple[str, ...]) -> None:
    """Per measure: the runs' order with A's labels (the reference) and with B's, tau, tau_AP
    (Voorhees 2000's experiment)."""
    if before["run"].nunique() < MIN_RUNS:
        return
    st.markdown(
        _(
            "**Do the two assessors rank the runs the same?** Voorhees (2000, Information "
            "Processing & Management 36(5)) asked this of TREC's assessors: their disagreements "
            "changed the scores much more than the order of the systems. A's order is the "
            "reference."
        )
    )
    rows = []
    for measure in names:
        try:
            found = order_agreement(before, measure, after, measure)
        except ValueError as error:
            st.warning(f"{literal(measure)}: {literal(error)}", icon=":material/warning:")
            continue
        rows.append(
            {
                "measure": measure,
                "order with A": " > ".join(found.reference),
                "order with B": " > ".join(found.other),  # the headers are shown translated
                "τ": found.tau,
                "τ_AP": found.tau_ap,
            }
        )
    if rows:
        st.dataframe(
            pd.DataFrame(rows),
            hide_index=True,
            key="ev_tau_assessors",
            column_config={
                **language.headers(N_("measure"), N_("order with A"), N_("order with B")),
                "τ": st.column_config.NumberColumn(format="%.3f"),
                "τ_AP": st.column_config.NumberColumn(format="%.3f"),
            },
        )
    st.caption(_(READING) + " " + _(FORMULAS))
