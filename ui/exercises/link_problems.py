"""How a page says that its link was damaged: one warning naming each part of the link that was
not used and what was used instead, and a button that dismisses it.

Each page that reads its own link keeps its own list of problems (the Playground in
ui.playground.state, the Exercises page in ui.exercises.round_state) and shows it with `show`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import streamlit as st

from i18n import _
from ui.shared.literal import literal


def show(
    problems: Sequence[str], on_dismiss: Callable[[], None], *, key: str | None = None
) -> None:
    """The warning listing `problems` (nothing when there are none; each shown as literal text,
    since it quotes the link) and its Dismiss button, which calls `on_dismiss`."""
    if not problems:
        return
    st.warning(
        _("This link was damaged or edited by hand, so part of it was not used:")
        + "\n\n"
        + "\n".join(f"- {literal(problem)}" for problem in problems),
        icon=":material/link_off:",
    )
    st.button(_("Dismiss"), on_click=on_dismiss, key=key)
