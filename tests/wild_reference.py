"""A plain brute-force reference for wild cards, the bug and penalty cards
(docs/WILD_CARDS.md; docs/rules.md, §2).

Written from the spec, not from splitpot: it imports nothing from the package, only
the natural rules of ``reference.py`` (its ``poker_value``, category patterns and key
layout).  Cards are the public integers, ``4 * rank + suit``; 52 is the joker.

:func:`best_key` returns a tuple for a hand and an :class:`Options`, *higher is
better*, equal tuples tie; None means no (qualifying) low or a dead hand.  It literally
tries substitutions: it takes every five of the hand's cards (the player chooses which
five to play and so which wild cards to use), and for every five every allowed
substitution of its wild cards and its bug, and keeps the best reading.

Pruning (each step provably gives the same maximum as trying every one of the 52
cards for every wild card in every five):

1. A five's key depends only on its ranks and on whether it is a flush: suits never
   break ties (docs/rules.md, §1).  So a five is reduced to a *signature*: the sorted ranks
   of its natural cards, whether those naturals all share one suit, how many fully
   wild cards it holds and whether it holds the bug.  Two fives with one signature
   have the same set of reachable (ranks, flush) results: a suit permutation maps one
   onto the other (the common suit of the naturals to the other's common suit), and
   wild cards may be any card.  The signature's best key is cached.
2. Fully wild cards are interchangeable (a five's key is symmetric in its cards), so
   their ranks are tried as multisets (``combinations_with_replacement``), not as
   ordered tuples.
3. ``high``: a wild card's suit only decides whether the five can be a flush.  For a
   rank multiset we try (a) every wild card in the naturals' common suit -- the only
   suit choice that can make a flush; without ``duplicate`` the flush reading then
   also needs five different cards (``duplicate`` lets a wild card repeat a card
   held, and so one another) -- and (b) any other suit choice, which is not a flush
   and reads the ranks only.  The max of the readings of (a) includes (b)'s reading,
   so (a) alone is tried, and with no common suit only (b).
4. Lows: a wild card is a zero (no suit) or becomes a rank "in a suit that makes no
   flush"; a low player never wants a flush anyway.  So in the low rankings one
   off-suit representative per rank suffices: a five holding a wild card or the bug
   is never a flush, and ``lowest-absent`` / the bug leave no choice at all.
5. ``best-rank``: every rank multiset of the wild cards is tried (13 ranks each).

No pruning uses what the best substitution "should" be (aces, straight fillers...):
every rank is tried wherever a choice exists.
"""

from __future__ import annotations

import functools
import itertools
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

import numpy as np

import reference as ref

JOKER = 52
ACE = 12
FIVE_OF_A_KIND = 9
LOW_RULES: tuple[str, ...] = ("zero", "lowest-absent", "best-rank")

Key = tuple[int, ...]


@dataclass(frozen=True)
class Options:
    """The evaluation options of docs/WILD_CARDS.md, resolved to sets.

    ``wild_ranks``: ranks 0..12 whose every card is fully wild; ``wild_cards``: explicit
    fully wild cards; ``joker``: "bug" or "wild"; ``wild_low``: rule of the low
    rankings; ``duplicate``: high only; ``penalty`` cards and ``penalty_rule``.
    """

    ranking: str = "high"
    wild_ranks: frozenset[int] = field(default_factory=frozenset)
    wild_cards: frozenset[int] = field(default_factory=frozenset)
    joker: str = "bug"
    wild_low: str = "zero"
    duplicate: bool = False
    penalty: frozenset[int] = field(default_factory=frozenset)
    penalty_rule: str = "dead-hand"

    def is_wild(self, card: int) -> bool:
        if card == JOKER:
            return self.joker == "wild"
        return card in self.wild_cards or card // 4 in self.wild_ranks


def mask_ranks(mask: int) -> frozenset[int]:
    """Ranks of a 13-bit wild-rank mask (bit r = rank r, deuce = bit 0)."""
    return frozenset(r for r in range(13) if mask >> r & 1)


# --------------------------------------------------------------------------------------
# high
# --------------------------------------------------------------------------------------

_STRAIGHTS = {frozenset(range(t - 4, t + 1)): t for t in range(4, 13)}
_STRAIGHTS[frozenset({12, 0, 1, 2, 3})] = 3  # the wheel, five high


def _high_pattern(ranks: Sequence[int]) -> Key:
    """Pairs, trips, full house, quads, five of a kind, or high cards: ranks only."""
    counts = Counter(ranks)
    if max(counts.values()) == 5:
        return (FIVE_OF_A_KIND, ranks[0], -1, -1, -1, -1)
    cat = ref._PATTERN_CATEGORY[ref._pattern(ranks)]
    return ref._as_key(cat, tuple(ref._grouped(ranks)), low=False)


def _high_straight(ranks: Sequence[int]) -> int | None:
    """Top rank of a five-card straight, or None."""
    return _STRAIGHTS.get(frozenset(ranks)) if len(set(ranks)) == 5 else None


def _high_flushlike(ranks: Sequence[int], flush_ok: bool) -> list[Key]:
    """Straight, flush and straight-flush readings (a flush may repeat ranks when the
    caller allows it: ``duplicate``); flushes compare card by card from the top."""
    out: list[Key] = []
    top = _high_straight(ranks)
    if top is not None:
        out.append(ref._as_key(ref.STRAIGHT, (top,), low=False))
        if flush_ok:
            out.append(ref._as_key(ref.STRAIGHT_FLUSH, (top,), low=False))
    if flush_ok:
        out.append(ref._as_key(ref.FLUSH, tuple(sorted(ranks, reverse=True)), low=False))
    return out


def high_key_five(ranks: Sequence[int], flush_ok: bool) -> Key:
    """Best reading of five concrete ranks; ``flush_ok``: the five is a (valid) flush."""
    return max([_high_pattern(ranks), *_high_flushlike(ranks, flush_ok)])


def _flush_valid(ranks: Sequence[int], suited: bool, duplicate: bool) -> bool:
    # All five in one suit; without `duplicate` they must be five different cards of
    # that suit, i.e. five different ranks.
    return suited and (duplicate or len(set(ranks)) == 5)


@functools.cache
def high_five(nat: tuple[int, ...], nat_suited: bool, n_wild: int, bug: bool, duplicate: bool) -> Key:
    """Best ``high`` key of a five: natural ranks ``nat`` (sorted), whether the naturals
    share a suit (vacuously true for none), ``n_wild`` fully wild cards, the bug or not.

    Wild cards: every rank multiset; all in the naturals' suit when they share one
    (pruning 3).  The bug (WILD_CARDS.md): the best of (A) the bug as an ace of no suit,
    which makes no flush, and (B) the bug as a fully wild card -- obeying the same
    rules as the other wild cards, ``duplicate`` included -- counted only where the five
    is then a straight, flush or straight flush.
    """
    best: Key | None = None
    for wilds in itertools.combinations_with_replacement(range(13), n_wild):
        base = list(nat) + list(wilds)
        if not bug:
            key = high_key_five(base, _flush_valid(base, nat_suited, duplicate))
        else:
            key = _high_pattern([*base, ACE])
            top = _high_straight([*base, ACE])
            if top is not None:
                key = max(key, ref._as_key(ref.STRAIGHT, (top,), low=False))
            for r in range(13):
                ranks = [*base, r]
                readings = _high_flushlike(ranks, _flush_valid(ranks, nat_suited, duplicate))
                if readings:
                    key = max(key, *readings)
        if best is None or key > best:
            best = key
    assert best is not None
    return best


@functools.cache
def high_short(nat: tuple[int, ...], n_wild: int, bug: bool) -> Key:
    """``high`` with 1-4 cards: rank groups only (no straights or flushes); a fully wild
    card is any rank (every rank tried), the bug an ace."""
    best: Key | None = None
    for wilds in itertools.combinations_with_replacement(range(13), n_wild):
        ranks = list(nat) + list(wilds) + ([ACE] if bug else [])
        cat, tb = ref.poker_value(ranks, False, straights=False, flushes=False, wheel=False)
        key = ref._as_key(cat, tb, low=False)
        if best is None or key > best:
            best = key
    assert best is not None
    return best


# --------------------------------------------------------------------------------------
# lows
# --------------------------------------------------------------------------------------

_LOW_FLAGS = {  # ranking: (straights count, flushes count, aces low)
    "deuce-to-seven": (True, True, False),
    "ace-to-six": (True, True, True),
    "ace-to-five": (False, False, True),
    "eight-or-better": (False, False, True),
}
ZERO = -1  # the value of a zero card: below every rank


def low_value(rank: int, ranking: str) -> int:
    """Ace 0, deuce 1, ..., king 12 where aces are low; deuce 0 .. ace 12 in deuce-to-seven."""
    return (rank + 1) % 13 if _LOW_FLAGS[ranking][2] else rank


def low_key_five(values: Sequence[int], zeros: int, suited: bool, ranking: str) -> Key | None:
    """Low key of five cards: ``values`` the real card values (4 - ``zeros`` .. 5 of them,
    repeats allowed), ``zeros`` zero cards, ``suited``: a flush (only without wilds).

    A zero pairs with nothing, has no suit and is in no sequence; it ranks below every
    card.  Low hands compare category first, then card values from the top.
    """
    straights, flushes, _ = _LOW_FLAGS[ranking]
    # eight-or-better: five different ranks, all 8 or lower (value 7); a zero counts as
    # 8 or lower
    if ranking == "eight-or-better" and (len(set(values)) != len(values) or (values and max(values) > 7)):
        return None
    if zeros == 0 and len(set(values)) == 1:
        # five of one rank (best-rank tries every rank): the worst low of all
        return ref._as_key(FIVE_OF_A_KIND, (values[0],), low=True)
    if zeros == 0:
        cat, tb = ref.poker_value(values, suited, straights=straights, flushes=flushes, wheel=False)
        return ref._as_key(cat, tb, low=True)
    pattern = tuple(sorted([*Counter(values).values(), *[1] * zeros], reverse=True))
    cat = ref._PATTERN_CATEGORY[pattern]
    tb = (*ref._grouped(values), *[ZERO] * zeros)
    # Within one category every hand has the same number of groups, so the padding
    # (-1, equal to ZERO) always sits at the same places and never decides.
    return ref._as_key(cat, tb, low=True)


def _lowest_absent(values: Sequence[int], n: int) -> list[int]:
    """The ``n`` lowest values not in ``values``."""
    held = set(values)
    return [v for v in range(13) if v not in held][:n]


def _best(keys: Iterable[Key | None]) -> Key | None:
    best: Key | None = None
    for k in keys:
        if k is not None and (best is None or k > best):
            best = k
    return best


@functools.cache
def low_five(
    ranking: str,
    nat: tuple[int, ...],
    nat_suited: bool,
    n_wild: int,
    bug: bool,
    rule: str,
    bug_best: bool,
) -> Key | None:
    """Best low key of a five: natural values ``nat`` (sorted), ``n_wild`` fully wild
    cards, the bug or not, under the wild-card ``rule``.  ``bug_best``: the hand holds
    other fully wild cards and the rule is ``best-rank``, so the bug is one more
    best-rank wild card (WILD_CARDS.md); otherwise the bug is the lowest value absent
    from the five's naturals (``zero``: the zeros hold no rank) or one more
    lowest-absent wild card (``lowest-absent``).  A five holding a wild card or the bug
    is never a flush (pruning 4)."""
    if n_wild == 0 and not bug:
        return low_key_five(list(nat), 0, nat_suited, ranking)
    if rule == "zero":
        real = list(nat) + (_lowest_absent(nat, 1) if bug else [])
        return low_key_five(real, n_wild, False, ranking)
    if rule == "lowest-absent" or (rule == "best-rank" and bug and not bug_best and n_wild == 0):
        n = n_wild + bug
        return low_key_five(list(nat) + _lowest_absent(nat, n), 0, False, ranking)
    if rule == "best-rank":
        if bug and not bug_best:
            # cannot happen: a five holding fully wild cards means the hand holds them
            raise AssertionError("bug with other wild cards but bug_best unset")
        n = n_wild + bug
        return _best(
            low_key_five(list(nat) + list(ws), 0, False, ranking)
            for ws in itertools.combinations_with_replacement(range(13), n)
        )
    raise ValueError(f"unknown wild_low rule {rule!r}")


# --------------------------------------------------------------------------------------
# hands
# --------------------------------------------------------------------------------------


def playable(cards: Sequence[int], opts: Options) -> list[int] | None:
    """The cards that may play after the penalty rule; None for a dead hand."""
    cards = [int(c) for c in cards]
    if not opts.penalty or not any(c in opts.penalty for c in cards):
        return cards
    if opts.penalty_rule == "dead-hand":
        return None
    if opts.penalty_rule != "void-card":
        raise ValueError(f"unknown penalty rule {opts.penalty_rule!r}")
    left = [c for c in cards if c not in opts.penalty]
    return left if len(left) >= 5 else None


def _five_key(five: Sequence[int], opts: Options, bug_best: bool) -> Key | None:
    nat = [c for c in five if c != JOKER and not opts.is_wild(c)]
    n_wild = sum(1 for c in five if opts.is_wild(c))
    bug = JOKER in five and opts.joker == "bug"
    suited = len({c % 4 for c in nat}) <= 1
    if opts.ranking == "high":
        ranks = tuple(sorted(c // 4 for c in nat))
        return high_five(ranks, suited, n_wild, bug, opts.duplicate)
    values = tuple(sorted(low_value(c // 4, opts.ranking) for c in nat))
    return low_five(opts.ranking, values, suited, n_wild, bug, opts.wild_low, bug_best)


def best_key(cards: Sequence[int], opts: Options) -> Key | None:
    """Best key of a hand of 1-7 cards (5-7 for the low rankings when it holds a wild
    card or the bug); None: dead hand or no qualifying low."""
    if opts.joker not in ("bug", "wild"):
        raise ValueError(f"unknown joker rule {opts.joker!r}")
    if opts.wild_low not in LOW_RULES:
        raise ValueError(f"unknown wild_low rule {opts.wild_low!r}")
    hand = playable(cards, opts)
    if hand is None:
        return None
    if len(set(hand)) != len(hand):
        raise ValueError(f"repeated card in {hand}")
    if len(hand) < 5:
        if opts.ranking != "high":
            raise ValueError("the reference ranks fewer than five cards for 'high' only")
        nat = tuple(sorted(c // 4 for c in hand if c != JOKER and not opts.is_wild(c)))
        n_wild = sum(1 for c in hand if opts.is_wild(c))
        return high_short(nat, n_wild, JOKER in hand and opts.joker == "bug")
    bug_best = opts.wild_low == "best-rank" and any(opts.is_wild(c) for c in hand)
    return _best(_five_key(five, opts, bug_best) for five in itertools.combinations(hand, 5))


def category(key: Key | None, ranking: str) -> str | None:
    """The ``Category`` value of a key (None stays None)."""
    if key is None:
        return None
    cat = key[0] if ranking == "high" else -key[0]
    return ref.CATEGORIES[cat]


# --------------------------------------------------------------------------------------
# two-card hands (aces-deuces)
# --------------------------------------------------------------------------------------


def two_key_natural(r1: int, r2: int, kind: str) -> Key:
    """Key of two natural ranks: ``high``: pairs above unpaired, aces high; ``low``:
    unpaired above pairs, an unpaired ace low (A-2 best), pairs the lower the better
    with A-A the highest pair (the worst hand)."""
    if kind == "high":
        hi, lo = max(r1, r2), min(r1, r2)
        return (1, hi, lo) if r1 == r2 else (0, hi, lo)
    if r1 == r2:
        return (0, -r1, -r1)  # deuce 0 .. ace 12: A-A the worst pair
    v1, v2 = (r1 + 1) % 13, (r2 + 1) % 13  # ace low when unpaired
    return (1, -max(v1, v2), -min(v1, v2))


def two_key(cards: Sequence[int], kind: str, opts: Options) -> Key:
    """Two-card key with wild cards: every rank tried for a fully wild card; the bug is
    an ace in ``high`` and the lowest absent rank (ace low) in ``low``."""
    cards = [int(c) for c in cards]
    if len(cards) != 2:
        raise ValueError("two cards")
    keys = []
    choices: list[list[int]] = []
    for c in cards:
        if opts.is_wild(c):
            choices.append(list(range(13)))
        elif c == JOKER:
            choices.append([-1])  # resolved below
        else:
            choices.append([c // 4])
    for r1, r2 in itertools.product(*choices):
        rs = [r1, r2]
        for i in range(2):
            if rs[i] == -1:
                other = rs[1 - i]
                if kind == "high":
                    rs[i] = ACE
                else:  # lowest absent, ace low: ace, deuce, three ...
                    order = [ACE, *range(12)]
                    rs[i] = next(r for r in order if r != other)
        keys.append(two_key_natural(rs[0], rs[1], kind))
    return max(keys)


# --------------------------------------------------------------------------------------
# batches: the same keys, one call per distinct five signature (pruning 1)
# --------------------------------------------------------------------------------------

_SENTINEL = 13  # rank code of a wild card or the bug in a signature


def _signature_codes(
    fives: np.ndarray, wild: np.ndarray, bug: np.ndarray, bug_best: np.ndarray
) -> np.ndarray:
    """One int64 per row of an (M, 5) array of cards: the five's signature (sorted
    natural ranks, naturals share a suit, number of wild cards, bug, ``bug_best``)."""
    free = wild | bug
    ranks = np.where(free, _SENTINEL, fives // 4).astype(np.int64)
    ranks.sort(axis=1)
    code = ranks @ (14 ** np.arange(5, dtype=np.int64))
    suits = fives % 4
    hi = np.where(free, -1, suits).max(axis=1)
    lo = np.where(free, 9, suits).min(axis=1)
    suited = hi <= lo  # all naturals in one suit (true when there are none)
    n_wild = wild.sum(axis=1)
    out: np.ndarray = (((code * 2 + suited) * 6 + n_wild) * 2 + bug.any(axis=1)) * 2 + bug_best
    return out


def _signature_key(code: int, opts: Options) -> Key | None:
    bug_best = bool(code % 2)
    code //= 2
    bug = bool(code % 2)
    code //= 2
    n_wild = code % 6
    code //= 6
    suited = bool(code % 2)
    code //= 2
    ranks = []
    for _ in range(5):
        r = code % 14
        code //= 14
        if r != _SENTINEL:
            ranks.append(r)
    if opts.ranking == "high":
        return high_five(tuple(sorted(ranks)), suited, n_wild, bug, opts.duplicate)
    values = tuple(sorted(low_value(r, opts.ranking) for r in ranks))
    return low_five(opts.ranking, values, suited, n_wild, bug, opts.wild_low, bug_best)


def batch_ordinals(
    hands: np.ndarray, opts: Options, wild_masks: np.ndarray | None = None
) -> tuple[np.ndarray, list[Key | None]]:
    """(ordinal of each row, table) where ``table[ordinal]`` is the row's best key
    (ordinal 0: None); ordinals are dense and ordered like the keys.  See
    :func:`batch_keys`."""
    if opts.penalty:
        raise ValueError("batch_keys has no penalty cards")
    cards = np.asarray(hands, dtype=np.int64)
    n, k = cards.shape
    if not 5 <= k <= 7:
        raise ValueError(f"need 5-7 cards a row, got {k}")
    mask = np.zeros(n, dtype=np.int64) if wild_masks is None else np.asarray(wild_masks, dtype=np.int64)
    mask = mask | sum(1 << r for r in opts.wild_ranks)
    joker = cards == JOKER
    wild = (((mask[:, None] >> np.minimum(cards // 4, 12)) & 1) == 1) & ~joker
    if opts.wild_cards:
        wild |= np.isin(cards, sorted(opts.wild_cards))
    if opts.joker == "wild":
        wild |= joker
    bug = joker & (opts.joker == "bug")
    bug_best = np.full(n, False) if opts.wild_low != "best-rank" else wild.any(axis=1)
    codes = np.stack(
        [
            _signature_codes(cards[:, cols], wild[:, cols], bug[:, cols], bug_best)
            for cols in map(list, itertools.combinations(range(k), 5))
        ],
        axis=1,
    )
    uniq, inverse = np.unique(codes, return_inverse=True)
    keys_u = [_signature_key(int(c), opts) for c in uniq]
    order = sorted({key for key in keys_u if key is not None})
    ordinal = {key: i + 1 for i, key in enumerate(order)}
    ord_u = np.array([0 if key is None else ordinal[key] for key in keys_u], dtype=np.int64)
    best = ord_u[inverse.reshape(codes.shape)].max(axis=1)
    # dense again: only the keys some row reaches as its best
    reached, dense = np.unique(best, return_inverse=True)
    table: list[Key | None] = [None, *order]
    keys = [table[int(o)] for o in reached]
    if reached[0] != 0:
        keys.insert(0, None)
        dense = dense + 1
    return dense.reshape(-1).astype(np.int64), keys


def batch_keys(hands: np.ndarray, opts: Options, wild_masks: np.ndarray | None = None) -> list[Key | None]:
    """:func:`best_key` of every row of an (N, k) array of cards (k in 5..7), with the
    optional per-row 13-bit wild-rank masks added to ``opts.wild_ranks``.

    Same result as calling :func:`best_key` per row (a test checks it): every five
    of every row is reduced to its signature and each distinct signature is scored
    once by the brute force above.  No penalty cards here.
    """
    ords, table = batch_ordinals(hands, opts, wild_masks)
    return [table[o] for o in ords.tolist()]


def ordinals(keys: Sequence[Key | None]) -> np.ndarray:
    """Dense ordinals of keys (1 = worst), 0 for None: equal keys, equal ordinals."""
    order = sorted({key for key in keys if key is not None})
    ordinal = {key: i + 1 for i, key in enumerate(order)}
    return np.array([0 if key is None else ordinal[key] for key in keys], dtype=np.int64)
