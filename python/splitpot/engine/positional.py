"""Wild cards of a player's own: a card named by its place in his deal, and every
card of its rank in his hand (the rules, §2 and §5.9, §5.11).

Mexican stud makes each player's hole card wild for him alone; dealer's choice
names positional wild cards ("each player's lowest hole card", "each player's
lowest card", "each player's first (third) card dealt").  Both are one mechanism: a
:class:`PositionalWild` rule in :class:`~splitpot.engine.spec.Wilds`, resolved
per player from his deal at the showdown (:func:`positional_card`), added to
the game's wild cards for him alone (:func:`wilds_with`), and shown as a
:class:`~splitpot.engine.events.PlayerWild` event.

Readings:

- ``hole_card`` is the card a player holds face down at the showdown; where he
  holds several, the last one dealt to him (seven-card stud's seventh card).
- ``lowest_hole_card`` is the lowest of his down cards by rank, the ace high
  (the rules, §0: ranks 2 < … < A); its rank is what is wild, so a tie between
  two cards of one rank does not matter.
- ``lowest_card`` (the rules, §5.11: "a player's first, third or lowest
  card") is the lowest of all the cards he holds at the showdown, up and down,
  by rank with the ace high, as ``lowest_hole_card`` reads it; cards in the
  middle (seven-card stud's community card) are everyone's, not his.  In a
  draw game, where every card is down, it is his lowest hole card.
- ``first_card`` and ``third_card`` count the cards dealt to him on the streets,
  face up or down, in the order dealt; cards received in a draw are not "dealt"
  in this sense.  The position fixes the rank: a player who later discards that
  card keeps the rank wild for the cards of it that he holds.  A hand dealt
  fewer than three cards has no third card (the spec refuses the rule there).
- The joker names no rank: where the positional card is the joker the player
  has no wild rank of his own (the joker plays by the game's joker rule), and
  the lowest (hole) card is the lowest natural one.
- Betting order never reads these wild cards (each player's own, secret until
  the showdown); the wild cards everyone shares still count there, beside a
  positional rule too, except in Mexican stud, whose upcards read as natural
  cards (the rules, §5.9; :attr:`~splitpot.engine.spec.GameSpec.natural_upcards`).

>>> from splitpot.cards import parse_cards
>>> cards = lambda text: [int(c) for c in parse_cards(text)]
>>> str(parse_cards([positional_card(PositionalWild.LOWEST_HOLE_CARD, cards("9c 4h Kd"), cards("9c 4h"))])[0])
'4h'
>>> str(parse_cards([positional_card(PositionalWild.LOWEST_CARD, [], cards("Kd"), up=cards("9c 2h Ac"))])[0])
'2h'
>>> positional_card(PositionalWild.THIRD_CARD, cards("9c 4h"), cards("9c")) is None
True
>>> from splitpot.engine.spec import Wilds
>>> wilds_with(Wilds(wild=("2",), positional="hole_card"), 17).wild
('2', '6')
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable, Sequence
from enum import StrEnum, unique
from functools import lru_cache
from typing import TYPE_CHECKING

from splitpot.cards import RANKS
from splitpot.wild import penalty_mask

if TYPE_CHECKING:
    from splitpot.engine.spec import Wilds

__all__ = ["RULE_TEXT", "PositionalWild", "positional_card", "wilds_with"]


@unique
class PositionalWild(StrEnum):
    """Which card of a player's own deal is wild for him, with every card of its rank."""

    HOLE_CARD = "hole_card"
    """His hole card: the card he holds face down (the last one dealt, where he
    holds several); Mexican stud."""
    LOWEST_HOLE_CARD = "lowest_hole_card"
    """His lowest hole card by rank (ace high)."""
    FIRST_CARD = "first_card"
    """The first card dealt to him."""
    THIRD_CARD = "third_card"
    """The third card dealt to him."""
    LOWEST_CARD = "lowest_card"
    """His lowest card by rank (ace high), of all he holds, up and down."""


RULE_TEXT: dict[PositionalWild, str] = {
    PositionalWild.HOLE_CARD: "his hole card",
    PositionalWild.LOWEST_HOLE_CARD: "his lowest hole card",
    PositionalWild.FIRST_CARD: "his first card",
    PositionalWild.THIRD_CARD: "his third card",
    PositionalWild.LOWEST_CARD: "his lowest card",
}
"""How a player reads each rule at the showdown ("4♣ is wild for Bo: his lowest hole card")."""


def positional_card(
    rule: PositionalWild,
    dealt: Sequence[int] | Callable[[], Sequence[int]],
    down: Iterable[int],
    *,
    up: Iterable[int] = (),
) -> int | None:
    """The card that names a player's own wild rank: ``dealt`` are the cards dealt
    to him in order (or a function giving them, called only by the rules that
    count them), ``down`` the cards he holds face down now (in the order he
    received them), ``up`` those he holds face up (read by ``lowest_card``
    alone).  None when there is no such card (or it is the joker)."""
    if rule is PositionalWild.HOLE_CARD:
        hole = [c for c in down if c != 52]
        return hole[-1] if hole else None
    if rule is PositionalWild.LOWEST_HOLE_CARD:
        return min((c for c in down if c != 52), default=None, key=lambda c: c >> 2)
    if rule is PositionalWild.LOWEST_CARD:  # the first lowest, as the lowest hole card: the rank is wild
        held = [*down, *up]
        return min((c for c in held if c != 52), default=None, key=lambda c: c >> 2)
    index = 0 if rule is PositionalWild.FIRST_CARD else 2
    if callable(dealt):
        dealt = dealt()
    if len(dealt) <= index or dealt[index] == 52:
        return None
    return dealt[index]


@lru_cache(maxsize=1024)
def wilds_with(wilds: Wilds, card: int | None) -> Wilds:
    """``wilds`` with the rank of ``card`` wild too (the positional rule resolved);
    ``card`` None: the game's own wild cards only."""
    if card is None:
        return dataclasses.replace(wilds, positional=None)
    rank = RANKS[card >> 2]
    if rank in wilds.wild:
        wild = wilds.wild
    else:
        # A penalty card of his rank never plays as wild (it kills the hand, or may not be played):
        # the rank's other cards are wild for him (the rules refuse a card both wild and penalty).
        penalised = penalty_mask(wilds.penalty) >> (4 * (card >> 2)) & 0xF if wilds.penalty else 0
        own = (rank,) if not penalised else tuple(
            f"{rank}{suit}" for k, suit in enumerate("cdhs") if not penalised >> k & 1)
        wild = (*wilds.wild, *own)
    return dataclasses.replace(wilds, wild=wild, positional=None)
