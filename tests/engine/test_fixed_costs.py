"""The fast paths of a hand's fixed costs (the deal, the showdown, the re-deal)
equal what the plain computations give, over random hands of every game."""

from __future__ import annotations

import random

import pytest

from splitpot.engine.showdown import evaluate_hands
from splitpot.evaluate import evaluate
from splitpot.games import GAMES, get_game

# two-card games (aces-deuces) play the cards held: no five are chosen, nothing to compare
VARIANTS = [(name, {}) for name in GAMES if get_game(name).hand_size != 2] + [
    ("seven-card-stud-8", {"wild": "2"}),
    ("lowball", {"joker": "wild"}),
    ("five-card-stud", {"wild": "2", "penalty": "Qs"}),
    ("jackpots", {"joker": "bug"}),
]


@pytest.mark.parametrize(("game", "options"), VARIANTS, ids=[f"{g}{o or ''}" for g, o in VARIANTS])
def test_showings_hold_the_played_cards_as_ints(game: str, options: dict[str, object]) -> None:
    """The showdown takes the played cards straight from the evaluator: the same
    cards, in the same order, as plain ints, as the public Hand gives them."""
    spec = get_game(game, **options)
    rng = random.Random(game)
    for _ in range(300):
        cards = rng.sample(range(spec.wilds.deck_size), rng.randint(5, 7))
        shown = evaluate_hands(spec, cards)
        for ranking, played, low in ((spec.high, shown.high_cards, False), (spec.low, shown.low_cards, True)):
            if ranking is None or not played:
                continue
            hand = evaluate(cards, ranking, **spec.wilds.options(low=low))
            assert hand is not None
            assert played == tuple(int(c) for c in hand.cards)
            assert all(type(c) is int for c in played)


def test_remembered_two_card_names_do_not_depend_on_the_order_hands_are_named() -> None:
    """Two-card names are remembered by the ranks played and the kind: naming every
    two-card hand (wild cards too) in one order and then in the reverse order, from an
    empty memo each time, gives the same names; a key missing something would not."""
    import itertools

    from splitpot import two_card

    hands = [two_card.evaluate_two(list(pair), kind, wild=wild)
             for pair in itertools.combinations(range(0, 53, 3), 2)
             for kind in ("high", "low") for wild in (None, "2")]
    names = []
    for order in (hands, hands[::-1]):
        two_card._NAMES.clear()
        names.append({id(hand): str(hand) for hand in order})
    assert names[0] == names[1]
    assert len(set(names[0].values())) > 100
