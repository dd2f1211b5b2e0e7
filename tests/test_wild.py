"""Wild cards, the bug, penalty cards and two-card hands (docs/WILD_CARDS.md)
against the brute-force reference of ``wild_reference.py``.

Sizes (one core: about 50 s for the whole file):

* random cross-checks: per ranking and rule (``high`` without / with ``duplicate``;
  each low ranking under ``zero``, ``lowest-absent``, ``best-rank``), 50,000 five-card,
  10,000 six-card and 50,000 seven-card hands through ``evaluate_many`` with a wild-rank
  mask per row, every row holding 1-4 wild cards (the joker included: half the rows are
  evaluated with the joker as the bug, half with the joker fully wild), compared in
  full order with the reference;
* exhaustive: all 2,598,960 five-card hands with deuces wild (672 five of a kind, every
  category count, full order) and all 2,869,685 five-card hands of the 53-card deck in
  ``ace-to-five`` with the joker as the bug (6,175 values, every category's count,
  full order), and the same 2,869,685 hands in full order under seven more option sets;
  the seven-card deuces-wild count (609,760 five of a kind) is checked in C++
  (cpp/tests/test_core.cpp);
* scalar paths: 300 rows per ranking, rule and joker rule (batch = scalar, category,
  the played five rescored alone), 2,000 explicit-card wild hands per ranking and rule,
  1,500 short ``high`` hands per size and option set, penalty cards on 1,000 hands per
  rule, all 1,326 / 1,378 two-card hands.

The reference's own counts (deuces wild, the 53-card bug lows) are checked first,
without splitpot, by weighting each five-card signature with its number of hands.
"""

from __future__ import annotations

import functools
import itertools
import json
import math
import re
import subprocess
import sys
from collections import Counter
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt
import pytest

import reference as ref
import splitpot
import wild_reference as wref
from splitpot import CardError, RankingError, SplitpotError

RANK_CHARS = "23456789TJQKA"
LOWS = ("deuce-to-seven", "ace-to-six", "ace-to-five", "eight-or-better")
# (ranking, rule): the rule is ``duplicate`` for high and ``wild_low`` for the lows
COMBOS: list[tuple[str, str]] = [("high", "no-duplicate"), ("high", "duplicate")] + [
    (r, rule) for r in LOWS for rule in wref.LOW_RULES
]
N5, N6, N7 = 50_000, 10_000, 50_000


# ----------------------------------------------------------------------------- helpers


def text(cards: Any) -> str:
    return " ".join("Jk" if int(c) == 52 else ref.card_text(int(c)) for c in cards)


def ints(cards: str) -> list[int]:
    return [52 if t.lower() == "jk" else ref.card_int(t) for t in cards.split()]


def api_options(ranking: str, rule: str) -> dict[str, Any]:
    if ranking == "high":
        return {"duplicate": rule == "duplicate"}
    return {"wild_low": rule}


def ref_options(ranking: str, rule: str, joker: str = "bug", **more: Any) -> wref.Options:
    if ranking == "high":
        return wref.Options(ranking=ranking, joker=joker, duplicate=rule == "duplicate", **more)
    return wref.Options(ranking=ranking, joker=joker, wild_low=rule, **more)


def rank_list(mask: int) -> list[str] | None:
    ranks = [RANK_CHARS[r] for r in range(13) if mask >> r & 1]
    return ranks or None


def key_of(cards: str, **options: Any) -> wref.Key | None:
    return wref.best_key(ints(cards), wref.Options(**options))


def wild_rows(
    rng: np.random.Generator, n: int, k: int
) -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.uint16]]:
    """n random k-card hands from the 53-card deck and a 13-bit wild-rank mask per row
    (0-2 ranks, mostly ranks the row holds) such that every row holds 1-4 wild cards,
    counting the joker."""
    hands_out, masks_out = [], []
    got = 0
    while got < n:
        m = 2 * (n - got) + 64
        hands = ref.random_hands(rng, m, k).astype(np.int64)
        hands[rng.random(m) < 0.35, 0] = 52
        hands = np.take_along_axis(hands, np.argsort(rng.random((m, k)), axis=1), axis=1)
        n_ranks = rng.choice(3, size=m, p=[0.15, 0.6, 0.25])
        mask = np.zeros(m, dtype=np.int64)
        for j in range(2):
            held = hands[np.arange(m), rng.integers(0, k, m)]
            rank = np.where((held == 52) | (rng.random(m) < 0.2), rng.integers(0, 13, m), held // 4)
            mask |= np.where(n_ranks > j, 1 << rank, 0)
        joker = hands == 52
        wild = (((mask[:, None] >> np.minimum(hands // 4, 12)) & 1) == 1) & ~joker
        count = wild.sum(axis=1) + joker.any(axis=1)
        ok = (count >= 1) & (count <= 4)
        hands_out.append(hands[ok])
        masks_out.append(mask[ok])
        got += int(ok.sum())
    return (
        np.concatenate(hands_out)[:n].astype(np.uint8),
        np.concatenate(masks_out)[:n].astype(np.uint16),
    )


def assert_full_order(
    s: npt.NDArray[np.integer], keys: Sequence[wref.Key | None], what: str, detail: Any
) -> None:
    """sign(strength a - strength b) == sign(key a vs key b) for every pair, and 0
    exactly for None (dead hand / no qualifying low)."""
    o = wref.ordinals(keys)
    s = np.asarray(s, dtype=np.int64)
    zero = np.flatnonzero((s == 0) != (o == 0))
    assert zero.size == 0, f"{what}: strength 0 must mean no low / dead hand:\n{detail(int(zero[0]))}"
    bad = ref.order_violation(s, o)
    assert bad is None, f"{what}: {bad[2]}:\n{detail(bad[0])}\n{detail(bad[1])}" if bad else ""


# ----------------------------------------------------------------- the reference itself


def five_card_signatures(wild_ranks: set[int], joker: bool) -> Counter[tuple[Any, ...]]:
    """Every five-card hand of the 52 (or 53) card deck, grouped by reference
    signature (natural ranks, naturals one suit, wild count, bug) with its count."""
    nat_ranks = [r for r in range(13) if r not in wild_ranks]
    n_wild_cards = 4 * len(wild_ranks)
    out: Counter[tuple[Any, ...]] = Counter()
    for bug in (False, True) if joker else (False,):
        for nw in range(0, 6 - bug):
            m = 5 - nw - bug
            ways_wild = math.comb(n_wild_cards, nw)
            if not ways_wild:
                continue
            for ranks in itertools.combinations_with_replacement(nat_ranks, m):
                c = Counter(ranks)
                if max(c.values(), default=0) > 4:
                    continue
                total = math.prod(math.comb(4, v) for v in c.values())
                if len(c) == m:  # all different ranks: 4 one-suit choices (1 for none)
                    suited = 4 if m else 1
                    out[(ranks, True, nw, bug)] += suited * ways_wild
                    if total > suited:
                        out[(ranks, False, nw, bug)] += (total - suited) * ways_wild
                else:
                    out[(ranks, False, nw, bug)] += total * ways_wild
    return out


# Deuces wild, five cards: the published table (e.g. Wikipedia "Poker probability",
# deuces wild), five of a kind 672.
DEUCES_WILD_COUNTS = {
    "five_of_a_kind": 672,
    "straight_flush": 2_552,
    "four_of_a_kind": 31_552,
    "full_house": 12_672,
    "flush": 14_472,
    "straight": 62_232,
    "three_of_a_kind": 355_080,
    "two_pair": 95_040,
    "pair": 1_225_008,
    "high_card": 799_680,
}
# ace-to-five, 53 cards, the joker as the bug: each category's count of the 2,869,685 hands
BUG_ACE_TO_FIVE_COUNTS = {
    "high_card": 1_500_928,
    "pair": 1_180_608,
    "two_pair": 126_360,
    "three_of_a_kind": 57_408,
    "full_house": 3_744,
    "four_of_a_kind": 637,
}


@pytest.mark.slow
def test_reference_deuces_wild_counts() -> None:
    sigs = five_card_signatures({0}, joker=False)
    assert sum(sigs.values()) == 2_598_960
    cats: Counter[str] = Counter()
    for (ranks, suited, nw, bug), n in sigs.items():
        cats[wref.category(wref.high_five(ranks, suited, nw, bug, False), "high")] += n  # type: ignore[index]
    assert dict(cats) == DEUCES_WILD_COUNTS


def test_reference_bug_ace_to_five_counts() -> None:
    sigs = five_card_signatures(set(), joker=True)
    assert sum(sigs.values()) == 2_869_685
    cats: Counter[str] = Counter()
    values = set()
    for (ranks, suited, nw, bug), n in sigs.items():
        vals = tuple(sorted(wref.low_value(r, "ace-to-five") for r in ranks))
        key = wref.low_five("ace-to-five", vals, suited, nw, bug, "zero", False)
        cats[wref.category(key, "ace-to-five")] += n  # type: ignore[index]
        values.add(key)
    assert dict(cats) == BUG_ACE_TO_FIVE_COUNTS
    assert len(values) == 6_175


def test_reference_seed_examples() -> None:
    for ranking in ("ace-to-six", "ace-to-five"):
        assert key_of("6h 4d 3c Ah Jk", ranking=ranking, joker="wild") > key_of(  # type: ignore[operator]
            "6h 4d 3c 2h As", ranking=ranking
        )
    for ranking in LOWS[:3]:
        deuces = {"ranking": ranking, "wild_ranks": frozenset({0})}
        assert key_of("7h 5d 4c 2h 2s", **deuces) > key_of("7c 5s 4h 3d 2c", ranking=ranking)  # type: ignore[operator]
        assert key_of("7c 5s 4h 3d 2c", ranking=ranking) > key_of("7h 5d 4c 4h 2s", ranking=ranking)  # type: ignore[operator]
    assert wref.category(key_of("As Ah Ad Ac Jk"), "high") == "five_of_a_kind"
    assert key_of("Kh Kd 7c 4s Jk") == key_of("Kh Kd As 7c 4s")
    assert key_of("Kh 9h 7h 4h Jk") == key_of("Ah Kh 9h 7h 4h")
    assert key_of("Ah 9h 7h 4h 2c", wild_ranks=frozenset({0})) == key_of("Ah Kh 9h 7h 4h")
    assert key_of("Ah 9h 7h 4h 2c", wild_ranks=frozenset({0}), duplicate=True) > key_of(  # type: ignore[operator]
        "Ah Kh Qh Jh 9h"
    )


@pytest.mark.parametrize("k", [5, 7])
@pytest.mark.slow
def test_reference_batch_is_the_scalar_reference(k: int) -> None:
    """The signature-grouped batch path gives best_key row by row (guards the machinery)."""
    rng = np.random.default_rng(7 + k)
    hands, masks = wild_rows(rng, 150, k)
    for ranking, rule in COMBOS:
        for joker in ("bug", "wild"):
            opts = ref_options(ranking, rule, joker)
            keys = wref.batch_keys(hands, opts, masks)
            for row, mask, key in zip(hands.tolist(), masks.tolist(), keys, strict=True):
                one = ref_options(ranking, rule, joker, wild_ranks=wref.mask_ranks(mask))
                assert wref.best_key(row, one) == key, (ranking, rule, joker, text(row))


# ----------------------------------------------------------------------- rule examples


def S(cards: str, ranking: str = "high", **options: Any) -> int:
    return int(splitpot.strength(cards, ranking, **options))


def E(cards: Any, ranking: str = "high", **options: Any) -> splitpot.Hand:
    """``evaluate`` where a hand is expected (not None)."""
    hand = splitpot.evaluate(cards, ranking, **options)
    assert hand is not None, f"{cards} {ranking} {options}: no hand"
    return hand


@pytest.mark.parametrize("ranking", ["ace-to-six", "ace-to-five"])
def test_seed_double_ace_low(ranking: str) -> None:
    """With ace low and a (fully wild) joker, 6-4-3-A-Jk beats 6-4-3-2-A; as the bug
    the joker is the deuce and the hands tie."""
    assert S("6h 4d 3c Ah Jk", ranking, joker="wild") > S("6h 4d 3c 2h As", ranking)
    assert S("6h 4d 3c Ah Jk", ranking) == S("6h 4d 3c 2h As", ranking)


@pytest.mark.parametrize("ranking", ["deuce-to-seven", "ace-to-six", "ace-to-five"])
def test_seed_deuces_wild_low(ranking: str) -> None:
    """Deuces wild: 7-5-4-2-2 beats 7-5-4-3-2 (natural, or with its deuce wild), which
    beats the natural pair of fours 7-5-4-4-2."""
    best = S("7h 5d 4c 2h 2s", ranking, wild="2")
    assert best > S("7c 5s 4h 3d 2c", ranking)
    assert best > S("7c 5s 4h 3d 2c", ranking, wild="2")
    assert S("7c 5s 4h 3d 2c", ranking) > S("7h 5d 4c 4h 2s", ranking)


def test_five_aces() -> None:
    hand = E("As Ah Ad Ac Jk")
    assert hand.category == "five_of_a_kind"
    assert "ace" in str(hand)
    assert hand.strength > S("As Ks Qs Js Ts")
    assert S("As Ah Ad Ac Jk") == S("As Ah Ad Ac Jk", joker="wild")
    assert S("Ks Kh Kd Kc Jk") == S("Ks Kh Kd Kc Ac")  # the bug is an ace, not a king
    assert S("Ks Kh Kd Kc Jk", joker="wild") < S("As Ah Ad Ac Jk", joker="wild")
    assert E("Ks Kh Kd Kc Jk", joker="wild").category == "five_of_a_kind"


def test_five_of_a_kind_above_straight_flush() -> None:
    assert S("3s 3h 3d 2c 2d", wild="2") > S("As Ks Qs Js Ts")
    assert S("3s 3h 3d 2c 2d", wild="2") < S("4s 4h 2d 2c 2h", wild="2")
    assert S("Kh 2c 2d 2h 2s", wild="2") == S("Kc Kd Kh Ks Jk", joker="wild")


@pytest.mark.parametrize(
    ("with_bug", "natural"),
    [
        ("Kh Qd Jc Ts Jk", "Ah Kh Qd Jc Ts"),  # straight, the bug an ace
        ("9h 8d 7c 5s Jk", "9h 8d 7c 6d 5s"),  # straight, the bug a six
        ("2h 3d 4c 5s Jk", "6d 5s 4c 3d 2h"),  # six-high straight beats the wheel
        ("Kh 9h 7h 4h Jk", "Ah Kh 9h 7h 4h"),  # flush, the bug the ace of hearts
        ("Ah Kh 7h 4h Jk", "Ah Kh Qh 7h 4h"),  # flush, the bug the best missing heart
        ("Kh Qh Jh Th Jk", "Ah Kh Qh Jh Th"),  # royal flush
        ("9h 8h 7h 5h Jk", "9h 8h 7h 6h 5h"),  # straight flush
        ("Kh Kd 7c 4s Jk", "Kh Kd As 7c 4s"),  # otherwise an ace
        ("Ah Kd 7c 4s Jk", "Ah Ad Kd 7c 4s"),
        ("Ah Ad Kd Kc Jk", "Ah Ad Ac Kd Kc"),
        ("Ah Ad Ac 7s Jk", "Ah Ad Ac As 7s"),
    ],
)
def test_bug_in_high(with_bug: str, natural: str) -> None:
    assert S(with_bug) == S(natural)
    assert key_of(with_bug) == key_of(natural)


def test_bug_in_seven_cards() -> None:
    assert S("Kh 9h 7h 4h 2c 3d Jk") == S("Ah Kh 9h 7h 4h")
    assert S("As Ah Kd Kc 7s 2d Jk") == S("As Ah Ad Kd Kc")


def test_double_ace_flush_only_with_duplicate() -> None:
    """A-9-7-4 of hearts and a wild deuce: A-K flush, or with duplicate=True the A-A
    flush, above every natural A-K flush and below a full house."""
    cards = "Ah 9h 7h 4h 2c"
    assert S(cards, wild="2") == S("Ah Kh 9h 7h 4h")
    dup = E(cards, wild="2", duplicate=True)
    assert dup.category == "flush"
    assert dup.strength > S("Ah Kh Qh Jh 9h")
    assert dup.strength < S("2h 2d 2c 3s 3h")
    assert S("Ah Kh 7h 4h 2c", wild="2", duplicate=True) > S("Ah 9h 7h 4h 2c", wild="2", duplicate=True)
    # two wild cards, duplicate: A-A-A flush; without: A-K-Q flush
    assert S("Ah 9h 7h 2c 2d", wild="2") == S("Ah Kh Qh 9h 7h")
    assert S("Ah 9h 7h 2c 2d", wild="2", duplicate=True) > S("Ah 9h 7h 4h 2c", wild="2", duplicate=True)
    # and named for how many aces it holds (it was "double aces" with three)
    assert str(dup).startswith("flush, double aces (")
    assert str(E("Ah 9h 7h 2c 2d", wild="2", duplicate=True)).startswith("flush, triple aces (")


@pytest.mark.parametrize(
    ("ranking", "with_bug", "natural"),
    [
        ("ace-to-five", "Kh 2d 3c 4s Jk", "Kh 4s 3c 2d Ah"),  # the bug is the ace
        ("ace-to-five", "Ah 2d 3c 4s Jk", "5h 4s 3c 2d Ah"),  # ... the five: a wheel
        ("ace-to-five", "Ah 3c 4s 6d Jk", "6d 4s 3c 2h Ah"),
        ("ace-to-five", "Ah Ad 3c 4s Jk", "Ah Ad 2c 3c 4s"),
        ("eight-or-better", "Ah 3c 4s 6d Jk", "6d 4s 3c 2h Ah"),
        ("eight-or-better", "Ah 3c 4s 8d Jk", "8d 4s 3c 2h Ah"),
        ("ace-to-six", "Kh 2d 3c 4s Jk", "Kh 4s 3c 2d Ah"),
        ("ace-to-six", "Ah 2d 3c 4s Jk", "5h 4s 3c 2d Ah"),  # a straight in ace-to-six
        ("deuce-to-seven", "7h 5d 4c 3s Jk", "7h 5d 4c 3s 2d"),  # the deuce
        ("deuce-to-seven", "6h 5d 4c 3s Jk", "6h 5d 4c 3s 2d"),  # ... even making a straight
        ("deuce-to-seven", "7h 5h 4h 3h Jk", "7h 5h 4h 3h 2d"),  # a suit that makes no flush
    ],
)
def test_bug_in_lows_is_lowest_absent(ranking: str, with_bug: str, natural: str) -> None:
    assert S(with_bug, ranking) == S(natural, ranking)
    assert key_of(with_bug, ranking=ranking) == key_of(natural, ranking=ranking)


def test_eight_or_better_bug_needs_a_low() -> None:
    assert splitpot.evaluate("Kh Qd 3c 4s Jk", "eight-or-better") is None
    assert S("Kh Qd 3c 4s Jk", "eight-or-better") == 0
    assert S("9h 3c 4s 5d Jk", "eight-or-better") == 0
    assert S("8h 3c 4s 5d Jk", "eight-or-better") == S("8h 5d 4s 3c Ah", "eight-or-better")


@pytest.mark.parametrize(
    ("ranking", "cards", "rule", "natural"),
    [
        # joker fully wild with 5-4-3-2: zero keeps it a five-high no-straight...
        ("ace-to-six", "5h 4d 3c 2s Jk", "lowest-absent", "5h 4d 3c 2s Ah"),  # A: a straight
        ("ace-to-six", "5h 4d 3c 2s Jk", "best-rank", "7h 5d 4c 3s 2s"),  # 7: no straight
        ("deuce-to-seven", "6h 5d 4c 3s Jk", "lowest-absent", "6h 5d 4c 3s 2s"),  # straight
        ("deuce-to-seven", "6h 5d 4c 3s Jk", "best-rank", "8h 6d 5c 4s 3s"),
        ("ace-to-five", "Kh 9d 4c 3s Jk", "lowest-absent", "Kh 9d 4c 3s Ah"),
        ("ace-to-five", "Kh 9d 4c 3s Jk", "best-rank", "Kh 9d 4c 3s Ah"),
        ("ace-to-five", "Kh 9d 4c Ah Jk", "best-rank", "Kh 9d 4c 2s Ah"),
    ],
)
def test_low_rules(ranking: str, cards: str, rule: str, natural: str) -> None:
    assert S(cards, ranking, joker="wild", wild_low=rule) == S(natural, ranking)
    assert S(cards, ranking, joker="wild") > S(natural, ranking)  # zero, below an ace
    assert S(cards, ranking, joker="wild", wild_low="zero") == S(cards, ranking, joker="wild")


def test_zero_pairs_with_nothing() -> None:
    """Two zeros are two different cards: 7-5-4-0-0 is no pair, below 7-5-4-3-0."""
    two = S("7h 5d 4c 2h 2s", "ace-to-five", wild="2")
    one = S("7h 5d 4c 3h 2s", "ace-to-five", wild="2")
    assert two > one > S("7h 5d 4c 3h As", "ace-to-five")
    assert E("7h 5d 4c 2h 2s", "ace-to-five", wild="2").category == "high_card"
    # eight-or-better: zeros count as 8 or lower and are all different
    assert S("8h 5d 2c 2h 2s", "eight-or-better", wild="2") > 0
    assert S("9h 5d 2c 2h 2s", "eight-or-better", wild="2") == 0


def test_short_high_hands() -> None:
    """Fewer than five cards: a wild card joins the largest group, a lone one is an ace;
    the bug is an ace."""
    assert S("Kh 2c", wild="2") == S("Kh Kd")
    assert S("2c", wild="2") == S("Ah")
    assert S("Jk") == S("Ah")
    assert S("Jk As") == S("Ah As")
    assert S("Kh Kd 7c 2c", wild="2") == S("Kh Kd Kc 7c")
    assert S("Kh 2c 2d 2s", wild="2") == S("Kh Kd Kc Ks")
    assert S("Kh Qd Jk") == S("Ah Kh Qd")


# -------------------------------------------------------------------------- two cards


def two(cards: str, kind: str, **options: Any) -> int:
    return int(splitpot.strength_two(cards, kind, **options))


def test_two_card_examples() -> None:
    assert two("As Ad", "high") > two("Ks Kd", "high") > two("2s 2d", "high") > two("As Kd", "high")
    assert two("As Kd", "high") > two("As Qd", "high") > two("Ks Qd", "high") > two("3s 2d", "high")
    assert two("As 2d", "low") > two("As 3d", "low") > two("3s 2d", "low") > two("Ks Qd", "low")
    assert two("Ks Qd", "low") > two("2s 2d", "low") > two("3s 3d", "low") > two("As Ad", "low")
    hand = splitpot.evaluate_two("As Ad", "high")
    assert hand.strength == two("As Ad", "high")


def _two_hands(joker: bool) -> list[list[int]]:
    return [list(p) for p in itertools.combinations(range(53 if joker else 52), 2)]


@pytest.mark.parametrize("kind", ["high", "low"])
def test_two_card_full_order(kind: str) -> None:
    """All 1,326 natural two-card hands, full order against the reference; then all
    1,378 hands of the 53-card deck with the joker as the bug (an ace in high, the
    lowest absent rank, ace low, in low); then deuces wild in high."""
    cases: list[tuple[list[list[int]], dict[str, Any], wref.Options]] = [
        (_two_hands(False), {}, wref.Options()),
        (_two_hands(True), {"joker": "bug"}, wref.Options()),
    ]
    if kind == "high":
        cases.append((_two_hands(True), {"wild": "2"}, wref.Options(wild_ranks=frozenset({0}))))
        cases.append((_two_hands(True), {"joker": "wild"}, wref.Options(joker="wild")))
    for hands, api, opts in cases:
        s = np.array([int(splitpot.strength_two(h, kind, **api)) for h in hands])
        keys = [wref.two_key(h, kind, opts) for h in hands]
        assert_full_order(
            s, keys, f"two-card {kind} {api}", lambda i, h=hands, s=s: f"  {text(h[i])}: {s[i]}"
        )


def test_two_card_ints_read_as_the_same_hand_as_text() -> None:
    """Two natural ints take a fast path; it must give what the cards as text give."""
    for a, b in itertools.permutations(range(52), 2):
        for kind in ("high", "low"):
            fast, parsed = splitpot.evaluate_two([a, b], kind), splitpot.evaluate_two(text([a, b]), kind)
            assert (fast.strength, fast.ranks, fast.cards, str(fast)) == (
                parsed.strength, parsed.ranks, parsed.cards, str(parsed))


def test_two_card_wild() -> None:
    assert two("2c Ks", "high", wild="2") == two("Kh Ks", "high")
    assert two("2c 2d", "high", wild="2") == two("Ah As", "high")
    assert two("Jk Ks", "high") == two("As Ks", "high")
    assert two("Jk As", "high") == two("Ad As", "high")
    assert two("Jk 2s", "low") == two("As 2s", "low")
    assert two("Jk As", "low") == two("As 2s", "low")
    assert two("Jk 5s", "low") == two("As 5s", "low")
    # A fully wild card in a two-card low is at least as good as its best rank
    # (whether it counts as a zero or as the best rank is not pinned by the spec).
    for other in ("As", "2s", "5s", "Ks"):
        best = max(two(f"{r}d {other}", "low") for r in RANK_CHARS if f"{r}d" != other)
        assert two(f"Jk {other}", "low", joker="wild") >= best
    # K and a wild card (K-A or K-zero) is still a king-high low, worse than Q-J
    assert two("Jk Ks", "low", joker="wild") < two("Qs Jd", "low")


# ---------------------------------------------------------------- random cross-checks


# A crash of the core (a segfault) would end the whole test run; each ranking and rule
# is first run on 4,000 hands in a child process, and a crash fails its tests instead.
_PROBE = """
import json, sys
import numpy as np
sys.path.insert(0, sys.argv[2])
import splitpot, test_wild as t
for ranking, rule in json.loads(sys.argv[1]):
    rng = np.random.default_rng(5)
    for k in (5, 7):
        hands, masks = t.wild_rows(rng, 1_000, k)
        for joker in ("bug", "wild"):
            opts = t.api_options(ranking, rule)
            splitpot.evaluate_many(hands, ranking, wild_ranks=masks, joker=joker, **opts)
    print(json.dumps([ranking, rule]), flush=True)
"""


@pytest.fixture(scope="session")
def core_crashes() -> dict[tuple[str, str], str]:
    crashed: dict[tuple[str, str], str] = {}
    todo = list(COMBOS)
    while todo:
        proc = subprocess.run(
            [sys.executable, "-c", _PROBE, json.dumps(todo), str(Path(__file__).parent)],
            capture_output=True,
            text=True,
            timeout=600,
        )
        done = len(proc.stdout.splitlines())
        if proc.returncode == 0:
            break
        crashed[todo[done]] = f"exit status {proc.returncode}: {proc.stderr.strip()[-300:]}"
        todo = todo[done + 1 :]
    return crashed


def no_crash(core_crashes: dict[tuple[str, str], str], ranking: str, rule: str) -> None:
    if (ranking, rule) in core_crashes:
        pytest.fail(f"evaluate_many crashes the process for {ranking} {rule}: {core_crashes[ranking, rule]}")


Rows = dict[int, tuple[npt.NDArray[np.uint8], npt.NDArray[np.uint16]]]


@functools.cache
def sample_rows() -> Rows:
    rng = np.random.default_rng(0x3_11D)
    return {k: wild_rows(rng, n, k) for k, n in ((5, N5), (6, N6), (7, N7))}


def sample_parts() -> Iterator[tuple[str, npt.NDArray[np.uint8], npt.NDArray[np.uint16]]]:
    """(joker rule, hands, masks): the first half of each size with the joker as the
    bug, the second half with the joker fully wild."""
    for hands, masks in sample_rows().values():
        half = len(hands) // 2
        yield "bug", hands[:half], masks[:half]
        yield "wild", hands[half:], masks[half:]


@functools.cache
def sample_keys(ranking: str, rule: str) -> list[wref.Key | None]:
    keys: list[wref.Key | None] = []
    for joker, h, m in sample_parts():
        keys.extend(wref.batch_keys(h, ref_options(ranking, rule, joker), m))
    return keys


@pytest.fixture(scope="module")
def rows() -> Rows:
    return sample_rows()


@pytest.mark.parametrize(("ranking", "rule"), COMBOS)
@pytest.mark.slow
def test_full_order_against_reference(
    ranking: str,
    rule: str,
    core_crashes: dict[tuple[str, str], str],
) -> None:
    """50,000 five-, 10,000 six- and 50,000 seven-card hands with 1-4 wild cards (a
    wild-rank mask per row; the first half of each size with the joker as the bug, the
    second half with the joker fully wild) through ``evaluate_many``: strength 0 exactly
    where the reference has no low, and sign(strength a - strength b) == sign(reference
    a vs reference b) for every pair of the 110,000 hands."""
    no_crash(core_crashes, ranking, rule)
    strengths: list[npt.NDArray[np.int64]] = []
    shown: list[tuple[str, list[int], int]] = []
    for joker, h, m in sample_parts():
        s = splitpot.evaluate_many(h, ranking, wild_ranks=m, joker=joker, **api_options(ranking, rule))
        assert s.dtype == np.uint32 and s.shape == (len(h),)
        strengths.append(s.astype(np.int64))
        shown.extend((joker, row, int(mask)) for row, mask in zip(h.tolist(), m.tolist(), strict=True))
    s_all = np.concatenate(strengths)
    keys = sample_keys(ranking, rule)

    def detail(i: int) -> str:
        joker, row, mask = shown[i]
        return (
            f"  {text(row)} (wild ranks {rank_list(mask)}, joker={joker}): strength {s_all[i]}, "
            f"reference {wref.category(keys[i], ranking)} {keys[i]}"
        )

    assert_full_order(s_all, keys, f"{ranking} {rule}", detail)


@pytest.mark.parametrize(("ranking", "rule"), COMBOS)
@pytest.mark.slow
def test_sample_reaches_the_rare_hands(ranking: str, rule: str) -> None:
    """The random sample means something: per ranking and rule it holds thousands of
    five of a kind and straight flushes (high), of flushes repeating a rank (only with
    duplicate), of lows holding a zero (zero rule), of straights made by lowest-absent
    wild cards (deuce-to-seven, ace-to-six)."""
    keys = sample_keys(ranking, rule)
    cats = Counter(wref.category(k, ranking) for k in keys)
    if ranking == "high":
        assert cats["five_of_a_kind"] >= 2_000 and cats["straight_flush"] >= 2_000
        repeating = sum(1 for k in keys if k is not None and k[0] == ref.FLUSH and len(set(k[1:])) < 5)
        assert (repeating >= 2_000) if rule == "duplicate" else (repeating == 0)
        return
    with_zero = sum(1 for k in keys if k is not None and -k[0] == ref.HIGH_CARD and 1 in k[1:])
    assert (with_zero >= 20_000) if rule == "zero" else (with_zero == 0)
    if rule == "lowest-absent" and ranking in ("deuce-to-seven", "ace-to-six"):
        assert cats["straight"] >= 1_000
    assert len(set(keys)) >= (30 if ranking == "eight-or-better" else 500)


@pytest.mark.parametrize(("ranking", "rule"), COMBOS)
@pytest.mark.parametrize("joker", ["bug", "wild"])
def test_batch_equals_scalar(
    ranking: str,
    rule: str,
    joker: str,
    rows: Rows,
    core_crashes: dict[tuple[str, str], str],
) -> None:
    """Per-row ``wild_ranks`` equal scalar ``strength``/``evaluate`` with ``wild=`` that
    list of ranks (100 rows of each size); ``evaluate``'s category is the reference's."""
    no_crash(core_crashes, ranking, rule)
    opts = api_options(ranking, rule)
    for hands, masks in rows.values():
        h, m = hands[:100], masks[:100]
        batch = splitpot.evaluate_many(h, ranking, wild_ranks=m, joker=joker, **opts)
        keys = wref.batch_keys(h, ref_options(ranking, rule, joker), m)
        for row, mask, b, key in zip(h.tolist(), m.tolist(), batch.tolist(), keys, strict=True):
            wild = rank_list(mask)
            s = splitpot.strength(row, ranking, wild=wild, joker=joker, **opts)
            assert s == b, f"{text(row)} wild={wild} joker={joker}: scalar {s}, batch {b}"
            hand = splitpot.evaluate(row, ranking, wild=wild, joker=joker, **opts)
            if key is None:
                assert hand is None, f"{text(row)} wild={wild}: no low expected, got {hand!r}"
            else:
                assert hand is not None and hand.strength == s, text(row)
                assert hand.category == wref.category(key, ranking), (
                    f"{text(row)} wild={wild} joker={joker}: {hand.category}, reference {key}"
                )
                # the five played are five of the hand, and (where a five alone has the
                # same options: not best-rank, whose bug depends on the rest of the
                # hand) they alone score the hand's strength
                played = [int(c) for c in hand.cards]
                assert len(played) == 5 and set(played) <= set(row), f"{text(row)}: {hand.cards}"
                if rule != "best-rank":
                    again = splitpot.strength(played, ranking, wild=wild, joker=joker, **opts)
                    assert again == s, f"{text(row)} wild={wild} joker={joker}: {text(played)} {again} != {s}"


@pytest.mark.parametrize("ranking", ref.RANKINGS)
def test_threads_and_dtypes_keep_the_row_masks(ranking: str, rows: Rows) -> None:
    """Per-row masks stay with their rows when the batch is split across threads, and
    int64 cards give the same strengths as uint8 cards."""
    hands, masks = rows[7]
    opts: dict[str, Any] = {"wild_low": "best-rank"} if ranking != "high" else {}
    one = splitpot.evaluate_many(hands, ranking, wild_ranks=masks, **opts)
    two = splitpot.evaluate_many(hands, ranking, wild_ranks=masks, threads=2, **opts)
    assert np.array_equal(one, two)
    wide = splitpot.evaluate_many(hands.astype(np.int64), ranking, wild_ranks=masks, **opts)
    assert np.array_equal(one, wide)


RUN_LENGTHS = (1, 2, 3, 4, 7, 8, 9, 16, 17, 63, 65, 511, 513, 2049)
"""Run lengths across the batch paths' groups and blocks (4 and 8 keys at a time, the
wild loop's groups of 8, blocks of 512 keys and of 2,048 checked rows)."""


def runs_of_kinds(
    rng: np.random.Generator, k: int, total: int
) -> tuple[npt.NDArray[np.uint8], list[int], npt.NDArray[np.uint16]]:
    """Rows of k cards in runs of one kind, each kind after every other: 0 no deuce and
    no joker, 1 one or two deuces, 2 three or four, 3 the joker (beside a deuce or not);
    and a wild rank per row of its own: for a kind-0 row one it does not hold (or none),
    else the rank of one of its cards."""
    order = (0, 1, 0, 2, 0, 3, 1, 2, 1, 3, 2, 3, 3, 0, 2, 1)
    rows: list[list[int]] = []
    kinds: list[int] = []
    masks: list[int] = []
    q = 0
    while len(rows) < total:
        kind, length = order[q % len(order)], RUN_LENGTHS[q * 5 % len(RUN_LENGTHS)]
        q += 1
        for _ in range(length):
            low, high = {0: (0, 1), 1: (1, 3), 2: (3, 5), 3: (0, 2)}[kind]
            deuces = int(rng.integers(low, high))
            row = [int(c) for c in rng.choice(4, deuces, replace=False)]
            row += [int(c) for c in 4 + rng.choice(48, k - deuces, replace=False)]
            if kind == 3:
                row[int(rng.integers(deuces, k))] = 52
            row = [int(c) for c in rng.permutation(row)]
            held = {c // 4 for c in row if c < 52}
            if kind == 0:
                absent = sorted(set(range(13)) - held)
                mask = 0 if rng.random() < 0.25 else 1 << int(rng.choice(absent))
            else:
                mask = 1 << int(rng.choice(sorted(held)))
            rows.append(row)
            kinds.append(kind)
            masks.append(mask)
    return np.array(rows, dtype=np.uint8), kinds, np.array(masks, dtype=np.uint16)


@pytest.mark.parametrize("k", [5, 6, 7])
def test_runs_of_natural_wild_and_joker_rows(k: int, rng: np.random.Generator) -> None:
    """A batch whose rows come in runs of one kind (no wild card, one or two, three or
    more, the joker), every run length across the batch paths' groups and blocks:
    ``evaluate_many`` equals :func:`splitpot.strength` row by row, in every ranking,
    with the same wild cards in every row and with a wild rank per row, checked and
    not; and without wild options the runs of natural and joker rows (the bug)."""
    hands, kinds, masks = runs_of_kinds(rng, k, 3_000)
    lists = hands.tolist()
    for ranking in ref.RANKINGS:
        for opts in ({"wild": "2"}, {"wild": "2", "joker": "wild"}):
            want = [splitpot.strength(row, ranking, **opts) for row in lists]
            for check in (True, False):
                assert splitpot.evaluate_many(hands, ranking, check=check, **opts).tolist() == want, opts
        want = [
            splitpot.strength(row, ranking, wild=rank_list(mask), joker="wild")
            for row, mask in zip(lists, masks.tolist(), strict=True)
        ]
        for check in (True, False):
            got = splitpot.evaluate_many(hands, ranking, wild_ranks=masks, joker="wild", check=check)
            assert got.tolist() == want
        natural = hands[[kind in (0, 3) for kind in kinds]]
        want = [splitpot.strength(row, ranking) for row in natural.tolist()]
        for check in (True, False):
            assert splitpot.evaluate_many(natural, ranking, check=check).tolist() == want


def test_wild_and_wild_ranks_union(
    rows: Rows,
) -> None:
    hands, masks = rows[7]
    h, m = hands[:5_000], masks[:5_000]
    for ranking in ("high", "ace-to-five"):
        union = splitpot.evaluate_many(h, ranking, wild="3", wild_ranks=m)
        mask = (m | np.uint16(1 << 1)).astype(np.uint16)
        assert np.array_equal(union, splitpot.evaluate_many(h, ranking, wild_ranks=mask))
    cards = splitpot.evaluate_many(h, "ace-to-six", wild="Jd 4h", wild_ranks=m)
    loop = [
        splitpot.strength(row, "ace-to-six", wild=["Jd", "4h", *(rank_list(x) or [])])
        for row, x in zip(h[:500].tolist(), m[:500].tolist(), strict=True)
    ]
    assert cards[:500].tolist() == loop
    same = splitpot.evaluate_many(h, "high", wild="2")
    assert np.array_equal(same, splitpot.evaluate_many(h, "high", wild_ranks=np.full(len(h), 1, np.uint16)))


@pytest.mark.parametrize(("ranking", "rule"), COMBOS)
def test_explicit_wild_cards_against_reference(
    ranking: str, rule: str, core_crashes: dict[tuple[str, str], str]
) -> None:
    """2,000 hands (5 and 7 cards, 53-card deck) with two explicit wild cards, one of
    them always in the hand (``wild="Jd 4h"``), scalar calls, full order."""
    no_crash(core_crashes, ranking, rule)
    rng = np.random.default_rng(1_000 + COMBOS.index((ranking, rule)))
    s, keys, shown = [], [], []
    for i in range(2_000):
        k = 5 if i % 2 else 7
        deck = rng.permutation(53)
        hand = [int(c) for c in deck[:k]]
        first = hand[rng.integers(k)]
        second = int(deck[k + rng.integers(5)]) if rng.random() < 0.5 else hand[rng.integers(k)]
        wild_cards = sorted({c for c in (first, second) if c != 52})
        joker = "wild" if i % 4 < 2 else "bug"
        wild_text = " ".join(ref.card_text(c) for c in wild_cards)
        api = api_options(ranking, rule)
        if wild_cards:
            s.append(splitpot.strength(hand, ranking, wild=wild_text, joker=joker, **api))
        else:
            s.append(splitpot.strength(hand, ranking, joker=joker, **api))
        keys.append(wref.best_key(hand, ref_options(ranking, rule, joker, wild_cards=frozenset(wild_cards))))
        shown.append(f"  {text(hand)} wild={wild_text!r} joker={joker}")
    sa = np.array(s, dtype=np.int64)
    assert_full_order(sa, keys, f"{ranking} {rule}", lambda i: f"{shown[i]}: {sa[i]}, reference {keys[i]}")


@pytest.mark.parametrize("n", [1, 2, 3, 4])
def test_short_high_hands_against_reference(n: int) -> None:
    """1,500 random 1-4 card high hands (53 cards) with deuces wild or the joker, full
    order within the card count."""
    rng = np.random.default_rng(40 + n)
    hands = [[int(c) for c in rng.permutation(53)[:n]] for _ in range(1_500)]
    for api, opts in (
        ({"wild": "2"}, wref.Options(wild_ranks=frozenset({0}))),
        ({"wild": ["2", "7"], "joker": "wild"}, wref.Options(wild_ranks=frozenset({0, 5}), joker="wild")),
        ({}, wref.Options()),
    ):
        s = np.array([splitpot.strength(h, "high", **api) for h in hands], dtype=np.int64)
        keys = [wref.best_key(h, opts) for h in hands]
        assert_full_order(
            s, keys, f"{n} cards {api}", lambda i, s=s, k=keys: f"  {text(hands[i])}: {s[i]} {k[i]}"
        )


# ------------------------------------------------------------------------- exhaustive


@pytest.mark.slow
def test_deuces_wild_all_five_card_hands(all_five_card_hands: npt.NDArray[np.uint8]) -> None:
    """All 2,598,960 five-card hands, deuces wild: 672 five of a kind, every category
    count of the published table, and the full order against the reference."""
    s = splitpot.evaluate_many(all_five_card_hands, "high", wild="2")
    uniq, first, counts = np.unique(s, return_index=True, return_counts=True)
    cats: Counter[str] = Counter()
    for i, n in zip(first.tolist(), counts.tolist(), strict=True):
        hand = E(all_five_card_hands[i].tolist(), "high", wild="2")
        cats[hand.category.value] += n
    assert cats["five_of_a_kind"] == 672
    assert dict(cats) == DEUCES_WILD_COUNTS
    o, table = wref.batch_ordinals(all_five_card_hands, wref.Options(wild_ranks=frozenset({0})))
    assert uniq.size == o.max()
    bad = ref.order_violation(s, o)
    assert bad is None, (
        f"deuces wild: {bad[2]}: {text(all_five_card_hands[bad[0]])} ({s[bad[0]]}, {table[o[bad[0]]]}) vs "
        f"{text(all_five_card_hands[bad[1]])} ({s[bad[1]]}, {table[o[bad[1]]]})"
        if bad
        else ""
    )


@functools.cache
def _all_53_card_fives() -> npt.NDArray[np.uint8]:
    n = math.comb(53, 5)
    flat = np.fromiter(
        itertools.chain.from_iterable(itertools.combinations(range(53), 5)), dtype=np.uint8, count=5 * n
    )
    return flat.reshape(n, 5)


@pytest.mark.slow
def test_bug_ace_to_five_all_53_card_hands() -> None:
    """All 2,869,685 five-card hands of the 53-card deck in ace-to-five with the joker
    as the bug: 6,175 distinct values, every category's count, full order."""
    hands = _all_53_card_fives()
    s = splitpot.evaluate_many(hands, "ace-to-five")
    uniq, first, counts = np.unique(s, return_index=True, return_counts=True)
    assert uniq.size == 6_175
    assert int(uniq[0]) > 0
    cats: Counter[str] = Counter()
    for i, n in zip(first.tolist(), counts.tolist(), strict=True):
        cats[E(hands[i].tolist(), "ace-to-five").category.value] += n
    assert dict(cats) == BUG_ACE_TO_FIVE_COUNTS
    assert np.array_equal(s, splitpot.evaluate_many(hands, "ace-to-five", joker="bug"))
    o, _ = wref.batch_ordinals(hands, wref.Options(ranking="ace-to-five"))
    bad = ref.order_violation(s, o)
    assert bad is None, (
        f"{bad[2]}: {text(hands[bad[0]])} ({s[bad[0]]}) vs {text(hands[bad[1]])} ({s[bad[1]]})" if bad else ""
    )


EXHAUSTIVE_53 = [
    ("high", {}),
    ("high", {"joker": "wild", "wild": "2"}),
    ("high", {"wild": "2", "duplicate": True}),
    ("deuce-to-seven", {}),
    ("ace-to-six", {"wild": "2", "wild_low": "best-rank"}),
    ("eight-or-better", {"joker": "wild", "wild_low": "lowest-absent"}),
    ("ace-to-five", {"wild": ["2", "K"], "wild_low": "zero"}),
]


@pytest.mark.parametrize(("ranking", "options"), EXHAUSTIVE_53, ids=str)
@pytest.mark.slow
def test_all_53_card_hands_full_order(ranking: str, options: dict[str, Any]) -> None:
    """All 2,869,685 five-card hands of the 53-card deck under a few option sets
    (the bug in high and deuce-to-seven, jokers and deuces wild, duplicates, the three
    low rules): full order against the reference, strength 0 exactly for no low."""
    hands = _all_53_card_fives()
    s = splitpot.evaluate_many(hands, ranking, **options)
    opts = wref.Options(
        ranking=ranking,
        joker=options.get("joker", "bug"),
        wild_ranks=frozenset(RANK_CHARS.index(r) for r in options.get("wild", [])),
        wild_low=options.get("wild_low", "zero"),
        duplicate=options.get("duplicate", False),
    )
    o, table = wref.batch_ordinals(hands, opts)
    assert np.array_equal(s == 0, o == 0)
    bad = ref.order_violation(s, o)
    assert bad is None, (
        f"{ranking} {options}: {bad[2]}: {text(hands[bad[0]])} ({s[bad[0]]}, {table[o[bad[0]]]}) vs "
        f"{text(hands[bad[1]])} ({s[bad[1]]}, {table[o[bad[1]]]})"
        if bad
        else ""
    )


# ---------------------------------------------------------------- forms and selectors


def test_wild_forms_agree() -> None:
    rng = np.random.default_rng(11)
    hands = [[int(c) for c in rng.permutation(52)[:7]] for _ in range(300)]
    for h in hands:
        base = splitpot.strength(h, "high", wild="2")
        assert splitpot.strength(h, "high", wild=["2"]) == base
        assert splitpot.strength(h, "high", wild="2c 2d 2h 2s") == base
        assert splitpot.strength(h, "high", wild=[0, 1, 2, 3]) == base
        assert splitpot.strength(h, "high", wild=[splitpot.Card(c) for c in (0, 1, 2, 3)]) == base
        assert splitpot.strength(h, "high", wild="T") == splitpot.strength(h, "high", wild="10")
        assert splitpot.strength(h, "high", wild=["2", "3"]) == splitpot.strength(
            h, "high", wild="2c 2d 2h 2s 3c 3d 3h 3s"
        )
        assert splitpot.strength(h, "high", wild=None) == splitpot.strength(h, "high")


@pytest.mark.parametrize("low", LOWS)
def test_high_low_takes_the_wild_options(low: str) -> None:
    rng = np.random.default_rng(5)
    for _ in range(300):
        h = [int(c) for c in rng.permutation(53)[:7]]
        all_options: list[dict[str, Any]] = [
            {"wild": "2"},
            {"wild": "2", "wild_low": "best-rank", "joker": "wild"},
            {},
        ]
        for options in all_options:
            hl = splitpot.high_low(h, low=low, **options)
            high_options = {k: v for k, v in options.items() if k != "wild_low"}  # a low rule
            assert hl.high.strength == splitpot.strength(h, "high", **high_options), text(h)
            lo = splitpot.strength(h, low, **options)
            assert (hl.low.strength if hl.low is not None else 0) == lo, text(h)


def test_cli_eval_names_a_joker_hand(capsys: pytest.CaptureFixture[str]) -> None:
    from splitpot.cli import main

    assert main(["eval", "As", "Ah", "Ad", "Ac", "Jk"]) == 0
    assert "five of a kind" in capsys.readouterr().out


def test_cli_eval_takes_the_wild_options(capsys: pytest.CaptureFixture[str]) -> None:
    """``splitpot eval`` takes the wild options; the flag follows the keyword
    ``wild=``: ``--wild 2``."""
    from splitpot.cli import main

    assert main(["eval", "As", "Ah", "Kd", "2c", "7s", "--wild", "2"]) == 0
    assert "three of a kind" in capsys.readouterr().out


def test_cli_eval_of_two_cards_with_a_wild_card_reads_the_ace_lows_as_two_cards(
    capsys: pytest.CaptureFixture[str]
) -> None:
    """Was: every low "needs 5 cards with wild cards", where evaluate_two reads the two-card low
    (two natural cards' lows were read)."""
    from splitpot.cli import main

    assert main(["eval", "Jk", "5s", "--plain"]) == 0
    out = capsys.readouterr().out
    rows = {line[:17].strip(): line[17:].split("  ")[0].strip() for line in out.splitlines()[1:]}
    assert rows["ace-to-five"] == rows["ace-to-six"] == "five-ace low (Jk as A)"
    assert main(["eval", "2s", "5s", "--wild", "2", "--json"]) == 0
    hands = {row["ranking"]: row for row in json.loads(capsys.readouterr().out)["hands"]}
    assert hands["ace-to-five"]["hand"] == "five-ace low (2s as A)"
    assert hands["ace-to-five"]["cards"] == ["2s", "5s"]


@pytest.mark.parametrize(
    ("rule", "cards"), [("dead-hand", ["9s"]), ("void-card", ["9s", "7s"]), ("dead-hand", ["7", "Kd"])]
)
def test_cli_eval_calls_a_hand_with_a_penalty_card_dead_in_every_ranking(
    capsys: pytest.CaptureFixture[str], rule: str, cards: list[str]
) -> None:
    """Was: "dead hand" for high, "no qualifying low" in the lows (a 9-low would qualify).
    A rank and a card mix (``--penalty 7 --penalty Kd``: was refused as one text, "7 Kd")."""
    from splitpot.cli import main

    penalty = [flag for card in cards for flag in ("--penalty", card)]
    assert main(["eval", "As", "2d", "9s", "7s", "3s", *penalty, "--penalty-rule", rule, "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)["hands"]
    assert [row["hand"] for row in rows] == ["dead hand"] * 5


def _shown(hand: Any) -> list[str]:
    """Texts that may show a substitution: each of ``Hand.cards``, and the parts of
    ``str(hand)`` (e.g. "four of a kind, kings (2c as K♠, 2s as K♣)")."""
    parts = [str(c) for c in hand.cards] + re.split(r"[,()]", str(hand))
    return [p.lower().replace(" as ", " ") for p in parts]


@pytest.mark.parametrize(
    ("cards", "options", "wild_card", "stands_for"),
    [
        ("Kh Kd 2c 2s 7d", {"wild": "2"}, "2c", "k"),
        ("Kh Kd 2c 2s 7d", {"wild": "2"}, "2s", "k"),
        ("As Ah Ad Ac Jk", {}, "jk", "a"),
        ("Kh Qd Jc Ts Jk", {}, "jk", "a"),
        ("9h 8d 7c 5s Jk", {}, "jk", "6"),
        ("Kh 9h 7h 4h Jk", {}, "jk", "a"),
        ("Kh 2d 3c 4s Jk", {"ranking": "ace-to-five"}, "jk", "a"),
        ("7h 5d 4c 3s Jk", {"ranking": "deuce-to-seven"}, "jk", "2"),
        ("7h 5d 4c 3s 2c", {"ranking": "deuce-to-seven", "wild": "2"}, "2c", "zero"),
    ],
)
def test_hand_shows_what_a_wild_card_stands_for(
    cards: str, options: dict[str, Any], wild_card: str, stands_for: str
) -> None:
    """Loosely: ``Hand.cards`` or ``str(hand)`` shows the wild card's own text and,
    beside it, what it stands for."""
    options = dict(options)
    ranking = options.pop("ranking", "high")
    hand = E(cards, ranking, **options)
    shown = _shown(hand)
    assert any(wild_card in t and stands_for in t.replace(wild_card, "", 1) for t in shown), (
        f"{cards}: {hand.cards} / {str(hand)!r} should show {wild_card} standing for {stands_for}"
    )


# ------------------------------------------------------------------------ penalty cards


@pytest.mark.parametrize("rule", ["dead-hand", "void-card"])
def test_penalty_cards(rule: str) -> None:
    """1,000 random 5-7 card hands (53 cards), a penalty card that the hand holds half
    the time, sometimes also wild: the hand is dead (dead-hand), or evaluated without
    the card and dead below five cards (void-card); checked against the reference."""
    rng = np.random.default_rng(99 if rule == "dead-hand" else 98)
    for i in range(1_000):
        k = 5 + i % 3
        deck = [int(c) for c in rng.permutation(52)]
        hand = deck[:k]
        if i % 5 == 0:
            hand[0] = 52
        penalty = hand[rng.integers(1, k)] if i % 2 else deck[k + 1]
        ranking = ref.RANKINGS[i % 5]
        wild: str | list[str] | None = "2" if i % 3 else None
        wild_rank = frozenset({0}) if wild else frozenset()
        if wild and penalty >> 2 == 0:  # a card both wild and penalty is refused: the other deuces wild
            wild = [ref.card_text(k) for k in range(4) if k != penalty]
        s = splitpot.strength(hand, ranking, wild=wild, penalty=ref.card_text(penalty), penalty_rule=rule)
        opts = wref.Options(
            ranking=ranking, wild_ranks=wild_rank, penalty=frozenset({penalty}), penalty_rule=rule
        )
        key = wref.best_key(hand, opts)
        if penalty in hand and (rule == "dead-hand" or k == 5):
            assert s == 0 and key is None, f"{text(hand)} penalty {ref.card_text(penalty)}: {s}"
            assert splitpot.evaluate(hand, ranking, wild=wild, penalty=[penalty], penalty_rule=rule) is None
        elif penalty in hand:
            rest = [c for c in hand if c != penalty]
            assert s == splitpot.strength(rest, ranking, wild=wild), (
                f"{text(hand)} void {ref.card_text(penalty)}"
            )
        else:
            assert s == splitpot.strength(hand, ranking, wild=wild), text(hand)
        assert (s == 0) == (key is None)


def test_penalty_default_rule_is_dead_hand() -> None:
    assert S("As Ah Ad Ac Ks", penalty="Ks") == 0
    assert S("As Ah Ad Ac Ks 7d", penalty="Ks", penalty_rule="void-card") == S("As Ah Ad Ac 7d")
    voided = S("As Ah Ad Ac Ks 2d", wild="2c 2h 2s", penalty="2d", penalty_rule="void-card")
    assert voided == S("As Ah Ad Ac Ks")
    with pytest.raises(RankingError, match="wild and penalty both name 2d"):  # the 2d's wildness did nothing
        S("As Ah Ad Ac Ks 2d", wild="2", penalty="2d", penalty_rule="void-card")
    assert S("As Ah Ad Ac Ks 2d", wild="2") > S("As Ah Ad Ac Ks")


def test_void_card_kills_a_short_hand_only_where_a_penalty_card_takes_it_below_five() -> None:
    """docs/WILD_CARDS.md's reading of "left with fewer than five playable cards": a
    partial hand holding no penalty card is evaluated as it is; one that a penalty
    card takes below five is dead, however short it was."""
    assert S("As Ks Qs", penalty="4c", penalty_rule="void-card") == S("As Ks Qs") > 0
    assert S("As Ks Qs Js", penalty="4c", penalty_rule="void-card") == S("As Ks Qs Js") > 0
    assert S("As Ks Qs 4c", penalty="4c", penalty_rule="void-card") == 0
    assert S("As Ks Qs Js Ts 4c", penalty="4c", penalty_rule="void-card") == S("As Ks Qs Js Ts")


# ----------------------------------------------------------------------- invalid input


@pytest.mark.parametrize("bad", ["1", "Z", "Xs Qq", ["2", "Z"], ["11"]])
def test_unknown_wild_rank_or_card(bad: Any) -> None:
    with pytest.raises((CardError, RankingError)) as info:
        splitpot.strength("As Kd 7h 5c 2d", "high", wild=bad)
    shown = bad if isinstance(bad, str) else bad[-1]
    assert shown.split()[0].lower() in str(info.value).lower()


@pytest.mark.parametrize(
    ("option", "value"),
    [("wild_low", "bogus-rule"), ("joker", "bogus-joker"), ("penalty_rule", "bogus-penalty")],
)
def test_unknown_rule_names(option: str, value: str) -> None:
    bad: dict[str, Any] = {option: value}
    for ranking in ("high", "ace-to-five"):
        with pytest.raises(SplitpotError) as info:
            splitpot.strength("As Kd 7h 5c 2d", ranking, **bad)
        assert isinstance(info.value, ValueError)
        assert value in str(info.value)
    with pytest.raises(RankingError, match="bogus-rule"):
        splitpot.strength("As Kd 7h 5c 2d", "ace-to-five", wild_low="bogus-rule")


def test_wild_rule_unknown_to_the_ranking() -> None:
    """wild_low is a rule of the low rankings, duplicate a rule of high."""
    for rule in ("lowest-absent", "best-rank"):
        with pytest.raises(RankingError, match=rule):
            splitpot.strength("As Kd 7h 5c 2d", "high", wild="2", wild_low=rule)
    with pytest.raises(RankingError, match="duplicate"):
        splitpot.strength("As Kd 7h 5c 2d", "ace-to-five", wild="2", duplicate=True)


@pytest.mark.parametrize("wild", ["Jk", ["Jk"], "2c Jk"])
def test_the_joker_is_not_named_among_wild_cards(wild: Any) -> None:
    """WILD_CARDS.md: the joker is never named in ``wild``; its treatment is ``joker``."""
    with pytest.raises((RankingError, CardError), match="joker"):
        splitpot.strength("As Kd 7h 5c Jk", "high", wild=wild)


def test_evaluate_many_bad_wild_ranks() -> None:
    hands = np.array([[0, 5, 10, 15, 20], [1, 6, 11, 16, 21]], dtype=np.uint8)
    with pytest.raises(SplitpotError):
        splitpot.evaluate_many(hands, "high", wild_ranks=np.zeros(3, dtype=np.uint16))
    with pytest.raises(SplitpotError):
        splitpot.evaluate_many(hands, "high", wild_ranks=np.array([1 << 13, 0], dtype=np.uint16))
    with pytest.raises(SplitpotError, match="bogus"):
        splitpot.evaluate_many(
            hands, "ace-to-five", wild_ranks=np.zeros(2, dtype=np.uint16), wild_low="bogus"
        )


def test_low_needs_five_cards_with_wild_cards() -> None:
    with pytest.raises(CardError):
        splitpot.strength("7h 5d 2c", "ace-to-five", wild="2")
    with pytest.raises(CardError):
        splitpot.strength("7h 5d 4c Jk", "ace-to-five")


@pytest.mark.parametrize("ranking", ["deuce-to-seven", "ace-to-six", "ace-to-five"])
@pytest.mark.parametrize("rule", ["lowest-absent", "best-rank"])
def test_the_ranks_named_for_wild_cards_give_the_hands_strength(
    ranking: str, rule: str, rng: np.random.Generator
) -> None:
    """``Hand.wilds`` names a rank for each wild card of a low; natural cards of those ranks,
    in the best suits the hand leaves free, make a hand of the same strength.  (Regression:
    best-rank named the wild rank itself, "5h 4d 3c Ah 2s" deuces wild in ace-to-six read
    "five-four low (2s as 2)" for what is six-five-four-three-ace.)"""
    checked = 0
    while checked < 300:
        cards = [int(c) for c in rng.choice(52, size=5, replace=False)]
        if not any(c >> 2 == 0 for c in cards):
            continue
        hand = E(cards, ranking, wild="2", wild_low=rule)
        assert hand is not None
        naturals = [int(c) for c in hand.cards if all(int(c) != int(w) for w, _ in hand.wilds)]
        ranks = [int(splitpot.Card(text + "c")) >> 2 for _, text in hand.wilds]
        choices = [[4 * r + s for s in range(4) if 4 * r + s not in naturals] for r in ranks]
        best = max(
            splitpot.strength(naturals + list(pick), ranking)
            for pick in itertools.product(*choices)
            if len(set(pick)) == len(pick)
        )
        assert best == hand.strength, f"{hand} ({[str(c) for c in hand.cards]}): named {hand.wilds}"
        checked += 1


def test_a_joker_both_wild_and_penalty_is_advised_by_its_own_option() -> None:
    """joker="wild" with the joker a penalty card: the advice names joker='bug', not the
    wild= that was never given (it said "leave wild out")."""
    with pytest.raises(RankingError) as info:
        splitpot.strength("As Ks Qs Js Jk", penalty="Jk", joker="wild")
    said = str(info.value)
    assert said.startswith("joker='wild' and penalty both name Jk:")
    assert "joker='bug'" in said and "leave wild out" not in said and "wild=" not in said
    with pytest.raises(RankingError, match=r"^wild, joker='wild' and penalty both name 2c Jk: .*"
                       r"\(wild='2d 2h 2s'\), play the joker as the bug \(joker='bug'\)"):
        splitpot.strength("As Ks Qs Js Jk", penalty="Jk 2c", joker="wild", wild="2")
    with pytest.raises(RankingError, match=r"^wild and penalty both name 2: .*; leave wild out, or"):
        splitpot.strength("As Ks Qs Js Jk", penalty="2", wild="2")
    assert splitpot.strength("As Ks Qs Js Jk", penalty="Jk", joker="bug") == 0  # the bug: a penalty card


def test_per_row_wild_ranks_holding_a_penalty_card_are_refused_with_the_row() -> None:
    """As wild= naming a penalty card is refused, so is a wild_ranks row making its rank
    wild (it was evaluated: deuces wild and 2c a penalty card gave 0 silently)."""
    batch = np.array([[0, 4, 8, 12, 16], [51, 47, 43, 39, 35], [1, 5, 9, 13, 17]], np.uint8)
    with pytest.raises(RankingError, match=r"^wild_ranks row 1 makes 2 3 wild and penalty names 2c 3s: .*"
                       r"clear those bits \(wild_ranks & ~0x3\)"):
        splitpot.evaluate_many(batch, wild_ranks=np.array([0, 3, 1 << 12], np.uint16), penalty="2c 3s")
    with pytest.raises(RankingError, match=r"^wild_ranks row 0 makes 2 wild and penalty names 2"):
        splitpot.evaluate_many(batch, wild_ranks=np.array([1, 0, 0], np.uint16), penalty="2")
    ok = splitpot.evaluate_many(batch, wild_ranks=np.array([2, 1 << 12, 4], np.uint16), penalty="2c")
    assert ok.tolist() == [
        splitpot.strength(batch[0], wild="3", penalty="2c"),
        splitpot.strength(batch[1], wild="A", penalty="2c"),
        splitpot.strength(batch[2], wild="4", penalty="2c"),
    ]


def test_two_card_rankings_are_plain_text_matched_as_option_values() -> None:
    """`evaluate_two(cards, Ranking.HIGH)` kept the enum (repr `kind=<Ranking.HIGH: 'high'>`),
    "Low"/"HIGH" raised RankingError; `.category` is a Category, as a Hand's is."""
    from splitpot import Category, Ranking, TwoCardHand, evaluate_two, parse_cards

    for given in ("high", "HIGH", Ranking.HIGH, "High"):
        hand = evaluate_two("As 2d", given)
        assert type(hand.kind) is str and hand.ranking == "high" and "kind='high'" in repr(hand)
        assert hand == evaluate_two("As 2d", "high")
    assert evaluate_two("As 2d", "Low").kind == "low" and evaluate_two("As 2d", kind="LOW").kind == "low"
    assert evaluate_two("As Ad").category is Category.PAIR
    assert evaluate_two("As 2d").category is Category.HIGH_CARD
    with pytest.raises(RankingError, match="unknown two-card ranking 'b'"):
        TwoCardHand("a", "b", (), (1,))  # type: ignore[arg-type]
    with pytest.raises(CardError, match="exactly 2 cards, got 0"):
        TwoCardHand(5, "high", (), (1,))
    with pytest.raises(RankingError, match="not a two-card strength"):
        TwoCardHand(-5, "high", tuple(parse_cards("2c 2d")), (0, 0))
    assert TwoCardHand(5, "HIGH", "2c 2d", (0, 0)).cards == tuple(parse_cards("2c 2d"))  # type: ignore[arg-type]
