"""The fast paths of a hand's fixed costs (the deal, the showdown, the re-deal)
equal what the plain computations give, over random hands of every game."""

from __future__ import annotations

import random

import pytest

from splitpot.engine.showdown import evaluate_hands
from splitpot.evaluate import evaluate
from splitpot.games import GAMES, get_game

VARIANTS = [(name, {}) for name in GAMES] + [
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
    if spec.hand_size == 2:
        pytest.skip("two-card hands play the cards held")
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
