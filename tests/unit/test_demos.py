"""The worked examples reproduce the tools' published numbers (research note
shared/research/library-conventions.md, 4-decimal outputs of the real libraries) and every
pitfall's demo list really shows its mistake."""

import math

import pytest

from rankwork.core.scenario import correct
from rankwork.teaching.demos import BY_DISAGREEMENT, DISAGREEMENTS, PITFALL_DEMOS, work
from rankwork.teaching.pitfalls import BY_KEY, compute

PUBLISHED = {
    # D1, fixture T1 with ids d10/d9: trec_eval puts d9 first (strcmp), ranx keeps input order
    "ties": {
        "trec_eval (docno descending)": {"RR": 0.5, "nDCG": 0.6309},
        "ranx (input order)": {"RR": 1.0, "nDCG": 1.0},
        "scikit-learn (ties averaged)": {"nDCG": 0.8155},  # scikit-learn has no RR
    },
    # D3, fixture G1, nDCG@5
    "ideal_source": {
        "trec_eval ndcg_cut": {"nDCG": 0.5571},
        "ranx ndcg_burges": {"nDCG": 0.5514},
        "scikit-learn": {"nDCG": 0.7967},
        "LightGBM / XGBoost": {"nDCG": 0.7098},
    },
    # D4
    "nothing_relevant": {
        "trec_eval ndcg_cut": {"nDCG": 0.0},
        "scikit-learn": {"nDCG": 0.0},
        "LightGBM / XGBoost": {"nDCG": 1.0},
    },
    # D10, binary fixture {x:1, y:0, z:1}, run x, y, v
    "err_gmax": {"Textbook (Chapelle et al.)": {"ERR": 0.5}, "gdeval": {"ERR": 0.0625}},
    # D7: 4 retrieved, 2 relevant, P@5
    "short_list": {"trec_eval (÷ k)": {"P": 0.4}, "TF-Ranking (÷ min(k, n))": {"P": 0.5}},
    # D11, fixture G1, p = 0.8
    "rbp_gain": {
        "Textbook (g / gmax)": {"RBP": 0.2267},
        "ranx (raw grade)": {"RBP": 0.68},
        "ir_measures (binary, rel >= 1)": {"RBP": 0.36},
    },
}


@pytest.mark.parametrize("key", sorted(PUBLISHED))
def test_each_disagreement_reproduces_the_published_numbers(key):
    got = {
        side.label: {f: round(r.value, 4) for f, r in results.items()}
        for side, results in work(BY_DISAGREEMENT[key])
    }
    assert got == PUBLISHED[key]


def test_every_disagreement_really_disagrees():
    assert {d.key for d in DISAGREEMENTS} == set(PUBLISHED)
    for d in DISAGREEMENTS:
        for family in d.families:
            values = {round(r[family].value, 10) for _, r in work(d) if family in r}
            assert len(values) > 1, (d.key, family)


@pytest.mark.parametrize("key", sorted(PITFALL_DEMOS))
def test_each_pitfall_demo_shows_its_mistake(key):
    demo = PITFALL_DEMOS[key]
    pitfall = BY_KEY[key]
    assert demo.family in pitfall.families
    assert pitfall.applies(demo.scenario)
    right = correct(demo.family, demo.scenario).value
    wrong = compute(demo.family, demo.scenario, [key]).value
    assert not math.isclose(right, wrong, rel_tol=0, abs_tol=1e-12)


def test_every_pitfall_has_a_demo():
    assert set(PITFALL_DEMOS) == set(BY_KEY)


def test_preset_table_has_every_preset_against_textbook():
    from rankwork.core.conventions import PRESETS, TEXTBOOK
    from rankwork.teaching.demos import WIKIPEDIA, preset_table

    table = preset_table(WIKIPEDIA, 5, "nDCG")
    assert list(table.columns) == ["tool", "value", "Δ Textbook", "differs"]
    assert table["tool"].tolist() == [p.name for p in PRESETS.values()]
    textbook = table.set_index("tool").loc[TEXTBOOK.name]
    assert textbook["Δ Textbook"] == 0.0 and textbook["differs"] == "—"
    assert table["Δ Textbook"].tolist() == pytest.approx(
        [v - textbook["value"] for v in table["value"]], abs=1e-12
    )
