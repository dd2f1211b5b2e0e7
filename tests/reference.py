"""A plain brute-force reference for the five rankings of the rules reference (docs/rules.md), §1.

Written from the rules, not from splitpot: it imports nothing from the package.
Cards are the integers of the public encoding, ``4 * rank + suit`` with rank 0 = deuce
.. 12 = ace and suit 0..3 = c, d, h, s.

For each ranking, :func:`key5` gives a tuple for a five-card hand, *higher is better*,
equal tuples tie.  :func:`best_key` is the best five of n (all 5-subsets).  For ``high``
with 1-4 cards, :func:`key_high_short` ranks pairs, two pair, trips and quads, then
kickers; no straights or flushes below five cards.

The module also holds numpy helpers that apply the same keys to whole batches: a five
-card hand's key only depends on its sorted ranks and on whether it is a flush (suits
never break ties), so :func:`class_table` evaluates :func:`key5` once per distinct class
and :func:`ref_ordinals` looks the classes up for every 5-subset of every row.
:func:`pure_best_key` is the slow direct path used to check those helpers.
"""

from __future__ import annotations

import functools
import itertools
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

RANKINGS: tuple[str, ...] = (
    "high",
    "deuce-to-seven",
    "ace-to-six",
    "ace-to-five",
    "eight-or-better",
)
LOW_RANKINGS: tuple[str, ...] = RANKINGS[1:]

# Category names, in the order of the high ranking (index = strength of the category).
CATEGORIES: tuple[str, ...] = (
    "high_card",
    "pair",
    "two_pair",
    "three_of_a_kind",
    "straight",
    "flush",
    "full_house",
    "four_of_a_kind",
    "straight_flush",
    "five_of_a_kind",
)
HIGH_CARD, PAIR, TWO_PAIR, TRIPS, STRAIGHT, FLUSH, FULL_HOUSE, QUADS, STRAIGHT_FLUSH = range(9)

RANK_CHARS = "23456789TJQKA"
SUIT_CHARS = "cdhs"

Key = tuple[int, ...]


def rank_of(card: int) -> int:
    return card // 4


def suit_of(card: int) -> int:
    return card % 4


def card_text(card: int) -> str:
    return RANK_CHARS[card // 4] + SUIT_CHARS[card % 4]


def cards_text(cards: Iterable[int]) -> str:
    return " ".join(card_text(int(c)) for c in cards)


def card_int(text: str) -> int:
    """'As' -> 51 (two characters, 'T' for ten)."""
    return 4 * RANK_CHARS.index(text[0].upper()) + SUIT_CHARS.index(text[1].lower())


def hand_ints(text: str) -> list[int]:
    """'As Kd 7h' -> [51, 45, 22]."""
    return [card_int(t) for t in text.split()]


# --------------------------------------------------------------------------------------
# The rankings, one five-card hand at a time
# --------------------------------------------------------------------------------------


def _grouped(values: Sequence[int]) -> list[int]:
    """Values ordered by (multiplicity, value), both descending, each value once."""
    counts = Counter(values)
    return [v for v, _ in sorted(counts.items(), key=lambda vc: (vc[1], vc[0]), reverse=True)]


def _pattern(values: Sequence[int]) -> tuple[int, ...]:
    return tuple(sorted(Counter(values).values(), reverse=True))


_PATTERN_CATEGORY = {
    (1, 1, 1, 1, 1): HIGH_CARD,
    (2, 1, 1, 1): PAIR,
    (2, 2, 1): TWO_PAIR,
    (3, 1, 1): TRIPS,
    (3, 2): FULL_HOUSE,
    (4, 1): QUADS,
    # fewer than five cards (high only)
    (1,): HIGH_CARD,
    (1, 1): HIGH_CARD,
    (1, 1, 1): HIGH_CARD,
    (1, 1, 1, 1): HIGH_CARD,
    (2,): PAIR,
    (2, 1): PAIR,
    (2, 1, 1): PAIR,
    (2, 2): TWO_PAIR,
    (3,): TRIPS,
    (3, 1): TRIPS,
    (4,): QUADS,
}


def _straight_top(values: Sequence[int], *, wheel: bool) -> int | None:
    """Top value of a five-card straight, or None.

    ``values`` are the five card values of the ranking (higher = higher card).  With
    ``wheel`` the value 12 (the ace in ``high``) may also play below value 0 (the deuce).
    """
    distinct = sorted(set(values))
    if len(distinct) != 5:
        return None
    if distinct[4] - distinct[0] == 4:
        return distinct[4]
    if wheel and distinct == [0, 1, 2, 3, 12]:
        return 3
    return None


def poker_value(
    values: Sequence[int],
    suited: bool,
    *,
    straights: bool,
    flushes: bool,
    wheel: bool,
) -> tuple[int, tuple[int, ...]]:
    """(category index, tie-break values) of a hand read the high-poker way.

    Lows use this as a measure of how *bad* a hand is: low hands compare category
    first (no pair < pair < ... < straight flush), then ranks from the top down.
    """
    top = _straight_top(values, wheel=wheel) if straights and len(values) == 5 else None
    is_flush = flushes and suited and len(values) == 5
    if top is not None and is_flush:
        return STRAIGHT_FLUSH, (top,)
    category = _PATTERN_CATEGORY[_pattern(values)]
    if category in (FULL_HOUSE, QUADS):
        return category, tuple(_grouped(values))
    if is_flush:
        return FLUSH, tuple(sorted(values, reverse=True))
    if top is not None:
        return STRAIGHT, (top,)
    return category, tuple(_grouped(values))


def _pad(values: tuple[int, ...]) -> tuple[int, ...]:
    return values + (-1,) * (5 - len(values))


def _as_key(category: int, tiebreak: tuple[int, ...], *, low: bool) -> Key:
    flat = (category, *_pad(tiebreak))
    # A low hand is better when its high-style value is smaller: negating every
    # element of equal-length tuples reverses the lexicographic order.
    return tuple(-x for x in flat) if low else flat


def _ace_low_value(rank: int) -> int:
    """Ace 0, deuce 1, ..., king 12."""
    return (rank + 1) % 13


def _five(cards: Sequence[int]) -> tuple[list[int], bool]:
    if len(cards) != 5 or len(set(cards)) != 5:
        raise ValueError(f"need five different cards, got {list(cards)}")
    return [rank_of(c) for c in cards], len({suit_of(c) for c in cards}) == 1


def key_high(cards: Sequence[int]) -> Key:
    ranks, suited = _five(cards)
    cat, tb = poker_value(ranks, suited, straights=True, flushes=True, wheel=True)
    return _as_key(cat, tb, low=False)


def key_deuce_to_seven(cards: Sequence[int]) -> Key:
    ranks, suited = _five(cards)
    cat, tb = poker_value(ranks, suited, straights=True, flushes=True, wheel=False)
    return _as_key(cat, tb, low=True)


def key_ace_to_six(cards: Sequence[int]) -> Key:
    ranks, suited = _five(cards)
    values = [_ace_low_value(r) for r in ranks]
    cat, tb = poker_value(values, suited, straights=True, flushes=True, wheel=False)
    return _as_key(cat, tb, low=True)


def key_ace_to_five(cards: Sequence[int]) -> Key:
    ranks, suited = _five(cards)
    values = [_ace_low_value(r) for r in ranks]
    cat, tb = poker_value(values, suited, straights=False, flushes=False, wheel=False)
    return _as_key(cat, tb, low=True)


def key_eight_or_better(cards: Sequence[int]) -> Key | None:
    """None (no low) unless five different ranks, all 8 or lower with the ace low."""
    ranks, _ = _five(cards)
    values = [_ace_low_value(r) for r in ranks]
    if len(set(values)) != 5 or max(values) > 7:  # value 7 is the eight
        return None
    return key_ace_to_five(cards)


def category_of(cards: Sequence[int], ranking: str) -> str | None:
    """Category name (a ``Category`` value) of a five-card hand in ``ranking``."""
    ranks, suited = _five(cards)
    if ranking == "high":
        cat, _ = poker_value(ranks, suited, straights=True, flushes=True, wheel=True)
    elif ranking == "deuce-to-seven":
        cat, _ = poker_value(ranks, suited, straights=True, flushes=True, wheel=False)
    elif ranking == "ace-to-six":
        values = [_ace_low_value(r) for r in ranks]
        cat, _ = poker_value(values, suited, straights=True, flushes=True, wheel=False)
    elif ranking == "ace-to-five":
        values = [_ace_low_value(r) for r in ranks]
        cat, _ = poker_value(values, suited, straights=False, flushes=False, wheel=False)
    elif ranking == "eight-or-better":
        if key_eight_or_better(cards) is None:
            return None
        cat = HIGH_CARD
    else:
        raise ValueError(ranking)
    return CATEGORIES[cat]


KEY5 = {
    "high": key_high,
    "deuce-to-seven": key_deuce_to_seven,
    "ace-to-six": key_ace_to_six,
    "ace-to-five": key_ace_to_five,
    "eight-or-better": key_eight_or_better,
}


def key5(cards: Sequence[int], ranking: str) -> Key | None:
    return KEY5[ranking](cards)


def key_high_short(cards: Sequence[int]) -> Key:
    """``high`` key of 1-4 cards: rank groups then kickers, no straights or flushes."""
    if not 1 <= len(cards) <= 4 or len(set(cards)) != len(cards):
        raise ValueError(f"need 1-4 different cards, got {list(cards)}")
    ranks = [rank_of(c) for c in cards]
    cat, tb = poker_value(ranks, False, straights=False, flushes=False, wheel=False)
    return _as_key(cat, tb, low=False)


def category_high_short(cards: Sequence[int]) -> str:
    ranks = [rank_of(c) for c in cards]
    cat, _ = poker_value(ranks, False, straights=False, flushes=False, wheel=False)
    return CATEGORIES[cat]


def best_five(cards: Sequence[int], ranking: str) -> tuple[Key | None, list[tuple[int, ...]]]:
    """Best key over all 5-subsets and every subset reaching it (None: no low)."""
    if len(cards) < 5:
        raise ValueError("best_five needs at least five cards")
    best: Key | None = None
    winners: list[tuple[int, ...]] = []
    for five in itertools.combinations(cards, 5):
        k = key5(five, ranking)
        if k is None:
            continue
        if best is None or k > best:
            best, winners = k, [five]
        elif k == best:
            winners.append(five)
    return best, winners


def pure_best_key(cards: Sequence[int], ranking: str) -> Key | None:
    """Best key of 1-7 cards without any caching (``high`` only below five cards)."""
    if len(cards) < 5:
        if ranking != "high":
            raise ValueError("the reference ranks fewer than five cards for 'high' only")
        return key_high_short(cards)
    return best_five(cards, ranking)[0]


# --------------------------------------------------------------------------------------
# Combinatorial totals for all 2,598,960 five-card hands, per ranking and category
# --------------------------------------------------------------------------------------

N_FIVE_CARD_HANDS = 2_598_960

HIGH_CATEGORY_COUNTS: dict[str, int] = {
    "straight_flush": 40,
    "four_of_a_kind": 624,
    "full_house": 3_744,
    "flush": 5_108,
    "straight": 10_200,
    "three_of_a_kind": 54_912,
    "two_pair": 123_552,
    "pair": 1_098_240,
    "high_card": 1_302_540,
}
# Distinct classes per category (7,462 in all).
HIGH_CATEGORY_CLASSES: dict[str, int] = {
    "straight_flush": 10,
    "four_of_a_kind": 156,
    "full_house": 156,
    "flush": 1_277,
    "straight": 10,
    "three_of_a_kind": 858,
    "two_pair": 858,
    "pair": 2_860,
    "high_card": 1_277,
}
# A-2-3-4-5 is ace-high, not a straight: the 1,020 offsuit wheels are high cards and
# the four suited ones flushes.
DEUCE_TO_SEVEN_CATEGORY_COUNTS: dict[str, int] = {
    **HIGH_CATEGORY_COUNTS,
    "straight_flush": 36,
    "flush": 5_112,
    "straight": 9_180,
    "high_card": 1_303_560,
}
# Aces low only: nine straights, A-2-3-4-5 up to 9-T-J-Q-K; K-Q-J-T-A is ace-king-high
# (a flush when suited), so the counts are those of deuce-to-seven.
ACE_TO_SIX_CATEGORY_COUNTS: dict[str, int] = dict(DEUCE_TO_SEVEN_CATEGORY_COUNTS)
ACE_TO_FIVE_CATEGORY_COUNTS: dict[str, int] = {
    "four_of_a_kind": 624,
    "full_house": 3_744,
    "three_of_a_kind": 54_912,
    "two_pair": 123_552,
    "pair": 1_098_240,
    "high_card": 1_302_540 + 10_200 + 5_108 + 40,
}
EIGHT_OR_BETTER_CATEGORY_COUNTS: dict[str, int] = {"high_card": 57_344}  # C(8,5) * 4**5

CATEGORY_COUNTS: dict[str, dict[str, int]] = {
    "high": HIGH_CATEGORY_COUNTS,
    "deuce-to-seven": DEUCE_TO_SEVEN_CATEGORY_COUNTS,
    "ace-to-six": ACE_TO_SIX_CATEGORY_COUNTS,
    "ace-to-five": ACE_TO_FIVE_CATEGORY_COUNTS,
    "eight-or-better": EIGHT_OR_BETTER_CATEGORY_COUNTS,
}
DISTINCT_CLASSES: dict[str, int] = {
    "high": 7_462,
    "deuce-to-seven": 7_462,
    "ace-to-six": 7_462,
    "ace-to-five": 6_175,
    "eight-or-better": 56,  # C(8,5) rank sets
}
QUALIFYING_EIGHT_OR_BETTER = 57_344

# Best five of seven, all 133,784,560 seven-card hands (high).
HIGH_SEVEN_CARD_CATEGORY_COUNTS: dict[str, int] = {
    "straight_flush": 41_584,
    "four_of_a_kind": 224_848,
    "full_house": 3_473_184,
    "flush": 4_047_644,
    "straight": 6_180_020,
    "three_of_a_kind": 6_461_620,
    "two_pair": 31_433_400,
    "pair": 58_627_800,
    "high_card": 23_294_460,
}


# --------------------------------------------------------------------------------------
# Batches: the same keys, looked up per class with numpy
# --------------------------------------------------------------------------------------

_POW13 = np.array([13**i for i in range(5)], dtype=np.int64)
N_CODES = 13**5


def rank_code(ranks: Sequence[int]) -> int:
    """Code of a multiset of five ranks (order does not matter)."""
    return int(sum(r * 13**i for i, r in enumerate(sorted(ranks))))


@dataclass(frozen=True)
class ClassTable:
    """Reference order of the five-card classes of one ranking.

    ``plain[code]`` / ``suited[code]`` give the ordinal of the class of a hand with the
    rank multiset ``code`` that is not / is a flush: 1 for the worst class upwards, equal
    ordinals for equal keys, 0 for an impossible class or no qualifying low.
    ``keys[o]`` and ``categories[o]`` describe ordinal ``o``; ``reps[o]`` is one hand.
    """

    ranking: str
    plain: npt.NDArray[np.int32]
    suited: npt.NDArray[np.int32]
    keys: tuple[Key | None, ...]
    categories: tuple[str | None, ...]
    reps: tuple[tuple[int, ...], ...]


def _representative(ranks: Sequence[int], suited: bool) -> tuple[int, ...]:
    """A concrete five-card hand with these ranks, a flush iff ``suited``."""
    if suited:
        return tuple(4 * r + 3 for r in ranks)
    if len(set(ranks)) == 5:
        # five different ranks: suits d, c, c, c, c are never all one suit
        return tuple(4 * r + (1 if i == 0 else 0) for i, r in enumerate(ranks))
    used: Counter[int] = Counter()
    cards = []
    for r in ranks:  # the n-th card of a rank gets suit n: a pair is never one suit
        cards.append(4 * r + used[r])
        used[r] += 1
    return tuple(cards)


def all_class_representatives() -> list[tuple[int, ...]]:
    """One hand of each of the 7,462 (rank multiset, flush or not) five-card classes."""
    reps = []
    for ranks in itertools.combinations_with_replacement(range(13), 5):
        if max(Counter(ranks).values()) > 4:
            continue
        for suited in (False, True) if len(set(ranks)) == 5 else (False,):
            reps.append(_representative(ranks, suited))
    return reps


@functools.cache
def class_table(ranking: str) -> ClassTable:
    entries: list[tuple[int, bool, Key | None, str | None, tuple[int, ...]]] = []
    for ranks in itertools.combinations_with_replacement(range(13), 5):
        if max(Counter(ranks).values()) > 4:
            continue
        suited_options = (False, True) if len(set(ranks)) == 5 else (False,)
        for suited in suited_options:
            rep = _representative(ranks, suited)
            entries.append(
                (
                    rank_code(ranks),
                    suited,
                    key5(rep, ranking),
                    category_of(rep, ranking),
                    rep,
                )
            )
    distinct = sorted({k for _, _, k, _, _ in entries if k is not None})
    ordinal = {k: i + 1 for i, k in enumerate(distinct)}
    plain = np.zeros(N_CODES, dtype=np.int32)
    suited_tab = np.zeros(N_CODES, dtype=np.int32)
    keys: list[Key | None] = [None] * (len(distinct) + 1)
    cats: list[str | None] = [None] * (len(distinct) + 1)
    reps: list[tuple[int, ...]] = [()] * (len(distinct) + 1)
    for code, suited, key, cat, rep in entries:
        o = 0 if key is None else ordinal[key]
        (suited_tab if suited else plain)[code] = o
        if o and not reps[o]:
            keys[o], cats[o], reps[o] = key, cat, rep
    return ClassTable(ranking, plain, suited_tab, tuple(keys), tuple(cats), tuple(reps))


def five_card_codes(
    hands: npt.NDArray[np.integer],
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.bool_]]:
    """(rank code, is flush) of each row of an (N, 5) array of cards."""
    ranks = np.sort(hands // 4, axis=1).astype(np.int64)
    suits = hands % 4
    codes = ranks @ _POW13
    flush = (suits == suits[:, :1]).all(axis=1)
    return codes, flush


def ref_ordinals(hands: npt.NDArray[np.integer], ranking: str) -> npt.NDArray[np.int32]:
    """Reference ordinal of the best five of each row of an (N, k) array, k in 5..7.

    Ordinals are comparable across k (the best five decides); 0 = no qualifying low.
    """
    hands = np.asarray(hands)
    if hands.ndim != 2 or not 5 <= hands.shape[1] <= 7:
        raise ValueError(f"need an (N, 5..7) array, got shape {hands.shape}")
    table = class_table(ranking)
    best = np.zeros(hands.shape[0], dtype=np.int32)
    for cols in itertools.combinations(range(hands.shape[1]), 5):
        codes, flush = five_card_codes(hands[:, list(cols)])
        np.maximum(best, np.where(flush, table.suited[codes], table.plain[codes]), out=best)
    return best


def all_five_card_hands() -> npt.NDArray[np.uint8]:
    """All 2,598,960 five-card hands, (N, 5) uint8, lexicographic."""
    flat = np.fromiter(
        itertools.chain.from_iterable(itertools.combinations(range(52), 5)),
        dtype=np.uint8,
        count=N_FIVE_CARD_HANDS * 5,
    )
    return flat.reshape(-1, 5)


def random_hands(rng: np.random.Generator, n: int, k: int) -> npt.NDArray[np.uint8]:
    """n random k-card hands without repeated cards in a row, (n, k) uint8."""
    return np.argsort(rng.random((n, 52)), axis=1)[:, :k].astype(np.uint8)


def order_violation(
    strengths: npt.NDArray[np.integer],
    ordinals: npt.NDArray[np.integer],
) -> tuple[int, int, str] | None:
    """First pair of rows whose strength order differs from the reference order.

    Checks that equal strengths map to one reference ordinal and that the map
    strength -> ordinal is strictly increasing, i.e. that for every pair of rows
    sign(strength a - strength b) == sign(ordinal a - ordinal b).  Returns
    (row a, row b, what) or None.
    """
    s = np.asarray(strengths, dtype=np.int64)
    r = np.asarray(ordinals, dtype=np.int64)
    order = np.lexsort((r, s))
    s_sorted, r_sorted = s[order], r[order]
    same = s_sorted[1:] == s_sorted[:-1]
    bad_equal = same & (r_sorted[1:] != r_sorted[:-1])
    bad_increase = ~same & (r_sorted[1:] <= r_sorted[:-1])
    bad = np.flatnonzero(bad_equal | bad_increase)
    if bad.size == 0:
        return None
    i = int(bad[0])
    what = (
        "equal strengths, different reference keys"
        if bad_equal[i]
        else ("stronger by strength, not better by the reference")
    )
    return int(order[i]), int(order[i + 1]), what
