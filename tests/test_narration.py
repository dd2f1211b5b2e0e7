"""The narration of a hand's end (splitpot.play)."""

from __future__ import annotations

from splitpot.bots import SimpleBot
from splitpot.engine import events as ev
from splitpot.engine.session import Session
from splitpot.games import get_game
from splitpot.play import _one_side_why, narrate


def test_one_side_why_reads_the_declarations_not_the_hand_texts() -> None:
    """Five-card stud high-low, ace-to-five: "pair of queens" is the high and the low.
    Was: the winner was taken to have played low, so everyone declaring high read
    "P0 declared high with no high hand"."""
    spec = get_game("five-card-stud", low="ace-to-five", declare="simultaneous")
    shown = {1: ev.CardsShown(seat=1, cards=(0, 1, 2, 3, 4), high="pair of queens", low="pair of queens"),
             0: ev.CardsShown(seat=0, cards=(5, 6, 7, 8, 9), high="pair of sixes", low="pair of sixes")}
    award = ev.PotAwarded(pot=0, seat=1, amount=53, side="pot", hand="pair of queens")
    names = ["P0", "P1"]
    assert _one_side_why(award, names, {0: "high", 1: "high"}, shown, spec) == "nobody declared low"
    assert _one_side_why(award, names, {0: "low", 1: "low"}, shown, spec) == "nobody declared high"
    assert _one_side_why(award, names, {0: "low", 1: "high"}, shown, spec) == "P0 declared low with no low"


def test_everyone_declaring_high_scoops_as_nobody_declared_low() -> None:
    spec = get_game("five-card-stud", low="ace-to-five", declare="simultaneous")
    state = Session(spec, [100, 100, 100], seed=6).play(1, SimpleBot(seed=6))[-1]
    declared = {e.seat: e.choice for e in state.events if isinstance(e, ev.Declared)}
    scoops = [t for _, t in narrate(state, ["P0", "P1", "P2"]) if "scoops" in t]
    assert scoops
    if set(declared.values()) == {"high"}:
        assert all("nobody declared low" in t and "no high hand" not in t for t in scoops), scoops
