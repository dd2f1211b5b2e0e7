"""What a seat may not know, and the card texts a message names: for the tests that
no refusal (tests/engine/test_refusal_leaks.py) and no narration
(tests/test_narration.py) tells a player another seat's secrets."""

from __future__ import annotations

import re

from splitpot import Card, State
from splitpot.engine import events as ev

CARD = re.compile(r"(?<![A-Za-z0-9])(?:[2-9TJQKA][cdhs]|Jk)(?![A-Za-z0-9])")
EXAMPLES = ("e.g. 'As', 'Td'", "'Jk' for the joker")
"""Card texts a parse error gives as examples of the notation, not as cards of the hand."""


def text(card: int) -> str:
    return str(Card(card))


def named(message: str) -> set[str]:
    """The card texts a message names (the notation's examples left out)."""
    for example in EXAMPLES:
        message = message.replace(example, "")
    return set(CARD.findall(message))


def public_cards(state: State) -> set[int]:
    """Cards every player has seen: upcards, and cards exposed, turned up or shown."""
    seen = {c for up in state.up for c in up} | set(state.community)
    for event in state.events:
        if isinstance(event, ev.CardsDealt) and (event.up or event.seat is None):
            seen.update(event.cards)
        elif isinstance(event, (ev.CardExposed, ev.ExposedKept, ev.ExposedRefused)):
            seen.add(event.card)
        elif isinstance(event, (ev.CardsShown, ev.OpenersShown, ev.TurnedUp, ev.TurnUpsRevealed)):
            seen.update(event.cards)
    return seen


def secrets_from(state: State, seat: int | None) -> set[int]:
    """The cards ``seat`` may not know now (None: a spectator): the other seats'
    down cards and the undealt cards, less the public ones."""
    hidden = {c for s, down in enumerate(state.down) if s != seat for c in down}
    hidden.update(state._deck[state._next :])
    return hidden - public_cards(state) - seen_by(state, seat)


def seen_by(state: State, seat: int | None) -> set[int]:
    """The cards ever dealt to ``seat`` this hand, in an earlier deal too (nobody
    opened: the cards dealt again), and those he threw in a draw."""
    seen: set[int] = set()
    if seat is None:
        return seen
    for event in state.events:
        if isinstance(event, ev.CardsDealt) and event.seat == seat:
            seen.update(event.cards)
        elif isinstance(event, ev.Drew) and event.seat == seat:
            seen.update(event.discarded)
            seen.update(event.received)
    return seen
