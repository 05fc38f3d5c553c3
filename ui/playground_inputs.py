"""What the Explore pages read from the Playground: its list, convention, cutoff and grade scale.

`read()` never raises. A convention or k the Playground cannot use yet (being fixed there) is
replaced by the Textbook convention or the default k, with a warning saying so; a list that is
empty or invalid leaves `ordered` None and `problem` saying why, so the parts of a page that
need no list still render.
"""

from __future__ import annotations

from dataclasses import dataclass

import streamlit as st

from metrics.core.conventions import TEXTBOOK, Convention
from metrics.core.ranking import Ordered, RankingError, order
from ui import state
from ui.model import DEFAULT_K, DEFAULT_SCALE_MAX


@dataclass(frozen=True, eq=False)
class PlaygroundInputs:
    ordered: Ordered | None
    problem: str
    convention: Convention
    k: int
    scale_max: int

    def caption(self, page_k: int | None = None) -> str:
        """Where the page's inputs come from. `page_k`: the page has a cutoff of its own,
        which is named instead of the Playground's."""
        n = f"{len(self.ordered)} documents" if self.ordered is not None else "no usable list"
        k = f"k = {self.k}"
        if page_k is not None:
            k = f"this page's k = {page_k} (not the Playground's)"
        return (
            f"From the Playground: the **{self.convention.name}** convention, grades "
            f"0..{self.scale_max}, {n}; {k}. Change the list and convention on the Playground."
        )


def read() -> PlaygroundInputs:
    """The Playground's current inputs (warnings shown for settings that fall back)."""
    convention = state.current_convention()
    if isinstance(convention, ValueError):
        st.warning(
            f"The Playground's settings have a problem ({convention}); this page uses the "
            "Textbook convention until it is fixed.",
            icon=":material/warning:",
        )
        convention = TEXTBOOK
    k = state.current_k()
    if isinstance(k, ValueError):
        st.warning(f"{k} This page uses k = {DEFAULT_K} meanwhile.", icon=":material/warning:")
        k = DEFAULT_K
    scale_max = _scale_max(state.settings().get("scale_max"))
    ranking = state.current_ranking()
    if isinstance(ranking, RankingError):
        return PlaygroundInputs(None, str(ranking), convention, k, scale_max)
    try:
        ordered = order(ranking, convention)
    except RankingError as err:  # e.g. a negative grade this convention rejects
        return PlaygroundInputs(None, str(err), convention, k, scale_max)
    return PlaygroundInputs(ordered, "", convention, k, scale_max)


def _scale_max(value: object) -> int:
    try:
        top = int(float(value))  # type: ignore[arg-type]
    except (TypeError, ValueError):
        return DEFAULT_SCALE_MAX
    return top if top >= 1 else DEFAULT_SCALE_MAX
