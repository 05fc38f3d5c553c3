"""Every public function and class of rankwork has a numpydoc docstring with an example
(issue 26, part 3: "Docstrings in numpydoc style on every public function, with the formula and
an example that the doctest runner executes").

The public names are those of ``rankwork.__all__`` that are functions or classes, the functions
of ``rankwork.arrays.__all__`` and ``rankwork.adapters.__all__``, and the public methods that
the public classes define themselves (``Convention.with_``, ``Result.latex``, ...). A numpydoc
section is a title underlined with dashes (numpydoc's format guide, "Sections"). A function needs
Parameters (when it takes any), Returns and Examples; a class, an error included, needs Examples.
An Examples section must hold a ``>>>`` line: test_docstrings.py runs every such example.
"""

from __future__ import annotations

import inspect
import re
from collections.abc import Callable, Iterator

import pytest

import rankwork
from rankwork import adapters, arrays

_TITLE = re.compile(r"^(\S[^\n]*)\n-{3,}[ \t]*$", re.MULTILINE)


def sections(doc: str | None) -> dict[str, str]:
    """A numpydoc docstring's sections: title -> the text under it (up to the next title)."""
    text = inspect.cleandoc(doc or "")
    titles = list(_TITLE.finditer(text))
    bounds = [t.start() for t in titles] + [len(text)]
    return {t.group(1).strip(): text[t.end() : bounds[i + 1]] for i, t in enumerate(titles)}


def missing(obj: Callable[..., object]) -> list[str]:
    """What `obj`'s docstring lacks: the sections that apply, and a ``>>>`` in Examples."""
    found = sections(obj.__doc__)
    needed = ["Examples"]
    if not inspect.isclass(obj):
        parameters = [p for p in inspect.signature(obj).parameters if p not in ("self", "cls")]
        needed = ["Parameters"] * bool(parameters) + ["Returns", "Examples"]
    lacks = [title for title in needed if title not in found]
    if "Examples" in found and ">>>" not in found["Examples"]:
        lacks.append("'>>>' in Examples")
    return lacks


def public_objects() -> Iterator[tuple[str, Callable[..., object]]]:
    """(qualified name, object) of every public function, class and public method."""
    for module in (rankwork, arrays, adapters):
        for name in module.__all__:
            obj = getattr(module, name)
            if not (inspect.isfunction(obj) or inspect.isclass(obj)):
                continue  # PRESETS (a dict), __version__, the arrays and adapters modules
            where = f"{module.__name__}.{name}"
            yield where, obj
            if inspect.isclass(obj):
                for attribute, member in vars(obj).items():
                    if inspect.isfunction(member) and not attribute.startswith("_"):
                        yield f"{where}.{attribute}", member


PUBLIC = dict(public_objects())


def test_the_public_names_are_all_found():
    expected = {"rankwork.evaluate", "rankwork.measure", "rankwork.preset", "rankwork.Result",
                "rankwork.Convention", "rankwork.Convention.with_", "rankwork.MeasureNameError",
                "rankwork.InputError", "rankwork.TrecFormatError", "rankwork.BatchError",
                "rankwork.RankingError", "rankwork.arrays.ndcg",
                "rankwork.adapters.lightgbm_feval"}  # fmt: skip
    assert expected <= set(PUBLIC)


@pytest.mark.parametrize("name", sorted(PUBLIC))
def test_the_docstring_has_the_numpydoc_sections_and_an_example(name):
    assert missing(PUBLIC[name]) == [], f"{name}'s docstring lacks {missing(PUBLIC[name])}"


def test_missing_sections_are_reported():
    def documented(x: int) -> int:
        """Twice x.

        Parameters
        ----------
        x : int

        Returns
        -------
        int

        Examples
        --------
        >>> documented(2)
        4
        """
        return 2 * x

    def undocumented(x: int) -> int:
        """Twice x.

        Returns
        -------
        int

        Examples
        --------
        documented(2) is 4
        """
        return 2 * x

    class NoExample(ValueError):
        """An error."""

    assert missing(documented) == []
    assert missing(undocumented) == ["Parameters", "'>>>' in Examples"]
    assert missing(NoExample) == ["Examples"]
