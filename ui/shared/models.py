"""Every page's declared state (ui.shared.state), in one list: `MODELS`.

The Playground, Exercises, Evaluate and the language declare theirs beside their code
(ui.playground.model, ui.exercises.round_state, ui.evaluate.choices and ui.evaluate.model,
ui.shared.language). The models below are those of the pages whose scripts keep their keys
themselves (Check, Pitfalls lab, Library conventions, Discounts, Gains, Metric behaviour), written
with the key strings the scripts use; each moves beside its page's code when the page gets its
package (ui/check/, ...). Home keeps nothing.

A key made at run time, one per item, is a ``family`` (its start): e.g. a figure's selection
keyed by the list it shows, the expander of each way a wrong answer comes about.
"""

from __future__ import annotations

from rankwork.teaching.pitfalls import CATALOGUE
from ui.evaluate.choices import CHOICES
from ui.evaluate.model import EVALUATE
from ui.exercises.round_state import ROUND
from ui.playground.model import PLAYGROUND, SETTINGS
from ui.shared.language import LANGUAGE
from ui.shared.state import Field, Model


def _widgets(*keys: str, persists: bool = False) -> tuple[Field, ...]:
    """Widgets' keys, each a field (its type and default are the widget's own)."""
    return tuple(Field(key, widget=True, persists=persists) for key in keys)


CHECK = Model(
    "check",
    (
        *_widgets("check_source", "check_grades", "check_missed", "check_preset", "check_top",
                  "check_family", "check_answer", persists=True),
        *_widgets("check_k"),
        Field("check_match_", family=True, widget=True),  # each way a wrong answer comes about
        Field("check_right", bool, widget=True),  # the right calculation's expander
    ),
)  # fmt: skip

PITFALLS = Model(
    "pitfalls",
    (
        *_widgets("lab_source", "lab_family", persists=True),
        Field("lab_demo", str),  # the mistake whose example is loaded
        *_widgets(*(f"lab_{p.key}" for p in CATALOGUE), persists=True),  # each mistake's toggle
        Field("lab_show_", family=True, widget=True),  # each mistake's code and explanation
        *_widgets("lab_micro_run", "lab_null_run", persists=True),
        *_widgets("lab_micro_open", "lab_comparisons_open", "lab_micro_table", "lab_draw_again",
                  "lab_null_table"),
        Field("lab_variants"),  # the collection mistakes' valid variants
        Field("lab_seed", int),  # the null comparison's draw
    ),
)  # fmt: skip

CONVENTIONS = Model(
    "conventions",
    (
        Field("conv_example", str),  # the known disagreement loaded last
        *_widgets("conv_family", "conv_explain"),
        Field("conv_load_", family=True, widget=True),  # each disagreement's button
        Field("conv_show_", family=True, widget=True),  # each disagreement's toggle
    ),
)

DISCOUNTS = Model(
    "discounts",
    (
        *_widgets("disc_n", "disc_b", "disc_jk", "disc_p0", "disc_p1", "disc_p2", "disc_norm",
                  "disc_logy", "disc_shown", "disc_reader", "disc_reader_t", "disc_reader_p",
                  persists=True),
        *_widgets("disc_k", persists=True),
        *_widgets("disc_profiles", "disc_weights_table", "disc_summary_table", "disc_spent",
                  "disc_cwl_profile", "disc_cwl_table", "disc_reader_figure"),
    ),
)  # fmt: skip

GAINS = Model(
    "gains",
    (
        Field("gains_custom_map", persists=True),  # the custom gain map (a table, edited)
        Field("gains_custom_map_base", persists=True),
        Field("gains_custom_map_editor", dict, widget=True),
        Field("gains_custom_map_editor_args", str, persists=True),
        *_widgets("gains_top", persists=True),
        *_widgets("gains_a", "gains_b", "gains_n", "gains_p", "gains_discount", "gains_table",
                  "gains_plot", "gains_tradeoff_plot", "gains_tradeoff_table"),
    ),
)  # fmt: skip

BEHAVIOUR = Model(
    "behaviour",
    (
        *_widgets("beh_n", persists=True),
        *_widgets("beh_grade", "beh_second", "beh_second_rank", "beh_second_grade",
                  "beh_sweep_plot", "beh_identities", "beh_swap_measure", "beh_swap_i",
                  "beh_swap_j", "beh_swap_button", "beh_largest_swaps", "beh_red_grade",
                  "beh_red_copies", "beh_redundancy_plot", "beh_redundancy_table", "beh_div_k",
                  "beh_novelty_plot", "beh_greedy_table", "beh_withheld_run", "beh_withheld_plot",
                  "beh_withheld_table", "beh_landscape_plot", "beh_landscape_table"),
        Field("beh_last_swap", str),  # the swap just applied, said once
        Field("beh_swap_grid_", family=True, widget=True),  # the swap grid, keyed by the list
    ),
)  # fmt: skip

#: Every page's model: a session key outside them is a stray (tests/app/test_session_keys.py).
MODELS: tuple[Model, ...] = (
    LANGUAGE,
    SETTINGS,
    PLAYGROUND,
    ROUND,
    CHOICES,
    EVALUATE,
    CHECK,
    PITFALLS,
    CONVENTIONS,
    DISCOUNTS,
    GAINS,
    BEHAVIOUR,
)
