"""Every page's declared state (ui.shared.state), in one list: `MODELS`.

Each page declares its model beside its code (ui.playground.model, ui.exercises.round_state,
ui.evaluate.choices and ui.evaluate.model, ui.shared.language, and the ``model`` module of
ui/check/, ui/pitfalls/, ui/conventions/, ui/discounts/, ui/gains/, ui/behaviour/); this list
gathers them for the test that finds stray session keys (tests/app/test_session_keys.py) and for
scripts/count_session_keys.py. Home keeps nothing.
"""

from __future__ import annotations

from ui.behaviour.model import BEHAVIOUR
from ui.check.model import CHECK
from ui.conventions.model import CONVENTIONS
from ui.discounts.model import DISCOUNTS
from ui.evaluate.choices import CHOICES
from ui.evaluate.model import EVALUATE
from ui.exercises.round_state import ROUND
from ui.gains.model import GAINS_PAGE
from ui.pitfalls.model import PITFALLS
from ui.playground.model import PLAYGROUND, SETTINGS
from ui.shared.language import LANGUAGE
from ui.shared.state import Model

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
    GAINS_PAGE,
    BEHAVIOUR,
)
