"""The measures: one module per family (`families`), the table of them all (`SPECS`), and
their names in ir_measures syntax (`parse`, `Measure`, `display_name`).

- `spec`: what a family declares (`MeasureSpec`, `Param`, `Capabilities`);
- `registry`: `SPECS`, found in the modules of `families`, in their declared order;
- `names`: the name parser, `Measure` (a parsed name that computes itself on a list) and
  `display_name`;
- `families`: one module per family or tight group of families, each holding its
  declaration, its single-list function and its batch kernel.
"""

from rankwork.core.measures.names import (
    EXAMPLES,
    Measure,
    MeasureNameError,
    display_name,
    names_asked,
    parse,
)
from rankwork.core.measures.registry import SPECS
from rankwork.core.measures.spec import (
    ALPHA,
    Capabilities,
    Cutoff,
    MeasureSpec,
    Param,
)

__all__ = [
    "ALPHA",
    "EXAMPLES",
    "SPECS",
    "Capabilities",
    "Cutoff",
    "Measure",
    "MeasureNameError",
    "MeasureSpec",
    "Param",
    "display_name",
    "names_asked",
    "parse",
]
