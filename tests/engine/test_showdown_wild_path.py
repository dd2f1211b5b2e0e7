"""The showdown's wild-card path agrees with the public evaluator.

- ``showdown._evaluate_wild`` (the core's options made once per ``Wilds``, the
  cards handed to the core as they are) gives the hand that
  ``evaluate(cards, ranking, **wilds.options(low=...))`` gives: the same
  strength, cards in the same reading order, the same name, the same wild cards
  standing for the same things, or None alike; over random hands of the 53-card
  deck and every wild option (jokers, wild ranks and cards, a player's own wild
  rank, wild_low, duplicate, penalty cards under both rules) in every ranking.
- What a wild card stands for in a high hand is worth the hand: the five read
  with each wild card replaced by the card it stands for has the hand's strength
  as natural cards, and the ranks as played are read bigger groups first, then
  from the top.
- Under a positional wild rule, each seat's own wild cards and the event naming
  his wild card, found once per seat at the showdown (``showdown._own_wilds``),
  are those ``State.wilds_for`` and ``State.player_wild`` give.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from splitpot.cards import RANKS, SUIT_SYMBOLS
from splitpot.engine import showdown
from splitpot.engine.betting import Action
from splitpot.engine.positional import wilds_with
from splitpot.engine.spec import Wilds
from splitpot.engine.state import State
from splitpot.evaluate import Hand, Ranking, evaluate, strength
from splitpot.games import get_game

RANKINGS = [r.value for r in Ranking]
WILDS = [
    Wilds(),
    Wilds(joker="bug"),
    Wilds(joker="wild"),
    Wilds(wild=("2",)),
    Wilds(wild=("2", "K"), joker="wild"),
    Wilds(wild=("Jd", "4h")),
    Wilds(wild=("7",), joker="bug", duplicate=True),
    Wilds(wild=("5",), wild_low="lowest-absent", joker="wild"),
    Wilds(wild=("5",), wild_low="best-rank", joker="wild"),
    Wilds(wild=("3",), wild_low="best-rank", duplicate=True),
    Wilds(penalty=("As",)),
    Wilds(wild=("9",), penalty=("3c", "Qh"), penalty_rule="void-card", joker="wild"),
    Wilds(wild=("T",), penalty=("2d",), penalty_rule="dead-hand", wild_low="lowest-absent"),
]
"""Every wild option; a player's own wild rank is added to some by ``wilds_with``."""
_METHODS = {Action.FOLD: "fold", Action.CHECK: "check", Action.CALL: "call", Action.BET: "bet",
            Action.RAISE: "raise_to", Action.COMPLETE: "complete", Action.BRING_IN: "bring_in"}


def _same(a: Hand | None, b: Hand | None) -> bool:
    if a is None or b is None:
        return a is b
    return (a.strength, a.ranking, a.cards, str(a), a.name, a.wilds, a.category, a._values) == (
        b.strength, b.ranking, b.cards, str(b), b.name, b.wilds, b.category, b._values
    )


@pytest.mark.parametrize("ranking", RANKINGS)
def test_showdown_wild_path_equals_public_evaluate(ranking: str) -> None:
    rng = random.Random(ranking)
    low = ranking != "high"
    wild_hands = 0
    for i in range(1_500):
        wilds = WILDS[i % len(WILDS)]
        if i % 3 == 0:  # a player's own wild rank (Mexican stud's hole card), resolved
            wilds = wilds_with(Wilds(**{**_fields(wilds), "positional": "hole_card"}), rng.randrange(52))
        cards = rng.sample(range(53), rng.choice((5, 6, 7)))
        if i % 2:
            cards = tuple(cards)  # type: ignore[assignment]
        expected = evaluate(cards, ranking, **wilds.options(low=low))
        got = showdown._evaluate_wild(cards, ranking, wilds, low=low)
        assert _same(got, expected), (cards, ranking, wilds, got, expected)
        wild_hands += bool(expected is not None and expected.wilds)
    assert wild_hands > 150  # the wild-card reading is exercised, not only natural hands


def test_showdown_wild_path_keeps_each_wilds_apart() -> None:
    """Options remembered for one ``Wilds`` never answer for another, nor the high's
    for the low: the same cards read differently under each."""
    cards = [0, 21, 30, 38, 43]  # 2c 7d 9h Jh Qs
    deuces, sevens = Wilds(wild=("2",)), Wilds(wild=("7",))
    for _ in range(2):
        assert str(showdown._evaluate_wild(cards, "high", deuces, low=False)) == "pair of queens (2c as Q♥)"
        assert str(showdown._evaluate_wild(cards, "high", sevens, low=False)) == "pair of queens (7d as Q♥)"
        lowball = showdown._evaluate_wild(cards, "ace-to-five", deuces, low=True)
        assert str(lowball) == "queen-jack low (2c as zero)"


def _fields(wilds: Wilds) -> dict[str, object]:
    return {name: getattr(wilds, name) for name in wilds.__dataclass_fields__}


def test_wild_cards_stand_for_what_the_high_hand_is_worth() -> None:
    rng = random.Random(7)
    checked = 0
    for i in range(3_000):
        wilds = WILDS[i % len(WILDS)]
        if i % 2:  # a player's own wild rank, added as the showdown adds it (a penalty card never wild)
            wilds = wilds_with(wilds, 4 * rng.randrange(13))
        options = wilds.options(low=False)
        options.pop("duplicate", None)  # a wild card repeating a held card is no natural five
        hand = evaluate(rng.sample(range(53), rng.choice((5, 6, 7))), "high", **options)
        if hand is None or not hand.wilds:
            continue
        stands = dict(hand.wilds)
        values = hand._values
        assert values is not None
        counts = Counter(values)
        wheel = hand.category.value in ("straight", "straight_flush") and {0, 12} <= set(values)
        reading = [(counts[v], -1 if wheel and v == 12 else v) for v in values]  # the wheel's ace last
        assert reading == sorted(reading, reverse=True), hand
        natural = []
        for card, value in zip(hand.cards, values, strict=True):
            text = stands.get(card)
            if text is None:
                assert card >> 2 == value, hand
                natural.append(int(card))
                continue
            assert RANKS.index(text[0]) == value, hand
            if len(text) == 2:
                natural.append(4 * value + SUIT_SYMBOLS.index(text[1]))
        if len(natural) == 5 and len(set(natural)) == 5:
            assert strength(natural) == hand.strength, hand
            checked += 1
    assert checked > 500


def test_a_wild_card_beside_the_bug_reads_as_the_hand_is_worth() -> None:
    """Kc 9s Jk Qs 5d, nines wild: worth a pair of aces (the bug an ace, the nine
    joining it); it was named a pair of kings, the nine read with the naturals' group."""
    hand = evaluate("Kc 9s Jk Qs 5d", wild="9")
    assert hand is not None and hand.strength == strength("As Ah Kc Qs 5d")
    assert str(hand) == "pair of aces (Jk as A♠, 9s as A♥)"
    trips = evaluate("Kc Ks Jk 9s 5d", wild="9")  # a natural pair outweighs the bug's lone ace
    assert trips is not None and trips.strength == strength("Kc Ks Kh As 5d")
    assert str(trips) == "three of a kind, kings (Jk as A♠, 9s as K♥)"


@pytest.mark.parametrize(
    ("game", "options"),
    [
        ("mexican-stud", {}),
        ("mexican-stud", {"wild": "2", "joker": "wild", "low": "ace-to-six"}),
        ("seven-card-stud", {"positional": "lowest_hole_card", "joker": "bug"}),
        ("seven-card-stud", {"positional": "third_card"}),
        ("seven-card-stud", {"positional": "first_card", "wild": "K"}),
    ],
)
def test_own_wilds_found_once_equal_wilds_for_and_player_wild(game: str, options: dict[str, object]) -> None:
    """``showdown._own_wilds`` (each seat's positional card found once) gives each seat
    ``State.wilds_for`` and ``State.player_wild`` (no event where that gives None),
    at every step of random play, folded seats and the joker included."""
    spec = get_game(game, **options)
    rng = random.Random(game + str(options))
    named = 0
    for hand in range(30):
        state = State(spec, [60] * 5, button=hand % 5, seed=hand)
        while True:
            seats = list(range(state.seats))
            wilds_of, events = showdown._own_wilds(state, seats)
            assert wilds_of == {s: state.wilds_for(s) for s in seats}
            plain = {s: state.player_wild(s) for s in seats}
            assert events == {s: e for s, e in plain.items() if e is not None}
            named += len(events)
            if state.actor is None:
                break
            option = rng.choice(state.legal_actions())
            if option.action is Action.TURN_UP:
                state.turn_up(rng.sample(option.choices, rng.choice(option.amounts)))
            elif option.action is Action.DECLARE:
                state.declare(rng.choice(option.choices))
            else:
                getattr(state, _METHODS[option.action])()
    assert named > 100
