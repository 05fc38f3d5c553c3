"""The shareable link: the URL always holds the last valid state; "Copy link" shows it.

The query string is rewritten after every valid result (so reloading the page restores it too);
`ui.playground.link` encodes and, on a session's first run, decodes and validates it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any
from urllib.parse import urlencode

import streamlit as st

from i18n import _
from rankwork.core.ranking import Ranking
from ui.playground import link
from ui.shared import language
from ui.shared.literal import literal

FALLBACK_PATH = "/playground"  # st.context.url is unknown outside a browser session


def sync_url(ranking: Ranking, settings: Mapping[str, Any]) -> dict[str, str] | ValueError:
    """Write the state into the URL's query string; the parameters, or why they cannot be."""
    try:
        params = {**link.encode(ranking, settings), **language.link_params()}
    except link.LinkTooLong as err:
        st.query_params.clear()  # an older state in the address bar would mislead a reload
        return err
    if st.query_params.to_dict() != params:
        st.query_params.from_dict(params)
    return params


def address(params: Mapping[str, str]) -> str:
    """The full URL of this page with these parameters."""
    return f"{st.context.url or FALLBACK_PATH}?{urlencode(params, safe=',:')}"


def copy_link(params: Mapping[str, str] | ValueError) -> None:
    """A "Copy link" popover showing the URL in a box with a copy button."""
    with st.popover(_("Copy link"), icon=":material/link:"):
        if isinstance(params, ValueError):
            st.warning(literal(params))
            return
        st.code(address(params), language=None, wrap_lines=True)
        st.caption(
            _(
                "Copy it with the button at the box's right. Opening it restores this list and "
                "every setting exactly."
            )
        )
