"""The font stack (issue 25, section 3): the theme's font in .streamlit/config.toml, which
reaches the pages and the data grids' canvas, lists the same fonts as ui/shared/style.py's, which
the plots use; both put sans-serif CJK fonts after Streamlit's own and none in a brush style."""

from __future__ import annotations

import tomllib
from pathlib import Path

from ui.shared import figures, style

CONFIG = Path(__file__).resolve().parents[2] / ".streamlit" / "config.toml"


def test_the_theme_font_lists_the_styles_fonts_in_order() -> None:
    theme = tomllib.loads(CONFIG.read_text(encoding="utf-8"))["theme"]
    assert [name.strip() for name in theme["font"].split(",")] == list(style.FONTS)
    assert style.FONTS[0] == "Source Sans"  # Streamlit's own font first: Latin, Vietnamese
    assert "Noto Sans CJK SC" in style.FONTS
    assert not any("kai" in name.lower() for name in style.FONTS)


def test_the_figures_use_the_font_stack() -> None:
    layout = figures.base_layout("t", "x", "y")
    assert layout["font"]["family"] == style.FONT_FAMILY
    assert style.FONT_FAMILY.endswith(", sans-serif")
