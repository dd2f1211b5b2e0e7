"""The rules, §4 (showdown and pots) with cards speaking, on scripted hands across games:
the high-low split and the odd chips — by position in draw games and equal splits, by the
highest (or, for a low, the lowest) card played in stud games.  Declarations (§4) are in
test_declare.py, side pots on plain numbers in test_pots.py; a reading that concerns one
game alone is in that game's module."""

from __future__ import annotations

from engine_helpers import awards, call_down, draw_deck, stand_pat_and_check_down, stud_deck

from splitpot.engine import events as ev
from splitpot.engine.spec import Stakes
from splitpot.engine.state import State
from splitpot.games import get_game

STAKES = Stakes(ante=1, bring_in=2, small_bet=5, big_bet=10)


# ------------------------------------------------------------------ §4 odd chips by position

def test_draw_game_odd_chip_to_the_first_tied_seat_left_of_the_dealer() -> None:
    """§4: Draw games give the odd chip to the first tied seat left of the dealer: the
    dealer (seat 0) and seat 1 tie, seat 1 (his left) gets it though seat 0 is lower."""
    hands = ["7c 5d 4h 3s 2c", "7d 5h 4s 3c 2d", "Kc Kd Qh Js 9d"]
    state = State(get_game("lowball"), [100] * 3, button=0, deck=draw_deck(hands, joker=True))
    state.bet()  # seat 1
    state.fold()  # seat 2
    state.call()  # seat 0, the dealer
    stand_pat_and_check_down(state)
    assert sorted(awards(state)) == [(0, 6, "pot"), (1, 7, "pot")]  # 3 antes + 10


def test_two_odd_chips_go_one_at_a_time_in_order_from_the_dealers_left() -> None:
    """§4: Three tied lows share 20 chips: 7, 7, 6 — the first two tied seats left of the
    dealer (seats 3 and 4 with the button on seat 2) take one odd chip each."""
    hands = ["Kc Kd Qh Js 9d", "7c 5d 4h 3s 2c", "Ks Kh Qs Jh 9c", "7d 5h 4s 3c 2d", "7h 5s 4d 3d 2h"]
    state = State(get_game("lowball"), [100] * 5, button=2, deck=draw_deck(hands, button=2, joker=True))
    assert state.actor == 3
    state.bet()  # seat 3
    state.call()  # seat 4
    state.fold()  # seat 0
    state.call()  # seat 1
    state.fold()  # seat 2, the dealer
    stand_pat_and_check_down(state)
    assert sorted(awards(state)) == [(1, 6, "pot"), (3, 7, "pot"), (4, 7, "pot")]


def test_equal_split_odd_chip_to_the_first_seat_left_of_the_dealer_in_stud() -> None:
    """§4: Every hand dead (a penalty card each): the pot of 7 is split equally, the odd
    chip by position even in stud — seat 1, the dealer's left, before seat 0."""
    hands = ["Kd As 9h 8c 7d 6s 5h", "Kc Ad 2c 8d 7h 6c 5d", "Jd Jh Qs"]
    spec = get_game("seven-card-stud", stakes=STAKES, penalty="As Ad")
    state = State(spec, [100] * 3, button=0, deck=stud_deck(hands))
    state.bring_in()  # seat 1 (2c)
    state.fold()  # seat 2
    state.call()  # seat 0
    call_down(state)
    assert sorted(awards(state)) == [(0, 3, "equal"), (1, 4, "equal")]


def test_every_hand_dead_splits_equally_odd_chip_left_of_the_dealer() -> None:
    """§2 reading: a pot whose hands are all dead (penalty nines) is split equally, the odd chip to
    the first of them left of the dealer (§4's equal splits): 13 chips, 7 to seat 1, 6 to seat 0."""
    spec = get_game("five-card-stud", penalty="9")
    state = State(spec, [100] * 3, button=0, deck=stud_deck(["9c Kd 2c 3c 4c", "9d Qd 2d 3d 4h", "9h 5s"],
                                                            button=0))
    while state.street == 0:
        if state.can_bet():
            state.bet()
        elif state.actor == 2:
            state.fold()
        else:
            state.call()
    call_down(state)
    got = sorted((e.seat, e.amount, e.side) for e in state.events if isinstance(e, ev.PotAwarded))
    assert got == [(0, 6, "equal"), (1, 7, "equal")]


# ------------------------------------------------------------------ §4 high-low split, odd chips by card

def test_stud_high_low_ace_to_five_option_ignores_straights_in_the_low() -> None:
    """§5.3, option `ace-to-five`: the wheel A-2-3-4-5 is the best low (and a straight
    for high); with `ace-to-six` it is a straight, a bad low, and 6-4-3-2-A wins."""
    hands = ["Ah 2c 3d Kc 4s 5h Kd", "6c 4d 3s 2s Ac Qh Jc"]
    for low, low_winner in (("ace-to-five", 0), ("ace-to-six", 1)):
        spec = get_game("seven-card-stud-high-low", stakes=STAKES, low=low)
        state = State(spec, [100, 100], deck=stud_deck(hands))
        call_down(state)
        assert {(seat, side) for seat, _, side in awards(state)} == {(0, "high"), (low_winner, "low")}, low


def test_deuce_to_seven_low_odd_chip_reads_the_ace_high() -> None:
    """Reading of §4 for a deuce-to-seven low, where the ace plays high: the low's odd
    chip goes by the lowest card as that ranking reads it (here the nines: 9c beats
    9s), not by the aces.  Both tie high (aces and kings) and low (A-K-Q-J-9); the
    pot of 6 splits 3/3 and each half 2/1: high by the A♠, low by the 9♣."""
    hands = ["Ac Kc Qd Jd 9s Ah Kh", "As Ks Qh Jh 9c Ad Kd"]
    state = State(get_game("seven-card-stud-high-low", stakes=STAKES), [100, 100], deck=stud_deck(hands))
    call_down(state)
    assert sorted(awards(state)) == [(0, 1, "high"), (0, 1, "low"), (1, 2, "high"), (1, 2, "low")]
