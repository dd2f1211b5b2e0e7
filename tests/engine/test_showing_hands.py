"""The best showing hand, which decides who acts first on the later streets of the stud games
(the rules, §5.1, §5.9, §5.10): no straight or flush shows from fewer than five upcards; the
wild cards everyone shares count (beside a positional rule too, and for the open-pair option);
aces-deuces reads a shared wild upcard as an ace; and Mexican stud reads its upcards as natural
cards whatever its wild-card options.  The single-card duties (the bring-in, five-card stud's
forced bet), which read the card itself, are §3's: test_rules_betting.py."""

from __future__ import annotations

import pytest
from engine_helpers import ANTE_1_LIMIT_5_10, ints, legal, passive_action, stud_deck

from splitpot.engine.betting import Action
from splitpot.engine.order import showing_hand, showing_key_for, shows_pair
from splitpot.engine.state import Phase, State
from splitpot.games import get_game


@pytest.mark.parametrize("positional", [None, "lowest_card", "first_card", "lowest_hole_card"])
def test_stud_counts_shared_wild_cards_beside_a_positional_rule(positional: str | None) -> None:
    """§5.1 (the best showing hand, wild cards counting): was: any positional rule made the
    upcards natural, so with deuces wild and ``lowest_card`` 2c-Ah showed ace high, below K-K,
    and no open pair."""
    spec = get_game("seven-card-stud", wild="2", positional=positional, open_pair=True)
    assert not spec.natural_upcards
    key = showing_key_for(spec.wilds, natural=spec.natural_upcards)
    assert key(ints("2c Ah")) > key(ints("Kd Kh"))
    assert shows_pair(ints("2c Ah"), spec.wilds, natural=spec.natural_upcards)
    assert showing_hand(ints("2c Ah"), spec.wilds) == "pair of aces (2c as A♠)"
    # in play: seat 1 shows 2c-Ah, a pair of aces, and acts first on fourth street
    state = State(spec, [100] * 2, deck=stud_deck(["3d 4h Kc Kh", "5d 6h 2c Ah"]))
    while state.street < 1:
        passive_action(state)
    assert state.actor == 1
    assert {o.action: o.amounts for o in state.legal_actions()}[Action.BET] == (5, 10)  # open pair


@pytest.mark.parametrize("options", [{}, {"wild": "2"}, {"wild": "2", "positional": None},
                                     {"joker": "wild", "positional": None}])
def test_mexican_stud_reads_natural_upcards_whatever_its_wild_cards(options: dict[str, object]) -> None:
    """§5.9: "betting order uses upcards without wild cards".  Was: with
    ``positional=None`` the deuces (or the joker) counted."""
    spec = get_game("mexican-stud", **options)
    assert spec.natural_upcards
    key = showing_key_for(spec.wilds, natural=spec.natural_upcards)
    assert key(ints("2c Ah")) < key(ints("Kd Kh"))
    assert not shows_pair(ints("2c Ah"), spec.wilds, natural=True)
    assert showing_hand(ints("2c Ah"), spec.wilds, natural=True) is None


def test_five_card_stud_turn_up_option_still_counts_shared_wild_cards() -> None:
    """§5.8: five-card stud's turn-up option leaves the best showing hand read with the shared
    wild cards (only Mexican stud's upcards are natural, §5.9)."""
    assert not get_game("five-card-stud", turn_up=True, wild="2").natural_upcards


# ------------------------------------------- the best showing hand in play


def test_stud_showing_hands_count_no_straight_or_flush_from_fewer_than_five_upcards() -> None:
    """§5.1: On sixth street four suited connectors showing (9s 8s 7s 6s) are only nine
    high: the king high showing (Kd 5c 4h 2d) acts first."""
    hands = ["Ac Ad 9s 8s 7s 6s", "Jc Jd Kd 5c 4h 2d"]
    state = State(get_game("seven-card-stud", stakes=ANTE_1_LIMIT_5_10), [500, 500], deck=stud_deck(hands))
    while state.street < 3:
        passive_action(state)
    assert state.current_street is not None and state.current_street.name == "sixth street"
    assert state.actor == 1


def actor_at(game: str, hands: list[str], street: int, **options: object) -> int | None:
    """Who acts first in the betting round of ``street`` when everyone brings in, checks or calls."""
    state = State(get_game(game, **options), [100] * len(hands), deck=stud_deck(hands))
    while state.street < street or state.phase is not Phase.BETTING:
        passive_action(state)
    return state.actor


def test_stud_showing_hand_counts_the_games_wild_cards() -> None:
    """The best showing hand is a high hand (the rules, §5.1) and in `high` a wild
    card is any card (§2): with deuces wild, 2-A showing is a pair of aces and acts
    before a natural pair of kings; with the joker as the bug, Jk-A is a pair of aces."""
    others, wild_ace, joker_ace = ["9c 9d 3h 4h", "Qc Qd Kd Kh"], "Jc Jd 2c Ah", "Jc Jd Jk Ah"
    stakes = ANTE_1_LIMIT_5_10
    assert actor_at("seven-card-stud", [*others, wild_ace], 1, stakes=stakes, wild="2") == 2
    assert actor_at("seven-card-stud", [*others, joker_ace], 1, stakes=stakes, joker="bug") == 2
    # without wild cards the same upcards read naturally: the kings act first
    assert actor_at("seven-card-stud", [*others, wild_ace], 1, stakes=stakes) == 1


def test_stud_open_pair_option_counts_a_pair_made_with_a_wild_card() -> None:
    """§5.1: With deuces wild and the open-pair option, 2-A showing on fourth street is an
    open pair (a pair of aces, as the showing hand reads it): the big bet is allowed.
    With fives wild the same 2-A is ace high, and only the small bet is allowed."""
    hands = ["Qc Qd 9h 4h", "Jc Jd 2c Ah", "Tc Td 3s Kd"]
    for wild, bets in (("2", (5, 10)), ("5", (5,))):
        spec = get_game("seven-card-stud", stakes=ANTE_1_LIMIT_5_10, open_pair=True, wild=wild)
        state = State(spec, [100] * 3, deck=stud_deck(hands))
        while state.street < 1:
            passive_action(state)
        assert state.actor == 1
        assert legal(state)["bet"] == bets


@pytest.mark.parametrize("positional", [None, "hole_card", "lowest_card"])
@pytest.mark.parametrize(("hands", "first"), [
    (["5c Kd", "3c 2c", "4c Qh"], 1),  # the 2c is an ace, above the king
    (["5c As", "3c 2c", "4c Kd"], 1),  # tied with the A♠ on seat 0, the dealer: position, not suit or seat
    (["5c Kd", "3c 2c", "4c As"], 1),  # tied with the A♠ on seat 2: position, not suit
])
def test_aces_deuces_a_shared_wild_upcard_acts_first_as_an_ace(
    positional: str | None, hands: list[str], first: int
) -> None:
    """Aces-deuces (§5.10), the highest upcard first: with deuces wild the 2c showing
    is an ace, above the king; tied with a natural ace it goes by position from the
    dealer's left (no suit order), beside a positional rule too."""
    spec = get_game("aces-deuces", wild="2", positional=positional)
    state = State(spec, [100] * 3, deck=stud_deck(hands))
    while state.phase is not Phase.BETTING:
        state.draw()
    assert state.actor == first


def test_mexican_stud_betting_order_reads_shared_wild_cards_as_natural() -> None:
    """§5.9: "betting order uses upcards without wild cards", a wild rank everyone shares too:
    with deuces wild 2-A showing is ace high, below Q-Q (seven-card stud counts it: §5.1's
    reading, a pair of aces)."""
    assert actor_at("mexican-stud", ["7d 2c Ah", "9c Qd Qc"], 1, wild="2") == 1
