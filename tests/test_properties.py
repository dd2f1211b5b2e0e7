"""Hypothesis properties: card order and suit relabelling never change
a strength, more cards never hurt, the best five of n beats every five it contains,
the scalar, batch and Hand paths agree, and any two hands compare as the reference says.
"""

from __future__ import annotations

import itertools

import numpy as np
from hypothesis import given
from hypothesis import strategies as st

import reference as ref
from splitpot import Card, Deck, evaluate, evaluate_many, high_low, parse_cards, strength

rankings = st.sampled_from(ref.RANKINGS)
low_rankings = st.sampled_from(ref.LOW_RANKINGS)


def hands(min_size: int = 5, max_size: int = 7) -> st.SearchStrategy[list[int]]:
    return st.lists(st.integers(0, 51), min_size=min_size, max_size=max_size, unique=True)


def _sign(x: int) -> int:
    return (x > 0) - (x < 0)


def _ref_value(cards: list[int], ranking: str) -> tuple[int, ...] | None:
    return ref.pure_best_key(cards, ranking)


@given(cards=hands(5, 7), ranking=rankings, data=st.data())
def test_card_order_does_not_matter(cards: list[int], ranking: str, data: st.DataObject) -> None:
    shuffled = data.draw(st.permutations(cards))
    assert strength(shuffled, ranking) == strength(cards, ranking)


@given(cards=hands(1, 4), data=st.data())
def test_card_order_does_not_matter_short_high(cards: list[int], data: st.DataObject) -> None:
    assert strength(data.draw(st.permutations(cards))) == strength(cards)


@given(cards=hands(1, 7), ranking=rankings, suits=st.permutations(range(4)))
def test_suit_relabelling_does_not_matter(cards: list[int], ranking: str, suits: list[int]) -> None:
    if len(cards) < 5:
        ranking = "high"  # the reference and the contract compare short hands in high only
    relabelled = [4 * (c // 4) + suits[c % 4] for c in cards]
    assert strength(relabelled, ranking) == strength(cards, ranking)


@given(cards=hands(6, 7), ranking=rankings)
def test_best_five_beats_every_five_it_contains(cards: list[int], ranking: str) -> None:
    best = strength(cards, ranking)
    subsets = [strength(list(five), ranking) for five in itertools.combinations(cards, 5)]
    assert max(subsets) == best


@given(cards=hands(5, 6), extra=st.integers(0, 51), ranking=rankings)
def test_another_card_never_hurts(cards: list[int], extra: int, ranking: str) -> None:
    if extra in cards:
        return
    assert strength([*cards, extra], ranking) >= strength(cards, ranking)


@given(a=hands(5, 7), b=hands(5, 7), ranking=rankings)
def test_two_hands_compare_as_the_reference_says(a: list[int], b: list[int], ranking: str) -> None:
    ka, kb = _ref_value(a, ranking), _ref_value(b, ranking)
    sa, sb = strength(a, ranking), strength(b, ranking)
    assert (sa == 0) == (ka is None)
    assert (sb == 0) == (kb is None)
    if ka is None or kb is None:
        return
    assert _sign(sa - sb) == _sign((ka > kb) - (ka < kb)), (ref.cards_text(a), ref.cards_text(b))


@given(k=st.integers(1, 4), data=st.data())
def test_short_high_hands_compare_as_the_reference_says(k: int, data: st.DataObject) -> None:
    a = data.draw(hands(k, k))
    b = data.draw(hands(k, k))
    ka, kb = ref.key_high_short(a), ref.key_high_short(b)
    assert _sign(strength(a) - strength(b)) == _sign((ka > kb) - (ka < kb)), (
        ref.cards_text(a),
        ref.cards_text(b),
    )


@given(cards=hands(5, 7), ranking=rankings)
def test_scalar_batch_and_hand_agree(cards: list[int], ranking: str) -> None:
    value = strength(cards, ranking)
    batch = evaluate_many(np.array([cards, cards[::-1]], dtype=np.uint8), ranking)
    assert batch.tolist() == [value, value]
    hand = evaluate(cards, ranking)
    if hand is None:
        assert value == 0
        return
    assert hand.strength == value
    played = [int(c) for c in hand.cards]
    assert len(played) == 5
    assert set(played) <= set(cards)
    assert strength(played, ranking) == value
    assert hand.category == ref.category_of(played, ranking)


@given(cards=hands(5, 7), low=low_rankings)
def test_high_low_is_two_evaluations(cards: list[int], low: str) -> None:
    result = high_low(cards, low=low)
    assert result.high.strength == strength(cards, "high")
    low_value = strength(cards, low)
    if low_value == 0:
        assert result.low is None
    else:
        assert result.low is not None
        assert result.low.strength == low_value


@given(a=hands(5, 7), b=hands(5, 7), ranking=rankings)
def test_hand_comparisons_follow_strength(a: list[int], b: list[int], ranking: str) -> None:
    ha, hb = evaluate(a, ranking), evaluate(b, ranking)
    if ha is None or hb is None:
        return
    assert (ha < hb) == (ha.strength < hb.strength)
    assert (ha <= hb) == (ha.strength <= hb.strength)
    assert (ha > hb) == (ha.strength > hb.strength)
    assert (ha == hb) == (ha.strength == hb.strength)


@given(cards=hands(0, 20), sep=st.sampled_from([" ", "", ",", ", ", "  "]), upper=st.booleans())
def test_card_text_round_trip(cards: list[int], sep: str, upper: bool) -> None:
    text = sep.join(str(Card(c)) for c in cards)
    if upper:
        text = text.upper()
    assert [int(c) for c in parse_cards(text)] == cards


@given(seed=st.integers(0, 2**32 - 1), joker=st.booleans())
def test_a_seeded_deck_is_a_reproducible_permutation(seed: int, joker: bool) -> None:
    deck = Deck(seed=seed, joker=joker)
    again = Deck(seed=seed, joker=joker)
    dealt = deck.deal(len(deck))
    assert dealt == again.deal(len(again))
    assert sorted(int(c) for c in dealt) == list(range(53 if joker else 52))


@given(cards=hands(0, 52))
def test_an_ordered_deck_deals_its_order(cards: list[int]) -> None:
    deck = Deck(order=cards)
    assert [int(c) for c in deck.cards] == cards
    assert [int(c) for c in deck.deal(len(cards))] == cards
