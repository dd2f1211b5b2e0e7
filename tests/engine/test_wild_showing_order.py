"""The best showing hand with wild cards (the rules, §5.1, §5.9, §5.10): the wild
cards everyone shares count beside a positional rule, and Mexican stud reads its
upcards as natural cards whatever its wild-card options."""

from __future__ import annotations

import pytest
from engine_helpers import passive_action, stud_deck

from splitpot.cards import parse_cards
from splitpot.engine.betting import Action
from splitpot.engine.order import showing_hand, showing_key_for, shows_pair
from splitpot.engine.state import Phase, State
from splitpot.games import get_game


def cards(text: str) -> list[int]:
    return [int(c) for c in parse_cards(text)]


@pytest.mark.parametrize("positional", [None, "lowest_card", "first_card", "lowest_hole_card"])
def test_stud_counts_shared_wild_cards_beside_a_positional_rule(positional: str | None) -> None:
    """Was: any positional rule made the upcards natural, so with deuces wild and
    ``lowest_card`` 2c-Ah showed ace high, below K-K, and no open pair."""
    spec = get_game("seven-card-stud", wild="2", positional=positional, open_pair=True)
    assert not spec.natural_upcards
    key = showing_key_for(spec.wilds, natural=spec.natural_upcards)
    assert key(cards("2c Ah")) > key(cards("Kd Kh"))
    assert shows_pair(cards("2c Ah"), spec.wilds, natural=spec.natural_upcards)
    assert showing_hand(cards("2c Ah"), spec.wilds) == "pair of aces (2c as A♠)"
    # in play: seat 1 shows 2c-Ah, a pair of aces, and acts first on fourth street
    state = State(spec, [100] * 2, deck=stud_deck(["3d 4h Kc Kh", "5d 6h 2c Ah"]))
    while state.street < 1:
        passive_action(state)
    assert state.actor == 1
    assert {o.action: o.amounts for o in state.legal_actions()}[Action.BET] == (5, 10)  # open pair


@pytest.mark.parametrize("positional", [None, "hole_card", "lowest_card"])
def test_aces_deuces_shared_wild_upcard_is_an_ace_beside_a_positional_rule(positional: str | None) -> None:
    spec = get_game("aces-deuces", wild="2", positional=positional)
    state = State(spec, [100] * 3, deck=stud_deck(["5c Kd", "3c 2c", "4c Qh"]))
    while state.phase is not Phase.BETTING:
        state.draw()
    assert state.actor == 1


@pytest.mark.parametrize("options", [{}, {"wild": "2"}, {"wild": "2", "positional": None},
                                     {"joker": "wild", "positional": None}])
def test_mexican_stud_reads_natural_upcards_whatever_its_wild_cards(options: dict[str, object]) -> None:
    """§5.9: "betting order uses upcards without wild cards".  Was: with
    ``positional=None`` the deuces (or the joker) counted."""
    spec = get_game("mexican-stud", **options)
    assert spec.natural_upcards
    key = showing_key_for(spec.wilds, natural=spec.natural_upcards)
    assert key(cards("2c Ah")) < key(cards("Kd Kh"))
    assert not shows_pair(cards("2c Ah"), spec.wilds, natural=True)
    assert showing_hand(cards("2c Ah"), spec.wilds, natural=True) is None


def test_five_card_stud_turn_up_option_still_counts_shared_wild_cards() -> None:
    assert not get_game("five-card-stud", turn_up=True, wild="2").natural_upcards
