"""An independent award of a finished seven-card stud or stud-8 hand, from the
rules (docs/rules.md, §4) and the plain brute-force evaluator in ``reference``:
the chips each seat put in (from the hand's events), who folded and the
cards held.  It reuses nothing of splitpot's pot or showdown code.

- pots are layered by the all-in levels; a pot goes to the players still in
  who paid up to its level;
- stud 8: half to the best high, half to the best eight-or-better low, the
  odd chip to high; no qualifying low: high takes all;
- tied hands split; odd chips one at a time to the tied hand whose five
  played cards hold the highest card (rank, then suit), for a low the lowest
  card (ace low, then suit), each player playing his most favourable five.

It also names the hands where pokerkit departs from those rules
(:func:`departures`).
"""

from __future__ import annotations

from collections.abc import Sequence

import reference as ref
from splitpot.engine import events as ev
from splitpot.engine.state import State

_PAID = (ev.AntePosted, ev.BringInPosted, ev.Called, ev.BetMade, ev.Raised, ev.Completed)

__all__ = ["contributions", "departures", "independent_stacks", "pots"]


def contributions(state: State) -> list[int]:
    """Chips each seat left in the middle: forced bets and bets, less bets returned."""
    paid = [0] * state.seats
    for event in state.events:
        if isinstance(event, _PAID):
            paid[event.seat] += event.amount
        elif isinstance(event, ev.BetReturned):
            paid[event.seat] -= event.amount
    return paid


def pots(paid: Sequence[int], live: set[int]) -> list[tuple[int, list[int]]]:
    """(amount, eligible seats) for each pot, main pot first."""
    levels = sorted({paid[s] for s in live})
    out: list[tuple[int, list[int]]] = []
    floor = 0
    for level in levels:
        amount = sum(max(0, min(p, level) - floor) for p in paid)
        eligible = [s for s in live if paid[s] >= level]
        if amount:
            if out and out[-1][1] == eligible:  # pragma: no cover - levels are distinct
                out[-1] = (out[-1][0] + amount, eligible)
            else:
                out.append((amount, eligible))
        floor = level
    rest = sum(max(0, p - floor) for p in paid)  # folded chips above every live level
    if rest and out:
        out[-1] = (out[-1][0] + rest, out[-1][1])
    return out


def _best(cards: Sequence[int], ranking: str) -> tuple[ref.Key | None, list[tuple[int, ...]]]:
    return ref.best_five(cards, ranking)


def _low_value(card: int) -> tuple[int, int]:
    rank = card >> 2
    return ((rank + 1) % 13, card & 3)  # ace low, then suit (clubs lowest)


def _split(amount: int, seats: list[int], chip_key: dict[int, tuple[int, ...]]) -> dict[int, int]:
    each, odd = divmod(amount, len(seats))
    order = sorted(seats, key=chip_key.__getitem__)
    return {s: each + (1 if i < odd else 0) for i, s in enumerate(order)}


def independent_stacks(state: State) -> list[int]:
    """The final stacks the rules give for ``state``'s hand, computed afresh."""
    paid = contributions(state)
    live = {s for s in range(state.seats) if state.in_hand[s] and not state.folded[s]}
    stacks = [state.starting_stacks[s] - paid[s] for s in range(state.seats)]
    split = state.spec.low is not None
    cards = {s: state.cards(s) + list(state.community) for s in live}
    high = {s: _best(cards[s], "high") for s in live} if len(live) > 1 else {}
    low = {s: _best(cards[s], "eight-or-better") for s in live} if split and len(live) > 1 else {}
    for amount, eligible in pots(paid, live):
        if len(eligible) == 1:
            stacks[eligible[0]] += amount
            continue
        top = max(high[s][0] for s in eligible)  # type: ignore[type-var]
        highs = [s for s in eligible if high[s][0] == top]
        # the odd chip: the highest card of his most favourable five (descending)
        high_key = {s: (-max(max(f) for f in high[s][1]),) for s in highs}
        lows: list[int] = []
        if split:
            keys = [low[s][0] for s in eligible if low[s][0] is not None]
            if keys:
                best = max(keys)  # type: ignore[type-var]
                lows = [s for s in eligible if low[s][0] == best]
        if not lows:
            for s, won in _split(amount, highs, high_key).items():
                stacks[s] += won
            continue
        low_key = {s: min(min(_low_value(c) for c in f) for f in low[s][1]) for s in lows}
        half = amount // 2
        for s, won in _split(amount - half, highs, high_key).items():
            stacks[s] += won
        for s, won in _split(half, lows, low_key).items():  # type: ignore[arg-type]
            stacks[s] += won
    return stacks


def departures(state: State) -> set[str]:
    """The rules of this hand where pokerkit is known to depart, found from the
    hand itself (not from pokerkit's answer):

    - ``odd_chip_tie``: a pot side split among tied hands with chips left over
      (pokerkit gives them to the first tied player in seat order);
    - ``side_pot_low``: stud 8 with more than one contested pot and a low
      qualifying in one of them (pokerkit splits a pot's low half among all its
      players when none of them has a low, and merges pots whose contenders are
      the same after it kills the hands that cannot win, which moves the odd
      chips the rules give each pot's high half);
    - ``short_all_in``: a bet, raise or completion all in for less than a full
      bet followed by a raise in the same round (pokerkit makes the next raise
      go to the all-in amount plus a full bet; the rules let it complete the
      last full level plus one bet when the all-in was less than half a bet,
      and do not reopen the betting for those who already acted).
    """
    found: set[str] = set()
    paid = contributions(state)
    live = {s for s in range(state.seats) if state.in_hand[s] and not state.folded[s]}
    split = state.spec.low is not None
    if len(live) > 1:
        cards = {s: state.cards(s) + list(state.community) for s in live}
        layers = pots(paid, live)
        low_in: list[bool] = []  # per contested pot: does a low qualify among its players
        for amount, eligible in layers:
            if len(eligible) < 2:
                continue
            top = max(_best(cards[s], "high")[0] for s in eligible)  # type: ignore[type-var]
            highs = [s for s in eligible if _best(cards[s], "high")[0] == top]
            lows: list[int] = []
            if split:
                keys = {s: _best(cards[s], "eight-or-better")[0] for s in eligible}
                if any(k is not None for k in keys.values()):
                    best = max(k for k in keys.values() if k is not None)
                    lows = [s for s, k in keys.items() if k == best]
            sides = [(amount - amount // 2, highs), (amount // 2, lows)] if lows else [(amount, highs)]
            if any(len(w) > 1 and chips % len(w) for chips, w in sides):
                found.add("odd_chip_tie")
            low_in.append(bool(lows))
        if split and len(low_in) > 1 and any(low_in):
            found.add("side_pot_low")
    stakes = state.spec.stakes
    short = False
    level = 0
    size = stakes.small_bet
    for event in state.events:
        if isinstance(event, ev.StreetStarted):
            short, level = False, 0
            size = stakes.big_bet if state.spec.streets[event.street].big_bet else stakes.small_bet
        elif isinstance(event, ev.BringInPosted):
            level = event.amount
        elif isinstance(event, (ev.BetMade, ev.Raised, ev.Completed)):
            if short:
                found.add("short_all_in")
            base = 0 if isinstance(event, ev.Completed) else level
            if event.to - base < size:
                short = True  # only an all-in falls short of a full bet
            level = event.to
    return found


def pokerkit_departures(operations: object, *, small_bet: int, big_bet: int) -> set[str]:
    """:func:`departures` found in a hand pokerkit played (its ``State.operations``):
    ``short_all_in`` (pokerkit's raise over a short all-in goes to the all-in plus
    a full bet, and reopens the betting)."""
    found: set[str] = set()
    street, dealing, level, short = -1, False, 0, False
    for op in operations:  # type: ignore[attr-defined]
        name = type(op).__name__
        if name == "HoleDealing":
            if not dealing:
                street, level, short, dealing = street + 1, 0, False, True
            continue
        dealing = False
        size = small_bet if street < 2 else big_bet
        if name == "BringInPosting":
            level = op.amount
        elif name == "CompletionBettingOrRaisingTo":
            if short:
                found.add("short_all_in")
            base = level if level >= size else 0
            if op.amount - base < size:
                short = True
            level = op.amount
    return found
