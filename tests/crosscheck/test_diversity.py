"""The single-list diversity measures (rankwork.core.diversity) against TREC's ndeval, through
pyndeval 0.0.8 (ndeval 4.5's C code) and ir_measures' pyndeval provider.

Random queries: a pool of judged documents, each relevant to a random set of subtopics (some to
none: judged non-relevant), a list drawn from them plus unjudged documents, in random order. The
list is given to pyndeval with strictly decreasing scores, so both read the same order (pyndeval
would break tied scores by doc id ascending: see the claims below).

Where RankLab differs from ndeval on purpose, the test says so and checks the difference:
ndeval leaves α-DCG@1 and ERR-IA@1 unnormalised (its normalising loop starts at rank 2), and
gives NaN for nNRBP of a query with no relevant document (0 here).
"""

from __future__ import annotations

import math
import random
import re
from pathlib import Path

import _pyndeval
import ir_measures
import pyndeval
import pytest

from rankwork.core.conventions import TEXTBOOK
from rankwork.core.intents import Intents
from rankwork.core.measures import parse
from rankwork.core.ranking import Ranking

CUTOFFS = (2, 3, 5, 10, 20)
# RankLab name -> pyndeval name
NAMES = {f"{ours}@{k}": f"{theirs}@{k}" for k in CUTOFFS
         for ours, theirs in [("alpha_DCG", "alpha-DCG"), ("alpha_nDCG", "alpha-nDCG"),
                              ("ERR_IA", "ERR-IA"), ("nERR_IA", "nERR-IA"), ("P_IA", "P-IA"),
                              ("StRecall", "strec")]}  # fmt: skip
NAMES.update({"NRBP": "NRBP", "nNRBP": "nNRBP", "AP_IA": "MAP-IA"})


def random_query(rng: random.Random, qid: str):
    """One query: (Ranking with intents, pyndeval qrels lines, pyndeval run lines)."""
    subtopics = [str(s) for s in range(1, rng.randint(1, 5) + 1)]
    pool = {}
    for i in range(rng.randint(1, 14)):
        chance = rng.choice([0.2, 0.4, 0.7])
        pool[f"{qid}-d{i}"] = frozenset(s for s in subtopics if rng.random() < chance)
    unjudged = [f"{qid}-u{i}" for i in range(rng.randint(0, 5))]
    candidates = list(pool) + unjudged
    listed = rng.sample(candidates, rng.randint(1, len(candidates)))
    qrels = []
    for doc, subs in pool.items():
        if subs:
            qrels += [(qid, s, doc, 1) for s in sorted(subs)]
        else:  # judged, relevant to no subtopic
            qrels.append((qid, rng.choice(subtopics), doc, 0))
    run = [(qid, doc, float(len(listed) - i)) for i, doc in enumerate(listed)]
    intents = Intents.build(
        [pool.get(d, frozenset()) for d in listed],
        [(d, s) for d, s in pool.items() if d not in listed],
    )
    return Ranking.build([1.0] * len(listed), doc_ids=listed, intents=intents), qrels, run


def collection(seed: int, queries: int = 50):
    rng = random.Random(seed)
    built = [random_query(rng, f"q{i}") for i in range(queries)]
    rankings = {f"q{i}": r for i, (r, _, _) in enumerate(built)}
    qrels = [line for _, q, _ in built for line in q]
    run = [line for _, _, r in built for line in r]
    return rankings, qrels, run


def relevant(ranking: Ranking) -> bool:
    return bool(ranking.intents.covered())


READ_ALPHA = ("alpha_DCG", "alpha_nDCG", "ERR_IA", "nERR_IA", "NRBP", "nNRBP")


def with_alpha(name: str, alpha: float) -> str:
    """RankLab's name of a measure at α (ndeval's -alpha): 'ERR_IA@5' -> 'ERR_IA(alpha=0.8)@5'."""
    family, at, k = name.partition("@")
    return f"{family}(alpha={alpha}){at}{k}" if family in READ_ALPHA else name


@pytest.mark.parametrize("alpha", [0.5, 0.25, 0.8, 0.2])
@pytest.mark.parametrize("seed", range(2))
def test_every_measure_equals_ndeval(seed: int, alpha: float) -> None:
    rankings, qrels, run = collection(seed)
    theirs = pyndeval.ndeval(qrels, run, measures=list(NAMES.values()), alpha=alpha, beta=0.5)
    compared = 0
    for qid, ranking in rankings.items():
        for ours, name in NAMES.items():
            expected = theirs[qid][name]
            got = parse(with_alpha(ours, alpha))(ranking, TEXTBOOK).value
            if ours == "nNRBP" and not relevant(ranking):
                assert math.isnan(expected) and got == 0.0  # ndeval: 0/0; RankLab: 0
                continue
            assert got == pytest.approx(expected, abs=1e-9), (qid, ours, alpha)
            compared += 1
    assert compared > 600


def test_err_ia_reads_alpha_as_ndevals_minus_alpha() -> None:
    # Issue 25's example: one subtopic, a relevant then a non-relevant document, k = 2.
    # ERR-IA@2 = (1/1 + 0/2) / (1/1 + (1 - α)/2): at α = 0.8, 1 / 1.1 = 0.90909...; at the
    # default α = 0.5, 1 / 1.25 = 0.8 (the number RankLab gave whatever α was asked).
    qrels = [("1", "1", "a", 1), ("1", "1", "b", 0)]
    run = [("1", "a", 2.0), ("1", "b", 1.0)]
    ranking = Ranking.build([1, 0], doc_ids=["a", "b"], intents=Intents.build(["1", ""]))
    for alpha, expected in [(0.8, 1 / 1.1), (0.2, 1 / 1.4), (0.5, 1 / 1.25)]:
        theirs = pyndeval.ndeval(qrels, run, measures=["ERR-IA@2"], alpha=alpha)["1"]
        assert theirs["ERR-IA@2"] == pytest.approx(expected, abs=1e-12)
        ours = parse(f"ERR_IA(alpha={alpha})@2")(ranking, TEXTBOOK)
        assert ours.value == pytest.approx(expected, abs=1e-12)
    # nERR-IA: this list is its own ideal, so 1 at every α
    assert parse("nERR_IA(alpha=0.8)@2")(ranking, TEXTBOOK).value == pytest.approx(1.0)


def test_the_worked_example_equals_ndeval() -> None:
    # tests/unit/test_diversity.py's example, worked by hand there
    sets = {"d1": "12", "d2": "1", "d3": "", "d4": "3", "d5": "23"}
    qrels = [("1", s, d, 1) for d, subs in sets.items() for s in subs] + [("1", "1", "d3", 0)]
    run = [("1", d, 5.0 - i) for i, d in enumerate(sets)]
    theirs = pyndeval.ndeval(qrels, run, measures=list(NAMES.values()))["1"]
    ranking = Ranking.build(
        [1] * 5, doc_ids=list(sets), intents=Intents.build([",".join(s) for s in sets.values()])
    )
    for ours, name in NAMES.items():
        assert parse(ours)(ranking, TEXTBOOK).value == pytest.approx(theirs[name], abs=1e-12)


# ------------------------------------------------------------------ ndeval's behaviour, claimed


def test_claim_ndeval_leaves_alpha_dcg_and_err_ia_at_1_unnormalised() -> None:
    # One document relevant to 2 of 3 subtopics at rank 1. Normalised, both are
    # (2/3) / 1 = 2/3; ndeval reports the raw gain 2 (it divides only from rank 2 on).
    qrels = [("1", "1", "a", 1), ("1", "2", "a", 1), ("1", "3", "b", 1)]
    run = [("1", "a", 2.0), ("1", "b", 1.0)]
    theirs = pyndeval.ndeval(qrels, run, measures=["alpha-DCG@1", "ERR-IA@1", "alpha-nDCG@1"])
    assert theirs["1"]["alpha-DCG@1"] == 2.0
    assert theirs["1"]["ERR-IA@1"] == 2.0
    ranking = Ranking.build([1, 1], doc_ids=["a", "b"], intents=Intents.build(["1,2", "3"]))
    assert parse("alpha_DCG@1")(ranking, TEXTBOOK).value == pytest.approx(2 / 3)
    assert parse("ERR_IA@1")(ranking, TEXTBOOK).value == pytest.approx(2 / 3)
    # α-nDCG@1 divides the raw gain by the ideal's raw gain, so it agrees: 2/2
    assert theirs["1"]["alpha-nDCG@1"] == parse("alpha_nDCG@1")(ranking, TEXTBOOK).value == 1.0


def test_claim_pyndeval_breaks_tied_scores_by_doc_id_ascending() -> None:
    # a relevant, b not; both scored 1: pyndeval ranks a first (ascending), so P-IA@1 = 1.
    # trec_eval and ndeval -traditional put the larger doc id first (b), which gives 0.
    qrels = [("1", "1", "a", 1), ("1", "1", "b", 0)]
    run = [("1", "b", 1.0), ("1", "a", 1.0)]
    assert pyndeval.ndeval(qrels, run, measures=["P-IA@1"])["1"]["P-IA@1"] == 1.0
    ranking = Ranking.build(
        [1, 0], doc_ids=["a", "b"], scores=[1.0, 1.0], intents=Intents.build(["1", ""])
    )
    assert parse("P_IA@1")(ranking, TEXTBOOK.with_(ties="docno_desc")).value == 0.0


def test_our_names_are_ir_measures_names_for_the_same_measures() -> None:
    # ir_measures computes these through pyndeval: same name, same value.
    sets = {"d1": "12", "d2": "1", "d3": "", "d4": "3", "d5": "23"}
    qrels = [ir_measures.Qrel("1", d, 1, s) for d, subs in sets.items() for s in subs]
    qrels.append(ir_measures.Qrel("1", "d3", 0, "1"))
    run = [ir_measures.ScoredDoc("1", d, 5.0 - i) for i, d in enumerate(sets)]
    ranking = Ranking.build(
        [1] * 5, doc_ids=list(sets), intents=Intents.build([",".join(s) for s in sets.values()])
    )
    names = ["alpha_nDCG@5", "alpha_nDCG(alpha=0.8)@5", "alpha_DCG@5", "ERR_IA@5",
             "nERR_IA@5", "NRBP", "NRBP(alpha=0.5,beta=0.8)", "nNRBP", "P_IA@5", "AP_IA",
             "StRecall@5"]  # fmt: skip
    for name in names:
        theirs = ir_measures.calc_aggregate([ir_measures.parse_measure(name)], qrels, run)
        ours = parse(name)(ranking, TEXTBOOK).value
        assert ours == pytest.approx(next(iter(theirs.values())), abs=1e-12), name


ROOT = Path(__file__).resolve().parents[2]
# every text where RankLab names ndeval's command-line option for α
NAMES_NDEVALS_OPTION = [
    "README.md",
    "metrics/src/rankwork/cli.py",
    "metrics/src/rankwork/core/measures/families/err_ia.py",
    "ui/playground/novelty.py",
]
SAYS_OPTION = r"ndeval(?:'s|\s+computes it with)\s+`?-(\w+)"  # "ndeval's -alpha 0.8"


def ndevals_options() -> set[str]:
    """The options of ndeval's own usage text ("options:", then each as "    -name ..."), as
    compiled into pyndeval's C extension (ndeval.c's usage string)."""
    binary = Path(_pyndeval.__file__).read_bytes()
    usage = binary[binary.index(b"Compute novelty and diversity evaluation measures") :]
    usage = usage[: usage.index(b"\0")].decode()
    return set(re.findall(r"\n {4}-(\w+)", usage[usage.index("options:") :]))


def test_the_option_ranklab_names_for_alpha_is_ndevals() -> None:
    options = ndevals_options()
    assert "alpha" in options and "a" not in options  # ndeval: "-alpha value  Redundancy ..."
    named = {
        (path, option)
        for path in NAMES_NDEVALS_OPTION
        for option in re.findall(SAYS_OPTION, (ROOT / path).read_text())
    }
    assert {path for path, _ in named} == set(NAMES_NDEVALS_OPTION)  # each names one
    assert all(option in options for _, option in named), named


def test_the_translations_name_ndevals_option_too() -> None:
    # every "-option" in a zh or vi msgstr that mentions ndeval is one of ndeval's options
    options = ndevals_options()
    named = set()
    for lang in ("zh", "vi"):
        po = (ROOT / f"i18n/locales/{lang}/LC_MESSAGES/ranklab.po").read_text()
        for entry in po.split("\n\n"):
            msgstr = "".join(re.findall(r'"(.*)"', entry.partition("msgstr")[2]))
            if "ndeval" in msgstr:
                named |= {(lang, o) for o in re.findall(r"(?<![\w-])-([A-Za-z]\w*)", msgstr)}
    assert {lang for lang, _ in named} == {"zh", "vi"}  # both name the option
    assert all(option in options for _, option in named), named
