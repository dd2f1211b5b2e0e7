"""A plain brute-force equity calculator for the tests of ``splitpot.equity``.

Written from the rules, independently of the C++ enumeration: every way of
dealing each player's missing cards (``itertools.combinations``, player by
player), each final hand scored with :func:`splitpot.strength`, each outcome
settled with exact fractions. Slow, so only for small spots.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from splitpot import parse_cards, strength

# game -> (high side?, low ranking or None, cards in a final hand)
SIDES: dict[str, tuple[bool, str | None, int]] = {
    "seven-card-stud": (True, None, 7),
    "seven-card-stud-8": (True, "eight-or-better", 7),
    "seven-card-stud-high-low": (True, "deuce-to-seven", 7),
    "lowball": (False, "ace-to-five", 5),
    "deuce-to-seven": (False, "deuce-to-seven", 5),
}

FIELDS = ("high_win", "high_tie", "low_win", "low_tie", "scoop", "share")


@dataclass
class Brute:
    """Counts of outcomes per player (``share`` in pots, as a Fraction)."""

    outcomes: int = 0
    counts: list[dict[str, Fraction]] = field(default_factory=list)

    def fraction(self, player: int, name: str) -> Fraction:
        return self.counts[player][name] / self.outcomes


JOKER = 52
# ace-to-five reads the ace low: the bug becomes the lowest rank the hand lacks, ace first.
_BUG_ORDER = (12, *range(12))


def bug_strength(cards: list[int], ranking: str) -> int:
    """The strength of a lowball hand holding the joker as the bug (docs/rules.md, §2),
    read as the natural hand with the bug replaced by the lowest missing rank."""
    assert ranking == "ace-to-five"
    natural = [c for c in cards if c != JOKER]
    held = {c // 4 for c in natural}
    rank = next(r for r in _BUG_ORDER if r not in held)
    return strength([*natural, 4 * rank], ranking)  # suits don't count in ace-to-five


def brute_equity(
    game: str, hands: Sequence[str], dead: str = "", low: str | None = None, joker: bool = False
) -> Brute:
    high, low_ranking, size = SIDES[game]
    if game == "seven-card-stud-high-low" and low is not None:
        low_ranking = low
    known = [[int(c) for c in parse_cards(h)] for h in hands]
    out = {c for h in known for c in h} | {int(c) for c in parse_cards(dead)}
    deck = [c for c in range(53 if joker else 52) if c not in out]
    n = len(hands)
    result = Brute(counts=[dict.fromkeys(FIELDS, Fraction(0)) for _ in range(n)])
    cache: list[dict[tuple[int, ...], tuple[int, int]]] = [{} for _ in range(n)]

    def score(player: int, deal: tuple[int, ...]) -> tuple[int, int]:
        got = cache[player].get(deal)
        if got is None:
            cards = known[player] + list(deal)
            hi = strength(cards, "high") if high else 0
            if low_ranking and JOKER in cards:
                lo = bug_strength(cards, low_ranking)
            else:
                lo = strength(cards, low_ranking) if low_ranking else 0
            got = cache[player][deal] = (hi, lo)
        return got

    def settle(scores: list[tuple[int, int]]) -> None:
        result.outcomes += 1
        best_hi = max(s[0] for s in scores)
        best_lo = max(s[1] for s in scores)
        hi_winners = [i for i in range(n) if high and scores[i][0] == best_hi]
        # strength 0: no qualifying low (eight-or-better); every other low exists
        lo_winners = [i for i in range(n) if low_ranking and best_lo > 0 and scores[i][1] == best_lo]
        halves = 2 if hi_winners and lo_winners else 1
        pot = [Fraction(0)] * n
        for winners, win, tie in ((hi_winners, "high_win", "high_tie"), (lo_winners, "low_win", "low_tie")):
            for i in winners:
                result.counts[i][win if len(winners) == 1 else tie] += 1
                pot[i] += Fraction(1, halves * len(winners))
        for i in range(n):
            result.counts[i]["share"] += pot[i]
            if pot[i] == 1:
                result.counts[i]["scoop"] += 1

    def deal(player: int, left: list[int], scores: list[tuple[int, int]]) -> None:
        if player == n:
            settle(scores)
            return
        missing = size - len(known[player])
        for cards in itertools.combinations(left, missing):
            taken = set(cards)
            deal(player + 1, [c for c in left if c not in taken], [*scores, score(player, cards)])

    deal(0, deck, [])
    return result
