"""The plain computation of what each wild card stands for: ``splitpot.wild.resolve``
and the reading order of ``splitpot.evaluate._hand`` as they were in Python before the
core took them over (cpp/src/stand_ins.cpp), kept as the reference that
tests/test_stand_ins.py compares the core with. One change since: best-rank wild
cards in a low try every absent rank (the code tried the lowest ``nw + 3``) and never
make a flush (a wild card is any suit), which the code did not know: a hand of five
wild cards in deuce-to-seven was named 6-5-4-3-2, a straight, for the strength of
7-5-4-3-2. And a second: a high straight that holds an ace and a deuce is the wheel, its
ace read last as in a natural wheel (the code read it first: "straight, ace high" for
A-2-3-4 and a wild card).

:func:`read` gives, for the five cards the evaluator played and their strength, the
cards in reading order, the rank each plays as (-1: a zero) and, for each wild card,
the text of what it stands for.
"""

from __future__ import annotations

from collections.abc import Callable

from splitpot import _core
from splitpot.cards import RANKS, SUIT_SYMBOLS

Options = tuple[int, int, int, bool, int, int]
CATEGORIES = {1: "high_card", 2: "pair", 3: "two_pair", 4: "three_of_a_kind", 5: "straight", 6: "flush",
              7: "full_house", 8: "four_of_a_kind", 9: "straight_flush", 10: "five_of_a_kind"}

_ZERO = -1  # a wild card counted as a zero
_STRAIGHTS_FLUSH = frozenset({"straight", "straight_flush", "flush"})


def _low_order(rid: int) -> list[int]:
    return [12, *range(12)] if rid in (2, 3, 4) else list(range(13))


def _suit_for(rank: int, held: set[int], avoid_suit: int | None = None) -> int | None:
    for suit in (3, 2, 1, 0):
        if 4 * rank + suit not in held and suit != avoid_suit:
            held.add(4 * rank + suit)
            return suit
    return None


def _text(rank: int, suit: int | None) -> str:
    if rank == _ZERO:
        return "zero"
    return RANKS[rank] + ("" if suit is None else SUIT_SYMBOLS[suit])


def resolve(
    five: tuple[int, ...],
    rid: int,
    options: Options,
    category: str,
    strength_of: Callable[[list[int]], int],
    target: int,
) -> tuple[list[int], tuple[tuple[int, str], ...]]:
    """Rank values of the five as played (wild cards resolved; _ZERO for a
    zero) and, for each wild card, the text of what it stands for.

    ``strength_of`` is the *natural* strength of five cards: a card put in a
    wild card's place must not count as wild again (a deuce for a deuce)."""
    mask = options[0]
    naturals: list[int] = []
    wilds: list[int] = []
    for c in five:  # one pass: the showdown of a wild game reads every hand shown
        (naturals if c != 52 and not mask >> c & 1 else wilds).append(c)
    nat_ranks = [c >> 2 for c in naturals]
    if not wilds:
        return nat_ranks, ()
    held = set(naturals)
    values: list[int] = list(nat_ranks)
    subs: list[tuple[int, str]] = []

    def fill(card: int, rank: int, suit: int | None) -> None:
        values.append(rank)
        subs.append((card, _text(rank, suit)))

    if 52 in wilds and options[1] == 0:  # the joker as the bug
        bug, fully = [52], [c for c in wilds if c != 52]
    else:
        bug, fully = [], wilds
    if rid == 0:
        one_suit = None
        if category in _STRAIGHTS_FLUSH:  # the suits matter there only
            suits = {c & 3 for c in naturals}
            one_suit = suits.pop() if len(suits) == 1 else None
        if category in ("straight", "straight_flush"):
            present = set(nat_ranks)
            for top in range(12, 2, -1):
                ranks = {12, 0, 1, 2, 3} if top == 3 else set(range(top - 4, top + 1))
                if present <= ranks:
                    missing = sorted(ranks - present, reverse=True)
                    for card, rank in zip(wilds, missing, strict=False):
                        suit = one_suit if category == "straight_flush" else _suit_for(rank, held)
                        fill(card, rank, suit)
                    break
        elif category == "flush" and one_suit is not None:
            absent = [r for r in range(12, -1, -1) if r not in nat_ranks]
            for card in wilds:
                rank = 12 if options[3] else absent.pop(0)
                fill(card, rank, one_suit)
        else:  # the bug is an ace; the other wild cards join the biggest group of the naturals
            # and the bug's aces (the highest among equals; none: aces)
            counted = nat_ranks + [12] * len(bug)
            # the first of the most common ranks from the top (max keeps the first of equals)
            group = max(sorted(counted, reverse=True), key=counted.count) if counted else 12
            for card in bug:
                fill(card, 12, _suit_for(12, held))
            for card in fully:
                fill(card, group, _suit_for(group, held))
        return values, tuple(subs)

    order = _low_order(rid)
    if options[2] == 0:  # zero
        for card in fully:
            fill(card, _ZERO, None)
    elif options[2] == 2:  # best-rank: the first choice that gives the hand's strength
        from itertools import combinations

        absent = [r for r in order if r not in nat_ranks]  # all of them: no window
        for pick in combinations(absent, len(wilds)):
            trial = list(naturals)
            for rank in pick:
                trial.append(4 * rank + (_suit_for(rank, set(trial)) or 0))
            if len(trial) == 5 and len({c & 3 for c in trial}) == 1:  # a wild card is any suit: no flush
                rank = trial[-1] >> 2
                trial[-1] = 4 * rank + next(s for s in range(4) if s != trial[0] & 3)
            if strength_of(trial) == target:
                for card, rank in zip(wilds, pick, strict=True):
                    fill(card, rank, None)
                return values, tuple(subs)
        bug, fully = wilds, []
    else:
        bug = wilds  # lowest-absent: every wild card as the bug
    for card in bug:
        rank = next(r for r in order if r not in values)
        fill(card, rank, None)
    return values, tuple(subs)


# the reading order of a rank value (index -1: a wild card counted as a zero, read last)
_ACES_HIGH_ORDER = (*range(13), -1)
_ACES_LOW_ORDER = (*range(1, 13), 0, -2)


def read(
    s: int, rid: int, played: tuple[int, ...], options: Options
) -> tuple[tuple[int, ...], tuple[int, ...], tuple[tuple[int, str], ...]]:
    """(cards in reading order, their ranks as played, (wild card, text) each)."""
    category = CATEGORIES[_core.tier_categories(rid)[(s >> 12) & 15]]
    values, subs = resolve(played, rid, options, category, lambda five: _core.strength(five, rid), s)
    sub_cards = [c for c, _ in subs]
    key = dict(zip([c for c in played if c not in sub_cards] + sub_cards, values, strict=True))
    order = _ACES_LOW_ORDER if rid in (2, 3, 4) else _ACES_HIGH_ORDER
    if order is _ACES_HIGH_ORDER and category in ("straight", "straight_flush") and {0, 12} <= set(values):
        order = (*range(13)[:-1], -1, -1)  # the wheel: its ace below the deuce
    sort_key = {c: (values.count(v) if v != -1 else 0, order[v], c) for c, v in key.items()}
    ordered = tuple(sorted(played, key=sort_key.__getitem__, reverse=True))
    return ordered, tuple([key[c] for c in ordered]), subs
