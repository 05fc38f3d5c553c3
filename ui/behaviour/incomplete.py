"""Incomplete judgments: the sample collection's runs scored as more and more of each query's
judgments are withheld at random; AP falls, bpref, infAP, AP′ and nDCG′ hold."""

from __future__ import annotations

import streamlit as st

from i18n import _
from ui.behaviour.model import BEHAVIOUR
from ui.evaluate.sources import SAMPLE_DIR, SAMPLE_QRELS, SAMPLE_RUNS
from ui.shared import cached

RUNS = {name.removeprefix("run_").removesuffix(".txt"): name for name in SAMPLE_RUNS}


def incomplete_judgments() -> None:
    """The section: the run to show, the plot of each measure against the share withheld,
    and the values."""
    st.header(_("Incomplete judgments"), anchor="incomplete")
    st.markdown(
        _(
            "The sample collection's three runs, scored as {low}, {mid} and {high} of each "
            "query's judgments are withheld at random (5 draws each, averaged; a withheld "
            "judgment becomes -1, *in the pool but not judged*, as trec_eval writes it). **AP** "
            "counts every unjudged document as non-relevant, so it falls as judgments go. "
            "**bpref** reads only judged documents, **infAP** estimates AP from the judged "
            "sample of the pool (Yilmaz & Aslam, CIKM 2006), and **AP′** and **nDCG′** score "
            "the *condensed* list, the unjudged documents removed (Sakai, SIGIR 2007): they "
            "hold. Judgments withheld at random are what infAP assumes; judgments missing "
            "because the pool was shallow are not random, and hold less well."
        ).format(low="10%", mid="30%", high="50%")  # no "%" in the text: gettext reads "% o"
    )
    chosen = st.segmented_control(
        _("run"), list(RUNS), default="medium", **BEHAVIOUR.widget("beh_withheld_run")
    )
    sample = [(name, str(SAMPLE_DIR / file)) for name, file in RUNS.items()]
    degraded = cached.withheld(str(SAMPLE_DIR / SAMPLE_QRELS), sample)
    chosen = chosen or "medium"
    st.plotly_chart(
        cached.withheld_figure(degraded, chosen),
        **BEHAVIOUR.widget("beh_withheld_plot"),
        alt=_("each measure of the run against the share of judgments withheld"),
    )
    with st.expander(_("Values"), icon=":material/table:"):
        pivot = degraded[degraded["run"] == chosen].pivot(
            index="measure", columns="share", values="mean"
        )
        st.dataframe(
            pivot.rename_axis(index=_("measure"), columns=_("share")),  # headers translated
            **BEHAVIOUR.widget("beh_withheld_table"),
        )
