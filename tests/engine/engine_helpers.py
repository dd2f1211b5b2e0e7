"""Helpers for scripted hands: stacked stud decks and simple action scripts."""

from __future__ import annotations

from collections.abc import Sequence

from splitpot.cards import parse_cards
from splitpot.engine.betting import Action
from splitpot.engine.state import Phase, State

__all__ = ["bet_down", "call_down", "draw_deck", "stud_deck"]


def stud_deck(hands: Sequence[str], *, button: int = 0, community: str = "") -> list[int]:
    """A 52-card order that deals ``hands[seat]`` (cards in stud order: down,
    down, up, 4th, 5th, 6th, 7th) to each seat; a seat given fewer cards
    receives no more (he folds).  Dealing is round by round from the dealer's
    left.  ``community`` follows; the rest of the deck comes after in order.
    """
    seats = len(hands)
    cards = [[int(c) for c in parse_cards(h)] for h in hands]
    order = [(button + 1 + i) % seats for i in range(seats)]
    deck: list[int] = []
    for k in range(3):
        deck += [cards[s][k] for s in order if len(cards[s]) > k]
    for k in range(3, 7):
        deck += [cards[s][k] for s in order if len(cards[s]) > k]
    deck += [int(c) for c in parse_cards(community)] if community else []
    used = set(deck)
    assert len(used) == len(deck), "duplicate card in the script"
    return deck + [c for c in range(52) if c not in used]


def draw_deck(hands: Sequence[str], *, button: int = 0, then: str = "", joker: bool = False) -> list[int]:
    """A deck order that deals ``hands[seat]`` (five cards; ``""`` for a seat
    sitting out) one card a round from the dealer's left, then ``then`` (the
    burn card, then the cards the draw serves, in order); the rest of the deck
    (with the joker when ``joker``) follows in order.
    """
    seats = len(hands)
    cards = [[int(c) for c in parse_cards(h)] if h else [] for h in hands]
    order = [(button + 1 + i) % seats for i in range(seats)]
    deck = [cards[s][k] for k in range(5) for s in order if cards[s]]
    deck += [int(c) for c in parse_cards(then)] if then else []
    used = set(deck)
    assert len(used) == len(deck), "duplicate card in the script"
    return deck + [c for c in range(53 if joker else 52) if c not in used]


def passive_action(state: State) -> None:
    """The actor brings in, checks or calls, whichever is legal (in that order)."""
    actions = {o.action for o in state.legal_actions()}
    if Action.BRING_IN in actions:
        state.bring_in()
    elif Action.CHECK in actions:
        state.check()
    else:
        state.call()


def call_down(state: State, *, declare: dict[int, str] | None = None) -> None:
    """Everyone brings in / checks / calls to the end; declarations from ``declare``."""
    while not state.is_complete:
        if state.phase is Phase.DECLARING:
            assert declare is not None and state.actor is not None
            state.declare(declare[state.actor], seat=state.actor)
            continue
        passive_action(state)


def bet_down(state: State) -> None:
    """The first player able to bet each round bets (or completes), the others call."""
    while not state.is_complete:
        options = {o.action for o in state.legal_actions()}
        assert state.round is not None
        if Action.BRING_IN in options:
            state.bring_in()
        elif Action.BET in options:
            state.bet()
        elif Action.COMPLETE in options and state.round.last_full == 0:
            state.complete()
        elif Action.CALL in options:
            state.call()
        else:
            state.check()
