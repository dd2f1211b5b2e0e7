"""What each wild card stands for, read by the core (cpp/src/stand_ins.cpp), against
the plain computation it replaced (tests/stand_in_reference.py: ``wild.resolve`` and
the reading order as they were in Python): the same strengths, the same cards in the
same order, the same ranks as played and the same stand-ins, hence the same names,
over random hands of every ranking under every wild option."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from splitpot import _core
from splitpot.cards import Card, parse_cards
from splitpot.evaluate import _evaluate_prepared, evaluate
from splitpot.wild import make_options
from stand_in_reference import read

RANKINGS = ("high", "deuce-to-seven", "ace-to-six", "ace-to-five", "eight-or-better")
NATURAL = (0, 0, 0, False, 0, 0)
RID = {name: i for i, name in enumerate(RANKINGS)}
# wild options per side: (wild, joker, wild_low, duplicate, penalty, penalty_rule)
HIGH_OPTIONS = [
    ("2", "bug", "zero", False, None, "dead-hand"),
    (["2", "9"], "wild", "zero", False, None, "dead-hand"),
    (["5", "J", "K"], "bug", "zero", True, None, "dead-hand"),
    ("Jd 4h 9s Ac", "wild", "zero", True, None, "dead-hand"),
    (None, "bug", "zero", False, None, "dead-hand"),  # the joker alone, as the bug
    (["3", "Q"], "bug", "zero", False, "7c Td", "void-card"),
]
LOW_OPTIONS = [
    (wild, joker, low, False, penalty, rule)
    for wild, joker, _, _, penalty, rule in HIGH_OPTIONS
    for low in ("zero", "lowest-absent", "best-rank")
]


def options_of(ranking: str, spec: tuple[object, ...]) -> tuple[int, int, int, bool, int, int]:
    """The core's options (natural ones, where make_options gives None: the joker the bug)."""
    wild, joker, wild_low, duplicate, penalty, rule = spec
    return make_options(low=ranking != "high", wild=wild, joker=joker, wild_low=wild_low,  # type: ignore[arg-type]
                        duplicate=duplicate, penalty=penalty, penalty_rule=rule) or NATURAL  # type: ignore[arg-type]


def check(cards: list[int], ranking: str, options: tuple[int, int, int, bool, int, int]) -> bool:
    """The core's reading of ``cards`` equals the plain one; True if a wild card played."""
    rid = RID[ranking]
    s, played = _core.evaluate_wild(cards, rid, options)
    hand = _evaluate_prepared(cards, rid, options)
    if not s:
        assert hand is None
        return False
    assert hand is not None and hand.strength == s
    ordered, values, subs = read(s, rid, played, options)
    assert (hand._cards, hand._values, hand._wilds) == (ordered, values, subs), (cards, ranking, options)
    return bool(subs)


@pytest.mark.parametrize("ranking", RANKINGS)
def test_random_hands_read_as_the_plain_computation_reads_them(ranking: str) -> None:
    rng = random.Random(RID[ranking])
    specs = HIGH_OPTIONS if ranking == "high" else LOW_OPTIONS
    wild_hands = 0
    for spec in specs:
        options = options_of(ranking, spec)
        for _ in range(600):
            wild_hands += check(rng.sample(range(53), rng.choice((5, 6, 7))), ranking, options)
    assert wild_hands > 80 * len(specs)  # many hands play a wild card: the reading is exercised


def test_every_category_of_high_is_read_with_wild_cards() -> None:
    """Straights, flushes (with and without ``duplicate``), straight flushes and the
    groups each meet the reading (hands built to make them)."""
    rng = random.Random(7)
    seen = set()
    for duplicate in (False, True):
        options = options_of("high", ("2", "bug", "zero", duplicate, None, "dead-hand"))
        for _ in range(4000):
            suit = rng.randrange(4)
            suited = rng.sample([4 * r + suit for r in range(1, 13)], rng.choice((2, 3, 4)))
            rest = [c for c in range(53) if c not in suited and c >> 2 != 0]
            cards = suited + rng.sample(range(4), rng.choice((1, 2))) + rng.sample(rest, 1)
            if check(cards, "high", options):
                seen.add(evaluate(cards, wild="2", duplicate=duplicate).category.value)  # type: ignore[union-attr]
    assert {"straight", "flush", "straight_flush", "four_of_a_kind", "three_of_a_kind"} <= seen


@settings(max_examples=300, deadline=None)
@given(
    cards=st.lists(st.integers(0, 52), min_size=5, max_size=7, unique=True),
    ranking=st.sampled_from(RANKINGS),
    spec=st.sampled_from(LOW_OPTIONS),
)
def test_any_hand_under_any_options_reads_as_the_plain_computation(
    cards: list[int], ranking: str, spec: tuple[object, ...]
) -> None:
    if ranking == "high":
        spec = (*spec[:2], "zero", *spec[3:])
    options = options_of(ranking, spec)
    check(cards, ranking, options)


def test_names_and_the_joker_as_the_bug_without_options() -> None:
    """evaluate() reads through the core: the names the docs show, and the joker
    without wild options (the bug) read as the plain computation reads it."""
    assert str(evaluate("As Ah Ad Ac Jk")) == "five of a kind, aces (Jk as A)"
    assert str(evaluate("6c 4d 3h Ac Jk", "ace-to-six", joker="wild")) == "six-four low (Jk as zero)"
    assert str(evaluate("9s 8s 2h 6s 5s 2d Kc", wild="2")) == "straight flush, ten high (2h as T♠, 2d as 7♠)"
    hand = evaluate([8, 13, 22, 31, 52])  # 4c 5d 7h 9s Jk: the bug an ace
    assert hand is not None
    s, played = _core.evaluate([8, 13, 22, 31, 52], 0)
    assert (hand._cards, hand._values, hand._wilds) == read(s, 0, played, (0, 0, 0, False, 0, 0))


@pytest.mark.parametrize(
    ("cards", "wild", "named", "order", "natural"),
    [
        ("Ah 2h 3h 4h Jk", None, "straight flush, five high (Jk as 5♥)", "Jk 4h 3h 2h Ah", "5h 4h 3h 2h Ah"),
        ("As 2d 3c 4h 2s", "2", "straight, five high (2d as 5♠, 2s as 2♠)", "2d 4h 3c 2s As",
         "5s 4h 3c 2s As"),
        ("Ah 3d 4c 5s Jk", None, "straight, five high (Jk as 2♠)", "5s 4c 3d Jk Ah", "5s 4c 3d 2s Ah"),
        ("Ah Kd Qc Js Jk", None, "straight, ace high (Jk as T♠)", "Ah Kd Qc Js Jk", "Ah Kd Qc Js Ts"),
    ],
)
def test_a_wild_wheel_reads_five_high_as_a_natural_one(
    cards: str, wild: str | None, named: str, order: str, natural: str
) -> None:
    """A straight holding an ace and a deuce (wild cards among them) is the wheel: five
    high, its ace read last, as the natural hand its stand-ins make is read."""
    hand, plain = evaluate(cards, wild=wild), evaluate(natural)
    assert hand is not None and plain is not None
    assert str(hand) == named and named.startswith(str(plain) + " (")
    assert " ".join(str(c) for c in hand.cards) == order
    assert [c.rank for c in plain.cards] == [Card(c).rank for c in parse_cards(natural)]
    assert hand.strength == plain.strength


@pytest.mark.parametrize(
    ("cards", "ranking", "named", "natural"),
    [
        # five wild cards: the lowest ranks dealt in one suit read as a flush, and the
        # search fell back to 6-5-4-3-2, a straight, for the strength of 7-5-4-3-2
        ("2c 2d 2h 2s Jk", "deuce-to-seven", "2c as 2, 2d as 3, 2h as 4, 2s as 5, Jk as 7", "2c 3d 4h 5s 7c"),
        # stand-ins dealt in the naturals' suit made a flush of 7-5-4-3-2
        ("2c 2d 3s 5s Jk", "deuce-to-seven", "2c as 2, 2d as 4, Jk as 7", "2c 4d 3s 5s 7h"),
        ("2c 2d 2s As Jk", "ace-to-six", "2c as 2, 2d as 3, 2s as 4, Jk as 6", "2c 3d 4h As 6c"),
    ],
)
def test_best_rank_wild_cards_are_named_for_the_low_they_make(
    cards: str, ranking: str, named: str, natural: str
) -> None:
    """A wild card is any suit, so a best-rank low never counts as a flush: the ranks
    named, dealt as natural cards, make the hand's strength (test_core checks this on
    every five-card hand with wild cards)."""
    hand = evaluate(cards, ranking, wild="2", joker="wild", wild_low="best-rank")
    assert f"({named})" in str(hand)
    assert hand.strength == evaluate(natural, ranking).strength


@settings(max_examples=400, deadline=None)
@given(
    st.lists(st.integers(0, 51), min_size=5, max_size=6, unique=True),
    st.sampled_from(RANKINGS),
)
def test_a_joker_held_and_not_played_reads_as_the_natural_five(cards: list[int], ranking: str) -> None:
    """Was: the five came back in the order given ("ace-deuce low" for the wheel, "sevens
    full of sevens" for Jk 7c Qh Qc 7s 7d), and the name, remembered by strength, then
    misnamed natural hands of that strength too."""
    hand = evaluate([52, *cards], ranking)
    if hand is None or 52 in [int(c) for c in hand.cards]:
        return
    natural = evaluate([int(c) for c in hand.cards], ranking)
    assert natural is not None and hand.strength == natural.strength
    assert (str(hand), list(hand.cards)) == (str(natural), list(natural.cards))


@pytest.mark.parametrize(
    ("cards", "wild", "named"),
    [
        ("As Ks Qs Js Ts 2c 3d", "2", "royal flush"),  # was "royal flush (2c as A♠)"
        ("Ad 9d Qd Td 8h 5d", "8h 9d 5d Ts", "royal flush (8h as K♦, 5d as J♦)"),  # was 9d as A♦
        ("Jk 7c Qh Qc 7s 7d", None, "full house, sevens full of queens"),
        ("Jk Ts Js Qc Kd Ah", None, "straight, ace high"),  # was "straight, ten high"
    ],
)
def test_a_card_held_is_played_as_itself(cards: str, wild: str | None, named: str) -> None:
    """Of the fives that make the hand, the one with the fewest wild cards is read: a
    wild card does not stand in for a card the hand holds."""
    hand = evaluate(cards, wild=wild)
    assert hand is not None and str(hand) == named
