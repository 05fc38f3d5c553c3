"""`measure(...).latex()` is the working the check page sets (st.latex, line by line) for the
same list: the Playground's default list, grades 3, 2, 3, 0, 1, 2, judged but not retrieved
3 and 2, k = 5, Textbook. The right answers are worked by hand in tests/app/test_check_page.py
(nDCG@5 = 12.7796 / 17.3691, DCG@5's rounded terms add up to 12.7797; P@5 = 4/5)."""

from __future__ import annotations

import pytest
from streamlit.testing.v1 import AppTest

from rankwork.core.single_list import measure
from tests.app.test_check_page import answer, open_check


@pytest.mark.parametrize(
    ("family", "name", "right"),
    [("nDCG", "nDCG@5", "0.7358"), ("DCG", "DCG@5", "12.7797"), ("P", "P@5", "0.8")],
)
def test_latex_is_what_the_check_page_sets(app: AppTest, family, name, right) -> None:
    at = open_check(app)
    at.selectbox(key="check_family").set_value(family).run()
    at = answer(at, right)
    assert at.success  # the right answer: the page shows the right calculation alone
    # AppTest reads st.latex's body as Streamlit sends it: "$$\n<tex>\n$$"
    page = [element.value.removeprefix("$$\n").removesuffix("\n$$") for element in at.latex]
    result = measure(name, [3, 2, 3, 0, 1, 2], unretrieved=[3, 2], convention="Textbook")
    assert result.latex() == "\n".join(rf"\[ {tex} \]" for tex in page)
