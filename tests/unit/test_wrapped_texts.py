"""Every text a page shows goes through the translation functions (i18n): no string literal or
f-string with words in it is handed to a Streamlit element as its text, label, help or options,
in app.py, app_pages/ or ui/. (What a page builds elsewhere and shows through a variable is
checked on the rendered pages, in tests/app/test_languages.py.)"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
SOURCES = sorted(
    [REPO / "app.py", *(REPO / "app_pages").glob("*.py"), *(REPO / "ui").rglob("*.py")]
)

# Streamlit calls whose first argument (or list of arguments, for tabs) a user reads
TEXT_FIRST = {
    "title", "header", "subheader", "markdown", "caption", "text", "write", "info", "warning",
    "error", "success", "toast", "button", "download_button", "link_button", "toggle",
    "checkbox", "radio", "selectbox", "multiselect", "select_slider", "slider", "number_input",
    "text_input", "text_area", "file_uploader", "expander", "popover", "tabs", "metric",
    "form_submit_button", "segmented_control", "pills", "spinner", "status", "color_picker",
    "Column", "TextColumn", "NumberColumn", "CheckboxColumn", "SelectboxColumn", "LinkColumn",
    "ListColumn", "ProgressColumn", "LineChartColumn", "BarChartColumn",
}  # fmt: skip
TEXT_KEYWORDS = {"label", "help", "placeholder", "caption", "body", "title"}
# words that stay as they are in every language: measure names and the tools' names
KEPT = {
    "nDCG", "DCG", "IDCG", "ERR", "RBP", "MAP", "MRR", "INST", "INSQ", "NERR", "BPM", "Bpref",
    "infAP", "Rprec", "RankLab", "trec_eval", "ranx", "LightGBM", "gdeval", "TREC", "Markdown",
    "LaTeX", "qrels", "ir_measures", "scikit", "learn", "cwl_eval", "ndeval",
}  # fmt: skip
_NOT_WORDS = re.compile(r"\$[^$]*\$|`[^`]*`|\{[^{}]*\}|:material/\w+:|:\w+\[[^\]]*\]")


def _literal_text(node: ast.expr) -> str | None:
    """The words of a string literal, f-string or literal concatenation (None for anything
    else: a call such as _("..."), a name, a number)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return "".join(v.value for v in node.values if isinstance(v, ast.Constant))
    if isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Add, ast.Mod)):
        parts = [_literal_text(node.left), _literal_text(node.right)]
        found = [part for part in parts if part is not None]
        return " ".join(found) if found else None
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
        if node.func.attr in {"format", "join"}:  # "...".format(...) is still a literal
            return _literal_text(node.func.value)
    if isinstance(node, (ast.List, ast.Tuple)):
        found = [t for t in map(_literal_text, node.elts) if t is not None]
        return " ".join(found) if found else None
    return None


def _has_words(text: str) -> bool:
    words = re.findall(r"[A-Za-z]{2,}", _NOT_WORDS.sub(" ", text))
    return any(word not in KEPT for word in words)


def unwrapped(path: Path) -> list[str]:
    """`file:line: text` for every literal text handed to a Streamlit element in `path`."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)):
            continue
        shown: list[ast.expr] = []
        if node.func.attr in TEXT_FIRST and node.args:
            shown.append(node.args[0])
        if (
            node.func.attr == "bound" and len(node.args) >= 3
        ):  # ui.playground.state.bound(name, widget, label)
            shown.append(node.args[2])
        shown += [kw.value for kw in node.keywords if kw.arg in TEXT_KEYWORDS]
        if node.func.attr in {"radio", "selectbox", "segmented_control", "pills", "multiselect"}:
            shown += [kw.value for kw in node.keywords if kw.arg == "options"]
        for expr in shown:
            text = _literal_text(expr)
            if text is not None and _has_words(text):
                line = f"{path.relative_to(REPO)}:{expr.lineno}: {text[:60]!r}"
                found.append(line)
    return found


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: str(p.relative_to(REPO)))
def test_every_shown_literal_is_wrapped_for_translation(path: Path) -> None:
    found = unwrapped(path)
    assert found == [], "wrap these in _() (see i18n):\n" + "\n".join(found)


def test_the_scan_finds_a_literal_label_and_passes_a_wrapped_one(tmp_path: Path) -> None:
    page = tmp_path / "page.py"
    page.write_text(
        "import streamlit as st\nfrom i18n import _\n"
        'st.button("Reset the list")\nst.caption(f"{n} rows shown")\n'
        'st.toggle(_("Presentation mode"), help=_("The projector view"))\n'
        'st.metric("nDCG@10", 0.5)\nst.markdown("$\\\\mathrm{DCG}$")\n'
    )
    lines = [line.split(": ", 1)[1] for line in unwrapped_relative(page)]
    assert lines == ["'Reset the list'", "' rows shown'"]


def unwrapped_relative(path: Path) -> list[str]:
    global REPO
    saved, REPO = REPO, path.parent
    try:
        return unwrapped(path)
    finally:
        REPO = saved
