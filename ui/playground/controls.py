"""Convention controls and the preset picker: one widget per Convention field, bound to the
settings in `ui.playground.state` (so they survive page switches and can be set by a preset or
a link).

Widgets that take numbers have no bounds: a value the core rejects (k = 0, a log base of 1, p = 1)
stays as typed and its message is shown next to the controls, while the page keeps the last
valid result.
"""

from __future__ import annotations

import numpy as np
import streamlit as st

from i18n import N_, _
from rankwork.core.conventions import (
    IDEALS,
    NEGATIVES,
    PRESETS,
    RBP_GAINS,
    TIES,
    Convention,
)
from rankwork.core.discounts import DISCOUNTS
from rankwork.core.gains import GAINS
from rankwork.core.gains import gain as gain_of
from rankwork.core.measures import SPECS
from rankwork.explore.report import MORE
from ui.playground import novelty, state
from ui.playground.inputs import (
    MAX_K,
    SCALE_MAXIMA,
    cutoff_from,
    describe_differences,
    gain_map_frame,
    has_subtopics,
    preset_fields,
)
from ui.shared import language

IDEAL_LABELS = {
    "judged": N_("all judged documents (retrieved or not)"),
    "retrieved": N_("the retrieved list only"),
    "none": N_("k documents of the top grade"),
}
TIE_LABELS = {
    "docno_desc": N_("doc id descending (trec_eval)"),
    "input": N_("input order"),
    "reverse_input": N_("reverse input order"),
    "average": N_("gains averaged (scikit-learn)"),
}
NEGATIVE_LABELS = {
    "reject": N_("are an error"),
    "clip": N_("count as 0"),
    "unjudged": N_("count as unjudged (trec_eval)"),
    "keep": N_("are kept (a negative gain)"),
}
RBP_GAIN_LABELS = {
    "graded": "g / gmax",
    "binary": N_("1 if relevant (grade ≥ threshold)"),
    "raw": N_("g (ranx)"),
}
EMPTY_LABELS = {0.0: N_("0 (trec_eval, most tools)"), 1.0: N_("1 (LightGBM)")}


K_OFFER = "k_offer"  # (the list's length, k) after a text read made the list longer than k
DRAWN_FROM = "settings_drawn_from"  # `drawn_from()` when the last full run drew the settings

# --- callbacks -------------------------------------------------------------------------------


def _apply_preset() -> None:
    """Set every convention field to the preset in the picker (on a pick, or "Back to ...")."""
    state.set_settings(preset_fields(st.session_state[state.WIDGET_PREFIX + "preset"]))


def _prefill_gain_map() -> None:
    """On switching to a custom gain: start the map from the gains in use until now."""
    if not _reads_map(st.session_state[state.WIDGET_PREFIX + "gain"]):
        return
    if len(state.table(state.GAIN_MAP)):
        return
    previous = state.settings()["gain"]
    kind = "exponential" if _reads_map(previous) else previous
    grades = np.arange(int(state.settings()["scale_max"]) + 1, dtype=float)
    gains = gain_of(grades, Convention(gain=kind))
    state.replace_table(state.GAIN_MAP, gain_map_frame(zip(grades, gains, strict=True)))


def _reads_map(gain: str) -> bool:
    """Whether the gain named `gain` reads the gain map (custom)."""
    return "gain_map" in GAINS[gain].parameters


def _set_k(k: int) -> None:
    state.set_settings({"k": k})
    st.session_state.pop(K_OFFER, None)


# --- the controls ----------------------------------------------------------------------------


def preset_picker() -> None:
    """The preset selectbox (what it reproduces is written by `describe_preset`)."""
    state.bound(
        "preset",
        st.selectbox,
        _("Preset"),
        options=list(PRESETS),
        format_func=language.labels({name: name for name in PRESETS}),
        on_change=_apply_preset,
        help=_("Sets every choice below to reproduce a tool or a paper."),
    )


def describe_preset() -> None:
    """Which tool the settings reproduce, or how they differ from the preset picked last."""
    name = state.settings()["preset"]
    convention = state.current_convention()
    preset = PRESETS[name]
    if isinstance(convention, Convention) and convention is not preset:
        st.caption(
            _("**Modified from {preset}:** {changes}").format(
                preset=_(name), changes=_("; ").join(describe_differences(convention, name))
            )
        )
        st.button(
            _("Back to {preset}").format(preset=_(name)),
            on_click=_apply_preset,
            icon=":material/undo:",
        )
    else:
        st.caption(_("**Reproduces:** {source}").format(source=_(preset.source)))
        for note in preset.notes:
            st.caption(_("Note: {note}").format(note=_(note)))


def cutoff_and_scale() -> None:
    """k, the grade scale's top grade and the relevance threshold, with k's message."""
    left, middle, right = st.columns(3)
    with left:
        state.bound(
            "k",
            st.number_input,
            _("Cutoff k"),
            step=1,
            help=_("A whole number, 1 to 1,000."),
        )
    with middle:
        state.bound(
            "scale_max",
            st.selectbox,
            _("Top grade"),
            options=SCALE_MAXIMA,
            help=_("Grades run from 0 to this. ERR's and graded RBP's gmax default to it."),
        )
    with right:
        state.bound(
            "rel_threshold",
            st.number_input,
            _("Relevant if ≥"),
            step=1.0,
            format="%g",
            help=_("For P, R, F1, AP, RR and R-Precision (and binary RBP)."),
        )
    k = state.current_k()
    if isinstance(k, ValueError):
        st.error(
            _("{error} The results below are for the last valid k.").format(error=k),
            icon=":material/error:",
        )
    state.bound(
        "condensed",
        st.toggle,
        _("Condensed list: unjudged removed"),
        help=_(
            "Score the list without its unjudged documents (Sakai, SIGIR 2007): nDCG′, AP′, "
            "P′, ... The judged documents move up; the ideal ranking and R stay. Off: an unjudged "
            "document counts as non-relevant in its place."
        ),
    )


def remember_list_read(length: int) -> None:
    """After a list is read from the text box: when it is longer than k, remember to offer
    k = its length. A list pasted for a lesson is usually meant to be scored whole, but k is
    never changed unasked: a k chosen on purpose (P@5 of a longer list) must stay."""
    k = state.current_k()
    longer = isinstance(k, int) and k < length <= MAX_K
    st.session_state[K_OFFER] = (length, k) if longer else None


def _k_typed() -> int | None:
    """k as the widget holds it (in this run it may be newer than the setting, which the widget
    updates further down the page), or None when it is no valid k."""
    typed = st.session_state.get(state.WIDGET_PREFIX + "k", state.settings()["k"])
    try:
        return cutoff_from(typed)
    except ValueError:
        return None


def whole_list_k_offer() -> None:
    """The offer `remember_list_read` kept, with why, while the list has that length and k is
    unchanged: one click sets k to the list's length; changing k by hand drops the offer."""
    offer = st.session_state.get(K_OFFER)
    if offer is None:
        return
    length, k = offer
    ranking = state.current_ranking()
    if _k_typed() != k or isinstance(ranking, ValueError) or len(ranking) != length:
        st.session_state.pop(K_OFFER)
        return
    st.caption(
        _(
            "{n} documents read, but k = {k}: the cards score the top {k} only, the rest lie "
            "beyond k. k stays as it was, in case it was chosen on purpose."
        ).format(n=length, k=k)
    )
    st.button(
        _("Set k = {n} (the list's length)").format(n=length),
        on_click=_set_k,
        args=(length,),
        icon=":material/straighten:",
    )


def gain_and_discount() -> None:
    """Gain (with the custom map table) and discount (with its b or p)."""
    gain = state.bound(
        "gain",
        st.segmented_control,
        _("Gain"),
        options=list(GAINS),
        format_func=language.labels({name: kind.label for name, kind in GAINS.items()}),
        required=True,
        on_change=_prefill_gain_map,
    )
    if _reads_map(gain):
        st.caption(_("Custom gains: one row per grade that occurs."))
        state.edit_table(
            state.GAIN_MAP,
            num_rows="dynamic",
            hide_index=True,
            column_config={
                "grade": st.column_config.NumberColumn(_("grade"), format="%g", required=True),
                "gain": st.column_config.NumberColumn(_("gain"), format="%g", required=True),
            },
        )
    left, right = st.columns([3, 2])
    with left:
        discount = state.bound(
            "discount",
            st.selectbox,
            _("Discount"),
            options=list(DISCOUNTS),
            format_func=language.labels({name: kind.label for name, kind in DISCOUNTS.items()}),
            help=_("log: 1/log_b(i+1). Rank-b: 1 for i < b, then 1/log_b(i). Geometric: p^(i−1)."),
        )
    with right:
        for parameter in DISCOUNTS[discount].parameters:
            _discount_parameter(parameter)


def _discount_parameter(field: str) -> None:
    """The input of one Convention field a discount reads (its base b, its p)."""
    if field == "log_base":
        state.bound(
            "log_base",
            st.number_input,
            _("Base b"),
            step=1.0,
            format="%g",
            help=_("2 is the usual; gdeval's natural log is b = e ≈ 2.71828."),
        )
    elif field == "discount_p":
        state.bound("discount_p", st.number_input, "p", step=0.05, format="%g")


def ideal_err_rbp() -> None:
    """Where IDCG's ideal ranking comes from and whether it is cut; ERR's gmax; RBP's p."""
    state.bound(
        "ideal",
        st.selectbox,
        _("Ideal ranking from"),
        options=IDEALS,
        format_func=language.labels(IDEAL_LABELS),
    )
    state.bound(
        "ideal_cut",
        st.toggle,
        _("Cut the ideal ranking at k"),
        help=_(
            "Off: every judged relevant document counts in IDCG while DCG stays cut at k, "
            "a mix no tool prints (trec_eval's ndcg cuts neither: the next switch)."
        ),
    )
    state.bound(
        "dcg_cutoff",
        st.toggle,
        _("k applies to DCG and nDCG"),
        help=_(
            "Off: DCG, IDCG and nDCG read the whole list and every judged document, as "
            "trec_eval's ndcg (no cutoff) does."
        ),
    )
    left, right = st.columns(2)
    with left:
        state.bound(
            "err_gmax",
            st.number_input,
            _("ERR gmax"),
            value=None,
            step=1.0,
            format="%g",
            placeholder=_("top grade"),
            help=_("R_i = (2^g − 1)/2^gmax. Empty: the top grade. gdeval fixes it at 4."),
        )
    with right:
        state.bound("rbp_p", st.number_input, _("RBP persistence p"), step=0.05, format="%g")


def more_cards() -> None:
    """The measures added as cards beside the headline ones (`rankwork.explore.report.MORE`)."""
    state.bound(
        "more",
        st.multiselect,
        _("More measures as cards"),
        options=MORE,
        format_func=lambda family: SPECS[family].title,
        placeholder=_("Q-measure, infAP, bpref, INST, ..."),
        help=_(
            "Each at k when it takes a cutoff, with its range over the unjudged documents "
            "(but bpref and infAP, which read them their own way). "
            "The Discounts page shows the C/W/L ones (INST, INSQ, NERR10, BPM) as readers."
        ),
    )


def more_choices() -> None:
    """The choices presets make that rarely change by hand, and the decimals shown."""
    with st.expander(_("More choices")):
        left, right = st.columns(2)
        with left:
            state.bound(
                "ties",
                st.selectbox,
                _("Tied scores ordered by"),
                options=TIES,
                format_func=language.labels(TIE_LABELS),
            )
            state.bound(
                "negative",
                st.selectbox,
                _("Negative grades"),
                options=NEGATIVES,
                format_func=language.labels(NEGATIVE_LABELS),
            )
            state.bound(
                "float32_scores",
                st.checkbox,
                _("Compare scores as 32-bit floats"),
                help=_("trec_eval ≤ 9.0.8 and pytrec_eval do; close scores then tie."),
            )
        with right:
            state.bound(
                "empty_value",
                st.selectbox,
                _("nDCG when IDCG = 0"),
                options=(0.0, 1.0),
                format_func=language.labels(EMPTY_LABELS),
            )
            state.bound(
                "rbp_gain",
                st.selectbox,
                _("RBP gain"),
                options=RBP_GAINS,
                format_func=language.labels(RBP_GAIN_LABELS),
            )
            state.bound(
                "rbp_gmax",
                st.number_input,
                _("RBP gmax"),
                value=None,
                step=1.0,
                format="%g",
                placeholder=_("top grade"),
            )
        state.bound(
            "decimals",
            st.number_input,
            _("Decimals shown"),
            min_value=0,
            max_value=12,
            step=1,
            help=_("For the cards, the table and the calculation; the link keeps full precision."),
        )


def render(built: bool = True) -> None:
    """Every convention control, then the message of a value the core rejects; and what they
    were drawn from (`stale`). `built` False: the settings are not drawn this run (closed in
    presentation mode)."""
    st.session_state[DRAWN_FROM] = None
    if not built:
        return
    _controls()
    st.session_state[DRAWN_FROM] = drawn_from()


def drawn_from() -> str:
    """A text that changes exactly when the settings column must be drawn again: the settings'
    values, whether the list has subtopics (the diversity controls show) and the diversity
    settings' message (the weights are checked against the list's subtopics)."""
    diversity = state.current_diversity()
    return repr(
        (
            sorted(state.settings().items()),
            has_subtopics(state.table(state.RANKING), state.table(state.UNRETRIEVED)),
            str(diversity) if isinstance(diversity, ValueError) else "",
        )
    )


def stale() -> bool:
    """Whether the settings column the last full run drew no longer shows the current state:
    an edit of the list reruns only ui.playground.live, which then asks for a full run."""
    drawn = st.session_state.get(DRAWN_FROM)
    return drawn is not None and drawn != drawn_from()


def _controls() -> None:
    """Every convention control, then the message of a value the core rejects."""
    preset_picker()
    description = st.container()  # filled last: the settings are only complete after the widgets
    cutoff_and_scale()
    more_cards()
    gain_and_discount()
    ideal_err_rbp()
    more_choices()
    novelty.settings()
    with description:
        describe_preset()
    convention = state.current_convention()
    if isinstance(convention, ValueError):
        st.error(
            _("{error} The results below are for the last valid settings.").format(
                error=convention
            ),
            icon=":material/error:",
        )
