"""Sentences built from translated parts take the language's punctuation between the parts:
in Chinese a full-width semicolon (；) between clauses and the enumeration comma (、) between
the words of a list, never the ASCII "; " the English uses."""

from __future__ import annotations

import re
from pathlib import Path

from rankwork.core.conventions import PRESETS, TEXTBOOK
from rankwork.teaching.demos import WIKIPEDIA, preset_table
from rankwork.teaching.diagnose import Match
from tests.in_language import in_language

ROOT = Path(__file__).resolve().parents[2]
# the command line's output stays English (trec_eval's format): it may join with "; "
ENGLISH_ONLY = {ROOT / "metrics" / "src" / "rankwork" / "cli.py"}
LITERAL_JOIN = re.compile(r"""(["']); \1\.join\(""")


def test_chinese_clauses_built_from_parts_are_joined_with_a_full_width_semicolon() -> None:
    # the Library conventions table: a tool's choices that differ from Textbook, one clause
    # each; trec_eval's ndcg differs from Textbook in its gain, its cutoff and its ideal cut
    def differs() -> str:
        table = preset_table(WIKIPEDIA, 5, "nDCG").set_index("tool")
        return table.loc["trec_eval ndcg", "differs"]

    chinese, english = in_language("zh", differs), in_language("en", differs)
    assert english.count("; ") >= 1
    assert chinese.count("；") == english.count("; ")
    assert "; " not in chinese


def test_no_code_joins_translated_parts_with_english_punctuation() -> None:
    # a literal "; ".join(...) of translated clauses shows an ASCII semicolon inside a Chinese
    # sentence: join them with _("; ")
    found = []
    for folder in ("ui", "app_pages", "metrics"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            if path in ENGLISH_ONLY:
                continue
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                if LITERAL_JOIN.search(line):
                    found.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
    assert found == []


def test_chinese_lists_of_words_built_from_parts_use_the_enumeration_comma() -> None:
    # a diagnosis names the choices in which a tool's convention leaves Textbook's: for
    # scikit-learn's nDCG, the gain, the tie order and the ideal ranking
    def named() -> str:
        match = Match(PRESETS["scikit-learn"], (), None, 1, 1.0)  # type: ignore[arg-type]
        return match.describe(TEXTBOOK, "nDCG")

    english = "the scikit-learn convention (gain, tie order, ideal ranking)"
    assert in_language("en", named) == english
    assert in_language("zh", named).endswith("（增益、并列的排序方式、理想排序）")
