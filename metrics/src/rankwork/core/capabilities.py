"""TEMPORARY (issue 27, part "capabilities"): a stand-in until the families declare their
capabilities. The lead replaces this file at the merge with the measures engineer's
`rankwork/core/capabilities.py`, which derives the same answers from the `Capabilities` each
family's spec declares. Only the signature of `families` and the capability names are
shared; the table below is today's hand-kept tuples, put in the registry's global order.

`families(capability)` names the measure families that have `capability`, in the registry's
order. The capabilities, and who reads them:

- ``headline``: the Playground's headline cards and the report (`explore.report`);
- ``diversity_card``: the diversity cards, shown when the list has subtopics;
- ``more``: the measures a user may add as cards ("More measures as cards");
- ``projector``: the cards the projector view shows by default (`ui.model`);
- ``graded_card``: the first row of headline cards, the graded measures (`ui.cards`);
- ``pool_normalised``: normalised by the judged pool, so it can fall when an unjudged
  document becomes relevant (`core.bounds`);
- ``pitfalls``: the families of the Pitfalls lab (`teaching.pitfalls`);
- ``condensable``: the Pitfalls lab's families that the condensed list can change;
- ``sweep``: the measures of the sweeps (`explore.behaviour`);
- ``ordering``: the measures of the orderings (`explore.orderings`);
- ``exercise``: the measures an exercise asks to predict (`teaching.exercises`);
- ``micro``: micro-averageable over queries (`collection.micro`);
- ``reader``: has a C/W/L reader shown on the Discounts page (`core.cwl`).
"""

from __future__ import annotations

#: The registry's global order of the families.
ORDER = (
    "DCG", "IDCG", "nDCG", "ERR", "RBP", "P", "R", "F1", "AP", "RR", "Rprec",
    "F", "Q", "SetAP", "Bpref", "infAP", "Success", "Judged", "RBP_resid",
    "NumRet", "NumRel", "NumRelRet", "alpha_DCG", "alpha_nDCG", "ERR_IA", "nERR_IA",
    "NRBP", "nNRBP", "P_IA", "AP_IA", "StRecall", "INST", "INSQ", "NERR8", "NERR9",
    "NERR10", "NERR11", "BPM",
)  # fmt: skip

_HAVE: dict[str, frozenset[str]] = {
    "headline": frozenset(ORDER[:11]),
    "diversity_card": frozenset({"alpha_nDCG", "ERR_IA", "StRecall"}),
    "more": frozenset({"Q", "infAP", "Bpref", "INST", "INSQ", "NERR10", "BPM"}),
    "projector": frozenset(ORDER[:7]),
    "graded_card": frozenset(ORDER[:5]),
    "pool_normalised": frozenset({"nDCG", "IDCG", "R", "F1", "AP", "Rprec", "Q"}),
    "pitfalls": frozenset(ORDER[:10]),
    "condensable": frozenset(ORDER[:10]) - {"IDCG"},
    "sweep": frozenset({"nDCG", "ERR", "RBP", "P", "R", "AP", "RR"}),
    "ordering": frozenset({"nDCG", "ERR", "RBP", "P", "AP", "RR"}),
    "exercise": frozenset({"nDCG", "ERR", "P", "RR", "AP"}),
    "micro": frozenset({"P", "R"}),
    "reader": frozenset({"INST", "INSQ", "NERR8", "NERR9", "NERR10", "NERR11", "BPM", "RR", "AP"}),
}


def families(capability: str) -> tuple[str, ...]:
    """The families that have `capability`, in the registry's order (a KeyError for a
    capability not listed above: this stand-in has no translated message)."""
    have = _HAVE[capability]
    return tuple(family for family in ORDER if family in have)
