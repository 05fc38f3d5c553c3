"""Numbers at the core's boundary: the strict rule for a number typed as text, and what an
int too large for a double becomes.

`NUMBER` is how the Playground's grid, its links and the intent weights spell a number: ASCII
digits, an optional minus sign, decimal point and exponent (3, -1, 2.5, .5, 1e2). float() also
takes 'nan', 'inf', '1_0' (10), full-width '３' and Arabic-Indic '٣' (3); none of these is what
a person means by a grade or a weight, so they are refused.

Python's ints have no limit but a double stops near 1.8e308: float(10**400) raises
OverflowError, which is no ValueError. `too_large` is the message the core raises instead,
naming the value (shortened: such an int has hundreds of digits).

`short` writes a parameter in a phrase: 'e' for Euler's number, else the shortest form (2, 0.8).
"""

from __future__ import annotations

import math
import re

from rankwork.language import _

NUMBER = re.compile(r"-?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d{1,3})?\Z", re.ASCII)
_SHOWN_DIGITS = 12


def too_large(where: str, value: object) -> str:
    """'{where}: 100000000000... (401 digits) is too large ...', for a value float() refuses."""
    text = str(value)
    if len(text) > _SHOWN_DIGITS + 3:
        text = _("{start}... ({n} digits)").format(
            start=text[:_SHOWN_DIGITS], n=len(text.lstrip("-"))
        )
    return _(
        "{where}: {value} is too large; a number here must lie between -1.8e308 and "
        "1.8e308 (what a double holds)."
    ).format(where=where, value=text)


def beyond_double(value: object) -> bool:
    """Whether float() refuses `value` with OverflowError (an int beyond any double)."""
    try:
        float(value)  # type: ignore[arg-type]
    except OverflowError:
        return True
    except (TypeError, ValueError):
        return False
    return False


def short(x: float) -> str:
    """x in a phrase: 'e' when it is Euler's number (a natural log's base), else f'{x:g}'."""
    return "e" if math.isclose(x, math.e) else f"{x:g}"
