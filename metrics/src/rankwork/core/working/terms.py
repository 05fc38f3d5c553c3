"""Which terms of a Result's table a worked solution adds up (`summed_terms`): the working
(`rankwork.core.working.lines`) writes them out one by one, and the answer checker
(`rankwork.teaching.answers.rounding_slack`) allows for the rounding of the same terms."""

from __future__ import annotations

import pandas as pd

from rankwork.core.result import Result


def summed_terms(family: str, result: Result) -> pd.Series:
    """The terms whose sum the working of `family` (`rankwork.core.working.lines.lines`) writes
    out, as the table of `result` (the right Result of `family`) holds them: DCG@k's
    contributions of the ranks within k that have a gain, IDCG@k's of the ideal ranking, ERR@k's
    of the ranks within k, RBP's of every rank, and the discounted gains within k that
    α-nDCG@k's α-DCG@k and ERR-IA@k's sum_i g_i/i add up."""
    t = result.table
    if family == "DCG":
        return t.loc[t["in_cutoff"] & t["gain"].notna(), "dcg_contribution"]
    if family == "IDCG":
        return t.loc[t["ideal_gain"].notna(), "ideal_contribution"]
    if family == "ERR":
        return t.loc[t["in_cutoff"], "contribution"]
    if family == "RBP":
        return t["contribution"]
    k = result.name.partition("@")[2]  # α-nDCG, ERR-IA
    return t.loc[t["rank"] <= int(k), "discounted_gain"] if k else t["discounted_gain"]
