"""Every hand, counted: all 2,598,960 five-card hands in every ranking, all 1-4 card
hands in ``high``, and the category totals of all 133,784,560 seven-card hands.

Enumerate and assert the combinatorial counts, check the order
against the naive reference (equal strengths <=> equal reference keys, strictly
increasing map), and pin the whole ordering with a hash.
"""

from __future__ import annotations

import functools
import hashlib
import itertools
from collections import Counter
from collections.abc import Iterator

import numpy as np
import numpy.typing as npt
import pytest

import reference as ref
from splitpot import Category, categories, evaluate, evaluate_many, strength

U32 = npt.NDArray[np.uint32]

# sha256 of the reference ordinals (uint32, little-endian) of all five-card hands in
# lexicographic order: pins the full ordering (PK tests/test_lookups.py style).
ORDER_SHA256 = {
    "high": "63250b1bbb59b1d3189b6eb8a9b950262f23ec6daaaf54f258ddca88da2582b0",
    "deuce-to-seven": "1ba74bdc4e2636b5aed793a3591bce33a9edac0ac54d29bbeaf50afa31d9673a",
    "ace-to-six": "67e5b87724200836d0154316bd5838df108f33678d8558d29896b05c929d4ba9",
    "ace-to-five": "ea821126dcf1baa2af499d0a2851ebaa7ad05b3e8e1c2827618d3db9f575ee2f",
    "eight-or-better": "2920905f0d5dc1479971601d655001f7b6c320cc0bce4d906f467570a209f827",
}


def _dense(values: npt.NDArray[np.integer]) -> npt.NDArray[np.uint32]:
    """Dense rank 1.. of each value (0 stays 0: no qualifying low)."""
    uniq, inverse = np.unique(values, return_inverse=True)
    dense: npt.NDArray[np.uint32] = inverse.astype("<u4") + np.uint32(0 if uniq[0] == 0 else 1)
    return dense


def _sha(values: npt.NDArray[np.integer]) -> str:
    return hashlib.sha256(np.ascontiguousarray(values, dtype="<u4").tobytes()).hexdigest()


def _describe(
    hands: npt.NDArray[np.uint8],
    s: npt.NDArray[np.integer],
    o: npt.NDArray[np.integer],
    i: int,
    ranking: str,
) -> str:
    table = ref.class_table(ranking)
    return (
        f"{ref.cards_text(hands[i])}: strength {int(s[i])}, "
        f"reference {table.categories[int(o[i])]} {table.keys[int(o[i])]}"
    )


def assert_same_order(
    hands: npt.NDArray[np.uint8],
    strengths: npt.NDArray[np.integer],
    ordinals: npt.NDArray[np.integer],
    ranking: str,
) -> None:
    bad = ref.order_violation(strengths, ordinals)
    if bad is not None:
        a, b, what = bad
        pytest.fail(
            f"{ranking}: {what}:\n  {_describe(hands, strengths, ordinals, a, ranking)}\n"
            f"  {_describe(hands, strengths, ordinals, b, ranking)}"
        )


# ----------------------------------------------------------------------- five cards


@pytest.mark.parametrize("ranking", ref.RANKINGS)
def test_distinct_strengths(ranking: str, five_card_strengths: dict[str, U32]) -> None:
    values = five_card_strengths[ranking]
    distinct = np.unique(values[values > 0])
    assert distinct.size == ref.DISTINCT_CLASSES[ranking]


def test_distinct_counts_of_the_five_card_rankings(five_card_strengths: dict[str, U32]) -> None:
    counts = {r: np.unique(v[v > 0]).size for r, v in five_card_strengths.items()}
    assert counts["high"] == 7_462
    assert counts["ace-to-five"] == 6_175
    assert counts["deuce-to-seven"] == 7_462
    assert counts["ace-to-six"] == 7_462


@pytest.mark.parametrize("ranking", ref.RANKINGS[:-1])
def test_zero_is_reserved_for_no_low(ranking: str, five_card_strengths: dict[str, U32]) -> None:
    assert int(five_card_strengths[ranking].min()) > 0


def test_qualifying_eight_or_better(five_card_strengths: dict[str, U32]) -> None:
    assert int(np.count_nonzero(five_card_strengths["eight-or-better"])) == 57_344


@pytest.mark.parametrize("ranking", ref.RANKINGS)
def test_category_counts(
    ranking: str,
    all_five_card_hands: npt.NDArray[np.uint8],
    five_card_strengths: dict[str, U32],
) -> None:
    """Category of one representative per distinct strength (via ``evaluate``) times
    the number of hands with that strength."""
    values = five_card_strengths[ranking]
    uniq, first, counts = np.unique(values, return_index=True, return_counts=True)
    by_category: Counter[str] = Counter()
    classes: Counter[str] = Counter()
    for value, i, n in zip(uniq.tolist(), first.tolist(), counts.tolist(), strict=True):
        cards = [int(c) for c in all_five_card_hands[i]]
        hand = evaluate(cards, ranking)
        if value == 0:
            assert hand is None, ref.cards_text(cards)
            continue
        assert hand is not None, ref.cards_text(cards)
        assert hand.strength == value
        assert hand.category == ref.category_of(cards, ranking), ref.cards_text(cards)
        by_category[str(hand.category)] += n
        classes[str(hand.category)] += 1
    assert dict(by_category) == ref.CATEGORY_COUNTS[ranking]
    if ranking == "high":
        assert dict(classes) == ref.HIGH_CATEGORY_CLASSES


def test_high_category_counts_of_every_five_card_hand(
    all_five_card_hands: npt.NDArray[np.uint8], five_card_strengths: dict[str, U32]
) -> None:
    """Each high category's number of five-card hands (1,302,540 high cards ... 40 straight
    flushes), straight from a loop over the classes."""
    values = five_card_strengths["high"]
    _, first, counts = np.unique(values, return_index=True, return_counts=True)
    totals: Counter[str] = Counter()
    for i, n in zip(first.tolist(), counts.tolist(), strict=True):
        hand = evaluate([int(c) for c in all_five_card_hands[i]])
        assert hand is not None
        totals[hand.category.value] += n
    assert totals == {
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


@pytest.mark.parametrize("ranking", ref.RANKINGS)
def test_order_matches_reference(
    ranking: str,
    all_five_card_hands: npt.NDArray[np.uint8],
    five_card_strengths: dict[str, U32],
    five_card_ordinals: dict[str, npt.NDArray[np.int32]],
) -> None:
    ordinals = five_card_ordinals[ranking]
    values = five_card_strengths[ranking]
    assert np.array_equal(values == 0, ordinals == 0)
    assert_same_order(all_five_card_hands, values, ordinals, ranking)


@pytest.mark.parametrize("ranking", ref.RANKINGS)
def test_full_order_hash(ranking: str, five_card_strengths: dict[str, U32]) -> None:
    assert _sha(_dense(five_card_strengths[ranking])) == ORDER_SHA256[ranking]


@pytest.mark.parametrize("ranking", ref.RANKINGS)
def test_reference_order_hash(ranking: str, five_card_ordinals: dict[str, npt.NDArray[np.int32]]) -> None:
    """Guards the reference itself: the pinned hash is of its ordering."""
    assert _sha(five_card_ordinals[ranking]) == ORDER_SHA256[ranking]


def _ranks_of(hands: npt.NDArray[np.uint8]) -> set[tuple[int, ...]]:
    return {tuple(sorted(int(c) // 4 for c in row)) for row in hands}


def _suited(hands: npt.NDArray[np.uint8]) -> npt.NDArray[np.bool_]:
    suits = hands % 4
    suited: npt.NDArray[np.bool_] = (suits == suits[:, :1]).all(axis=1)
    return suited


# (ranking, best ranks, best hands counted, worst ranks, worst hands counted)
EXTREMES = [
    ("high", (8, 9, 10, 11, 12), 4, (0, 1, 2, 3, 5), 1_020),
    ("deuce-to-seven", (0, 1, 2, 3, 5), 1_020, (8, 9, 10, 11, 12), 4),
    ("ace-to-six", (0, 1, 2, 4, 12), 1_020, (7, 8, 9, 10, 11), 4),
    ("ace-to-five", (0, 1, 2, 3, 12), 1_024, (10, 11, 11, 11, 11), 4),
    ("eight-or-better", (0, 1, 2, 3, 12), 1_024, (2, 3, 4, 5, 6), 1_024),
]


@pytest.mark.parametrize(("ranking", "best", "n_best", "worst", "n_worst"), EXTREMES)
def test_best_and_worst_hands(
    ranking: str,
    best: tuple[int, ...],
    n_best: int,
    worst: tuple[int, ...],
    n_worst: int,
    all_five_card_hands: npt.NDArray[np.uint8],
    five_card_strengths: dict[str, U32],
) -> None:
    values = five_card_strengths[ranking]
    top = all_five_card_hands[values == values.max()]
    assert _ranks_of(top) == {best}
    assert len(top) == n_best
    low_mark = values[values > 0].min()
    bottom = all_five_card_hands[values == low_mark]
    assert _ranks_of(bottom) == {worst}
    assert len(bottom) == n_worst
    if ranking in ("deuce-to-seven", "ace-to-six"):
        assert not _suited(top).any()  # the best low is offsuit
        assert _suited(bottom).all()  # the worst is a straight flush
    if ranking == "high":
        assert _suited(top).all()  # royal flushes
        assert not _suited(bottom).any()


# ------------------------------------------------------------------ 1-4 cards, high

SHORT_CATEGORY_COUNTS = {
    1: {"high_card": 52},
    2: {"pair": 78, "high_card": 1_248},
    3: {"three_of_a_kind": 52, "pair": 3_744, "high_card": 18_304},
    4: {
        "four_of_a_kind": 13,
        "three_of_a_kind": 2_496,
        "two_pair": 2_808,
        "pair": 82_368,
        "high_card": 183_040,
    },
}
SHORT_DISTINCT = {1: 13, 2: 91, 3: 455, 4: 1_820}


@pytest.mark.parametrize("k", [1, 2, 3, 4])
def test_short_hands_high(k: int) -> None:
    hands = np.array(list(itertools.combinations(range(52), k)), dtype=np.uint8)
    values = np.array([strength(row) for row in hands.tolist()], dtype=np.int64)
    # reference ordinal per rank multiset (suits do not matter below five cards)
    codes = np.sort(hands // 4, axis=1).astype(np.int64) @ (13 ** np.arange(k, dtype=np.int64))
    uniq_codes, inverse = np.unique(codes, return_inverse=True)
    keys = [ref.key_high_short([4 * r + i for i, r in enumerate(_decode(int(c), k))]) for c in uniq_codes]
    key_ordinal = {key: o for o, key in enumerate(sorted(set(keys)), start=1)}
    ordinals = np.array([key_ordinal[key] for key in keys], dtype=np.int64)[inverse]
    bad = ref.order_violation(values, ordinals)
    assert bad is None, (
        f"{bad[2] if bad else ''}: {ref.cards_text(hands[bad[0]]) if bad else ''} "
        f"vs {ref.cards_text(hands[bad[1]]) if bad else ''}"
    )
    assert np.unique(values).size == SHORT_DISTINCT[k]
    _, first, counts = np.unique(values, return_index=True, return_counts=True)
    totals: Counter[str] = Counter()
    for i, n in zip(first.tolist(), counts.tolist(), strict=True):
        cards = hands[i].tolist()
        hand = evaluate(cards)
        assert hand is not None
        assert hand.category == ref.category_high_short(cards), ref.cards_text(cards)
        totals[hand.category.value] += n
    assert dict(totals) == SHORT_CATEGORY_COUNTS[k]


def _decode(code: int, k: int) -> list[int]:
    return [(code // 13**i) % 13 for i in range(k)]


# ----------------------------------------------------------------- seven cards, high


@functools.cache
def _combinations(n: int, k: int) -> npt.NDArray[np.uint8]:
    """All k-subsets of range(n) as a read-only (C(n, k), k) uint8 array, lexicographic."""
    if k == 0:
        out = np.zeros((1, 0), dtype=np.uint8)
    else:
        parts = []
        for first in range(n - k + 1):
            rest = _combinations(n - first - 1, k - 1) + np.uint8(first + 1)
            head = np.full((rest.shape[0], 1), first, dtype=np.uint8)
            parts.append(np.hstack([head, rest]))
        out = np.vstack(parts) if parts else np.zeros((0, k), dtype=np.uint8)
    out.setflags(write=False)
    return out


def _seven_card_blocks() -> Iterator[npt.NDArray[np.uint8]]:
    """All 133,784,560 seven-card hands, one block per pair of lowest cards."""
    for a in range(46):
        for b in range(a + 1, 47):
            rest = _combinations(51 - b, 5) + np.uint8(b + 1)
            block = np.empty((rest.shape[0], 7), dtype=np.uint8)
            block[:, 0] = a
            block[:, 1] = b
            block[:, 2:] = rest
            yield block


@pytest.mark.slow
def test_seven_card_high_category_counts(
    all_five_card_hands: npt.NDArray[np.uint8], five_card_strengths: dict[str, U32]
) -> None:
    """Best five of seven over every seven-card hand: the published category totals
    and the 4,824 distinct classes; every 7-card strength is a 5-card strength; and
    ``categories`` of the batches counts the same totals."""
    five = five_card_strengths["high"]
    uniq5, first5 = np.unique(five, return_index=True)
    cats5 = []
    for i in first5.tolist():
        hand = evaluate([int(c) for c in all_five_card_hands[i]])
        assert hand is not None
        cats5.append(ref.CATEGORIES.index(hand.category.value))
    cat_of_class = np.array(cats5, dtype=np.int64)
    assert np.all(np.diff(cat_of_class) >= 0), "categories are not contiguous in strength"
    seen = np.zeros(uniq5.size, dtype=bool)
    per_category = np.zeros(len(ref.CATEGORIES), dtype=np.int64)
    per_code = np.zeros(len(Category) + 1, dtype=np.int64)
    total = 0
    for block in _seven_card_blocks():
        values = evaluate_many(block, "high", threads=2)
        per_code += np.bincount(categories(values), minlength=per_code.size)
        idx = np.searchsorted(uniq5, values)
        idx[idx == uniq5.size] = 0
        assert np.array_equal(uniq5[idx], values), "a 7-card strength that no 5-card hand has"
        seen[idx] = True
        per_category += np.bincount(cat_of_class[idx], minlength=len(ref.CATEGORIES))
        total += block.shape[0]
    assert total == 133_784_560
    assert int(seen.sum()) == 4_824
    counts = {ref.CATEGORIES[c]: int(n) for c, n in enumerate(per_category) if n}
    assert counts == ref.HIGH_SEVEN_CARD_CATEGORY_COUNTS
    by_code = {str(Category.from_code(c)): int(n) for c, n in enumerate(per_code.tolist()) if n}
    assert by_code == ref.HIGH_SEVEN_CARD_CATEGORY_COUNTS


# ------------------------------------------------------------- six cards, all rankings


# six-card hands with five different ranks A..8 among them: by rank multisets,
# sum of prod(C(4, m)) over multisets with >= 5 distinct ranks of value <= 8 (ace low)
SIX_CARD_EIGHT_OR_BETTER = 1_691_648


def _six_card_blocks() -> Iterator[npt.NDArray[np.uint8]]:
    """All 20,358,520 six-card hands, one block per lowest card."""
    for a in range(47):
        rest = _combinations(51 - a, 5) + np.uint8(a + 1)
        block = np.empty((rest.shape[0], 6), dtype=np.uint8)
        block[:, 0] = a
        block[:, 1:] = rest
        yield block


@pytest.mark.slow
def test_six_card_hands_every_ranking(class_strengths: dict[str, npt.NDArray[np.int64]]) -> None:
    """Every six-card hand in every ranking: the strength is that of the reference's best
    five (as read off the five-card run), so the full order of all six-card hands, and
    their ties with five-card hands, are the reference's."""
    subsets = list(itertools.combinations(range(6), 5))
    tables = {r: ref.class_table(r) for r in ref.RANKINGS}
    total = 0
    qualifying = 0
    for block in _six_card_blocks():
        codes = [ref.five_card_codes(block[:, list(cols)]) for cols in subsets]
        for ranking in ref.RANKINGS:
            table = tables[ranking]
            best = np.zeros(block.shape[0], dtype=np.int32)
            for code, flush in codes:
                np.maximum(best, np.where(flush, table.suited[code], table.plain[code]), out=best)
            expected = class_strengths[ranking][best]
            got = evaluate_many(block, ranking)
            bad = np.flatnonzero(got != expected)
            if bad.size:
                i = int(bad[0])
                pytest.fail(
                    f"{ranking}: {ref.cards_text(block[i])}: strength {int(got[i])}, expected "
                    f"{int(expected[i])} (reference best five: {table.categories[best[i]]} "
                    f"{table.keys[best[i]]}); {bad.size} such hands in this block"
                )
            if ranking == "eight-or-better":
                qualifying += int(np.count_nonzero(best))
        total += block.shape[0]
    assert total == 20_358_520
    # six-card hands holding five different ranks 8 or lower (ace low):
    assert qualifying == SIX_CARD_EIGHT_OR_BETTER
