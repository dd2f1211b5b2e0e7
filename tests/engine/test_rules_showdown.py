"""The rules, §4 (showdown and pots) with cards speaking, on scripted hands across games:
the high-low split and the odd chips — by position in draw games and equal splits, by the
highest (or, for a low, the lowest) card played in stud games, a wild card counting as
itself (a shared wild rank or Mexican stud's hole card).  Declarations (§4) are in
test_declare.py, side pots on plain numbers in test_pots.py; a reading that concerns one
game alone is in that game's module."""

from __future__ import annotations

import pytest
from engine_helpers import (
    ANTE_1_LIMIT_5_10,
    NO_ANTE_LIMIT_10_20,
    awards,
    awards_with_pot,
    bet_down,
    call_down,
    draw_deck,
    passive_action,
    stand_pat_and_check_down,
    stud_deck,
    three_tied_ten_high_straights,
    tied_lowball_hand,
    winners,
)

from splitpot.engine.spec import Stakes
from splitpot.engine.state import State
from splitpot.games import get_game

# ------------------------------------------------------------------ §4 odd chips by position

def test_draw_game_odd_chip_to_the_first_tied_seat_left_of_the_dealer() -> None:
    """§4: Draw games give the odd chip to the first tied seat left of the dealer: the
    dealer (seat 0) and seat 1 tie, seat 1 (his left) gets it though seat 0 is lower."""
    state = tied_lowball_hand()
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


@pytest.mark.parametrize(("game", "penalty", "hands", "expected"), [
    # a penalty ace each: the pot of 7 (3 antes and the bring-in of 2 called) splits 4/3
    ("seven-card-stud", "As Ad", ["Kd As 9h 8c 7d 6s 5h", "Kc Ad 2c 8d 7h 6c 5d", "Jd Jh Qs"],
     [(0, 3, "equal"), (1, 4, "equal")]),
    # penalty nines: the pot of 13 (3 antes and the forced bet of 5 called) splits 7/6
    ("five-card-stud", "9", ["9c Kd 2c 3c 4c", "9d Qd 2d 3d 4h", "9h 5s"],
     [(0, 6, "equal"), (1, 7, "equal")]),
    # the As and Kh dead, heads up: an even pot of 6, no odd chip
    ("seven-card-stud", "As Kh", ["2c 2d As Ah Ad Kc Qc", "9h Th Jh Qh Kh 3c 4c"],
     [(0, 3, "equal"), (1, 3, "equal")]),
])
def test_every_hand_dead_splits_the_pot_equally_odd_chip_left_of_the_dealer(
    game: str, penalty: str, hands: list[str], expected: list[tuple[int, int, str]]
) -> None:
    """§4: a pot whose hands are all dead (a penalty card each, §2) is split equally, the odd
    chip by position even in stud: to the first of them left of the dealer — seat 1 before
    seat 0, the dealer.  The seat dealt three (or two) cards folds on the first round."""
    state = State(get_game(game, penalty=penalty), [100] * len(hands), button=0,
                  deck=stud_deck(hands, button=0))
    while not state.is_complete:
        assert state.actor is not None
        if len(hands[state.actor].split()) < 5 and state.can_fold():
            state.fold()
        else:
            passive_action(state)
    assert sorted(awards(state)) == expected


# ------------------------------------------------------------------ §4 high-low split, odd chips by card

def test_deuce_to_seven_low_odd_chip_reads_the_ace_high() -> None:
    """Reading of §4 for a deuce-to-seven low, where the ace plays high: the low's odd
    chip goes by the lowest card as that ranking reads it (here the nines: 9c beats
    9s), not by the aces.  Both tie high (aces and kings) and low (A-K-Q-J-9); the
    pot of 6 splits 3/3 and each half 2/1: high by the A♠, low by the 9♣, both on
    seat 0, the dealer: by position (or by the lowest card read ace low) the low's odd
    chip would go to seat 1."""
    hands = ["As Kc Qd Jd 9c Ad Kh", "Ac Ks Qh Jh 9s Ah Kd"]
    spec = get_game("seven-card-stud-high-low", stakes=ANTE_1_LIMIT_5_10)
    state = State(spec, [100, 100], deck=stud_deck(hands))
    call_down(state)
    assert sorted(awards(state)) == [(0, 2, "high"), (0, 2, "low"), (1, 1, "high"), (1, 1, "low")]


def test_odd_chip_for_a_low_read_from_the_low_five_not_the_high_five() -> None:
    """§4: Seats 2 and 1 tie the low with A-2-3-4-5; seat 2 holds As and Ad and plays the
    Ad for the low (the lowest card by suit wins the low's odd chip), seat 1 the Ah.
    Seat 0's full house takes the high half (3 of 6); the low half (3) splits 2-1,
    the odd chip to seat 2 — reading seat 2's high A♠ would give it to seat 1, as would
    position (seat 1 is the dealer's left) or the lower seat number."""
    hands = ["Ks Kd Kc 9h 9s 8h 7h", "Ah 2d 3d 4d 5c Qs Jh", "As Ad 2c 3c 4c 5d Kh"]
    spec = get_game("seven-card-stud-8", stakes=NO_ANTE_LIMIT_10_20)
    state = State(spec, [100, 100, 100], deck=stud_deck(hands))
    call_down(state)
    assert sorted(awards(state)) == [(0, 3, "high"), (1, 1, "low"), (2, 2, "low")]


def test_stud_two_odd_chips_go_one_at_a_time_by_the_highest_card_not_by_seat() -> None:
    """§4: stud games give an odd chip to the tied hand whose five hold the highest card
    (rank, then suit); two or more go one at a time in that order.  Three T-high straights
    tie (seat 0, the dealer, folds on third street); seat 3 (T♠) then seat 2 (T♥) get the two
    odd chips, seat 1 (T♦) none.  By seat from the dealer's left, or by seat number, they
    would go to seats 1 and 2."""
    state = three_tied_ten_high_straights()
    assert winners(state) == {3: 5, 2: 5, 1: 4}  # 4 antes of 2 and three bring-ins of 2: 14


def test_high_low_side_pot_split_on_its_own_among_its_players() -> None:
    """§4: half to the best high, half to the best low, the odd chip to high; each side pot
    is split on its own among the players eligible for it.  Seat 0 (the best low) is all in
    on fourth street: the main pot of 15 goes 8 high (seat 1) / 7 low (seat 0); the side
    pot of 24 goes 12 high (seat 1) / 12 low to seat 2, the best low among its players."""
    hands = [
        "Ac 2d 3h 4s 6c Kd Qh",  # ace high; 6-4-3-2-A low; 3h up: brings in
        "Kc Kh Ks 9d 9h Jc Tc",  # kings full; no low
        "Qs Qd 7c 8d 5h 3c 2h",  # pair of queens; 8-7-5-3-2 low
    ]
    spec = get_game("seven-card-stud-8", stakes=Stakes(ante=1, bring_in=1, small_bet=2, big_bet=4))
    state = State(spec, [5, 100, 100], deck=stud_deck(hands))
    bet_down(state)
    assert awards_with_pot(state) == [
        (0, 1, 8, "high"), (0, 0, 7, "low"), (1, 1, 12, "high"), (1, 2, 12, "low")]


def test_the_joker_counts_as_itself_for_the_odd_chip_above_every_natural_card() -> None:
    """§4 reading (a wild card counts as itself for the odd chip) with the joker ranking
    above every natural card (as the bring-in reads it, §3): in a K-high straight where the
    joker stands for the ten, the joker is still the highest card, so its holder takes the
    odd chip over a natural K♥.  Seat 2: K♦ Q♥ J♣ Jk 9♣; seat 1: K♥ Q♦ J♦ T♥ 9♠; pot 9
    (3 antes of 1 and the bring-in of 2 called twice).  Read as the ten it stands for, or as
    a card of no rank, the chip would go to seat 1 (K♥ over K♦), as it would by position
    (seat 1 is the dealer's left) or by the lower seat number."""
    spec = get_game("seven-card-stud", joker="bug")
    hands = ["9h 8c 2c 3d 4h 5s 7d", "Kh 9s Qd Jd Th 5c 6h", "Jk Kd Qh Jc 9c 4d 3s"]
    state = State(spec, [100] * 3, deck=stud_deck(hands))  # the joker dealt, the 52 others follow
    call_down(state)
    assert winners(state) == {2: 5, 1: 4}


def test_odd_chip_reads_a_wild_card_as_the_card_itself() -> None:
    """§4 odd chips (stud: the highest card of the five played, rank then suit) with
    §2 wild cards — reading: a wild card counts as itself, not as the card it stands
    for.  Deuces wild: seat 2's natural broadway (Ah) and seat 1's (2s for the ace)
    tie; seat 0, the dealer (three cards), folds on third street.  The pot of 5 splits 3-2
    and the odd chip goes to seat 2 (Ah beats Ks), last of the tied seats from the dealer's
    left: by position, or by the lower seat number, it would go to seat 1."""
    hands = ["9c 8c Kc", "2s Ks Qh Jd Td 5c 6h", "Ah Kd Qc Jc Tc 4d 3d"]
    spec = get_game("seven-card-stud", stakes=Stakes(ante=1, bring_in=1, small_bet=2, big_bet=4), wild="2")
    state = State(spec, [100, 100, 100], deck=stud_deck(hands))
    while not state.is_complete:
        if state.actor == 0 and state.can_fold():
            state.fold()
        else:
            passive_action(state)
    assert [len(state.dealt_cards(seat)) for seat in range(3)] == [3, 7, 7]
    assert awards_with_pot(state) == [(0, 2, 3, "pot"), (0, 1, 2, "pot")]


def test_a_wild_card_counts_as_itself_for_the_odd_chip() -> None:
    """§4 reading, in Mexican stud: two king-high straights, one made with the wild A♠ (his hole
    card) and one with the wild 2♣: the A♠ itself is the highest card, so the odd chip is his,
    on seat 2, last of the tied seats from the dealer's left: by position, or by the lower
    seat number, seat 1 would get it."""
    hands = ["3d 4c 6h 8c Tc", "2c Kh Qh Jh 9s", "As Kd Qd Jd 9c"]
    state = State(get_game("mexican-stud"), [100] * 3, button=0, deck=stud_deck(hands, button=0))
    call_down(state)
    assert sorted(awards(state)) == [(1, 1, "pot"), (2, 2, "pot")]
