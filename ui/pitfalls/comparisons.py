"""The best of many comparisons without correction: m variants of a run that differ from it by
noise alone, each compared with it by the paired t-test; how many come out below 0.05, what
Holm's adjustment makes of the smallest p, and the wrong and the right program (numbers from
`rankwork.collection.pitfalls` through `ui.shared.cached`)."""

from __future__ import annotations

import numpy as np
import streamlit as st

from i18n import N_, _
from rankwork.collection import pitfalls as core
from rankwork.collection.pitfalls import NullComparisons
from ui.pitfalls.model import PITFALLS, SEED_KEY, VALID_VARIANTS_KEY
from ui.pitfalls.sample import RUNS, SHOWN_DIR, number, programs, qrels_path, run_path
from ui.shared import cached, language
from ui.shared.literal import literal


def best_of_many_comparisons(decimals: int) -> None:
    """The mistake's whole section, on the sample collection."""
    st.markdown(
        _(
            "Compare many systems, settings or seeds with a baseline, pick the one with the "
            "smallest p-value, and report it as significant: with enough comparisons one comes "
            "out below 0.05 by chance alone. Here nothing differs by construction. Each "
            "*variant* is a run's per-query AP plus noise drawn independently for every query "
            "from a normal distribution with mean 0 and standard deviation {sigma} (not "
            "clipped to [0, 1], so that it stays zero-mean), and each is compared with the run "
            "by the paired t-test. The run cancels out: each difference is the noise alone, so "
            "any run gives the same p-values (the run picked only names the file in the "
            "programs)."
        ).format(sigma=core.SIGMA)
    )
    run, m, seed = _draw_controls()
    values = cached.per_query_of_files(qrels_path(), run_path(run))
    try:
        result = cached.null_comparisons(values, m, seed)
    except ValueError as err:
        st.error(literal(err), icon=":material/error:")
        return
    places = max(decimals, 4)  # a probability keeps 4 decimals whatever the Playground shows
    _cards(result, m, places)
    _explanation(result, m, places)
    _variants_table(result, decimals, places)
    _t_test_programs(result, values, run, m, seed, decimals)


def _draw_again() -> None:
    """Callback: the next seed."""
    st.session_state[SEED_KEY] = st.session_state.get(SEED_KEY, core.SEED) + 1


def _draw_controls() -> tuple[str, int, int]:
    """The run, the number of variants m and the seed (with the button that draws again)."""
    run_col, m_col, seed_col = st.columns([2, 1, 2])
    with run_col:
        run = st.radio(
            _("Run"), list(RUNS), index=1, horizontal=True, **PITFALLS.widget("lab_null_run"),
        )  # fmt: skip
    m = _variants(m_col)
    seed = st.session_state.setdefault(SEED_KEY, core.SEED)
    with seed_col:
        st.button(
            _("Draw again"),
            on_click=_draw_again,
            **PITFALLS.widget("lab_draw_again"),
            icon=":material/casino:",
        )
        st.caption(_("Seed {seed}: the same seed draws the same variants.").format(seed=seed))
    return run, m, seed


def _variants(column) -> int:
    """The m typed, or the last valid one after saying what is wrong at the control."""
    with column:
        typed = st.number_input(
            _("Variants m"),
            value=core.VARIANTS,
            step=1,
            **PITFALLS.widget("lab_variants"),
            help=_("A whole number from {low} to {high}.").format(
                low=core.MIN_VARIANTS, high=core.MAX_VARIANTS
            ),
        )
        try:
            m = core.check_variants(typed)
        except ValueError as err:
            m = st.session_state.get(VALID_VARIANTS_KEY, core.VARIANTS)
            st.error(
                _("{error} The table is for m = {m}.").format(error=literal(err), m=m),
                icon=":material/error:",
            )
        st.session_state[VALID_VARIANTS_KEY] = m
    return m


def _cards(result: NullComparisons, m: int, places: int) -> None:
    """How many variants are below alpha, uncorrected and Holm-adjusted; the smallest p."""
    alpha = number(result.alpha, 2)
    cards = st.columns(4)
    cards[0].metric(
        _("p < {alpha}, uncorrected").format(alpha=alpha),
        _("{count} of {m}").format(count=result.significant, m=m),
    )
    cards[1].metric(
        _("Smallest p (variant {variant})").format(variant=result.best),
        number(result.best_p, places),
    )
    cards[2].metric(_("Its Holm-adjusted p"), number(result.best_holm, places))
    cards[3].metric(
        _("Holm-adjusted p < {alpha}").format(alpha=alpha),
        _("{count} of {m}").format(count=result.significant_holm, m=m),
    )


def _claim(result: NullComparisons, m: int, places: int) -> str:
    """What reporting the best variant as significant claims, or that this draw has none."""
    alpha, share = number(result.alpha, 2), f"{result.alpha:.0%}"
    best = result.table.set_index("variant").loc[result.best, "mean_difference"]
    if not result.best_p < result.alpha:
        return _(
            "This draw has no variant below {alpha}, as (1 − {alpha})^{m} = {none} of draws "
            "have none: draw again."
        ).format(alpha=alpha, m=m, none=number(1 - result.at_least_one, places))
    said = (
        _(
            "Reporting variant {variant} as significantly different from the run with "
            "p = {p} (it is better: mean difference {difference}) reports that chance as "
            "{share}."
        )
        if best > 0
        else _(
            "Reporting variant {variant} as significantly different from the run with "
            "p = {p} (it is worse: mean difference {difference}) reports that chance as "
            "{share}."
        )
    )
    return said.format(
        variant=result.best,
        p=number(result.best_p, places),
        difference=f"{best:+.{places}f}",
        share=share,
    )


def _explanation(result: NullComparisons, m: int, places: int) -> None:
    """Why one of m tests comes out below alpha by chance, and what Holm's adjustment does."""
    alpha = number(result.alpha, 2)
    st.markdown(
        _(
            "When nothing differs, each test alone comes out below {alpha} in {share} of "
            "draws: it sees the noise, normal with mean 0, for which the t-test is exact. "
            "About {alpha} × {m} = {expected} of the {m} variants are expected below it, and "
            "the chance that **at least one** of {m} independent tests is below it is "
            "1 − (1 − {alpha})^{m} = **{at_least_one}**. {claim} Holm's adjustment (1979) "
            "multiplies the smallest p by m, the next by m − 1, and so on (each at least the "
            "one before, at most 1), which keeps the chance of any false call at most {share} "
            "whatever the dependence between the tests: the smallest p becomes {best_holm}."
        ).format(
            alpha=alpha,
            share=f"{result.alpha:.0%}",
            m=m,
            expected=number(result.expected, 2),
            at_least_one=number(result.at_least_one, places),
            claim=_claim(result, m, places),
            best_holm=number(result.best_holm, places),
        )
    )


def _variants_table(result: NullComparisons, decimals: int, places: int) -> None:
    alpha = number(result.alpha, 2)
    holm_below = _("Holm p < {alpha}").format(alpha=alpha)
    st.dataframe(
        result.table,
        hide_index=True,
        **PITFALLS.widget("lab_null_table"),
        column_config={
            **language.headers(N_("variant")),
            "mean_difference": st.column_config.NumberColumn(
                _("mean difference"), format=f"%.{decimals}f"
            ),
            "t": st.column_config.NumberColumn("t", format=f"%.{decimals}f"),
            "p": st.column_config.NumberColumn("p", format=f"%.{places}f"),
            "significant": st.column_config.CheckboxColumn(f"p < {alpha}"),
            "holm": st.column_config.NumberColumn(_("Holm p"), format=f"%.{places}f"),
            "significant_holm": st.column_config.CheckboxColumn(holm_below),
        },
    )


def _t_test_programs(
    result: NullComparisons, values: np.ndarray, run: str, m: int, seed: int, decimals: int
) -> None:
    """The wrong program (the smallest p alone) and the right one (the m p-values adjusted)."""
    st.markdown(
        _(
            "**The two programs**: the same draw, with scipy's `ttest_rel` for the t-test; the "
            "wrong one reads the smallest p alone, the right one adjusts the m p-values first."
        )
    )
    label = f"per-query AP of {SHOWN_DIR}/{RUNS[run]}, trec_eval's conventions and query order"
    verdict = {True: _("significant"), False: _("not significant")}
    programs(
        core.comparisons_program(values, label, m, seed, wrong=True),
        _("Sets best_p = {p} (variant {variant}): {verdict}.").format(
            p=number(result.best_p, decimals),
            variant=result.best,
            verdict=verdict[result.best_p < result.alpha],
        ),
        core.comparisons_program(values, label, m, seed, wrong=False),
        _("Sets best_p = {p} (variant {variant}): {verdict}.").format(
            p=number(result.best_holm, decimals),
            variant=result.best,
            verdict=verdict[result.best_holm < result.alpha],
        ),
    )
