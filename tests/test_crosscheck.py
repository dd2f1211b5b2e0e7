"""Random 5-, 6- and 7-card hands in every ranking against the brute-force reference
(full order, not only categories), the batch path against a loop of scalar calls,
and pokerkit as a second opinion where it has the ranking.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt
import pytest

import reference as ref
from splitpot import evaluate, evaluate_many, strength

N_PER_SIZE = 100_000  # per hand size (5, 6, 7) and ranking: 300,000 hands per ranking
SIZES = (5, 6, 7)


@pytest.fixture(scope="module")
def random_hands() -> dict[int, npt.NDArray[np.uint8]]:
    rng = np.random.default_rng(0x5B1D)
    return {k: ref.random_hands(rng, N_PER_SIZE, k) for k in SIZES}


def _fail_message(
    hands: npt.NDArray[np.uint8],
    strengths: npt.NDArray[np.integer],
    ordinals: npt.NDArray[np.integer],
    bad: tuple[int, int, str],
    ranking: str,
) -> str:
    table = ref.class_table(ranking)
    lines = [f"{ranking}: {bad[2]}"]
    for i in bad[:2]:
        row = [int(c) for c in hands[i] if c != 255]
        o = int(ordinals[i])
        lines.append(
            f"  {ref.cards_text(row)}: strength {int(strengths[i])}, "
            f"reference {table.categories[o]} {table.keys[o]}"
        )
    return "\n".join(lines)


@pytest.mark.parametrize("ranking", ref.RANKINGS)
@pytest.mark.slow
def test_full_order_against_reference(ranking: str, random_hands: dict[int, npt.NDArray[np.uint8]]) -> None:
    """For every pair of hands of any sizes 5-7: sign(strength a - strength b) ==
    sign(reference a vs reference b), i.e. strength -> reference key is a strictly
    increasing map, and 0 exactly where there is no qualifying low."""
    strengths = []
    ordinals = []
    padded = []
    for k in SIZES:
        hands = random_hands[k]
        strengths.append(evaluate_many(hands, ranking).astype(np.int64))
        ordinals.append(ref.ref_ordinals(hands, ranking).astype(np.int64))
        padded.append(np.pad(hands, ((0, 0), (0, 7 - k)), constant_values=255))
    s = np.concatenate(strengths)
    o = np.concatenate(ordinals)
    all_hands = np.concatenate(padded)
    assert np.array_equal(s == 0, o == 0), "strength 0 must mean exactly 'no qualifying low'"
    bad = ref.order_violation(s, o)
    assert bad is None, _fail_message(all_hands, s, o, bad, ranking) if bad else ""


@pytest.mark.parametrize("ranking", ref.RANKINGS)
@pytest.mark.slow
def test_strength_is_the_best_fives_strength(
    ranking: str,
    random_hands: dict[int, npt.NDArray[np.uint8]],
    class_strengths: dict[str, npt.NDArray[np.int64]],
) -> None:
    """A 6- or 7-card hand ties a 5-card hand of its best five's class: its strength is
    exactly that class's strength from the exhaustive five-card run."""
    table = ref.class_table(ranking)
    for k in (6, 7):
        hands = random_hands[k]
        o = ref.ref_ordinals(hands, ranking)
        expected = class_strengths[ranking][o]
        got = evaluate_many(hands, ranking).astype(np.int64)
        bad = np.flatnonzero(got != expected)
        assert bad.size == 0, (
            f"{ranking}: {ref.cards_text(hands[bad[0]])}: strength {got[bad[0]]}, expected "
            f"{expected[bad[0]]} ({table.categories[o[bad[0]]]} {table.keys[o[bad[0]]]})"
            if bad.size
            else ""
        )


@pytest.mark.parametrize("ranking", ref.RANKINGS)
def test_many_distinct_classes_are_reached(
    ranking: str, random_hands: dict[int, npt.NDArray[np.uint8]]
) -> None:
    """The random sample is broad enough to mean something: most classes appear."""
    o = np.concatenate([ref.ref_ordinals(random_hands[k], ranking) for k in SIZES])
    reached = np.unique(o[o > 0]).size
    assert reached >= 0.6 * ref.DISTINCT_CLASSES[ranking]


@pytest.mark.parametrize("ranking", ref.RANKINGS)
def test_batch_equals_scalar_loop(ranking: str, random_hands: dict[int, npt.NDArray[np.uint8]]) -> None:
    for k in SIZES:
        hands = random_hands[k][:6_000]
        batch = evaluate_many(hands, ranking)
        loop = [strength(row, ranking) for row in hands.tolist()]
        mismatch = np.flatnonzero(batch != np.array(loop, dtype=np.int64))
        assert mismatch.size == 0, (
            f"{ref.cards_text(hands[mismatch[0]])}: batch {batch[mismatch[0]]}, scalar {loop[mismatch[0]]}"
            if mismatch.size
            else ""
        )


@pytest.mark.parametrize("ranking", ref.RANKINGS)
def test_vectorised_reference_is_the_plain_reference(
    ranking: str, random_hands: dict[int, npt.NDArray[np.uint8]]
) -> None:
    """The per-class numpy lookup of the reference gives the same best key as the
    plain best-of-all-5-subsets loop (guards the test machinery itself)."""
    table = ref.class_table(ranking)
    for k in SIZES:
        hands = random_hands[k][:400]
        ordinals = ref.ref_ordinals(hands, ranking)
        for row, o in zip(hands.tolist(), ordinals.tolist(), strict=True):
            assert table.keys[o] == ref.pure_best_key(row, ranking), ref.cards_text(row)


@pytest.mark.parametrize("ranking", ref.RANKINGS)
def test_evaluate_category_against_reference(
    ranking: str, random_hands: dict[int, npt.NDArray[np.uint8]]
) -> None:
    table = ref.class_table(ranking)
    for k in SIZES:
        hands = random_hands[k][:1_500]
        ordinals = ref.ref_ordinals(hands, ranking)
        for row, o in zip(hands.tolist(), ordinals.tolist(), strict=True):
            hand = evaluate(row, ranking)
            if o == 0:
                assert hand is None, ref.cards_text(row)
            else:
                assert hand is not None, ref.cards_text(row)
                assert hand.category == table.categories[o], ref.cards_text(row)


# ------------------------------------------------------------- pokerkit, second opinion


def _pokerkit_rankings() -> dict[str, tuple[Any, bool]]:
    pokerkit = pytest.importorskip("pokerkit")
    # pokerkit.Entry.index: higher is stronger for high hands, *lower* is stronger for
    # its low hands (Hand.__lt__ flips the comparison when ``low`` is set).
    return {
        "high": (pokerkit.StandardHighHand, False),  # aces high, A-2-3-4-5 a straight
        "deuce-to-seven": (pokerkit.StandardLowHand, True),  # "straights do not wrap"
        "ace-to-five": (pokerkit.RegularLowHand, True),  # flushes (and straights) ignored
        "eight-or-better": (pokerkit.EightOrBetterLowHand, True),  # invalid when no low
    }


def _pokerkit_text(cards: list[int]) -> str:
    return "".join(ref.card_text(c) for c in cards)


def _pokerkit_label(label_name: str) -> str:
    return {"ONE_PAIR": "pair"}.get(label_name, label_name.lower())


PK_RANKINGS = ("high", "deuce-to-seven", "ace-to-five", "eight-or-better")


@pytest.mark.parametrize("ranking", PK_RANKINGS)
def test_pokerkit_all_five_card_classes(ranking: str) -> None:
    """Every one of the 7,462 (rank multiset, suitedness) classes: same order, same
    category, same qualifying lows as pokerkit."""
    hand_type, low = _pokerkit_rankings()[ranking]
    reps = ref.all_class_representatives()
    batch = np.array(reps, dtype=np.uint8)
    ours = evaluate_many(batch, ranking).astype(np.int64)
    theirs = np.zeros(len(reps), dtype=np.int64)
    for i, rep in enumerate(reps):
        cards = list(rep)
        try:
            pk = hand_type(_pokerkit_text(cards))
        except ValueError:
            assert ranking == "eight-or-better"
            assert ours[i] == 0, f"{ref.cards_text(cards)}: pokerkit has no low, splitpot {ours[i]}"
            continue
        entry = pk.entry
        theirs[i] = (10_000 - entry.index) if low else (entry.index + 1)
        hand = evaluate(cards, ranking)
        assert hand is not None, ref.cards_text(cards)
        assert hand.category == _pokerkit_label(entry.label.name), ref.cards_text(cards)
    assert np.array_equal(ours == 0, theirs == 0)
    bad = ref.order_violation(ours, theirs)
    assert bad is None, (
        f"{ranking} order differs from pokerkit: {bad[2]}: "
        f"{ref.cards_text(reps[bad[0]])} vs {ref.cards_text(reps[bad[1]])}"
        if bad
        else ""
    )


@pytest.mark.parametrize("ranking", PK_RANKINGS)
@pytest.mark.slow
def test_pokerkit_random_six_and_seven_card_hands(
    ranking: str, random_hands: dict[int, npt.NDArray[np.uint8]]
) -> None:
    """Best five of six and of seven, chosen by pokerkit's own ``from_game``."""
    hand_type, low = _pokerkit_rankings()[ranking]
    for k in (6, 7):
        hands = random_hands[k][:1_000]
        ours = evaluate_many(hands, ranking).astype(np.int64)
        theirs = np.zeros(len(hands), dtype=np.int64)
        for i, row in enumerate(hands.tolist()):
            pk = hand_type.from_game_or_none(_pokerkit_text(row))
            if pk is not None:
                theirs[i] = (10_000 - pk.entry.index) if low else (pk.entry.index + 1)
        assert np.array_equal(ours == 0, theirs == 0)
        bad = ref.order_violation(ours, theirs)
        assert bad is None, (
            f"{ranking} order differs from pokerkit: {bad[2]}: "
            f"{ref.cards_text(hands[bad[0]])} vs {ref.cards_text(hands[bad[1]])}"
            if bad
            else ""
        )
