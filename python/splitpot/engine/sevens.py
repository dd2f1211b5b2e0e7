"""The sevens rule of California lowball (the rules, §5.6).

A player who checks a seven-high or better after the draw (he should have bet
it) is not to profit from the bets made after his check.  Three settings:

- ``lose-all`` (the rules' default when the rule is on): if he loses he loses
  everything, as anyone does; if he wins, the chips put in after his check go
  back to the players who put them in ("the player who bet takes his bet back")
  and he wins the pot as it stood when he checked;
- ``forfeit-pot``: he forfeits the pot: it goes to the best hand among the
  other players (he wins a pot only where every hand that could win it checked
  a seven or better), whether or not anyone bet after his check;
- ``off``: no rule.

Every check after the draw is made before the first bet of that round (once
there is a bet nobody can check), so "the pot as it stood when he checked" is
the pot when the last betting round began.  Readings: the chips put in after
the check form pots of their own (side pots by the same rules); one that a
checker of a seven or better would win goes back to those who put it in,
whoever else tied it; one that another player wins is his.

>>> pots, back = sevens_pots(committed=[13, 13], post=[10, 10], active=[0, 1],
...                          penalised={0}, wins=lambda pot: [0])
>>> [(p.amount, p.eligible) for p in pots], [(s.seat, s.amount, str(s.side)) for s in back]
([(6, (0, 1))], [(0, 10, 'returned'), (1, 10, 'returned')])
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Collection, Mapping, Sequence
from enum import StrEnum, unique
from typing import TYPE_CHECKING

from splitpot.engine import events as ev
from splitpot.engine.pots import Pot, Share, Side, side_pots
from splitpot.evaluate import Category, evaluate

if TYPE_CHECKING:
    from splitpot.engine.state import State

__all__ = ["Sevens", "after_the_draw", "forfeit", "penalised", "seven_high_or_better", "sevens_pots"]


@unique
class Sevens(StrEnum):
    """The sevens rule: what a player who checked a seven-high or better after the draw risks."""

    OFF = "off"
    """No sevens rule."""
    LOSE_ALL = "lose-all"
    """If he loses, he loses everything; if he wins, the bets made after his check go
    back and he wins the pot as it stood when he checked."""
    FORFEIT_POT = "forfeit-pot"
    """He forfeits the pot to the best of the other hands."""


_THRESHOLDS: dict[str, int] = {}


def _seven_threshold(ranking: str) -> int:
    """The strength of the worst seven-high low under ``ranking`` (no pair, and
    no straight or flush where they count)."""
    value = _THRESHOLDS.get(ranking)
    if value is None:
        below = [0, 1, 2, 3, 4] if ranking == "deuce-to-seven" else [12, 0, 1, 2, 3, 4]  # A?, 2..6
        strengths = []
        for low in itertools.combinations(below, 4):
            cards = [4 * 5, *(4 * r + (i % 3) + 1 for i, r in enumerate(low))]  # the seven and four
            hand = evaluate(cards, ranking)
            if hand is not None and hand.category is Category.HIGH_CARD:
                strengths.append(hand.strength)
        value = _THRESHOLDS[ranking] = min(strengths)
    return value


def seven_high_or_better(strength: int, ranking: str) -> bool:
    """Whether a low of ``strength`` is a seven-high or better under ``ranking``.

    >>> from splitpot.evaluate import strength
    >>> seven_high_or_better(strength("7c 6d 5h 4s 3c", "ace-to-five"), "ace-to-five")
    True
    >>> seven_high_or_better(strength("8c 4d 3h 2s Ac", "ace-to-five"), "ace-to-five")
    False
    """
    return strength >= _seven_threshold(ranking)


def after_the_draw(state: State) -> tuple[set[int], list[int]]:
    """The seats that checked in the betting round after the last draw, and the
    chips each seat put in during that round (less an uncalled bet returned)."""
    events = state.events
    start = len(events)
    for i in range(len(events) - 1, -1, -1):
        if isinstance(events[i], ev.Drew):
            start = i + 1
            break
    checked: set[int] = set()
    post = [0] * state.seats
    for event in events[start:]:
        if isinstance(event, ev.Checked):
            checked.add(event.seat)
        elif isinstance(event, (ev.BetMade, ev.Raised, ev.Called, ev.Completed)):
            post[event.seat] += event.amount
        elif isinstance(event, ev.BetReturned):
            post[event.seat] -= event.amount
    return checked, post


def penalised(state: State, low: Mapping[int, int]) -> set[int]:
    """The active seats that checked a seven-high or better after the draw."""
    ranking = state.spec.low
    if ranking is None:
        return set()
    checked, _ = after_the_draw(state)
    return {s for s in checked if low.get(s, 0) and seven_high_or_better(low[s], ranking)}


def _layers(amounts: Sequence[int], active: Collection[int]) -> list[list[int]]:
    """Each seat's chips in each pot of :func:`~splitpot.engine.pots.side_pots`."""
    levels = sorted({amounts[s] for s in active if amounts[s] > 0})
    out: list[list[int]] = []
    previous = 0
    for level in levels:
        out.append([min(a, level) - min(a, previous) for a in amounts])
        previous = level
    rest = [a - min(a, previous) for a in amounts]
    if any(rest):
        if out:
            out[-1] = [x + y for x, y in zip(out[-1], rest, strict=True)]
        else:
            out.append(rest)
    return out


def forfeit(low: Mapping[int, int], penalised: Collection[int]) -> dict[int, int]:
    """Low strengths where every penalised hand ranks below every other live hand
    (``forfeit-pot``): it wins only a pot that no other hand can.

    >>> forfeit({0: 900, 1: 500, 2: 0}, {0})
    {0: 900, 1: 1401, 2: 0}
    """
    lift = max(low.values(), default=0) + 1
    return {s: v + lift if v and s not in penalised else v for s, v in low.items()}


def sevens_pots(
    *,
    committed: Sequence[int],
    post: Sequence[int],
    active: Sequence[int],
    penalised: Collection[int],
    wins: Callable[[Pot], list[int]],
) -> tuple[list[Pot], list[Share]]:
    """The pots to award by the cards under ``lose-all``, and the chips returned.
    ``post`` are the chips put in after the checks, ``penalised`` the seats that
    checked a seven or better, ``wins(pot)`` the seats that would win a pot by
    the cards.  A pot of chips bet after the checks that a penalised seat would
    win goes back to those who put it in; when none does, the pots are the usual
    ones."""
    pre = [c - p for c, p in zip(committed, post, strict=True)]
    pots = side_pots(pre, active)
    returned: dict[tuple[int, int], int] = {}  # (pot index, seat): chips, the layers of one seat summed
    for pot, layer in zip(side_pots(post, active), _layers(post, active), strict=True):
        if any(w in penalised for w in wins(pot)):
            for seat, amount in enumerate(layer):
                if amount:
                    returned[len(pots), seat] = returned.get((len(pots), seat), 0) + amount
        else:
            pots.append(pot)
    if not returned:
        return side_pots(committed, active), []
    return pots, [Share(index, seat, amount, Side.RETURNED) for (index, seat), amount in returned.items()]
