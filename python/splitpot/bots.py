"""Computer players: a simple, sensible policy from hand strength.

:class:`SimpleBot` rates its own cards (made hands with the evaluator once it
holds five, pairs, trips and draws before that, and a low for split games),
discounts for better boards showing across the table, compares with the pot
odds, and bets, calls or folds accordingly; at a declaration it picks the side
its hands can win.  It is deterministic for a given seed.

>>> from splitpot.games import get_game
>>> from splitpot.engine.state import State
>>> bot = SimpleBot(seed=4)
>>> state = State(get_game("seven-card-stud-8"), [100] * 4, seed=4)
>>> while not state.is_complete:
...     _ = bot(state)
>>> sum(state.stacks)
400
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from splitpot.engine.betting import Action, Option
from splitpot.engine.events import Event
from splitpot.engine.order import showing_key
from splitpot.engine.state import Phase, State
from splitpot.evaluate import Category, evaluate

__all__ = ["SimpleBot", "high_score", "low_score"]

_CATEGORY_SCORE = {
    Category.HIGH_CARD: 0.12,
    Category.PAIR: 0.35,
    Category.TWO_PAIR: 0.58,
    Category.THREE_OF_A_KIND: 0.72,
    Category.STRAIGHT: 0.8,
    Category.FLUSH: 0.85,
    Category.FULL_HOUSE: 0.93,
    Category.FOUR_OF_A_KIND: 0.98,
    Category.STRAIGHT_FLUSH: 1.0,
    Category.FIVE_OF_A_KIND: 1.0,
}


def high_score(cards: Sequence[int]) -> float:
    """A 0..1 rating of ``cards`` for high.

    >>> high_score([51, 50, 3]) > high_score([51, 46, 3])
    True
    """
    if len(cards) >= 5:
        hand = evaluate(cards, "high")
        assert hand is not None
        top = max(c >> 2 for c in hand.cards)
        return min(1.0, _CATEGORY_SCORE[hand.category] + top / 200)
    counts: dict[int, int] = {}
    suits = [0, 0, 0, 0]
    for c in cards:
        counts[c >> 2] = counts.get(c >> 2, 0) + 1
        suits[c & 3] += 1
    best = max(counts.items(), key=lambda kv: (kv[1], kv[0]))
    pairs = sum(1 for n in counts.values() if n >= 2)
    if best[1] >= 3:
        score = 0.75 + best[0] / 100
    elif pairs >= 2:
        score = 0.55
    elif best[1] == 2:
        score = 0.36 + best[0] / 40
    else:
        score = 0.05 + max(counts) / 60
    if max(suits) >= 3 and max(suits) == len(cards):
        score += 0.12
    ranks = sorted(counts)
    if len(ranks) >= 3 and ranks[-1] - ranks[0] <= 4 and len(ranks) == len(cards):
        score += 0.08
    return min(score, 0.95)


def low_score(cards: Sequence[int], ranking: str) -> float:
    """A 0..1 rating of ``cards`` for a low under ``ranking``.

    >>> low_score([51, 0, 5], "eight-or-better") > low_score([48, 44, 40], "eight-or-better")
    True
    """
    ace_low = ranking != "deuce-to-seven"
    limit = 7 if ranking == "deuce-to-seven" else 8

    def value(card: int) -> int:
        rank = (card >> 2) + 2
        return 1 if ace_low and rank == 14 else rank

    if len(cards) >= 5:
        hand = evaluate(cards, ranking)
        if hand is None or hand.category is not Category.HIGH_CARD:
            return 0.0
        top = max(value(c) for c in hand.cards)
        return max(0.0, min(1.0, 1.05 - (top - 5) * 0.12))
    distinct = {value(c) for c in cards if value(c) <= limit}
    if len(distinct) < len(cards):
        return 0.1 * len(distinct) / max(1, len(cards))
    return 0.45 + 0.1 * len(distinct) - 0.02 * max(distinct, default=0)


class SimpleBot:
    """Plays any seat: call ``bot(state)`` to make the actor's move.

    ``aggression`` (0..1) shifts how readily it bets and raises.
    """

    def __init__(self, *, seed: int | None = None, aggression: float = 0.5) -> None:
        self.rng = random.Random(seed)
        self.aggression = aggression

    def __call__(self, state: State) -> Event:
        """Make one move for ``state.actor`` and return its event."""
        if state.phase is Phase.DECLARING:
            assert state.actor is not None
            return state.declare(self.declaration(state, state.actor), seat=state.actor)
        if state.phase is Phase.DRAWING:
            return state.draw(self.discards(state))
        return self.bet_decision(state)

    # -- ratings -------------------------------------------------------------
    def rating(self, state: State, seat: int) -> float:
        """The seat's 0..1 hand rating, discounted for stronger boards showing."""
        cards = state.cards(seat) + state.community
        spec = state.spec
        score = high_score(cards) if spec.high is not None else 0.0
        if spec.low is not None:
            low = low_score(cards, spec.low)
            score = max(score, low) + (0.1 if min(score, low) > 0.5 else 0.0)
        mine = showing_key([c for c in cards])
        threat = max((showing_key(state.up[s]) for s in state.active if s != seat and state.up[s]),
                     default=(0,))
        if spec.high is not None and threat > mine and threat[0] >= 1:
            score *= 0.75
        return score

    # -- decisions -----------------------------------------------------------
    def bet_decision(self, state: State) -> Event:
        """Bet, raise, call, check or fold by rating against the pot odds."""
        seat = state.actor
        assert seat is not None
        options = {o.action: o for o in state.legal_actions()}
        score = self.rating(state, seat) + self.rng.uniform(-0.08, 0.08)
        facing = Action.CALL in options
        push = (0.78 if facing else 0.58) - 0.15 * self.aggression
        if Action.BRING_IN in options:
            return state.complete() if Action.COMPLETE in options and score > push else state.bring_in()
        kinds = (Action.RAISE, Action.BET, Action.COMPLETE)
        raise_option = next((options[a] for a in kinds if a in options), None)
        if raise_option is not None and score > push:
            return self._raise(state, raise_option)
        if Action.CHECK in options:
            return state.check()
        if facing:
            owed = options[Action.CALL].amounts[0]
            odds = owed / (state.pot + owed)
            late = state.street / max(1, len(state.spec.streets) - 1)
            if score >= odds + 0.05 + 0.1 * late or (owed <= state.spec.stakes.bring_in and score > 0.15):
                return state.call()
            return state.fold()
        if raise_option is not None:  # pass and out: bet or fold
            return self._raise(state, raise_option) if score > 0.4 else state.fold()
        return state.fold()

    def _raise(self, state: State, option: Option) -> Event:
        amount = option.amounts[0]
        if option.action is Action.BET:
            return state.bet(amount)
        if option.action is Action.COMPLETE:
            return state.complete(amount)
        return state.raise_to(amount)

    def declaration(self, state: State, seat: int) -> str:
        """High, low or both, from the final hands."""
        cards = state.cards(seat) + state.community
        high = high_score(cards)
        low = low_score(cards, state.spec.low or "deuce-to-seven")
        if high >= 0.8 and low >= 0.75 and state.spec.declare_both:
            return "both"
        return "low" if low >= high + 0.1 else "high"

    def discards(self, state: State) -> list[int]:
        """Keep pairs and better, throw the rest (up to the street's draw)."""
        seat = state.actor
        assert seat is not None
        cards = state.down[seat]
        limit = state.spec.streets[state.street].draw
        counts: dict[int, int] = {}
        for c in cards:
            counts[c >> 2] = counts.get(c >> 2, 0) + 1
        return [c for c in cards if counts[c >> 2] == 1][:limit]
