"""Conventions in words: what exercise statements and the side-by-side table say."""

from rankwork.core.conventions import GDEVAL, IR_MEASURES, SKLEARN, TEXTBOOK, TREC_EVAL_NDCG
from rankwork.teaching.phrasing import changes, choice, describe, moot


def test_the_textbook_ndcg_in_one_sentence():
    assert describe(TEXTBOOK, "nDCG") == (
        "Exponential gain 2^g - 1; discount 1/log2(i+1); ideal ranking from all judged "
        "documents (retrieved or not); ideal cut at k; nDCG = 0 when nothing is relevant."
    )


def test_trec_eval_ndcg_says_k_does_not_apply():
    assert describe(TREC_EVAL_NDCG, "nDCG") == (
        "Linear gain g; discount 1/log2(i+1); ideal ranking from all judged documents "
        "(retrieved or not); nDCG = 0 when nothing is relevant; k ignored: the whole list and "
        "the whole ideal ranking (trec_eval ndcg)."
    )


def test_the_top_grade_is_named_when_the_scale_is_known():
    assert describe(TEXTBOOK, "ERR", 3) == "ERR top grade gmax = the scale's maximum (3)."
    assert choice(GDEVAL, "err_gmax") == "ERR top grade gmax = 4"


def test_binary_rbp_names_its_threshold():
    assert describe(IR_MEASURES, "RBP") == (
        "RBP persistence p = 0.8; RBP gain 1 if relevant else 0; relevant means grade >= 1."
    )


def test_changes_phrase_each_differing_choice_once():
    assert changes(TEXTBOOK, GDEVAL, "DCG") == [
        "discount 1/log2(i+1) → discount 1/ln(i+1)",
        "negative grades rejected → negative grades clipped to 0",
    ]
    ideal = (
        "ideal ranking from all judged documents (retrieved or not) → ideal ranking from the "
        "retrieved list only"
    )
    assert ideal in changes(TEXTBOOK, SKLEARN, "nDCG")


def test_changes_can_leave_out_choices_that_cannot_matter():
    assert changes(TEXTBOOK, GDEVAL, "DCG", ignore={"negative"}) == [
        "discount 1/log2(i+1) → discount 1/ln(i+1)"
    ]


def test_choices_that_cannot_matter_on_a_list():
    from rankwork.core.ranking import Ranking

    assert moot(Ranking.build([1, 0])) == {"ties", "float32_scores", "negative"}
    assert moot(Ranking.build([1, -1], scores=[2.0, 1.0])) == set()


def test_a_family_without_its_own_sentence_is_described_by_the_fields_its_spec_reads() -> None:
    # Q blends graded gains into AP (Sakai 2004): its value changes with the gain and with the
    # relevance threshold, so a student computing it needs both (and nothing of how ties order)
    assert describe(TEXTBOOK, "Q") == "Exponential gain 2^g - 1; relevant means grade >= 1."
    assert describe(TEXTBOOK, "AP") == "Relevant means grade >= 1."
