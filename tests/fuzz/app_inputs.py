"""Hostile and careless inputs for the app's entry points, as hypothesis strategies, and the
checks every outcome must pass. Shared by tests/fuzz/test_fuzz_{links,playground,uploads}.py
(bounded, in CI) and scripts/fuzz_app.py (the long campaign).

- `links()`: Playground query strings: known and unknown parameters holding numbers, lists,
  choices, hostile Markdown/HTML, Unicode digits, huge and non-finite numbers, random text; and
  valid links mutated (a value replaced, cut, doubled or dropped).
- `uploads()`: a qrels and a run, each a valid small TREC or CSV file mutated by byte-level
  edits, under a file name that may be hostile.
- `assert_literal(bodies)`: no Markdown body echoes a hostile marker unescaped, and none forms a
  link or an image.
"""

from __future__ import annotations

import math
from collections.abc import Iterable

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from rankwork.core import conventions
from rankwork.explore.report import HEADLINE, evaluate
from tests.markdown_text import formed_elements
from ui.playground import link as playground_link
from ui.playground.inputs import convention_from, cutoff_from, ranking_from
from ui.playground.model import LIST_PARAMS, PRESET_BY_SLUG, SETTINGS


def fuzz_settings(examples: int) -> settings:
    """Seeded (derandomize), no example database, no deadline: the same inputs on every run."""
    return settings(
        max_examples=examples,
        derandomize=True,
        database=None,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
    )


def bodies(at) -> list[str]:
    """Every Markdown text an AppTest page shows: alerts, captions, markdown, expander labels."""
    elements = (*at.warning, *at.error, *at.info, *at.success, *at.caption, *at.markdown)
    return [e.value for e in elements] + [e.label for e in at.expander]


#: Text that would form an element if shown as Markdown (each is checked for verbatim in bodies).
HOSTILE = (
    "[Login](https://evil.example/x)",
    "![](https://evil.example/beacon.png)",
    "<img src=https://evil.example/i.png>",
    "<a href=https://evil.example>x</a>",
    "**bold**",
    "`code`",
    ":red[red]",
    "$x^2$",
)
WEIRD_NUMBERS = (
    "nan", "NaN", "inf", "-inf", "1e308", "1.7976931348623157e308", "1e999", "-0", "0", "-1",
    "1024", "1e9", "9223372036854775808", "\uff13", "\u0663", "1_0", "0x10", "1e-320", " 2",
    "2 ", "", ",", ",,", "3,", "1e", ".", "-", "+1", "1.5",
)  # fmt: skip
PARAMS = (*LIST_PARAMS, *(f.url_key for f in SETTINGS.linked))
CHOICES = (
    *PRESET_BY_SLUG, *conventions.GAINS, *conventions.DISCOUNTS,
    *conventions.IDEALS,
    *conventions.TIES, *conventions.NEGATIVES, *conventions.RBP_GAINS, "scale",
)  # fmt: skip

_number = st.one_of(
    st.from_regex(r"-?[0-9]{1,3}(\.[0-9]{1,3})?", fullmatch=True),
    st.sampled_from(WEIRD_NUMBERS),
)
_value = st.one_of(
    _number,
    st.lists(_number, max_size=12).map(",".join),
    st.lists(st.sampled_from(["0", "1", "2", "3", "4", ""]), max_size=12).map(",".join),
    st.lists(st.tuples(_number, _number).map(":".join), max_size=4).map(",".join),
    st.sampled_from(CHOICES),
    st.sampled_from(HOSTILE),
    st.lists(st.sampled_from([*HOSTILE, "a", "d1", "%2C", "%"]), max_size=4).map(",".join),
    st.text(max_size=30),
)
_random_links = st.builds(
    lambda known, unknown: {**unknown, **known},
    st.fixed_dictionaries({}, optional={p: st.one_of(_number, _value) for p in PARAMS}),
    st.dictionaries(st.text(max_size=4), _value, max_size=2),
)


def _valid_links() -> list[dict[str, str]]:
    """A few valid links: the default page, and the example list under every preset."""
    out = []
    for slug, preset in PRESET_BY_SLUG.items():
        state = playground_link.default_state()
        state.settings["preset"] = preset
        state.settings.update(playground_link.preset_fields(preset))
        ranking = ranking_from(state.ranking, state.unretrieved, state.settings["scale_max"])
        out.append(playground_link.encode(ranking, state.settings))
        assert out[-1]["preset"] == slug
    return out


VALID_LINKS = _valid_links()


@st.composite
def _mutated_links(draw) -> dict[str, str]:
    link = dict(draw(st.sampled_from(VALID_LINKS)))
    for _ in range(draw(st.integers(1, 3))):
        param = draw(st.sampled_from(PARAMS))
        how = draw(st.sampled_from(["replace", "cut", "double", "drop"]))
        old = link.get(param, "")
        if how == "replace":
            link[param] = draw(_value)
        elif how == "cut":
            link[param] = old[: draw(st.integers(0, len(old)))]
        elif how == "double":
            link[param] = f"{old},{old}"
        else:
            link.pop(param, None)
    return link


def links() -> st.SearchStrategy[dict[str, str]]:
    return st.one_of(_random_links, _mutated_links())


def assert_valid_state(decoded: playground_link.Decoded) -> None:
    """A decoded link is a state the Playground can show: it builds, evaluates to finite
    numbers, and encodes to a link that decodes with nothing to complain about."""
    assert all(isinstance(p, str) and p for p in decoded.problems)
    settings = decoded.settings
    ranking = ranking_from(decoded.ranking, decoded.unretrieved, settings["scale_max"])
    report = evaluate(ranking, convention_from(settings), cutoff_from(settings["k"]))
    for key in HEADLINE:
        assert math.isfinite(report.value(key)), (key, report.value(key))
    try:
        again = playground_link.encode(ranking, settings)
    except playground_link.LinkTooLong:
        return
    assert playground_link.decode(again).problems == []


def assert_literal(bodies: Iterable[str]) -> None:
    """No hostile marker appears verbatim (i.e. unescaped) and no link or image is formed."""
    for body in bodies:
        for marker in HOSTILE:
            assert marker not in body, (marker, body)
        assert not {"a", "img"} & formed_elements(body), body


# --- uploads ---------------------------------------------------------------------------------

QRELS = b"1 0 d1 2\n1 0 d2 0\n1 0 d3 1\n2 0 d1 1\n2 0 d4 3\n"
RUN = b"1 Q0 d1 1 3.5 r\n1 Q0 d3 2 2.0 r\n1 Q0 d9 3 1.0 r\n2 Q0 d4 1 9 r\n2 Q0 d1 2 8 r\n"
QRELS_CSV = b"qid,docno,rel\n1,d1,2\n1,d2,0\n2,d4,3\n"
RUN_CSV = b"qid,docno,score\n1,d1,3.5\n1,d3,2.0\n2,d4,9\n"
_BYTES = st.sampled_from(
    [b" ", b"\t", b"\n", b"\r", b"\r\n", b",", b"0", b"9", b"-", b".", b"e", b"nan", b"inf",
     b"1e308", b"\x00", b"\xff", b"\xef\xbb\xbf", "\u00e9".encode(), b"Q0", b"#", b'"']
)  # fmt: skip


@st.composite
def _mutated(draw, base: bytes) -> bytes:
    data = bytearray(base)
    for _ in range(draw(st.integers(0, 4))):
        at = draw(st.integers(0, len(data)))
        how = draw(st.sampled_from(["insert", "delete", "replace"]))
        if how == "insert":
            data[at:at] = draw(_BYTES)
        elif how == "delete":
            del data[at : at + draw(st.integers(1, 8))]
        else:
            data[at : at + 1] = draw(_BYTES)
    return bytes(data)


_name = st.one_of(
    st.sampled_from(["qrels.txt", "run.txt", "x.csv", "y.tsv", "z.gz", ".txt", "a b.txt"]),
    st.sampled_from(HOSTILE).map(lambda h: f"{h}.txt"),
)


@st.composite
def uploads(draw) -> tuple[tuple[str, bytes], tuple[str, bytes]]:
    """(qrels name, bytes), (run name, bytes): valid small files, mutated, maybe badly named."""
    csv = draw(st.booleans())
    qrels = draw(_mutated(QRELS_CSV if csv else QRELS))
    run = draw(_mutated(RUN_CSV if csv else RUN))
    suffix = ".csv" if csv else ".txt"
    qname = draw(st.one_of(st.just(f"qrels{suffix}"), _name))
    rname = draw(st.one_of(st.just(f"run{suffix}"), _name))
    return (qname, qrels), (rname, run)
