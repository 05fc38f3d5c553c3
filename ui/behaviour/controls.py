"""What several sections of the Metric behaviour page share: number inputs kept in range, and
the Playground's list for the sections that need it."""

from __future__ import annotations

import streamlit as st

from rankwork.core.ranking import Ordered
from ui.behaviour.model import BEHAVIOUR
from ui.playground.readout import PlaygroundInputs
from ui.shared.literal import literal


def within(name: str, hi: int, default: int) -> None:
    """Keep the value of the number input of `BEHAVIOUR`'s field `name` within 1..hi when the
    range shrinks (no widget default is passed for these keys, so setting the state here is the
    only value they get)."""
    key = BEHAVIOUR[name].key
    st.session_state[key] = max(1, min(int(st.session_state.get(key, default)), hi))


def playground_list(inputs: PlaygroundInputs, needs: str) -> Ordered | None:
    """The Playground's list in rank order, or None after saying `needs` (a sentence with
    {problem}: what is wrong with the list)."""
    if inputs.ordered is None:
        st.info(needs.format(problem=literal(inputs.problem)), icon=":material/info:")
    return inputs.ordered
