"""Numbers in sentences, with their thousands grouped as the reader's language groups them.

English and Chinese write 1,160; Vietnamese does not use a comma (in Babel's vi locale data,
CLDR, the comma is the decimal mark and the point groups thousands: 1.160). RankLab writes every
decimal with a point in every language (values such as 0.8123, the formulas), so a point between
thousands would read as a decimal point there: where a language groups with a point, a no-break
space groups instead (1 160, as ISO 80000-1 allows in any language). The decimal mark stays a
point everywhere.

Only the app layer formats numbers this way: `metrics/` writes plain digits and never imports
Babel.
"""

from __future__ import annotations

from babel.numbers import get_group_symbol

from i18n import current

DECIMAL_MARK = "."  # RankLab's, in every language
NO_BREAK_SPACE = "\u00a0"


def thousands_separator(lang: str | None = None) -> str:
    """What groups thousands in `lang` (default: the current language): Babel's symbol for the
    language, or a no-break space where that symbol is RankLab's decimal point."""
    symbol = get_group_symbol(lang or current())
    return NO_BREAK_SPACE if symbol == DECIMAL_MARK else symbol


def grouped(number: float, decimals: int = 0) -> str:
    """`number` with `decimals` decimals and its thousands grouped for the current language:
    1160 -> '1,160' in English and Chinese, '1 160' (a no-break space) in Vietnamese."""
    return f"{number:,.{decimals}f}".replace(",", thousands_separator())
