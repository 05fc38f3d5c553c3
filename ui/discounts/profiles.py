"""The discount profiles of the Discounts page: its settings, the profiles they give, and every
view of them (plots, weights table, readers' summary, C/W/L table)."""

from __future__ import annotations

import math
from dataclasses import dataclass

import streamlit as st
from streamlit.delta_generator import DeltaGenerator

from i18n import N_, _
from rankwork.core.conventions import Convention
from rankwork.explore import profiles
from rankwork.explore.profiles import Profile
from ui.discounts.model import DISCOUNTS, P_KEYS
from ui.playground.readout import PlaygroundInputs
from ui.shared import cached, language
from ui.shared.literal import literal

ERR_KEY = "err"  # ERR's profile comes after the standard profiles' keys


@dataclass(frozen=True)
class Settings:
    """What the settings box holds: N ranks shown, the cutoff k, the base b of 1/log_b(i+1), the
    b of rank-b, the three geometric p, whether to normalise and to draw a log y axis, and the
    place of the profile picker (filled once the profiles' names are known)."""

    n: int
    k: int
    log_base: float
    jk_base: float
    ps: list[float]
    normalise: bool
    log_y: bool
    picker: DeltaGenerator


@dataclass(frozen=True)
class Shown:
    """The profiles computed for the page: the standard ones (then ERR's, when the Playground's
    list allows), and the ones picked for the plots."""

    every: list[Profile]
    plotted: list[Profile]

    @property
    def slots(self) -> dict[str, int]:
        """Each profile keeps its slot (colour and dash) whichever are picked; ERR's is last."""
        return {p.name: i for i, p in enumerate(self.every)}

    @property
    def names(self) -> dict[str, str]:
        """Each profile's label -> its name in the session's language."""
        return {p.label: p.name for p in self.every}


def settings() -> Settings:
    """The settings box: N, k, the bases, the three p, normalise, log axis; a place for the
    picker."""
    with st.container(border=True):
        depth, cut, base, jk_base = st.columns(4)
        n = depth.slider(_("Ranks shown N"), 5, 100, 20, **DISCOUNTS.widget("disc_n"))
        k_key = DISCOUNTS["disc_k"].key
        if k_key not in st.session_state or st.session_state[k_key] > n:
            st.session_state[k_key] = min(st.session_state.get(k_key, 10), n)
        k = cut.slider(
            _("Cutoff k"),
            1,
            n,
            **DISCOUNTS.widget("disc_k"),
            help=_(
                "Normalised weights sum to 1 within k; the C/W/L view reads the profiles cut at k."
            ),
        )
        log_base = base.number_input(
            _("log base b of 1/log_b(i+1)"),
            1.1,
            100.0,
            math.e,
            0.1,
            **DISCOUNTS.widget("disc_b"),
        )
        jk = jk_base.number_input(
            _("b of rank-b (JK)"), 1.1, 100.0, 2.0, 0.1, **DISCOUNTS.widget("disc_jk")
        )
        ps = _geometric_ps()
        normalise_box, log_box = st.columns(2)
        normalise = normalise_box.toggle(
            _("Normalise to sum 1 within k"), **DISCOUNTS.widget("disc_norm")
        )
        log_y = log_box.toggle(_("Log y axis"), **DISCOUNTS.widget("disc_logy"))
        picker = st.container()
    return Settings(n, k, log_base, jk, ps, normalise, log_y, picker)


def _geometric_ps() -> list[float]:
    """The three p of the geometric profiles, side by side."""
    p_cols = st.columns(3)
    return [
        col.slider(
            _("geometric p{number}").format(number=i + 1),
            0.05,
            0.99,
            default,
            0.01,
            **DISCOUNTS.widget(P_KEYS[i]),
        )
        for i, (col, default) in enumerate(zip(p_cols, (0.5, 0.8, 0.95), strict=True))
    ]


def _standard(s: Settings) -> dict[str, Convention]:
    return profiles.standard_profiles(log_base=s.log_base, jk_base=s.jk_base, ps=s.ps)


def shown(s: Settings, inputs: PlaygroundInputs) -> Shown:
    """Every profile (ERR's when the Playground's list allows, else a message why not), and the
    ones picked for the plots in the settings box's picker."""
    standard = _standard(s)
    every = [profiles.discount_profile(c, s.n, s.k) for c in standard.values()]
    keys = dict(zip(standard, [p.label for p in every], strict=True))
    if inputs.ordered is None:
        st.info(
            _("ERR's stopping distribution needs the Playground's list: {problem}").format(
                problem=literal(inputs.problem)
            ),
            icon=":material/info:",
        )
    else:
        try:
            err = profiles.err_profile(inputs.ordered, inputs.convention, s.n)
        except ValueError as error:  # e.g. ERR's top grade below a grade in the list
            st.error(
                _("ERR's stopping distribution: {error}").format(error=error),
                icon=":material/error:",
            )
        else:
            every.append(err)
            keys[ERR_KEY] = err.label
        st.caption(inputs.caption(page_k=s.k))
    picked = _picked(s, keys, {p.label: p.name for p in every}, [*standard, ERR_KEY])
    labels = {keys.get(key) for key in picked}
    return Shown(every, [p for p in every if p.label in labels])


def _picked(
    s: Settings, keys: dict[str, str], names: dict[str, str], options: list[str]
) -> list[str]:
    """The keys of the profiles picked for the plots (log2 and p = 0.8 by default)."""
    err_name = _(profiles.ERR_LABEL)  # translated in the run (see ui.shared.language.labels)
    return s.picker.multiselect(
        _("Profiles in the plots"),
        options,
        default=["log2", "p2"],
        format_func=lambda key: names.get(keys.get(key), err_name),
        **DISCOUNTS.widget("disc_shown"),
        help=_("The two the page is about by default: log2 against geometric p = 0.8."),
    )


def weights_plot(s: Settings, profiles_shown: Shown) -> None:
    """The weight of each rank under each picked profile."""
    frame = profiles.weights_frame(profiles_shown.plotted, s.k, s.normalise)
    st.plotly_chart(
        cached.profile_weights_figure(frame, s.k, s.log_y, s.normalise, profiles_shown.slots),
        **DISCOUNTS.widget("disc_profiles"),
        alt=_("Weight of each rank under each discount profile"),
    )


def weights_table(s: Settings) -> None:
    """The raw weights of the standard profiles at ranks 1, 2, 3, 5, 10, 20."""
    st.subheader(
        _("Weights at ranks {ranks}").format(ranks=", ".join(map(str, profiles.TABLE_RANKS)))
    )
    st.caption(
        _(
            "Raw weights (rank 1 weighs 1 under every profile but 1/log_b(i+1)). Under p = 0.5 "
            "the tenth rank is already worth 0.00195 of the first; under 1/log2(i+1) it keeps "
            "0.289."
        )
    )
    depth = max(profiles.TABLE_RANKS)
    standard = _standard(s).values()
    table = profiles.weights_at([profiles.discount_profile(c, depth, s.k) for c in standard])
    st.dataframe(
        table,
        hide_index=True,
        column_config=language.headers(N_("rank"))
        | {name: st.column_config.NumberColumn(name, format="%.3g") for name in table.columns[1:]},
        **DISCOUNTS.widget("disc_weights_table"),
    )


def readers_summary(s: Settings, profiles_shown: Shown) -> None:
    """The reader each profile models, its expected depth and where its weight goes."""
    st.subheader(_("The reader each profile models"))
    summary = profiles.summary(profiles_shown.every, s.k)
    st.markdown("\n".join(f"- **{row.profile}**: {row.reader}" for row in summary.itertuples()))
    st.dataframe(
        summary.drop(columns="reader"),
        hide_index=True,
        height="content",
        column_config={
            **language.headers(N_("profile")),
            "W(1)": st.column_config.NumberColumn(format="%.3f"),
            "expected depth": st.column_config.NumberColumn(
                _("expected depth (within k = {k})").format(k=s.k),
                format="%.2f",
                help=_("1/W(1): how many documents the reader looks at on average."),
            ),
        }
        | {
            f"{share:.0%} of weight by rank": st.column_config.Column(
                _("{share:.0%} of weight by rank").format(share=share)
            )
            for share in profiles.SPEND_SHARES
        },
        **DISCOUNTS.widget("disc_summary_table"),
    )


def weight_spent(s: Settings, profiles_shown: Shown) -> None:
    """The cumulative share of each picked profile's weight within k."""
    st.subheader(_("Where does the weight go?"))
    st.markdown(
        _(
            "The share of each profile's weight within k = {k} spent by rank *i*. A reader model "
            "that has spent {share:.0%} of its weight by rank 3 barely looks further; one that "
            "needs all of k reads patiently."
        ).format(k=s.k, share=0.9)
    )
    frame = profiles.weights_frame(profiles_shown.plotted, s.k, normalise=True)
    st.plotly_chart(
        cached.weight_spent_figure(frame, s.k, profiles_shown.slots),
        **DISCOUNTS.widget("disc_spent"),
        alt=_("Cumulative share of each profile's weight within k"),
    )


def cwl_table(s: Settings, profiles_shown: Shown) -> None:
    """The C/W/L table of one profile, picked in the expander."""
    with st.expander(_("C/W/L table of one profile"), icon=":material/table:"):
        st.markdown(
            _(
                "V(*i*): the chance the reader sees rank *i*; W(*i*) = V(*i*)/Σ V: the weight; "
                "C(*i*) = W(*i*+1)/W(*i*): the chance of going on; L(*i*) = V(*i*) − V(*i*+1): "
                "the chance rank *i* is the last one read; expected depth = 1/W(1)."
            )
        )
        labels = [p.label for p in profiles_shown.every]
        chosen = st.selectbox(
            _("Profile"),
            labels,
            format_func=profiles_shown.names.get,
            **DISCOUNTS.widget("disc_cwl_profile"),
        )
        st.dataframe(
            profiles.cwl(profiles_shown.every[labels.index(chosen)], s.k),
            hide_index=True,
            column_config=language.headers(N_("rank"))
            | {c: st.column_config.NumberColumn(format="%.4f") for c in "VWCL"},
            **DISCOUNTS.widget("disc_cwl_table"),
        )
