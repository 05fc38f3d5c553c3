"""The annotator agreement tab: how a second assessor's labels agree with the qrels' (Cohen's
kappa, weighted kappa, the confusion table of grades), and what changes when the runs are
evaluated with the second assessor's labels instead: each mean, each comparison, the order of
the runs, with Kendall's tau and tau_AP between the two orders when there are three runs or more
(`rankwork.stats.agreement`; the second evaluation is the page's own, cached)."""

from __future__ import annotations

from dataclasses import replace

import streamlit as st

from i18n import N_, _
from rankwork.stats.agreement import (
    Agreement,
    comparisons_change,
    means_change,
    run_order,
    strength,
)
from ui.evaluate import compute, outcome, rank_agreement
from ui.evaluate.choices import Choices
from ui.evaluate.compute import Compared, Problem
from ui.evaluate.outcome import Outcome
from ui.evaluate.sources import Collection
from ui.shared import language
from ui.shared.literal import literal
from ui.shared.numbers import grouped


def _has_subtopics(source) -> bool:
    return "subtopic" in compute.frame("qrels", source).columns


def render(done: Outcome, collection: Collection, choices: Choices) -> None:
    if not _comparable(done, collection):
        return
    threshold = choices.convention.rel_threshold
    judged, found = compute.assessor_agreement(collection.qrels, collection.qrels2, threshold)
    a, b = collection.qrels.name, collection.qrels2.name
    said = _(
        "Assessor A is **{a}**, assessor B **{b}**. Both judged **{both}** documents (same "
        "query and docno); {only_a} are judged by A only and {only_b} by B only."
    ).format(
        a=literal(a),
        b=literal(b),
        both=grouped(len(judged.both)),
        only_a=grouped(judged.only_a),
        only_b=grouped(judged.only_b),
    )
    st.markdown(
        said + _queries_note(judged.queries_only_a, "A") + _queries_note(judged.queries_only_b, "B")
    )
    if isinstance(found, Problem):
        st.error(literal(found.message), icon=":material/error:")
        return
    _agreement_cards(found, threshold)
    st.caption(
        _(
            "κ = 1 − Σ w·observed / Σ w·expected by chance (Cohen 1960; weighted: Cohen 1968), "
            "as scikit-learn's cohen_kappa_score. Words after Landis & Koch (1977)."
        )
    )
    st.markdown(_("**Confusion table of grades** (rows: A's grade, columns: B's grade)"))
    st.dataframe(found.table(), key="ev_confusion")
    _effect(done, collection, choices)


def _comparable(done: Outcome, collection: Collection) -> bool:
    """Whether there are two ordinary qrels to compare; if not, says why."""
    if not done.qrels2_ok and collection.qrels2 is not None:
        st.warning(
            _(
                "The qrels could not be read (see the message in red above), so there is "
                "nothing to compare."
            ),
            icon=":material/warning:",
        )
        return False
    if not done.qrels2_ok:
        st.info(
            _(
                "Upload a second assessor's qrels for the same queries under **Upload files** "
                "above to see how the two agree and what their disagreement does to the "
                "numbers. The sample collection has one."
            ),
            icon=":material/info:",
        )
        return False
    diverse = [f.name for f in (collection.qrels, collection.qrels2) if _has_subtopics(f)]
    if diverse:
        st.info(
            _(
                "{name} is a diversity qrels (one judgment per document and subtopic): "
                "assessor agreement here compares ordinary qrels, one grade per document, so "
                "it is not computed."
            ).format(name=literal(diverse[0])),
            icon=":material/info:",
        )
        return False
    return True


def _agreement_cards(found: Agreement, threshold: float) -> None:
    """The share of equal grades and the four kappas, each with its strength in words."""
    cards = st.columns(5)
    cards[0].metric(_("same grade"), f"{found.observed:.1%}", border=True)
    for column, (label, value, help_) in zip(
        cards[1:],
        (
            (
                _("Cohen's kappa"),
                found.kappa,
                _("On the grades, every disagreement counted alike."),
            ),
            (_("linear weighted κ"), found.linear, _("A disagreement costs |i − j| grades.")),
            (
                _("quadratic weighted κ"),
                found.quadratic,
                _("A disagreement costs (i − j)² grades."),
            ),
            (
                _("binary κ (grade ≥ {threshold:g})").format(threshold=threshold),
                found.binary_kappa,
                _("On relevant / not relevant, what P, R, AP and RR see."),
            ),
        ),
        strict=True,
    ):
        column.metric(
            label,
            f"{value:.3f}",
            delta=_(strength(value)),
            delta_color="off",
            delta_arrow="off",
            help=help_,
            border=True,
        )


def _queries_note(qids: list[str], who: str) -> str:
    if not qids:
        return ""
    shown = ", ".join(map(literal, qids[:10])) + (" …" if len(qids) > 10 else "")
    return " " + _("Queries judged by {who} only: {queries}.").format(who=who, queries=shown)


def _effect(done: Outcome, collection: Collection, choices: Choices) -> None:
    """Every run evaluated again with B's labels: means, comparisons, order of the runs."""
    st.subheader(_("With {name}'s labels instead").format(name=literal(collection.qrels2.name)))
    other = outcome.run(
        replace(collection, qrels=collection.qrels2, groups=None, qrels2=None), choices
    )
    for name, message in other.failed.items():
        st.error(
            _("**{run}** with B's labels — {message}").format(
                run=literal(name), message=literal(message)
            ),
            icon=":material/error:",
        )
    before, after = done.compared, other.compared
    if not (isinstance(before, Compared) and isinstance(after, Compared)):
        problem = next((c for c in (before, after) if isinstance(c, Problem)), None)
        st.error(
            literal(problem.message) if problem else _("No run could be evaluated with B's labels.")
        )
        return
    means = means_change(before.runs, after.runs)
    st.dataframe(
        means,
        hide_index=True,
        key="ev_means_change",
        column_config={
            **language.headers(N_("measure"), N_("run")),
            "mean_a": st.column_config.NumberColumn(_("mean with A"), format="%.4f"),
            "mean_b": st.column_config.NumberColumn(_("mean with B"), format="%.4f"),
            "change": st.column_config.NumberColumn(_("change"), format="%+.4f"),
        },
    )
    orders = [
        (measure, run_order(before.runs, measure), run_order(after.runs, measure))
        for measure in choices.names
    ]
    for measure, order_a, order_b in orders:
        if order_a == order_b:
            said = _("{measure}: {order_a} with A; the same order with B")
        else:
            said = _("{measure}: {order_a} with A; **a different order** with B: {order_b}")
        st.markdown(
            "- "
            + said.format(
                measure=literal(measure),
                order_a=" > ".join(map(literal, order_a)),
                order_b=" > ".join(map(literal, order_b)),
            )
        )
    rank_agreement.assessors(before.runs, after.runs, choices.names)
    if len(done.evaluated) > 1:
        st.markdown(_("**Each comparison of two runs, with A's and with B's labels**"))
        st.dataframe(
            comparisons_change(before.pairs, after.pairs),
            hide_index=True,
            key="ev_pairs_change",
            column_config={
                **language.headers(N_("measure"), N_("baseline"), N_("challenger")),
                "challenger_minus_baseline_a": st.column_config.NumberColumn(
                    _("challenger − baseline with A"), format="%+.4f"
                ),
                "challenger_minus_baseline_b": st.column_config.NumberColumn(
                    _("challenger − baseline with B"), format="%+.4f"
                ),
                "p_randomisation_a": st.column_config.NumberColumn(_("p with A"), format="%.4g"),
                "p_randomisation_b": st.column_config.NumberColumn(_("p with B"), format="%.4g"),
                "sign_flips": st.column_config.CheckboxColumn(_("sign flips")),
                "significance_changes": st.column_config.CheckboxColumn(
                    _("p < 0.05 changes"), help=_("Unadjusted p of the randomisation test.")
                ),
            },
        )
