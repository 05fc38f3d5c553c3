"""One module per measure family (or per tight group of families that share their code).

`rankwork.core.measures.registry` imports every module of this package and reads its
`MEASURES`, a tuple of `MeasureSpec`; nothing else lists the families.

Adding a family (see docs/adding-a-measure.md):

1. Write `families/<family>.py` with, in this order: a module docstring stating the formula and
   its convention (rank i 1-based, what counts as relevant, the cutoff, the value of a query
   with nothing relevant) and the paper or tool it follows; the single-list function
   `f(ranking, convention, k=None, **params) -> Result`, whose table holds the per-rank working
   and whose `contribution` column sums to the value; the batch kernel
   `f(prep, convention, k, **params) -> np.ndarray`, one value per query of a
   `rankwork.core.segments.Prepared`, with no Python loop over queries (its row helpers are in
   `rankwork.core.segments`); and `MEASURES = (MeasureSpec(...),)`, built with keywords, with
   an `order` not taken by another family (the orders leave gaps of 10 for this) and the
   `Capabilities` that put it on the pages it belongs to.
2. Sentences go through `N_` (declarations) or `_` (computed text); then
   `python -m i18n update` and translate the new entries.
3. Test it against an independent source (a hand-worked example, a published one, or a
   reference tool) in tests/unit, and the batch kernel against the single-list function.

Shared machinery stays outside this package: `rankwork.core.measures.common` (binary
relevance, names with a cutoff), `rankwork.core.diversity` and `rankwork.core.novelty_batch`
(the novelty gains and the greedy ideal), `rankwork.core.cwl` (the C/W/L engine) and
`rankwork.core.segments` (the batch rows).
"""
