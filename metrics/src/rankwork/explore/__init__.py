"""What the Explore pages compute: the Playground's headline measures and joined per-rank table
(`report`) and its text box (`list_text`: one query typed as text, and back), discount profiles
and the C/W/L view (`profiles`), position sweeps and swaps (`behaviour`), every ordering of a
list (`orderings`) and gain trade-offs (`tradeoffs`). Built on `rankwork.core` only.
"""
