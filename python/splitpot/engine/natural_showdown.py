"""The showdown's common case in the fewest steps: natural hands under one ranking.

:func:`splitpot.engine.showdown.settle` hands a showdown here when the game's
is plain (:func:`plain_ranking`): nothing wild and no penalty card (a joker
plays as the bug), one ranking (high, or a low without a qualifier), cards
speak, no sevens rule, no hand dead by its card count, and, for the hand
itself, no paid draws.  Each hand is evaluated once, by the
core, and named once from its strength (``splitpot.evaluate._natural_named``);
the pots are awarded from the strengths alone.  The events and the chips are
those the general path gives: the tests compare the two at every showdown of
random play of every game (tests/engine/test_natural_showdown.py).

A hand the shortcut does not read (a joker played, fewer than five cards, a
strength of 0), or, where odd chips go by suit, hands tied for a pot (the suits
of their cards order them) send the whole showdown back to the general path
before anything is changed.

>>> from splitpot.games import get_game
>>> plain_ranking(get_game("jackpots")), plain_ranking(get_game("seven-card-stud-8"))
(0, None)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from splitpot.engine import events as ev
from splitpot.engine.order import showdown_order
from splitpot.engine.pots import side_pots, split_chips
from splitpot.engine.sevens import Sevens
from splitpot.engine.spec import DeclareMode, GameSpec, OddChip
from splitpot.evaluate import _natural_named, _ranking_id

if TYPE_CHECKING:
    from splitpot.engine.state import State

__all__ = ["plain_ranking", "settle_natural"]

_SHOWN, _AWARDED = ev.maker(ev.CardsShown), ev.maker(ev.PotAwarded)
_PLAIN: dict[int, tuple[GameSpec, int | None]] = {}
"""``plain_ranking``'s answers by the spec's id (the entry holds the spec, so the id stays its own)."""


def plain_ranking(spec: GameSpec) -> int | None:
    """The core's id of the one ranking ``spec``'s showdown plays when this
    module can settle it (see the module docstring), else None.  Asked once per spec."""
    made = _PLAIN.get(id(spec))
    if made is None or made[0] is not spec:
        if len(_PLAIN) >= 256:
            _PLAIN.clear()
        made = _PLAIN[id(spec)] = (spec, _plain(spec))
    return made[1]


def _plain(spec: GameSpec) -> int | None:
    ranking = spec.high if spec.low is None else spec.low if spec.high is None else None
    if (
        ranking is None
        or spec.hand_size == 2
        or not spec.wilds.natural
        or spec.declare is not DeclareMode.NONE
        or spec.low_qualifier is not None
        or (spec.low is not None and spec.sevens is not Sevens.OFF)
        or (spec.draws is not None and spec.draws.as_asked)
    ):
        return None
    return _ranking_id(ranking)


def settle_natural(state: State, rid: int) -> list[ev.Event] | None:
    """Show the hands still in (two or more), award every pot and move the chips;
    return the events, or None (nothing changed) for a hand this path does not read."""
    active = state.active  # dealer's left first: the order odd chips are given
    down, up, community = state.down, state.up, state.community
    named = _natural_named
    strength: dict[int, int] = {}
    name: dict[int, str] = {}
    out: list[ev.Event] = []
    high = rid == 0
    for seat in showdown_order(state.events, active, state.button, state.seats):  # as the rules show them
        own = down[seat] + up[seat]
        hand = named(own + community if community else own, rid)
        if hand is None:
            return None
        strength[seat], name[seat] = hand
        text = hand[1]
        out.append(_SHOWN(seat, tuple(own), text, None) if high else _SHOWN(seat, tuple(own), None, text))
    by_position = state.spec.odd_chip is OddChip.BY_POSITION
    awards: list[tuple[int, int, int, str, str]] = []  # pot, seat, chips, side, hand: all known first
    for index, pot in enumerate(side_pots(state.committed, active)):
        eligible = pot.eligible
        if len(eligible) == 1:
            awards.append((index, eligible[0], pot.amount, "uncontested", ""))
            continue
        top = max([strength[s] for s in eligible])
        winners = [s for s in active if strength[s] == top and s in eligible]
        if len(winners) > 1 and not by_position:  # tied: the suits of the cards order them
            return None
        awards += [(index, seat, chips, "pot", name[seat])
                   for seat, chips in zip(winners, split_chips(pot.amount, len(winners)), strict=True)]
    stacks = state.stacks
    for index, seat, amount, side, text in awards:
        if amount:
            stacks[seat] += amount
            out.append(_AWARDED(index, seat, amount, side, text))
    state.committed[:] = [0] * state.seats
    return out
