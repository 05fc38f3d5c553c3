"""What to compute: the measures (picked from the registry's examples or typed as ir_measures
names, each validated as typed), the convention preset (trec_eval's by default, as the command
line) and the policy for a query the run has no results for.

The choices are the fields of `CHOICES` (ui.shared.state); they persist, so a trip to the
Playground and back finds them as they were. They are not in a link: a link cannot carry the
files they are computed on.
"""

from __future__ import annotations

from dataclasses import dataclass

import streamlit as st

from i18n import N_, _
from rankwork.collection.batch import DEFAULT_MEASURES, MISSING
from rankwork.core.conventions import PRESETS, TREC_EVAL_NDCG_CUT, Convention
from rankwork.core.measures import EXAMPLES, Measure, MeasureNameError, parse
from ui.shared import language
from ui.shared.literal import literal
from ui.shared.state import Field, Model

MISSING_LABELS = {  # shown translated: _(MISSING_LABELS[policy])
    "zero": N_("score 0 and count it (trec_eval -c)"),
    "skip": N_("leave it out (trec_eval's default)"),
    "error": N_("stop with an error"),
}


CHOICES = Model(
    "evaluate choices",
    (
        Field("ev_measures", list, list(DEFAULT_MEASURES), widget=True, persists=True),
        Field("ev_preset", str, TREC_EVAL_NDCG_CUT.name, widget=True, persists=True),
        Field("ev_missing", str, MISSING[0], widget=True, persists=True),
    ),
)


def missing_label(policy: str) -> str:
    """The missing-query policy in words, in the current language."""
    return _(MISSING_LABELS[policy])


@dataclass(frozen=True)
class Choices:
    """The valid measures (name as typed -> parsed), the preset's name, the missing policy."""

    measures: dict[str, Measure]
    preset: str
    missing: str

    @property
    def convention(self) -> Convention:
        return PRESETS[self.preset]

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(self.measures)


def render() -> Choices:
    """The three choices side by side; a measure name that does not parse is reported under
    the picker (with the valid names) and left out, the others are evaluated."""
    left, middle, right = st.columns([3, 2, 2])
    with left:
        typed = st.multiselect(
            _("Measures"),
            list(dict.fromkeys(DEFAULT_MEASURES + EXAMPLES)),
            default=list(DEFAULT_MEASURES),
            accept_new_options=True,
            **CHOICES.widget("ev_measures"),
            help=_(
                "Pick from the list or type any ir_measures name and press Enter, e.g. "
                "nDCG(dcg='exp-log2')@10, P(rel=2)@5, ERR(max_rel=3)@20; with a diversity qrels "
                "also alpha_nDCG(alpha=0.8)@20, ERR_IA@20, NRBP(alpha=0.5,beta=0.8), StRecall@20."
            ),
        )
        measures = {}
        for name in dict.fromkeys(typed):
            try:
                measures[name] = parse(name)
            except MeasureNameError as error:
                st.error(literal(error), icon=":material/error:")
    with middle:
        preset = st.selectbox(
            _("Convention"),
            list(PRESETS),
            index=list(PRESETS).index(TREC_EVAL_NDCG_CUT.name),
            format_func=language.labels({name: name for name in PRESETS}),
            **CHOICES.widget("ev_preset"),
            help=_(
                "Every choice that changes a number (gain, ties, negative grades, ...), set "
                "to reproduce a tool. The command line's default is trec_eval's."
            ),
        )
        st.caption(_(PRESETS[preset].source))
    with right:
        missing = st.radio(
            _("A query in the qrels with no results in a run"),
            MISSING,
            format_func=language.labels(MISSING_LABELS),
            **CHOICES.widget("ev_missing"),
            help=_("The command line's --missing. Either way the page names those queries."),
        )
    return Choices(measures, preset, missing)
