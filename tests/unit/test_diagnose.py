"""The diagnosis names the mistake behind a wrong answer typed to 4 decimals.

Each case: a list, the measure, the wrong number worked out by hand, and the pitfall that must
be among the matches. Lists as in test_pitfalls.py; list A is Wikipedia's DCG example (grades
3,2,3,0,1,2 retrieved, 3 and 2 judged but not retrieved), exponential gain.
"""

from math import log, log2

import pytest

import i18n
from rankwork.core.conventions import TEXTBOOK, TREC_EVAL_NDCG_CUT
from rankwork.core.intents import Intents
from rankwork.core.ranking import Ranking
from rankwork.core.scenario import Scenario
from rankwork.teaching.diagnose import diagnose, parse_answer
from rankwork.teaching.pitfalls import CATALOGUE
from tests.in_language import in_language

LIST_A = Ranking.build([3, 2, 3, 0, 1, 2], unretrieved=[3, 2])
DCG_A = 7 + 3 / log2(3) + 7 / log2(4) + 1 / log2(6) + 3 / log2(7)
IDCG_A = 7 + 7 / log2(3) + 7 / log2(4) + 3 / log2(5) + 3 / log2(6) + 3 / log2(7)
LINEAR_IDEAL = 3 + 3 / log2(3) + 3 / log2(4) + 2 / log2(5) + 2 / log2(6) + 2 / log2(7)  # 8.740
LIST_IDEAL = 7 + 7 / log2(3) + 3 / log2(4) + 3 / log2(5) + 1 / log2(6)
TIED = Ranking.build([1, 0, 0], ["d1", "d2", "d3"], [1.0, 1.0, 0.5])
# Diversity: d1 {1,2}, d2 {1}, d3 none, d4 {3}, d5 {2,3}; alpha = 0.5, weights 1/3 each:
# novelty gains 2/3, 1/6, 0, 1/3, 1/3 (tests/unit/test_diversity.py works them out)
SETS = ["1,2", "1", "", "3", "2,3"]
IDS = ["d1", "d2", "d3", "d4", "d5"]
DIVERSE = Ranking.build([1, 1, 0, 1, 1], IDS, intents=Intents.build(SETS))
WEIGHTED = Ranking.build(
    [1, 1, 0, 1, 1], IDS, intents=Intents.build(SETS, weights={"1": 0.1, "2": 0.3, "3": 0.6})
)
ALPHA_DCG = 2 / 3 + (1 / 6) / log2(3) + (1 / 3) / log2(5) + (1 / 3) / log2(6)


def scenario(ranking=LIST_A, k=6, **changes):
    return Scenario(ranking, TEXTBOOK.with_(**changes) if changes else TEXTBOOK, k)


CASES = {
    "log2_off_by_one": (
        "DCG",
        scenario(),
        7 / log2(3) + 3 / log2(4) + 7 / log2(5) + 1 / log2(7) + 3 / log2(8),
    ),
    "natural_log": (
        "DCG",
        scenario(),
        7 / log(2) + 3 / log(3) + 7 / log(4) + 1 / log(6) + 3 / log(7),
    ),
    "gain_flipped": ("nDCG", scenario(), 6.861 / 8.740),  # Wikipedia, linear gain
    "mixed_gain": ("nDCG", scenario(), DCG_A / LINEAR_IDEAL),
    "ideal_from_retrieved": ("nDCG", scenario(), DCG_A / LIST_IDEAL),
    "ideal_uncut": ("nDCG", scenario(k=3), (7 + 3 / log2(3) + 3.5) / (IDCG_A + 1 / 3)),
    "ideal_cut_at_r": (
        "nDCG",
        scenario(k=3, rel_threshold=2.0),
        (7 + 3 / log2(3) + 3.5) / IDCG_A,
    ),
    "recall_retrieved_only": ("R", scenario(), 1.0),
    "integer_division": ("P", scenario(), 0.0),
    # a perfect list: DCG = IDCG = 7 + 3/log2 3 + 1/2; only visible with many decimals typed
    "epsilon_denominator": (
        "nDCG",
        scenario(Ranking.build([3, 2, 1]), k=3),
        1 - 1e-8 / (7 + 3 / log2(3) + 0.5),
        10,
    ),
    "negative_exponential": (
        "DCG",
        scenario(Ranking.build([-1, 2]), k=2, negative="clip"),
        -0.5 + 3 / log2(3),
    ),
    "cutoff_one_short": (
        "nDCG",
        scenario(),
        (7 + 3 / log2(3) + 7 / log2(4) + 1 / log2(6))
        / (7 + 7 / log2(3) + 7 / log2(4) + 3 / log2(5) + 3 / log2(6)),
    ),
    "k_clipped": ("P", scenario(Ranking.build([1, 0, 1]), k=5), 2 / 3),
    "ties_input_order": ("RR", scenario(TIED, k=3), 1.0),
    "err_gmax_4": ("ERR", scenario(Ranking.build([1, 0, 1], scale_max=1), k=1), 1 / 16),
    "err_gmax_list": ("ERR", scenario(Ranking.build([2, 0], scale_max=4), k=2), 3 / 4),
    "rbp_raw_grade": (
        "RBP",
        scenario(Ranking.build([1, 3, None, 0], scale_max=3), k=None),
        0.2 * (1 + 3 * 0.8),
    ),
    "precision_by_length": ("P", scenario(Ranking.build([1, 0, 1, 0]), k=2), 0.25),
    # nDCG's ideal: gains without the novelty penalty, sorted: d1 2/3, d5 2/3, d2 1/3, d4 1/3
    "alpha_ideal_of_ndcg": (
        "alpha_nDCG",
        scenario(DIVERSE, k=5),
        ALPHA_DCG / (2 / 3 + (2 / 3) / log2(3) + (1 / 3) / 2 + (1 / 3) / log2(5)),
    ),
    # alpha = 1: gains 2/3, 0, 0, 1/3, 0; the ideal d5 {2,3} then d1 (subtopic 1 only)
    "subtopics_once": (
        "alpha_nDCG",
        scenario(DIVERSE, k=5),
        (2 / 3 + (1 / 3) / log2(5)) / (2 / 3 + (1 / 3) / log2(3)),
    ),
    # AP′ of 1, ?, 0, 1, ?, 1 (R = 3) is that of the condensed list 1, 0, 1, 1:
    # (1/1 + 2/3 + 3/4) / 3 = 0.8056; with the unjudged kept as non-relevant, the relevant
    # documents sit at ranks 1, 4, 6: (1/1 + 2/4 + 3/6) / 3 = 0.6667
    "unjudged_kept": (
        "AP",
        Scenario(Ranking.build([1, None, 0, 1, None, 1]), TEXTBOOK, 6, condensed=True),
        (1 / 1 + 2 / 4 + 3 / 6) / 3,
    ),
    # equal weights instead of 0.1, 0.3, 0.6: ERR-IA of the gains 2/3, 1/6, 0, 1/3, 1/3
    "intents_ignored": (
        "ERR_IA",
        scenario(WEIGHTED, k=5),
        (2 / 3 + (1 / 6) / 2 + (1 / 3) / 4 + (1 / 3) / 5)
        / (1 + 0.5 / 2 + 0.25 / 3 + 0.125 / 4 + 0.0625 / 5),
    ),
}


def test_every_diagnosable_pitfall_has_a_case():
    diagnosable = {p.key for p in CATALOGUE if p.diagnosable and p.key != "log2_of_rank"}
    # log2_of_rank gives inf/nan, which no typed answer can be
    assert diagnosable == set(CASES)


@pytest.mark.parametrize("key", sorted(CASES))
def test_the_diagnosis_names_the_mistake(key):
    family, s, wrong_value, *decimals = CASES[key]
    d = diagnose(family, s, parse_answer(f"{wrong_value:.{decimals[0] if decimals else 4}f}"))
    assert not d.correct
    named = {m.mistakes[0].key for m in d.matches if m.convention is s.convention and m.mistakes}
    assert key in named


def test_a_right_answer_is_recognised_with_rounding():
    d = diagnose("nDCG", scenario(), parse_answer(f"{DCG_A / IDCG_A:.2f}"))
    assert d.correct and d.matches == ()


def test_coinciding_mistakes_are_all_reported():
    # ideal from the list and ignoring unretrieved documents give the same IDCG here, and so
    # does LightGBM's convention (exponential gain, ideal from the list)
    d = diagnose("nDCG", scenario(), parse_answer(f"{DCG_A / LIST_IDEAL:.4f}"))
    singles = {m.mistakes[0].key for m in d.matches if len(m.mistakes) == 1}
    assert {"ideal_from_retrieved", "recall_retrieved_only"} <= singles
    assert any(m.convention.name == "LightGBM / XGBoost" and not m.mistakes for m in d.matches)


def test_a_pair_of_mistakes_is_found():
    # linear gain + log2(i+2): 3/log2 3 + 2/log2 4 + 3/log2 5 + 1/log2 7 + 2/log2 8 over the
    # linear ideal 3,3,3,2,2,2 with the same shifted discount
    dcg = 3 / log2(3) + 2 / log2(4) + 3 / log2(5) + 1 / log2(7) + 2 / log2(8)
    idcg = 3 / log2(3) + 3 / log2(4) + 3 / log2(5) + 2 / log2(6) + 2 / log2(7) + 2 / log2(8)
    d = diagnose("nDCG", scenario(), parse_answer(f"{dcg / idcg:.4f}"))
    pairs = {frozenset(p.key for p in m.mistakes) for m in d.matches if len(m.mistakes) == 2}
    assert frozenset({"gain_flipped", "log2_off_by_one"}) in pairs


def test_nothing_matches_says_so():
    d = diagnose("nDCG", scenario(), parse_answer("0.1234"))
    assert not d.correct and d.matches == ()


@pytest.mark.parametrize(
    ("text", "value", "tolerance"),
    [
        ("0.785", 0.785, 5e-4),
        ("0,79", 0.79, 5e-3),
        ("3/4", 0.75, 5e-7),
        ("78.5%", 0.785, 5e-4),
        ("1", 1.0, 5e-3),
    ],
)
def test_answers_are_read_with_the_precision_typed(text, value, tolerance):
    a = parse_answer(text)
    assert a.value == pytest.approx(value)
    assert a.tolerance == pytest.approx(tolerance, rel=1e-4)


def test_a_non_number_is_explained():
    with pytest.raises(ValueError, match="'abc' is not a number"):
        parse_answer("abc")


def test_log2_of_the_rank_is_named_as_the_student_made_it():
    # issue 25: grades 1, 3, 0, 3, 0 (grades 2 and 1 missed), Textbook, k = 5. Written with
    # log2(i) and rank 1 left undiscounted (log2(1) = 0): DCG@5 = (2^1-1)/1 + (2^3-1)/log2(2)
    # + 0 + (2^3-1)/log2(4) + 0 = 1 + 7 + 3.5 = 11.5, where 1/log2(i+1) gives 8.4312.
    ranking = Ranking.build([1, 3, 0, 3, 0], unretrieved=[2, 1], scale_max=3)
    s = Scenario(ranking, TEXTBOOK, 5)
    d = diagnose("DCG", s, parse_answer("11.5"))
    assert not d.correct and d.matches
    first = d.matches[0].describe(TEXTBOOK, "DCG")
    assert first.startswith("you used log2(i) instead of log2(i+1): rank 1 undiscounted")
    assert first.index("log2(i)") < first.index("Järvelin & Kekäläinen")  # the convention second
    # the Järvelin & Kekäläinen preset with its linear gain flipped back is the same calculation
    assert len(d.matches) == 1
    # IDCG@5 the same way: ideal 3, 3, 2, 1, 1 -> 7/1 + 7/log2(2) + 3/log2(3) + 1/log2(4) +
    # 1/log2(5)
    idcg = 7 + 7 + 3 / log2(3) + 1 / 2 + 1 / log2(5)
    d = diagnose("IDCG", s, parse_answer(f"{idcg:.4f}"))
    assert d.matches[0].slip is not None and d.matches[0].result.value == pytest.approx(idcg)


@pytest.mark.parametrize("lang", ["zh", "vi"])
def test_the_textbook_convention_is_named_in_the_language(lang):
    # under trec_eval's linear gain, the exponential-gain value DCG_A / IDCG_A is Textbook's;
    # the match names the preset in the language (a description, translated), not "Textbook"
    linear = Scenario(LIST_A, TREC_EVAL_NDCG_CUT, 6)
    d = diagnose("nDCG", linear, parse_answer(f"{DCG_A / IDCG_A:.4f}"))
    (textbook,) = [m for m in d.matches if m.convention is TEXTBOOK and not m.mistakes]
    said = in_language(lang, lambda: textbook.describe(TREC_EVAL_NDCG_CUT, "nDCG"))
    assert "Textbook" not in said
    assert i18n.translations(lang).gettext("Textbook") in said
