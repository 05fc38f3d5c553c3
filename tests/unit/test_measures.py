"""Measure names (ir_measures syntax) and the registry (`rankwork.core.measures`).

Values computed through names are checked against hand arithmetic or the research note's
published numbers (fixtures G1, L1, D10, D11 of shared/research/library-conventions.md)."""

from __future__ import annotations

import re
from math import log2

import pytest

from rankwork.core import conventions as C
from rankwork.core.measures import EXAMPLES, SPECS, Measure, MeasureNameError, parse
from rankwork.core.ranking import Ranking


def g1() -> Ranking:
    # G1: qrels {a:3, b:2, c:1, d:1, e:0}, run [(c,3),(a,2),(u,1.5),(e,1)]
    return Ranking.build(
        [1, 3, None, 0], doc_ids=list("caue"), scores=[3, 2, 1.5, 1], unretrieved=[2, 1]
    )


# --- round trips -----------------------------------------------------------------------------


@pytest.mark.parametrize("name", EXAMPLES)
def test_every_example_round_trips(name):
    measure = parse(name)
    assert str(measure) == name
    assert parse(str(measure)) == measure
    assert measure.family in SPECS


def test_every_registered_family_has_an_example_and_documentation():
    families = {parse(name).family for name in EXAMPLES}
    assert families == set(SPECS)
    for family, info in SPECS.items():
        assert info.family == family
        for text in (info.title, info.description, info.reader, info.latex, info.citation):
            assert text.strip(), family
        assert info.cutoff in ("optional", "required", "none")
        assert callable(info.single)


@pytest.mark.parametrize(
    ("text", "family", "params", "cutoff"),
    [
        ("nDCG@10", "nDCG", (), 10),
        (" nDCG @ 10 ", "nDCG", (), 10),
        ('nDCG(dcg="exp-log2")@5', "nDCG", (("dcg", "exp-log2"),), 5),
        ("nDCG(gains={0:0, 1:1, 2:3})", "nDCG", (("gains", {0.0: 0.0, 1.0: 1.0, 2.0: 3.0}),), None),
        ("RBP(rel=1, p=0.5)", "RBP", (("p", 0.5), ("rel", 1.0)), None),  # registry order
        ("P(rel=2)@5", "P", (("rel", 2.0),), 5),
        ("nDCG@10.0", "nDCG", (), 10),
        ("RBP(p=.95)", "RBP", (("p", 0.95),), None),
        ("F(beta=0.5)@10", "F", (("beta", 0.5),), 10),
    ],
)
def test_parse_variants(text, family, params, cutoff):
    assert parse(text) == Measure(family, params, cutoff)


def test_str_normalises_spacing_and_order():
    assert str(parse("RBP( rel = 1 , p = 0.5 )")) == "RBP(p=0.5,rel=1)"
    assert str(parse('nDCG(dcg="exp-log2")@5')) == "nDCG(dcg='exp-log2')@5"
    assert str(parse("ERR(max_rel=3.5)@10")) == "ERR(max_rel=3.5)@10"


# --- bad names -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", r"In '': expected a name, found the end\. Valid measures: DCG@10, "),
        (  # every example, ending with the last one (a new measure adds to the list)
            "Foo@10",
            r"Unknown measure 'Foo' in 'Foo@10'\. Valid measures: DCG@10, .*"
            + re.escape(f"{EXAMPLES[-1]}."),
        ),
        ("ndcg@10", r"Unknown measure 'ndcg' .* Did you mean 'nDCG'\?"),
        (
            "nDCG(rel=1)@5",
            r"nDCG has no parameter 'rel' \(in 'nDCG\(rel=1\)@5'\); its parameters: "
            r"dcg, gains",
        ),
        ("Judged(rel=1)@5", r"Judged has no parameter 'rel' .*its parameters: none"),
        ("RBP(p=1.5)", r"p must be a number between 0 and 1 \(in 'RBP\(p=1.5\)'\); got 1.5"),
        ("RBP(p=0)", r"p must be a number between 0 and 1 .* got 0"),
        ("RBP(p='x')", r"p must be a number between 0 and 1 .* got 'x'"),
        ("nDCG@0", r"cutoff in 'nDCG@0' must be a whole number >= 1; got 0"),
        ("nDCG@-3", r"must be a whole number >= 1; got -3"),
        ("nDCG@2.5", r"must be a whole number >= 1; got 2.5"),
        ("nDCG@", r"expected a number, found the end"),
        ("nDCG(dcg=exp-log2)", r"Cannot read the measure name .* at '-log2\)'"),
        ("nDCG(dcg='exp')@5", r"dcg must be 'log2' or 'exp-log2' .*; got 'exp'"),
        ("nDCG(gains=3)@5", r"gains must be a map such as \{0:0,1:1,2:3\}"),
        ("nDCG(gains={0:0,1:1)@5", r"expected ',' or '}', found '\)'"),
        ("nDCG(gains={0,1})@5", r"expected ':', found ','"),
        ("nDCG(gains={0=1})@5", r"expected ':', found '='"),
        ("P(rel=-1)@5", r"rel must be a positive number .*; got -1"),
        ("F(beta=0)@5", r"beta must be a positive number .*; got 0"),
        ("ERR(max_rel=0)@5", r"max_rel must be a positive number"),
        ("RBP(p=0.8,p=0.9)", r"Parameter 'p' is given twice"),
        ("RBP(rel=1,max_rel=3)", r"either binary \(rel=\) or graded \(max_rel=\), not both"),
        ("Success", r"Success needs a cutoff, e.g\. Success@10"),
        ("Judged", r"Judged needs a cutoff"),
        ("Rprec@5", r"Rprec takes no cutoff; write Rprec"),
        ("RBP(p=0.8)@10", r"RBP takes no cutoff"),
        ("nDCG@10 extra", r"Unexpected 'extra' after 'nDCG@10' in 'nDCG@10 extra'"),
        ("P@5,", r"Unexpected ',' after 'P@5'"),
        ("nDCG(@10", r"expected a name, found '@'"),
        ("nDCG(dcg='log2'", r"expected ',' or '\)', found the end"),
        ("nDCG(__import__('os'))", r"nDCG has no parameter '__import__'"),
    ],
)
def test_bad_names_raise_with_a_useful_message(text, message):
    with pytest.raises(MeasureNameError, match=message):
        parse(text)


def test_measure_name_error_is_a_value_error():
    assert issubclass(MeasureNameError, ValueError)


# --- names applied to a base convention ------------------------------------------------------


def test_parameters_override_the_base_convention():
    base = C.TREC_EVAL_NDCG_CUT
    assert parse("nDCG@10").convention(base) is base
    exp = parse("nDCG(dcg='exp-log2')@10").convention(base)
    assert exp.gain == "exponential" and exp.discount == "log" and exp.log_base == 2.0
    assert exp.name == base.name  # the name parameters refine, they do not rename
    custom = parse("nDCG(gains={0:0,2:3,1:1})@10").convention(base)
    assert custom.gain == "custom" and custom.gain_map == ((0.0, 0.0), (1.0, 1.0), (2.0, 3.0))
    assert parse("P(rel=2)@5").convention(base).rel_threshold == 2.0
    rbp = parse("RBP(p=0.5,rel=2)").convention(C.TEXTBOOK)
    assert (rbp.rbp_p, rbp.rbp_gain, rbp.rel_threshold) == (0.5, "binary", 2.0)
    graded_rbp = parse("RBP(p=0.8,max_rel=3)").convention(C.IR_MEASURES)
    assert (graded_rbp.rbp_gain, graded_rbp.rbp_gmax) == ("graded", 3.0)
    assert parse("ERR(max_rel=3)@10").convention(base).err_gmax == 3.0


G1_LINEAR = (1 + 3 / log2(3)) / (3 + 2 / log2(3) + 1 / 2 + 1 / log2(5))
G1_EXP = (1 + 7 / log2(3)) / (7 + 3 / log2(3) + 1 / 2 + 1 / log2(5))


@pytest.mark.parametrize(
    ("name", "base", "expected", "published"),
    [
        ("nDCG@5", C.TREC_EVAL_NDCG_CUT, G1_LINEAR, 0.5571),
        ("nDCG@5", C.TEXTBOOK, G1_EXP, 0.5514),  # the base's gain when the name gives none
        ("nDCG(dcg='exp-log2')@5", C.TREC_EVAL_NDCG_CUT, G1_EXP, 0.5514),
        ("nDCG(gains={0:0,1:1,2:3,3:7})@5", C.TREC_EVAL_NDCG_CUT, G1_EXP, 0.5514),
        ("DCG@5", C.TREC_EVAL_NDCG_CUT, 1 + 3 / log2(3), 2.8928),
        ("IDCG@5", C.TREC_EVAL_NDCG_CUT, 3 + 2 / log2(3) + 1 / 2 + 1 / log2(5), 5.1925),
        ("ERR@5", C.IR_MEASURES, 1 / 16 + (15 / 16) * (7 / 16) / 2, 0.2676),
        ("ERR(max_rel=3)@5", C.IR_MEASURES, 1 / 8 + (7 / 8) * (7 / 8) / 2, 0.5078),
        ("RBP(p=0.8,rel=1)", C.TEXTBOOK, 0.2 * (1 + 0.8), 0.3600),
        ("RBP(p=0.8,rel=2)", C.TEXTBOOK, 0.2 * 0.8, 0.1600),
        ("RBP(p=0.8)", C.RANX, 0.2 * (1 + 3 * 0.8), 0.6800),
        ("RBP(p=0.8,max_rel=3)", C.IR_MEASURES, 0.2 * (1 / 3 + 0.8), 0.2267),
        ("RBP_resid(p=0.8)", C.TEXTBOOK, 0.2 * 0.8**2 + 0.8**4, 0.5376),
        ("P@5", C.TREC_EVAL_NDCG_CUT, 2 / 5, 0.4),
        ("P(rel=2)@5", C.TREC_EVAL_NDCG_CUT, 1 / 5, 0.2),
        ("R@2", C.TREC_EVAL_NDCG_CUT, 2 / 4, 0.5),
        ("AP", C.TREC_EVAL_NDCG_CUT, (1 / 1 + 2 / 2) / 4, 0.5),
        ("RR", C.TREC_EVAL_NDCG_CUT, 1.0, 1.0),
        ("Rprec", C.TREC_EVAL_NDCG_CUT, 2 / 4, 0.5),
        ("Success@1", C.TREC_EVAL_NDCG_CUT, 1.0, 1.0),
        ("Judged@4", C.TREC_EVAL_NDCG_CUT, 3 / 4, 0.75),
        ("F1@5", C.TREC_EVAL_NDCG_CUT, 2 * 2 / (4 + 5), 0.4444),
        # bpref: R = 4, N = 1 (e); c, a have no judged non-relevant above -> (1 + 1)/4
        ("Bpref", C.TREC_EVAL_NDCG_CUT, 2 / 4, 0.5),
        ("NumRet", C.TREC_EVAL_NDCG_CUT, 4, 4),
        ("NumRel", C.TREC_EVAL_NDCG_CUT, 4, 4),
        ("NumRelRet", C.TREC_EVAL_NDCG_CUT, 2, 2),
    ],
)
def test_names_on_g1(name, base, expected, published):
    result = parse(name)(g1(), base)
    assert result.value == pytest.approx(expected, abs=1e-12)
    assert round(result.value, 4) == published


def test_f_beta_through_its_name():
    # F(beta=2)@5 on G1: (1 + 4) h / (4 R + k) with h = 2, R = 4, k = 5
    assert parse("F(beta=2)@5")(g1(), C.TREC_EVAL_NDCG_CUT).value == pytest.approx(
        5 * 2 / (4 * 4 + 5), abs=1e-12
    )


def test_l1_ap_with_rel_2_through_its_name():
    # Fixture L1: qrels {a:1, b:2, c:0}, run a > c > b: AP(rel=2) = 0.3333 (ir_measures)
    ranking = Ranking.build([1, 0, 2], doc_ids=["a", "c", "b"])
    assert round(parse("AP(rel=2)")(ranking, C.IR_MEASURES).value, 4) == 0.3333


def test_f_without_beta_is_f1():
    # F's beta defaults to 1: F@5 on G1 is F1@5. Ranks 1..4 hold c(1), a(3), u, e(0): h(5) = 2
    # relevant of R = 4, k = 5: F1 = 2 * 2 / (4 + 5) = 4/9.
    assert parse("F@5")(g1(), C.TREC_EVAL_NDCG_CUT).value == pytest.approx(4 / 9, abs=1e-15)


def test_counts_have_no_breakdown_and_say_so():
    result = parse("NumRel")(g1(), C.TREC_EVAL_NDCG_CUT)
    assert len(result.table) == 0
    assert "no per-rank breakdown" in result.note


@pytest.mark.parametrize(
    ("name", "expected"),
    # G1 ranked c(1), a(3), u(unjudged), e(0); judged pool 1, 3, 0, 2, 1: R = 4 at rel >= 1.
    # Within k = 2: c and a, both relevant; the whole list: 4 retrieved, c and a relevant.
    [("NumRet@2", 2), ("NumRelRet@2", 2), ("NumRet", 4), ("NumRelRet", 2), ("NumRel", 4)]
    + [("NumRet@1", 1), ("NumRelRet@1", 1)],
)
def test_counts_through_their_names_read_the_cutoff(name, expected):
    result = parse(name)(g1(), C.TREC_EVAL_NDCG_CUT)
    assert result.value == expected
    assert result.details == {result.name: float(expected)}
    assert result.name == {"NumRet": "num_ret", "NumRel": "num_rel"}.get(
        name.split("@")[0], "num_rel_ret"
    )


def test_rbp_residual_note_names_the_tail():
    result = parse("RBP_resid(p=0.8)")(g1(), C.TEXTBOOK)
    assert "0.4096" in result.note  # the tail 0.8^4 beyond the 4-document list
    assert result.table["contribution"].sum() == pytest.approx(0.2 * 0.8**2, abs=1e-15)
