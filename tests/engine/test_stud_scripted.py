"""Scripted seven-card stud hands with stacked decks (the rules, §5.1-§5.3, and §4 as these
games read it): one test per rule."""

from __future__ import annotations

import pytest
from engine_helpers import (
    ANTE_1_LIMIT_5_10,
    awards_with_pot,
    bet_down,
    call_down,
    passive_action,
    stud_deck,
)
from hypothesis import given, settings
from hypothesis import strategies as st

from splitpot.engine import events as ev
from splitpot.engine.betting import Action
from splitpot.engine.showdown import _qualifies
from splitpot.engine.spec import Stakes
from splitpot.engine.state import Phase, State
from splitpot.errors import IllegalActionError
from splitpot.evaluate import evaluate
from splitpot.games import get_game
from splitpot.narrate import ALL, describe_hand

STUD = get_game("seven-card-stud")
STUD8 = get_game("seven-card-stud-8")


# ---------------------------------------------------------------- the deal
def test_two_down_and_one_up_then_three_streets_up_and_the_seventh_down() -> None:
    """§5.1: Two down and one up on third street; fourth, fifth and sixth street one card
    up; seventh street one down."""
    deck = stud_deck(["Ac Ad 2h 3h 4h 5h 6h", "Kc Kd 2s 3s 4s 5s 6s"])
    state = State(STUD, [500] * 2, deck=deck)
    seen = set()
    while not state.is_complete:
        seen.add((state.street, len(state.up[0]), len(state.down[0])))
        passive_action(state)
    assert sorted(seen) == [(0, 1, 2), (1, 2, 2), (2, 3, 2), (3, 4, 2), (4, 4, 3)]


# ---------------------------------------------------------------- bring-in
def test_bring_in_ties_broken_by_suit_clubs_lowest() -> None:
    """§3: the lowest upcard brings in, ties by suit with clubs lowest: four deuces up, the
    2♣ on seat 3, the last from the dealer's left (by position seat 1's 2♦ would)."""
    deck = stud_deck(["Kd Kh 2h", "Qd Qh 2d", "Jd Jh 2s", "Td Th 2c"])
    state = State(STUD, [100] * 4, deck=deck)
    assert state.phase is Phase.BRING_IN and state.actor == 3
    assert [o.action for o in state.legal_actions()] == [Action.BRING_IN, Action.COMPLETE]


@pytest.mark.parametrize("game", ["seven-card-stud-8", "seven-card-stud-high-low"])
def test_bring_in_counts_the_ace_high(game: str) -> None:
    """§5.2 and §5.3 (as §5.1): The bring-in still counts the ace high in the high-low games,
    the classic one (its low deuce-to-seven) too: the Ac is no low card here."""
    deck = stud_deck(["Kd Kh Ac", "Qd Qh 3s", "Jd Jh 9c"])
    state = State(get_game(game), [100] * 3, deck=deck)
    assert state.actor == 1 and Action.BRING_IN in {o.action for o in state.legal_actions()}


def test_bring_in_then_action_moves_left_and_completion_is_not_a_raise() -> None:
    deck = stud_deck(["Kd Kh 9h", "Qd Qh 2c", "Jd Jh 8s"])
    state = State(STUD, [100] * 3, deck=deck)
    state.bring_in()
    assert state.actor == 2
    assert {o.action: o.amounts for o in state.legal_actions()} == {
        Action.FOLD: (), Action.CALL: (2,), Action.COMPLETE: (5,)}
    state.complete()
    assert state.actor == 0
    # completion is the bet: three raises follow before the cap
    state.raise_to(10)
    state.raise_to(15)
    state.raise_to(20)  # seat 2: the third raise
    assert state.actor == 0
    assert Action.RAISE not in {o.action for o in state.legal_actions()}
    state.call()
    state.call()
    assert state.phase is Phase.BETTING and state.street == 1 and state.pot == 3 + 60


def test_bring_in_player_is_not_offered_a_fold() -> None:
    state = State(STUD, [100] * 3, deck=stud_deck(["Kd Kh 9h", "Qd Qh 2c", "Jd Jh 8s"]))
    before = state.snapshot()
    with pytest.raises(IllegalActionError, match="bring_in 2, complete to 5"):
        state.fold()
    assert state.snapshot() == before
    assert not state.can_fold() and state.can_bring_in()


def test_everyone_calls_the_bring_in_and_the_round_ends() -> None:
    state = State(STUD, [100] * 3, deck=stud_deck(["Kd Kh 9h", "Qd Qh 2c", "Jd Jh 8s"]))
    state.bring_in()
    state.call()
    state.call()
    assert state.street == 1 and state.pot == 9


# ------------------------------------------------------- later-street order
def test_open_pair_acts_first_on_fourth_street() -> None:
    deck = stud_deck(["2d 3h As Kh", "4d 5h 7s 7c", "8d 9h 2c Ac"])
    state = State(STUD, [100] * 3, deck=deck)
    call_until_street(state, 1)
    assert state.actor == 1  # 7-7 beats A-K and A-2


def test_higher_pair_then_kicker_acts_first() -> None:
    deck = stud_deck(["2d 3h 7s 7c 9d", "4d 5h 7h 7d Ts", "8d 9h 2c Kc 3c"])
    state = State(STUD, [100] * 3, deck=deck)
    call_until_street(state, 2)
    assert state.actor == 1  # 7-7-T beats 7-7-9


def test_tied_showing_hands_go_to_the_seat_nearest_the_dealers_left() -> None:
    """§5.1: tied showing hands go to the seat nearest the dealer's left, not by suit (§0:
    suits break ties only where a rule says so).  Button on seat 2: order 3, 0, 1, 2.
    Seats 0 (K♠ 7♥) and 3 (K♣ 7♣) both show K-7: seat 3 acts first, the lower suits."""
    deck = stud_deck(["2d 3h Ks 7h", "4d 5h 2c 9s", "8d 9h 3c 5s", "Jd Qh Kc 7c"], button=2)
    state = State(STUD, [100] * 4, button=2, deck=deck)
    call_until_street(state, 1)
    assert state.actor == 3


def test_all_in_best_hand_passes_first_action_to_the_left() -> None:
    deck = stud_deck(["2d 3h 8s 8c", "4d 5h 2c 9s", "8d 9h 3c 5s"])
    state = State(STUD, [3, 100, 100], deck=deck)  # seat 0 all in after ante + bring-in call
    assert state.actor == 1
    state.bring_in()
    state.call()
    state.call()  # seat 0 calls 2 and is all in
    assert state.stacks[0] == 0 and state.street == 1
    assert state.actor == 1  # seat 0 shows 8-8 but cannot act


def call_until_street(state: State, street: int) -> None:
    while state.street < street:
        passive_action(state)


# --------------------------------------------------------------- open pair
def test_open_pair_option_allows_the_big_bet_on_fourth_street() -> None:
    deck = stud_deck(["2d 3h 7s 7c", "4d 5h As Kh", "8d 9h 2c Ac"])
    plain = State(STUD, [100] * 3, deck=deck)
    call_until_street(plain, 1)
    assert {o.action: o.amounts for o in plain.legal_actions()}[Action.BET] == (5,)
    spec = get_game("seven-card-stud", open_pair=True)
    state = State(spec, [100] * 3, deck=deck)
    call_until_street(state, 1)
    assert state.actor == 0
    assert {o.action: o.amounts for o in state.legal_actions()}[Action.BET] == (5, 10)
    state.bet(10)
    assert {o.action: o.amounts for o in state.legal_actions()}[Action.RAISE] == (20,)


def test_open_pair_small_bet_may_be_raised_small_or_big() -> None:
    spec = get_game("seven-card-stud", open_pair=True)
    state = State(spec, [100] * 3, deck=stud_deck(["2d 3h 7s 7c", "4d 5h As Kh", "8d 9h 2c Ac"]))
    call_until_street(state, 1)
    state.bet(5)
    assert {o.action: o.amounts for o in state.legal_actions()}[Action.RAISE] == (10, 15)


def test_no_open_pair_keeps_the_small_bet_even_with_the_option() -> None:
    spec = get_game("seven-card-stud", open_pair=True)
    state = State(spec, [100] * 3, deck=stud_deck(["2d 3h 7s 8c", "4d 5h As Kh", "8d 9h 2c Ac"]))
    call_until_street(state, 1)
    assert {o.action: o.amounts for o in state.legal_actions()}[Action.BET] == (5,)


def test_big_bets_from_fifth_street() -> None:
    state = State(STUD, [100] * 3, deck=stud_deck(["2d 3h 7s 8c", "4d 5h As Kh", "8d 9h 2c Ac"]))
    call_until_street(state, 2)
    assert {o.action: o.amounts for o in state.legal_actions()}[Action.BET] == (10,)


# ---------------------------------------------------------- community card
def test_community_card_when_the_deck_runs_short_with_eight_players() -> None:
    hands = [
        "2c 2d 2h 3c", "3d 3h 3s 4c", "4d 4h 4s 5c", "5d 5h 5s 6c",
        "6d 6h 6s 7c", "7d 7h 7s 8c", "8d 8h 8s 9c", "9d 9h 9s Tc",
    ]
    full = [h + " " + extra for h, extra in zip(hands, [
        "Td Th", "Ts Jc", "Jd Jh", "Js Qc", "Qd Qh", "Qs Kc", "Kd Kh", "Ks Ac"], strict=True)]
    deck = stud_deck(full, community="Ad")
    state = State(STUD, [100] * 8, deck=deck)
    call_down(state)
    community = [e for e in state.events if isinstance(e, ev.CardsDealt) and e.seat is None]
    assert len(community) == 1 and community[0].up
    assert state.community == [int(community[0].cards[0])]
    sevenths = [e for e in state.events if isinstance(e, ev.CardsDealt) and e.seat is not None
                and len(e.cards) == 1 and not e.up]
    assert sevenths == []  # nobody got a private seventh card
    shown = {e.seat: e.high for e in state.events if isinstance(e, ev.CardsShown)}
    # seat 6 holds 8-8-8 with K-K and the community ace: eights full; seat 7 has 9-9-9 K A ... trips
    assert shown[6] == "full house, eights full of kings"
    assert sum(state.stacks) == 800


def test_no_community_card_when_a_player_folded_early() -> None:
    state = State(STUD, [100] * 8, seed=5)
    state.bring_in()
    state.fold()
    call_down(state)
    assert state.community == []
    assert sum(state.stacks) == 800


# ------------------------------------------------------------------ pots
LIMIT_10 = Stakes(ante=1, bring_in=2, small_bet=10, big_bet=20)


def test_side_pot_with_an_all_in_player_both_pots_to_the_best_hand() -> None:
    deck = stud_deck([
        "Ac Ad 2s As 4c 9h Jd",   # trip aces, 21 chips: all in on fourth street
        "Kc Kd 3s Ks Kh 5c 6d",   # four kings
        "Qc Qd 4s Qh 7c 8d Td",   # trip queens
    ])
    state = State(get_game("seven-card-stud", stakes=LIMIT_10), [21, 200, 200], deck=deck)
    bet_down(state)
    assert awards_with_pot(state) == [(0, 1, 63, "pot"), (1, 1, 120, "pot")]
    assert state.stacks == [0, 200 - 81 + 183, 200 - 81]


def test_side_pot_goes_to_the_best_of_its_own_players() -> None:
    deck = stud_deck([
        "Kc Kd 3s Ks Kh 5c 6d",   # four kings, short stack: wins the main pot only
        "Ac Ad 2s As 4c 9h Jd",   # trip aces: wins the side pot
        "Qc Qd 4s 7h 7c 8d Td",   # queens and sevens
    ])
    state = State(get_game("seven-card-stud", stakes=LIMIT_10), [21, 200, 200], deck=deck)
    bet_down(state)
    assert awards_with_pot(state) == [(0, 0, 63, "pot"), (1, 1, 120, "pot")]
    assert state.stacks == [63, 200 - 81 + 120, 200 - 81]
    assert sum(state.stacks) == 421


def test_uncalled_chips_return_through_a_one_player_side_pot() -> None:
    deck = stud_deck(["Kc Kd 3s Ks Kh 5c 6d", "Ac Ad 2s As 4c 9h Jd"])
    state = State(get_game("seven-card-stud", stakes=LIMIT_10), [15, 200], deck=deck)
    bet_down(state)
    assert state.stacks == [30, 185]  # seat 0 (all in for 15) wins 30; the rest never left seat 1


# ------------------------------------------------------------- split pots
def test_split_pot_odd_chip_goes_to_high() -> None:
    deck = stud_deck([
        "Kc Kd 9s Ks 9h Qc Jd",   # kings full: high, no low
        "Ac 2d 3s 4h 6c Qd Jh",   # six-four low
        "Td Th 7s 5d Jc 9c 2h",   # pair of tens, no low
    ])
    state = State(STUD8, [100] * 3, deck=deck)
    assert state.actor == 1  # 3s is the lowest upcard
    call_down(state)
    assert state.pot == 0 and awards_with_pot(state) == [(0, 0, 5, "high"), (0, 1, 4, "low")]


def test_tied_high_hands_odd_chip_to_the_highest_card_by_suit() -> None:
    """§4: the odd chip between tied high hands goes to the highest card by suit: the ace
    of spades on seat 2, last of the tied seats from the dealer's left (by position, or by
    the lower seat number, seat 1 would get it)."""
    deck = stud_deck([
        "9c 9d 7s 6h 8h 2c 4d",   # pair of nines
        "Ah Kc Qd Jc Tc 2d 3d",   # broadway, ace of hearts
        "As Kd Qh Jd Th 4c 5c",   # broadway, ace of spades: gets the odd chip
    ])
    state = State(STUD, [100] * 3, deck=deck)
    call_down(state)
    assert awards_with_pot(state) == [(0, 2, 5, "pot"), (0, 1, 4, "pot")]


def test_tied_low_hands_odd_chip_to_the_lowest_card_by_suit() -> None:
    """§4: Stud games give the odd chip of tied low hands to the lowest card by suit, not to
    the seat nearest the dealer's left (button 1: that is seat 0)."""
    deck = stud_deck([
        "Ad 2d 3d 4d 5c 9d Kh",   # diamond flush and a wheel (ace of diamonds): the dealer's left
        "Ac 2h 3c 4h 5s Qs Js",   # five-high straight and a wheel (ace of clubs)
    ], button=1)
    state = State(STUD8, [100, 100], button=1, deck=deck)
    call_down(state)
    # pot 6: high 3 to the flush; low 3 split 2-1, the odd chip to the ace of clubs
    assert awards_with_pot(state) == [(0, 0, 3, "high"), (0, 1, 2, "low"), (0, 0, 1, "low")]
    assert state.stacks == [101, 99]


def test_no_qualifying_low_high_scoops() -> None:
    deck = stud_deck([
        "Kc Kd 9s Ks 9h Qc Jd",   # kings full
        "Ac 9d 3s Th Tc Qd Jh",   # pair of tens, no eight-or-better low
    ])
    state = State(STUD8, [100, 100], deck=deck)
    call_down(state)
    assert awards_with_pot(state) == [(0, 0, 6, "pot")]
    assert state.stacks == [103, 97]


def test_one_player_scoops_both_halves() -> None:
    deck = stud_deck([
        "Ac 2c 3c 4c 5c Kd Kh",   # steel wheel: best high and best low
        "Ad 2h 3s 7h 8c Qs Js",   # eight-seven low, ace high
    ])
    state = State(STUD8, [100, 100], deck=deck)
    call_down(state)
    assert awards_with_pot(state) == [(0, 0, 3, "high"), (0, 0, 3, "low")]
    # told as a scoop, as the high hand's with no qualifying low is (was: two half-pot lines alone)
    told = [line for line in describe_hand(state, ["P0", "P1"], viewer=ALL) if " wins " in line]
    assert told == ["P0 wins the high half of the pot (3) with straight flush, five high",
                    "P0 wins the low half of the pot (3) with five-four low (wheel; both halves: scoops)"]


def test_classic_high_low_has_no_qualifier_a_two_pair_low_wins_half() -> None:
    """§5.3: No qualifier: the best low takes half even when it is two pair (reading: every
    hand has a low, so the classic game always splits)."""
    deck = stud_deck(["Kc Kd Ks Qc Qd Jh Jd", "Ac Ad Ah As 9c 9d 8h"])
    state = State(get_game("seven-card-stud-high-low"), [100, 100], deck=deck)
    call_down(state)
    assert sorted((seat, side) for _, seat, _, side in awards_with_pot(state)) == [(0, "low"), (1, "high")]


def test_classic_high_low_uses_deuce_to_seven_and_any_five_per_side() -> None:
    deck = stud_deck([
        "2c 3d 4h 7c 5s 7d 7h",   # trip sevens; 7-5-4-3-2 low from the same cards
        "Ac 2h 3s 4d 5h Qs Js",   # a wheel: wins high as a straight, but is no deuce-to-seven low
    ])
    state = State(get_game("seven-card-stud-high-low"), [100, 100], deck=deck)
    call_down(state)
    assert awards_with_pot(state) == [(0, 1, 3, "high"), (0, 0, 3, "low")]


def test_nine_or_better_qualifier_option() -> None:
    deck = stud_deck([
        "Kc Kd 9s Ks 9h Qc Jd",   # kings full
        "Ac 2d 3s 4h 9c Qd Jh",   # nine-four low: no eight-or-better low
    ])
    assert [a[3] for a in awards_with_pot(_called_down(STUD8, deck))] == ["pot"]
    nine = get_game("seven-card-stud-8", qualifier=9)
    assert [a[1:] for a in awards_with_pot(_called_down(nine, deck))] == [(0, 3, "high"), (1, 3, "low")]


def test_stud_high_low_ace_to_five_option_ignores_straights_in_the_low() -> None:
    """§5.3, option `ace-to-five`: the wheel A-2-3-4-5 is the best low (and a straight
    for high); with `ace-to-six` it is a straight, a bad low, and 6-4-3-2-A wins."""
    hands = ["Ah 2c 3d Kc 4s 5h Kd", "6c 4d 3s 2s Ac Qh Jc"]
    for low, low_winner in (("ace-to-five", 0), ("ace-to-six", 1)):
        spec = get_game("seven-card-stud-high-low", stakes=ANTE_1_LIMIT_5_10, low=low)
        state = State(spec, [100, 100], deck=stud_deck(hands))
        call_down(state)
        won = {(seat, side) for _, seat, _, side in awards_with_pot(state)}
        assert won == {(0, "high"), (low_winner, "low")}, low


@pytest.mark.parametrize(("options", "low"), [
    ({"joker": "wild"}, "eight-seven low (Jk as zero)"),
    ({"joker": "wild", "wild_low": "lowest-absent"}, "eight-seven low (Jk as A)"),
    ({"wild": "T"}, "eight-seven low (Th as zero)"),
    ({"wild": "T", "wild_low": "best-rank"}, "eight-seven low (Th as A)"),
])
def test_a_qualifier_reads_wild_cards_as_they_play(options: dict[str, object], low: str) -> None:
    """Was: nine or better read a wild card by its printed rank (the joker as a deuce,
    pairing the real one; a wild king as a king), so an eight-seven low that
    qualifies for eight or better did not qualify for nine or better (a ten wild: a ten)."""
    wild = "Jk" if options.get("joker") == "wild" else "Th"
    deck = stud_deck(["Kc Kd 9s Ks 9h Qc Jd", f"2c {wild} 5d 7h 8s Qd Jh"])
    for qualifier in (8, 9):
        spec = get_game("seven-card-stud-8", qualifier=qualifier, **options)
        shown = [(e.seat, e.amount, e.side, e.hand) for e in _called_down(spec, deck).events
                 if isinstance(e, ev.PotAwarded)]
        assert shown == [(0, 3, "high", "full house, kings full of nines"), (1, 3, "low", low)], qualifier


@settings(max_examples=400, deadline=None)
@given(st.lists(st.integers(0, 52), min_size=7, max_size=7, unique=True), st.sampled_from([
    {}, {"joker": "wild"}, {"wild": "T"}, {"wild": "2", "wild_low": "best-rank"},
    {"wild": "2", "wild_low": "lowest-absent"}, {"joker": "wild", "wild": "K"}, {"wild": ["9h", "3c"]},
]))
def test_an_eight_qualifier_qualifies_what_eight_or_better_does(
    cards: list[int], options: dict[str, object]
) -> None:
    """The engine's qualifier on an ace-to-five low against the core's own
    eight-or-better ranking, wild cards and the joker included."""
    low = evaluate(cards, "ace-to-five", **options)
    eight = evaluate(cards, "eight-or-better", **options)
    assert (eight is not None) == (low is not None and _qualifies(low, 8)), (low, eight)


def test_the_odd_chip_goes_to_the_five_most_favourable_to_its_player() -> None:
    """Two broadways tie; seat 2 holds both black aces and plays the spade (§4:
    equal fives that differ in the suit of a paired rank, the most favourable),
    so his ace of spades beats seat 1's ace of diamonds for the odd chip (seat 1 is the
    dealer's left: by position, or by the lower seat number, seat 1 would get it)."""
    deck = stud_deck(["5c 6d 9h", "Ad 3c 4c Kc Qd Jh Ts", "Ac As 2c Kd Qh Jc Td"], button=0)
    state = State(STUD, [100, 100, 100], button=0, deck=deck)
    while not state.is_complete:
        if state.actor == 0 and state.can_fold():
            state.fold()
        else:
            passive_action(state)
    shown = [(e.seat, e.amount, e.hand) for e in state.events if isinstance(e, ev.PotAwarded)]
    assert shown == [(2, 4, "straight, ace high"), (1, 3, "straight, ace high")]


def _called_down(spec: object, deck: list[int]) -> State:
    state = State(spec, [100, 100], deck=deck)  # type: ignore[arg-type]
    call_down(state)
    return state
