"""Rule examples of the rules reference (docs/rules.md), §1 and the Hand / HighLow API (docs/API.md)."""

from __future__ import annotations

import contextlib
import dataclasses
import importlib
import itertools
import operator
import re
import sys
import threading
import time
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

import reference as ref
import splitpot
from splitpot import (
    Card,
    Category,
    Hand,
    HighLow,
    Ranking,
    evaluate,
    evaluate_many,
    high_low,
    parse_cards,
    strength,
)
from splitpot.errors import CardError, CardTypeError, RankingError, SplitpotError

LOWS = ref.LOW_RANKINGS


def s(cards: str, ranking: str = "high") -> int:
    return strength(cards, ranking)


def ints(cards: str) -> list[int]:
    return ref.hand_ints(cards)


def test_public_names_at_top_level_and_in_module() -> None:
    for name in (
        "Ranking",
        "Category",
        "Hand",
        "HighLow",
        "strength",
        "evaluate",
        "evaluate_many",
        "high_low",
    ):
        # ``splitpot.evaluate`` is the function; the module is reached by its full name
        assert getattr(splitpot, name) is getattr(importlib.import_module("splitpot.evaluate"), name)


def test_ranking_values() -> None:
    assert [r.value for r in Ranking] == list(ref.RANKINGS)
    for name in ref.RANKINGS:
        assert Ranking(name) == name


def test_category_values() -> None:
    assert [c.value for c in Category] == list(ref.CATEGORIES)


@pytest.mark.parametrize("ranking", ref.RANKINGS)
def test_ranking_enum_or_string(ranking: str) -> None:
    cards = "7c 5d 4h 3s 2c"
    assert s(cards, ranking) == strength(cards, Ranking(ranking))
    assert evaluate(cards, Ranking(ranking)) == evaluate(cards, ranking)


def test_default_ranking_is_high() -> None:
    cards = "Kc Kd Kh Tc Ts"
    assert strength(cards) == s(cards, "high")
    hand = evaluate(cards)
    assert hand is not None
    assert hand.ranking == Ranking("high")


# ------------------------------------------------------------------------ high rules


def test_high_category_ladder() -> None:
    ladder = [
        ("7c 5d 4h 3s 2c", "high_card"),
        ("Ac Kd Qh Js 9c", "high_card"),
        ("2c 2d 3h 4s 5c", "pair"),
        ("Ac Ad Kh Qs Jc", "pair"),
        ("3c 3d 2h 2s 4c", "two_pair"),
        ("Ac Ad Kh Ks Qc", "two_pair"),
        ("2c 2d 2h 3s 4c", "three_of_a_kind"),
        ("Ac Ad Ah Ks Qc", "three_of_a_kind"),
        ("Ac 2d 3h 4s 5c", "straight"),
        ("2c 3d 4h 5s 6c", "straight"),
        ("Tc Jd Qh Ks Ac", "straight"),
        ("2c 3c 4c 5c 7c", "flush"),
        ("Ac Kc Qc Jc 9c", "flush"),
        ("2c 2d 2h 3s 3c", "full_house"),
        ("Ac Ad Ah Ks Kc", "full_house"),
        ("2c 2d 2h 2s 3c", "four_of_a_kind"),
        ("Ac Ad Ah As Kc", "four_of_a_kind"),
        ("Ac 2c 3c 4c 5c", "straight_flush"),
        ("9s Ts Js Qs Ks", "straight_flush"),
        ("Ts Js Qs Ks As", "straight_flush"),
    ]
    strengths = [s(cards) for cards, _ in ladder]
    assert strengths == sorted(strengths)
    assert len(set(strengths)) == len(strengths)
    for cards, category in ladder:
        hand = evaluate(cards)
        assert hand is not None
        assert hand.category == category, cards


def test_high_wheel_is_the_lowest_straight() -> None:
    assert s("Ac 2d 3h 4s 5c") < s("2c 3d 4h 5s 6c")
    assert s("Ac 2d 3h 4s 5c") > s("Ac Ad Ah Ks Qc")
    assert s("Ac 2c 3c 4c 5c") < s("2d 3d 4d 5d 6d")


def test_high_no_wraparound_straight() -> None:
    hand = evaluate("Qc Kd Ah 2s 3c")
    assert hand is not None
    assert hand.category == "high_card"


def test_high_suits_never_break_ties() -> None:
    assert s("Ac Kd Qh Js 9c") == s("As Kh Qd Jc 9s")
    assert s("Kc Kd Kh Tc Ts") == s("Ks Kh Kd Th Td")
    assert s("2h 3h 4h 5h 7h") == s("2s 3s 4s 5s 7s")


def test_high_kickers_count() -> None:
    assert s("Ac Ad Kh Qs Jc") > s("Ac Ad Kh Qs Tc")
    assert s("Kc Kd Qh Qs Ac") > s("Kc Kd Qh Qs Jc")
    assert s("Ac Kc Qc Jc 9c") > s("Ac Kc Qc Jc 8c")


def test_royal_flush_is_the_best_high() -> None:
    royal = s("Ts Js Qs Ks As")
    for other in ("9s Ts Js Qs Ks", "Ac Ad Ah As Kc", "Ac Kc Qc Jc 9c"):
        assert royal > s(other)


def test_seven_cards_take_the_best_five() -> None:
    assert s("As Ks Qs Js Ts 2c 3d") == s("As Ks Qs Js Ts")
    assert s("2c 2d 2h 3s 3c 3d 4h") == s("3c 3d 3s 2c 2d")  # two trips: threes full
    assert s("2c 3d 4h 5s 7c 9c Kc") == s("5s 7c 9c Kc 4h")


# ---------------------------------------------------------------- deuce-to-seven rules


def test_deuce_to_seven_best_hand_is_7_5_4_3_2_offsuit() -> None:
    best = s("7c 5d 4h 3s 2c", "deuce-to-seven")
    for worse in (
        "7c 6d 4h 3s 2c",
        "8c 5d 4h 3s 2c",
        "7c 5c 4c 3c 2c",  # suited: a flush
        "6c 5d 4h 3s 2c",  # a straight
        "Ac 2d 3h 4s 5c",  # ace-high
        "2c 2d 3h 4s 5c",
    ):
        assert best > s(worse, "deuce-to-seven"), worse
    hand = evaluate("7c 5d 4h 3s 2c", "deuce-to-seven")
    assert hand is not None
    assert hand.category == "high_card"


def test_deuce_to_seven_a_2_3_4_5_is_ace_high() -> None:
    hand = evaluate("Ac 2d 3h 4s 5c", "deuce-to-seven")
    assert hand is not None
    assert hand.category == "high_card"
    # ace-high: worse than any king-high, better than any pair
    assert s("Ac 2d 3h 4s 5c", "deuce-to-seven") < s("Kc Qd Jh Ts 8c", "deuce-to-seven")
    assert s("Ac 2d 3h 4s 5c", "deuce-to-seven") > s("2c 2d 3h 4s 5c", "deuce-to-seven")
    assert s("Ac 2d 3h 4s 5c", "deuce-to-seven") > s("Ac 2d 3h 4s 6c", "deuce-to-seven")
    suited = evaluate("Ac 2c 3c 4c 5c", "deuce-to-seven")
    assert suited is not None
    assert suited.category == "flush"


def test_deuce_to_seven_aces_are_high_only() -> None:
    # a pair of aces is the worst pair
    assert s("Ac Ad 7h 5s 3c", "deuce-to-seven") < s("Kc Kd 7h 5s 3c", "deuce-to-seven")
    assert s("2c 2d 7h 5s 3c", "deuce-to-seven") > s("3c 3d 7h 5s 2c", "deuce-to-seven")
    # T-J-Q-K-A is a straight, worse than any pair
    hand = evaluate("Tc Jd Qh Ks Ac", "deuce-to-seven")
    assert hand is not None
    assert hand.category == "straight"


@pytest.mark.parametrize("ranking", LOWS)
def test_8_6_5_4_3_beats_8_7_4_3_2(ranking: str) -> None:
    assert s("8c 6d 5h 4s 3c", ranking) > s("8c 7d 4h 3s 2c", ranking)


@pytest.mark.parametrize("ranking", ("deuce-to-seven", "ace-to-six"))
def test_straights_and_flushes_count_against_you(ranking: str) -> None:
    pair = s("Kc Kd 9h 8s 7c", ranking)
    assert s("3c 4d 5h 6s 7c", ranking) < pair
    assert s("2c 4c 5c 6c 8c", ranking) < s("3c 4d 5h 6s 7c", ranking)  # flush < straight


# ------------------------------------------------------------------ ace-to-six rules


def test_ace_to_six_best_hand_is_6_4_3_2_a_offsuit() -> None:
    best = s("6c 4d 3h 2s Ac", "ace-to-six")
    for worse in (
        "6c 5d 3h 2s Ac",
        "7c 4d 3h 2s Ac",
        "5c 4d 3h 2s Ac",  # a straight
        "6c 4d 3h 2s 7c",
        "Ac Ad 2h 3s 4c",
    ):
        assert best > s(worse, "ace-to-six"), worse
    hand = evaluate("6c 4d 3h 2s Ac", "ace-to-six")
    assert hand is not None
    assert hand.category == "high_card"


def test_ace_to_six_6_4_3_2_a_suited_is_a_flush() -> None:
    hand = evaluate("6h 4h 3h 2h Ah", "ace-to-six")
    assert hand is not None
    assert hand.category == "flush"
    assert hand.strength < s("Kc Kd Qh Js 9c", "ace-to-six")  # worse than a pair
    assert hand.strength < s("5c 4d 3h 2s Ac", "ace-to-six")  # worse than a straight


def test_ace_to_six_a_2_3_4_5_is_a_straight() -> None:
    hand = evaluate("Ac 2d 3h 4s 5c", "ace-to-six")
    assert hand is not None
    assert hand.category == "straight"


def test_ace_to_six_k_q_j_t_a_is_no_straight() -> None:
    hand = evaluate("Kc Qd Jh Ts Ac", "ace-to-six")
    assert hand is not None
    assert hand.category == "high_card"
    suited = evaluate("Kc Qc Jc Tc Ac", "ace-to-six")
    assert suited is not None
    assert suited.category == "flush"


@pytest.mark.parametrize("ranking", ("ace-to-six", "ace-to-five"))
def test_pair_of_aces_beats_pair_of_deuces(ranking: str) -> None:
    assert s("Ac Ad 7h 5s 3c", ranking) > s("2c 2d 7h 5s 3c", ranking)
    assert s("Ac Ad 9h 8s 7c", ranking) > s("2c 2d 5h 4s 3c", ranking)


def test_ace_to_six_wheel_is_a_straight_and_no_broadway_wraps() -> None:
    """§1 ``ace-to-six``: A-2-3-4-5 is a straight, K-Q-J-T-A is none; aces pair low."""
    a26 = "ace-to-six"
    assert splitpot.strength("5c 4d 3h 2s Ac", a26) < splitpot.strength("6c 4d 3h 2s Ac", a26)
    assert splitpot.evaluate("5c 4d 3h 2s Ac", a26).category is splitpot.Category.STRAIGHT  # type: ignore[union-attr]
    assert splitpot.evaluate("Kc Qd Jh Ts Ac", a26).category is splitpot.Category.HIGH_CARD  # type: ignore[union-attr]
    assert splitpot.strength("Ac Ad 7h 5s 3c", a26) > splitpot.strength("2c 2d 7h 5s 3c", a26)


# ----------------------------------------------------------------- ace-to-five rules


def test_ace_to_five_best_hand_is_a_2_3_4_5() -> None:
    best = s("Ac 2d 3h 4s 5c", "ace-to-five")
    assert best == s("Ac 2c 3c 4c 5c", "ace-to-five")  # flushes are ignored
    for worse in ("6c 4d 3h 2s Ac", "6c 5d 4h 3s 2c", "Ac Ad 2h 3s 4c"):
        assert best > s(worse, "ace-to-five"), worse
    hand = evaluate("5c 4d 3h 2s Ac", "ace-to-five")
    assert hand is not None
    assert hand.category == "high_card"


def test_ace_to_five_straights_and_flushes_are_ignored() -> None:
    assert s("6c 5d 4h 3s 2c", "ace-to-five") > s("7c 5d 4h 3s 2c", "ace-to-five")
    assert s("7h 5h 4h 3h 2h", "ace-to-five") == s("7c 5d 4h 3s 2c", "ace-to-five")
    for cards in ("6c 5d 4h 3s 2c", "7h 5h 4h 3h 2h", "Th Jh Qh Kh Ah"):
        hand = evaluate(cards, "ace-to-five")
        assert hand is not None
        assert hand.category == "high_card"


def test_ace_to_five_pairs_lose_to_no_pair() -> None:
    assert s("Kc Qd Jh Ts 9c", "ace-to-five") > s("Ac Ad 2h 3s 4c", "ace-to-five")
    assert s("Ac Ad 2h 3s 4c", "ace-to-five") > s("Ac Ad 2h 2s 3c", "ace-to-five")


# ------------------------------------------------------------- eight-or-better rules


def test_eight_or_better_qualifier() -> None:
    assert s("8c 7d 6h 4s 3c", "eight-or-better") > 0
    assert s("8c 7d 6h 5s 4c", "eight-or-better") > 0  # straights are ignored
    assert s("9c 5d 4h 3s 2c", "eight-or-better") == 0
    assert s("Ac Ad 2h 3s 4c", "eight-or-better") == 0  # a pair
    assert s("Kc Qd Jh Ts 9c", "eight-or-better") == 0
    assert evaluate("9c 5d 4h 3s 2c", "eight-or-better") is None
    assert evaluate("8c 7d 6h 4s 3c", "eight-or-better") is not None


def test_eight_or_better_order() -> None:
    wheel = s("5c 4d 3h 2s Ac", "eight-or-better")
    assert wheel == s("5c 4c 3c 2c Ac", "eight-or-better")
    assert wheel > s("6c 4d 3h 2s Ac", "eight-or-better")
    assert s("6c 4d 3h 2s Ac", "eight-or-better") > s("8c 7d 6h 5s 4c", "eight-or-better")
    worst = s("8c 7d 6h 5s 4c", "eight-or-better")
    assert worst > 0


def test_eight_or_better_best_five_of_seven() -> None:
    assert s("Kc Kd 8h 7s 2c 3d 4h", "eight-or-better") == s("8h 7s 2c 3d 4h", "eight-or-better")
    assert s("Kc Kd 9h 7s 2c 3d 4h", "eight-or-better") == 0
    assert s("Ac Ad 2h 2s 3c 4d 5h", "eight-or-better") == s("Ac 2h 3c 4d 5h", "eight-or-better")


# ---------------------------------------------------------------- comparing low hands


def test_low_two_pair_compares_the_higher_pair_first() -> None:
    """§1: Low hands compare the ranks of the sets first, the higher pair then the lower:
    8-8-7-7-K beats 9-9-3-3-2 (the higher pair 8 is lower than 9) in every low."""
    for ranking in ("ace-to-five", "ace-to-six", "deuce-to-seven"):
        assert splitpot.strength("8h 8d 7c 7s Kd", ranking) > splitpot.strength("9h 9d 3c 3s 2d", ranking)
        # equal higher pairs: the lower pair decides, then the odd card
        assert splitpot.strength("9h 9d 3c 3s Kd", ranking) > splitpot.strength("9c 9s 4c 4s 2d", ranking)
        assert splitpot.strength("9h 9d 3c 3s Qd", ranking) > splitpot.strength("9c 9s 3h 3d Kc", ranking)


@pytest.mark.parametrize("low", ["deuce-to-seven", "ace-to-six", "ace-to-five"])
def test_paired_lows_compare_the_pair_first(low: str) -> None:
    """§1: K-4-3-3-2 beats 7-4-4-3-2: a pair of threes beats a pair of fours."""
    assert splitpot.strength("Kc 4d 3h 3s 2c", low) > splitpot.strength("7c 4d 4h 3s 2c", low)


def test_low_categories_trips_below_straight_below_flush_where_they_count() -> None:
    """§1: Where straights and flushes count against a low, trips beat a straight and a
    straight beats a flush; in ace-to-five they are ignored (a pair loses to them)."""
    trips, straight, flush = "Kh Kd Kc Qs Jd", "6h 5d 4c 3s 2d", "9h 7h 5h 4h 2h"
    for ranking in ("deuce-to-seven", "ace-to-six"):
        assert splitpot.strength(trips, ranking) > splitpot.strength(straight, ranking)
        assert splitpot.strength(straight, ranking) > splitpot.strength(flush, ranking)
    assert splitpot.strength(straight, "ace-to-five") > splitpot.strength(trips, "ace-to-five")
    assert splitpot.strength(flush, "ace-to-five") > splitpot.strength("9h 9d 5c 4s 2d", "ace-to-five")


# ------------------------------------------------------------------------ Hand API


def test_hand_fields() -> None:
    hand = evaluate("Kc Kd Kh Tc Ts")
    assert isinstance(hand, Hand)
    assert hand.strength == s("Kc Kd Kh Tc Ts")
    assert isinstance(hand.strength, int)
    assert hand.ranking == Ranking("high")
    assert hand.category == Category("full_house")
    assert isinstance(hand.cards, tuple)
    assert all(isinstance(c, Card) for c in hand.cards)
    assert sorted(map(int, hand.cards)) == sorted(ints("Kc Kd Kh Tc Ts"))


def test_hand_is_frozen() -> None:
    hand = evaluate("Kc Kd Kh Tc Ts")
    assert hand is not None
    with pytest.raises(AttributeError):
        hand.strength = 0  # type: ignore[misc]
    with pytest.raises((AttributeError, TypeError, dataclasses.FrozenInstanceError)):
        hand.cards = ()  # type: ignore[misc]


def test_str_full_house() -> None:
    assert str(evaluate("Kc Kd Kh Tc Ts")) == "full house, kings full of tens"


def test_str_seven_five_low() -> None:
    assert str(evaluate("7c 5d 4h 3s 2c", "deuce-to-seven")) == "seven-five low"


@pytest.mark.parametrize("ranking", ref.RANKINGS)
def test_str_is_readable_for_every_category(ranking: str) -> None:
    table = ref.class_table(ranking)
    seen: dict[str | None, tuple[int, ...]] = {}
    for o in range(1, len(table.reps)):
        seen.setdefault(table.categories[o], table.reps[o])
    for category, rep in seen.items():
        hand = evaluate(list(rep), ranking)
        assert hand is not None
        text = str(hand)
        assert text and text.strip() == text and "\n" not in text, (category, text)
        assert "Hand(" not in text and "<" not in text, text


@pytest.mark.parametrize("ranking", ref.RANKINGS)
def test_hands_sort_by_strength(ranking: str) -> None:
    texts = [
        "5c 4d 3h 2s Ac",
        "7c 5d 4h 3s 2c",
        "8c 6d 5h 4s 3c",
        "Kc Kd Kh Tc Ts",
        "As Ks Qs Js Ts",
        "2c 2d 7h 5s 3c",
        "7h 5h 4h 3h 2h",
        "8c 7d 6h 5s 4c",
    ]
    hands = [evaluate(t, ranking) for t in texts]
    present = [h for h in hands if h is not None]
    assert sorted(present) == sorted(present, key=lambda h: h.strength)
    for a, b in itertools.product(present, repeat=2):
        assert (a < b) == (a.strength < b.strength)
        assert (a <= b) == (a.strength <= b.strength)
        assert (a > b) == (a.strength > b.strength)
        assert (a >= b) == (a.strength >= b.strength)
        assert (a == b) == (a.strength == b.strength)


def test_equal_hands_compare_equal_across_suits() -> None:
    a = evaluate("Kc Kd Kh Tc Ts")
    b = evaluate("Ks Kh Kd Th Td")
    assert a is not None and b is not None
    assert a.strength == b.strength
    assert not a < b and not b < a
    assert a <= b <= a


@pytest.mark.parametrize("op", [operator.lt, operator.le, operator.gt, operator.ge])
@pytest.mark.parametrize("other", LOWS)
def test_mixing_rankings_raises_type_error(op: Callable[[Hand, Hand], bool], other: str) -> None:
    cards = "7c 5d 4h 3s 2c"
    a = evaluate(cards, "high")
    b = evaluate(cards, other)
    assert a is not None and b is not None
    article = "an" if other[0] in "aeiou" else "a"
    with pytest.raises(TypeError, match=f"^cannot order a high hand against {article} {other} hand$"):
        op(a, b)
    with pytest.raises(TypeError, match=f"^cannot order {article} {other} hand against a high hand$"):
        op(b, a)


def test_mixing_two_low_rankings_raises_type_error() -> None:
    a = evaluate("7c 5d 4h 3s 2c", "ace-to-five")
    b = evaluate("7c 5d 4h 3s 2c", "ace-to-six")
    assert a is not None and b is not None
    with pytest.raises(TypeError):
        _ = a < b


@pytest.mark.parametrize("ranking", ref.RANKINGS)
def test_evaluate_agrees_with_strength(ranking: str) -> None:
    for text in ("5c 4d 3h 2s Ac 9d Kh", "Kc Kd Kh Tc Ts 2d", "8c 6d 5h 4s 3c"):
        hand = evaluate(text, ranking)
        value = s(text, ranking)
        if hand is None:
            assert ranking == "eight-or-better"
            assert value == 0
        else:
            assert hand.strength == value
            assert hand.ranking == Ranking(ranking)


def test_cards_are_the_five_played() -> None:
    cases = [
        ("As Ks Qs Js Ts 2c 3d", "high", "As Ks Qs Js Ts"),
        ("2c 2d 2h 3s 3c 4d 9h", "high", "2c 2d 2h 3s 3c"),
        ("Ah 9h 7h 5h 3h 2c Kd", "high", "Ah 9h 7h 5h 3h"),
        ("Kc Kd 8h 7s 2c 3d 4h", "eight-or-better", "8h 7s 2c 3d 4h"),
        ("Kc Kd 7h 5s 2c 3d 4h", "deuce-to-seven", "7h 5s 2c 3d 4h"),
        ("6c 4d 3h 2s Ac Kd Qh", "ace-to-six", "6c 4d 3h 2s Ac"),
        ("Ac 2d 3h 4s 5c Kd Kh", "ace-to-five", "Ac 2d 3h 4s 5c"),
    ]
    for text, ranking, played in cases:
        hand = evaluate(text, ranking)
        assert hand is not None
        assert len(hand.cards) == 5
        assert set(map(int, hand.cards)) == set(ints(played)), (text, ranking)


@pytest.mark.parametrize("ranking", ref.RANKINGS)
def test_cards_played_reach_the_strength(ranking: str, rng: np.random.Generator) -> None:
    for k in (5, 6, 7):
        for row in ref.random_hands(rng, 60, k):
            cards = [int(c) for c in row]
            hand = evaluate(cards, ranking)
            if hand is None:
                assert ref.pure_best_key(cards, ranking) is None
                continue
            played = [int(c) for c in hand.cards]
            assert len(played) == 5
            assert set(played) <= set(cards)
            assert strength(played, ranking) == hand.strength
            assert ref.key5(played, ranking) == ref.pure_best_key(cards, ranking)
            assert hand.category == ref.category_of(played, ranking)


def test_evaluate_accepts_every_card_form() -> None:
    expected = s("Kc Kd Kh Tc Ts")
    assert strength(ints("Kc Kd Kh Tc Ts")) == expected
    assert strength(parse_cards("Kc Kd Kh Tc Ts")) == expected
    assert strength(["Kc", "Kd", "Kh", "Tc", "Ts"]) == expected
    assert strength("KcKdKhTcTs") == expected
    assert strength("Kc,Kd,Kh,10c,10s") == expected


# -------------------------------------------------------------- fewer than five cards


def test_high_with_fewer_than_five_cards() -> None:
    assert s("Ac Ad") > s("Ac Kd") > s("Kc Qd")
    assert s("2c 2d") > s("Ac Kd")
    assert s("Ac Ad Kh Ks") > s("Ac Ad Qh Qs") > s("Kc Kd Qh Qs") > s("Ac Ad Kh Qs")
    assert s("2c 2d 2h 2s") > s("Ac Ad Ah Ks") > s("Kc Kd Kh As")
    assert s("As") > s("Ks") > s("2c")
    assert s("As") == s("Ac")
    assert s("2c 3c 4c 5c") < s("2c 2d 3h 4s")  # no straight or flush below five cards
    for text, category in [
        ("As", "high_card"),
        ("2c 3c 4c 5c", "high_card"),
        ("Ac Ad", "pair"),
        ("Ac Ad Kh", "pair"),
        ("Ac Ad Kh Ks", "two_pair"),
        ("7c 7d 7h", "three_of_a_kind"),
        ("7c 7d 7h 2s", "three_of_a_kind"),
        ("7c 7d 7h 7s", "four_of_a_kind"),
    ]:
        hand = evaluate(text)
        assert hand is not None
        assert hand.category == category, text


# ------------------------------------------------------------------------- evaluate_many


@pytest.mark.parametrize("ranking", ref.RANKINGS)
def test_evaluate_many_returns_uint32_per_row(ranking: str, rng: np.random.Generator) -> None:
    for k in (5, 6, 7):
        hands = ref.random_hands(rng, 500, k)
        out = evaluate_many(hands, ranking)
        assert isinstance(out, np.ndarray)
        assert out.dtype == np.uint32
        assert out.shape == (500,)
        assert out.tolist() == [strength([int(c) for c in row], ranking) for row in hands]


def test_evaluate_many_threads_agree(rng: np.random.Generator) -> None:
    hands = ref.random_hands(rng, 20_001, 7)
    for ranking in ref.RANKINGS:
        one = evaluate_many(hands, ranking, threads=1)
        two = evaluate_many(hands, ranking, threads=2)
        assert np.array_equal(one, two)


@pytest.mark.parametrize(
    "text",
    [
        ["As Ks Qs Js Ts"],
        [["As", "Ks", "Qs", "Js", "Ts"]],
        np.array([["As", "Ks", "Qs", "Js", "Ts"]], dtype=object),
    ],
)
def test_evaluate_many_of_card_text_says_how_to_convert(text: object) -> None:
    """Was: "got dtype <U14" (or object), naming no way out."""
    with pytest.raises(splitpot.CardTypeError, match=r"convert once with splitpot\.parse_cards_many"):
        evaluate_many(text)  # type: ignore[arg-type]
    rows = [parse_cards(" ".join(np.asarray(text).reshape(-1)))]
    assert evaluate_many(np.array(rows, dtype=np.uint8)).tolist() == [strength("As Ks Qs Js Ts")]
    assert evaluate_many(splitpot.parse_cards_many(text)).tolist() == [strength("As Ks Qs Js Ts")]


def test_evaluate_many_other_integer_dtypes_and_layouts(
    rng: np.random.Generator,
) -> None:
    hands = ref.random_hands(rng, 1_000, 7)
    expected = evaluate_many(hands)
    for dtype in (
        np.int8,
        np.int16,
        np.int32,
        np.int64,
        np.uint16,
        np.uint32,
        np.uint64,
    ):
        assert np.array_equal(evaluate_many(hands.astype(dtype)), expected), dtype
    assert np.array_equal(evaluate_many(np.asfortranarray(hands)), expected)
    assert np.array_equal(evaluate_many(hands[::-1])[::-1], expected)  # negative stride
    assert np.array_equal(evaluate_many(hands[:, ::-1]), expected)  # card order
    assert np.array_equal(evaluate_many(hands[::2]), expected[::2])


def test_evaluate_many_empty_batch() -> None:
    out = evaluate_many(np.zeros((0, 7), dtype=np.uint8))
    assert out.dtype == np.uint32
    assert out.shape == (0,)


def test_evaluate_many_read_only_and_strided_input(rng: np.random.Generator) -> None:
    """A researcher's arrays: a read-only view (a memory map, a frozen buffer), every
    strided and Fortran-ordered uint8 layout, big-endian ints: the same strengths."""
    hands = ref.random_hands(rng, 500, 7)
    expected = evaluate_many(hands)
    frozen = hands.copy()
    frozen.setflags(write=False)
    assert np.array_equal(evaluate_many(frozen), expected)
    assert np.array_equal(evaluate_many(np.asfortranarray(hands)), expected)
    assert np.array_equal(evaluate_many(np.repeat(hands, 2, axis=0)[::2]), expected)
    assert np.array_equal(evaluate_many(hands.astype(">i4")), expected)
    assert np.array_equal(evaluate_many(hands.tolist()), expected)
    assert np.array_equal(evaluate_many(hands, threads=1024), expected)  # more threads than cores or rows


@pytest.mark.parametrize("dtype", ["m8[s]", "M8[s]", bool, float, object, complex])
def test_evaluate_many_non_integer_dtype_refused_naming_the_conversion(dtype: object) -> None:
    """Was: timedelta64 (an integer to numpy) evaluated as if card numbers; the others named
    the dtype but no way out. (An object array of ints is read: see the next test.)"""
    hands = np.array([[51, 47, 43, 39, 35]])
    if dtype is not object:
        fix = r"integer array of card numbers.*np.asarray\(cards, dtype=np.uint8\)"
        with pytest.raises(splitpot.CardTypeError, match=fix):
            evaluate_many(hands.astype(dtype))
    with pytest.raises(splitpot.ArgumentTypeError, match="wild_ranks") as refused:
        evaluate_many(hands, wild_ranks=np.zeros(1, dtype=dtype))
    assert not isinstance(refused.value, splitpot.CardTypeError)  # an evaluator option, not cards


def test_evaluate_many_reads_an_object_array_of_ints(rng: np.random.Generator) -> None:
    """Was: refused (CardTypeError "got dtype object") though categories and equity read one.
    Its values are checked one by one: a non-int or a card out of range is refused, by row."""
    hands = ref.random_hands(rng, 50, 7)
    as_objects = np.array([[int(c) for c in row] for row in hands.tolist()], dtype=object)
    assert as_objects.dtype == object
    assert np.array_equal(evaluate_many(as_objects), evaluate_many(hands))
    mixed = as_objects.copy()
    mixed[0, 0] = np.int16(mixed[0, 0])  # numpy ints among Python ints
    assert np.array_equal(evaluate_many(mixed), evaluate_many(hands))
    bad = as_objects.copy()
    bad[3, 2] = 2**70  # beyond every integer dtype
    with pytest.raises(CardError, match="row 3: card 1180591620717411303424 is out of range"):
        evaluate_many(bad)
    bad[3, 2] = 1.0
    with pytest.raises(splitpot.CardTypeError, match=r"got float 1\.0 among them"):
        evaluate_many(bad)


def test_evaluate_many_masked_entries_refused() -> None:
    """Was: the mask was dropped and the hidden values evaluated as cards."""
    hands = np.ma.masked_array([[51, 47, 43, 39, 35], [0, 4, 8, 12, 17]], mask=[[0] * 5, [0, 0, 1, 0, 0]])
    with pytest.raises(CardError, match=r"masked entries.*mask.any"):
        evaluate_many(hands)
    kept = hands[~hands.mask.any(axis=1)]
    assert evaluate_many(kept).tolist() == [strength("As Ks Qs Js Ts")]
    assert evaluate_many(np.ma.masked_array(hands.data)).tolist() == evaluate_many(hands.data).tolist()


@pytest.mark.parametrize(
    ("cards", "error", "said"),
    [
        ([[2**70, 1, 2, 3, 4]], CardError, f"row 0: card {2**70} is out of range"),
        ([[0, 1, 2, 3, 4], [5, 6, 7, 8, -(2**70)]], CardError, "row 1: card -1180591620717411303424 is out"),
        (None, CardTypeError, "cards must be an \\(N, k\\) integer array, got None"),
        ([[1, 2, 3, 4, None]], CardTypeError, "card numbers 0..52, got NoneType None among them"),
        ([[]], CardError, "got shape \\(1, 0\\)"),
    ],
)
def test_evaluate_many_of_lists_names_what_is_wrong(cards: object, error: type[Exception], said: str) -> None:
    """Were: "got dtype object" for an int beyond int64 and for None, "dtype float64" for [[]]."""
    with pytest.raises(error, match=said):
        evaluate_many(cards)  # type: ignore[arg-type]


def test_evaluate_many_masked_wild_ranks_refused() -> None:
    """Was: the masked entries' hidden values were read as wild ranks."""
    hands = np.array([[0, 5, 10, 15, 20]] * 3, dtype=np.uint8)
    with pytest.raises(RankingError, match=r"wild_ranks is a masked array .* wild_ranks\.filled\(0\)"):
        evaluate_many(hands, wild_ranks=np.ma.masked_array([1, 0, 1], mask=[0, 1, 0]))
    assert evaluate_many(hands, wild_ranks=np.ma.masked_array([1, 0, 1])).tolist() == [
        strength(hands[0].tolist(), wild=w) for w in ("2", None, "2")
    ]


_UNCHECKED_OPTIONS: list[dict[str, Any]] = [
    {}, {"wild": "2"}, {"wild": "K"}, {"joker": "wild"}, {"joker": "bug"}, {"penalty": "Js"},
    {"wild": "2", "wild_low": "best-rank"}, {"wild_ranks": "per row"},
]


@pytest.mark.parametrize(
    ("ranking", "options"),
    [(r.value, o) for o in _UNCHECKED_OPTIONS for r in Ranking
     if r is not Ranking.HIGH or "wild_low" not in o],  # (wild_low is a low's rule)
    ids=str,
)
def test_unchecked_repeated_cards_are_read_not_crashed_on(
    ranking: str, options: dict[str, Any], rng: np.random.Generator
) -> None:
    """check=False skips the duplicate test: values of rows that repeat cards are not defined,
    but nothing may read outside the tables (was: a segmentation fault in deuce-to-seven and
    ace-to-six with wild cards, Ts Qc Qc 4c Ac 4c Tc with kings wild)."""
    n = 4000
    picks = rng.integers(0, 16, size=(n, 7))  # mostly clubs and diamonds: flushes of repeated cards
    cards = np.where(picks == 0, 52, np.where(picks < 12, 4 * rng.integers(0, 13, size=(n, 7)) + picks % 2,
                                              rng.integers(0, 53, size=(n, 7)))).astype(np.uint8)
    cards[0] = [35, 40, 40, 8, 48, 8, 32]  # Ts Qc Qc 4c Ac 4c Tc
    opts = dict(options)
    if opts.get("wild_ranks") == "per row":
        opts["wild_ranks"] = rng.integers(0, 1 << 13, size=n) & rng.integers(0, 1 << 13, size=n)
    for k in (5, 6, 7):
        rows = np.ascontiguousarray(cards[:, :k])
        out = evaluate_many(rows, ranking, check=False, **opts)
        assert (out == evaluate_many(rows, ranking, check=False, threads=2, **opts)).all()
        # the rows with no repeated card read as the checked batch reads them
        ordered = np.sort(rows, axis=1)
        distinct = (np.diff(ordered, axis=1) != 0).all(axis=1)
        assert distinct.sum() > 100
        alone = {**opts, "wild_ranks": opts["wild_ranks"][distinct]} if "wild_ranks" in opts else opts
        assert (out[distinct] == evaluate_many(rows[distinct], ranking, **alone)).all()


@pytest.mark.parametrize("wild", [{}, {"wild_ranks": "per row"}, {"wild": "2"}])
@pytest.mark.parametrize("ranking", ["high", "deuce-to-seven"])
def test_cards_written_by_another_thread_during_a_batch_never_crash(
    ranking: str, wild: dict[str, Any]
) -> None:
    """The batch releases the GIL and reads the caller's array as it is: another thread writing
    it meanwhile (a data race: the values are not defined) must not make a rare path read outside
    the tables (was: a segmentation fault, a flush's row read again after junk was written; a
    null table for a wild rank written into wild_ranks after the tables were chosen)."""
    rows = np.tile(np.array([[0, 4, 8, 12, 16, 21, 24]], np.uint8), (1 << 18, 1))  # a clubs flush
    opts = dict(wild)
    ranks = np.full(len(rows), 1, np.uint16)
    if opts.get("wild_ranks") == "per row":
        opts["wild_ranks"] = ranks
    stop = threading.Event()

    def scribble() -> None:
        while not stop.is_set():
            rows[:, 0] = 252
            ranks[:] = 1 << 12
            rows[:, 0] = 0
            ranks[:] = 1

    writer = threading.Thread(target=scribble)
    writer.start()
    try:
        for _ in range(20):
            with contextlib.suppress(CardError):  # a junk byte seen where the check looks is refused
                evaluate_many(rows, ranking, check=False, **opts)
    finally:
        stop.set()
        writer.join()
    rows[:, 0], ranks[:] = 0, 1  # the race over: the batch reads the rows as one row alone reads
    assert (evaluate_many(rows, ranking, check=False, **opts) == evaluate_many(rows[:1], ranking, **(
        {**opts, "wild_ranks": ranks[:1]} if "wild_ranks" in opts else opts))[0]).all()


def test_unchecked_joker_row_reads_wherever_a_repeated_card_sits() -> None:
    """Was: with the joker first the row was read, with the repeat first a duplicate-card error."""
    first = evaluate_many(np.array([[52, 5, 5, 6, 7]], np.uint8), check=False)
    assert evaluate_many(np.array([[5, 5, 6, 7, 52]], np.uint8), check=False).tolist() == first.tolist()
    with pytest.raises(CardError, match="row 0: duplicate card 3d"):
        evaluate_many(np.array([[5, 5, 6, 7, 52]], np.uint8))


@pytest.mark.parametrize(
    ("cards", "text"),
    [
        (np.array([51, 47, 43, 39, 35]), r"shape \(5,\); one hand is a batch of one row: cards.reshape"),
        (np.zeros((7, 3), dtype=np.uint8), r"shape \(7, 3\); hands in columns: pass cards.T"),
        ([], r"shape \(0,\); an empty batch is np.empty\(\(0, 7\), dtype=np.uint8\)"),
        (np.zeros((2, 2, 5), dtype=np.uint8), r"got shape \(2, 2, 5\)$"),
    ],
)
def test_evaluate_many_wrong_shape_names_the_fix(cards: object, text: str) -> None:
    """Was: a bare "got shape (5,)", and "got dtype float64" for an empty list."""
    with pytest.raises(CardError, match=text):
        evaluate_many(cards)  # type: ignore[arg-type]


@pytest.mark.parametrize("shape", [(), (3,), (2, 1)])
def test_evaluate_many_wild_ranks_shape_named(shape: tuple[int, ...]) -> None:
    hands = np.array([[0, 5, 10, 15, 20], [1, 6, 11, 16, 21]], dtype=np.uint8)
    text = f"wild_ranks must have shape (N,) = (2,), one 13-bit mask per row of cards, got shape {shape}"
    with pytest.raises(RankingError, match=re.escape(text)):
        evaluate_many(hands, wild_ranks=np.zeros(shape, dtype=np.uint16))
    assert evaluate_many(hands, wild_ranks=np.full(len(hands), 1)).tolist() == [
        strength(row.tolist(), wild="2") for row in hands
    ]


def _ticks_during(call: Callable[[], object]) -> int:
    """How often a Python thread counted while ``call`` ran in this one.  The switch
    interval is set so long that this thread never hands the GIL over by itself: the
    counter runs only while ``call`` lets the GIL go."""
    count = 0
    go, done = threading.Event(), threading.Event()

    def counter() -> None:
        nonlocal count
        go.wait()
        while not done.is_set():
            count += 1
            time.sleep(0)  # lets the GIL go each time round, so this thread gets it back

    interval = sys.getswitchinterval()
    sys.setswitchinterval(1000.0)  # before the thread starts: it never asks this one to let go
    try:
        thread = threading.Thread(target=counter)
        thread.start()
        go.set()
        before = count
        call()
        after = count
        done.set()
        thread.join()
    finally:
        done.set()
        sys.setswitchinterval(interval)
    return after - before


@pytest.mark.parametrize("wild", [{}, {"wild": "2"}])
def test_evaluate_many_releases_the_gil(wild: dict[str, Any], rng: np.random.Generator) -> None:
    """Another Python thread makes progress while a batch runs (the plain and the wild
    path).  The control: a C call that keeps the GIL (sum over a range) lets it count
    nothing, so the measure is sound; a few tries allow for a thread the OS did not
    schedule in time.  The batch is 4 M hands (400,000 dealt, repeated), so that even the
    plain path runs for milliseconds: 400,000 took about one, and on a busy machine the other
    thread was not scheduled within it in five tries."""
    dealt = np.argsort(rng.random((400_000, 52)), axis=1)[:, :7].astype(np.uint8)
    hands = np.tile(dealt, (10, 1))
    evaluate_many(hands[:10], **wild)  # the first call builds tables, imports: not what is measured
    assert _ticks_during(lambda: sum(range(3_000_000))) == 0
    assert any(_ticks_during(lambda: evaluate_many(hands, threads=1, **wild)) > 0 for _ in range(5))


# ------------------------------------------------------------------------ high_low


def test_high_low_default_is_eight_or_better() -> None:
    result = high_low("Ac 2d 3h 4s 5c Kd Kh")
    assert isinstance(result, HighLow)
    assert result.high == evaluate("Ac 2d 3h 4s 5c Kd Kh", "high")
    assert result.low is not None
    assert result.low.ranking == Ranking("eight-or-better")
    assert result.low.strength == s("Ac 2d 3h 4s 5c", "eight-or-better")
    assert result.high.category == "straight"
    # both sides may share cards (the wheel is both the high and the low)
    assert set(map(int, result.high.cards)) == set(map(int, result.low.cards))


def test_high_low_without_qualifying_low() -> None:
    result = high_low("Kc Kd 9h 7s 2c 3d 4h")
    assert result.low is None
    assert result.high.category == "pair"


def test_high_low_is_frozen() -> None:
    result = high_low("Kc Kd 9h 7s 2c 3d 4h")
    with pytest.raises(AttributeError):
        result.low = None  # type: ignore[misc]


@pytest.mark.parametrize("low", LOWS)
def test_high_low_each_side_picks_five_from_the_input(low: str, rng: np.random.Generator) -> None:
    for k in (5, 6, 7):
        for row in ref.random_hands(rng, 40, k):
            cards = [int(c) for c in row]
            result = high_low(cards, low=low)
            assert result.high.strength == s_int(cards, "high")
            assert result.high.ranking == Ranking("high")
            high_played = [int(c) for c in result.high.cards]
            assert len(high_played) == 5 and set(high_played) <= set(cards)
            assert ref.key5(high_played, "high") == ref.pure_best_key(cards, "high")
            expected_low = ref.pure_best_key(cards, low)
            if expected_low is None:
                assert result.low is None
                continue
            assert result.low is not None
            assert result.low.ranking == Ranking(low)
            assert result.low.strength == s_int(cards, low)
            low_played = [int(c) for c in result.low.cards]
            assert len(low_played) == 5 and set(low_played) <= set(cards)
            assert ref.key5(low_played, low) == expected_low


def s_int(cards: list[int], ranking: str) -> int:
    return strength(cards, ranking)


@pytest.mark.parametrize(
    ("first", "then"),
    [
        ({"duplicate": True}, {"duplicate": 1}),  # equal keys, but 1 is no bool
        ({"wild": "2"}, {"wild": 2}),
        ({"wild": ("2",)}, {"wild": (True,)}),
        ({"joker": "wild"}, {"joker": "wilder"}),
        ({"wild": "2", "wild_low": "best-rank"}, {"wild": "2", "wild_low": "best"}),
    ],
)
def test_remembered_wild_options_never_let_a_bad_one_through(
    first: dict[str, object], then: dict[str, object]
) -> None:
    """The evaluator remembers wild options it validated; an option equal to one
    of them but of another type, or a wrong name, is still refused afresh."""
    cards = [int(c) for c in parse_cards("2c 7d 9h Jc Ks")]
    ranking = "ace-to-five" if "wild_low" in first else "high"
    expected = strength(cards, ranking, **first)  # type: ignore[arg-type]
    assert strength(cards, ranking, **first) == expected  # type: ignore[arg-type]  # remembered
    with pytest.raises(SplitpotError):
        strength(cards, ranking, **then)  # type: ignore[arg-type]
    with pytest.raises(SplitpotError):
        strength(cards, ranking, **then)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "options",
    [{}, {"joker": "wild"}, {"wild": "2"}, {"wild": "2", "wild_low": "best-rank"},
     {"wild": "2", "duplicate": True}],
)
def test_remembered_hand_names_equal_names_composed_afresh(options: dict[str, object],
                                                           rng: np.random.Generator) -> None:
    """Hand names are remembered by ranking, category and ranks played: every random
    hand's name (remembered or not) equals the one composed for it alone."""
    from splitpot.evaluate import _compose_name, _name

    seen = 0
    for ranking in Ranking:
        for _ in range(400):
            cards = [int(c) for c in rng.choice(53, size=int(rng.integers(5, 8)), replace=False)]
            try:
                hand = evaluate(cards, ranking, **options)  # type: ignore[arg-type]
            except SplitpotError:
                continue  # e.g. a duplicate wild option in a low
            if hand is None:
                continue
            ranks = list(hand._values) if hand._values is not None else [c >> 2 for c in hand._cards]
            assert _name(hand) == _compose_name(hand.ranking, hand.category, ranks), hand
            seen += 1
    assert seen >= 400  # at least the high ranking takes every option


@pytest.mark.parametrize(
    ("wild_ranks", "said"),
    [(np.zeros(3, np.uint16), r"shape \(N,\) = \(2,\)"), (np.array([1, 8192]), "0 .. 8191"),
     (np.array([1, -1]), "0 .. 8191")],
)
def test_evaluate_many_bad_wild_ranks_is_an_evaluator_option_error(wild_ranks: Any, said: str) -> None:
    """`wild_ranks` is an evaluator option: its wrong shape or values raise RankingError, as
    the errors' rule says (they raised CardError, the cards' class)."""
    hands = np.array([[0, 5, 10, 15, 20]] * 2, dtype=np.uint8)
    with pytest.raises(RankingError, match=said):
        evaluate_many(hands, wild_ranks=wild_ranks)


def test_categories_of_a_zero_d_array_is_a_zero_d_array() -> None:
    """As annotated (an array for an array): a 0-d array gave a numpy scalar."""
    from splitpot import categories

    codes = categories(np.array(40970, np.uint32))
    assert isinstance(codes, np.ndarray) and codes.shape == () and codes.dtype == np.uint8
    assert int(codes) == categories(40970)
    assert categories(np.uint32(40970)) == int(codes) and type(categories(np.uint32(40970))) is int


@pytest.mark.parametrize(
    ("args", "error", "said"),
    [
        ((5, "bogus", []), RankingError, "ranking must be one of"),
        (("x", "high", [51]), splitpot.ArgumentTypeError, "strength must be an int"),
        ((40970, "high", [99]), CardError, "card 99 is out of range"),
        ((0, "high", [51]), RankingError, "strength 0 is no hand"),
        ((70000, "high", [51]), RankingError, "70000 is not a high strength"),
        ((40970, "high", []), CardError, "1 to 5 cards, got 0"),
        ((40970, "high", "As Ks Qs Js Ts", [("2c", "A")]), CardError, "wild card 2c is not among"),
        ((40970, "high", "As Ks Qs Js Ts", ["x"]), splitpot.ArgumentTypeError, "a \\(card, text\\) pair"),
    ],
)
def test_a_hand_built_by_hand_is_checked(args: tuple[Any, ...], error: type[Exception], said: str) -> None:
    """`Hand(...)` raised a bare ValueError, or built a hand whose repr or cards raised."""
    with pytest.raises(error, match=said):
        splitpot.Hand(*args)


def test_a_hand_built_by_hand_equals_the_evaluators() -> None:
    made = splitpot.evaluate("7c 5d 4h 3s 2c", "deuce-to-seven")
    assert made is not None
    built = splitpot.Hand(made.strength, "Deuce_To_Seven", "7c 5d 4h 3s 2c")
    assert built == made and repr(built) == repr(made) and built.cards == made.cards


def test_high_low_holds_a_high_hand_and_a_low_one() -> None:
    hl = splitpot.high_low("Ah 2c 3d 4s 5h 9d Kc")
    assert splitpot.HighLow(hl.high, None).low is None
    for high, low in [(1, 2), (hl.low, None), (hl.high, hl.high)]:
        with pytest.raises(splitpot.ArgumentTypeError, match="HighLow"):
            splitpot.HighLow(high, low)  # type: ignore[arg-type]
