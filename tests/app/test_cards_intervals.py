"""What the Playground's cards and their caption say about the unjudged documents (issue 25):
a true range as 'low–high', RBP's residual on a fully judged list, and BPM's range."""

from __future__ import annotations

from streamlit.testing.v1 import AppTest

from tests.app.test_playground import open_playground


def captions(at: AppTest) -> list[str]:
    return [c.value for c in at.caption]


def test_a_judged_list_caption_says_rbp_interval_remains(app: AppTest) -> None:
    # the default list 3, 2, 3, 0, 1, 2 is fully judged, yet RBP's card shows
    # ∈ [RBP, RBP + p^6]: the ranks beyond the list are unknown. The caption must not say
    # that no card's value can move without saying that RBP's interval remains.
    at = open_playground(app)
    (caption,) = [c for c in captions(at) if c.startswith("Judged@5 = 1.0000")]
    assert "no card's value can move" not in caption
    assert "no judgment can move a card's value" in caption
    assert "RBP's interval remains" in caption and "beyond the list" in caption


def test_bpm_card_shows_its_true_range(app: AppTest) -> None:
    # [0, 0, ?, 3, 4] on 0..4, k = 10, BPM(T=1)@10 = gain read / ranks read, the reader
    # stopping where the gain (g/4) reaches 1: ? = 1: 1/4 (the least); ? = 3: (3/4+3/4)/4 =
    # 0.375 (the greatest); the fills (? = 0: (3/4 + 1)/5 = 0.35, ? = 4: 1/3) are neither
    at = open_playground(app, g="0,0,,3,4", top="4", k="10", more="BPM")
    (card,) = [m for m in at.metric if m.label == "BPM@10"]
    assert card.proto.delta_description == "0.2500–0.3750"
    assert "ranges from 0.2500 to 0.3750" in card.help
    # the top-grade fill is the lower one, and the help blames the reader, not a normaliser
    assert "the reader stops sooner" in card.help and "normaliser" not in card.help
    (caption,) = [c for c in captions(at) if c.startswith("Judged@10")]
    assert "the least and the greatest value over every whole grade" in caption
    assert "hover" not in caption


def test_without_bounds_the_caption_does_not_call_the_list_judged(app: AppTest) -> None:
    # 1, ?, 0 on 0..2 with RBP's gmax set to 1: filling ? with the top grade 2 would give RBP
    # a gain 2/1 > 1, so no bounds can be computed; rank 2 is still unjudged (Judged@3 = 2/3)
    at = open_playground(app, g="1,,0", top="2", k="3", rgm="1")
    (caption,) = [c for c in captions(at) if c.startswith("Judged@3")]
    assert caption.startswith("Judged@3 = 0.6667")
    assert "every retrieved document is judged" not in caption
    assert "No bounds over the unjudged documents" in caption
