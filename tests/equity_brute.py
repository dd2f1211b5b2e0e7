"""A plain brute-force equity calculator for the tests of ``splitpot.equity``.

Written from the rules, independently of the C++ counting and enumeration:
every way of dealing each player's missing cards (``itertools.combinations``,
player by player; a player with a range takes each of its members in turn,
weighted), each final hand scored with :func:`splitpot.strength` (wild
options passed through; Mexican stud: the first card is the hole card, its
rank wild, and for a range its first hidden card) or, with
``reference=True``, with the plain-Python substitution search of
``wild_reference.py`` (nothing of splitpot's evaluator), each outcome
settled with exact fractions. Slow, so only for small spots.

``positional="lowest_card"``: each player's lowest card of his own (up and
down, by rank with the ace high; the joker names nothing; a card in the middle
is everyone's, not his) and every card of its rank are wild for him (the rules,
§2 and §5.11). It reads no order, so the combinations dealt are enough (the
rules that name a place dealt are checked by the ordered brute force of
``test_equity_positional.py``).

Settling follows the rules (§4): each side to its best live hand (a strength
of 0, or no reference key, is no qualifying low or a dead hand and never
wins); with no winner of either side the pot is split equally, counted as a
tie of the game's first side (equity's reading).
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

import wild_reference
from splitpot import parse_cards, strength
from splitpot.cards import RANKS

# game -> (high side?, low ranking or None, cards in a final hand)
SIDES: dict[str, tuple[bool, str | None, int]] = {
    "seven-card-stud": (True, None, 7),
    "seven-card-stud-8": (True, "eight-or-better", 7),
    "seven-card-stud-high-low": (True, "deuce-to-seven", 7),
    "lowball": (False, "ace-to-five", 5),
    "deuce-to-seven": (False, "deuce-to-seven", 5),
    "jackpots": (True, None, 5),
    "five-card-stud": (True, None, 5),
    "mexican-stud": (True, None, 5),
}

FIELDS = ("high_win", "high_tie", "low_win", "low_tie", "scoop", "share")


@dataclass
class Brute:
    """Weighted counts of outcomes per player (``share`` in pots, as a Fraction)."""

    outcomes: Fraction = Fraction(0)
    counts: list[dict[str, Fraction]] = field(default_factory=list)

    def fraction(self, player: int, name: str) -> Fraction:
        return self.counts[player][name] / self.outcomes


JOKER = 52
# ace-to-five reads the ace low: the bug becomes the lowest rank the hand lacks, ace first.
_BUG_ORDER = (12, *range(12))


def bug_strength(cards: list[int], ranking: str) -> int:
    """The strength of a lowball hand holding the joker as the bug (the rules, §2),
    read as the natural hand with the bug replaced by the lowest missing rank."""
    assert ranking == "ace-to-five"
    natural = [c for c in cards if c != JOKER]
    held = {c // 4 for c in natural}
    rank = next(r for r in _BUG_ORDER if r not in held)
    return strength([*natural, 4 * rank], ranking)  # suits don't count in ace-to-five


Members = Sequence[tuple[Sequence[int], int]]
"""A range for the brute force: (hidden cards, integer weight) per member."""


def brute_equity(
    game: str,
    hands: Sequence[str],
    dead: str = "",
    low: str | None = None,
    joker: str | None = None,
    wild: str | None = None,
    ranges: Sequence[Members | None] | None = None,
    *,
    wild_low: str = "zero",
    penalty: str | Sequence[str] | None = None,
    penalty_rule: str = "dead-hand",
    reference: bool = False,
    positional: str | None = None,
    _middle: int | None = None,
    qualifier: int = 8,
) -> Brute:
    """``qualifier`` (seven-card-stud-8): another than 8 plays the low ace-to-five,
    a low counting only where the hand can make five different values of at most
    the qualifier (the ace 1), each wild card or joker one more value (a zero, or a
    rank of its own: with fewer than five held, some rank up to it is absent)."""
    assert positional in (None, "lowest_card"), "the brute force reads no order of the cards dealt"
    high, low_ranking, size = SIDES[game]
    if game in ("seven-card-stud-high-low", "five-card-stud", "mexican-stud") and low is not None:
        low_ranking = low
    if qualifier != 8:
        assert game == "seven-card-stud-8"
        low_ranking = "ace-to-five"
    known = [[int(c) for c in parse_cards(h)] for h in hands]
    n = len(hands)
    options = [list(r) if r else [((), 1)] for r in (ranges or [None] * n)]
    hides_hole = [game == "mexican-stud" and r is not None for r in (ranges or [None] * n)]
    out = {c for h in known for c in h} | {int(c) for c in parse_cards(dead)}
    deck = [c for c in range(53 if joker else 52) if c not in out]
    needed = sum(size - len(k) for k in known)
    if needed > len(deck) and size == 7:
        # the rules, section 5.1: one card in the middle for everyone, each in turn
        total = Brute(counts=[dict.fromkeys(FIELDS, Fraction(0)) for _ in range(n)])
        for c in deck:
            text = parse_cards([c])[0]
            part = brute_equity(
                game, [f"{h} {text}" for h in hands], dead, low, joker, wild, ranges,
                wild_low=wild_low, penalty=penalty, penalty_rule=penalty_rule, reference=reference,
                positional=positional, _middle=c, qualifier=qualifier,
            )
            total.outcomes += part.outcomes
            for i in range(n):
                for name in FIELDS:
                    total.counts[i][name] += part.counts[i][name]
        return total
    result = Brute(counts=[dict.fromkeys(FIELDS, Fraction(0)) for _ in range(n)])
    cache: dict[tuple[int, tuple[int, ...]], tuple[Any, Any]] = {}
    penalty_cards = frozenset(  # ranks ("7": every seven) or cards
        c for token in (penalty.split() if isinstance(penalty, str) else penalty or ())
        for c in (
            [4 * RANKS.index(token) + s for s in range(4)] if token in RANKS else [int(parse_cards(token)[0])]
        )
    )

    def own_rank(cards: list[int]) -> int | None:
        """positional='lowest_card': the rank of his lowest natural card (ace high), not the middle one."""
        if positional is None:
            return None
        ranks = [c // 4 for c in cards if c != JOKER and c != _middle]
        return min(ranks) if ranks else None

    def by_reference(cards: list[int], ranking: str) -> tuple[int, ...]:
        ranks = {RANKS.index(r) for r in (wild or "").split()}
        if game == "mexican-stud" and cards[0] != JOKER:
            ranks.add(cards[0] // 4)
        if own_rank(cards) is not None:
            ranks.add(own_rank(cards))
        opts = wild_reference.Options(
            ranking=ranking, wild_ranks=frozenset(ranks), joker=joker or "bug", wild_low=wild_low,
            penalty=penalty_cards, penalty_rule=penalty_rule,
        )
        return wild_reference.best_key(cards, opts) or ()  # (): no low, or a dead hand

    def evaluate(cards: list[int], ranking: str) -> Any:
        if reference:
            return by_reference(cards, ranking)
        extra: dict[str, Any] = {}
        if ranking != "high" and wild_low != "zero":
            extra["wild_low"] = wild_low
        if penalty:
            extra |= {"penalty": penalty, "penalty_rule": penalty_rule}
        if wild:
            extra["wild"] = wild
        if game == "mexican-stud" and cards[0] != JOKER:
            extra["wild"] = [*(extra.get("wild") or []), RANKS[cards[0] // 4]]
        rank = own_rank(cards)
        if rank is not None:  # his own wild rank, less the penalty cards of it (never wild)
            own = [4 * rank + k for k in range(4) if 4 * rank + k not in penalty_cards]
            named = extra.get("wild") or []
            named = named.split() if isinstance(named, str) else named
            extra["wild"] = [*named, *map(str, parse_cards(own))]
        if JOKER in cards:
            if ranking == "ace-to-five" and joker == "bug" and not wild and rank is None:
                return bug_strength(cards, ranking)
            extra["joker"] = joker
        return strength(cards, ranking, **extra)

    def qualifies(cards: list[int]) -> bool:
        wild_ranks = {RANKS.index(r) for r in (wild or "").split()}
        values, wilds = set(), 0
        for c in cards:
            if penalty_rule == "void-card" and c in penalty_cards:
                continue  # not played
            if c == JOKER or c // 4 in wild_ranks:
                wilds += 1
            elif (value := 1 if c // 4 == 12 else c // 4 + 2) <= qualifier:
                values.add(value)
        return len(values) + wilds >= 5

    def score(player: int, cards: tuple[int, ...]) -> tuple[Any, Any]:
        got = cache.get((player, cards))
        if got is None:
            # Mexican stud: a range hides the hole card (its first hidden card), its known cards are up
            full = list(cards) + known[player] if hides_hole[player] else known[player] + list(cards)
            hi = evaluate(full, "high") if high else 0
            lo = evaluate(full, low_ranking) if low_ranking else 0
            if qualifier != 8 and not qualifies(full):
                lo = () if reference else 0
            got = cache[(player, cards)] = (hi, lo)
        return got

    def settle(scores: list[tuple[Any, Any]], weight: int) -> None:
        result.outcomes += weight
        best_hi = max(s[0] for s in scores)
        best_lo = max(s[1] for s in scores)
        # a strength of 0 (a key of ()): no qualifying low, or a dead hand; it never wins
        hi_winners = [i for i in range(n) if high and best_hi and scores[i][0] == best_hi]
        lo_winners = [i for i in range(n) if low_ranking and best_lo and scores[i][1] == best_lo]
        if not hi_winners and not lo_winners:  # every hand dead: an equal split, a tie of the first side
            if high:
                hi_winners = list(range(n))
            else:
                lo_winners = list(range(n))
        halves = 2 if hi_winners and lo_winners else 1
        pot = [Fraction(0)] * n
        for winners, win, tie in ((hi_winners, "high_win", "high_tie"), (lo_winners, "low_win", "low_tie")):
            for i in winners:
                result.counts[i][win if len(winners) == 1 else tie] += weight
                pot[i] += Fraction(1, halves * len(winners))
        for i in range(n):
            result.counts[i]["share"] += pot[i] * weight
            if pot[i] == 1:
                result.counts[i]["scoop"] += weight

    def deal(player: int, left: list[int], scores: list[tuple[Any, Any]], weight: int) -> None:
        if player == n:
            settle(scores, weight)
            return
        for hidden, w in options[player]:
            hidden = tuple(hidden)
            if set(hidden) - set(left):
                continue  # card removal: the member holds a card already dealt
            rest = [c for c in left if c not in hidden]
            missing = size - len(known[player]) - len(hidden)
            for cards in itertools.combinations(rest, missing):
                taken = set(cards)
                deal(
                    player + 1,
                    [c for c in rest if c not in taken],
                    [*scores, score(player, hidden + cards)],
                    weight * w,
                )

    deal(0, deck, [], 1)
    return result


# Eight hands of six cards: 48 cards out, so the deck cannot give everyone a seventh card and one
# card goes in the middle for everyone (the rules, 5.1).
EIGHT_HANDED = [
    "Ah 2c 3d 8s 8c 4d",
    "Kd Kc 9s 9h 4c 5c",
    "As Ad 7c 7d 2h 9c",
    "Qc Qd Qs 3c 6c Tc",
    "2d 3h 4h 5d 6h Jc",
    "Jd Js Th Td 5s 6s",
    "2s 3s 4s 7s 8d 9d",
    "5h 6d 7h 8h Jh Qh",
]
