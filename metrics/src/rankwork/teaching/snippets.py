"""The Pitfalls lab's code: for every mistake, the wrong and the right program, as whole Python
programs a student can copy, run, and get the number the lab shows.

A program is the data of a scenario (the grades in rank order, every judged grade, k, ...) set
as Python literals, then the lines that compute one measure family:

- DCG, IDCG, nDCG (`dcg`, `idcg`, `ndcg`): exponential gain 2^g - 1, discount 1/log2(i + 1),
  the ideal ranking from every judged document with a positive grade, cut at k; nDCG = 0 when
  IDCG = 0. This is the Textbook convention every pitfall example uses.
- ERR (`err`): R_i = (2^g - 1) / 2^g_max, the reader's chance to stop at rank i given that
  they reached it.
- RBP (`rbp`): (1 - p) * sum of p^(i-1) * g / g_max over the whole list.
- P, R, F1, AP, RR (`p_at_k`, `recall`, `f1`, `ap`, `rr`): relevant means grade >= rel; R
  counts the relevant judged documents, retrieved or not.
- α-nDCG, ERR-IA (`alpha_ndcg`, `err_ia`): the novelty gain sum_j w_j (1 - α)^c_j of each
  rank, the greedy ideal (ties to the larger doc id), ERR-IA over the same sum for a list
  relevant to every subtopic at every rank (ndeval's definitions, `rankwork.core.diversity`).

A mistake is a few of these lines written differently (`Code.wrong`), sometimes with the right
lines changed to match its example (`Code.right`, e.g. negative grades clipped), or a different
way to get the grades (`prefix`, e.g. from doc ids and scores when ties decide the order).
Unjudged documents are written as grade 0 (as None where the mistake is about them: data
'unjudged'). `program(key, family, scenario, wrong)` returns the
text; running it leaves the value in the variable `VARIABLE[family]`. tests/unit/test_snippets.py
runs every program on its mistake's example and checks it against
`rankwork.teaching.pitfalls.compute`.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from dataclasses import dataclass, field

import numpy as np

from rankwork.core import diversity
from rankwork.core.ranking import Ordered, order
from rankwork.core.scenario import Scenario
from rankwork.teaching.pitfalls import DCG_FAMILY

VARIABLE = {
    "DCG": "dcg",
    "IDCG": "idcg",
    "nDCG": "ndcg",
    "ERR": "err",
    "RBP": "rbp",
    "P": "p_at_k",
    "R": "recall",
    "F1": "f1",
    "AP": "ap",
    "RR": "rr",
    "alpha_nDCG": "alpha_ndcg",
    "ERR_IA": "err_ia",
}

# Each template is a list of (slot, text); a mistake replaces the text of named slots.
_DCG = [
    ("import", "import numpy as np"),
    ("", ""),
    ("", "def gain(g):"),
    ("gain", "    return 2.0 ** np.asarray(g, dtype=float) - 1"),
    ("", ""),
    ("", "def discount(n):  # the weights of ranks 1..n"),
    ("discount", "    return 1 / np.log2(np.arange(1, n + 1) + 1)"),
    ("", ""),
    ("top", "top = grades[:k]"),
    ("ideal", "ideal = sorted((g for g in judged if g > 0), reverse=True)[:k]"),
    ("dcg", "dcg = np.sum(gain(top) * discount(len(top)))"),
    ("idcg", "idcg = np.sum(gain(ideal) * discount(len(ideal)))"),
    ("ndcg", "ndcg = dcg / idcg if idcg > 0 else 0.0"),
]
_ERR = [
    ("", "err, reach = 0.0, 1.0"),
    ("", "for i, g in enumerate(grades[:k], start=1):"),
    ("stop", "    stop = (2.0**g - 1) / 2.0**g_max  # R_i: stop here, given rank i is reached"),
    ("", "    err += reach * stop / i"),
    ("", "    reach *= 1 - stop"),
]
_RBP = [
    ("rbp", "rbp = sum((1 - p) * p ** (i - 1) * g / g_max for i, g in enumerate(grades, 1))"),
]
_BINARY = [
    ("", "rels = [1 if g >= rel else 0 for g in grades]"),
    ("R", "R = sum(1 for g in judged if g >= rel)  # retrieved or not"),
    ("top", "top = rels[:k]"),
    ("", "hits = sum(top)"),
    ("p", "p_at_k = hits / k"),
    ("recall", "recall = hits / R if R else 0.0"),
    ("", "f1 = 2 * p_at_k * recall / (p_at_k + recall) if p_at_k + recall else 0.0"),
    ("ap", "ap = sum(sum(top[:i]) / i for i in range(1, len(top) + 1) if top[i - 1])"),
    ("ap_div", "ap = ap / R if R else 0.0"),
    ("", "rr = next((1 / i for i in range(1, len(top) + 1) if top[i - 1]), 0.0)"),
]
_NOVELTY = [
    ("import", "import math"),
    ("", ""),
    ("", "def gains(lists):  # each rank's sum over its subtopics j of w[j] (1 - alpha)^(j seen)"),
    ("", "    seen, out = {}, []"),
    ("", "    for subs in lists:"),
    ("novelty", "        out.append(sum(w[j] * (1 - alpha) ** seen.get(j, 0) "
                "for j in sorted(subs)))"),
    ("", "        for j in subs:"),
    ("", "            seen[j] = seen.get(j, 0) + 1"),
    ("", "    return out"),
    ("", ""),
    ("", "def greedy_ideal(depth):  # each rank: the document adding most; ties: larger doc id"),
    ("", "    left, placed = dict(pool), []"),
    ("", "    while left and len(placed) < depth:"),
    ("", "        best = max(left, key=lambda d: (gains(placed + [left[d]])[-1], d))"),
    ("", "        if gains(placed + [left[best]])[-1] <= 0:"),
    ("", "            break"),
    ("", "        placed.append(left.pop(best))"),
    ("", "    return placed"),
    ("", ""),
    ("", "top = [pool.get(d, set()) for d in ranked[:k]]"),
]  # fmt: skip
_ALPHA_NDCG = [
    ("", "disc = [1 / math.log2(i + 1) for i in range(1, k + 1)]"),
    ("", "dcg = sum(g * d for g, d in zip(gains(top), disc))"),
    ("ideal", "ideal = gains(greedy_ideal(k))"),
    ("", "idcg = sum(g * d for g, d in zip(ideal, disc))"),
    ("", "alpha_ndcg = dcg / idcg if idcg > 0 else 0.0"),
]
_ERR_IA = [
    ("", "err = sum(g / i for i, g in enumerate(gains(top), 1))"),
    ("", "every = sum((1 - alpha) ** (i - 1) / i for i in range(1, k + 1))  # all relevant"),
    ("", "err_ia = err / every if w else 0.0"),
]


def _template(family: str) -> list[tuple[str, str]]:
    if family in DCG_FAMILY:
        return _DCG
    if family == "alpha_nDCG":
        return _NOVELTY + _ALPHA_NDCG
    if family == "ERR_IA":
        return _NOVELTY + _ERR_IA
    return {"ERR": _ERR, "RBP": _RBP}.get(family, _BINARY)


@dataclass(frozen=True)
class Code:
    """How one mistake's programs differ from the templates.

    `wrong` and `right` map a slot to its new text; `prefix_wrong` and `prefix_right` are lines
    that come after the data and before the template (e.g. how `grades` is built from doc ids);
    `data` names the kind of data lines ('grades', 'docs' for ties, 'run' for a run with doc
    ids, 'two_queries' for judgments of two queries, 'unjudged' for grades with None where a
    document is unjudged)."""

    wrong: Mapping[str, str] = field(default_factory=dict)
    right: Mapping[str, str] = field(default_factory=dict)
    prefix_wrong: tuple[str, ...] = ()
    prefix_right: tuple[str, ...] = ()
    data: str = "grades"


_SORTED_IDEAL = "ideal = sorted((g for g in judged if g > 0), reverse=True)"
_CLIPPED_GAIN = "    return 2.0 ** np.maximum(np.asarray(g, dtype=float), 0) - 1  # -1 counts as 0"
_GRADES_FROM_RUN = "grades = [qrels.get(d, 0) for d in ranked]"

CODE: dict[str, Code] = {
    "log2_of_rank": Code(
        {"discount": "    return 1 / np.log2(np.arange(1, n + 1))  # log2(1) = 0 at rank 1"}
    ),
    "log2_off_by_one": Code({"discount": "    return 1 / np.log2(np.arange(1, n + 1) + 2)"}),
    "natural_log": Code({"discount": "    return 1 / np.log(np.arange(1, n + 1) + 1)"}),
    "gain_flipped": Code({"gain": "    return np.asarray(g, dtype=float)  # meant: 2**g - 1"}),
    "mixed_gain": Code(
        {"idcg": "idcg = np.sum(np.asarray(ideal, dtype=float) * discount(len(ideal)))"}
    ),
    "ideal_from_retrieved": Code(
        {"ideal": "ideal = sorted((g for g in grades if g > 0), reverse=True)[:k]"}
    ),
    "ideal_uncut": Code({"ideal": f"{_SORTED_IDEAL}  # not cut at k"}),
    "ideal_cut_at_r": Code(
        {"ideal": f"R = sum(1 for g in judged if g >= rel)\n{_SORTED_IDEAL}[:R]"}
    ),
    "recall_retrieved_only": Code(
        {
            "ideal": "ideal = sorted((g for g in grades if g > 0), reverse=True)[:k]",
            "R": "R = sum(1 for g in grades if g >= rel)  # only the retrieved ones",
        }
    ),
    "integer_division": Code(
        {
            "p": "p_at_k = hits // k",
            "recall": "recall = hits // R if R else 0",
            "ap": "ap = sum(sum(top[:i]) // i for i in range(1, len(top) + 1) if top[i - 1])",
            "ap_div": "ap = ap // R if R else 0",
        }
    ),
    "epsilon_denominator": Code({"ndcg": "ndcg = dcg / (idcg + 1e-8)"}),
    "negative_exponential": Code(
        {
            "gain": "    return 2.0 ** np.asarray(g, dtype=float) - 1",
            "stop": "    stop = (2.0**g - 1) / 2.0**g_max",
        },
        {
            "gain": _CLIPPED_GAIN,
            "stop": "    stop = (2.0 ** max(g, 0) - 1) / 2.0**g_max  # -1 counts as 0",
            "rbp": "rbp = sum((1 - p) * p ** (i - 1) * max(g, 0) / g_max "
            "for i, g in enumerate(grades, 1))",
        },
    ),
    "duplicate_counted": Code(
        prefix_wrong=(f"{_GRADES_FROM_RUN}  # a document listed twice counts twice",),
        prefix_right=(
            "ranked = list(dict.fromkeys(ranked))  # each document once, where it first appears",
            _GRADES_FROM_RUN,
        ),
        data="run",
    ),
    "merged_queries": Code(
        prefix_wrong=("judged = [g for (q, d, g) in qrels]  # every query's judgments",),
        prefix_right=("judged = [g for (q, d, g) in qrels if q == qid]",),
        data="two_queries",
    ),
    "cutoff_one_short": Code(
        prefix_wrong=("k = k - 1  # the loop ran over range(1, k): ranks 1..k-1",)
    ),
    "k_clipped": Code(prefix_wrong=("k = min(k, len(grades))",)),
    "ties_input_order": Code(
        prefix_wrong=(
            "ranked = sorted(docs, key=lambda d: -score[d])  # stable: ties keep input order",
            "grades = [grade[d] for d in ranked]",
        ),
        prefix_right=(
            "# trec_eval: score descending, then doc id descending (compared as text)",
            "ranked = sorted(docs, key=lambda d: (score[d], d), reverse=True)",
            "grades = [grade[d] for d in ranked]",
        ),
        data="docs",
    ),
    "err_gmax_4": Code({"stop": "    stop = (2.0**g - 1) / 2.0**4  # gdeval's fixed top grade"}),
    "err_gmax_list": Code(prefix_wrong=("g_max = max(grades)  # this list's largest grade",)),
    "rbp_raw_grade": Code(
        {"rbp": "rbp = sum((1 - p) * p ** (i - 1) * g for i, g in enumerate(grades, 1))"}
    ),
    "precision_by_length": Code({"p": "p_at_k = hits / len(grades)"}),
    "unjudged_kept": Code(
        prefix_wrong=(
            "grades = [0 if g is None else g for g in grades]  # unjudged: not relevant",
        ),
        prefix_right=("grades = [g for g in grades if g is not None]  # the condensed list",),
        data="unjudged",
    ),
    "alpha_ideal_of_ndcg": Code(
        {
            "ideal": "ideal = sorted((sum(w.get(j, 0) for j in s) for s in pool.values()), "
            "reverse=True)[:k]  # nDCG's ideal: no novelty discount"
        },
        data="subtopics",
    ),
    "subtopics_once": Code(
        {"novelty": "        out.append(sum(w[j] for j in sorted(subs) if j not in seen))  # once"},
        data="subtopics",
    ),
    "intents_ignored": Code(
        prefix_wrong=("w = {j: 1 / len(w) for j in w}  # every intent equally likely",),
        data="subtopics",
    ),
}


def _number(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else repr(float(x))


def _numbers(values) -> str:
    return "[" + ", ".join(_number(v) for v in values) + "]"


def _data(kind: str, family: str, scenario: Scenario) -> list[str]:
    """The scenario as Python assignments: the grades as judged (negative ones too: what the
    code does with them is the code's business), unjudged documents as grade 0."""
    conv, ranking = scenario.convention, scenario.ranking
    ordered = order(ranking, conv.with_(negative="keep"))
    if kind == "subtopics":
        return _subtopic_data(ordered, scenario.k, scenario.alpha)
    grades = np.nan_to_num(ordered.grades, nan=0.0)
    unjudged = " (unjudged written as 0)" if np.isnan(ordered.grades).any() else ""
    lines: list[str] = []
    if kind == "docs":
        docs = list(ranking.doc_ids)
        score = dict(zip(docs, ranking.scores, strict=True))  # type: ignore[arg-type]
        grade = dict(zip(docs, np.nan_to_num(ranking.grades, nan=0.0), strict=True))
        lines += [
            f"docs = {docs!r}  # in the order the run lists them",
            "score = {" + ", ".join(f"{d!r}: {_number(s)}" for d, s in score.items()) + "}",
            "grade = {" + ", ".join(f"{d!r}: {_number(g)}" for d, g in grade.items()) + "}",
        ]
    elif kind == "run":
        ids = list(ordered.doc_ids)
        top = int(np.argmax(np.nan_to_num(ordered.grades, nan=-np.inf)))
        ranked = ids[: top + 1] + [ids[top]] + ids[top + 1 :]
        qrels = dict(zip(ids, grades, strict=True))
        lines += [
            f"ranked = {ranked!r}  # {ids[top]!r} is listed twice",
            "qrels = {" + ", ".join(f"{d!r}: {_number(g)}" for d, g in qrels.items()) + "}",
        ]
    elif kind == "two_queries":
        ids = list(ordered.doc_ids)
        pool = ordered.judged_pool
        other = pool[pool >= conv.rel_threshold]
        rows = [("q1", d, g) for d, g in zip(ids, grades, strict=True)]
        rows += [("q1", f"u{i}", g) for i, g in enumerate(ordered.unretrieved, 1)]
        rows += [("q2", f"x{i}", g) for i, g in enumerate(other, 1)]
        lines += [
            "qid = 'q1'",
            f"ranked = {ids!r}",
            "qrels = [  # (query, doc, grade)",
            *(f"    ({q!r}, {d!r}, {_number(g)})," for q, d, g in rows),
            "]",
            "grades = [g for d in ranked for (q, e, g) in qrels if q == qid and e == d]",
        ]
    elif kind == "unjudged":
        marked = ["None" if np.isnan(g) else _number(g) for g in ordered.grades]
        lines.append(f"grades = [{', '.join(marked)}]  # in rank order, None = unjudged")
    else:
        lines.append(f"grades = {_numbers(grades)}  # in rank order{unjudged}")
    if kind not in ("two_queries", "run"):
        lines.append(f"judged = {_numbers(ordered.judged_pool)}  # every judged document")
    elif kind == "run":
        lines.append("judged = list(qrels.values())  # every judged document, once")
    if scenario.k is not None:
        lines.append(f"k = {scenario.k}")
    gmax_err = conv.err_gmax if conv.err_gmax is not None else ordered.scale_max
    gmax_rbp = conv.rbp_gmax if conv.rbp_gmax is not None else ordered.scale_max
    extras = {
        "rel": _number(conv.rel_threshold),
        "g_max": _number(gmax_err if family == "ERR" else gmax_rbp),
        "p": _number(conv.rbp_p),
    }
    return lines + [f"{name} = {value}" for name, value in extras.items()]


def _subtopic_data(ordered: Ordered, k: int | None, alpha: float) -> list[str]:
    """A list with subtopics as Python: the doc ids in rank order, every judged document's
    subtopics, the intent weights (summing to 1), α and k."""
    j = diversity.judged(ordered)
    pool = ", ".join(f"{d!r}: {_subtopic_set(s)}" for d, s in j.pool)
    weights = ", ".join(f"{s!r}: {w!r}" for s, w in sorted(j.weight.items()))
    return [
        f"ranked = {list(j.doc_ids)!r}  # in rank order",
        f"pool = {{{pool}}}  # every judged document's subtopics",
        f"w = {{{weights}}}  # intent weights",
        f"alpha = {_number(alpha)}",
        f"k = {k if k is not None else len(j.ranked)}",
    ]


def _subtopic_set(subtopics: frozenset[str]) -> str:
    return "{" + ", ".join(repr(s) for s in sorted(subtopics)) + "}" if subtopics else "set()"


def program(key: str, family: str, scenario: Scenario, wrong: bool) -> str:
    """Mistake `key`'s wrong (or right) program for `family`, on `scenario`'s data. Running it
    sets the variable `VARIABLE[family]` to the value."""
    code = CODE[key]
    changes = code.wrong if wrong else code.right
    body = [changes.get(slot, text) if slot else text for slot, text in _template(family)]
    prefix = list(code.prefix_wrong if wrong else code.prefix_right)
    used = "\n".join(prefix + body)
    data = [
        line
        for line in _data(code.data, family, scenario)
        if not re.match(r"(rel|g_max|p|k) = ", line)
        or re.search(rf"\b{line.split(' = ')[0]}\b", used)
    ]
    if code.data == "run":
        data = [line for line in data if not line.startswith("judged") or "judged" in used]
    text = "\n".join([*data, *prefix, *body])
    if "math." in text and not text.startswith("import math"):
        text = "import math\n\n" + text.replace("import math\n", "")
    if not text.startswith("import") and "np." in text:
        text = "import numpy as np\n\n" + text.replace("import numpy as np\n", "")
    return text.strip() + "\n"


def run(text: str, family: str) -> float:
    """Execute a program (trusted text: ours) and read its value; numpy's warnings about 1/0
    and inf/inf are what a user of the code would see, and are silenced here."""
    namespace: dict[str, object] = {}
    with np.errstate(divide="ignore", invalid="ignore"):
        exec(compile(text, "<pitfall program>", "exec"), namespace)  # noqa: S102
    value = namespace[VARIABLE[family]]
    return float(value)  # type: ignore[arg-type]


def is_same(a: float, b: float) -> bool:
    """Equal to 1e-12, NaN equal to NaN, infinities equal to themselves."""
    if math.isnan(a) or math.isnan(b):
        return math.isnan(a) and math.isnan(b)
    if math.isinf(a) or math.isinf(b):
        return a == b
    return abs(a - b) <= 1e-12 * max(1.0, abs(a), abs(b))
