"""`SPECS`: every measure family, found in the modules of `rankwork.core.measures.families`.

Each module of that package exports `MEASURES`, a tuple of the `MeasureSpec` of each family it
declares; `SPECS` maps every family's name to its spec, ordered by the specs' `order` (the
order of every list of measures read from it: the command line's help, the Playground's
cards, `rankwork.core.capabilities.families`). Adding a family is adding its module: nothing
here names one.
"""

from __future__ import annotations

import importlib
import pkgutil
from types import ModuleType

from rankwork.core.measures import families
from rankwork.core.measures.spec import MeasureSpec


def discover(package: ModuleType = families) -> dict[str, MeasureSpec]:
    """Every family declared in the modules of `package` (each module's `MEASURES`), by
    `order`; a ValueError naming the clash when two families share a name or an order."""
    specs: list[MeasureSpec] = []
    for info in pkgutil.iter_modules(package.__path__):
        module = importlib.import_module(f"{package.__name__}.{info.name}")
        specs.extend(getattr(module, "MEASURES", ()))
    for attribute in ("family", "order"):
        seen: dict[object, str] = {}
        for spec in specs:
            value = getattr(spec, attribute)
            if value in seen:
                raise ValueError(
                    f"Two measure families share the {attribute} {value!r}: "
                    f"{seen[value]} and {spec.family}; each family needs its own."
                )
            seen[value] = spec.family
    return {spec.family: spec for spec in sorted(specs, key=lambda spec: spec.order)}


SPECS: dict[str, MeasureSpec] = discover()
