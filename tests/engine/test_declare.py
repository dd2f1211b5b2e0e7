"""Declarations: scripted declare hands and the resolution rules on plain numbers."""

from __future__ import annotations

import pytest
from engine_helpers import call_down, stud_deck
from hypothesis import given
from hypothesis import strategies as st

from splitpot.engine import events as ev
from splitpot.engine.declare import Declaration, resolve_declared
from splitpot.engine.pots import Pot
from splitpot.engine.state import Phase, State
from splitpot.errors import IllegalActionError
from splitpot.games import get_game

SWING = "2c 3d 4h 7c 5s 7d 7h"      # trip sevens and a 7-5-4-3-2 low (deuce-to-seven)
KINGS = "Kc Kd 9s 8h 6c Jd Qs"      # pair of kings, queen-jack low
NINE_LOW = "Ts Th 9d 8d 6d 4c 3c"   # pair of tens, 9-8-6-4-3 low
SAME_LOW = "2d 3c 4s 5h 7s Ts Jc"   # the same 7-5-4-3-2 low in other suits, jack high


def play(hands: list[str], choices: dict[int, str], **options: object) -> State:
    spec = get_game("seven-card-stud-declare", **options)
    state = State(spec, [100] * len(hands), deck=stud_deck(hands))
    call_down(state, declare=choices)
    return state


def awards(state: State) -> list[tuple[int, int, str]]:
    return [(e.seat, e.amount, e.side) for e in state.events if isinstance(e, ev.PotAwarded)]


def test_all_declare_high_best_high_takes_the_pot() -> None:
    state = play([SWING, KINGS, NINE_LOW], {0: "high", 1: "high", 2: "high"})
    assert awards(state) == [(0, 9, "pot")]


def test_all_declare_low_best_low_takes_the_pot() -> None:
    state = play([SWING, KINGS, NINE_LOW], {0: "low", 1: "low", 2: "low"})
    assert awards(state) == [(0, 9, "pot")]


def test_a_side_left_without_declarers_gives_the_other_side_everything() -> None:
    # seat 1 is the only high declarer (as a swing); he loses low and forfeits, so no
    # high claim is left and the best low takes the whole pot
    state = play([SWING, KINGS, NINE_LOW], {0: "low", 1: "both", 2: "low"}, declare="in-turn", both=True)
    assert [e.seat for e in state.events if isinstance(e, ev.Forfeited)] == [1]
    assert awards(state) == [(0, 9, "pot")]


def test_high_and_low_declarers_split_with_the_odd_chip_to_high() -> None:
    state = play([SWING, KINGS, NINE_LOW], {0: "low", 1: "high", 2: "high"})
    assert awards(state) == [(1, 5, "high"), (0, 4, "low")]  # kings beat tens


def test_swing_who_wins_both_takes_both_halves() -> None:
    state = play([SWING, KINGS, NINE_LOW], {0: "both", 1: "high", 2: "low"})
    assert awards(state) == [(0, 5, "high"), (0, 4, "low")]
    assert not any(isinstance(e, ev.Forfeited) for e in state.events)


def test_swing_who_ties_one_side_forfeits_and_the_pot_is_resolved_without_him() -> None:
    state = play([SWING, KINGS, SAME_LOW], {0: "both", 1: "high", 2: "low"})
    assert [(e.pot, e.seat) for e in state.events if isinstance(e, ev.Forfeited)] == [(0, 0)]
    assert awards(state) == [(1, 5, "high"), (2, 4, "low")]
    assert state.stacks[0] == 100 - 3


def test_tie_keeps_half_option_keeps_the_half_won_outright() -> None:
    state = play([SWING, KINGS, SAME_LOW], {0: "both", 1: "high", 2: "low"}, tie_keeps_half=True)
    assert awards(state) == [(0, 5, "high"), (2, 4, "low")]


def test_nobody_wins_as_declared_splits_equally() -> None:
    aces = "Ac Ad 9s 8h 6c Jd Qs"  # pair of aces (better high), queen-jack low
    swing_kings = "2c 3d 4h 7c 5s Kd Kh"  # pair of kings, 7-5-4-3-2 low (better low)
    state = play([swing_kings, aces], {0: "both", 1: "both"})
    assert sorted((e.pot, e.seat) for e in state.events if isinstance(e, ev.Forfeited)) == [(0, 0), (0, 1)]
    assert awards(state) == [(1, 3, "equal"), (0, 3, "equal")]  # from the dealer's left
    assert state.stacks == [100, 100]


# ------------------------------------------------------------- the modes
def test_in_turn_declarations_go_from_the_dealers_left() -> None:
    spec = get_game("seven-card-stud-declare", declare="in-turn")
    state = State(spec, [100] * 3, button=1, deck=stud_deck([SWING, KINGS, NINE_LOW], button=1))
    call_down_to_declare(state)
    assert state.phase is Phase.DECLARING and state.actor == 2
    with pytest.raises(IllegalActionError, match="in turn"):
        state.declare("high", seat=0)
    state.declare("high")
    assert state.actor == 0
    # in-turn declarations are public at once
    assert state.view(1)["events"][-1] == {"event": "declare", "seat": 2, "choice": "high"}


def test_simultaneous_declarations_stay_secret_until_all_are_in() -> None:
    spec = get_game("seven-card-stud-declare")
    state = State(spec, [100] * 3, deck=stud_deck([SWING, KINGS, NINE_LOW]))
    call_down_to_declare(state)
    assert state.view(1)["legal_actions"] == [
        {"action": "declare", "amounts": [], "choices": ["high", "low", "both"]}]
    state.declare("blue", seat=2)  # markers: blue = both
    assert state.view(2)["legal_actions"] == []  # already declared
    assert state.view(0)["events"][-1]["choice"] is None
    assert state.view(2)["events"][-1]["choice"] == "both"
    before = state.snapshot()
    with pytest.raises(IllegalActionError, match="cannot declare"):
        state.declare("red", seat=2)
    with pytest.raises(IllegalActionError, match="Unknown declaration"):
        state.declare("green", seat=0)
    assert state.snapshot() == before
    state.declare("red", seat=0)
    state.declare("white", seat=1)
    reveal = [e for e in state.events if isinstance(e, ev.DeclarationsRevealed)]
    assert reveal and reveal[0].choices == ((1, "low"), (2, "both"), (0, "high"))
    assert state.is_complete


def call_down_to_declare(state: State) -> None:
    while state.phase is not Phase.DECLARING:
        call_down_step(state)


def call_down_step(state: State) -> None:
    options = {str(o.action) for o in state.legal_actions()}
    if "bring_in" in options:
        state.bring_in()
    elif "check" in options:
        state.check()
    else:
        state.call()


# ------------------------------------------------- resolution on plain numbers
def _resolve(decl: dict[int, str], high: dict[int, int], low: dict[int, int], amount: int = 10,
             keep: bool = False) -> list[tuple[int, int, str]]:
    pot = Pot(amount=amount, eligible=tuple(sorted(decl)))
    out = resolve_declared(0, pot, {s: Declaration(d) for s, d in decl.items()}, high=high, low=low,
                           priority=lambda seats, side: seats, tie_keeps_half=keep)
    return [(s.seat, s.amount, str(s.side)) for s in out.shares]


def test_swing_losing_a_side_forfeits_even_with_the_tie_option() -> None:
    got = _resolve({0: "both", 1: "high", 2: "low"}, {0: 5, 1: 9, 2: 1}, {0: 9, 1: 1, 2: 5}, keep=True)
    assert got == [(1, 5, "high"), (2, 5, "low")]


def test_two_swings_tying_high_both_forfeit() -> None:
    got = _resolve({0: "both", 1: "both", 2: "high"}, {0: 9, 1: 9, 2: 1}, {0: 9, 1: 5, 2: 1}, amount=11)
    assert got == [(2, 11, "pot")]


def test_tied_low_declarers_share_the_low_half() -> None:
    got = _resolve({0: "high", 1: "low", 2: "low"}, {0: 9, 1: 1, 2: 2}, {0: 1, 1: 7, 2: 7}, amount=11)
    assert got == [(0, 6, "high"), (1, 3, "low"), (2, 2, "low")]


def test_non_qualifying_lows_never_win_a_declared_low() -> None:
    got = _resolve({0: "high", 1: "low"}, {0: 9, 1: 1}, {0: 0, 1: 0})
    assert got == [(0, 10, "pot")]


@given(
    decl=st.lists(st.sampled_from(["high", "low", "both"]), min_size=2, max_size=6),
    data=st.data(),
    keep=st.booleans(),
)
def test_declared_pots_always_pay_out_exactly(decl: list[str], data: st.DataObject, keep: bool) -> None:
    seats = range(len(decl))
    high = {s: data.draw(st.integers(1, 3)) for s in seats}
    low = {s: data.draw(st.integers(0, 3)) for s in seats}
    amount = data.draw(st.integers(1, 101))
    pot = Pot(amount=amount, eligible=tuple(seats))
    out = resolve_declared(0, pot, {s: Declaration(d) for s, d in enumerate(decl)}, high=high, low=low,
                           priority=lambda s, side: s, tie_keeps_half=keep)
    assert sum(s.amount for s in out.shares) == amount
    for share in out.shares:
        assert share.amount >= 0
        assert share.seat not in out.forfeited or share.side == "equal"
        if share.side in ("high", "low"):
            assert decl[share.seat] in (share.side, "both")
