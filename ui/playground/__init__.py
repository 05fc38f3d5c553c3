"""The Playground's parts (app_pages/playground.py lays them out).

- inputs: the Playground's inputs as plain data (tables as typed, settings) -> Ranking,
  Convention, k; no Streamlit
- state: those inputs in st.session_state, edited through snapshots; `current_ranking()` etc.,
  which the other pages read too
- model: the Playground's declared state (ui.shared.state): every session key, every setting
  with its type, default and URL key
- link: the Playground's state <-> a validated, size-capped URL query string (never pickle or
  eval), its settings through the declared model's codecs (ui.shared.link)
- share: the URL kept in step with the last valid state, and the "Copy link" popover
- readout: what the Explore pages read from the Playground (never raises)
- parts: the page's frame (default and projector view), its one computation, its plots
"""
