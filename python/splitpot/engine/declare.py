"""Declarations (the rules, §4): high, low or both, and how a declared pot is won.

Readings: ``both`` may be declared only where the spec allows it
(``GameSpec.declare_both``: by default with simultaneous declarations, the blue
chip, and not in turn, where in the classic rules the players say ``high`` or
``low`` aloud: the rules reference, docs/rules.md, §4);
every swing who fails in one pass is removed at once before the pot is resolved
again; each pot (main and side) is resolved on its own among its eligible
players; when nobody wins as declared the pot is split equally among the
players eligible for it, not among everyone still in.

>>> from splitpot.engine.pots import Pot
>>> pot = Pot(amount=9, eligible=(0, 1, 2))
>>> decl = {0: Declaration.HIGH, 1: Declaration.LOW, 2: Declaration.BOTH}
>>> out = resolve_declared(0, pot, decl, high={0: 5, 1: 1, 2: 9}, low={0: 1, 1: 4, 2: 3},
...                        priority=lambda seats, side: seats)
>>> out.forfeited, [(s.seat, s.amount, str(s.side)) for s in out.shares]
((2,), [(0, 5, 'high'), (1, 4, 'low')])
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum, unique

from splitpot.engine.pots import Pot, Priority, Share, Side, best, divide

__all__ = ["MARKERS", "Declaration", "Resolution", "resolve_declared"]


@unique
class Declaration(StrEnum):
    """What a player declares for after the last betting round."""

    HIGH = "high"
    """Competes for the high half only (red marker)."""
    LOW = "low"
    """Competes for the low half only (white marker)."""
    BOTH = "both"
    """Swing: must win both halves outright, or forfeits his claim (blue marker)."""


MARKERS: dict[str, Declaration] = {
    "red": Declaration.HIGH,
    "white": Declaration.LOW,
    "blue": Declaration.BOTH,
}
"""Simultaneous-declaration marker colours."""


@dataclass(frozen=True, slots=True)
class Resolution:
    """The shares of one declared pot and the swing declarers who forfeited it."""

    shares: tuple[Share, ...]
    forfeited: tuple[int, ...]


def resolve_declared(
    index: int,
    pot: Pot,
    declared: Mapping[int, Declaration],
    *,
    high: Mapping[int, int],
    low: Mapping[int, int],
    priority: Priority,
    tie_keeps_half: bool = False,
) -> Resolution:
    """Award one pot among declarers (each pot is resolved on its own).

    High goes to the best high among high and both declarers, low likewise
    (a low strength of 0 never wins).  A side nobody declared gives the other
    side the whole pot.  A both declarer who loses or ties a side forfeits and
    the pot is resolved again without him; with ``tie_keeps_half`` a swing who
    wins one side outright and ties the other keeps the half he won and leaves
    the tied half to the others who tied.  If nobody wins as declared the pot is
    split equally among the pot's players.

    >>> pot = Pot(amount=10, eligible=(0, 1))
    >>> both = {0: Declaration.BOTH, 1: Declaration.BOTH}
    >>> out = resolve_declared(0, pot, both, high={0: 5, 1: 5}, low={0: 2, 1: 1},
    ...                        priority=lambda seats, side: seats)
    >>> out.forfeited, [(s.seat, s.amount, str(s.side)) for s in out.shares]
    ((0, 1), [(0, 5, 'equal'), (1, 5, 'equal')])
    """
    players = list(pot.eligible)
    if len(players) == 1:
        return Resolution((Share(index, players[0], pot.amount, Side.UNCONTESTED),), ())
    contenders = list(players)
    forfeited: list[int] = []
    while True:
        highs = best([s for s in contenders if declared[s] is not Declaration.LOW], high, qualify=True)
        lows = best([s for s in contenders if declared[s] is not Declaration.HIGH], low, qualify=True)
        failed: list[int] = []
        kept: dict[int, Side] = {}
        for seat in contenders:
            if declared[seat] is not Declaration.BOTH:
                continue
            won_high, won_low = highs == [seat], lows == [seat]
            if won_high and won_low:
                continue
            if seat in highs and seat in lows and tie_keeps_half and (won_high or won_low):
                kept[seat] = Side.HIGH if won_high else Side.LOW
            else:
                failed.append(seat)
        if not failed:
            break
        forfeited.extend(failed)
        contenders = [s for s in contenders if s not in failed]
    if not highs and not lows:
        shares = divide(index, pot.amount, priority(players, Side.EQUAL), Side.EQUAL)
        return Resolution(tuple(shares), tuple(forfeited))
    if not lows or not highs:
        winners, side = (highs, Side.HIGH) if highs else (lows, Side.LOW)
        shares = divide(index, pot.amount, priority(winners, side), Side.POT, str(side))
        return Resolution(tuple(shares), tuple(forfeited))
    for seat, side in kept.items():
        # The swing keeps the half he won outright; the tied half goes to the others.
        if side is Side.HIGH:
            lows = [s for s in lows if s != seat]
        else:
            highs = [s for s in highs if s != seat]
    shares = divide(index, (pot.amount + 1) // 2, priority(highs, Side.HIGH), Side.HIGH, "high")
    shares += divide(index, pot.amount // 2, priority(lows, Side.LOW), Side.LOW, "low")
    return Resolution(tuple(shares), tuple(forfeited))
