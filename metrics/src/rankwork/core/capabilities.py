"""The lists of measure families that pages, the command line and the teaching code need, each
derived from the families' declared `Capabilities` (`rankwork.core.measures.spec`) instead of
kept by hand: a new family joins a list by setting the flag in its own module.

>>> families("micro")
('P', 'R')
"""

from __future__ import annotations

from dataclasses import fields

from rankwork.core.measures.registry import SPECS
from rankwork.core.measures.spec import Capabilities

#: the capability names `families` takes: the fields of `Capabilities`
NAMES = tuple(field.name for field in fields(Capabilities))


def families(capability: str) -> tuple[str, ...]:
    """The families whose `Capabilities` have `capability` true, in the order of `SPECS`
    (each spec's `order`); a ValueError naming the capabilities there are for an unknown one.

    Parameters
    ----------
    capability
        A field of `Capabilities`, e.g. 'headline', 'pitfalls', 'micro'.
    """
    if capability not in NAMES:
        raise ValueError(
            f"No measure capability {capability!r}; the capabilities are: {', '.join(NAMES)}."
        )
    return tuple(family for family, spec in SPECS.items() if getattr(spec.capabilities, capability))
