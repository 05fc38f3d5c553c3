"""What the Explore pages read from the Playground: its list, convention, cutoff and grade scale.

`read()` never raises. A convention or k the Playground cannot use yet (being fixed there) is
replaced by the Textbook convention or the default k, with a warning saying so; a list that is
empty or invalid leaves `ordered` None and `problem` saying why, so the parts of a page that
need no list still render.
"""

from __future__ import annotations

from dataclasses import dataclass

import streamlit as st

from i18n import _
from rankwork.core.conventions import TEXTBOOK, Convention
from rankwork.core.ranking import Ordered, RankingError, order
from ui.playground import state
from ui.playground.inputs import DEFAULT_K, DEFAULT_SCALE_MAX
from ui.shared.literal import literal


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
        if self.ordered is not None:
            n = _("{n} documents").format(n=len(self.ordered))
        else:
            n = _("no usable list")
        k = f"k = {self.k}"
        if page_k is not None:
            k = _("this page's k = {k} (not the Playground's)").format(k=page_k)
        said = _(
            "From the Playground: the **{convention}** convention, grades 0..{top}, {n}; {k}. "
            "Change the list and convention on the Playground."
        )
        return said.format(convention=_(self.convention.name), top=self.scale_max, n=n, k=k)


def read() -> PlaygroundInputs:
    """The Playground's current inputs (warnings shown for settings that fall back)."""
    convention = state.current_convention()
    if isinstance(convention, ValueError):
        said = _(
            "The Playground's settings have a problem ({problem}); this page uses the "
            "Textbook convention until it is fixed."
        )
        st.warning(said.format(problem=literal(convention)), icon=":material/warning:")
        convention = TEXTBOOK
    k = state.current_k()
    if isinstance(k, ValueError):
        said = _("{problem} This page uses k = {k} meanwhile.")
        st.warning(said.format(problem=literal(k), k=DEFAULT_K), icon=":material/warning:")
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
