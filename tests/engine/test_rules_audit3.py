"""A third audit of the games against the rules reference (docs/rules.md): one
scripted hand or property per mismatch found, each named for the rule it pins."""

from __future__ import annotations

from engine_helpers import stud_deck

from splitpot.engine.spec import Stakes
from splitpot.engine.state import State
from splitpot.games import get_game

STAKES = Stakes(ante=0, bring_in=2, small_bet=10, big_bet=20)
# Seat 1 shows the 2c (lowest upcard: brings in); seats 2, 3, 0 act after him.
HANDS4 = ["As Ac Kc 9d 9c 8c 7c", "Ah Kd 2c 3h 4h 5h 6h", "Qs Qc Jd Td Tc 7d 6d", "Js Jc Qd 8h 8s 4s 4d"]


def legal(state: State) -> dict[str, tuple[int, ...]]:
    return {str(o.action): o.amounts for o in state.legal_actions()}


# ------------------------------------------------------------------ §3 half-bet rule


def test_completion_measured_above_the_bring_in_as_posted_after_a_short_completion() -> None:
    """§3: a completion counts as full when the amount above the bring-in (as posted)
    is at least half of (small bet - bring-in).  Bring-in 2, seat 2 completes all in
    to 5 (3 above it: short); seat 3 completes all in to 7: 5 above the bring-in >= 4,
    a full completion, so seat 0 raises to 7 + 10 (not merely completes to 10)."""
    state = State(get_game("seven-card-stud", stakes=STAKES), [100, 100, 5, 7], deck=stud_deck(HANDS4))
    state.bring_in()  # seat 1
    state.complete(5)  # seat 2, all in: short
    assert legal(state) == {"fold": (), "call": (5,), "complete": (7,)}
    state.complete(7)  # seat 3, all in
    assert state.actor == 0 and legal(state) == {"fold": (), "call": (7,), "raise": (17,)}
    state.call()
    # the full completion reopens the betting for the bring-in
    assert state.actor == 1 and legal(state) == {"fold": (), "call": (5,), "raise": (17,)}
